"""A small HTTP/1.1 server on asyncio, built to outlast careless and hostile clients.

One event loop holds every connection, so a thousand idle or slow ones cost a few
kilobytes each and no thread. Each request has deadlines that bytes do not reset: the
first byte of a request within IDLE_TIMEOUT, the rest of its head within HEADER_TIMEOUT
of that byte, its body within BODY_TIMEOUT, and the client takes the reply within
WRITE_TIMEOUT. Open connections are capped, for all clients and for each client address;
a connection beyond a cap closes the oldest connection that is idle or still sending a
request (of that client, or of the client with the most connections), and is answered
503 only when every connection is busy with a request the server is carrying out.

Framing is strict: a body is read only by its Content-Length; Transfer-Encoding (chunked
or any other), a body longer than allowed, a bad or repeated Content-Length and a body
the client does not send in time are each answered once, and the connection is closed,
so nothing after them is read as another request."""

import asyncio
import json
import re
import time
from http import HTTPStatus

from . import limits

TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
VERSION = re.compile(rb"HTTP/([0-9])\.([0-9])")
DIGITS = re.compile(r"[0-9]{1,9}")
BODY_METHODS = (b"POST", b"PUT", b"PATCH")


class Request:
    """One request as read: method and target as sent, header names in lower case."""

    def __init__(self, method, target, version, headers, body, peer, local):
        self.method = method
        self.target = target
        self.path = target.split("?", 1)[0]
        self.version = version
        self.headers = headers
        self.body = body
        self.peer = peer            # the client's address
        self.local = local          # the address of this server the client reached


class Response:
    def __init__(self, status, body=b"", content_type="application/json", headers=(),
                 close=False):
        self.status = HTTPStatus(status)
        self.body = body
        self.content_type = content_type
        self.headers = list(headers)
        self.close = close


def json_response(status, payload, close=False):
    return Response(status, json.dumps(payload).encode(), headers=[("Cache-Control",
                                                                    "no-store")], close=close)


class Refusal(Exception):
    """A request that cannot be read: answered with the status, then the connection ends."""

    def __init__(self, status, message=None):
        super().__init__(message)
        self.status = HTTPStatus(status)
        self.message = message or self.status.phrase


class Gone(Exception):
    """The client left, or missed a deadline that ends the connection without a word."""


class Connection:
    __slots__ = ("peer", "writer", "task", "state", "since", "counted")

    def __init__(self, peer, writer):
        self.peer = peer
        self.writer = writer
        self.task = asyncio.current_task()
        self.state = "idle"     # idle, head, body: may be closed for another; busy, writing
        self.since = time.monotonic()
        self.counted = True

    def enter(self, state):
        self.state = state
        self.since = time.monotonic()

    def evictable(self):
        return self.state in ("idle", "head", "body")


def client_of(address):
    """The client's address as one string, an IPv4 address mapped into IPv6 as IPv4."""
    host = address[0] if isinstance(address, tuple) else str(address)
    return host[7:] if host.startswith("::ffff:") and "." in host else host


class HttpServer:
    def __init__(self, handler, host, port, connections, client_connections, log,
                 verbose=False):
        self.handler = handler
        self.host, self.port = host, port
        self.connections = connections
        self.client_connections = max(1, min(client_connections, connections))
        self.log = log
        self.verbose = verbose
        self.clients = {}       # client address -> {Connection: None}, oldest first
        self.open = 0
        self.server = None

    async def start(self):
        self.server = await asyncio.start_server(
            self.serve, self.host, self.port, reuse_address=True, backlog=1024,
            limit=limits.MAX_LINE + 2)
        return self.server.sockets[0].getsockname()

    async def stop(self):
        """Stops listening and ends every connection."""
        if self.server is not None:
            self.server.close()
        tasks = []
        for held in list(self.clients.values()):
            for conn in list(held):
                self.forget(conn)
                conn.writer.transport.abort()
                if conn.task is not None:
                    conn.task.cancel()
                    tasks.append(conn.task)
        await asyncio.gather(*tasks, return_exceptions=True)

    # Connection caps ---------------------------------------------------------------------

    def admit(self, conn):
        """Counts a new connection in, closing an idle or unfinished one to make room when
        a cap is reached; False when there is none to close."""
        held = self.clients.get(conn.peer, {})
        if len(held) >= self.client_connections:
            victims = held
        elif self.open >= self.connections:
            victims = max(self.clients.values(), key=len)
        else:
            victims = None
        if victims is not None:
            victim = min((c for c in victims if c.evictable()), key=lambda c: c.since,
                         default=None)
            if victim is None:
                return False
            self.forget(victim)
            victim.writer.transport.abort()
        self.clients.setdefault(conn.peer, {})[conn] = None
        self.open += 1
        return True

    def forget(self, conn):
        if not conn.counted:
            return
        conn.counted = False
        held = self.clients.get(conn.peer)
        if held is not None:
            held.pop(conn, None)
            if not held:
                del self.clients[conn.peer]
        self.open -= 1

    # One connection ----------------------------------------------------------------------

    async def serve(self, reader, writer):
        conn = Connection(client_of(writer.get_extra_info("peername") or ("?",)), writer)
        try:
            local = client_of(writer.get_extra_info("sockname") or ("?",))
            if not self.admit(conn):
                conn.counted = False
                await self.send(conn, json_response(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    {"error": "the board server is busy: too many connections"}, close=True),
                    "GET")
                return
            while True:
                conn.enter("idle")
                request = await self.read_request(conn, reader, local)
                conn.enter("busy")
                response = await self.handler(request)
                if request.version == (1, 0):
                    keep = "keep-alive" in tokens(request.headers.get("connection", ""))
                else:
                    keep = "close" not in tokens(request.headers.get("connection", ""))
                response.close = response.close or not keep
                await self.send(conn, response, request.method, request.version)
                if response.close:
                    return
        except Refusal as err:
            try:
                await self.send(conn, json_response(err.status, {"error": err.message},
                                                    close=True), "GET")
            except (Gone, ConnectionError, OSError):
                pass
        except (Gone, ConnectionError, OSError, asyncio.IncompleteReadError,
                asyncio.TimeoutError):
            pass
        except asyncio.CancelledError:
            raise
        except Exception as err:  # the server keeps serving whatever went wrong
            self.log(f"internal error on a connection from {conn.peer}: {err!r}")
        finally:
            self.forget(conn)
            await self.close(writer)

    async def read_request(self, conn, reader, local):
        try:
            first = await asyncio.wait_for(reader.read(1), limits.IDLE_TIMEOUT)
        except asyncio.TimeoutError:
            raise Gone from None
        if not first:
            raise Gone
        conn.enter("head")
        try:
            lines = await asyncio.wait_for(self.read_head(reader, first),
                                           limits.HEADER_TIMEOUT)
        except asyncio.TimeoutError:
            raise Refusal(HTTPStatus.REQUEST_TIMEOUT,
                          "the request's headers did not come in time") from None
        method, target, version = request_line(lines[0])
        headers = header_fields(lines[1:])
        body = b""
        if b"transfer-encoding" in headers:
            raise Refusal(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        length = headers.get(b"content-length")
        if length is None:
            if method in BODY_METHODS:
                raise Refusal(HTTPStatus.LENGTH_REQUIRED,
                              "send the body with a Content-Length")
        else:
            if not DIGITS.fullmatch(length):
                raise Refusal(HTTPStatus.BAD_REQUEST, "bad Content-Length")
            size = int(length)
            if size > limits.MAX_BODY:
                raise Refusal(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                              f"the request body is {size} bytes, more than the "
                              f"{limits.MAX_BODY} allowed")
            if size:
                conn.enter("body")
                if version >= (1, 1) and "100-continue" in headers.get(b"expect", "").lower():
                    conn.writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
                try:
                    body = await asyncio.wait_for(reader.readexactly(size),
                                                  limits.BODY_TIMEOUT)
                except asyncio.TimeoutError:
                    raise Refusal(HTTPStatus.REQUEST_TIMEOUT,
                                  "the request body did not come in time") from None
                except asyncio.IncompleteReadError:
                    raise Refusal(HTTPStatus.BAD_REQUEST,
                                  "the request body ended early") from None
        text = {name.decode("latin-1"): value for name, value in headers.items()}
        return Request(method.decode("ascii"), target, version, text, body, conn.peer, local)

    async def read_head(self, reader, first):
        """The request line and the header lines, without their line ends."""
        lines = []
        total = len(first)
        pending = b"" if first == b"\n" else first
        while True:
            try:
                line = pending + await reader.readuntil(b"\n")
            except asyncio.LimitOverrunError:
                raise Refusal(HTTPStatus.REQUEST_URI_TOO_LONG if not lines else
                              HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE) from None
            except asyncio.IncompleteReadError:
                raise Gone from None
            pending = b""
            total += len(line)
            if len(line) > limits.MAX_LINE:
                raise Refusal(HTTPStatus.REQUEST_URI_TOO_LONG if not lines else
                              HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
            if total > limits.MAX_HEAD or len(lines) > limits.MAX_HEADERS:
                raise Refusal(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
            line = line[:-2] if line.endswith(b"\r\n") else line[:-1]
            if not line:
                if lines:
                    return lines
                continue    # empty lines before a request are allowed
            lines.append(line)

    # Replies -----------------------------------------------------------------------------

    async def send(self, conn, response, method, version=(1, 1)):
        conn.enter("writing")
        writer = conn.writer
        if writer.transport.is_closing():
            raise Gone
        status = response.status
        head = [f"HTTP/1.1 {status.value} {status.phrase}", "Server: wyrm-board",
                f"Content-Type: {response.content_type}",
                f"Content-Length: {len(response.body)}"]
        head += [f"{name}: {value}" for name, value in response.headers]
        if response.close:
            head.append("Connection: close")
        elif version == (1, 0):
            head.append("Connection: keep-alive")
        data = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1")
        if method != "HEAD":
            data += response.body
        if self.verbose:
            self.log(f"{conn.peer} {status.value} {len(response.body)}")
        writer.write(data)
        try:
            await asyncio.wait_for(writer.drain(), limits.WRITE_TIMEOUT)
        except asyncio.TimeoutError:
            writer.transport.abort()
            raise Gone from None

    async def close(self, writer):
        try:
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), limits.WRITE_TIMEOUT)
        except (asyncio.TimeoutError, ConnectionError, OSError):
            writer.transport.abort()
        except asyncio.CancelledError:
            writer.transport.abort()
            raise


def tokens(value):
    return {word.strip().lower() for word in value.split(",")}


def request_line(line):
    words = line.split()
    if len(words) != 3 or not TOKEN.fullmatch(words[0]):
        raise Refusal(HTTPStatus.BAD_REQUEST, f"bad request line {line[:80]!r}")
    version = VERSION.fullmatch(words[2])
    if not version:
        raise Refusal(HTTPStatus.BAD_REQUEST, f"bad HTTP version {words[2][:20]!r}")
    number = (int(version.group(1)), int(version.group(2)))
    if number >= (2, 0) or number < (1, 0):
        raise Refusal(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,
                      f"this server speaks HTTP/1.0 and HTTP/1.1, not {words[2].decode()}")
    return words[0], words[1].decode("latin-1"), min(number, (1, 1))


def header_fields(lines):
    """The header lines as {lower-case name: value}; a repeated Host or Content-Length,
    a folded line or a malformed one refuses the request."""
    headers = {}
    for line in lines:
        name, colon, value = line.partition(b":")
        if not colon or not TOKEN.fullmatch(name):
            raise Refusal(HTTPStatus.BAD_REQUEST, f"bad header line {line[:80]!r}")
        name = name.lower()
        value = value.strip(b" \t").decode("latin-1")
        if name in headers:
            if name in (b"host", b"content-length", b"transfer-encoding"):
                raise Refusal(HTTPStatus.BAD_REQUEST,
                              f"the {name.decode()} header is given twice")
            value = headers[name] + ", " + value
        headers[name] = value
    return headers
