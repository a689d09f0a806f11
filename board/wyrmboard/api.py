"""The board's routes: who may ask (the Host, Origin and Referer checks), the page's
files, and the JSON API over the native engines the pages play with (relay.py). The game
itself is the page's (board/static/model.js). Engine work runs in worker threads;
everything else is answered on the event loop.

Routes (all answers are JSON except the static files):
  GET  /, /index.html, /board.js, ...  the page (its files, by exact name)
  GET  /api/info                     the engine's `uci` reply and the server's limits
  POST /api/engines                  a new engine for a game: {id}
  POST /api/engines/<id>/command     {command} a checked command: the engine's lines up to
                                     its `readyok`; {commands: [...]} up to 4 of them, one
                                     reply each
  POST /api/engines/<id>/go          {go: "movetime 1000"} starts a bounded search
  GET  /api/engines/<id>/lines/<n>   the running or last search's lines from the n-th on,
                                     waiting up to ?wait=<ms> (at most POLL_WAIT) for one
  POST /api/engines/<id>/stop        ends the running search (it answers its bestmove)
  POST /api/engines/<id>/heartbeat   the page is still open
  POST /api/engines/<id>/close       the page was closed: the engine is ended
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
from .errors import ApiError
from .httpd import Response, json_response
from .relay import checked_command, checked_go

ENGINE_ID = re.compile(r"[0-9a-f]{16}")
NUMBER = re.compile(r"[0-9]{1,9}")
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".png": "image/png",
                 ".svg": "image/svg+xml", ".ico": "image/x-icon"}
ACTIONS = {"command": "POST", "go": "POST", "lines": "GET", "stop": "POST",
           "heartbeat": "POST", "close": "POST"}


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
    def __init__(self, relay, static_dir, allowed_hosts, executor, log):
        self.relay = relay
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
        relay = self.relay
        if parts == ["api", "info"] and method == "GET":
            return json_response(HTTPStatus.OK, relay.info())
        if parts == ["api", "engines"] and method == "POST":
            self.body(request)
            relayed = await self.run(relay.open)
            return json_response(HTTPStatus.CREATED, {"id": relayed.id})
        if len(parts) < 4 or parts[1] != "engines" or len(parts) > 5:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {path[:100]}")
        if not ENGINE_ID.fullmatch(parts[2]):
            raise ApiError(HTTPStatus.NOT_FOUND, "no such game: an engine id is 16 hex digits",
                           gone=True)
        action = parts[3]
        if action not in ACTIONS or (len(parts) == 5) != (action == "lines"):
            raise ApiError(HTTPStatus.NOT_FOUND, f"no such route: {path[:100]}")
        if method != ACTIONS[action]:
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED,
                           f"{path[:100]} takes {ACTIONS[action]}, not {method}")
        body = self.body(request) if method == "POST" else {}
        if action == "close":
            closed = await self.run(relay.close, parts[2])
            return json_response(HTTPStatus.OK, {"closed": closed})
        relayed = relay.find(parts[2])
        if action == "heartbeat":
            return json_response(HTTPStatus.OK, {"ok": True})
        if action == "stop":
            return json_response(HTTPStatus.OK, {"stopped": await self.run(relay.stop, relayed)})
        if action == "lines":
            return json_response(HTTPStatus.OK, await self.lines(request, relayed, parts[4]))
        if action == "command":
            if "commands" not in body:
                command = checked_command(body.get("command"))
                lines = await self.run(relay.commands, relayed, [command])
                return json_response(HTTPStatus.OK, {"lines": lines[0]})
            commands = body["commands"]
            if not isinstance(commands, list) or not 1 <= len(commands) <= limits.MAX_COMMANDS:
                raise ApiError(HTTPStatus.BAD_REQUEST, "commands is a list of 1 to "
                               f"{limits.MAX_COMMANDS} commands")
            commands = [checked_command(command) for command in commands]
            replies = await self.run(relay.commands, relayed, commands)
            return json_response(HTTPStatus.OK, {"replies": replies})
        words, bound = checked_go(body.get("go"))
        follow = await self.run(relay.go, relayed, words, bound)
        asyncio.get_running_loop().run_in_executor(self.executor, follow)
        return json_response(HTTPStatus.OK, {"search": relayed.search.number})

    async def lines(self, request, relayed, since):
        """The search's lines from `since` on, once there is one or the wait is over."""
        if not NUMBER.fullmatch(since):
            raise ApiError(HTTPStatus.NOT_FOUND, "the line number is a whole number")
        wait = 0.0
        query = request.target.split("?", 1)[1] if "?" in request.target else ""
        for pair in query.split("&") if query else []:
            key, _, value = pair.partition("=")
            if key != "wait" or not NUMBER.fullmatch(value):
                raise ApiError(HTTPStatus.BAD_REQUEST, "a read of lines takes only "
                               "?wait=<milliseconds>")
            wait = min(int(value) / 1000, limits.POLL_WAIT)
        search = relayed.search
        if search is None:
            return {"search": 0, "from": 0, "lines": [], "next": 0, "done": True}
        # Once a line past `since` is in, more are gathered for a moment (up to the search's
        # end), so that a fast search is not read one line a request.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        gathering = False
        while relayed.ended is None and loop.time() < deadline:
            future = search.waiter(loop, int(since), gathering)
            if future is None:
                if gathering or search.done:
                    break
                gathering = True
                deadline = min(deadline, loop.time() + limits.LINES_GATHER)
                continue
            try:
                await asyncio.wait_for(future, deadline - loop.time())
            except asyncio.TimeoutError:
                break
        if relayed.ended is not None:
            raise relayed.ended  # the engine died or was ended while it searched
        return search.view(int(since))
