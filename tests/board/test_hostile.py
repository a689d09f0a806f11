#!/usr/bin/python3
"""The board server under careless and hostile clients (board/server.py): abandoned
searches, slow and idle connections, malformed bodies and framing, clients that leave,
FENs that are not FENs, pages of other sites, dead engines. Loopback addresses only.

Run: WYRM=build/release/wyrm /usr/bin/python3 -m unittest discover -s tests/board -p 'test_*.py'
"""

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import unittest

from test_server import ENGINE, ROOT, START_FEN, ServerCase, server

from wyrmboard import checks, limits


def read_all(sock, timeout):
    """Everything the server sends until it closes the connection (or the timeout)."""
    sock.settimeout(timeout)
    received = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return received, True
            received += chunk
    except (socket.timeout, ConnectionResetError):
        return received, False


def statuses(data):
    """The status codes of the replies in a byte stream, in order."""
    found = []
    while data.startswith(b"HTTP/"):
        head, _, rest = data.partition(b"\r\n\r\n")
        found.append(int(head.split(b" ", 2)[1]))
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        data = rest[length:]
    return found


class Patched:
    """Changes limits for a while: with Patched(HEADER_TIMEOUT=1): ..."""

    def __init__(self, **values):
        self.values = values

    def __enter__(self):
        self.old = {name: getattr(limits, name) for name in self.values}
        for name, value in self.values.items():
            setattr(limits, name, value)

    def __exit__(self, *_):
        for name, value in self.old.items():
            setattr(limits, name, value)


class AbandonedSearches(ServerCase):
    """A page that stops sending heartbeats ends its search, whatever its limits."""
    idle = 2.0
    max_games = 3

    def test_abandoned_searches_are_reaped_within_the_idle_time(self):
        games = [self.new_game() for _ in range(3)]
        engines = [self.server.board.games[g["id"]].engine for g in games]
        bodies = [("analyse", {"infinite": True}), ("go", {"depth": 64}),
                  ("go", {"wtime": 360000000, "btime": 360000000, "movestogo": 1})]
        socks = []
        for game, (action, body) in zip(games, bodies):
            data = json.dumps(body).encode()
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            sock.sendall(f"POST /api/games/{game['id']}/{action} HTTP/1.1\r\n"
                         f"Host: 127.0.0.1\r\nContent-Length: {len(data)}\r\n\r\n".encode()
                         + data)
            socks.append(sock)
        while not all(self.server.board.games[g["id"]].searching for g in games):
            time.sleep(0.01)
        begun = time.monotonic()
        time.sleep(1)
        for sock in socks:  # the page has gone, and said nothing
            sock.close()
        while any(engine.alive() for engine in engines) and time.monotonic() - begun < 15:
            time.sleep(0.05)
        # Reaped within the idle time of the last word (the requests themselves), give or
        # take the reaper's period and a busy machine.
        self.assertLess(time.monotonic() - begun, self.idle + 2.5)
        self.assertEqual([engine.alive() for engine in engines], [False] * 3)
        for game in games:
            status, reply = self.request("GET", f"/api/games/{game['id']}")
            self.assertEqual((status, reply["error"], reply["gone"]),
                             (404, "the game was ended after 2 s without a word from its "
                              "page", True))
        # The places are free again.
        for _ in range(3):
            self.new_game()

    def test_heartbeats_keep_a_search(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        answer = {}
        thread = threading.Thread(target=lambda: answer.setdefault(
            "reply", self.request("POST", path + "/analyse", {"infinite": True})))
        thread.start()
        deadline = time.monotonic() + 3.5
        while time.monotonic() < deadline:
            status, reply = self.request("POST", path + "/heartbeat", {})
            self.assertEqual((status, reply), (200, {"ok": True}), answer)
            time.sleep(0.3)
        self.assertTrue(self.server.board.games[game["id"]].searching)
        self.request("POST", path + "/stop", {})
        thread.join(10)
        self.assertEqual(answer["reply"][0], 200)

    def test_every_search_has_a_bound(self):
        def limit(body, turn=0, clock=True):
            return checks.search_limits(body, turn, clock)["limit"]
        self.assertEqual(limit({"wtime": 360000000, "btime": 360000000, "movestogo": 1}),
                         limits.SEARCH_LIMIT)
        self.assertEqual(limit({"wtime": 3000, "btime": 100000}), 4.0)
        self.assertEqual(limit({"wtime": 3000, "btime": 100000}, turn=1), 101.0)
        self.assertEqual(limit({"depth": 64}), limits.SEARCH_LIMIT)
        self.assertEqual(limit({"infinite": True}, clock=False), limits.SEARCH_LIMIT)
        self.assertEqual(limit({"movetime": 600000}), min(610.0, limits.SEARCH_LIMIT))
        # A clock of a hundred hours is stopped at the server's limit, its move played.
        with Patched(SEARCH_LIMIT=0.5):
            game = self.new_game()
            begun = time.monotonic()
            status, view = self.request("POST", f"/api/games/{game['id']}/go",
                                        {"wtime": 360000000, "btime": 360000000,
                                         "movestogo": 1})
            self.assertLess(time.monotonic() - begun, 5)
        self.assertEqual((status, len(view["moves"])), (200, 1))


class SlowClients(ServerCase):
    """Deadlines that bytes do not reset, and a flood of slow connections."""

    def slow_flood(self, count, seconds, requests):
        """`count` connections from loopback each sending a header byte every 0.25 s for
        `seconds`, and `requests` normal requests meanwhile: their times."""
        socks = []      # [socket, bytes sent]
        stop = threading.Event()

        def drip():
            text = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4000
            while not stop.wait(0.25):
                for held in list(socks):
                    try:
                        held[1] += held[0].send(text[held[1]:held[1] + 1])
                    except OSError:
                        pass  # closed by the server to make room

        dripper = threading.Thread(target=drip)
        dripper.start()
        times = []
        try:
            for _ in range(count):
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                sock.setblocking(False)
                socks.append([sock, 0])
            time.sleep(0.5)
            end = time.monotonic() + seconds
            for _ in range(requests):
                begun = time.monotonic()
                status, reply = self.request("GET", "/api/info")
                times.append(time.monotonic() - begun)
                self.assertEqual(status, 200, reply)
                time.sleep(max(0.0, (end - time.monotonic()) / requests))
        finally:
            stop.set()
            dripper.join()
            for sock, _ in socks:
                sock.close()
        return times

    def test_slow_connection_flood(self):
        times = self.slow_flood(300, 3, 10)
        self.assertEqual(len(times), 10)
        # Each answered, and in seconds rather than at a timeout (this process also runs
        # the server and the slow clients, on a machine that may be busy).
        self.assertLess(max(times), 5.0, times)
        game = self.new_game()
        status, _ = self.request("POST", f"/api/games/{game['id']}/go", {"movetime": 50})
        self.assertEqual(status, 200)

    def drip(self, start, byte):
        """Sends `start`, then `byte` again and again for up to five seconds, until the
        server closes the connection: what it answered, and the seconds that took."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(start)
        begun = time.monotonic()
        received = b""
        sock.settimeout(0.2)
        while time.monotonic() - begun < 5:
            try:
                sock.send(byte)
                chunk = sock.recv(1000)
            except socket.timeout:
                continue
            except OSError:
                break
            if not chunk:
                break
            received += chunk
        sock.close()
        return received, time.monotonic() - begun

    def test_header_deadline_is_not_reset_by_bytes(self):
        with Patched(HEADER_TIMEOUT=1.0):
            received, seconds = self.drip(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X")
        self.assertLess(seconds, 2.5)
        self.assertEqual(statuses(received), [408])
        self.assertIn(b"the request's headers did not come in time", received)

    def test_body_deadline_is_not_reset_by_bytes(self):
        with Patched(BODY_TIMEOUT=1.0):
            received, seconds = self.drip(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                          b"Content-Length: 100\r\n\r\n{", b" ")
        self.assertLess(seconds, 2.5)
        self.assertEqual(statuses(received), [408])
        self.assertIn(b"the request body did not come in time", received)
        self.assertEqual(len(self.server.board.games), 0)

    def test_idle_connection_is_closed(self):
        with Patched(IDLE_TIMEOUT=0.5):
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            begun = time.monotonic()
            received, closed = read_all(sock, 5)
            sock.close()
        self.assertEqual((received, closed), (b"", True))
        self.assertLess(time.monotonic() - begun, 2.5)


class Framing(ServerCase):
    def test_chunked_body_is_refused_and_the_connection_closed(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n"
                     b"18\r\n{\"game\": \"breakthrough\"}\r\n0\r\n\r\n"
                     b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        received, closed = read_all(sock, 5)
        sock.close()
        self.assertTrue(closed)
        self.assertEqual(statuses(received), [411])
        self.assertIn(b"Connection: close", received)
        self.assertIn(b'{"error": "send the body with a Content-Length"}', received)
        self.assertEqual(len(self.server.board.games), 0)

    def test_body_without_a_length_does_not_stall(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        begun = time.monotonic()
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b'{"game": "breakthrough"}')
        received, closed = read_all(sock, 5)
        sock.close()
        self.assertTrue(closed)
        self.assertLess(time.monotonic() - begun, 2)
        self.assertEqual(statuses(received), [411])
        self.assertEqual(len(self.server.board.games), 0)

    def test_pipelined_requests(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        body = b'{"game": "breakthrough"}'
        sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                     + str(len(body)).encode() + b"\r\n\r\n" + body +
                     b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        received, closed = read_all(sock, 10)
        sock.close()
        self.assertTrue(closed)
        self.assertEqual(statuses(received), [200, 201, 404])

    def test_repeated_length(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
                     b"Content-Length: 40\r\n\r\n{}")
        received, closed = read_all(sock, 5)
        sock.close()
        self.assertEqual((statuses(received), closed), ([400], True))

    def test_deep_json(self):
        for raw in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2500 + b"1" + b"}" * 2500,
                    b"[" * 16000):
            status, reply = self.request("POST", "/api/games", raw=raw)
            self.assertEqual((status, reply), (400, {"error": "the request body is not JSON"}))
        for raw in (b"NaN", b'"x"', b"null", b"1e999"):
            status, reply = self.request("POST", "/api/games", raw=raw)
            self.assertEqual((status, reply),
                             (400, {"error": "the request body must be a JSON object"}), raw)
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough",
                                                            "moves": [[[["a2a3"]]]]})
        self.assertEqual((status, reply["error"]),
                         (400, "moves is a list of at most 2000 move strings"))
        status, reply = self.request("POST", "/api/games", {"game": 1.5})
        self.assertEqual((status, reply["error"]), (400, "field 'game' must be a string"))
        self.assertEqual(len(self.server.board.games), 0)


class Fens(ServerCase):
    def test_fen_with_moves_is_refused_at_once(self):
        game = self.new_game()
        for fen in (START_FEN + " moves a2a3", START_FEN + " moves", "moves a2a3"):
            begun = time.monotonic()
            status, reply = self.request("POST", f"/api/games/{game['id']}/fen", {"fen": fen})
            self.assertLess(time.monotonic() - begun, 1.5, fen)
            self.assertEqual((status, reply["error"]),
                             (400, "the word 'moves' is not part of a FEN"), fen)
            begun = time.monotonic()
            status, reply = self.request("POST", "/api/games",
                                         {"game": "dragonqi", "fen": fen})
            self.assertLess(time.monotonic() - begun, 1.5, fen)
            self.assertEqual((status, reply["error"]),
                             (400, "the word 'moves' is not part of a FEN"), fen)
        status, view = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual((status, view["moves"], view["start"]), (200, [], "startpos"))
        # a FEN with a word that merely contains "moves" goes to the engine, which refuses it
        status, reply = self.request("POST", f"/api/games/{game['id']}/fen",
                                     {"fen": START_FEN + " nomoves"})
        self.assertEqual(status, 400)
        self.assertTrue(reply["error"].startswith("error:"), reply)


class Rebinding(ServerCase):
    """A server started for the local network (--host 0.0.0.0), reached on loopback."""

    @classmethod
    def setUpClass(cls):
        cls.server = server.start(host="0.0.0.0", port=0, engine=ENGINE, max_games=2,
                                  allowed_hosts=["board.example"])
        cls.port = cls.server.server_address[1]

    def test_rebinding_host_is_refused(self):
        evil = f"evil.example:{self.port}"
        refused = ("this board answers only requests to 127.0.0.1, localhost or "
                   "board.example")
        for method, path, body in (("GET", "/api/info", None), ("GET", "/", None),
                                   ("POST", "/api/games", {"game": "breakthrough"})):
            status, reply = self.request(method, path, body,
                                         headers={"Host": evil, "Origin": f"http://{evil}"})
            self.assertEqual((status, reply["error"]), (403, refused), (method, path))
        self.assertEqual(len(self.server.board.games), 0)
        for host in (f"127.0.0.1:{self.port}", f"localhost:{self.port}",
                     f"board.example:{self.port}", "BOARD.example"):
            status, _ = self.request("GET", "/api/info", headers={"Host": host})
            self.assertEqual(status, 200, host)
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough"},
                                     headers={"Host": f"board.example:{self.port}",
                                              "Origin": f"http://board.example:{self.port}"})
        self.assertEqual(status, 201, reply)

    def test_origin_and_referer_alike(self):
        host = f"127.0.0.1:{self.port}"
        for header, value in (("Origin", "http://evil.example"), ("Origin", "null"),
                              ("Referer", "http://evil.example/page"),
                              ("Referer", f"http://board.example:{self.port}/"),
                              ("Origin", f"http://{host}.evil.example")):
            status, reply = self.request("POST", "/api/games", {"game": "breakthrough"},
                                         headers={"Host": host, header: value})
            self.assertEqual((status, reply["error"]),
                             (403, "requests from another site's pages are refused"), value)
            status, reply = self.request("GET", "/api/info",
                                         headers={"Host": host, header: value})
            self.assertEqual(status, 403, value)
        self.assertEqual(len(self.server.board.games), 0)
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough"},
                                     headers={"Host": host,
                                              "Referer": f"http://{host}/?game=breakthrough"})
        self.assertEqual(status, 201, reply)
        # The page itself may be opened from a link on any site.
        status, _ = self.request("GET", "/", headers={"Host": host,
                                                      "Referer": "http://other.example/"})
        self.assertEqual(status, 200)


class ClientsThatLeave(unittest.TestCase):
    """Clients that go before their answer leave no traceback on the server's stderr."""

    def test_no_traceback(self):
        script = os.path.join(ROOT, "board", "server.py")
        errors = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"board-stderr-{os.getpid()}")
        with open(errors, "w+") as err:
            proc = subprocess.Popen([sys.executable, script, "--port", "0", "--engine", ENGINE],
                                    stdout=subprocess.PIPE, stderr=err, text=True)
            try:
                port = int(proc.stdout.readline().split(":")[3].split("/")[0])
                self.leave(port)
            finally:
                proc.send_signal(signal.SIGTERM)
                proc.wait(10)
                proc.stdout.close()
            err.seek(0)
            said = err.read()
        os.unlink(errors)
        self.assertEqual(proc.returncode, 0)
        self.assertNotIn("Traceback", said)
        self.assertEqual(said, "")

    def leave(self, port):
        def connect(reset):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            if reset:  # closing then sends a reset, not a polite end
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return sock

        # An error reply to a client that has shut its side and closed.
        for reset in (False, True) * 25:
            sock = connect(reset)
            sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: evil.example\r\n\r\n")
            sock.shutdown(socket.SHUT_WR)
            sock.close()
        # Replies, good and bad, to clients that left while their request waited for the
        # engine.
        sock = connect(False)
        body = b'{"game": "breakthrough"}'
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                     + str(len(body)).encode() + b"\r\n\r\n" + body)
        game = json.loads(read_until_body(sock))["id"]
        go = b'{"movetime": 500}'
        sock.sendall(f"POST /api/games/{game}/go HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Content-Length: {len(go)}\r\n\r\n".encode() + go)
        time.sleep(0.1)
        for move in (b'{"move": "zz"}', b'{"move": "a2a3"}') * 3:
            waiting = connect(True)
            waiting.sendall(f"POST /api/games/{game}/move HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            f"Content-Length: {len(move)}\r\n\r\n".encode() + move)
            time.sleep(0.02)
            waiting.close()
        read_until_body(sock)
        sock.close()
        time.sleep(1)  # the waiting requests are answered, to nobody
        # Slow clients that go without a word.
        for _ in range(40):
            slow = connect(True)
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: ")
            slow.close()
        time.sleep(0.5)


def read_until_body(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    return body


if __name__ == "__main__":
    unittest.main()
