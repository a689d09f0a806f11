#!/usr/bin/python3
"""Tests of the board's game model (board/static/model.js) through its routes, in headless
Chromium, in both of the page's modes: over the board server's native engines (Model) and
over the WebAssembly engine in a worker of the static build (StaticModel: the same tests).
A page of these tests (tests/board/model.html) loads the model alone, served beside the
board's files; each request is the page's own (page.js's api), answered by the model.

Run: WYRM=build/release/wyrm WYRM_WEB=build/web /usr/bin/python3 tests/board/model.py
Without WYRM_WEB/wyrm.wasm the static runs are skipped, saying so.
"""

import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import (ENGINE, ROOT, WEB, StaticSide, browser, run, script_errors,  # noqa: E402
                     server)
from test_server import START_FEN, Patched, engine_says  # noqa: E402

PAGE = os.path.join(ROOT, "tests", "board", "model.html")
KILLED = "the engine was killed by signal 9; start a new game"


def folder_with_page(source):
    """A copy of a folder of the board's files, with the model's test page beside them."""
    files = tempfile.TemporaryDirectory()
    shutil.copytree(source, files.name, dirs_exist_ok=True)
    shutil.copy(PAGE, files.name)
    return files


class ServerSideModel:
    """The board server with its native engines, as `make play` runs it."""

    mode = "server"

    def __init__(self, max_games, idle):
        self.files = folder_with_page(os.path.join(ROOT, "board", "static"))
        self.server = server.start(port=0, engine=ENGINE, max_games=max_games, idle=idle,
                                   static_dir=self.files.name)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/model.html"

    def close(self):
        server.stop_server(self.server)
        self.files.cleanup()


class StaticSideModel(StaticSide):
    """`make web`'s folder served by `python3 -m http.server`: the engine in a worker."""

    mode = "worker"

    def __init__(self, max_games, idle):
        del max_games, idle  # a page's worker engine has neither a cap nor a reaper
        self.files = folder_with_page(WEB)
        super().__init__()
        self.url += "model.html"

    def command(self, port):
        return [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "-d",
                self.files.name, str(port)]

    def close(self):
        super().close()
        self.files.cleanup()


class Model(unittest.TestCase):
    side = ServerSideModel
    max_games = 3

    @classmethod
    def setUpClass(cls):
        if cls.side is not ServerSideModel and not os.path.exists(os.path.join(WEB, "wyrm.wasm")):
            raise unittest.SkipTest(f"no static build in {WEB}: run make web (it needs "
                                    "emscripten: apt-get install emscripten)")
        cls.served = cls.side(cls.max_games, 300.0)
        cls.driver = browser()
        cls.driver.set_script_timeout(120)
        cls.driver.get(cls.served.url)
        deadline = time.monotonic() + 60
        while not cls.driver.execute_script("return document.body.dataset.ready"):
            if time.monotonic() > deadline:
                raise AssertionError("the model's page did not start")
            time.sleep(0.05)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.served.close()

    def setUp(self):
        self.assertEqual(self.js("return document.body.dataset.ready"), "1")
        self.assertEqual(self.js("return document.body.dataset.mode"), self.served.mode)
        self.opened = []

    def tearDown(self):
        for game_id in self.opened:
            self.request("POST", f"/api/games/{game_id}/close")
        self.until("every game to be closed", lambda: self.open_games() == 0)
        self.assertEqual(script_errors(self.driver), [])

    # Helpers -----------------------------------------------------------------------------

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def static(self):
        return self.served.mode == "worker"

    def until(self, what, check, seconds=20):
        deadline = time.monotonic() + seconds
        while not check():
            if time.monotonic() > deadline:
                self.fail(f"timed out waiting for {what}")
            time.sleep(0.02)

    def ask(self, method, path, body=None):
        """Starts a request of the page; answer() waits for its reply."""
        return self.js("return ask(arguments[0], arguments[1], arguments[2])", method, path,
                       body)

    def answer(self, key):
        status, reply = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "answer(arguments[0]).then(done, (err) => done([0, {error: String(err)}]));", key)
        if status == 201 and isinstance(reply, dict) and "id" in reply:
            self.opened.append(reply["id"])
        return status, reply

    def request(self, method, path, body=None):
        return self.answer(self.ask(method, path, body))

    def new_game(self, **body):
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough", **body})
        self.assertEqual(status, 201, reply)
        return reply

    def open_games(self):
        """The model's open games; with the board server, it runs as many engines."""
        count = self.js("return wyrmLocal.count()")
        if self.static():
            return count
        engines = len(self.served.server.relay.engines)
        return count if engines == count else -1

    def game(self, game_id, name):
        """An attribute of a game as the model keeps it."""
        return self.js(f"return wyrmLocal.game(arguments[0]).{name}", game_id)

    def served_engine(self, game_id):
        """The board server's engine of a game (relay.py's Relayed)."""
        return self.served.server.relay.engines[self.game(game_id, "engine.id")]

    def server_only(self, why="it ends the board server's engine process (a worker's end "
                    "is browser.py's test_engine_gone)"):
        if self.static():
            self.skipTest(why)

    # A game ------------------------------------------------------------------------------

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
        self.assertEqual(info["mode"], self.served.mode)
        self.assertEqual((info["limits"]["games"], info["limits"]["idle"]),
                         (1, 0) if self.static() else (self.max_games, 300.0))

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
        game = self.new_game()
        legal = [m["move"] for m in game["position"]["moves"]]
        kept = self.js("return modelLimits.SEARCH_LIMIT_MS")
        self.js("modelLimits.SEARCH_LIMIT_MS = 500")
        try:
            begun = time.monotonic()
            status, view = self.request("POST", f"/api/games/{game['id']}/go", {"depth": 64})
            self.assertLess(time.monotonic() - begun, 5)
        finally:
            self.js("modelLimits.SEARCH_LIMIT_MS = arguments[0]", kept)
        self.assertEqual(status, 200, view)
        self.assertIn(view["bestmove"], legal)
        self.assertEqual(view["moves"], [view["bestmove"]])
        status, view = self.request("POST", f"/api/games/{game['id']}/go", {"depth": 1})
        self.assertEqual((status, len(view["moves"])), (200, 2))

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
            self.assertEqual((status, reply["error"]),
                             (400, f"illegal move {move} in this position"))
        status, view = self.request("GET", path)
        self.assertEqual((view["moves"], view["position"]["turn"]), (["a2a3"], 1))

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
        self.assertEqual((status, reply["error"]), (400, "plies must be 1 to 2000"))

    def test_ply_view(self):
        game = self.new_game(moves=["a2a3", "h7h6"])
        path = f"/api/games/{game['id']}"
        status, view = self.request("GET", path + "/ply/1")
        self.assertEqual((status, view["ply"], view["last"]["move"]), (200, 1, "a2a3"))
        self.assertEqual(view["position"]["fen"],
                         "pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1")
        status, view = self.request("GET", path + "/ply/0")
        self.assertEqual((status, view["last"], view["position"]["fen"]), (200, None, START_FEN))
        for bad in ("3", "-1", "x", "1e3", "%C2%B2", "\u00b2"):
            status, reply = self.request("GET", path + "/ply/" + bad)
            self.assertEqual((status, reply["error"]), (404, "ply must be 0 to 2"), bad)
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

    def test_fen_with_moves_is_refused_at_once(self):
        game = self.new_game()
        for fen in (START_FEN + " moves a2a3", START_FEN + " moves", "moves a2a3"):
            status, reply = self.request("POST", f"/api/games/{game['id']}/fen", {"fen": fen})
            self.assertEqual((status, reply["error"]),
                             (400, "the word 'moves' is not part of a FEN"), fen)
            status, reply = self.request("POST", "/api/games", {"game": "dragonqi", "fen": fen})
            self.assertEqual((status, reply["error"]),
                             (400, "the word 'moves' is not part of a FEN"), fen)
        status, view = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual((status, view["moves"], view["start"]), (200, [], "startpos"))
        # A FEN with a word that merely contains "moves" goes to the engine, which refuses it.
        status, reply = self.request("POST", f"/api/games/{game['id']}/fen",
                                     {"fen": START_FEN + " nomoves"})
        self.assertEqual(status, 400)
        self.assertTrue(reply["error"].startswith("error:"), reply)

    def test_game_over(self):
        game = self.new_game(fen="8/8/8/8/8/8/8/P6p w 0 1")
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
        self.until("the refused games' engines to end", lambda: self.open_games() == 0)

    def test_requests_are_checked(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        for body, error in (({}, "missing field 'move'"),
                            ({"move": 12}, "field 'move' must be a string"),
                            ({"move": "a2a3\nquit"}, "a move is one word of printable ASCII"),
                            ({"move": "a2a3 a3a4"}, "a move is one word of printable ASCII"),
                            ({"move": "a" * 100}, "a move is one word of printable ASCII")):
            status, reply = self.request("POST", path + "/move", body)
            self.assertEqual((status, reply["error"]), (400, error), body)
        for body, error in (({"movetime": "fast"}, "field 'movetime' must be an integer"),
                            ({"movetime": 5}, "movetime must be 10 to 600000"),
                            ({"depth": 0}, "depth must be 1 to 64"),
                            ({"depth": True}, "field 'depth' must be an integer")):
            status, reply = self.request("POST", path + "/go", body)
            self.assertEqual((status, reply["error"]), (400, error), body)
        for body in ({"fen": "8/8/8/8/8/8/8/8 w 0 1\nquit"}, {"fen": ""}, {"fen": "x" * 1001},
                     {"fen": "\u00e9"}):
            status, reply = self.request("POST", path + "/fen", body)
            self.assertEqual((status, reply["error"]),
                             (400, "a FEN is 1 to 1000 printable ASCII characters on one line"))
        for body, error in (({"moves": [[["a2a3"]]]},
                             "moves is a list of at most 2000 move strings"),
                            ({"moves": ["a2a3"] * 2001},
                             "moves is a list of at most 2000 move strings"),
                            ({"moves": "a2a3"}, "field 'moves' must be a list"),
                            ({"game": 1.5}, "field 'game' must be a string")):
            status, reply = self.request("POST", "/api/games", {"game": "breakthrough", **body})
            self.assertEqual((status, reply["error"]), (400, error), body)
        status, view = self.request("GET", path)
        self.assertEqual((status, view["moves"], view["position"]["fen"]), (200, [], START_FEN))
        # A skill is taken when the engine has the option (and the engine then moves).
        status, reply = self.request("POST", path + "/go", {"skill": 5, "depth": 1})
        self.assertEqual(status, 200, reply)
        status, reply = self.request("POST", path + "/go", {"skill": 99, "depth": 1})
        self.assertEqual((status, reply["error"]), (400, "skill must be 0 to 20"))
        self.assertEqual(self.open_games(), 1)

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
                                     ("GET", "/api/games/xyz", 404)):
            got, reply = self.request(method, path, {} if method != "GET" else None)
            self.assertEqual(got, status, (method, path))
            self.assertIsInstance(reply["error"], str)

    def test_stop_abandons_the_search(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        begun = time.monotonic()
        thinking = self.ask("POST", path + "/go", {"movetime": 20000})
        self.until("the search", lambda: self.game(game["id"], "searching"))
        self.assertEqual(self.request("POST", path + "/stop", {}), (200, {"stopped": True}))
        status, view = self.answer(thinking)
        self.assertLess(time.monotonic() - begun, 5)
        self.assertEqual((status, view["bestmove"], view["moves"]), (200, None, []))
        status, view = self.request("POST", path + "/go", {"depth": 1})
        self.assertEqual((status, len(view["moves"])), (200, 1))

    def test_close(self):
        game = self.new_game()
        engine = None if self.static() else self.served_engine(game["id"]).engine
        status, reply = self.request("POST", f"/api/games/{game['id']}/close")
        self.assertEqual((status, reply), (200, {"closed": True}))
        if engine is not None:
            self.until("the engine to end", lambda: not engine.alive())
        status, reply = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual((status, reply), (404, {"error": "the game was closed", "gone": True}))
        status, reply = self.request("POST", f"/api/games/{game['id']}/close")
        self.assertEqual((status, reply), (200, {"closed": False}))

    def test_replace_closes_the_old_game(self):
        old = self.new_game()
        new = self.new_game(replace=old["id"])
        self.assertEqual(self.open_games(), 1)
        status, reply = self.request("GET", f"/api/games/{old['id']}")
        self.assertEqual((status, reply["error"]),
                         (404, "the game was closed: a new game replaced it"))
        self.assertEqual(self.request("GET", f"/api/games/{new['id']}")[0], 200)

    def test_game_closed_under_a_waiting_request(self):
        """A `go` waiting behind another request, and the search running, when the page
        closes the game: each is told the game was closed, not that the engine exited."""
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        running = self.ask("POST", path + "/go", {"movetime": 20000})
        self.until("the search", lambda: self.game(game["id"], "searching"))
        waiting = self.ask("POST", path + "/go", {"depth": 3})
        time.sleep(0.3)
        begun = time.monotonic()
        self.assertEqual(self.request("POST", path + "/close", {}), (200, {"closed": True}))
        for key in (running, waiting):
            status, reply = self.answer(key)
            self.assertEqual((status, reply["error"], reply["gone"]),
                             (410, "the game was closed before the engine answered", True))
        self.assertLess(time.monotonic() - begun, 5)
        status, reply = self.request("GET", path)
        self.assertEqual((status, reply), (404, {"error": "the game was closed", "gone": True}))

    def test_games_at_once(self):
        games = [self.new_game() for _ in range(self.max_games)]
        asked = []
        for game in games:
            path = f"/api/games/{game['id']}"
            asked.append([self.ask("POST", path + "/move", {"move": "c2c3"}),
                          self.ask("POST", path + "/go", {"movetime": 100}),
                          self.ask("POST", path + "/move", {"move": "d2d3"})])
        for keys in asked:
            replies = [self.answer(key) for key in keys]
            self.assertEqual([status for status, _ in replies], [200, 200, 200], replies)
            moves = replies[2][1]["moves"]
            self.assertEqual((len(moves), moves[0], moves[2]), (3, "c2c3", "d2d3"))

    # The board server's engines ----------------------------------------------------------

    def test_silent_engine_is_ended(self):
        self.server_only()
        game = self.new_game()
        engine = self.served_engine(game["id"]).engine
        try:
            with Patched(REPLY_TIMEOUT=0.3):
                os.kill(engine.proc.pid, signal.SIGSTOP)
                status, reply = self.request("POST", f"/api/games/{game['id']}/move",
                                             {"move": "a2a3"})
        finally:
            if engine.alive():
                os.kill(engine.proc.pid, signal.SIGCONT)
        self.assertEqual((status, reply),
                         (502, {"error": "the engine stopped answering; start a new game",
                                "dead": True}))
        self.assertFalse(engine.alive())

    def test_killed_engine(self):
        self.server_only()
        game = self.new_game()
        engine = self.served_engine(game["id"]).engine
        os.kill(engine.proc.pid, signal.SIGKILL)
        engine.proc.wait()
        status, reply = self.request("POST", f"/api/games/{game['id']}/move", {"move": "a2a3"})
        self.assertEqual((status, reply), (502, {"error": KILLED, "dead": True}))
        # Later requests are told the same, not that the game was closed.
        for method, action in (("GET", ""), ("POST", "/heartbeat"), ("POST", "/go")):
            status, reply = self.request(method, f"/api/games/{game['id']}{action}",
                                         {} if method == "POST" else None)
            self.assertEqual((status, reply), (502, {"error": KILLED, "dead": True}), action)
        self.assertEqual(self.open_games(), 0)
        self.new_game()

    def test_engine_killed_between_requests(self):
        """An engine that dies while no request is running: the page's next heartbeat
        says it died."""
        self.server_only()
        game = self.new_game()
        engine = self.served_engine(game["id"]).engine
        os.kill(engine.proc.pid, signal.SIGKILL)
        engine.proc.wait()
        status, reply = self.request("POST", f"/api/games/{game['id']}/heartbeat", {})
        self.assertEqual((status, reply), (502, {"error": KILLED, "dead": True}))
        status, reply = self.request("GET", f"/api/games/{game['id']}/ply/0")
        self.assertEqual((status, reply["error"]), (502, KILLED))
        self.assertEqual(self.open_games(), 0)

    def test_engine_killed_while_thinking(self):
        self.server_only()
        game = self.new_game()
        engine = self.served_engine(game["id"]).engine
        threading.Timer(0.3, lambda: os.kill(engine.proc.pid, signal.SIGKILL)).start()
        status, reply = self.request("POST", f"/api/games/{game['id']}/go", {"movetime": 5000})
        self.assertEqual((status, reply), (502, {"error": KILLED, "dead": True}))
        self.assertEqual(self.open_games(), 0)

    def test_cap_on_games(self):
        self.server_only("the page's own worker engines have no cap")
        games = [self.new_game() for _ in range(self.max_games)]
        status, reply = self.request("POST", "/api/games", {"game": "breakthrough"})
        self.assertEqual((status, reply["error"]),
                         (503, f"the server already runs {self.max_games} games, the most it "
                          "allows: close another board tab or wait for one to time out"))
        self.assertEqual(self.open_games(), self.max_games)
        self.request("POST", f"/api/games/{games[0]['id']}/close")
        self.new_game(replace=games[1]["id"])
        self.new_game()

    def test_silent_page_ends_its_game(self):
        """The server ends the engine of a page that has said nothing for its idle time;
        the page's next heartbeat is told why."""
        self.server_only("a page's worker engine ends with the page")
        game = self.new_game()
        relay = self.served.server.relay
        idle, relay.idle = relay.idle, 0.5
        try:
            self.until("the engine to be ended", lambda: not relay.engines, 10)
        finally:
            relay.idle = idle
        status, reply = self.request("POST", f"/api/games/{game['id']}/heartbeat", {})
        self.assertEqual((status, reply),
                         (404, {"error": "the game was ended after 0.5 s without a word from "
                                "its page", "gone": True}))
        status, reply = self.request("GET", f"/api/games/{game['id']}")
        self.assertEqual(status, 404)
        self.assertEqual(self.open_games(), 0)

    # Analysis ----------------------------------------------------------------------------

    def poll(self, path, since=0):
        status, reply = self.request("GET", f"{path}/analysis/{since}")
        self.assertEqual(status, 200, reply)
        return reply

    def test_live_analysis_until_stopped(self):
        game = self.new_game()
        path = f"/api/games/{game['id']}"
        legal = {m["move"] for m in game["position"]["moves"]}
        analysing = self.ask("POST", path + "/analyse", {"infinite": True})
        deadline = time.monotonic() + 20
        lines = []
        while time.monotonic() < deadline and len(lines) < 5:
            reply = self.poll(path, len(lines))
            if reply["search"] == 1:
                self.assertEqual((reply["from"], reply["kind"], reply["ply"], reply["done"]),
                                 (len(lines), "analyse", 0, False))
                lines += reply["lines"]
            time.sleep(0.05)
        self.assertEqual(self.request("POST", path + "/stop", {}), (200, {"stopped": True}))
        status, result = self.answer(analysing)
        self.assertGreaterEqual(len(lines), 5)
        depths = [line["depth"] for line in lines]
        self.assertEqual(depths[:5], [1, 2, 3, 4, 5])
        self.assertEqual(depths, sorted(depths))
        for line in lines:
            self.assertIn(line["pv"][0], legal)
            self.assertLessEqual(set(line["score"]), {"cp", "mate"})
            self.assertGreater(line["nodes"], 0)
        # Each principal variation is a line of legal moves: the model plays it out.
        status, played = self.request("POST", "/api/games",
                                      {"game": "breakthrough", "moves": lines[-1]["pv"]})
        self.assertEqual(status, 201, played)
        self.assertEqual(result["ply"], 0)
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
        self.js("const e = wyrmLocal.game(arguments[0]).engine, plain = e.send.bind(e);"
                "e.sent = []; e.send = (c) => { e.sent.push(c); return plain(c); };",
                game["id"])
        legal = {m["move"] for m in game["position"]["moves"]}
        status, view = self.request("POST", path + "/go", {"wtime": 60000, "btime": 3000,
                                                           "winc": 100, "binc": 200,
                                                           "movestogo": 7})
        self.assertEqual(status, 200, view)
        self.assertIn(view["bestmove"], legal)
        self.assertEqual(view["moves"], ["e2e3", view["bestmove"]])
        reply = self.poll(path)
        self.assertEqual((reply["kind"], reply["ply"], reply["done"], reply["bestmove"]),
                         ("go", 1, True, view["bestmove"]))
        self.assertTrue(reply["lines"])
        self.assertEqual(reply["lines"][-1]["pv"][0], view["bestmove"])
        status, view = self.request("POST", path + "/go", {"wtime": 5000, "btime": 5000})
        self.assertEqual(status, 200, view)
        go = [c for c in self.game(game["id"], "engine.sent") if c.startswith("go")]
        self.assertEqual(go, ["go wtime 60000 btime 3000 winc 100 binc 200 movestogo 7",
                              "go wtime 5000 btime 5000"])

    def test_bad_analysis_requests(self):
        game = self.new_game(moves=["e2e3"])
        path = f"/api/games/{game['id']}"
        status, reply = self.request("GET", path + "/analysis")
        self.assertEqual((status, reply["search"], reply["done"]), (200, 0, True))
        clock = "give one of movetime, depth, a clock (wtime, btime...) or infinite"
        for action, body, error in (
                ("analyse", {"wtime": 1000, "btime": 1000}, "an analysis takes no clock"),
                ("analyse", {"movestogo": 3}, "an analysis takes no clock"),
                ("analyse", {"depth": 3, "movetime": 100}, clock),
                ("analyse", {"infinite": True, "depth": 3}, clock),
                ("analyse", {"infinite": "yes"}, "field 'infinite' must be a bool"),
                ("analyse", {"ply": 2}, "ply must be 0 to 1"),
                ("analyse", {"ply": -1}, "ply must be 0 to 1"),
                ("go", {"infinite": True}, "a move the engine plays needs a limit"),
                ("go", {"wtime": 1000}, "a clock needs both wtime and btime"),
                ("go", {"wtime": 1000, "btime": -5}, "btime must be 0 to 360000000"),
                ("go", {"wtime": 1000, "btime": 1000, "movestogo": 0},
                 "movestogo must be 1 to 10000"),
                ("go", {"wtime": 1000, "btime": 1000, "depth": 2}, clock)):
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

    def test_info_lines_read_only_as_numbers(self):
        line = ("info depth 7 seldepth 9 multipv 1 score mate -3 upperbound nodes 1234 "
                "nps 5000 hashfull 1 time 17 pv a2a3 b7b6")
        self.assertEqual(self.js("return parseInfo(arguments[0])", line),
                         {"depth": 7, "seldepth": 9, "multipv": 1, "score": {"mate": -3},
                          "bound": "upper", "nodes": 1234, "nps": 5000, "hashfull": 1,
                          "time": 17, "pv": ["a2a3", "b7b6"]})
        for bad in ("info depth 3 currmove a2a3 currmovenumber 1", "info string pv a2a3",
                    "info depth x pv a2a3", "info depth 3 score cp 1e9 pv a2a3",
                    "info nodes 5 pv a2a3", "bestmove a2a3", ""):
            self.assertIsNone(self.js("return parseInfo(arguments[0])", bad), bad)


class StaticModel(Model):
    """Every test of Model, on the static build with the engine in the page's worker."""

    side = StaticSideModel


if __name__ == "__main__":
    run(unittest.TestSuite([unittest.defaultTestLoader.loadTestsFromTestCase(Model),
                            unittest.defaultTestLoader.loadTestsFromTestCase(StaticModel)]))
