#!/usr/bin/python3
"""Tests of the board page in a real browser: headless Chromium driven by Selenium through
Debian's chromedriver, in both of the page's modes: against the board server and the real
engine (Page), and as the static build of `make web` served by `python3 -m http.server`,
the engine compiled to WebAssembly in a Web Worker and no wyrm process serving anything
(StaticPage: the same tests). The native engine checks what the page shows in both.

Run: WYRM=build/release/wyrm WYRM_WEB=build/web /usr/bin/python3 tests/board/browser.py
With BOARD_SHOTS=<dir> set, a screenshot of each game after its moves is written there
(by the server's run); BOARD_GAMES=<id>,<id> limits the every-game tests to those games;
without WYRM_WEB/wyrm.wasm the static runs are skipped, saying so.
"""

import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "board"))
import server  # noqa: E402

ENGINE = os.path.abspath(os.environ.get("WYRM", os.path.join(ROOT, "wyrm")))
SHOTS = os.environ.get("BOARD_SHOTS")
WEB = os.path.abspath(os.environ.get("WYRM_WEB", os.path.join(ROOT, "build", "web")))
WAIT = 30.0


def browser(width=1280, height=960):
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(arg)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def script_errors(driver):
    """The page's script errors since the last call (refused requests are not errors)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]]


class Reference:
    """The engine itself, asked directly, to check what the page shows."""

    def __init__(self, default_variation):
        self.engine = server.Engine(ENGINE)
        self.game = None
        self.default_variation = default_variation
        self.variation = default_variation

    def position(self, game, moves, fen=None, variation=None):
        """The engine's description of a position; the knight variation is the engine's
        default unless one is given, as on the page."""
        if game != self.game:
            self.engine.command(f"setoption name UCI_Variant value {game}")
            self.game = game
        variation = variation or self.default_variation
        if variation != self.variation:
            self.engine.command(f"setoption name KnightVariation value {variation}")
            self.variation = variation
        start = "startpos" if fen is None else f"fen {fen}"
        self.engine.command(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        return self.engine.describe(list(moves))

    def d_fen(self):
        return next(line[5:] for line in self.engine.command("d") if line.startswith("Fen: "))

    def close(self):
        self.engine.kill()


class Pictures(unittest.TestCase):
    def test_render_then_check(self):
        """tools/pictures.py render draws each row as a PNG of the board and writes the lock
        that check then accepts."""
        tool = os.path.join(ROOT, "tools", "pictures.py")
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "pictures.tsv"), "w") as handle:
                handle.write("name\tgame\tfen\tmarks\tcaption\n"
                             "bt\tbreakthrough\tstartpos moves e2e3\te2,e3\tafter e2e3\n"
                             "qi\tdragonqi\tstartpos\te0,e16\tthe start\n")
            env = dict(os.environ, PICTURES_DIR=folder, WYRM=ENGINE)
            run = subprocess.run([sys.executable, tool, "render"], env=env, capture_output=True,
                                 text=True, timeout=120)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(run.stdout.splitlines(), [f"{folder}/bt.png", f"{folder}/qi.png"])
            sizes = []
            for name in ("bt", "qi"):
                with open(os.path.join(folder, f"{name}.png"), "rb") as handle:
                    head = handle.read(24)
                self.assertEqual(head[:8], b"\x89PNG\r\n\x1a\n")
                sizes.append(struct.unpack(">II", head[16:24]))
            # 8x8 cells of 64 units plus the margin; DragonQi is taller than wide.
            self.assertEqual(sizes[0], (520, 520))
            self.assertGreater(sizes[1][1], sizes[1][0])
            run = subprocess.run([sys.executable, tool, "check"], env=env, capture_output=True,
                                 text=True, timeout=60)
            self.assertEqual((run.returncode, run.stdout), (0, "3 passed, 0 failed\n"))


class ServerSide:
    """The board server with the native engine, as `make play` runs it."""

    mode = "server"  # the page's wyrmEngine.mode

    def __init__(self):
        self.server = server.start(port=0, engine=ENGINE, max_games=4)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.board = self.server.relay

    def close(self):
        server.stop_server(self.server)


class StaticSide:
    """`make web`'s folder served by `python3 -m http.server`: the page's engine is the
    WebAssembly one in its worker. The native engine is only asked for its options."""

    mode = "worker"  # the page's wyrmEngine.mode
    build = "wyrm"   # and wyrmEngine.build: one thread

    def command(self, port):
        return [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "-d", WEB,
                str(port)]

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(self.command(port), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(self.url + "index.html", timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise
                time.sleep(0.05)
        self.board = server.Relay(ENGINE, 1, 300.0)

    def close(self):
        self.process.terminate()
        self.process.wait()


class IsolatedSide(StaticSide):
    """The static build served with the headers that make the page cross-origin isolated:
    the page runs the threaded engine (wyrm-mt) in its worker."""

    build = "wyrm-mt"

    def command(self, port):
        return [sys.executable, os.path.join(ROOT, "tests", "board", "isolated.py"), WEB,
                str(port)]


class Page(unittest.TestCase):
    side = ServerSide

    @classmethod
    def setUpClass(cls):
        if cls.side is not ServerSide and not os.path.exists(os.path.join(WEB, "wyrm.wasm")):
            raise unittest.SkipTest(f"no static build in {WEB}: run make web (it needs "
                                    "emscripten: apt-get install emscripten)")
        cls.served = cls.side()
        cls.url = cls.served.url
        cls.board = cls.served.board
        cls.driver = browser()
        cls.ref = Reference(cls.board.options["KnightVariation"]["default"])
        only = os.environ.get("BOARD_GAMES")
        cls.games = only.split(",") if only else cls.board.variants

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.ref.close()
        cls.served.close()

    def static(self):
        return issubclass(self.side, StaticSide)

    def open_games(self):
        """How many games the page's board holds open (and, with the board server, how
        many engines the server runs: the same number)."""
        count = self.js("return wyrmLocal.count()")
        if not self.static():
            self.assertEqual(len(self.served.server.relay.engines), count)
        return count

    def game_state(self, name):
        """An attribute of the page's game as its model keeps it (skill, searching)."""
        return self.js(f"return wyrmLocal.game(ui.game.id).{name}")

    def served_engine(self):
        """The board server's engine of the page's game (relay.py's Relayed)."""
        return self.served.server.relay.engines[
            self.js("return wyrmLocal.game(ui.game.id).engine.id")]

    def tearDown(self):
        # The page must not have thrown: a script error is a failure even when the test's
        # own checks passed. Refused requests (4xx/5xx) are logged too and are expected.
        self.assertEqual(script_errors(self.driver), [])

    # Helpers -----------------------------------------------------------------------------

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def until(self, what, check):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.03)
        self.fail(f"timed out waiting for {what}; status: {self.status()!r}, "
                  f"message: {self.message()!r}")

    def open(self, query, idle=True):
        """Opens the page; waits for it to start and, unless told not to (a page whose
        engines play each other is never idle for long), to be idle."""
        self.driver.get(self.url + query)
        self.until("the page to start", lambda: self.js("return document.body.dataset.ready"))
        self.assertEqual(self.js("return document.body.dataset.ready"), "1", self.message())
        if idle:
            self.idle()

    def idle(self):
        self.until("the page to be idle",
                   lambda: self.js("return document.getElementById('board').dataset.busy") == "0")

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def message(self):
        return self.js("return document.getElementById('message').textContent")

    def played(self):
        return self.js("return [...document.querySelectorAll('#moves [data-move]')]"
                       ".map(e => e.dataset.move)")

    def board_fen(self):
        return self.js("return document.getElementById('board').dataset.fen")

    def cell(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board [data-cell="{name}"]')

    def wait_plies(self, count):
        self.until(f"{count} moves in the list",
                   lambda: len(self.played()) == count and
                   self.js("return document.getElementById('board').dataset.busy") == "0")

    def click_move(self, move):
        """Plays a move by clicking its origin, its destination and, when several moves
        share both, its line in the chooser."""
        self.cell(move["from"]).click()
        targets = self.js("return [...document.querySelectorAll('#board .destination')]"
                          ".map(e => e.dataset.cell)")
        self.assertIn(move["to"], targets)
        self.cell(move["to"]).click()
        if self.js("return !document.getElementById('chooser').hidden"):
            choices = self.js("return [...document.querySelectorAll('#choices [data-move]')]"
                              ".map(e => e.dataset.move)")
            self.driver.find_element(
                By.CSS_SELECTOR, f'#choices [data-move="{move["move"]}"]').click()
            return choices
        return None

    def drawn(self):
        """The cells and the pieces as the page drew them."""
        return self.js("""
            const cells = [...document.querySelectorAll('#board [data-cell]')];
            return {
                cells: cells.map(c => c.dataset.cell),
                pieces: cells.flatMap(c => [...c.querySelectorAll('.piece')].map(p =>
                    [c.dataset.cell, p.classList.contains('side-0') ? 0 : 1,
                     p.dataset.label])),
            };""")

    def assert_matches_engine(self, game, moves, fen=None, variation=None):
        position = self.ref.position(game, moves, fen, variation)
        self.assertEqual(self.played(), moves)
        self.assertEqual(self.board_fen(), self.ref.d_fen())
        self.assertEqual(self.board_fen(), position["fen"])
        drawn = self.drawn()
        self.assertEqual(sorted(drawn["cells"]), sorted(c["name"] for c in position["cells"]))
        self.assertEqual(sorted(map(tuple, drawn["pieces"])),
                         sorted((p["cell"], p["side"], p["label"]) for p in position["pieces"]))
        if position["result"]:
            self.assertEqual(self.status(), position["result"]["text"])
        else:
            side = position["sides"][position["turn"]]
            self.assertEqual(self.status(), f"{side[0].upper()}{side[1:]} to move")
        return position

    # Tests -------------------------------------------------------------------------------

    def test_every_game_three_moves_by_clicks(self):
        for game in self.games:
            with self.subTest(game=game):
                # A fixed depth keeps the engine's replies, and so the test, deterministic.
                self.open(f"?game={game}&white=human&black=engine&depth=2")
                self.assertEqual(self.js("return document.getElementById('game').value"), game)
                self.assertEqual(self.js("return wyrmEngine.mode"), self.served.mode)
                if self.static():
                    self.assertEqual(self.js("return wyrmEngine.build"), self.served.build)
                moves = []
                for _ in range(3):
                    position = self.ref.position(game, moves)
                    self.assertIsNone(position["result"])
                    move = position["moves"][0]
                    self.click_move(move)
                    moves.append(move["move"])
                    self.wait_plies(len(moves) + 1)
                    reply = self.played()[-1]
                    self.assertIn(reply, [m["move"] for m in
                                          self.ref.position(game, moves)["moves"]])
                    moves.append(reply)
                    self.assert_matches_engine(game, moves)
                self.assertEqual(len(moves), 6)
                if SHOTS and not self.static():
                    os.makedirs(SHOTS, exist_ok=True)
                    self.driver.save_screenshot(os.path.join(SHOTS, f"{game}.png"))

    def marked(self, kind):
        return sorted(self.js(f"return [...document.querySelectorAll('#board .cell.{kind}')]"
                              ".map(e => e.dataset.cell)"))

    def test_draughts_multi_capture(self):
        fen = "8/8/2p5/1p1p4/2pP4/8/8/8 w 0 1"
        self.open(f"?game=dragondraughts&white=human&black=human&fen={fen}")
        self.assertIsNone(self.click_move({"from": "d4", "to": "d6", "move": "d4b4b6d6"}))
        self.wait_plies(1)
        self.assert_matches_engine("dragondraughts", ["d4b4b6d6"], fen)
        self.assertEqual(self.marked("captured"), ["b5", "c4", "c6"])
        self.assertEqual(self.marked("last"), ["b4", "b6", "d4", "d6"])
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "#moves li").text,
                         "d4xb4xb6xd6 (takes 3)")

    def test_chooser(self):
        fen = "M7M/4P54/2P2p31p23/9/2C1C1C2/9/p1p17/9/M7M w - 0 1"
        self.open(f"?game=threedragons-strength&white=human&black=human&fen={fen}")
        choices = self.click_move({"from": "e8", "to": "e7", "move": "e8e7xf7"})
        self.assertEqual(choices, ["e8e7", "e8e7xf7"])
        self.wait_plies(1)
        self.assert_matches_engine("threedragons-strength", ["e8e7xf7"], fen)
        self.assertEqual(self.marked("captured"), ["f7"])
        pieces = {tuple(p[:2]) for p in self.drawn()["pieces"]}
        self.assertIn(("d7", 1), pieces)
        self.assertNotIn(("f7", 1), pieces)
        # The chooser can be left without playing.
        self.driver.find_element(By.ID, "undo").click()
        self.wait_plies(0)
        self.cell("e8").click()
        self.cell("e7").click()
        self.assertTrue(self.js("return !document.getElementById('chooser').hidden"))
        self.driver.find_element(By.ID, "choose-cancel").click()
        self.assertEqual(self.played(), [])
        self.assertEqual(self.marked("destination"), [])

    def test_vessel_action_chooser(self):
        """A DragonQi ship turning her bow stays on her cell: click her twice and choose."""
        self.open("?game=dragonqi&variation=Sword&white=human&black=human")
        position = self.ref.position("dragonqi", [], variation="Sword")
        self.assertTrue(position["fen"].endswith(" sword"))
        self.assertEqual(self.board_fen(), position["fen"])
        turns = [m["move"] for m in position["moves"] if m["from"] == m["to"] == "a10"]
        self.assertEqual(turns, ["a10~N", "a10~NE", "a10~E", "a10~SE"])
        choices = self.click_move({"from": "a10", "to": "a10", "move": "a10~NE"})
        self.assertEqual(choices, turns)
        self.wait_plies(1)
        self.assert_matches_engine("dragonqi", ["a10~NE"], variation="Sword")
        self.assertEqual(self.js("return [...document.querySelector('[data-cell=\"a10\"] .piece')"
                                 ".classList].filter(c => c.startsWith('st-'))"), ["st-bow-ne"])
        self.assertEqual(self.status(), "Forest to move")

    def test_game_to_its_end(self):
        fen = "8/8/8/8/8/P7/p7/8 b 0 1"
        self.open(f"?game=breakthrough&white=human&black=human&fen={fen}")
        self.click_move({"from": "a2", "to": "a1", "move": "a2a1"})
        self.wait_plies(1)
        position = self.assert_matches_engine("breakthrough", ["a2a1"], fen)
        self.assertEqual(self.status(), "Black wins: a black man reached White's home row")
        self.assertEqual(position["result"]["winner"], 1)
        self.assertEqual(self.js("return document.querySelectorAll('#board .movable').length"), 0)

    def test_dragonqi_won_with_points(self):
        fen = "9/9/5k1t1/3K5/9/9/9/9/9/9/9/9/9/4F4/9 F DQ0wdy0W - - 000000 - 0 1 lance"
        self.open(f"?game=dragonqi&white=human&black=human&fen={fen}")
        self.assertEqual(self.status(), "Forest to move")
        self.click_move({"from": "d12", "to": "e13", "move": "d12e13"})
        self.wait_plies(1)
        position = self.assert_matches_engine("dragonqi", ["d12e13"], fen)
        self.assertEqual(self.status(), "Forest wins by Direct Capture: 5-0")
        self.assertEqual(position["result"]["points"], [0, 5])
        self.assertEqual(self.marked("captured"), ["f13"])

    def test_engine_plays_to_the_end(self):
        fen = "8/8/8/8/P7/1p6/8/8 b 0 1"
        self.open(f"?game=breakthrough&white=engine&black=engine&movetime=20&fen={fen}")
        self.until("the game to end", lambda: "wins" in self.status())
        self.assertEqual(self.status(), "Black wins: a black man reached White's home row")
        self.assertEqual(len(self.played()), 3)

    def test_choosing_a_game_starts_it(self):
        self.open("?game=breakthrough&white=human&black=human")
        select = self.driver.find_element(By.ID, "game")
        self.assertEqual(self.js("return [...arguments[0].options].map(o => o.value)", select),
                         self.board.variants)
        self.assertFalse(self.driver.find_element(By.ID, "variation").is_displayed())
        select.find_element(By.CSS_SELECTOR, 'option[value="dragonqi"]').click()
        self.until("DragonQi", lambda: self.js("return document.getElementById('board')"
                                               ".dataset.game") == "dragonqi")
        self.idle()
        variation = self.driver.find_element(By.ID, "variation")
        self.assertTrue(variation.is_displayed())
        variation.find_element(By.CSS_SELECTOR, 'option[value="Pike"]').click()
        self.until("the Pike variation", lambda: self.board_fen().endswith(" pike"))
        self.idle()
        self.assert_matches_engine("dragonqi", [], variation="Pike")
        self.assertEqual(self.open_games(), 1)

    def test_closing_the_page_ends_its_engine(self):
        if self.static():
            self.skipTest("the page's own worker ends with the page")
        self.open("?game=dragonface&white=human&black=human")
        relayed = self.served_engine()
        engines = self.served.server.relay.engines
        self.driver.get("about:blank")
        # The page's last word removes the game; the engine is asked to quit, then ended.
        deadline = time.monotonic() + 10
        while (relayed.id in engines or relayed.engine.alive()) and \
                time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertNotIn(relayed.id, engines)
        self.assertFalse(relayed.engine.alive())

    def test_refused_link_position(self):
        self.open("?game=breakthrough&white=human&black=human&fen=8/8/9/8/8/8/8/8%20w%200%201")
        self.assertTrue(self.message().startswith("The link's position was not loaded: error:"),
                        self.message())
        self.assert_matches_engine("breakthrough", [])

    def test_link_with_moves_and_skill_control(self):
        self.open("?game=breakthrough&white=human&black=human&moves=e2e3,d7d6")
        self.assert_matches_engine("breakthrough", ["e2e3", "d7d6"])
        self.assertEqual(self.marked("last"), ["d6", "d7"])
        has_skill = "Skill Level" in self.board.options
        skill = self.driver.find_element(By.ID, "skill")
        self.assertEqual(skill.is_enabled(), has_skill)
        if has_skill:
            # The engine is told the level the box holds when it is asked for a move.
            skill.clear()
            skill.send_keys("3")
            self.driver.find_element(By.ID, "engine-move").click()
            self.wait_plies(3)
            self.assertEqual(self.game_state("skill"), 3)
            self.assert_matches_engine("breakthrough", ["e2e3", "d7d6", self.played()[2]])

    def test_take_back(self):
        self.open("?game=breakthrough&white=human&black=engine&movetime=30")
        self.click_move({"from": "d2", "to": "d3", "move": "d2d3"})
        self.wait_plies(2)
        self.driver.find_element(By.ID, "undo").click()
        self.wait_plies(0)
        self.assert_matches_engine("breakthrough", [])
        self.click_move({"from": "c2", "to": "c3", "move": "c2c3"})
        self.wait_plies(2)
        self.assertEqual(self.played()[0], "c2c3")

    def test_bad_fen_is_refused(self):
        self.open("?game=breakthrough&white=human&black=human")
        self.click_move({"from": "a2", "to": "a3", "move": "a2a3"})
        self.wait_plies(1)
        before = self.board_fen()
        box = self.driver.find_element(By.ID, "fen-input")
        box.send_keys("pppppppp/8/8 w nonsense")
        self.driver.find_element(By.ID, "load-fen").click()
        self.until("the error", self.message)
        self.assertTrue(self.message().startswith("error:"), self.message())
        self.assertEqual(self.board_fen(), before)
        self.assertEqual(self.played(), ["a2a3"])
        box.clear()
        good = "8/8/8/3p4/3P4/8/8/8 w 0 1"
        box.send_keys(good)
        self.driver.find_element(By.ID, "load-fen").click()
        self.until("the new position", lambda: self.board_fen() == good)
        self.assertEqual(self.played(), [])

    def test_history_and_flip(self):
        self.open("?game=breakthrough&white=human&black=human")
        for ply, move in enumerate(("a2a3", "h7h6", "b2b3"), 1):
            self.click_move({"from": move[:2], "to": move[2:], "move": move})
            self.wait_plies(ply)
        self.driver.find_element(By.CSS_SELECTOR, '#moves [data-move="a2a3"]').click()
        after_one = self.ref.position("breakthrough", ["a2a3"])["fen"]
        self.until("move 1 shown", lambda: self.board_fen() == after_one)
        self.assertIn("looking at move 1 of 3", self.status())
        self.driver.find_element(By.ID, "live").click()
        self.until("the game shown", lambda: "looking" not in self.status())
        a1 = self.cell("a1").rect
        h8 = self.cell("h8").rect
        self.assertGreater(a1["y"], h8["y"])
        self.driver.find_element(By.ID, "flip").click()
        a1 = self.cell("a1").rect
        h8 = self.cell("h8").rect
        self.assertLess(a1["y"], h8["y"])
        self.assertGreater(a1["x"], h8["x"])

    def test_engine_gone(self):
        self.open("?game=breakthrough&white=human&black=human")
        game_id = self.js("return ui.game.id")
        if self.static():
            # The worker ends without a word, as a crashed tab's would: the engine's
            # silence is what the page sees.
            self.js("wyrmLocal.game(ui.game.id).engine.worker.terminate()")
            why = "the engine stopped answering"
        else:
            os.kill(self.served_engine().engine.proc.pid, 9)
            why = "the engine was killed by signal 9"
        self.click_move({"from": "a2", "to": "a3", "move": "a2a3"})
        self.until("the restart offer",
                   lambda: self.driver.find_elements(By.ID, "restart"))
        self.assertIn(why, self.message())
        self.driver.find_element(By.ID, "restart").click()
        self.until("a new game", lambda: self.js("return ui.game && !ui.game.dead"))
        self.idle()
        self.assertEqual(self.status(), "White to move")


def run(suite):
    """Runs browser tests; the last line gives the counts, and the exit status fails."""
    try:
        result = unittest.TextTestRunner(verbosity=2).run(suite)
    except WebDriverException as err:
        print(f"the browser could not be started: {err.msg}")
        print("0 passed, 1 failed")
        sys.exit(1)
    failed = len(result.failures) + len(result.errors)
    print(f"{result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


class StaticPage(Page):
    """Every test of Page, on the static build with the engine in the page's worker."""

    side = StaticSide


class IsolatedPage(Page):
    """The static build in a cross-origin isolated page, its engine searching with threads:
    the tests of a game played, an engine's game, take-back and an engine lost."""

    side = IsolatedSide
    tests = ("test_every_game_three_moves_by_clicks", "test_engine_plays_to_the_end",
             "test_take_back", "test_engine_gone")


if __name__ == "__main__":
    run(unittest.TestSuite([unittest.defaultTestLoader.loadTestsFromTestCase(Pictures),
                            unittest.defaultTestLoader.loadTestsFromTestCase(Page),
                            unittest.defaultTestLoader.loadTestsFromTestCase(StaticPage),
                            unittest.TestSuite(IsolatedPage(name)
                                               for name in IsolatedPage.tests)]))
