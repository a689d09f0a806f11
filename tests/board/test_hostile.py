#!/usr/bin/python3
"""The board server under careless and hostile clients (board/server.py): abandoned
searches, slow and idle connections, malformed bodies and framing, clients that leave,
pages of other sites, dead engines. Loopback addresses only. (What a game's requests may
ask, FENs that are not FENs among them, is the game model's, tested in model.py.)

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

from test_server import DRAGONFACE_MOVE, ENGINE, ROOT, Patched, ServerCase, server

from wyrmboard import limits


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


class AbandonedSearches(ServerCase):
    """A page that stops sending heartbeats ends its search, whatever its limits."""
    idle = 2.0
    max_games = 3

    def test_abandoned_searches_are_reaped_within_the_idle_time(self):
        # Each engine's record is taken as soon as it exists: on a busy machine the three
        # starts together may take longer than the idle time, and the first one would be
        # reaped (rightly) before it was looked up.
        paths, engines = [], []
        for _ in range(3):
            paths.append(self.new_engine())
            engines.append(self.relayed(paths[-1]).engine)
        for path, words in zip(paths, ("infinite", "depth 64",
                                       "wtime 360000000 btime 360000000 movestogo 1")):
            self.assertEqual(self.request("POST", path + "/go", {"go": words})[0], 200)
        # The page has gone, and says nothing more.
        begun = time.monotonic()
        while any(engine.alive() for engine in engines) and time.monotonic() - begun < 15:
            time.sleep(0.05)
        # Reaped within the idle time of the last word (the go itself), give or take the
        # reaper's period and a busy machine.
        self.assertLess(time.monotonic() - begun, self.idle + 2.5)
        self.assertEqual([engine.alive() for engine in engines], [False] * 3)
        for path in paths:
            status, reply = self.request("GET", path + "/lines/0")
            self.assertEqual((status, reply),
                             (404, {"error": "the game was ended after 2 s without a word "
                                    "from its page", "gone": True}))
        # The places are free again.
        for _ in range(3):
            self.new_engine()

    def test_heartbeats_keep_a_search(self):
        path = self.new_engine()
        self.request("POST", path + "/go", {"go": "infinite"})
        deadline = time.monotonic() + 3.5
        while time.monotonic() < deadline:
            status, reply = self.request("POST", path + "/heartbeat", {})
            self.assertEqual((status, reply), (200, {"ok": True}))
            time.sleep(0.3)
        self.assertTrue(self.relayed(path).searching)
        self.request("POST", path + "/stop", {})
        self.assertTrue(self.search_lines(path)[-1].startswith("bestmove "))

    def test_a_hundred_hour_clock_is_stopped_at_the_servers_limit(self):
        path = self.new_engine()
        with Patched(SEARCH_LIMIT=0.5):
            begun = time.monotonic()
            self.request("POST", path + "/go",
                         {"go": "wtime 360000000 btime 360000000 movestogo 1"})
            lines = self.search_lines(path)
            self.assertLess(time.monotonic() - begun, 5)
        self.assertRegex(lines[-1], "^bestmove " + DRAGONFACE_MOVE)


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
        path = self.new_engine()
        self.assertEqual(self.request("POST", path + "/go", {"go": "movetime 50"})[0], 200)
        self.assertTrue(self.search_lines(path)[-1].startswith("bestmove "))

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
            received, seconds = self.drip(b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                          b"Content-Length: 100\r\n\r\n{", b" ")
        self.assertLess(seconds, 2.5)
        self.assertEqual(statuses(received), [408])
        self.assertIn(b"the request body did not come in time", received)
        self.assertEqual(len(self.server.relay.engines), 0)

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
        sock.sendall(b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n"
                     b"2\r\n{}\r\n0\r\n\r\n"
                     b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        received, closed = read_all(sock, 5)
        sock.close()
        self.assertTrue(closed)
        self.assertEqual(statuses(received), [411])
        self.assertIn(b"Connection: close", received)
        self.assertIn(b'{"error": "send the body with a Content-Length"}', received)
        self.assertEqual(len(self.server.relay.engines), 0)

    def test_body_without_a_length_does_not_stall(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        begun = time.monotonic()
        sock.sendall(b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b'{"game": "breakthrough"}')
        received, closed = read_all(sock, 5)
        sock.close()
        self.assertTrue(closed)
        self.assertLess(time.monotonic() - begun, 2)
        self.assertEqual(statuses(received), [411])
        self.assertEqual(len(self.server.relay.engines), 0)

    def test_pipelined_requests(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        body = b'{"game": "breakthrough"}'
        sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                     + str(len(body)).encode() + b"\r\n\r\n" + body +
                     b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        received, closed = read_all(sock, 10)
        sock.close()
        self.assertTrue(closed)
        self.assertEqual(statuses(received), [200, 201, 404])

    def test_repeated_length(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
                     b"Content-Length: 40\r\n\r\n{}")
        received, closed = read_all(sock, 5)
        sock.close()
        self.assertEqual((statuses(received), closed), ([400], True))

    def test_deep_json(self):
        for raw in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2500 + b"1" + b"}" * 2500,
                    b"[" * 16000):
            status, reply = self.request("POST", "/api/engines", raw=raw)
            self.assertEqual((status, reply), (400, {"error": "the request body is not JSON"}))
        for raw in (b"NaN", b'"x"', b"null", b"1e999"):
            status, reply = self.request("POST", "/api/engines", raw=raw)
            self.assertEqual((status, reply),
                             (400, {"error": "the request body must be a JSON object"}), raw)
        self.assertEqual(len(self.server.relay.engines), 0)
        path = self.new_engine()
        for command in ([[["json"]]], 1.5, {"command": "json"}):
            status, reply = self.request("POST", path + "/command", {"command": command})
            self.assertEqual((status, reply["error"]),
                             (400, f"a command is 1 to {limits.MAX_COMMAND} printable ASCII "
                              "characters on one line"))
        self.assertEqual(self.request("POST", path + "/command", {"command": "json"})[0], 200)


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
                                   ("POST", "/api/engines", {})):
            status, reply = self.request(method, path, body,
                                         headers={"Host": evil, "Origin": f"http://{evil}"})
            self.assertEqual((status, reply["error"]), (403, refused), (method, path))
        self.assertEqual(len(self.server.relay.engines), 0)
        for host in (f"127.0.0.1:{self.port}", f"localhost:{self.port}",
                     f"board.example:{self.port}", "BOARD.example"):
            status, _ = self.request("GET", "/api/info", headers={"Host": host})
            self.assertEqual(status, 200, host)
        status, reply = self.request("POST", "/api/engines", {},
                                     headers={"Host": f"board.example:{self.port}",
                                              "Origin": f"http://board.example:{self.port}"})
        self.assertEqual(status, 201, reply)

    def test_origin_and_referer_alike(self):
        host = f"127.0.0.1:{self.port}"
        for header, value in (("Origin", "http://evil.example"), ("Origin", "null"),
                              ("Referer", "http://evil.example/page"),
                              ("Referer", f"http://board.example:{self.port}/"),
                              ("Origin", f"http://{host}.evil.example")):
            status, reply = self.request("POST", "/api/engines", {},
                                         headers={"Host": host, header: value})
            self.assertEqual((status, reply["error"]),
                             (403, "requests from another site's pages are refused"), value)
            status, reply = self.request("GET", "/api/info",
                                         headers={"Host": host, header: value})
            self.assertEqual(status, 403, value)
        self.assertEqual(len(self.server.relay.engines), 0)
        status, reply = self.request("POST", "/api/engines", {},
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
        sock.sendall(b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2"
                     b"\r\n\r\n{}")
        engine = json.loads(read_until_body(sock))["id"].encode()
        go = b'{"go": "movetime 500"}'
        sock.sendall(b"POST /api/engines/%s/go HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (engine, len(go), go))
        read_until_body(sock)
        command = b'{"command": "json"}'
        for ask in (b"GET /api/engines/%s/lines/0?wait=2000 HTTP/1.1\r\n\r\n" % engine,
                    b"GET /api/engines/%s/lines/x HTTP/1.1\r\n\r\n" % engine,
                    b"POST /api/engines/%s/command HTTP/1.1\r\nContent-Length: %d\r\n\r\n%s"
                    % (engine, len(command), command)) * 3:
            waiting = connect(True)
            waiting.sendall(ask.replace(b"\r\n", b"\r\nHost: 127.0.0.1\r\n", 1))
            time.sleep(0.02)
            waiting.close()
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
