"""The engine's `info` lines: read as numbers and words only, and kept per search so that
the page can poll them while the engine thinks."""

import re
import threading

from . import limits

NUMBER = re.compile(r"[0-9]{1,19}")
SCORE = re.compile(r"-?[0-9]{1,9}")
COUNTS = ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time")


def parse_info(line):
    """An `info depth ... pv ...` line as a dict; None for other info lines (currmove,
    strings). Only whole numbers and the words UCI defines are taken."""
    words = line.split()
    if words[:1] != ["info"] or "pv" not in words or "depth" not in words:
        return None
    info = {}
    i = 1
    while i < len(words):
        key = words[i]
        if key == "pv":
            info["pv"] = words[i + 1:]
            break
        if key == "score" and i + 2 < len(words) and words[i + 1] in ("cp", "mate"):
            value = words[i + 2]
            if not SCORE.fullmatch(value):
                return None
            info["score"] = {words[i + 1]: int(value)}
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                info["bound"] = words[i][:5]
                i += 1
            continue
        if key in COUNTS and i + 1 < len(words):
            if not NUMBER.fullmatch(words[i + 1]):
                return None
            info[key] = int(words[i + 1])
            i += 2
            continue
        i += 1
    return info if "depth" in info and "pv" in info else None


class Search:
    """What one search of the engine has said so far: read by the page while the engine
    thinks, without waiting for the game's turn."""

    def __init__(self, number, kind, ply):
        self.number = number
        self.kind = kind        # "go": the engine plays its move; "analyse": it does not
        self.ply = ply
        self.lines = []
        self.dropped = 0
        self.done = False
        self.bestmove = None
        self.lock = threading.Lock()

    def add(self, line):
        info = parse_info(line)
        if info is None:
            return
        with self.lock:
            self.lines.append(info)
            if len(self.lines) > limits.MAX_INFO_LINES:
                del self.lines[0]
                self.dropped += 1

    def finish(self, bestmove):
        with self.lock:
            self.done = True
            self.bestmove = bestmove

    def view(self, since):
        with self.lock:
            start = max(since - self.dropped, 0)
            return {"search": self.number, "kind": self.kind, "ply": self.ply,
                    "from": start + self.dropped, "lines": self.lines[start:],
                    "next": self.dropped + len(self.lines), "done": self.done,
                    "bestmove": self.bestmove}


NO_SEARCH = {"search": 0, "lines": [], "next": 0, "done": True, "bestmove": None}
