#!/usr/bin/python3
"""Tests of the board as analysis desk and referee in a real browser (headless Chromium
through Debian's chromedriver), against the board server and the real engine: live
analysis, hints, engine against engine, the referee's legal-move list, clocks and PGN.

Like browser.py, every test runs against the board server (Desk) and against the static
build with the WebAssembly engine in the page (StaticDesk).

Run: WYRM=build/release/wyrm WYRM_WEB=build/web /usr/bin/python3 tests/board/desk.py
With BOARD_SHOTS=<dir> set, the screenshots of docs/board.md are written there (by the
server's run).
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import ENGINE, SHOTS, IsolatedSide, Page, StaticSide, run  # noqa: E402

PLY_CAP = 12  # plies of each engine-against-engine game, when it has not ended before


class SentInPage:
    """The commands the page's engine was sent, read when iterated."""

    def __init__(self, page):
        self.page = page

    def __iter__(self):
        return iter(self.page.js("return wyrmLocal.game(ui.game.id).engine.sent"))


class Desk(Page):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.downloads = tempfile.TemporaryDirectory()
        cls.driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                                   {"behavior": "allow", "downloadPath": cls.downloads.name})

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.downloads.cleanup()

    # Helpers -----------------------------------------------------------------------------

    def shot(self, name, height=None):
        if not SHOTS or self.static():
            return
        os.makedirs(SHOTS, exist_ok=True)
        self.js("window.scrollTo(0, 0)")
        if height:
            self.driver.set_window_size(1280, height)
        self.driver.save_screenshot(os.path.join(SHOTS, f"{name}.png"))
        if height:
            self.driver.set_window_size(1280, 960)

    def lines(self):
        """The info lines the page has received of the search it shows."""
        return self.js("return desk.watch ? desk.watch.lines : []")

    def legal(self, game, moves, fen=None):
        return [m["move"] for m in self.ref.position(game, moves, fen)["moves"]]

    def assert_legal_line(self, game, moves, line, fen=None):
        """Each move of `line`, played after `moves`, is legal where it is played."""
        for move in line:
            self.assertIn(move, self.legal(game, moves, fen), (moves, line))
            moves = moves + [move]

    def clock(self, side):
        node = self.driver.find_element(By.ID, f"clock-p{side}")
        return node.text, int(node.get_attribute("data-ms")), \
            int(node.get_attribute("data-moves"))

    def engine_commands(self):
        """Records the commands the page's model sends to its game's engine (the board
        server's, or the worker's in the static build)."""
        self.js("const e = wyrmLocal.game(ui.game.id).engine, plain = e.send.bind(e);"
                "e.sent = []; e.send = (c) => { e.sent.push(c); return plain(c); };")
        return SentInPage(self)

    def save_pgn(self):
        before = set(os.listdir(self.downloads.name))
        self.driver.find_element(By.ID, "pgn-save").click()

        def written():
            """The new .pgn file's path once it holds something: Chromium can show the
            file under its name before its bytes are written."""
            for name in os.listdir(self.downloads.name):
                path = os.path.join(self.downloads.name, name)
                if name not in before and name.endswith(".pgn") and os.path.getsize(path):
                    return path
            return None

        path = self.until("the PGN file", written)
        with open(path) as handle:
            text = handle.read()
        self.assertEqual(text, self.js("return window.wyrmLastPgn"))
        return path, text

    def open_pgn(self, path):
        self.driver.find_element(By.ID, "pgn-file").send_keys(path)
        self.until("the PGN's game", lambda: self.js("return ui.ply") == 0)
        self.idle()

    def step_through(self, game, moves, fen=None, shot=None):
        """Steps from the start to the end with the › button; the board, the status and
        the analysis follow."""
        for ply in range(len(moves) + 1):
            expected = self.ref.position(game, moves[:ply], fen)
            self.until(f"ply {ply}", lambda: self.board_fen() == expected["fen"] and
                       self.js("return document.getElementById('board').dataset.ply") ==
                       str(ply))
            if ply < len(moves):
                self.assertIn(f"(looking at move {ply} of {len(moves)})", self.status())
                self.until("the analysis of this ply", lambda: self.js(
                    "return desk.watch && desk.watch.ply === arguments[0] && "
                    "desk.watch.lines.length > 0", ply))
                pv = self.lines()[-1]["pv"]
                self.assert_legal_line(game, moves[:ply], pv[:4], fen)
                if shot and ply == len(moves) // 2:
                    self.until("a few depths", lambda: len(self.lines()) >= 6)
                    self.shot(shot, 1280)
                self.driver.find_element(By.ID, "next").click()

    # Tests -------------------------------------------------------------------------------

    def test_live_analysis(self):
        self.open("?game=breakthrough&white=human&black=human&moves=e2e3,d7d6")
        self.driver.find_element(By.ID, "analyse").click()
        self.until("depth 6", lambda: any(line["depth"] >= 6 for line in self.lines()))
        lines = self.lines()
        depths = [line["depth"] for line in lines]
        self.assertEqual(depths[:6], [1, 2, 3, 4, 5, 6])
        self.assertEqual(depths, sorted(depths))
        self.assertEqual(self.js("return desk.watch.ply"), 2)
        for line in lines:
            self.assert_legal_line("breakthrough", ["e2e3", "d7d6"], line["pv"])
        # The panel shows the newest line first: depth, score, nodes, the moves.
        row = self.js("const r = document.querySelector('#analysis-lines tr');"
                      "return [r.dataset.depth, r.dataset.pv, "
                      "[...r.cells].map(c => c.textContent)]")
        self.assertEqual(row[2][3], row[1])
        self.assertRegex(row[2][1], r"^[≥≤ ]*[+-]?\d+\.\d\d$")
        self.assertRegex(row[2][2], r"^\d{1,3}(,\d{3})*$")
        self.shot("desk-analysis", 1280)
        # The analysis follows the position: a move made, the new position is searched.
        self.click_move({"from": "a2", "to": "a3", "move": "a2a3"})
        self.wait_plies(3)
        self.until("the analysis of the new position", lambda: self.js(
            "return desk.watch && desk.watch.ply === 3 && desk.watch.lines.length > 2"))
        self.assert_legal_line("breakthrough", ["e2e3", "d7d6", "a2a3"], self.lines()[-1]["pv"])
        self.driver.find_element(By.ID, "analyse").click()
        self.until("the analysis to stop", lambda: not self.game_state("searching"))
        # A forced win is said in words.
        self.open("?game=breakthrough&white=human&black=human&fen=8/8/8/8/8/P7/p7/8 b 0 1")
        self.driver.find_element(By.ID, "analyse").click()
        self.until("the mate", lambda: "Black mates in 1" in
                   self.driver.find_element(By.ID, "analysis-best").text)
        self.driver.find_element(By.ID, "analyse").click()

    def test_hint(self):
        self.open("?game=dragonface&white=human&black=human&movetime=200&moves=c3b4")
        self.driver.find_element(By.ID, "hint").click()
        self.until("the hint", lambda: self.js(
            "return document.getElementById('board').dataset.hint"))
        hint = self.js("return desk.hint")
        position = self.ref.position("dragonface", ["c3b4"])
        legal = {m["move"]: m for m in position["moves"]}
        self.assertIn(hint["move"], legal)
        self.assertEqual(self.js("return document.getElementById('board').dataset.hint"),
                         hint["move"])
        marked = self.marked("hint")
        self.assertIn(legal[hint["move"]]["from"], marked)
        self.assertIn(legal[hint["move"]]["to"], marked)
        self.assertEqual(marked, sorted(set(legal[hint["move"]]["path"])))
        self.assertEqual(self.driver.find_element(By.ID, "hint-text").text,
                         f"Hint: {legal[hint['move']]['text']}")
        # A hint plays nothing.
        self.assertEqual(self.played(), ["c3b4"])
        self.shot("desk-hint")

    def test_engine_against_engine_every_game(self):
        for game in self.games:
            with self.subTest(game=game):
                self.open(f"?game={game}&white=engine&black=engine&depth=1", idle=False)
                self.until("the game's end or the cap", lambda: len(self.played()) >= PLY_CAP
                           or self.js("return Boolean(ui.game.position.result)"))
                for side in ("side0", "side1"):
                    self.driver.find_element(
                        By.CSS_SELECTOR, f'#{side} option[value="human"]').click()
                self.idle()
                moves = self.played()
                self.assertGreater(len(moves), 0)
                self.assert_legal_line(game, [], moves)
                position = self.assert_matches_engine(game, moves)
                if position["result"] is None:
                    self.assertGreaterEqual(len(moves), PLY_CAP)
                # The engine's own lines of its last move were shown as it thought.
                self.assertGreater(len(self.lines()), 0)
                self.assertEqual(self.js("return desk.watch.ply"), len(moves) - 1)
                if game == "dragonqi":
                    self.shot("desk-engines", 1280)

    def test_referee_game_to_its_end(self):
        fen = "8/4p3/8/8/8/8/3P4/8 w 0 1"
        self.open(f"?game=breakthrough&referee=1&white=engine&black=engine&fen={fen}")
        self.assertEqual(self.js("return ui.players"), ["human", "human"])
        for control in ("side0", "side1", "analyse", "hint", "engine-move"):
            self.assertFalse(self.driver.find_element(By.ID, control).is_enabled(), control)
        moves = []
        while True:
            position = self.ref.position("breakthrough", moves, fen)
            listed = self.js("return [...document.querySelectorAll('#legal [data-move]')]"
                             ".map(e => e.dataset.move)")
            self.assertEqual(listed, sorted(m["move"] for m in position["moves"]))
            texts = self.js("return [...document.querySelectorAll('#legal [data-move]')]"
                            ".map(e => e.textContent)")
            by_move = {m["move"]: m["text"] for m in position["moves"]}
            self.assertEqual(texts, [by_move[m] for m in listed])
            title = self.driver.find_element(By.ID, "legal-title").text
            if position["result"]:
                self.assertEqual(title, "No legal moves: the game is over")
                break
            side = position["sides"][position["turn"]].capitalize()
            self.assertEqual(title, f"Legal moves of {side}: {len(listed)}")
            if len(moves) == 2:
                self.shot("desk-referee", 1280)
            # An illegal click does nothing: a piece of the side not to move.
            other = [p["cell"] for p in position["pieces"] if p["side"] != position["turn"]]
            self.cell(other[0]).click()
            self.assertEqual(self.marked("destination"), [])
            move = position["moves"][-1]
            self.click_move(move)
            moves.append(move["move"])
            self.wait_plies(len(moves))
        self.assert_matches_engine("breakthrough", moves, fen)
        self.assertIn("wins", self.status())

    def test_fischer_flag_fall(self):
        self.open("?game=breakthrough&white=human&black=engine&movetime=100"
                  "&clock=fischer&base=2&inc=1")
        self.assertEqual(self.clock(1)[0], "0:02")
        self.assertEqual(self.clock(2), ("0:02", 2000, 0))
        sent = self.engine_commands()
        self.click_move({"from": "a2", "to": "a3", "move": "a2a3"})
        self.wait_plies(2)
        # White's increment came with the move; the engine was given both clocks.
        text, white_ms, made = self.clock(1)
        self.assertEqual(made, 1)
        self.assertGreater(white_ms, 1000)
        go = [c for c in sent if c.startswith("go ")]
        self.assertEqual(len(go), 1)
        self.assertRegex(go[0], r"^go wtime \d+ btime \d+ winc 1000 binc 1000$")
        wtime, btime = map(int, re.findall(r"time (\d+)", go[0]))
        self.assertLessEqual(btime, 2000)
        self.assertGreater(wtime, 1000)
        self.assertEqual(self.clock(2)[2], 1)
        # White never moves again: the flag falls.
        self.until("White's flag", lambda: "on time" in self.status())
        self.assertEqual(self.status(), "Black wins on time")
        self.assertEqual(self.clock(1)[:2], ("0:00", 0))
        self.assertIn("flagged", self.driver.find_element(By.ID, "clock-p1")
                      .get_attribute("class"))
        self.assertEqual(self.js("return document.querySelectorAll('#board .movable').length"),
                         0)
        self.assertFalse(self.driver.find_element(By.ID, "undo").is_enabled())
        _, pgn = self.save_pgn()
        self.assertIn('[Result "0-1"]\n', pgn)
        self.assertIn('[Termination "time forfeit"]\n', pgn)
        self.assertIn('[TimeControl "2+1"]\n', pgn)
        self.assertNotIn("GamePoints", pgn)
        self.assertTrue(pgn.endswith("{Black wins on time} 0-1\n\n"), pgn)

    def test_tiger_increment_flag_fall(self):
        self.open("?game=dragonqi&white=human&black=human&clock=tiger&base=2&inc=1&cutoff=1"
                  "&final=3600")
        self.assertEqual(self.clock(1)[0], "0:02")
        # What the engine would be given: the increment and the moves to the cut-off.
        limits = self.js("return clockLimits()")
        self.assertEqual((limits["winc"], limits["binc"], limits["movestogo"]), (1000, 1000, 1))
        move = self.ref.position("dragonqi", [])["moves"][0]
        self.click_move(move)
        self.wait_plies(1)
        # Storm's one move reached the cut-off: the increment and the final increment.
        text, storm_ms, made = self.clock(1)
        self.assertEqual(made, 1)
        self.assertGreater(storm_ms, 3600 * 1000)
        self.assertLessEqual(storm_ms, 3603 * 1000)
        self.assertRegex(text, r"^1:00:0[0-3]$")
        limits = self.js("return clockLimits()")
        self.assertEqual((limits["winc"], limits["binc"], limits["movestogo"]), (0, 1000, 1))
        self.until("Forest's flag", lambda: "on time" in self.status())
        self.assertEqual(self.status(), "Storm wins on time: 5.5-0")
        self.assertEqual(self.clock(2)[:2], ("0:00", 0))
        self.shot("desk-tiger", 1280)
        _, pgn = self.save_pgn()
        for tag in ('[Variant "dragonqi"]', '[Result "1-0"]', '[Termination "time forfeit"]',
                    '[GamePoints "5.5-0"]', '[TimeControl "tiger=2+1/1+3600"]',
                    '[PlyCount "1"]'):
            self.assertIn(tag + "\n", pgn)
        self.assertTrue(pgn.endswith(f"1. {move['move']} {{Storm wins on time: 5.5-0}} 1-0\n\n"),
                        pgn)

    def test_pgn_saved_reopened_and_stepped(self):
        moves = ["e2e3", "d7d6", "a2a3", "h7h6"]
        self.open("?game=breakthrough&white=human&black=human&moves=" + ",".join(moves))
        path, pgn = self.save_pgn()
        start = self.ref.position("breakthrough", [])["fen"]
        head = pgn.split("\n\n")[0].splitlines()
        self.assertEqual(head[4:], ['[White "human"]', '[Black "human"]', '[Result "*"]',
                                    '[Variant "breakthrough"]', f'[FEN "{start}"]',
                                    '[SetUp "1"]', '[PlyCount "4"]'])
        self.assertTrue(pgn.endswith("\n\n1. e2e3 d7d6 2. a2a3 h7h6 *\n\n"), pgn)
        # Reopened in another game: the same moves, stepped through with the analysis on.
        self.open("?game=dragonface&white=human&black=human")
        self.driver.find_element(By.ID, "analyse").click()
        self.open_pgn(path)
        self.assertEqual(self.js("return document.getElementById('game').value"),
                         "breakthrough")
        self.assertEqual(self.played(), moves)
        self.step_through("breakthrough", moves)
        self.driver.find_element(By.ID, "analyse").click()

    def test_match_pgn_opened(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "match.pgn")
            run = subprocess.run([ENGINE, "match", "-game", "dragondraughts", "-engine",
                                  f"cmd={ENGINE}", "name=one", "-engine", f"cmd={ENGINE}",
                                  "name=two", "-each", "depth=1", "-games", "2",
                                  "-maxplies", "8", "-pgn", path],
                                 capture_output=True, text=True, timeout=120)
            self.assertEqual(run.returncode, 0, run.stderr)
            with open(path) as handle:
                second = handle.read().split('[Event "wyrm match"]')[2]
            moves = re.sub(r"\{[^}]*\}|\d+\.+|1/2-1/2|1-0|0-1|\*", " ",
                           second.split("\n\n", 1)[1]).split()
            fen = re.search(r'\[FEN "([^"]*)"\]', second).group(1)
            self.open("?game=breakthrough&white=human&black=human")
            self.open_pgn(path)
            self.assertTrue(self.driver.find_element(By.ID, "pgn-game").is_displayed())
            self.assertEqual(self.js("return [...document.querySelectorAll('#pgn-game option')]"
                                     ".map(o => o.textContent)"),
                             ["1. one - two 1/2-1/2", "2. two - one 1/2-1/2"])
            self.driver.find_element(By.CSS_SELECTOR, '#pgn-game option[value="1"]').click()
            self.until("the second game", lambda: self.played() == moves and
                       self.js("return ui.ply") == 0)
            self.idle()
            self.driver.find_element(By.ID, "analyse").click()
            self.step_through("dragondraughts", moves, fen, shot="desk-pgn")
            self.driver.find_element(By.ID, "analyse").click()

    def test_adjudicated_pgn_opened(self):
        # A `wyrm match` game ended by -resign: opened, it ends where the record ends, with
        # the record's words, and is saved again with the same result and termination.
        moves = ["e2e3", "d7d6", "a2a3", "h7h6", "b2b3"]
        comment = "black wins: a scored -500 or less for 3 moves in a row"
        start = self.ref.position("breakthrough", [])["fen"]
        record = ('[Event "wyrm match"]\n[Site "?"]\n[Date "2026.11.26"]\n[Round "1"]\n'
                  '[White "a"]\n[Black "b"]\n[Result "0-1"]\n[Variant "breakthrough"]\n'
                  f'[FEN "{start}"]\n[SetUp "1"]\n[Termination "adjudication"]\n'
                  f'[PlyCount "5"]\n\n1. e2e3 d7d6 2. a2a3 h7h6 3. b2b3 {{{comment}}} 0-1\n\n')
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "adjudicated.pgn")
            with open(path, "w") as handle:
                handle.write(record)
            self.open("?game=dragonface&white=human&black=human")
            self.open_pgn(path)
            self.assertEqual(self.played(), moves)
            for _ in moves:
                self.driver.find_element(By.ID, "next").click()
            self.until("the record's end", lambda: self.js("return ui.ply") is None)
            self.idle()
            self.assertEqual(self.status(), comment)
            self.assertFalse(self.js("return interactive()"))
            _, pgn = self.save_pgn()
        self.assertIn('[Result "0-1"]\n', pgn)
        self.assertIn('[Termination "adjudication"]\n', pgn)
        self.assertTrue(pgn.endswith("\n\n"), pgn)
        self.assertTrue(" ".join(pgn.split()).endswith(f"3. b2b3 {{{comment}}} 0-1"), pgn)


class StaticDesk(Desk):
    """Every test of Desk, on the static build with the engine in the page's worker."""

    side = StaticSide


class IsolatedDesk(Desk):
    """The static build in a cross-origin isolated page, its engine searching with threads
    and stopped by `stop`: analysis, hints, the engine on a clock."""

    side = IsolatedSide
    tests = ("test_live_analysis", "test_hint", "test_fischer_flag_fall")


if __name__ == "__main__":
    # The desk's own tests, not those it inherits from browser.py's Page.
    names = [name for name in unittest.defaultTestLoader.getTestCaseNames(Desk)
             if name in Desk.__dict__]
    run(unittest.TestSuite([Desk(name) for name in names] +
                           [StaticDesk(name) for name in names] +
                           [IsolatedDesk(name) for name in IsolatedDesk.tests]))
