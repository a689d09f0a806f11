#!/usr/bin/python3
"""Tests of the board's look and input in a real browser (headless Chromium through
Debian's chromedriver), in both of the page's modes (against the board server and the real
engine, and on `make web`'s static build with the engine in the page's worker, as
browser.py runs them): every game's pieces
drawn as SVG and the letter set as a remembered choice, the line naming what is under the
pointer, sliding moves, drag and drop, a phone's viewport played by taps, and games shared
in the link's fragment.

Run: WYRM=build/release/wyrm WYRM_WEB=build/web /usr/bin/python3 tests/board/look.py
With BOARD_SHOTS=<dir> set, the phone screenshot of docs/board.md is written there.
"""

import os
import sys
import unittest
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import SHOTS, Page, StaticSide, browser, run  # noqa: E402

PHONE = (390, 844)


class Look(Page):
    def tearDown(self):
        # Every test leaves the drawn set and sliding on, as a new visitor finds them.
        self.js("try { localStorage.clear(); } catch (err) { }")
        super().tearDown()

    def pieces_drawn(self):
        """Each piece as the page drew it: cell, label, whether it is a drawn figure and
        the text it shows."""
        return self.js("""
            return [...document.querySelectorAll('#board [data-cell] .piece')].map(p => ({
                cell: p.closest('[data-cell]').dataset.cell, label: p.dataset.label,
                figure: p.classList.contains('figure'),
                shapes: p.querySelectorAll('path, circle, rect, ellipse').length,
                text: [...p.querySelectorAll('text')].map(t => t.textContent).join('')}));""")

    def share_open(self, fragment, query="?white=human&black=human"):
        """Opens a link with a fragment as a new page (a fragment alone would not load one)."""
        self.driver.get("about:blank")
        self.open(query + "#" + fragment)

    def tap(self, element):
        finger = PointerInput(POINTER_TOUCH, "finger")
        actions = ActionBuilder(self.driver, mouse=finger)
        actions.pointer_action.move_to(element).pointer_down().pointer_up()
        actions.perform()

    # Pieces ------------------------------------------------------------------------------

    def test_every_game_drawn_as_svg(self):
        for game in self.games:
            with self.subTest(game=game):
                self.open(f"?game={game}&white=human&black=human")
                position = self.ref.position(game, [])
                drawn = self.pieces_drawn()
                self.assertEqual(sorted((p["cell"], p["label"]) for p in drawn),
                                 sorted((p["cell"], p["label"]) for p in position["pieces"]))
                for piece in drawn:
                    # A figure of shapes, and no letter anywhere in it.
                    self.assertTrue(piece["figure"], piece)
                    self.assertGreater(piece["shapes"], 1, piece)
                    self.assertEqual(piece["text"], "", piece)
                kinds = {c["kind"] for c in position["cells"]} - {"square", "territory"}
                pictured = set(self.js("return [...document.querySelectorAll("
                                       "'#board [data-cell] .deco')].map(d => "
                                       "d.closest('[data-cell]').dataset.kind)"))
                self.assertEqual(pictured, kinds)

    def test_letter_set_chosen_and_remembered(self):
        self.open("?game=dragonface&white=human&black=human")
        self.driver.find_element(By.CSS_SELECTOR, '#piece-set option[value="letters"]').click()
        self.until("the letters", lambda: self.js(
            "return document.getElementById('board').dataset.pieces") == "letters")
        for piece in self.pieces_drawn():
            self.assertFalse(piece["figure"])
            self.assertEqual(piece["text"], piece["label"])
        self.open("?game=breakthrough&white=human&black=human")
        self.assertEqual(self.js("return document.getElementById('piece-set').value"), "letters")
        self.assertTrue(all(p["text"] == p["label"] for p in self.pieces_drawn()))
        self.driver.find_element(By.CSS_SELECTOR, '#piece-set option[value="drawn"]').click()
        self.assertTrue(all(p["figure"] and not p["text"] for p in self.pieces_drawn()))

    def test_states_drawn(self):
        """A die shows its strength in pips, a converted Dragon Face piece its immunity, a
        DragonQi vessel her bow and a captive force its bars."""
        fen = "M7M/4P54/2P2p31p23/9/2C1C1C2/9/p1p17/9/M7M w - 0 1"
        self.open("?game=threedragons-strength&white=human&black=human&fen=" +
                  urllib.parse.quote(fen))
        pips = self.js("""return [...document.querySelectorAll('#board .piece')].map(p =>
            [p.dataset.label, p.querySelectorAll('rect.body').length,
             p.querySelectorAll('circle.ink').length]);""")
        for label, dice, count in pips:
            self.assertEqual((dice, count), (1, int(label[1:])), label)
        self.open("?game=dragonface&white=human&black=human&fen=" +
                  urllib.parse.quote("11/5e5/11/4g6/11/2A8/11/5E5/11 w - - 0 1") +
                  "&moves=c4f7")
        immune = self.js("return [...document.querySelectorAll('#board .piece.st-immune')]"
                         ".map(p => [p.closest('[data-cell]').dataset.cell, "
                         "p.querySelectorAll('.badge-gold').length])")
        self.assertEqual(immune, [["e6", 1]])
        self.open("?game=dragonqi&white=human&black=human")
        ships = self.js("return [...document.querySelectorAll('#board .piece.kind-ship, "
                        "#board .piece.kind-flagship')].map(p => "
                        "p.querySelectorAll('.bowtip').length)")
        self.assertEqual(len(ships), 10)
        self.assertEqual(set(ships), {1})
        self.assertEqual(self.js("return document.querySelectorAll("
                                 "'#board .piece.st-captive .bars').length"), 2)

    def test_piece_line_names_the_piece(self):
        self.open("?game=dragonface&white=human&black=human")
        ActionChains(self.driver).move_to_element(self.cell("f2")).perform()
        self.until("the piece's name",
                   lambda: "White Emperor" in self.driver.find_element(By.ID, "piece-info").text)
        self.assertIn("f2", self.driver.find_element(By.ID, "piece-info").text)
        self.assertIn("White Emperor", self.cell("f2").find_element(By.TAG_NAME, "title")
                      .get_attribute("textContent"))

    def test_moves_slide_unless_turned_off(self):
        self.open("?game=breakthrough&white=human&black=human")
        self.js("window.slides = 0; const plain = Element.prototype.animate;"
                "Element.prototype.animate = function (...a) { window.slides++;"
                " return plain.apply(this, a); };")
        self.click_move({"from": "e2", "to": "e3", "move": "e2e3"})
        self.wait_plies(1)
        self.assertEqual(self.js("return window.slides"), 1)
        self.driver.find_element(By.ID, "slide").click()
        self.click_move({"from": "d7", "to": "d6", "move": "d7d6"})
        self.wait_plies(2)
        self.assertEqual(self.js("return window.slides"), 1)
        self.assertEqual(self.js("return localStorage.getItem('wyrm.slide')"), "off")

    # Input -------------------------------------------------------------------------------

    def test_drag_and_drop(self):
        self.open("?game=breakthrough&white=human&black=engine&depth=2")
        ActionChains(self.driver).drag_and_drop(self.cell("e2"), self.cell("e3")).perform()
        self.wait_plies(2)
        self.assertEqual(self.played()[0], "e2e3")
        self.assert_matches_engine("breakthrough", self.played())
        # Dropped where the piece cannot go, it stays and nothing is played.
        ActionChains(self.driver).drag_and_drop(self.cell("d2"), self.cell("d5")).perform()
        self.assertEqual(len(self.played()), 2)
        self.assert_matches_engine("breakthrough", self.played())

    def test_phone(self):
        """At a phone's 390x844 every cell of every game is inside the width, and two taps
        make a move."""
        phone = browser(*PHONE)
        try:
            phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})
            phone.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                                  {"enabled": True, "maxTouchPoints": 5})
            desktop, self.driver = self.driver, phone
            for game in self.games:
                with self.subTest(game=game):
                    self.driver.get("about:blank")
                    self.open(f"?game={game}&white=human&black=human")
                    width = self.js("return window.innerWidth")
                    self.assertEqual(width, PHONE[0])
                    outside = self.js("""return [...document.querySelectorAll(
                        '#board [data-cell] rect.ground')].map(r => [
                        r.parentNode.dataset.cell, r.getBoundingClientRect()]).filter(
                        ([, b]) => b.left < 0 || b.right > window.innerWidth + 0.5)
                        .map(([name]) => name);""")
                    self.assertEqual(outside, [])
                    self.assertLessEqual(self.js("return document.documentElement.scrollWidth"),
                                         width)
                    board = self.js("return document.getElementById('board')"
                                    ".getBoundingClientRect().width")
                    self.assertGreater(board, width * 0.9)
            self.driver.get("about:blank")
            self.open("?game=dragonface&white=human&black=engine&depth=2")
            self.tap(self.cell("e3"))
            self.until("the destinations", lambda: self.marked("destination"))
            self.assertIn("White Governor", self.driver.find_element(By.ID, "piece-info").text)
            self.tap(self.cell("e4"))
            self.wait_plies(2)
            self.assertEqual(self.played()[0], "e3e4")
            self.assert_matches_engine("dragonface", self.played())
            if SHOTS and not self.static():  # the server's page, as docs/board.md shows it
                os.makedirs(SHOTS, exist_ok=True)
                self.driver.save_screenshot(os.path.join(SHOTS, "phone.png"))
        finally:
            self.driver = desktop
            phone.quit()

    # Shared games ------------------------------------------------------------------------

    def test_shared_link_restores_the_game(self):
        self.share_open("game=breakthrough&moves=e2e3,d7d6,e3e4")
        self.assert_matches_engine("breakthrough", ["e2e3", "d7d6", "e3e4"])
        self.assertEqual(self.message(), "")
        self.assertEqual(self.marked("last"), ["e3", "e4"])
        # The address follows the game: it is the link of the game shown.
        self.click_move({"from": "a7", "to": "a6", "move": "a7a6"})
        self.wait_plies(4)
        fragment = self.js("return location.hash")
        self.assertEqual(fragment, "#game=breakthrough&moves=e2e3,d7d6,e3e4,a7a6")
        self.share_open(fragment[1:])
        self.assert_matches_engine("breakthrough", ["e2e3", "d7d6", "e3e4", "a7a6"])
        # The game's options and start FEN travel too.
        self.share_open("game=dragonqi&variation=Sword&moves=a10~NE")
        self.assertEqual(self.js("return document.getElementById('variation').value"), "Sword")
        self.assert_matches_engine("dragonqi", ["a10~NE"], variation="Sword")
        fen = "8/8/2p5/1p1p4/2pP4/8/8/8 w 0 1"
        self.share_open(f"game=dragondraughts&fen={urllib.parse.quote(fen)}&moves=d4b4b6d6")
        self.assert_matches_engine("dragondraughts", ["d4b4b6d6"], fen)
        self.assertEqual(self.js("return location.hash"),
                         f"#game=dragondraughts&fen={urllib.parse.quote(fen)}&moves=d4b4b6d6")

    def test_copy_link(self):
        self.share_open("game=breakthrough&moves=e2e3")
        self.driver.find_element(By.ID, "copy-link").click()
        self.until("the answer", self.message)
        link = self.js("return document.getElementById('share-link') ? "
                       "document.getElementById('share-link').value : "
                       "navigator.clipboard.readText().catch(() => location.href)")
        self.assertTrue(link.endswith("#game=breakthrough&moves=e2e3"), link)

    def test_broken_link_gives_the_start_position(self):
        cases = [
            ("game=breakthrough&moves=e2e3,e7e5", "The shared game could not be opened "
             "(illegal move e7e5 in this position): this is the start position."),
            ("game=chess&moves=e2e4", "The link names a game this board does not play "
             "(chess): this is the start position."),
            ("game=dragonqi&variation=Spoon", "The link names an unknown knight variation "
             "(Spoon): this is the start position."),
            ("moves=e2e3&%E0%A4%A", "The link could not be read (it is cut short or changed "
             "by hand): this is the start position."),
            ("game=breakthrough&moves=e2%ZZ", "The link could not be read (it is cut short or "
             "changed by hand): this is the start position."),
        ]
        for fragment, text in cases:
            with self.subTest(fragment=fragment):
                self.share_open(fragment, "?game=breakthrough&white=human&black=human")
                self.assertEqual(self.message(), text)
                self.assert_matches_engine("breakthrough", [])
                self.assertEqual(self.js("return location.hash"), "#game=breakthrough")
                # The page works: a move is made as on any other.
                self.click_move({"from": "a2", "to": "a3", "move": "a2a3"})
                self.wait_plies(1)


class StaticLook(Look):
    """Every test of Look, on the static build with the engine in the page's worker."""

    side = StaticSide


if __name__ == "__main__":
    names = [name for name in unittest.defaultTestLoader.getTestCaseNames(Look)
             if name in Look.__dict__]
    run(unittest.TestSuite([unittest.TestSuite(Look(name) for name in names),
                            unittest.TestSuite(StaticLook(name) for name in names)]))
