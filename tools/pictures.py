#!/usr/bin/python3
"""The pictures of the docs: board diagrams drawn by the web board itself.

  tools/pictures.py render [name ...]   draws docs/pictures/<name>.png for every row of
                                        docs/pictures/pictures.tsv (or the rows named) in
                                        headless Chromium and writes pictures.lock
  tools/pictures.py check               checks, without a browser, that every row's position
                                        is one the engine accepts, every mark is a cell of
                                        that board, every picture exists and pictures.lock
                                        matches the list, the pictures, the page that draws
                                        them and what the engine says of each position

pictures.tsv is tab-separated with the header `name game fen marks caption`; `fen` holds
what follows `position` in the protocol (`startpos`, `fen <FEN>`, either followed by
`moves m1 m2 ...`), or a bare FEN; `marks` is a comma-separated list of cells to highlight.
The engine is $WYRM (default ./wyrm).
"""

import hashlib
import json
import os
import sys
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "board"))
import server  # noqa: E402

# PICTURES_DIR points the tool at another folder (the tests use one of their own).
PICTURES = os.path.abspath(os.environ.get("PICTURES_DIR", os.path.join(ROOT, "docs", "pictures")))
SHOWN = os.path.relpath(PICTURES, ROOT) if PICTURES.startswith(ROOT + os.sep) else PICTURES
LIST = os.path.join(PICTURES, "pictures.tsv")
LOCK = os.path.join(PICTURES, "pictures.lock")
PAGE_FILES = ("board/static/index.html", "board/static/board.js", "board/static/desk.js",
              "board/static/page.js", "board/static/board.css")
ENGINE = os.path.abspath(os.environ.get("WYRM", os.path.join(ROOT, "wyrm")))
COLUMNS = ["name", "game", "fen", "marks", "caption"]


class Row:
    def __init__(self, line, number):
        self.line = line
        self.number = number
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            raise ValueError(f"line {number}: {len(fields)} fields, not {len(COLUMNS)}")
        self.name, self.game, self.position, marks, self.caption = fields
        self.marks = [m for m in marks.split(",") if m]
        text = self.position.strip()
        moves = ""
        if " moves " in f" {text} ":
            text, _, moves = f" {text} ".partition(" moves ")
            text = text.strip()
        self.moves = moves.split()
        if text == "startpos":
            self.fen = None
        elif text.startswith("fen "):
            self.fen = text[4:].strip()
        else:
            self.fen = text
        if not self.name or not all(c.isalnum() or c in "-_" for c in self.name):
            raise ValueError(f"line {number}: a picture name is letters, digits, - and _")

    def command(self, upto=None):
        moves = self.moves[:upto]
        start = "startpos" if self.fen is None else f"fen {self.fen}"
        return f"position {start}" + (" moves " + " ".join(moves) if moves else "")

    def query(self):
        params = {"game": self.game, "diagram": "1"}
        if self.fen is not None:
            params["fen"] = self.fen
        if self.moves:
            params["moves"] = " ".join(self.moves)
        if self.marks:
            params["marks"] = ",".join(self.marks)
        return "?" + urllib.parse.urlencode(params)

    def png(self):
        return os.path.join(PICTURES, f"{self.name}.png")


def read_rows():
    if not os.path.exists(LIST):
        return []
    with open(LIST, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    if not lines or lines[0].split("\t") != COLUMNS:
        raise SystemExit(f"{LIST}: the first line must be the header {' '.join(COLUMNS)}")
    rows = [Row(line, n) for n, line in enumerate(lines[1:], 2) if line.strip()]
    names = [r.name for r in rows]
    for name in set(names):
        if names.count(name) > 1:
            raise SystemExit(f"{LIST}: the name {name} is used twice")
    return rows


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def file_hash(path):
    with open(path, "rb") as handle:
        return sha256(handle.read())


def drawn_part(position):
    """What a diagram shows of the engine's description: the cells and pieces as drawn
    and the last move's marks, not the names in tooltips or the list of moves."""
    cells = [{k: c.get(k) for k in ("name", "x", "y", "w", "h", "kind", "shade")}
             for c in position["cells"]]
    pieces = [{k: p.get(k) for k in ("cell", "side", "label", "state")}
              for p in position["pieces"]]
    last = position.get("last") or {}
    marks = {k: last.get(k) for k in ("from", "to", "path", "captured", "converted")}
    shown = {"cells": cells, "pieces": pieces, "last": marks,
             "size": [position["width"], position["height"]]}
    return sha256(json.dumps(shown, sort_keys=True).encode())


def describe_rows(rows):
    """Asks the engine for each row's position; returns ({name: description}, problems),
    each problem a (name, text) pair."""
    engine = server.Engine(ENGINE)
    described, problems = {}, []
    try:
        engine.send("uci")
        options = server.parse_options(engine.until("uciok")[0])
        games = options.get("UCI_Variant", {}).get("vars", [])
        for row in rows:
            where = f"{row.name} (line {row.number})"
            if row.game not in games:
                problems.append((row.name, f"{where}: unknown game {row.game}"))
                continue
            try:
                engine.command(f"setoption name UCI_Variant value {row.game}")
                last = None
                if row.moves:
                    # The move that led to the picture's position is marked on it.
                    engine.command(row.command(len(row.moves) - 1))
                    before = engine.describe(row.moves[:-1])["moves"]
                    last = next((m for m in before if m["move"] == row.moves[-1]), None)
                engine.command(row.command())
                position = dict(engine.describe(row.moves), last=last)
            except server.EngineRefused as err:
                problems.append((row.name, f"{where}: the engine refuses the position: {err}"))
                continue
            cells = {c["name"] for c in position["cells"]}
            for mark in row.marks:
                if mark not in cells:
                    problems.append((row.name, f"{where}: the mark {mark} is not a cell of "
                                     f"{row.game}"))
            described[row.name] = position
    finally:
        engine.kill()
    return described, problems


def lock_lines(rows, described):
    lines = ["# sha256 of each picture's row, of its position as the engine describes it and of",
             "# its PNG, and of the page that draws them; written by tools/pictures.py render"]
    for path in PAGE_FILES:
        lines.append(f"page\t{path}\t{file_hash(os.path.join(ROOT, path))}")
    for row in rows:
        if row.name not in described:
            continue
        png = file_hash(row.png()) if os.path.exists(row.png()) else "missing"
        lines.append(f"row\t{row.name}\t{sha256(row.line.encode())}\t"
                     f"{drawn_part(described[row.name])}\t{png}")
    return lines


def check():
    rows = read_rows()
    described, problems = describe_rows(rows)
    for row in rows:
        if not os.path.exists(row.png()):
            problems.append((row.name, f"{row.name}: {SHOWN}/{row.name}.png is missing"))
    if rows:
        want = lock_lines(rows, described)
        try:
            with open(LOCK, encoding="utf-8") as handle:
                have = handle.read().splitlines()
        except FileNotFoundError:
            have = []
        if have != want:
            stale = sorted(set(want) - set(have))
            pages = [line.split("\t")[1] for line in stale if line.startswith("page\t")]
            if pages:
                problems.append(("the page", f"{SHOWN}/pictures.lock: the page that draws the "
                                 f"pictures changed ({', '.join(pages)}): run `make pictures`"))
            for line in stale:
                if line.startswith("row\t"):
                    name = line.split("\t")[1]
                    problems.append((name, f"{name}: {SHOWN}/pictures.lock does not match the "
                                     "row, its position or its picture: run `make pictures`"))
            listed = {row.name for row in rows}
            for line in sorted(set(have) - set(want)):
                name = line.split("\t")[1] if line.startswith("row\t") else None
                if name is not None and name not in listed:
                    problems.append(("the page", f"{SHOWN}/pictures.lock names {name}, which "
                                     "the list no longer has: run `make pictures`"))
    for _, text in problems:
        print(text)
    # One check per picture, and one for the page when there are pictures at all.
    failed = {name for name, _ in problems}
    if not rows:
        print(f"{SHOWN}/pictures.tsv lists no pictures")
    checks = len(rows) + 1 if rows else 0
    print(f"{checks - len(failed)} passed, {len(failed)} failed")
    return 1 if problems else 0


def render(names):
    sys.path.insert(0, os.path.join(ROOT, "tests", "board"))
    from browser import browser  # the test suite's Chromium set-up

    rows = read_rows()
    unknown = set(names) - {r.name for r in rows}
    if unknown:
        raise SystemExit(f"no such picture: {', '.join(sorted(unknown))}")
    described, problems = describe_rows(rows)
    if problems:
        raise SystemExit("\n".join(text for _, text in problems))
    board = server.start(port=0, engine=ENGINE, max_games=2)
    url = f"http://127.0.0.1:{board.server_address[1]}/"
    driver = browser(1600, 1400)
    try:
        for row in rows:
            if names and row.name not in names:
                continue
            driver.get(url + row.query())
            deadline = time.monotonic() + 30
            while not driver.execute_script("return document.body.dataset.ready"):
                if time.monotonic() > deadline:
                    raise SystemExit(f"{row.name}: the page did not draw the position")
                time.sleep(0.05)
            if driver.execute_script("return document.body.dataset.ready") != "1":
                error = driver.execute_script("return document.getElementById('message')"
                                              ".textContent")
                raise SystemExit(f"{row.name}: {error}")
            element = driver.find_element("id", "board")
            with open(row.png(), "wb") as handle:
                handle.write(element.screenshot_as_png)
            print(f"{SHOWN}/{row.name}.png")
    finally:
        driver.quit()
        server.stop_server(board)
    with open(LOCK, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lock_lines(rows, described)) + "\n")
    return 0


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("render", "check"):
        raise SystemExit(__doc__)
    if sys.argv[1] == "check":
        if len(sys.argv) > 2:
            raise SystemExit("check takes no arguments")
        return check()
    return render(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
