#!/usr/bin/python3
"""The wyrm board: a small HTTP server that runs one engine process per open game and
serves the page that draws it (board/static/).

The server is the engine's GUI: it starts `wyrm`, sends it `uci`, `setoption`, `position
... moves ...`, `go` and `json` over stdin and reads the replies on stdout, exactly as any
UCI graphical interface would. It knows no rules of any game: legality, drawing and
results all come from the engine's `json` reply.

Only Python's standard library is used, so nothing has to be installed beyond python3.

Routes (all answers are JSON except the static files):
  GET  /, /index.html, /board.js, /board.css   the page
  GET  /api/info                    games, their options and the server's limits
  POST /api/games                   {game, variation?, fen?, moves?, replace?} new game
  GET  /api/games/<id>              the game as it stands
  GET  /api/games/<id>/ply/<n>      the position after the first n moves (for viewing)
  POST /api/games/<id>/move         {move} a move by a person
  POST /api/games/<id>/go           {movetime? | depth?, skill?} the engine moves
  POST /api/games/<id>/go           {wtime, btime, winc?, binc?, movestogo?} the same on a clock
  POST /api/games/<id>/analyse      {ply?, movetime? | depth? | infinite?} the engine searches
                                    the position after the first `ply` moves; nothing is played
  GET  /api/games/<id>/analysis[/<n>] the info lines of the running or last search, from the
                                    n-th on (polled while the engine thinks)
  POST /api/games/<id>/stop         ends the engine's thinking: a move it would play is not
                                    played, an analysis gives its best move so far
  POST /api/games/<id>/undo         {plies?} takes moves back
  POST /api/games/<id>/fen          {fen} starts again from a position
  POST /api/games/<id>/heartbeat    the page is still open
  POST /api/games/<id>/close        the page was closed: the engine is ended
"""

import argparse
import json
import os
import queue
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
STATIC_DIR = os.path.join(HERE, "static")
DEFAULT_ENGINE = os.path.join(os.path.dirname(HERE), "wyrm")

MAX_BODY = 16 * 1024          # bytes of a request body
MAX_FEN = 1000                # characters of a FEN
MAX_MOVES = 2000              # moves given when a game is created
MAX_MOVE_TEXT = 64            # characters of one move string
REPLY_TIMEOUT = 10.0          # seconds the engine may take to answer a non-search command
MOVETIME_RANGE = (10, 600000)  # ms
DEPTH_RANGE = (1, 64)
SEARCH_LIMIT = 900.0          # seconds a `go depth` may run before the server stops it
CLOCK_RANGE = (0, 100 * 3600 * 1000)  # ms on a clock, and of an increment
MOVESTOGO_RANGE = (1, 10000)
MAX_INFO_LINES = 400          # info lines kept of one search (the oldest are dropped)
SKILL_OPTION = "Skill Level"

PRINTABLE = re.compile(r"[\x20-\x7e]+")
TOKEN = re.compile(r"[\x21-\x7e]+")
GAME_ID = re.compile(r"[0-9a-f]{16}")
NUMBER = re.compile(r"[0-9]{1,9}")

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".png": "image/png",
                 ".svg": "image/svg+xml", ".ico": "image/x-icon"}


class ApiError(Exception):
    """A request the server refuses; becomes {"error": message} with the status."""

    def __init__(self, status, message, **extra):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


class EngineDead(Exception):
    """The engine process exited or stopped answering."""


class EngineRefused(Exception):
    """The engine answered a command with `info string error: ...`."""


class Engine:
    """One engine process and a thread that collects its output lines."""

    def __init__(self, path):
        self.path = path
        try:
            self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                         encoding="utf-8", errors="replace",
                                         start_new_session=True)
        except OSError as err:
            raise EngineDead(f"cannot start the engine {path}: {err.strerror}") from err
        self.lines = queue.Queue()
        self.write_lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def alive(self):
        return self.proc.poll() is None

    def death(self):
        code = self.proc.poll()
        if code is None:
            return "the engine stopped answering"
        if code < 0:
            return f"the engine was killed by signal {-code}"
        return f"the engine exited with code {code}"

    def send(self, command):
        with self.write_lock:
            try:
                self.proc.stdin.write(command + "\n")
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as err:
                raise EngineDead(self.death()) from err

    def read(self, deadline, patient=False):
        """The next line; past the deadline the engine is ended as dead, or, when the
        caller is patient, TimeoutError lets it decide."""
        wait = deadline - time.monotonic()
        try:
            line = self.lines.get(timeout=max(wait, 0.001))
        except queue.Empty:
            if patient:
                raise TimeoutError from None
            self.kill()
            raise EngineDead("the engine stopped answering") from None
        if line is None:
            self.proc.wait()
            raise EngineDead(self.death())
        return line

    def drain(self):
        """Drops lines left from earlier commands (a stopped search's info lines)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return

    def until(self, last, timeout=None, patient=False, on_line=None):
        """Reads lines up to the one starting with `last`; returns those before it, each
        also handed to on_line as it arrives."""
        deadline = time.monotonic() + (REPLY_TIMEOUT if timeout is None else timeout)
        seen = []
        while True:
            line = self.read(deadline, patient)
            if line == last or line.startswith(last + " "):
                return seen, line
            seen.append(line)
            if on_line is not None:
                on_line(line)

    def command(self, command):
        """Sends a command and waits for `readyok`; an error line raises EngineRefused."""
        self.drain()
        self.send(command)
        self.send("isready")
        lines, _ = self.until("readyok")
        for line in lines:
            if line.startswith("info string error"):
                raise EngineRefused(line[len("info string "):])
        return lines

    def describe(self, history):
        """The engine's description of the position reached by `history` from the start
        position last set. Right after a search has reported its move, the engine may
        still be finishing it and answer `json` about the position before a `position`
        command it has queued; so the description is asked for again until it is of the
        moves given."""
        deadline = time.monotonic() + REPLY_TIMEOUT
        while True:
            position = self.described()
            if position.get("history") == history:
                return position
            if time.monotonic() > deadline:
                raise EngineRefused("the engine describes another position than the one it "
                                    "was given")
            time.sleep(0.002)

    def described(self):
        lines = self.command("json")
        for line in lines:
            if line.startswith("{"):
                try:
                    return json.loads(line)
                except ValueError:
                    break
        raise EngineRefused("the engine gave no JSON description of the position "
                            "(it needs the `json` command)")

    def kill(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except (OSError, ValueError):
                pass


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
            if not re.fullmatch(r"-?[0-9]{1,9}", value):
                return None
            info["score"] = {words[i + 1]: int(value)}
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                info["bound"] = words[i][:5]
                i += 1
            continue
        if key in ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time") \
                and i + 1 < len(words):
            if not re.fullmatch(r"[0-9]{1,19}", words[i + 1]):
                return None
            info[key] = int(words[i + 1])
            i += 2
            continue
        i += 1
    return info if "depth" in info and "pv" in info else None


class Search:
    """What one search of the engine has said so far: read by the page while the engine
    thinks, without waiting for the game's lock."""

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
            if len(self.lines) > MAX_INFO_LINES:
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


def parse_options(lines):
    """The `option name ... type ...` lines of a `uci` reply, as a dict by name."""
    options = {}
    for line in lines:
        found = re.match(r"option name (.+?) type (\S+)(.*)$", line)
        if not found:
            continue
        name, kind, rest = found.groups()
        option = {"type": kind}
        words = rest.split()
        for key, value in zip(words[::2], words[1::2]):
            if key == "var":
                option.setdefault("vars", []).append(value)
            elif key in ("min", "max"):
                option[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
            else:
                option[key] = value
        options[name] = option
    return options


class Game:
    """One open game: its engine, the start position and the moves played since."""

    def __init__(self, engine):
        self.id = secrets.token_hex(8)
        self.engine = engine
        self.lock = threading.Lock()
        self.seen = time.monotonic()
        self.variant = None
        self.variation = None
        self.start = "startpos"
        self.moves = []
        self.played = []        # the engine's description of each move played
        self.position = None    # the engine's description of the current position
        self.skill = None
        self.searching = False
        self.cancelled = False
        self.search = None      # the running or last search (Search)
        self.searches = 0

    def setup(self, variant, variation, fen, moves):
        self.engine.command(f"setoption name UCI_Variant value {variant}")
        if variation is not None:
            self.engine.command(f"setoption name KnightVariation value {variation}")
        self.variant, self.variation = variant, variation
        self.load(fen)
        for move in moves:
            self.play(move)

    def position_command(self, moves):
        start = "startpos" if self.start == "startpos" else f"fen {self.start}"
        return f"position {start}" + (" moves " + " ".join(moves) if moves else "")

    def describe(self, upto=None, then=()):
        """The position after the first `upto` moves (all by default) and `then`."""
        moves = (self.moves if upto is None else self.moves[:upto]) + list(then)
        self.engine.command(self.position_command(moves))
        return self.engine.describe(moves)

    def load(self, fen):
        """A new start position; on a FEN the engine refuses nothing changes."""
        old = self.start, self.moves, self.played, self.position
        self.start = "startpos" if fen is None else fen
        self.moves, self.played = [], []
        try:
            self.position = self.describe()
        except EngineRefused:
            self.start, self.moves, self.played, self.position = old
            raise

    def play(self, move):
        legal = [m for m in self.position.get("moves", []) if m.get("move") == move]
        if not legal:
            if self.position.get("result"):
                raise ApiError(HTTPStatus.CONFLICT, f"the game is over: no move {move}")
            raise ApiError(HTTPStatus.BAD_REQUEST, f"illegal move {move} in this position")
        self.moves.append(move)
        try:
            self.position = self.describe()
        except EngineRefused:
            self.moves.pop()
            raise
        self.played.append(legal[0])

    def undo(self, plies):
        plies = min(plies, len(self.moves))
        if plies == 0:
            raise ApiError(HTTPStatus.CONFLICT, "no move to take back")
        kept = len(self.moves) - plies
        self.position = self.describe(kept)
        del self.moves[kept:], self.played[kept:]

    def set_skill(self, skill):
        if skill is not None and skill != self.skill:
            self.engine.command(f"setoption name {SKILL_OPTION} value {skill}")
            self.skill = skill

    def search_with(self, limits, kind, ply):
        """Runs `go <limits>` on the position after `ply` moves, the info lines collected
        as they come; returns the best move ("0000" if none) and the time taken."""
        self.engine.command(self.position_command(self.moves if ply is None else
                                                  self.moves[:ply]))
        self.cancelled = False
        self.searches += 1
        search = Search(self.searches, kind, len(self.moves) if ply is None else ply)
        self.search = search
        self.searching = True
        begun = time.monotonic()
        bound = limits.get("bound")
        best = "0000"
        try:
            self.engine.send("go " + limits["words"])
            try:
                _, line = self.engine.until("bestmove", bound if bound else SEARCH_LIMIT,
                                            patient=bound is None, on_line=search.add)
            except TimeoutError:
                # A search that runs past the limit is stopped, and its move taken.
                self.engine.send("stop")
                _, line = self.engine.until("bestmove", on_line=search.add)
            words = line.split()
            best = words[1] if len(words) > 1 else "0000"
        finally:
            self.searching = False
            search.finish(best)
        return best, round((time.monotonic() - begun) * 1000)

    def think(self, limits, skill):
        self.set_skill(skill)
        if self.position.get("result"):
            raise ApiError(HTTPStatus.CONFLICT, "the game is over")
        best, think_ms = self.search_with(limits, "go", None)
        if self.cancelled:
            if best != "0000":
                # Waits until the engine has truly finished the search, so that the next
                # request finds it ready for a new position.
                self.describe(then=[best])
            return None, think_ms
        if best == "0000":
            raise ApiError(HTTPStatus.CONFLICT, "the engine found no move")
        self.play(best)
        return best, think_ms

    def analyse(self, ply, limits):
        """The engine's view of the position after `ply` moves; nothing is played."""
        position = self.position if ply == len(self.moves) else self.describe(ply)
        if position.get("result"):
            raise ApiError(HTTPStatus.CONFLICT, "the game is over in that position")
        best, think_ms = self.search_with(limits, "analyse", ply)
        legal = [m for m in position.get("moves", []) if m.get("move") == best]
        return {"ply": ply, "bestmove": best, "move": legal[0] if legal else None,
                "think_ms": think_ms, **self.search.view(0)}

    def stop(self):
        if self.searching:
            self.cancelled = True
            self.engine.send("stop")

    def view(self):
        return {"id": self.id, "game": self.variant, "variation": self.variation,
                "start": self.start, "moves": self.moves, "played": self.played,
                "position": self.position}


class Board:
    """The open games, the engine's description of itself and the server's limits."""

    def __init__(self, engine_path, max_games, idle):
        self.engine_path = engine_path
        self.max_games = max_games
        self.idle = idle
        self.games = {}
        self.lock = threading.Lock()
        probe = Engine(engine_path)
        try:
            probe.send("uci")
            lines, _ = probe.until("uciok")
        finally:
            probe.kill()
        self.options = parse_options(lines)
        self.ident = next((line[8:] for line in lines if line.startswith("id name ")), "")
        variant = self.options.get("UCI_Variant", {})
        self.variants = variant.get("vars", [])
        self.default_variant = variant.get("default", self.variants[0] if self.variants else "")
        if not self.variants:
            raise SystemExit(f"{engine_path} lists no games in its UCI_Variant option")

    def info(self):
        shown = {name: self.options[name] for name in ("KnightVariation", SKILL_OPTION)
                 if name in self.options}
        return {"engine": self.ident, "games": self.variants, "default": self.default_variant,
                "options": shown, "limits": {"movetime": MOVETIME_RANGE, "depth": DEPTH_RANGE,
                                             "games": self.max_games, "idle": self.idle}}

    def reap(self):
        now = time.monotonic()
        with self.lock:
            old = [g for g in self.games.values() if now - g.seen > self.idle and not g.searching]
            for game in old:
                del self.games[game.id]
        for game in old:
            game.engine.kill()

    def create(self, variant, variation, fen, moves, replace):
        if replace is not None:
            self.close(replace)
        self.reap()
        with self.lock:
            if len(self.games) >= self.max_games:
                raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE,
                               f"the server already runs {self.max_games} games, the most it "
                               "allows: close another board tab or wait for one to time out")
            try:
                engine = Engine(self.engine_path)
            except EngineDead as err:
                raise ApiError(HTTPStatus.BAD_GATEWAY, str(err), dead=True) from None
            game = Game(engine)
            self.games[game.id] = game
        try:
            with game.lock:
                game.setup(variant, variation, fen, moves)
        except BaseException:
            self.close(game.id)
            raise
        return game

    def find(self, game_id):
        with self.lock:
            game = self.games.get(game_id)
        if game is None:
            raise ApiError(HTTPStatus.NOT_FOUND, "no such game: it was closed or timed out",
                           gone=True)
        game.seen = time.monotonic()
        return game

    def drop(self, game):
        with self.lock:
            if self.games.get(game.id) is game:
                del self.games[game.id]
        game.engine.kill()

    def close(self, game_id):
        with self.lock:
            game = self.games.pop(game_id, None)
        if game is None:
            return False
        if game.engine.alive():
            game.stop()
        game.engine.kill()
        return True

    def close_all(self):
        with self.lock:
            games = list(self.games.values())
            self.games.clear()
        for game in games:
            game.engine.kill()


def field(body, name, kind, required=False, default=None):
    value = body.get(name, default)
    if value is None:
        if required:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"missing field '{name}'")
        return None
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ApiError(HTTPStatus.BAD_REQUEST, f"field '{name}' must be an integer")
    elif not isinstance(value, kind):
        raise ApiError(HTTPStatus.BAD_REQUEST,
                       f"field '{name}' must be a {'string' if kind is str else kind.__name__}")
    return value


def checked_fen(fen):
    if fen is None:
        return None
    fen = fen.strip()
    if not fen or len(fen) > MAX_FEN or not PRINTABLE.fullmatch(fen):
        raise ApiError(HTTPStatus.BAD_REQUEST,
                       f"a FEN is 1 to {MAX_FEN} printable ASCII characters on one line")
    return fen


def checked_move(move):
    if len(move) > MAX_MOVE_TEXT or not TOKEN.fullmatch(move):
        raise ApiError(HTTPStatus.BAD_REQUEST, "a move is one word of printable ASCII")
    return move


def search_limits(body, turn, clock):
    """The words after `go` and how long the server waits for `bestmove` (None: up to
    SEARCH_LIMIT, then `stop`). One kind of limit: a move time, a depth, a clock (for a
    move the engine plays) or none (an analysis until stopped)."""
    movetime = in_range(field(body, "movetime", int), MOVETIME_RANGE, "movetime")
    depth = in_range(field(body, "depth", int), DEPTH_RANGE, "depth")
    times = {k: in_range(field(body, k, int), CLOCK_RANGE, k)
             for k in ("wtime", "btime", "winc", "binc")}
    movestogo = in_range(field(body, "movestogo", int), MOVESTOGO_RANGE, "movestogo")
    infinite = field(body, "infinite", bool, default=False)
    on_clock = any(v is not None for v in times.values()) or movestogo is not None
    if on_clock and not clock:
        raise ApiError(HTTPStatus.BAD_REQUEST, "an analysis takes no clock")
    if infinite and clock:
        raise ApiError(HTTPStatus.BAD_REQUEST, "a move the engine plays needs a limit")
    if sum([movetime is not None, depth is not None, on_clock, infinite]) > 1:
        raise ApiError(HTTPStatus.BAD_REQUEST, "give one of movetime, depth, a clock "
                       "(wtime, btime...) or infinite")
    if on_clock:
        if times["wtime"] is None or times["btime"] is None:
            raise ApiError(HTTPStatus.BAD_REQUEST, "a clock needs both wtime and btime")
        words = " ".join(f"{k} {v}" for k, v in times.items() if v is not None)
        if movestogo is not None:
            words += f" movestogo {movestogo}"
        own = times["wtime" if turn == 0 else "btime"]
        return {"words": words, "bound": own / 1000 + REPLY_TIMEOUT}
    if depth is not None:
        return {"words": f"depth {depth}", "bound": None}
    if infinite:
        return {"words": "infinite", "bound": None}
    movetime = 1000 if movetime is None else movetime
    return {"words": f"movetime {movetime}", "bound": movetime / 1000 + REPLY_TIMEOUT}


def in_range(value, bounds, name):
    if value is not None and not bounds[0] <= value <= bounds[1]:
        raise ApiError(HTTPStatus.BAD_REQUEST, f"{name} must be {bounds[0]} to {bounds[1]}")
    return value


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "wyrm-board"
    timeout = 60

    def setup(self):
        super().setup()
        # Headers and body leave in two writes; without this the second waits for the
        # browser's delayed acknowledgement of the first (tens of milliseconds a reply).
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)

    # Answers -----------------------------------------------------------------------------

    def reply(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def error(self, status, message, **extra):
        self.reply(status, {"error": message, **extra})

    def send_error(self, code, message=None, explain=None):
        # http.server's own errors (bad request line, headers too long) as JSON too, always
        # with a status line, even to a request that never said which HTTP it speaks.
        self.close_connection = True
        self.request_version = "HTTP/1.0"
        try:
            self.error(code, message or HTTPStatus(code).phrase)
        except OSError:
            pass

    def static(self, name):
        path = self.server.static.get(name)
        if path is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such page: {self.path[:100]}")
        with open(path, "rb") as handle:
            data = handle.read()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", CONTENT_TYPES.get(os.path.splitext(name)[1],
                                                           "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    # Requests ----------------------------------------------------------------------------

    def body(self):
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding"):
            raise ApiError(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        if length is None:
            return {}
        if not NUMBER.fullmatch(length.strip()):
            raise ApiError(HTTPStatus.BAD_REQUEST, "bad Content-Length")
        size = int(length)
        if size > MAX_BODY:
            self.close_connection = True
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                           f"the request body is {size} bytes, more than the {MAX_BODY} allowed")
        raw = self.rfile.read(size)
        if len(raw) < size:
            self.close_connection = True
            raise ApiError(HTTPStatus.BAD_REQUEST, "the request body ended early")
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ApiError(HTTPStatus.BAD_REQUEST, "the request body is not JSON") from None
        if not isinstance(body, dict):
            raise ApiError(HTTPStatus.BAD_REQUEST, "the request body must be a JSON object")
        return body

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        self.handle_request("GET")

    def do_POST(self):
        self.handle_request("POST")

    def do_PUT(self):
        self.handle_request("PUT")

    def do_DELETE(self):
        self.handle_request("DELETE")

    def do_PATCH(self):
        self.handle_request("PATCH")

    def handle_request(self, method):
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.0"
        try:
            self.check_origin(method)
            self.route(method, self.path.split("?", 1)[0])
        except ApiError as err:
            self.error(err.status, err.message, **err.extra)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as err:  # the server keeps serving whatever went wrong
            self.server.log(f"internal error on {method} {self.path[:100]}: {err!r}")
            self.error(HTTPStatus.INTERNAL_SERVER_ERROR, "internal error of the board server")

    def check_origin(self, method):
        """Only the board's own pages may drive it. A server on this machine alone answers
        only requests addressed to a loopback name, which a web site that points its own
        name at 127.0.0.1 cannot send; and a request sent by a page of another site (its
        Origin header says so) may not change anything."""
        host = self.headers.get("Host", "")
        if self.server.loopback:
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name.lower() not in ("127.0.0.1", "localhost", "[::1]"):
                raise ApiError(HTTPStatus.FORBIDDEN, "this board answers only requests to "
                               "127.0.0.1 or localhost")
        origin = self.headers.get("Origin")
        if method != "GET" and origin is not None and origin != f"http://{host}":
            raise ApiError(HTTPStatus.FORBIDDEN, "requests from another site's pages are "
                           "refused")

    def route(self, method, path):
        parts = [p for p in path.split("/") if p]
        if parts[:1] != ["api"]:
            if method != "GET":
                raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} is not allowed here")
            return self.static("index.html" if not parts else "/".join(parts))
        board = self.server.board
        if parts == ["api", "info"] and method == "GET":
            return self.reply(HTTPStatus.OK, board.info())
        if parts == ["api", "games"] and method == "POST":
            return self.create(self.body())
        if len(parts) < 3 or parts[1] != "games" or len(parts) > 5:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {path[:100]}")
        if not GAME_ID.fullmatch(parts[2]):
            raise ApiError(HTTPStatus.NOT_FOUND, "no such game: a game id is 16 hex digits",
                           gone=True)
        action = parts[3] if len(parts) > 3 else None
        allowed = {None: "GET", "ply": "GET", "move": "POST", "go": "POST", "stop": "POST",
                   "undo": "POST", "fen": "POST", "heartbeat": "POST", "close": "POST",
                   "analyse": "POST", "analysis": "GET"}
        numbered = len(parts) == 5
        if action not in allowed or (numbered and action not in ("ply", "analysis")) or \
                (action == "ply" and not numbered):
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {path[:100]}")
        if method != allowed[action]:
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED,
                           f"{path[:100]} takes {allowed[action]}, not {method}")
        body = self.body() if method == "POST" else {}
        if action == "close":
            closed = board.close(parts[2])
            return self.reply(HTTPStatus.OK, {"closed": closed})
        game = board.find(parts[2])
        if action == "heartbeat":
            return self.reply(HTTPStatus.OK, {"ok": True})
        if action == "stop":
            game.stop()
            return self.reply(HTTPStatus.OK, {"stopped": True})
        if action == "analysis":
            # Read while the search runs: no wait for the game's lock.
            since = parts[4] if numbered else "0"
            if not NUMBER.fullmatch(since):
                raise ApiError(HTTPStatus.NOT_FOUND, "the line number is a whole number")
            search = game.search
            return self.reply(HTTPStatus.OK, search.view(int(since)) if search else
                              {"search": 0, "lines": [], "next": 0, "done": True,
                               "bestmove": None})
        self.on_game(game, action, parts, body)

    def create(self, body):
        board = self.server.board
        variant = field(body, "game", str, default=board.default_variant)
        if variant not in board.variants:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"unknown game '{variant[:40]}'; the games "
                           f"are {', '.join(board.variants)}")
        variation = field(body, "variation", str)
        knight = board.options.get("KnightVariation")
        if variation is not None and (knight is None or variation not in knight.get("vars", [])):
            raise ApiError(HTTPStatus.BAD_REQUEST, f"unknown variation '{variation[:40]}'")
        fen = checked_fen(field(body, "fen", str))
        moves = field(body, "moves", list, default=[])
        if len(moves) > MAX_MOVES or not all(isinstance(m, str) for m in moves):
            raise ApiError(HTTPStatus.BAD_REQUEST, f"moves is a list of at most {MAX_MOVES} "
                           "move strings")
        moves = [checked_move(m) for m in moves]
        replace = field(body, "replace", str)
        try:
            game = board.create(variant, variation, fen, moves, replace)
        except EngineRefused as err:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(err)) from None
        except EngineDead as err:
            raise ApiError(HTTPStatus.BAD_GATEWAY, str(err), dead=True) from None
        self.reply(HTTPStatus.CREATED, game.view())

    def on_game(self, game, action, parts, body):
        board = self.server.board
        try:
            with game.lock:
                if not game.engine.alive():
                    raise EngineDead(game.engine.death())
                if action is None:
                    return self.reply(HTTPStatus.OK, game.view())
                if action == "ply":
                    if not NUMBER.fullmatch(parts[4]) or int(parts[4]) > len(game.moves):
                        raise ApiError(HTTPStatus.NOT_FOUND, f"ply must be 0 to {len(game.moves)}")
                    ply = int(parts[4])
                    position = game.describe(ply)
                    last = game.played[ply - 1] if ply else None
                    return self.reply(HTTPStatus.OK, {"ply": ply, "position": position,
                                                      "last": last})
                if action == "move":
                    game.play(checked_move(field(body, "move", str, required=True)))
                    return self.reply(HTTPStatus.OK, game.view())
                if action == "undo":
                    plies = in_range(field(body, "plies", int, default=1), (1, MAX_MOVES),
                                     "plies")
                    game.undo(plies)
                    return self.reply(HTTPStatus.OK, game.view())
                if action == "fen":
                    game.load(checked_fen(field(body, "fen", str, required=True)))
                    return self.reply(HTTPStatus.OK, game.view())
                if action == "go":
                    limits = search_limits(body, game.position.get("turn", 0), clock=True)
                    skill = field(body, "skill", int)
                    if skill is not None:
                        option = board.options.get(SKILL_OPTION)
                        if option is None:
                            raise ApiError(HTTPStatus.BAD_REQUEST,
                                           "this engine has no Skill Level option")
                        in_range(skill, (option.get("min", 0), option.get("max", 20)), "skill")
                    best, think_ms = game.think(limits, skill)
                    return self.reply(HTTPStatus.OK, {**game.view(), "bestmove": best,
                                                      "think_ms": think_ms})
                if action == "analyse":
                    ply = in_range(field(body, "ply", int, default=len(game.moves)),
                                   (0, len(game.moves)), "ply")
                    limits = search_limits(body, 0, clock=False)
                    return self.reply(HTTPStatus.OK, game.analyse(ply, limits))
        except EngineRefused as err:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(err)) from None
        except EngineDead as err:
            board.drop(game)
            raise ApiError(HTTPStatus.BAD_GATEWAY, f"{err}; start a new game", dead=True) \
                from None


class BoardServer(ThreadingHTTPServer):
    """One thread per connection, up to a cap: a connection beyond it is answered 503 and
    closed at once, so a flood of connections cannot use up the machine."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, board, verbose=False, connections=64):
        super().__init__(address, Handler)
        self.board = board
        self.verbose = verbose
        self.slots = threading.BoundedSemaphore(connections)
        self.loopback = address[0] in ("127.0.0.1", "localhost", "::1")
        # Only the page's own files, found by exact name: no path from a request ever
        # reaches the file system.
        self.static = {name: os.path.join(STATIC_DIR, name) for name in os.listdir(STATIC_DIR)
                       if os.path.isfile(os.path.join(STATIC_DIR, name))}

    def log(self, text):
        print(text, file=sys.stderr, flush=True)

    def process_request(self, request, client_address):
        if not self.slots.acquire(blocking=False):
            body = json.dumps({"error": "the board server is busy: too many connections"})
            try:
                request.sendall(f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: "
                                f"application/json\r\nContent-Length: {len(body)}\r\n"
                                f"Connection: close\r\n\r\n{body}".encode())
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def reaper(board, stop):
    while not stop.wait(min(5.0, board.idle / 2)):
        board.reap()


def start(host="127.0.0.1", port=8000, engine=DEFAULT_ENGINE, max_games=8, idle=300.0,
          verbose=False, connections=64):
    """Starts the server in background threads; returns it (stop_server() ends it)."""
    board = Board(engine, max_games, idle)
    server = BoardServer((host, port), board, verbose, connections)
    stop = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=reaper, args=(board, stop), daemon=True).start()
    server.stop_reaper = stop
    return server


def stop_server(server):
    server.stop_reaper.set()
    server.shutdown()
    server.server_close()
    server.board.close_all()


def main():
    parser = argparse.ArgumentParser(description="The wyrm board: play the engine's games "
                                     "in a web browser.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")),
                        help="port (default $PORT or 8000; 0 picks a free one)")
    parser.add_argument("--engine", default=os.environ.get("WYRM", DEFAULT_ENGINE),
                        help="the engine program (default $WYRM or ./wyrm)")
    parser.add_argument("--max-games", type=int, default=8,
                        help="engine processes running at once (default 8)")
    parser.add_argument("--idle", type=float, default=300.0,
                        help="seconds without a word from a page before its game is ended "
                        "(default 300)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args()
    if args.max_games < 1 or args.idle <= 0:
        parser.error("--max-games and --idle must be positive")
    try:
        server = start(args.host, args.port, args.engine, args.max_games, args.idle,
                       args.verbose)
    except EngineDead as err:
        raise SystemExit(str(err)) from None
    except OSError as err:
        raise SystemExit(f"cannot listen on {args.host}:{args.port}: {err.strerror}") from None
    host, port = server.server_address[:2]
    shown = f"[{host}]" if ":" in host else host
    # Ctrl-C or a plain kill ends the server and every engine it started.
    finished = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *_: finished.set())
    print(f"wyrm board: open http://{shown}:{port}/  (Ctrl-C ends it)", flush=True)
    try:
        while not finished.wait(1.0):
            pass
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
