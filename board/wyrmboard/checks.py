"""Checks of what a request body asks for: each field's type and range, the FEN and move
strings, and the limits of a search. Nothing reaches the engine unchecked."""

import re
from http import HTTPStatus

from . import limits
from .errors import ApiError

PRINTABLE = re.compile(r"[\x20-\x7e]+")
TOKEN = re.compile(r"[\x21-\x7e]+")
CLOCK_GRACE = 1.0             # seconds past a side's whole clock before its search is stopped


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


def in_range(value, bounds, name):
    if value is not None and not bounds[0] <= value <= bounds[1]:
        raise ApiError(HTTPStatus.BAD_REQUEST, f"{name} must be {bounds[0]} to {bounds[1]}")
    return value


def checked_fen(fen):
    """A FEN as the engine's `position fen` takes it: one line of printable words, none of
    them `moves` (which would make the rest a list of moves to play)."""
    if fen is None:
        return None
    fen = fen.strip()
    if not fen or len(fen) > limits.MAX_FEN or not PRINTABLE.fullmatch(fen):
        raise ApiError(HTTPStatus.BAD_REQUEST,
                       f"a FEN is 1 to {limits.MAX_FEN} printable ASCII characters on one line")
    if "moves" in fen.split():
        raise ApiError(HTTPStatus.BAD_REQUEST, "the word 'moves' is not part of a FEN")
    return fen


def checked_move(move):
    if len(move) > limits.MAX_MOVE_TEXT or not TOKEN.fullmatch(move):
        raise ApiError(HTTPStatus.BAD_REQUEST, "a move is one word of printable ASCII")
    return move


def search_limits(body, turn, clock):
    """The words after `go`, and the seconds after which the server stops the search and
    takes its best move so far. One kind of limit: a move time, a depth, a clock (for a
    move the engine plays) or none (an analysis until stopped). Every search has a bound:
    a move time and a little more, the time left on the side's own clock (no search can
    use more than that), and for the others, and at most, SEARCH_LIMIT."""
    movetime = in_range(field(body, "movetime", int), limits.MOVETIME_RANGE, "movetime")
    depth = in_range(field(body, "depth", int), limits.DEPTH_RANGE, "depth")
    times = {k: in_range(field(body, k, int), limits.CLOCK_RANGE, k)
             for k in ("wtime", "btime", "winc", "binc")}
    movestogo = in_range(field(body, "movestogo", int), limits.MOVESTOGO_RANGE, "movestogo")
    infinite = field(body, "infinite", bool, default=False)
    on_clock = any(v is not None for v in times.values()) or movestogo is not None
    if on_clock and not clock:
        raise ApiError(HTTPStatus.BAD_REQUEST, "an analysis takes no clock")
    if infinite and clock:
        raise ApiError(HTTPStatus.BAD_REQUEST, "a move the engine plays needs a limit")
    if sum([movetime is not None, depth is not None, on_clock, infinite]) > 1:
        raise ApiError(HTTPStatus.BAD_REQUEST, "give one of movetime, depth, a clock "
                       "(wtime, btime...) or infinite")
    longest = limits.SEARCH_LIMIT
    if on_clock:
        if times["wtime"] is None or times["btime"] is None:
            raise ApiError(HTTPStatus.BAD_REQUEST, "a clock needs both wtime and btime")
        words = " ".join(f"{k} {v}" for k, v in times.items() if v is not None)
        if movestogo is not None:
            words += f" movestogo {movestogo}"
        own = times["wtime" if turn == 0 else "btime"]
        return {"words": words, "limit": min(own / 1000 + CLOCK_GRACE, longest)}
    if depth is not None:
        return {"words": f"depth {depth}", "limit": longest}
    if infinite:
        return {"words": "infinite", "limit": longest}
    movetime = 1000 if movetime is None else movetime
    return {"words": f"movetime {movetime}",
            "limit": min(movetime / 1000 + limits.REPLY_TIMEOUT, longest)}
