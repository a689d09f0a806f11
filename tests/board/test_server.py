#!/usr/bin/python3
"""Tests of the board server (board/server.py) against the real engine: its page files, its
engine routes, bad requests and connections. The game model the page runs over these
routes has its own tests, in a browser (tests/board/model.py).

Run: WYRM=build/release/wyrm /usr/bin/python3 -m unittest discover -s tests/board -p 'test_*.py'
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "board"))
import server  # noqa: E402
from wyrmboard import limits, relay  # noqa: E402

ENGINE = os.path.abspath(os.environ.get("WYRM", os.path.join(ROOT, "wyrm")))
# A move of Dragon Face, the engine's game until a client chooses another: two cells
# of its board of files a to i and ranks 1 to 11.
DRAGONFACE_MOVE = r"[a-i](?:1[01]|[1-9])[a-i](?:1[01]|[1-9])\b"
START_FEN = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"


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


def children(pid):
    """The processes whose parent is pid (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    stat = handle.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def engine_says(*commands):
    """The engine's own reply to a script of commands (for comparison)."""
    script = "\n".join(commands + ("quit",)) + "\n"
    return subprocess.run([ENGINE], input=script, capture_output=True, text=True,
                          timeout=30).stdout.splitlines()


class ServerCase(unittest.TestCase):
    max_games = 3
    idle = 300.0

    @classmethod
    def setUpClass(cls):
        cls.server = server.start(port=0, engine=ENGINE, max_games=cls.max_games, idle=cls.idle)
        cls.port = cls.server.server_address[1]

    @classmethod
    def tearDownClass(cls):
        server.stop_server(cls.server)

    def tearDown(self):
        self.server.relay.close_all()

    def request(self, method, path, body=None, raw=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                            else None)
        conn.request(method, path, body=data, headers=headers or {})
        response = conn.getresponse()
        payload = response.read()
        conn.close()
        kind = response.getheader("Content-Type", "")
        if kind.startswith("application/json"):
            return response.status, json.loads(payload)
        return response.status, payload

    def raw(self, data):
        """Sends bytes as they are; returns the status line and the JSON body."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
            sock.sendall(data)
            received = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        return head.split(b"\r\n")[0].decode(), body

    def new_engine(self):
        """A new engine; returns the path of its routes."""
        status, reply = self.request("POST", "/api/engines", {})
        self.assertEqual(status, 201, reply)
        self.assertRegex(reply["id"], r"^[0-9a-f]{16}$")
        return f"/api/engines/{reply['id']}"

    def command(self, path, command):
        return self.request("POST", path + "/command", {"command": command})

    def relayed(self, path):
        """The server's record of the engine at that path (relay.Relayed)."""
        return self.server.relay.engines[path.rsplit("/", 1)[1]]

    def search_lines(self, path):
        """Every line of the running or last search, up to its bestmove."""
        lines = []
        while not lines or not lines[-1].startswith("bestmove"):
            status, reply = self.request("GET", f"{path}/lines/{len(lines)}?wait=2000")
            self.assertEqual(status, 200, reply)
            lines += reply["lines"]
        return lines


class StaticFiles(ServerCase):
    def test_page_and_its_files(self):
        for path, kind, text in (("/", "text/html", b'<select id="game">'),
                                 ("/index.html", "text/html", b'id="moves"'),
                                 ("/board.js", "text/javascript", b"'use strict'"),
                                 ("/board.css", "text/css", b"#board")):
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            conn.request("GET", path)
            response = conn.getresponse()
            payload = response.read()
            conn.close()
            self.assertEqual(response.status, 200, path)
            self.assertTrue(response.getheader("Content-Type").startswith(kind), path)
            self.assertIn(text, payload, path)

    def test_head(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("HEAD", "/board.css")
        response = conn.getresponse()
        self.assertEqual(response.status, 200)
        self.assertEqual(response.read(), b"")
        conn.close()

    def test_path_traversal(self):
        with open(os.path.join(ROOT, "board", "server.py"), "rb") as handle:
            secret = handle.read()[:60]
        for path in ("/../server.py", "/%2e%2e/server.py", "/static/../server.py",
                     "/..%2fserver.py", "//etc/passwd", "/board.js/../../server.py",
                     "/static/index.html", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/server.py",
                     "/.", "/..", "/index.html%00.js", "/C:\\windows\\win.ini"):
            status, reply = self.request("GET", path)
            self.assertEqual(status, 404, path)
            self.assertIn("no such page", reply["error"], path)
        close = b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n"
        line, body = self.raw(b"GET ../server.py HTTP/1.1\r\n" + close)
        self.assertIn(" 404 ", line)
        self.assertNotIn(secret, body)
        line, body = self.raw(b"GET /../../../../etc/passwd HTTP/1.1\r\n" + close)
        self.assertIn(" 404 ", line)
        self.assertNotIn(b"root:", body)

    def test_other_sites(self):
        status, reply = self.request("GET", "/api/info", headers={"Host": "evil.example:80"})
        self.assertEqual((status, reply["error"]),
                         (403, "this board answers only requests to 127.0.0.1 or localhost"))
        status, _ = self.request("GET", "/", headers={"Host": f"localhost:{self.port}"})
        self.assertEqual(status, 200)
        status, reply = self.request("POST", "/api/engines", {},
                                     headers={"Origin": "http://evil.example"})
        self.assertEqual((status, reply["error"]),
                         (403, "requests from another site's pages are refused"))
        self.assertEqual(len(self.server.relay.engines), 0)
        status, _ = self.request("POST", "/api/engines", {},
                                 headers={"Origin": f"http://127.0.0.1:{self.port}"})
        self.assertEqual(status, 201)

    def test_only_get_for_pages(self):
        status, reply = self.request("POST", "/index.html", {})
        self.assertEqual(status, 405)
        self.assertIn("not allowed", reply["error"])


class Engines(ServerCase):
    """The engine routes the page's model (board/static/model.js) plays through."""

    def test_info_is_the_engines_uci_reply_and_the_limits(self):
        status, info = self.request("GET", "/api/info")
        self.assertEqual(status, 200)
        self.assertEqual(info["uci"], engine_says("uci"))
        self.assertEqual((info["mode"], info["engine"]), ("server", info["uci"][0][8:]))
        self.assertEqual(info["limits"], {"movetime": [10, 600000], "depth": [1, 64],
                                          "games": self.max_games, "idle": self.idle,
                                          "search": limits.SEARCH_LIMIT,
                                          "command": limits.MAX_COMMAND})

    def test_commands_answered_up_to_readyok(self):
        path = self.new_engine()
        for command in ("setoption name UCI_Variant value breakthrough",
                        "position startpos moves e2e3"):
            self.assertEqual(self.command(path, command), (200, {"lines": []}))
        status, reply = self.command(path, "json")
        self.assertEqual(status, 200)
        self.assertEqual(reply["lines"], engine_says(
            "setoption name UCI_Variant value breakthrough", "position startpos moves e2e3",
            "json")[-1:])
        described = json.loads(reply["lines"][0])
        self.assertEqual((described["history"], described["turn"]), (["e2e3"], 1))
        # The engine's own refusals come back as they are, marked as the engine's.
        status, reply = self.command(path, "position fen 9/8/8/8/8/8/8/8 w 0 1")
        self.assertEqual(status, 400)
        self.assertTrue(reply["refused"])
        self.assertTrue(reply["error"].startswith("error: "), reply)
        self.assertEqual(self.command(path, "ucinewgame"), (200, {"lines": []}))
        # Up to four commands in one request, each with its lines.
        status, reply = self.request("POST", path + "/command", {"commands": [
            "setoption name UCI_Variant value breakthrough", "position startpos moves e2e3",
            "json"]})
        self.assertEqual((status, reply["replies"][:2]), (200, [[], []]))
        self.assertEqual(json.loads(reply["replies"][2][0])["history"], ["e2e3"])
        for commands in ([], ["json"] * 5, "json", None):
            self.assertEqual(self.request("POST", path + "/command", {"commands": commands}),
                             (400, {"error": "commands is a list of 1 to 4 commands"}))
        status, reply = self.request("POST", path + "/command", {"commands": ["json", "quit"]})
        self.assertEqual((status, reply["error"][-6:]), (400, "'quit'"))

    def test_only_a_games_commands_reach_the_engine(self):
        path = self.new_engine()
        taken = ("the board's engines take only ucinewgame, json, position and setoption of "
                 "UCI_Variant, KnightVariation, Skill Level; not ")
        for command in ("quit", "uci", "isready", "stop", "go infinite", "perft 7", "d",
                        "setoption name Threads value 512", "setoption name Hash value 65536",
                        "setoption name EvalFile value /etc/passwd", "bench", "eval",
                        "ucinewgamex", "jsonx"):
            self.assertEqual(self.command(path, command), (400, {"error": taken +
                                                                 f"'{command[:40]}'"}))
        printable = f"a command is 1 to {limits.MAX_COMMAND} printable ASCII characters on " \
            "one line"
        for command in ("json\nquit", "position startpos\rgo infinite", "", "j\u00e9son",
                        12, None, ["json"], "position startpos moves " + "a2a3 " * 49200):
            status, reply = self.request("POST", path + "/command", {"command": command})
            self.assertEqual((status, reply), (400, {"error": printable}), repr(command)[:40])
        self.assertEqual(self.command(path, "json")[0], 200)
        self.assertTrue(self.relayed(path).engine.alive())

    def test_search_and_its_lines(self):
        path = self.new_engine()
        self.command(path, "setoption name UCI_Variant value breakthrough")
        self.command(path, "position startpos")
        legal = [m["move"] for m in json.loads(self.command(path, "json")[1]["lines"][0])
                 ["moves"]]
        status, reply = self.request("POST", path + "/go", {"go": "depth 5"})
        self.assertEqual((status, reply), (200, {"search": 1}))
        lines = []
        while not lines or not lines[-1].startswith("bestmove"):
            status, reply = self.request("GET", f"{path}/lines/{len(lines)}?wait=2000")
            self.assertEqual((status, reply["search"], reply["from"]), (200, 1, len(lines)))
            lines += reply["lines"]
            self.assertEqual(reply["next"], len(lines))
            self.assertEqual(reply["done"], lines[-1].startswith("bestmove"))
        # A search that runs past a second (a busy machine) also names the root move it
        # is on; those lines aside, one line per depth.
        progress = [line for line in lines[:-1] if " currmove " in line]
        for line in progress:
            self.assertRegex(line, r"^info depth [1-5] currmove \S+ currmovenumber \d+$")
        depths = [int(line.split()[2]) for line in lines[:-1] if line not in progress]
        self.assertEqual(depths, [1, 2, 3, 4, 5])
        self.assertIn(lines[-1].split()[1], legal)
        # Read again from any line, or past the end, at once.
        status, reply = self.request("GET", f"{path}/lines/3")
        self.assertEqual((reply["from"], reply["lines"]), (3, lines[3:]))
        status, reply = self.request("GET", f"{path}/lines/99?wait=2000")
        self.assertEqual((reply["from"], reply["lines"], reply["done"]), (6, [], True))
        # The next search starts its lines again.
        self.request("POST", path + "/go", {"go": "depth 1"})
        status, reply = self.request("GET", f"{path}/lines/0?wait=2000")
        self.assertEqual(reply["search"], 2)

    def test_go_is_checked_and_bounded(self):
        path = self.new_engine()
        error = ("a go takes movetime, depth, wtime, btime, winc, binc, movestogo (each once, "
                 "with a number) or infinite")
        for words, why in (("perft 6", error), ("nodes 1000", error), ("movetime", error),
                           ("depth 3 depth 4", error), ("infinite infinite", error),
                           ("ponder", error), ("searchmoves a2a3", error),
                           ("movetime 5", "movetime must be 10 to 600000"),
                           ("depth 65", "depth must be 1 to 64"),
                           ("depth -1", "depth must be 1 to 64"),
                           ("wtime 1e9", "wtime must be 0 to 360000000"),
                           ("movestogo 0", "movestogo must be 1 to 10000"),
                           ("", "a go needs a limit: movetime, depth, a clock or infinite"),
                           ("depth 3\nquit", "the words of a go are one line of printable "
                            "ASCII"),
                           (7, "the words of a go are one line of printable ASCII")):
            status, reply = self.request("POST", path + "/go", {"go": words})
            self.assertEqual((status, reply), (400, {"error": why}), words)

        def bound(words):
            return relay.checked_go(words)[1]
        self.assertEqual(bound("wtime 360000000 btime 360000000 movestogo 1"),
                         limits.SEARCH_LIMIT)
        self.assertEqual(bound("wtime 3000 btime 100000 winc 100"), 101.0)
        self.assertEqual(bound("depth 64"), limits.SEARCH_LIMIT)
        self.assertEqual(bound("infinite"), limits.SEARCH_LIMIT)
        self.assertEqual(bound("movetime 600000"), min(610.0, limits.SEARCH_LIMIT))
        self.assertEqual(bound("movetime 50"), 10.05)

    def test_long_search_is_stopped_at_the_servers_limit(self):
        path = self.new_engine()
        with Patched(SEARCH_LIMIT=0.5):
            begun = time.monotonic()
            self.request("POST", path + "/go", {"go": "depth 64"})
            lines = self.search_lines(path)
            self.assertLess(time.monotonic() - begun, 5)
        self.assertRegex(lines[-1], "^bestmove " + DRAGONFACE_MOVE)
        self.assertTrue(self.relayed(path).engine.alive())
        self.assertEqual(self.command(path, "json")[0], 200)

    def test_stop_and_a_busy_engine(self):
        path = self.new_engine()
        self.request("POST", path + "/go", {"go": "infinite"})
        busy = (409, {"error": "the engine is busy: a search or another command is running"})
        self.assertEqual(self.command(path, "json"), busy)
        self.assertEqual(self.request("POST", path + "/go", {"go": "depth 1"}), busy)
        time.sleep(0.2)
        self.assertEqual(self.request("POST", path + "/stop", {}), (200, {"stopped": True}))
        self.assertTrue(self.search_lines(path)[-1].startswith("bestmove "))
        self.assertEqual(self.request("POST", path + "/stop", {}), (200, {"stopped": False}))
        self.assertEqual(self.command(path, "json")[0], 200)

    def test_silent_engine_is_ended(self):
        path = self.new_engine()
        engine = self.relayed(path).engine
        try:
            with Patched(REPLY_TIMEOUT=0.3):
                os.kill(engine.proc.pid, signal.SIGSTOP)
                status, reply = self.command(path, "json")
        finally:
            if engine.alive():
                os.kill(engine.proc.pid, signal.SIGCONT)
        self.assertEqual((status, reply),
                         (502, {"error": "the engine stopped answering", "dead": True}))
        self.assertFalse(engine.alive())

    def test_killed_engine(self):
        dead = (502, {"error": "the engine was killed by signal 9", "dead": True})
        path = self.new_engine()
        engine = self.relayed(path).engine
        os.kill(engine.proc.pid, signal.SIGKILL)
        engine.proc.wait()
        self.assertEqual(self.request("POST", path + "/heartbeat", {}), dead)
        # Later requests are told the same, not that the engine was closed.
        self.assertEqual(self.command(path, "json"), dead)
        self.assertEqual(self.request("GET", path + "/lines/0"), dead)
        self.assertEqual(len(self.server.relay.engines), 0)
        # Killed while it searches: the search ends, and the engine is dead.
        path = self.new_engine()
        engine = self.relayed(path).engine
        self.request("POST", path + "/go", {"go": "infinite"})
        threading.Timer(0.3, lambda: os.kill(engine.proc.pid, signal.SIGKILL)).start()
        status, reply = self.request("GET", path + "/lines/0?wait=2000")
        while status == 200 and not reply["done"]:
            status, reply = self.request("GET", f"{path}/lines/{reply['next']}?wait=2000")
        self.assertEqual(status, 502, reply)
        self.assertEqual(len(self.server.relay.engines), 0)
        self.new_engine()

    def test_close(self):
        path = self.new_engine()
        engine = self.relayed(path).engine
        self.request("POST", path + "/go", {"go": "infinite"})
        status, reply = self.request("POST", path + "/close", raw=b"")
        self.assertEqual((status, reply), (200, {"closed": True}))
        self.assertFalse(engine.alive())
        closed = (404, {"error": "the game was closed", "gone": True})
        for method, action in (("POST", "/heartbeat"), ("GET", "/lines/0"),
                               ("POST", "/command")):
            self.assertEqual(self.request(method, path + action,
                                          {"command": "json"} if method == "POST" else None),
                             closed, action)
        self.assertEqual(self.request("POST", path + "/close"), (200, {"closed": False}))
        status, reply = self.request("POST", "/api/engines/0123456789abcdef/heartbeat", {})
        self.assertEqual((status, reply),
                         (404, {"error": "no such game: it was closed or timed out",
                                "gone": True}))

    def test_cap_on_engines(self):
        paths = [self.new_engine() for _ in range(self.max_games)]
        status, reply = self.request("POST", "/api/engines", {})
        self.assertEqual((status, reply["error"]),
                         (503, f"the server already runs {self.max_games} games, the most it "
                          "allows: close another board tab or wait for one to time out"))
        alive = [r.engine.alive() for r in self.server.relay.engines.values()]
        self.assertEqual(alive, [True] * self.max_games)
        self.request("POST", paths[0] + "/close")
        self.new_engine()

    def test_engines_at_once(self):
        paths = [self.new_engine() for _ in range(self.max_games)]
        replies = {}

        def play(path):
            self.command(path, "setoption name UCI_Variant value breakthrough")
            self.command(path, "position startpos moves c2c3")
            self.request("POST", path + "/go", {"go": "movetime 100"})
            best = self.search_lines(path)[-1].split()[1]
            self.command(path, f"position startpos moves c2c3 {best} d2d3")
            replies[path] = json.loads(self.command(path, "json")[1]["lines"][0])["history"]

        threads = [threading.Thread(target=play, args=(p,)) for p in paths]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        for path in paths:
            self.assertEqual(len(replies[path]), 3)
            self.assertEqual(replies[path][::2], ["c2c3", "d2d3"])

    def test_position_right_after_bestmove(self):
        """A GUI answers `bestmove` at once with `position ... moves <best>` and `json`: the
        description is of the new position, never of the one the search was on (the engine
        marks its search over before it prints the move)."""
        engine = server.Engine(ENGINE)
        try:
            engine.command("setoption name UCI_Variant value threedragons-dragons")
            for trial in range(100):
                engine.command("position startpos")
                engine.send("go depth 1")
                _, line = engine.until("bestmove")
                best = line.split()[1]
                engine.send(f"position startpos moves {best}")
                engine.send("json")
                engine.send("isready")
                lines, _ = engine.until("readyok")
                described = json.loads(next(x for x in lines if x.startswith("{")))
                self.assertEqual((described["history"], described["turn"]), ([best], 1), trial)
        finally:
            engine.kill()


class BadRequests(ServerCase):
    def test_bodies(self):
        path = self.new_engine() + "/command"
        cases = ((b"not json", "the request body is not JSON"),
                 (b"[1, 2]", "the request body must be a JSON object"),
                 (b"\xff\xfe\x00", "the request body is not JSON"),
                 (b"{}", f"a command is 1 to {limits.MAX_COMMAND} printable ASCII characters "
                  "on one line"))
        for raw, error in cases:
            status, reply = self.request("POST", path, raw=raw)
            self.assertEqual((status, reply["error"]), (400, error), raw)
        self.assertEqual(self.request("POST", path, raw=b'{"command": "json"}')[0], 200)

    def test_oversized_body(self):
        path = self.new_engine()
        body = json.dumps({"command": "position startpos moves " + "a2a3 " * 60000})
        status, reply = self.request("POST", f"{path}/command", raw=body.encode())
        self.assertEqual(status, 413)
        self.assertEqual(reply["error"], f"the request body is {len(body)} bytes, more than "
                         "the 262144 allowed")
        # A length announced but never sent is refused before any of it is read.
        post = b"POST /api/engines HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        line, body = self.raw(post + b"Content-Length: 999999999\r\n\r\n")
        self.assertIn(" 413 ", line)
        for length in (b"12x", b"-1", b"\xb2"):
            line, body = self.raw(post + b"Content-Length: " + length + b"\r\n\r\n{}")
            self.assertIn(" 400 ", line)
            self.assertEqual(json.loads(body), {"error": "bad Content-Length"})
        line, body = self.raw(post + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        self.assertIn(" 411 ", line)

    def test_routes_and_methods(self):
        base = self.new_engine()
        for method, path, status in (("GET", "/api", 404), ("GET", "/api/nothing", 404),
                                     ("GET", "/api/engines", 404), ("GET", base, 404),
                                     ("GET", base + "/command", 405), ("POST", base, 404),
                                     ("DELETE", base + "/close", 405),
                                     ("PUT", "/api/engines", 404),
                                     ("GET", base + "/nothing", 404),
                                     ("GET", base + "/lines", 404),
                                     ("GET", base + "/lines/0/1", 404),
                                     ("GET", base + "/lines/x", 404),
                                     ("GET", base + "/lines/-1", 404),
                                     ("GET", base + "/lines/%C2%B2", 404),
                                     ("GET", base + "/lines/0?wait=x", 400),
                                     ("GET", base + "/lines/0?other=1", 400),
                                     ("POST", base + "/lines/0", 405),
                                     ("GET", "/api/engines/../../etc/passwd", 404),
                                     ("POST", "/api/engines/0123456789abcdef/go", 404),
                                     ("POST", "/api/games", 404),
                                     ("GET", "/api/engines/xyz/close", 404), ("PATCH", "/", 405)):
            got, reply = self.request(method, path, {} if method != "GET" else None)
            self.assertEqual(got, status, (method, path))
            self.assertIsInstance(reply["error"], str)
        line, body = self.raw(f"GET {base}/lines/".encode() + b"\xb2 HTTP/1.1\r\n"
                              b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
        self.assertIn(" 404 ", line)
        status, reply = self.request("GET", "/api/info?x=1")
        self.assertEqual(status, 200)
        self.assertTrue(self.relayed(base).engine.alive())

    def test_malformed_http(self):
        for data, code in ((b"GARBAGE\r\n\r\n", " 400 "), (b"GET\r\n\r\n", " 400 "),
                           (b"GET / HTTP/9.9\r\n\r\n", " 505 "),
                           (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", " 414 "),
                           (b"\x00\xff\x13\x37" * 100 + b"\r\n\r\n", " 400 ")):
            line, body = self.raw(data)
            self.assertIn(code, line, data[:20])
            self.assertIn(b'"error"', body)
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
            sock.sendall(os.urandom(3000))
        status, _ = self.request("GET", "/api/info")
        self.assertEqual(status, 200)


class Connections(ServerCase):
    """A cap of 4 connections: idle ones make room for a new one, busy ones do not."""

    @classmethod
    def setUpClass(cls):
        cls.server = server.start(port=0, engine=ENGINE, max_games=1, connections=4)
        cls.port = cls.server.server_address[1]

    def test_idle_connections_make_room(self):
        idle = [socket.create_connection(("127.0.0.1", self.port), timeout=5) for _ in range(4)]
        time.sleep(0.2)
        for _ in range(3):
            status, reply = self.request("GET", "/api/info")
            self.assertEqual(status, 200, reply)
        # The oldest idle connections were closed to make room: the server says nothing
        # on them and ends them.
        self.assertEqual(idle[0].recv(100), b"")
        for sock in idle:
            sock.close()

    def test_too_many_busy_connections(self):
        path = self.new_engine()
        self.request("POST", path + "/go", {"go": "movetime 1500"})
        answers = []
        # Reads of the search's lines that wait for the next line hold their connections.
        waiting = [threading.Thread(target=lambda: answers.append(
            self.request("GET", path + "/lines/100000?wait=2000"))) for _ in range(4)]
        for thread in waiting:
            thread.start()
        time.sleep(0.3)
        status, reply = self.request("GET", "/api/info")
        self.assertEqual((status, reply["error"]),
                         (503, "the board server is busy: too many connections"))
        for thread in waiting:
            thread.join(10)
        self.assertEqual([status for status, _ in answers], [200] * 4)
        status, reply = self.request("GET", "/api/info")
        self.assertEqual(status, 200)


class Idle(ServerCase):
    idle = 3.0

    def test_idle_engine_is_ended(self):
        path = self.new_engine()
        engine = self.relayed(path).engine
        kept = self.new_engine()
        deadline = time.monotonic() + 5.5
        while time.monotonic() < deadline:
            self.request("POST", kept + "/heartbeat")
            time.sleep(0.2)
        self.assertFalse(engine.alive())
        status, reply = self.request("POST", path + "/heartbeat")
        self.assertEqual((status, reply),
                         (404, {"error": "the game was ended after 3 s without a word from its "
                                "page", "gone": True}))
        status, reply = self.request("POST", kept + "/heartbeat")
        self.assertEqual((status, reply), (200, {"ok": True}))


class Startup(unittest.TestCase):
    def test_allow_host(self):
        script = os.path.join(ROOT, "board", "server.py")
        proc = subprocess.Popen([sys.executable, script, "--port", "0", "--engine", ENGINE,
                                 "--allow-host", "board.test", "--allow-host", "wyrm.test"],
                                stdout=subprocess.PIPE, text=True)
        try:
            port = int(proc.stdout.readline().split(":")[3].split("/")[0])
            for host, status in (("board.test", 200), (f"wyrm.test:{port}", 200),
                                 (f"127.0.0.1:{port}", 200), ("evil.test", 403)):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", "/api/info", headers={"Host": host})
                response = conn.getresponse()
                reply = json.loads(response.read())
                conn.close()
                self.assertEqual(response.status, status, host)
            self.assertEqual(reply["error"], "this board answers only requests to 127.0.0.1, "
                             "localhost, board.test or wyrm.test")
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
            proc.stdout.close()

    def post(self, port, path, body):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", path, body=json.dumps(body))
        response = conn.getresponse()
        reply = json.loads(response.read())
        conn.close()
        return response.status, reply

    def test_missing_engine(self):
        with self.assertRaises(server.EngineDead) as caught:
            server.Relay("/nonexistent/wyrm", 2, 10)
        self.assertIn("cannot start the engine /nonexistent/wyrm", str(caught.exception))

    def test_engine_that_exits(self):
        with self.assertRaises(server.EngineDead) as caught:
            server.Relay("/bin/true", 2, 10)
        self.assertEqual(str(caught.exception), "the engine exited with code 0")

    def test_command_line(self):
        script = os.path.join(ROOT, "board", "server.py")
        proc = subprocess.Popen([sys.executable, script, "--port", "0", "--engine", ENGINE],
                                stdout=subprocess.PIPE, text=True)
        try:
            line = proc.stdout.readline()
            self.assertRegex(line, r"^wyrm board: open http://127\.0\.0\.1:\d+/ ")
            port = int(line.split(":")[3].split("/")[0])
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/api/info")
            self.assertEqual(conn.getresponse().status, 200)
            conn.close()
            status, _ = self.post(port, "/api/engines", {})
            self.assertEqual(status, 201)
            engine = children(proc.pid)[0]
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
            proc.stdout.close()
        self.assertEqual(proc.returncode, 0)
        # The engine the server started has gone with it.
        with self.assertRaises(ProcessLookupError):
            os.kill(engine, 0)
        bad = subprocess.run([sys.executable, script, "--port", "0", "--engine", ENGINE,
                              "--allow-host", "a b"], capture_output=True, text=True, timeout=10)
        self.assertNotEqual(bad.returncode, 0)
        self.assertIn("--allow-host takes a host name, not 'a b'", bad.stderr)
        bad = subprocess.run([sys.executable, script, "--port", "0", "--engine", "/nonexistent"],
                             capture_output=True, text=True, timeout=10)
        self.assertNotEqual(bad.returncode, 0)
        self.assertIn("cannot start the engine", bad.stderr)


if __name__ == "__main__":
    unittest.main()
