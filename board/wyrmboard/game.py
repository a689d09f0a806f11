"""The game model: one open game (its engine, start position and moves) and the board
that holds the open games, their cap, and why each recently ended game ended.

Every method here may block on the engine: the server calls them from worker threads,
one request of a game at a time (Game.turn). Only the board's bookkeeping is shared
between threads, under Board.lock."""

import asyncio
import collections
import secrets
import threading
import time
from http import HTTPStatus

from . import limits
from .engine import Engine, parse_options
from .errors import ApiError, EngineDead, EngineRefused
from .info import Search

SKILL_OPTION = "Skill Level"


class Game:
    """One open game: its engine, the start position and the moves played since."""

    def __init__(self, engine):
        self.id = secrets.token_hex(8)
        self.engine = engine
        self.turn = asyncio.Lock()  # one request at a time drives the engine
        self.seen = time.monotonic()
        self.ended = None       # why the game ended (an ApiError), once it has
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

    def search_with(self, limits_, kind, ply):
        """Runs `go <words>` on the position after `ply` moves, the info lines collected
        as they come; returns the best move ("0000" if none) and the time taken. A search
        still running at its limit is stopped and its move so far taken; an engine that
        then does not answer is dead."""
        self.engine.command(self.position_command(self.moves if ply is None else
                                                  self.moves[:ply]))
        self.cancelled = False
        self.searches += 1
        search = Search(self.searches, kind, len(self.moves) if ply is None else ply)
        self.search = search
        self.searching = True
        begun = time.monotonic()
        best = "0000"
        try:
            self.engine.send("go " + limits_["words"])
            try:
                _, line = self.engine.until("bestmove", limits_["limit"], patient=True,
                                            on_line=search.add)
            except TimeoutError:
                self.engine.send("stop")
                _, line = self.engine.until("bestmove", on_line=search.add)
            words = line.split()
            best = words[1] if len(words) > 1 else "0000"
        finally:
            self.searching = False
            search.finish(best)
        return best, round((time.monotonic() - begun) * 1000)

    def think(self, limits_, skill):
        self.set_skill(skill)
        if self.position.get("result"):
            raise ApiError(HTTPStatus.CONFLICT, "the game is over")
        best, think_ms = self.search_with(limits_, "go", None)
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

    def analyse(self, ply, limits_):
        """The engine's view of the position after `ply` moves; nothing is played."""
        position = self.position if ply == len(self.moves) else self.describe(ply)
        if position.get("result"):
            raise ApiError(HTTPStatus.CONFLICT, "the game is over in that position")
        best, think_ms = self.search_with(limits_, "analyse", ply)
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


def closed(why):
    return ApiError(HTTPStatus.NOT_FOUND, why, gone=True)


def dead(why):
    return ApiError(HTTPStatus.BAD_GATEWAY, f"{why}; start a new game", dead=True)


class Board:
    """The open games, the engine's description of itself and the server's limits."""

    def __init__(self, engine_path, max_games, idle):
        self.engine_path = engine_path
        self.max_games = max_games
        self.idle = idle
        self.games = {}
        self.ended = collections.OrderedDict()  # id -> why it ended (ApiError)
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
                "options": shown,
                "limits": {"movetime": limits.MOVETIME_RANGE, "depth": limits.DEPTH_RANGE,
                           "games": self.max_games, "idle": self.idle}}

    def _end(self, game, why):
        """Takes a game off the board (under the lock), remembering why it ended."""
        if self.games.get(game.id) is game:
            del self.games[game.id]
        game.ended = why
        self.ended[game.id] = why
        while len(self.ended) > limits.ENDED_KEPT:
            self.ended.popitem(last=False)

    def _finish(self, game):
        """Ends a game's engine: a search it runs is stopped first."""
        if game.engine.alive() and game.searching:
            try:
                game.engine.send("stop")
            except EngineDead:
                pass
        game.engine.kill()

    def silent(self):
        """The games whose page has said nothing for the idle time, searching or not."""
        now = time.monotonic()
        with self.lock:
            return [g for g in self.games.values() if now - g.seen > self.idle]

    def reap(self):
        """Ends every game whose page has gone silent, and any search it runs."""
        now = time.monotonic()
        with self.lock:
            old = [g for g in self.games.values() if now - g.seen > self.idle]
            for game in old:
                self._end(game, closed(f"the game was ended after {self.idle:g} s without "
                                       "a word from its page"))
        for game in old:
            self._finish(game)
        return len(old)

    def create(self, variant, variation, fen, moves, replace):
        if replace is not None:
            self.close(replace, "the game was closed: a new game replaced it")
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
            game.setup(variant, variation, fen, moves)
        except BaseException:
            with self.lock:
                if self.games.get(game.id) is game:
                    del self.games[game.id]
            game.engine.kill()
            raise
        return game

    def find(self, game_id):
        """The open game of that id; for one that ended, why it did."""
        with self.lock:
            game = self.games.get(game_id)
            why = self.ended.get(game_id) if game is None else None
        if why is not None:
            raise why
        if game is None:
            raise ApiError(HTTPStatus.NOT_FOUND, "no such game: it was closed or timed out",
                           gone=True)
        game.seen = time.monotonic()
        return game

    def drop(self, game, err):
        """Ends a game whose engine died (EngineDead err); returns the error to answer."""
        with self.lock:
            if game.ended is None:
                self._end(game, dead(err))
            why = game.ended
        game.engine.kill()
        return why

    def close(self, game_id, why="the game was closed"):
        with self.lock:
            game = self.games.get(game_id)
            if game is not None:
                self._end(game, closed(why))
        if game is None:
            return False
        self._finish(game)
        return True

    def close_all(self):
        with self.lock:
            games = list(self.games.values())
            for game in games:
                self._end(game, closed("the board server has stopped"))
        for game in games:
            game.engine.kill()
