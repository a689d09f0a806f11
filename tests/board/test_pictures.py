#!/usr/bin/python3
"""Tests of tools/pictures.py check (no browser needed): the rows of a picture list in a
folder of the test's own, against the real engine."""

import importlib
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "pictures.py")
ENGINE = os.path.abspath(os.environ.get("WYRM", os.path.join(ROOT, "wyrm")))
HEADER = "name\tgame\tfen\tmarks\tcaption\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


class PictureCheck(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.dir = self.folder.name

    def tearDown(self):
        self.folder.cleanup()

    def write(self, name, data):
        mode = "wb" if isinstance(data, bytes) else "w"
        with open(os.path.join(self.dir, name), mode) as handle:
            handle.write(data)

    def check(self):
        env = dict(os.environ, PICTURES_DIR=self.dir, WYRM=ENGINE)
        run = subprocess.run([sys.executable, TOOL, "check"], capture_output=True, text=True,
                             env=env, timeout=60)
        return run.returncode, run.stdout.splitlines(), run.stderr

    def tool(self):
        """The tool as a module, reading this test's folder."""
        os.environ["PICTURES_DIR"] = self.dir
        os.environ["WYRM"] = ENGINE
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        try:
            return importlib.reload(importlib.import_module("pictures"))
        finally:
            sys.path.pop(0)
            del os.environ["PICTURES_DIR"]

    def lock(self):
        tool = self.tool()
        rows = tool.read_rows()
        described, problems = tool.describe_rows(rows)
        self.assertEqual(problems, [])
        self.write("pictures.lock", "\n".join(tool.lock_lines(rows, described)) + "\n")

    def test_no_list(self):
        code, lines, _ = self.check()
        self.assertEqual(code, 0)
        self.assertEqual(lines, [f"{self.dir}/pictures.tsv lists no pictures",
                                 "0 passed, 0 failed"])

    def test_bad_header(self):
        self.write("pictures.tsv", "name\tgame\tposition\n")
        code, _, err = self.check()
        self.assertNotEqual(code, 0)
        self.assertIn("the first line must be the header name game fen marks caption", err)

    def test_bad_rows(self):
        self.write("pictures.tsv", HEADER +
                   "good\tbreakthrough\tstartpos\ta1,h8\tfine\n"
                   "mark\tbreakthrough\tstartpos moves e2e3\tz9\ta cell that is not there\n"
                   "fen\tbreakthrough\tfen nonsense\t\ta FEN the engine refuses\n"
                   "move\tbreakthrough\tstartpos moves a2a5\t\tan illegal move\n"
                   "game\tchess\tstartpos\t\tan unknown game\n")
        self.write("good.png", PNG)
        code, lines, _ = self.check()
        self.assertEqual(code, 1)
        self.assertEqual(lines[:4], [
            "mark (line 3): the mark z9 is not a cell of breakthrough",
            "fen (line 4): the engine refuses the position: error: invalid breakthrough "
            "position: expected board, side, [halfmove, fullmove]: 'nonsense'",
            "move (line 5): the engine refuses the position: error: illegal move 'a2a5' "
            "(move 1)",
            "game (line 6): unknown game chess"])
        # Without a lock nothing is up to date: the good row and the page fail too.
        self.assertEqual(lines[-1], "0 passed, 6 failed")
        self.assertIn(f"mark: {self.dir}/mark.png is missing", lines)

    def test_lock(self):
        self.write("pictures.tsv", HEADER + "one\tbreakthrough\tstartpos\ta2\tstart\n"
                   "two\tdragonface\tfen 11/5e5/11/4g6/11/2A8/11/5E5/11 w - - 0 1 moves c4f7"
                   "\te6,f7\tafter a conversion\n")
        self.write("one.png", PNG)
        self.write("two.png", PNG + b"2")
        code, lines, _ = self.check()
        self.assertEqual(code, 1)
        self.assertEqual(lines[0], f"{self.dir}/pictures.lock: the page that draws the pictures "
                         "changed (board/static/board.css, board/static/board.js, "
                         "board/static/desk.js, board/static/index.html, board/static/page.js): "
                         "run `make pictures`")
        self.lock()
        self.assertEqual(self.check()[:2], (0, ["3 passed, 0 failed"]))
        self.write("two.png", PNG + b"changed")
        code, lines, _ = self.check()
        self.assertEqual(code, 1)
        self.assertEqual(lines, [f"two: {self.dir}/pictures.lock does not match the row, its "
                                 "position or its picture: run `make pictures`",
                                 "2 passed, 1 failed"])
        self.lock()
        self.write("pictures.tsv", HEADER + "one\tbreakthrough\tstartpos\ta2,a3\tstart\n"
                   "two\tdragonface\tfen 11/5e5/11/4g6/11/2A8/11/5E5/11 w - - 0 1 moves c4f7"
                   "\te6,f7\tafter a conversion\n")
        code, lines, _ = self.check()
        self.assertEqual((code, lines[-1]), (1, "2 passed, 1 failed"))
        self.assertTrue(lines[0].startswith("one: "))
        self.write("pictures.tsv", HEADER + "one\tbreakthrough\tstartpos\ta2\tstart\n")
        code, lines, _ = self.check()
        self.assertEqual(lines, [f"{self.dir}/pictures.lock names two, which the list no longer "
                                 "has: run `make pictures`", "1 passed, 1 failed"])

    def test_rows_parsed(self):
        tool = self.tool()
        row = tool.Row("a\tbreakthrough\tstartpos moves e2e3 e7e6\tc3,d4\tx", 2)
        self.assertEqual((row.fen, row.moves, row.marks), (None, ["e2e3", "e7e6"], ["c3", "d4"]))
        self.assertEqual(row.command(), "position startpos moves e2e3 e7e6")
        self.assertEqual(row.query(),
                         "?game=breakthrough&diagram=1&moves=e2e3+e7e6&marks=c3%2Cd4")
        row = tool.Row("b\tbreakthrough\tfen 8/8/8/8/8/8/8/P6p w 0 1 moves a1a2\t\tx", 3)
        self.assertEqual((row.fen, row.moves, row.marks),
                         ("8/8/8/8/8/8/8/P6p w 0 1", ["a1a2"], []))
        row = tool.Row("c\tbreakthrough\t8/8/8/8/8/8/8/P6p w 0 1\t\tx", 4)
        self.assertEqual((row.fen, row.moves), ("8/8/8/8/8/8/8/P6p w 0 1", []))
        with self.assertRaises(ValueError):
            tool.Row("d\tbreakthrough\tstartpos\tx", 5)
        with self.assertRaises(ValueError):
            tool.Row("../e\tbreakthrough\tstartpos\t\tx", 6)


if __name__ == "__main__":
    unittest.main()
