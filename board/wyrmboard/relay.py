"""The native engines the board's pages play with. The game itself (its moves, clocks,
searches and analysis lines) is kept by the page (board/static/model.js), the same code
whether its engine runs here or in a Web Worker; the server only runs one engine process
per open game and passes it the few commands a game needs, each checked and bounded:

  - `ucinewgame`, `json`, `position ...`, and `setoption` of the options a game changes
    (the variant, the knight variation, the skill level), each answered once the engine
    says `readyok`, with the lines it wrote before;
  - `go` with a limit the server bounds itself (SEARCH_LIMIT at most): the search's lines
    are kept for the page to read, and a search past its bound is stopped;
  - `stop`, a heartbeat, and closing.

Nothing else reaches an engine: not `quit`, `setoption name Threads` or `Hash`, not a
second line hidden in a command. An engine whose page has said nothing for the idle time
is ended, with any search it runs; the number of engines is capped.

Every method here that talks to an engine blocks: the routes run them in worker threads."""

import collections
import re
import secrets
import threading
import time
from http import HTTPStatus

from . import limits
from .engine import Engine, parse_options
from .errors import ApiError, EngineDead, EngineRefused

# The options a page may set: what a game's setup and its skill level need.
OPTIONS = ("UCI_Variant", "KnightVariation", "Skill Level")
PRINTABLE = re.compile(r"[\x20-\x7e]+")
NUMBER = re.compile(r"[0-9]{1,12}")
GO_RANGES = {"movetime": limits.MOVETIME_RANGE, "depth": limits.DEPTH_RANGE,
             "wtime": limits.CLOCK_RANGE, "btime": limits.CLOCK_RANGE,
             "winc": limits.CLOCK_RANGE, "binc": limits.CLOCK_RANGE,
             "movestogo": limits.MOVESTOGO_RANGE}


def checked_command(command):
    """A command a page may send, or ApiError 400 saying what may be sent."""
    if not isinstance(command, str) or not command or len(command) > limits.MAX_COMMAND \
            or not PRINTABLE.fullmatch(command):
        raise ApiError(HTTPStatus.BAD_REQUEST, f"a command is 1 to {limits.MAX_COMMAND} "
                       "printable ASCII characters on one line")
    word = command.split(" ", 1)[0]
    if command in ("ucinewgame", "json") or word == "position":
        return command
    found = re.fullmatch(r"setoption name (.+?) value (.+)", command)
    if found and found.group(1) in OPTIONS:
        return command
    raise ApiError(HTTPStatus.BAD_REQUEST, "the board's engines take only ucinewgame, json, "
                   f"position and setoption of {', '.join(OPTIONS)}; "
                   f"not '{command[:40]}'")


def checked_go(words):
    """The words of a `go` and the seconds after which the server stops the search."""
    if not isinstance(words, str) or len(words) > 200 or \
            (words and not PRINTABLE.fullmatch(words)):
        raise ApiError(HTTPStatus.BAD_REQUEST, "the words of a go are one line of "
                       "printable ASCII")
    given = {}
    tokens = words.split()
    index = 0
    while index < len(tokens):
        key = tokens[index]
        if key == "infinite" and key not in given:
            given[key] = True
            index += 1
            continue
        if key not in GO_RANGES or key in given or index + 1 == len(tokens):
            raise ApiError(HTTPStatus.BAD_REQUEST, "a go takes movetime, depth, wtime, btime, "
                           "winc, binc, movestogo (each once, with a number) or infinite")
        low, high = GO_RANGES[key]
        value = tokens[index + 1]
        if not NUMBER.fullmatch(value) or not low <= int(value) <= high:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"{key} must be {low} to {high}")
        given[key] = int(value)
        index += 2
    if not given:
        raise ApiError(HTTPStatus.BAD_REQUEST, "a go needs a limit: movetime, depth, a clock "
                       "or infinite")
    bound = limits.SEARCH_LIMIT
    if "movetime" in given:
        bound = min(bound, given["movetime"] / 1000 + limits.REPLY_TIMEOUT)
    if "wtime" in given or "btime" in given:
        own = max(given.get("wtime", 0), given.get("btime", 0))
        bound = min(bound, own / 1000 + limits.CLOCK_GRACE)
    return " ".join(tokens), bound


class Search:
    """The lines of one search as the engine writes them, the last `bestmove`; the page
    reads them by number. Only the newest MAX_SEARCH_LINES are kept."""

    def __init__(self, number):
        self.number = number
        self.lines = collections.deque()
        self.dropped = 0
        self.done = False
        self.lock = threading.Lock()
        self.waiters = []   # (loop, future) of requests waiting for a new line

    def add(self, line, last=False):
        with self.lock:
            self.lines.append(line)
            if len(self.lines) > limits.MAX_SEARCH_LINES:
                self.lines.popleft()
                self.dropped += 1
            self.done = self.done or last
            waiters, self.waiters = self.waiters, []
        for loop, future in waiters:
            loop.call_soon_threadsafe(lambda f=future: f.done() or f.set_result(None))

    def view(self, since):
        with self.lock:
            start = min(max(since - self.dropped, 0), len(self.lines))
            return {"search": self.number, "from": start + self.dropped,
                    "lines": list(self.lines)[start:], "next": self.dropped + len(self.lines),
                    "done": self.done}

    def waiter(self, loop, since, to_the_end=False):
        """A future set when a line arrives; None when one past `since` is already in (or,
        `to_the_end`, when the search is over)."""
        with self.lock:
            if self.done or (not to_the_end and self.dropped + len(self.lines) > since):
                return None
            future = loop.create_future()
            self.waiters.append((loop, future))
            return future


class Relayed:
    """One page's engine: the process, when the page last spoke, its running search."""

    def __init__(self, engine):
        self.id = secrets.token_hex(8)
        self.engine = engine
        self.seen = time.monotonic()
        self.ended = None       # why it ended (an ApiError), once it has
        self.busy = threading.Lock()  # one command at a time
        self.searching = False
        self.search = None
        self.searches = 0


def claim(relayed):
    """Takes the engine for one command or search, or answers 409 when it is busy."""
    if relayed.searching or not relayed.busy.acquire(blocking=False):
        raise ApiError(HTTPStatus.CONFLICT, "the engine is busy: a search or another command "
                       "is running")


def release(relayed):
    relayed.searching = False
    relayed.busy.release()


def closed(why):
    return ApiError(HTTPStatus.NOT_FOUND, why, gone=True)


def dead(why):
    return ApiError(HTTPStatus.BAD_GATEWAY, why, dead=True)


class Relay:
    """The open engines, the engine's description of itself and the server's limits."""

    def __init__(self, engine_path, max_engines, idle):
        self.engine_path = engine_path
        self.max_engines = max_engines
        self.idle = idle
        self.engines = {}
        self.ended = collections.OrderedDict()  # id -> why it ended (ApiError)
        self.lock = threading.Lock()
        probe = Engine(engine_path)
        try:
            probe.send("uci")
            lines, _ = probe.until("uciok")
        finally:
            probe.kill()
        self.hello = lines + ["uciok"]
        self.options = parse_options(lines)
        self.ident = next((line[8:] for line in lines if line.startswith("id name ")), "")
        self.variants = self.options.get("UCI_Variant", {}).get("vars", [])
        if not self.variants:
            raise SystemExit(f"{engine_path} lists no games in its UCI_Variant option")

    def info(self):
        return {"engine": self.ident, "mode": "server", "uci": self.hello,
                "limits": {"movetime": limits.MOVETIME_RANGE, "depth": limits.DEPTH_RANGE,
                           "games": self.max_engines, "idle": self.idle,
                           "search": limits.SEARCH_LIMIT, "command": limits.MAX_COMMAND}}

    def _end(self, relayed, why):
        """Takes an engine off the list (under the lock), remembering why it ended."""
        if self.engines.get(relayed.id) is relayed:
            del self.engines[relayed.id]
        relayed.ended = why
        self.ended[relayed.id] = why
        while len(self.ended) > limits.ENDED_KEPT:
            self.ended.popitem(last=False)

    def _finish(self, relayed):
        """Ends an engine: a search it runs is stopped first."""
        if relayed.searching and relayed.engine.alive():
            try:
                relayed.engine.send("stop")
            except EngineDead:
                pass
        relayed.engine.kill()
        if relayed.search is not None and not relayed.search.done:
            relayed.search.add("bestmove 0000", last=True)

    def silent(self):
        """Whether an engine's page has said nothing for the idle time."""
        now = time.monotonic()
        with self.lock:
            return any(now - r.seen > self.idle for r in self.engines.values())

    def reap(self):
        """Ends every engine whose page has gone silent, and any search it runs."""
        now = time.monotonic()
        with self.lock:
            old = [r for r in self.engines.values() if now - r.seen > self.idle]
            for relayed in old:
                self._end(relayed, closed(f"the game was ended after {self.idle:g} s without "
                                          "a word from its page"))
        for relayed in old:
            self._finish(relayed)
        return len(old)

    def open(self):
        """A new engine, told `uci` and ready for a game."""
        self.reap()
        with self.lock:
            if len(self.engines) >= self.max_engines:
                raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE,
                               f"the server already runs {self.max_engines} games, the most it "
                               "allows: close another board tab or wait for one to time out")
            try:
                engine = Engine(self.engine_path)
            except EngineDead as err:
                raise ApiError(HTTPStatus.BAD_GATEWAY, str(err), dead=True) from None
            relayed = Relayed(engine)
            self.engines[relayed.id] = relayed
        try:
            engine.send("uci")
            engine.until("uciok")
            engine.command("ucinewgame")
        except (EngineDead, EngineRefused) as err:
            self.drop(relayed, str(err))
            raise relayed.ended from None
        return relayed

    def find(self, relayed_id):
        """The open engine of that id; for one that ended, why it did. It does not block
        (an engine found dead has exited: ending it waits for nothing), so the routes call
        it on the event loop."""
        with self.lock:
            relayed = self.engines.get(relayed_id)
            why = self.ended.get(relayed_id) if relayed is None else None
        if why is not None:
            raise why
        if relayed is None:
            raise closed("no such game: it was closed or timed out")
        relayed.seen = time.monotonic()
        if not relayed.engine.alive() and not relayed.searching:
            raise self.drop(relayed, relayed.engine.death())
        return relayed

    def commands(self, relayed, commands):
        """The engine's lines in answer to each command, up to its `readyok`; the first
        command refused stops the rest."""
        claim(relayed)
        try:
            return [relayed.engine.command(command) for command in commands]
        except EngineRefused as err:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(err), refused=True) from None
        except EngineDead as err:
            raise self.drop(relayed, str(err)) from None
        finally:
            release(relayed)

    def go(self, relayed, words, bound):
        """Starts a search; returns the function that reads it to its end (run it in a
        worker thread)."""
        with self.lock:
            claim(relayed)
            relayed.searches += 1
            relayed.search = Search(relayed.searches)
            relayed.searching = True
        search = relayed.search
        try:
            relayed.engine.drain()
            relayed.engine.send("go " + words)
        except EngineDead as err:
            release(relayed)
            raise self.drop(relayed, str(err)) from None

        def follow():
            line, died = "bestmove 0000", None
            try:
                try:
                    _, line = relayed.engine.until("bestmove", bound, patient=True,
                                                   on_line=search.add)
                except TimeoutError:
                    relayed.engine.send("stop")
                    _, line = relayed.engine.until("bestmove", on_line=search.add)
            except EngineDead as err:
                died = str(err)
            release(relayed)
            if died is not None:
                self.drop(relayed, died)
            search.add(line, last=True)
        return follow

    def stop(self, relayed):
        if not relayed.searching:
            return False
        try:
            relayed.engine.send("stop")
        except EngineDead:
            pass  # the search's reader says so
        return True

    def drop(self, relayed, err):
        """Ends an engine that died; returns the error to answer."""
        with self.lock:
            if relayed.ended is None:
                self._end(relayed, dead(err))
            why = relayed.ended
        relayed.engine.kill()
        return why

    def close(self, relayed_id, why="the game was closed"):
        with self.lock:
            relayed = self.engines.get(relayed_id)
            if relayed is not None:
                self._end(relayed, closed(why))
        if relayed is None:
            return False
        self._finish(relayed)
        return True

    def close_all(self):
        with self.lock:
            engines = list(self.engines.values())
            for relayed in engines:
                self._end(relayed, closed("the board server has stopped"))
        for relayed in engines:
            self._finish(relayed)
