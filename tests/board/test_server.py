#!/usr/bin/python3
"""Tests of the board server (board/server.py) against the real engine.

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
from wyrmboard import limits  # noqa: E402

ENGINE = os.path.abspath(os.environ.get("WYRM", os.path.join(ROOT, "wyrm")))
START_FEN = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"


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
        self.server.board.close_all()

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

    def new_game(self, **body):
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough", **body})
        self.assertEqual(status, 201, reply)
        return reply


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
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough"},
                                     headers={"Origin": "http://evil.example"})
        self.assertEqual((status, reply["error"]),
                         (403, "requests from another site's pages are refused"))
        self.assertEqual(len(self.server.board.games), 0)
        status, _ = self.request("POST", "/api/games", {"game": "breakthrough"},
                                 headers={"Origin": f"http://127.0.0.1:{self.port}"})
        self.assertEqual(status, 201)

    def test_only_get_for_pages(self):
        status, reply = self.request("POST", "/index.html", {})
        self.assertEqual(status, 405)
        self.assertIn("not allowed", reply["error"])


class Api(ServerCase):
    def test_info_lists_the_engines_games_and_options(self):
        status, info = self.request("GET", "/api/info")
        self.assertEqual(status, 200)
        uci = engine_says("uci")
        variant = next(line for line in uci if line.startswith("option name UCI_Variant "))
        self.assertEqual(info["games"], variant.split(" var ")[1:])
        self.assertEqual(info["default"], variant.split(" default ")[1].split()[0])
        self.assertEqual(info["options"]["KnightVariation"]["vars"], ["Lance", "Sword", "Pike"])
        self.assertEqual("Skill Level" in info["options"],
                         any(line.startswith("option name Skill Level ") for line in uci))
        self.assertEqual(info["limits"]["games"], self.max_games)

    def test_new_game_is_the_engines_start_position(self):
        game = self.new_game()
        self.assertRegex(game["id"], r"^[0-9a-f]{16}$")
        self.assertEqual(game["moves"], [])
        position = game["position"]
        self.assertEqual(position["fen"], START_FEN)
        self.assertEqual(position["turn"], 0)
        legal = engine_says("setoption name UCI_Variant value breakthrough", "moves")[-1].split()
        self.assertEqual(sorted(m["move"] for m in position["moves"]), sorted(legal))
        self.assertEqual(len(position["moves"]), 22)
        self.assertEqual(len(position["cells"]), 64)
        self.assertEqual(len(position["pieces"]), 32)
        status, again = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual(status, 200)
        self.assertEqual(again["position"], position)

    def test_moves_and_engine_replies(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        status, view = self.request("POST", path + "/move", {"move": "e2e3"})
        self.assertEqual(status, 200, view)
        self.assertEqual(view["moves"], ["e2e3"])
        self.assertEqual(view["played"][0]["from"], "e2")
        self.assertEqual(view["played"][0]["to"], "e3")
        self.assertEqual(view["position"]["turn"], 1)
        fen = engine_says("setoption name UCI_Variant value breakthrough",
                          "position startpos moves e2e3", "d")
        self.assertIn("Fen: " + view["position"]["fen"], fen)
        legal = [m["move"] for m in view["position"]["moves"]]
        status, view = self.request("POST", path + "/go", {"movetime": 50})
        self.assertEqual(status, 200, view)
        self.assertIn(view["bestmove"], legal)
        self.assertEqual(view["moves"], ["e2e3", view["bestmove"]])
        self.assertGreaterEqual(view["think_ms"], 0)
        status, view = self.request("POST", path + "/go", {"depth": 2})
        self.assertEqual(status, 200, view)
        self.assertEqual(len(view["moves"]), 3)

    def test_long_depth_search_is_stopped(self):
        limit = limits.SEARCH_LIMIT
        limits.SEARCH_LIMIT = 0.5
        try:
            game = self.new_game()
            legal = [m["move"] for m in game["position"]["moves"]]
            begun = time.monotonic()
            status, view = self.request("POST", f"/api/games/{game['id']}/go", {"depth": 64})
            self.assertLess(time.monotonic() - begun, 5)
        finally:
            limits.SEARCH_LIMIT = limit
        self.assertEqual(status, 200, view)
        self.assertIn(view["bestmove"], legal)
        self.assertEqual(view["moves"], [view["bestmove"]])
        self.assertTrue(self.server.board.games[game["id"]].engine.alive())

    def test_silent_engine_is_ended(self):
        timeout = limits.REPLY_TIMEOUT
        limits.REPLY_TIMEOUT = 0.3
        game = self.new_game()
        engine = self.server.board.games[game["id"]].engine
        try:
            os.kill(engine.proc.pid, signal.SIGSTOP)
            status, reply = self.request("POST", f"/api/games/{game['id']}/move", {"move": "a2a3"})
        finally:
            limits.REPLY_TIMEOUT = timeout
            if engine.alive():
                os.kill(engine.proc.pid, signal.SIGCONT)
        self.assertEqual((status, reply["error"], reply["dead"]),
                         (502, "the engine stopped answering; start a new game", True))
        self.assertFalse(engine.alive())

    def test_engine_moves_in_a_row(self):
        """Each engine move is described after it is made: the description's history is
        the game's moves, even when the next command follows the bestmove at once."""
        game = self.new_game(game="dragondraughts")
        path = f"/api/games/{game['id']}"
        for ply in range(1, 41):
            status, view = self.request("POST", path + "/go", {"movetime": 10})
            self.assertEqual(status, 200, view)
            if view["position"]["result"]:
                break
            self.assertEqual(len(view["moves"]), ply)
            self.assertEqual(view["position"]["history"], view["moves"])
            self.assertEqual(view["position"]["turn"], ply % 2)

    def test_illegal_move_changes_nothing(self):
        game = self.new_game(moves=["a2a3"])
        path = f"/api/games/{game['id']}"
        for move in ("a2a5", "a3a4", "zz", "0000"):
            status, reply = self.request("POST", path + "/move", {"move": move})
            self.assertEqual(status, 400, move)
            self.assertEqual(reply["error"], f"illegal move {move} in this position")
        status, view = self.request("GET", path)
        self.assertEqual(view["moves"], ["a2a3"])
        self.assertEqual(view["position"]["turn"], 1)

    def test_undo(self):
        game = self.new_game(moves=["a2a3", "h7h6", "b2b3"])
        path = f"/api/games/{game['id']}"
        status, view = self.request("POST", path + "/undo", {})
        self.assertEqual((status, view["moves"]), (200, ["a2a3", "h7h6"]))
        status, view = self.request("POST", path + "/undo", {"plies": 5})
        self.assertEqual((status, view["moves"]), (200, []))
        self.assertEqual(view["position"]["fen"], START_FEN)
        status, reply = self.request("POST", path + "/undo", {"plies": 1})
        self.assertEqual((status, reply["error"]), (409, "no move to take back"))
        status, reply = self.request("POST", path + "/undo", {"plies": 0})
        self.assertEqual(status, 400)

    def test_ply_view(self):
        game = self.new_game(moves=["a2a3", "h7h6"])
        path = f"/api/games/{game['id']}"
        status, view = self.request("GET", path + "/ply/1")
        self.assertEqual(status, 200)
        self.assertEqual(view["ply"], 1)
        self.assertEqual(view["last"]["move"], "a2a3")
        self.assertEqual(view["position"]["fen"],
                         "pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1")
        status, view = self.request("GET", path + "/ply/0")
        self.assertEqual((status, view["last"], view["position"]["fen"]), (200, None, START_FEN))
        for bad in ("3", "-1", "x", "1e3", "%C2%B2"):
            status, reply = self.request("GET", path + "/ply/" + bad)
            self.assertEqual(status, 404, bad)
        line, body = self.raw(f"GET {path}/ply/".encode() + b"\xb2 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              b"Connection: close\r\n\r\n")
        self.assertIn(" 404 ", line)
        status, view = self.request("GET", path)
        self.assertEqual(view["moves"], ["a2a3", "h7h6"])

    def test_load_fen(self):
        game = self.new_game(moves=["a2a3"])
        path = f"/api/games/{game['id']}"
        fen = "8/8/8/3p4/3P4/8/8/8 w 0 1"
        status, view = self.request("POST", path + "/fen", {"fen": fen})
        self.assertEqual(status, 200, view)
        self.assertEqual((view["start"], view["moves"], view["position"]["fen"]), (fen, [], fen))
        for bad in ("rubbish", "9/8/8/8/8/8/8/8 w 0 1", "pppppppp/pppppppp/8/8/8/8/PPPPPPPP w"):
            status, reply = self.request("POST", path + "/fen", {"fen": bad})
            self.assertEqual(status, 400, bad)
            self.assertTrue(reply["error"].startswith("error:"), reply)
        status, view = self.request("GET", path)
        self.assertEqual((view["start"], view["position"]["fen"]), (fen, fen))

    def test_game_over(self):
        fen = "8/8/8/8/8/8/8/P6p w 0 1"
        game = self.new_game(fen=fen)
        result = game["position"]["result"]
        self.assertEqual(result["winner"], 1)
        self.assertEqual(result["text"], "Black wins: a black man reached White's home row")
        self.assertEqual(game["position"]["moves"], [])
        path = f"/api/games/{game['id']}"
        status, reply = self.request("POST", path + "/go", {"movetime": 20})
        self.assertEqual((status, reply["error"]), (409, "the game is over"))
        status, reply = self.request("POST", path + "/move", {"move": "a1a2"})
        self.assertEqual((status, reply["error"]), (409, "the game is over: no move a1a2"))

    def test_new_game_with_a_bad_position_is_not_created(self):
        for body, text in (({"fen": "nonsense"}, "error:"),
                           ({"moves": ["a2a3", "a3a5"]}, "illegal move a3a5 in this position"),
                           ({"game": "chess"}, "unknown game 'chess'"),
                           ({"game": "dragonqi", "variation": "Axe"}, "unknown variation")):
            status, reply = self.request("POST", "/api/games", {"game": "breakthrough", **body})
            self.assertEqual(status, 400, body)
            self.assertTrue(reply["error"].startswith(text), reply)
        self.assertEqual(len(self.server.board.games), 0)

    def test_stop_abandons_the_search(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        answer = {}

        def think():
            answer["reply"] = self.request("POST", path + "/go", {"movetime": 20000})

        thread = threading.Thread(target=think)
        begun = time.monotonic()
        thread.start()
        while not self.server.board.games[game["id"]].searching:
            time.sleep(0.01)
        status, reply = self.request("POST", path + "/stop", {})
        self.assertEqual((status, reply), (200, {"stopped": True}))
        thread.join(10)
        self.assertLess(time.monotonic() - begun, 5)
        status, view = answer["reply"]
        self.assertEqual(status, 200)
        self.assertIsNone(view["bestmove"])
        self.assertEqual(view["moves"], [])

    def test_close(self):
        game = self.new_game()
        engine = self.server.board.games[game["id"]].engine
        status, reply = self.request("POST", f"/api/games/{game['id']}/close", raw=b"")
        self.assertEqual((status, reply), (200, {"closed": True}))
        self.assertFalse(engine.alive())
        status, reply = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual(status, 404)
        self.assertTrue(reply["gone"])
        status, reply = self.request("POST", f"/api/games/{game['id']}/close")
        self.assertEqual((status, reply), (200, {"closed": False}))

    def test_replace_closes_the_old_game(self):
        old = self.new_game()
        engine = self.server.board.games[old["id"]].engine
        new = self.new_game(replace=old["id"])
        self.assertFalse(engine.alive())
        self.assertEqual(list(self.server.board.games), [new["id"]])

    def test_killed_engine(self):
        game = self.new_game()
        engine = self.server.board.games[game["id"]].engine
        os.kill(engine.proc.pid, signal.SIGKILL)
        engine.proc.wait()
        status, reply = self.request("POST", f"/api/games/{game['id']}/move", {"move": "a2a3"})
        self.assertEqual(status, 502)
        self.assertTrue(reply["dead"])
        self.assertEqual(reply["error"], "the engine was killed by signal 9; start a new game")
        # Later requests are told the same, not that the game was closed.
        for method, action in (("GET", ""), ("POST", "/heartbeat"), ("POST", "/go")):
            status, reply = self.request(method, f"/api/games/{game['id']}{action}",
                                         {} if method == "POST" else None)
            self.assertEqual((status, reply["error"], reply["dead"]),
                             (502, "the engine was killed by signal 9; start a new game", True),
                             action)
        self.new_game()

    def test_engine_killed_between_requests(self):
        """An engine that dies while no request is running: the page's next heartbeat
        says it died."""
        game = self.new_game()
        engine = self.server.board.games[game["id"]].engine
        os.kill(engine.proc.pid, signal.SIGKILL)
        engine.proc.wait()
        status, reply = self.request("POST", f"/api/games/{game['id']}/heartbeat", {})
        self.assertEqual((status, reply["error"], reply["dead"]),
                         (502, "the engine was killed by signal 9; start a new game", True))
        status, reply = self.request("GET", f"/api/games/{game['id']}/ply/0")
        self.assertEqual((status, reply["error"]),
                         (502, "the engine was killed by signal 9; start a new game"))
        self.assertEqual(len(self.server.board.games), 0)

    def test_game_closed_under_a_waiting_request(self):
        """A `go` waiting behind another request, and the search running, when the page
        closes the game: each is told the game was closed, not that the engine exited."""
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        answers = {}

        def ask(name, body):
            answers[name] = self.request("POST", path + "/go", body)

        running = threading.Thread(target=ask, args=("running", {"movetime": 20000}))
        running.start()
        while not self.server.board.games[game["id"]].searching:
            time.sleep(0.01)
        waiting = threading.Thread(target=ask, args=("waiting", {"depth": 3}))
        waiting.start()
        time.sleep(0.3)
        begun = time.monotonic()
        status, reply = self.request("POST", path + "/close", {})
        self.assertEqual((status, reply), (200, {"closed": True}))
        running.join(10)
        waiting.join(10)
        self.assertLess(time.monotonic() - begun, 5)
        for name in ("running", "waiting"):
            status, reply = answers[name]
            self.assertEqual((status, reply["error"], reply["gone"]),
                             (410, "the game was closed before the engine answered", True),
                             name)
        status, reply = self.request("GET", path)
        self.assertEqual((status, reply["error"], reply["gone"]),
                         (404, "the game was closed", True))

    def test_engine_killed_while_thinking(self):
        game = self.new_game()
        engine = self.server.board.games[game["id"]].engine
        threading.Timer(0.3, lambda: os.kill(engine.proc.pid, signal.SIGKILL)).start()
        status, reply = self.request("POST", f"/api/games/{game['id']}/go", {"movetime": 5000})
        self.assertEqual(status, 502)
        self.assertTrue(reply["dead"])
        self.assertEqual(len(self.server.board.games), 0)

    def test_cap_on_games(self):
        games = [self.new_game() for _ in range(self.max_games)]
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough"})
        self.assertEqual(status, 503)
        self.assertIn(f"already runs {self.max_games} games", reply["error"])
        alive = [g.engine.alive() for g in self.server.board.games.values()]
        self.assertEqual(alive, [True] * self.max_games)
        self.request("POST", f"/api/games/{games[0]['id']}/close")
        self.new_game()

    def test_games_at_once(self):
        games = [self.new_game() for _ in range(self.max_games)]
        replies = {}

        def play(game):
            path = f"/api/games/{game['id']}"
            replies[game["id"]] = [self.request("POST", path + "/move", {"move": "c2c3"}),
                                   self.request("POST", path + "/go", {"movetime": 100}),
                                   self.request("POST", path + "/move", {"move": "d2d3"})]

        threads = [threading.Thread(target=play, args=(g,)) for g in games]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        for game in games:
            statuses = [status for status, _ in replies[game["id"]]]
            self.assertEqual(statuses, [200, 200, 200])
            view = replies[game["id"]][2][1]
            self.assertEqual(view["moves"][0], "c2c3")
            self.assertEqual(view["moves"][2], "d2d3")
            self.assertEqual(len(view["moves"]), 3)


class Analysis(ServerCase):
    """The engine's info lines while it thinks, analyses that play nothing, and clocks."""

    def poll(self, path, since=0):
        status, reply = self.request("GET", f"{path}/analysis/{since}")
        self.assertEqual(status, 200, reply)
        return reply

    def test_live_analysis_until_stopped(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        legal = {m["move"] for m in game["position"]["moves"]}
        answer = {}
        thread = threading.Thread(target=lambda: answer.setdefault(
            "reply", self.request("POST", path + "/analyse", {"infinite": True})))
        thread.start()
        deadline = time.monotonic() + 20
        lines = []
        while time.monotonic() < deadline:
            reply = self.poll(path, len(lines))
            if reply["search"] == 1:
                self.assertEqual((reply["from"], reply["kind"], reply["ply"], reply["done"]),
                                 (len(lines), "analyse", 0, False))
                lines += reply["lines"]
            if len(lines) >= 5:
                break
            time.sleep(0.05)
        status, reply = self.request("POST", path + "/stop", {})
        self.assertEqual((status, reply), (200, {"stopped": True}))
        thread.join(10)
        self.assertFalse(thread.is_alive())
        self.assertGreaterEqual(len(lines), 5)
        depths = [line["depth"] for line in lines]
        self.assertEqual(depths[:5], [1, 2, 3, 4, 5])
        self.assertEqual(depths, sorted(depths))
        for line in lines:
            self.assertIn(line["pv"][0], legal)
            self.assertEqual(set(line["score"]) <= {"cp", "mate"}, True)
            self.assertGreater(line["nodes"], 0)
        # Each principal variation is a line of legal moves: the server plays it out.
        status, played = self.request("POST", "/api/games",
                                      {"game": "breakthrough", "moves": lines[-1]["pv"]})
        self.assertEqual(status, 201, played)
        self.request("POST", f"/api/games/{played['id']}/close", {})
        status, result = answer["reply"]
        self.assertEqual(status, 200, result)
        self.assertIn(result["bestmove"], legal)
        self.assertEqual(result["move"]["move"], result["bestmove"])
        self.assertTrue(result["done"])
        self.assertGreaterEqual(len(result["lines"]), len(lines))
        # Nothing was played, and the last search stays readable until the next one.
        status, view = self.request("GET", path)
        self.assertEqual(view["moves"], [])
        reply = self.poll(path, 10 ** 6)
        self.assertEqual((reply["done"], reply["lines"], reply["bestmove"]),
                         (True, [], result["bestmove"]))

    def test_analysis_of_an_earlier_ply(self):
        game = self.new_game(moves=["e2e3", "d7d6", "a2a3"])
        path = f"/api/games/{game['id']}"
        status, reply = self.request("POST", path + "/analyse", {"ply": 1, "depth": 3})
        self.assertEqual(status, 200, reply)
        status, at_one = self.request("GET", path + "/ply/1")
        legal = {m["move"] for m in at_one["position"]["moves"]}
        self.assertEqual(reply["ply"], 1)
        self.assertIn(reply["bestmove"], legal)
        self.assertEqual([line["depth"] for line in reply["lines"]], [1, 2, 3])
        status, view = self.request("GET", path)
        self.assertEqual(view["moves"], ["e2e3", "d7d6", "a2a3"])

    def test_engine_move_on_a_clock(self):
        game = self.new_game(moves=["e2e3"])
        path = f"/api/games/{game['id']}"
        engine = self.server.board.games[game["id"]].engine
        sent = []
        plain = engine.send
        engine.send = lambda command: (sent.append(command), plain(command))[1]
        legal = {m["move"] for m in game["position"]["moves"]}
        status, view = self.request("POST", path + "/go", {"wtime": 60000, "btime": 3000,
                                                           "winc": 100, "binc": 200,
                                                           "movestogo": 7})
        self.assertEqual(status, 200, view)
        self.assertIn("go wtime 60000 btime 3000 winc 100 binc 200 movestogo 7", sent)
        self.assertIn(view["bestmove"], legal)
        self.assertEqual(view["moves"], ["e2e3", view["bestmove"]])
        reply = self.poll(path)
        self.assertEqual((reply["kind"], reply["ply"], reply["done"], reply["bestmove"]),
                         ("go", 1, True, view["bestmove"]))
        self.assertTrue(reply["lines"])
        self.assertEqual(reply["lines"][-1]["pv"][0], view["bestmove"])
        status, view = self.request("POST", path + "/go", {"wtime": 5000, "btime": 5000})
        self.assertEqual(status, 200, view)
        self.assertIn("go wtime 5000 btime 5000", sent)

    def test_bad_analysis_requests(self):
        game = self.new_game(moves=["e2e3"])
        path = f"/api/games/{game['id']}"
        status, reply = self.request("GET", path + "/analysis")
        self.assertEqual((status, reply["search"], reply["done"]), (200, 0, True))
        for action, body, error in (
                ("analyse", {"wtime": 1000, "btime": 1000}, "an analysis takes no clock"),
                ("analyse", {"movestogo": 3}, "an analysis takes no clock"),
                ("analyse", {"depth": 3, "movetime": 100},
                 "give one of movetime, depth, a clock (wtime, btime...) or infinite"),
                ("analyse", {"infinite": True, "depth": 3},
                 "give one of movetime, depth, a clock (wtime, btime...) or infinite"),
                ("analyse", {"infinite": "yes"}, "field 'infinite' must be a bool"),
                ("analyse", {"ply": 2}, "ply must be 0 to 1"),
                ("analyse", {"ply": -1}, "ply must be 0 to 1"),
                ("go", {"infinite": True}, "a move the engine plays needs a limit"),
                ("go", {"wtime": 1000}, "a clock needs both wtime and btime"),
                ("go", {"wtime": 1000, "btime": -5}, "btime must be 0 to 360000000"),
                ("go", {"wtime": 1000, "btime": 1000, "movestogo": 0},
                 "movestogo must be 1 to 10000"),
                ("go", {"wtime": 1000, "btime": 1000, "depth": 2},
                 "give one of movetime, depth, a clock (wtime, btime...) or infinite")):
            status, reply = self.request("POST", f"{path}/{action}", body)
            self.assertEqual((status, reply["error"]), (400, error), (action, body))
        for route in ("/analysis/x", "/analysis/1/2", "/analysis/-1"):
            status, reply = self.request("GET", path + route)
            self.assertEqual(status, 404, route)
        status, reply = self.request("POST", path + "/analysis", {})
        self.assertEqual(status, 405)
        status, view = self.request("GET", path)
        self.assertEqual(view["moves"], ["e2e3"])
        over = self.new_game(fen="8/8/8/8/8/8/8/P6p w 0 1")
        status, reply = self.request("POST", f"/api/games/{over['id']}/analyse", {"depth": 2})
        self.assertEqual((status, reply["error"]), (409, "the game is over in that position"))

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

    def test_info_lines_read_only_as_numbers(self):
        line = ("info depth 7 seldepth 9 multipv 1 score mate -3 upperbound nodes 1234 "
                "nps 5000 hashfull 1 time 17 pv a2a3 b7b6")
        self.assertEqual(server.parse_info(line),
                         {"depth": 7, "seldepth": 9, "multipv": 1, "score": {"mate": -3},
                          "bound": "upper", "nodes": 1234, "nps": 5000, "hashfull": 1,
                          "time": 17, "pv": ["a2a3", "b7b6"]})
        for bad in ("info depth 3 currmove a2a3 currmovenumber 1", "info string pv a2a3",
                    "info depth x pv a2a3", "info depth 3 score cp 1e9 pv a2a3",
                    "info nodes 5 pv a2a3", "bestmove a2a3", ""):
            self.assertIsNone(server.parse_info(bad), bad)


class BadRequests(ServerCase):
    def test_bodies(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}/move"
        cases = ((b"not json", "the request body is not JSON"),
                 (b"[1, 2]", "the request body must be a JSON object"),
                 (b"\xff\xfe\x00", "the request body is not JSON"),
                 (b"{}", "missing field 'move'"),
                 (b'{"move": 12}', "field 'move' must be a string"),
                 (b'{"move": "a2a3\\nquit"}', "a move is one word of printable ASCII"),
                 (b'{"move": "a2a3 a3a4"}', "a move is one word of printable ASCII"),
                 (b'{"move": "' + b"a" * 100 + b'"}', "a move is one word of printable ASCII"))
        for raw, error in cases:
            status, reply = self.request("POST", path, raw=raw)
            self.assertEqual((status, reply["error"]), (400, error), raw)
        go = f"/api/games/{game['id']}/go"
        for body, error in (({"movetime": "fast"}, "field 'movetime' must be an integer"),
                            ({"movetime": 5}, "movetime must be 10 to 600000"),
                            ({"depth": 0}, "depth must be 1 to 64"),
                            ({"depth": True}, "field 'depth' must be an integer")):
            status, reply = self.request("POST", go, body)
            self.assertEqual((status, reply["error"]), (400, error), body)
        fen = f"/api/games/{game['id']}/fen"
        for body in ({"fen": "8/8/8/8/8/8/8/8 w 0 1\nquit"}, {"fen": ""}, {"fen": "x" * 1001},
                     {"fen": "\u00e9"}):
            status, reply = self.request("POST", fen, body)
            self.assertEqual(status, 400)
            self.assertEqual(reply["error"], "a FEN is 1 to 1000 printable ASCII characters "
                             "on one line")
        status, view = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual((status, view["moves"], view["position"]["fen"]), (200, [], START_FEN))
        self.assertTrue(self.server.board.games[game["id"]].engine.alive())
        # a skill is accepted when the engine has the option (and the engine then moves)
        status, reply = self.request("POST", go, {"skill": 5, "depth": 1})
        if "Skill Level" in self.server.board.options:
            self.assertEqual(status, 200)
        else:
            self.assertEqual((status, reply["error"]), (400, "this engine has no Skill Level option"))

    def test_oversized_body(self):
        game = self.new_game()
        status, reply = self.request("POST", f"/api/games/{game['id']}/move",
                                     raw=b'{"move": "' + b"x" * 20000 + b'"}')
        self.assertEqual(status, 413)
        self.assertEqual(reply["error"], "the request body is 20012 bytes, more than the "
                         "16384 allowed")
        # A length announced but never sent is refused before any of it is read.
        post = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        line, body = self.raw(post + b"Content-Length: 999999999\r\n\r\n")
        self.assertIn(" 413 ", line)
        for length in (b"12x", b"-1", b"\xb2"):
            line, body = self.raw(post + b"Content-Length: " + length + b"\r\n\r\n{}")
            self.assertIn(" 400 ", line)
            self.assertEqual(json.loads(body), {"error": "bad Content-Length"})
        line, body = self.raw(post + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        self.assertIn(" 411 ", line)

    def test_routes_and_methods(self):
        game = self.new_game()
        base = f"/api/games/{game['id']}"
        for method, path, status in (("GET", "/api", 404), ("GET", "/api/nothing", 404),
                                     ("GET", "/api/games", 404), ("GET", base + "/move", 405),
                                     ("POST", base, 405), ("DELETE", base, 405),
                                     ("PUT", "/api/games", 404), ("GET", base + "/nothing", 404),
                                     ("GET", base + "/ply", 404), ("GET", base + "/ply/0/1", 404),
                                     ("GET", "/api/games/../../etc/passwd", 404),
                                     ("POST", "/api/games/0123456789abcdef/move", 404),
                                     ("GET", "/api/games/xyz", 404), ("PATCH", "/", 405)):
            got, reply = self.request(method, path, {} if method != "GET" else None)
            self.assertEqual(got, status, (method, path))
            self.assertIsInstance(reply["error"], str)
        status, reply = self.request("GET", "/api/info?x=1")
        self.assertEqual(status, 200)

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
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        answers = []
        thinking = threading.Thread(target=lambda: answers.append(
            self.request("POST", path + "/go", {"movetime": 1500})))
        thinking.start()
        while not self.server.board.games[game["id"]].searching:
            time.sleep(0.01)
        waiting = [threading.Thread(target=lambda: answers.append(self.request("GET", path)))
                   for _ in range(3)]
        for thread in waiting:
            thread.start()
        time.sleep(0.3)
        status, reply = self.request("GET", "/api/info")
        self.assertEqual((status, reply["error"]),
                         (503, "the board server is busy: too many connections"))
        for thread in [thinking] + waiting:
            thread.join(10)
        self.assertEqual([status for status, _ in answers], [200] * 4)
        status, reply = self.request("GET", "/api/info")
        self.assertEqual(status, 200)


class Idle(ServerCase):
    idle = 3.0

    def test_idle_game_is_ended(self):
        game = self.new_game()
        engine = self.server.board.games[game["id"]].engine
        kept = self.new_game()
        deadline = time.monotonic() + 5.5
        while time.monotonic() < deadline:
            self.request("POST", f"/api/games/{kept['id']}/heartbeat")
            time.sleep(0.2)
        self.assertFalse(engine.alive())
        status, reply = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual((status, reply["gone"]), (404, True))
        status, reply = self.request("POST", f"/api/games/{kept['id']}/heartbeat")
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
            server.Board("/nonexistent/wyrm", 2, 10)
        self.assertIn("cannot start the engine /nonexistent/wyrm", str(caught.exception))

    def test_engine_that_exits(self):
        with self.assertRaises(server.EngineDead) as caught:
            server.Board("/bin/true", 2, 10)
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
            status, game = self.post(port, "/api/games", {"game": "breakthrough"})
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
