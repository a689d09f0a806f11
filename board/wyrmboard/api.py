"""The board's routes: who may ask (the Host, Origin and Referer checks), the page's
files, and the JSON API over the open games. Engine work runs in worker threads, one
request of a game at a time; everything else is answered on the event loop.

Routes (all answers are JSON except the static files):
  GET  /, /index.html, /board.js, ...  the page (its files, by exact name)
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

import asyncio
import functools
import ipaddress
import json
import os
import re
from http import HTTPStatus
from urllib.parse import urlsplit

from . import limits
from .checks import checked_fen, checked_move, field, in_range, search_limits
from .errors import ApiError, EngineDead, EngineRefused
from .game import SKILL_OPTION
from .httpd import Response, json_response
from .info import NO_SEARCH

GAME_ID = re.compile(r"[0-9a-f]{16}")
NUMBER = re.compile(r"[0-9]{1,9}")
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".png": "image/png",
                 ".svg": "image/svg+xml", ".ico": "image/x-icon"}
ACTIONS = {None: "GET", "ply": "GET", "move": "POST", "go": "POST", "stop": "POST",
           "undo": "POST", "fen": "POST", "heartbeat": "POST", "close": "POST",
           "analyse": "POST", "analysis": "GET"}


def host_name(host):
    """The name part of a Host header (an IPv6 address keeps its brackets)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def address(name):
    """The IP address a name is written as, or None for a name that is not one."""
    try:
        found = ipaddress.ip_address(name[1:-1] if name.startswith("[") else name)
    except ValueError:
        return None
    mapped = getattr(found, "ipv4_mapped", None)
    return mapped or found


def shown(ip):
    return f"[{ip}]" if ip.version == 6 else str(ip)


class Api:
    def __init__(self, board, static_dir, allowed_hosts, executor, log):
        self.board = board
        self.allowed = [name.lower() for name in allowed_hosts]
        self.executor = executor
        self.log = log
        # Only the page's own files, found by exact name: no path from a request ever
        # reaches the file system.
        self.static = {name: os.path.join(static_dir, name) for name in os.listdir(static_dir)
                       if os.path.isfile(os.path.join(static_dir, name))}

    async def run(self, call, *args):
        """A blocking call (the engine) in a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(
            self.executor, functools.partial(call, *args))

    async def __call__(self, request):
        try:
            self.check_host(request)
            parts = [p for p in request.path.split("/") if p]
            api = parts[:1] == ["api"]
            if api or request.method not in ("GET", "HEAD"):
                self.check_origin(request)
            if not api:
                return self.page(request, parts)
            return await self.route(request, parts)
        except ApiError as err:
            return json_response(err.status, {"error": err.message, **err.extra})
        except Exception as err:  # the server keeps serving whatever went wrong
            self.log(f"internal error on {request.method} {request.target[:100]}: {err!r}")
            return json_response(HTTPStatus.INTERNAL_SERVER_ERROR,
                                 {"error": "internal error of the board server"})

    # Who may ask -------------------------------------------------------------------------

    def check_host(self, request):
        """A request must name this server by the address it reached it on (or, for a
        loopback address, localhost) or by a name given with --allow-host. A web site that
        points its own name at this machine (DNS rebinding) sends its own name, and is
        refused: its pages can then neither read nor change anything."""
        name = host_name(request.headers.get("host", ""))
        if name in self.allowed:
            return
        local = address(request.local)
        asked = address(name)
        loopback = local is not None and local.is_loopback
        if local is not None and asked is not None and \
                (asked == local or (loopback and asked.is_loopback)):
            return
        if loopback and name == "localhost":
            return
        names = ([shown(local)] if local is not None else []) + \
            (["localhost"] if loopback else []) + self.allowed
        said = " or ".join(names) if len(names) < 3 else \
            ", ".join(names[:-1]) + " or " + names[-1]
        hint = "" if loopback or self.allowed else \
            " (start the server with --allow-host NAME to answer to a name)"
        raise ApiError(HTTPStatus.FORBIDDEN, f"this board answers only requests to {said}"
                       + hint)

    def check_origin(self, request):
        """Only the board's own pages may use the API or change anything: a request whose
        Origin or Referer is another site's page is refused."""
        host = request.headers.get("host", "").strip().lower()
        for header in ("origin", "referer"):
            value = request.headers.get(header)
            if value is None:
                continue
            try:
                parts = urlsplit(value.strip())
                netloc = parts.netloc.lower()
            except ValueError:
                netloc = None
            if netloc != host or parts.scheme not in ("http", "https"):
                raise ApiError(HTTPStatus.FORBIDDEN,
                               "requests from another site's pages are refused")

    # The page ----------------------------------------------------------------------------

    def page(self, request, parts):
        if request.method not in ("GET", "HEAD"):
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED,
                           f"{request.method} is not allowed here")
        name = "index.html" if not parts else "/".join(parts)
        path = self.static.get(name)
        if path is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such page: {request.target[:100]}")
        with open(path, "rb") as handle:
            data = handle.read()
        return Response(HTTPStatus.OK, data,
                        CONTENT_TYPES.get(os.path.splitext(name)[1], "application/octet-stream"),
                        [("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")])

    # The API -----------------------------------------------------------------------------

    def body(self, request):
        raw = request.body
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            # RecursionError: nesting too deep for the parser ([[[[...]]]])
            raise ApiError(HTTPStatus.BAD_REQUEST, "the request body is not JSON") from None
        if not isinstance(body, dict):
            raise ApiError(HTTPStatus.BAD_REQUEST, "the request body must be a JSON object")
        return body

    async def route(self, request, parts):
        method = "GET" if request.method == "HEAD" else request.method
        path = request.path
        board = self.board
        if parts == ["api", "info"] and method == "GET":
            return json_response(HTTPStatus.OK, board.info())
        if parts == ["api", "games"] and method == "POST":
            return await self.create(self.body(request))
        if len(parts) < 3 or parts[1] != "games" or len(parts) > 5:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {path[:100]}")
        if not GAME_ID.fullmatch(parts[2]):
            raise ApiError(HTTPStatus.NOT_FOUND, "no such game: a game id is 16 hex digits",
                           gone=True)
        action = parts[3] if len(parts) > 3 else None
        numbered = len(parts) == 5
        if action not in ACTIONS or (numbered and action not in ("ply", "analysis")) or \
                (action == "ply" and not numbered):
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {path[:100]}")
        if method != ACTIONS[action]:
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED,
                           f"{path[:100]} takes {ACTIONS[action]}, not {method}")
        body = self.body(request) if method == "POST" else {}
        if action == "close":
            closed = await self.run(board.close, parts[2])
            return json_response(HTTPStatus.OK, {"closed": closed})
        game = board.find(parts[2])
        if action == "heartbeat":
            if not game.engine.alive():
                raise await self.run(board.drop, game, game.engine.death())
            return json_response(HTTPStatus.OK, {"ok": True})
        if action == "stop":
            try:
                await self.run(game.stop)
            except EngineDead:
                pass  # the next request about the game says so
            return json_response(HTTPStatus.OK, {"stopped": True})
        if action == "analysis":
            # Read while the search runs: no wait for the game's turn.
            since = parts[4] if numbered else "0"
            if not NUMBER.fullmatch(since):
                raise ApiError(HTTPStatus.NOT_FOUND, "the line number is a whole number")
            search = game.search
            return json_response(HTTPStatus.OK, search.view(int(since)) if search else
                                 NO_SEARCH)
        return await self.on_game(game, action, parts, body)

    async def create(self, body):
        board = self.board
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
        if len(moves) > limits.MAX_MOVES or not all(isinstance(m, str) for m in moves):
            raise ApiError(HTTPStatus.BAD_REQUEST, f"moves is a list of at most "
                           f"{limits.MAX_MOVES} move strings")
        moves = [checked_move(m) for m in moves]
        replace = field(body, "replace", str)
        try:
            game = await self.run(board.create, variant, variation, fen, moves, replace)
        except EngineRefused as err:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(err)) from None
        except EngineDead as err:
            raise ApiError(HTTPStatus.BAD_GATEWAY, str(err), dead=True) from None
        return json_response(HTTPStatus.CREATED, game.view())

    async def on_game(self, game, action, parts, body):
        """A request that drives the engine: checked on the event loop, then carried out
        in a worker thread once the game's earlier requests are done."""
        work = self.work(game, action, parts, body)
        async with game.turn:
            if game.ended is not None:
                raise overtaken(game.ended)
            try:
                if not game.engine.alive():
                    raise EngineDead(game.engine.death())
                status, payload = await self.run(work)
            except EngineRefused as err:
                raise ApiError(HTTPStatus.BAD_REQUEST, str(err)) from None
            except EngineDead as err:
                if game.ended is not None:
                    raise overtaken(game.ended) from None
                raise await self.run(self.board.drop, game, str(err)) from None
        if game.ended is not None and action in ("go", "analyse"):
            raise overtaken(game.ended)
        return json_response(status, payload)

    def work(self, game, action, parts, body):
        """Checks the request (before it waits for its turn) and returns what carries it
        out: a function giving the status and the answer."""
        board = self.board
        if action is None:
            return lambda: (HTTPStatus.OK, game.view())
        if action == "ply":
            ply = parts[4]

            def view_ply():
                if not NUMBER.fullmatch(ply) or int(ply) > len(game.moves):
                    raise ApiError(HTTPStatus.NOT_FOUND, f"ply must be 0 to {len(game.moves)}")
                n = int(ply)
                position = game.describe(n)
                last = game.played[n - 1] if n else None
                return HTTPStatus.OK, {"ply": n, "position": position, "last": last}
            return view_ply
        if action == "move":
            move = checked_move(field(body, "move", str, required=True))
            return lambda: (game.play(move), (HTTPStatus.OK, game.view()))[1]
        if action == "undo":
            plies = in_range(field(body, "plies", int, default=1), (1, limits.MAX_MOVES),
                             "plies")
            return lambda: (game.undo(plies), (HTTPStatus.OK, game.view()))[1]
        if action == "fen":
            fen = checked_fen(field(body, "fen", str, required=True))
            return lambda: (game.load(fen), (HTTPStatus.OK, game.view()))[1]
        if action == "go":
            skill = field(body, "skill", int)
            if skill is not None:
                option = board.options.get(SKILL_OPTION)
                if option is None:
                    raise ApiError(HTTPStatus.BAD_REQUEST,
                                   "this engine has no Skill Level option")
                in_range(skill, (option.get("min", 0), option.get("max", 20)), "skill")
            search_limits(body, 0, clock=True)  # refused at once when malformed

            def think():
                turn = game.position.get("turn", 0)
                best, think_ms = game.think(search_limits(body, turn, clock=True), skill)
                return HTTPStatus.OK, {**game.view(), "bestmove": best, "think_ms": think_ms}
            return think
        if action == "analyse":
            ply_asked = field(body, "ply", int)
            wanted = search_limits(body, 0, clock=False)

            def analyse():
                ply = in_range(len(game.moves) if ply_asked is None else ply_asked,
                               (0, len(game.moves)), "ply")
                return HTTPStatus.OK, game.analyse(ply, wanted)
            return analyse
        raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {action}")


def overtaken(why):
    """The answer to a request whose game ended while it waited or ran."""
    if why.extra.get("dead"):
        return why
    return ApiError(HTTPStatus.GONE, f"{why.message} before the engine answered", gone=True)
