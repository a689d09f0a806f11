#!/usr/bin/python3
"""The wyrm board: a small HTTP server that serves the page (board/static/) and runs one
native engine process per open game for it.

The game is the page's: its model (board/static/model.js) keeps the moves, clocks and
searches, and is the same code whether the engine is the server's or the WebAssembly one
in the page's worker. The server passes the page's commands (`setoption`, `position ...`,
`json`, `go`, `stop`) to its engine, each checked and bounded, and hands back the replies.
It knows no rules of any game: legality, drawing and results all come from the engine's
`json` reply.

Only Python's standard library is used, so nothing has to be installed beyond python3.
This file is the command line; the server itself is the package beside it, one module
per job (board/wyrmboard/, listed in its __init__.py).
"""

import argparse
import os
import signal
import threading

from wyrmboard.engine import Engine, parse_options
from wyrmboard.errors import ApiError, EngineDead, EngineRefused
from wyrmboard.relay import Relay
from wyrmboard.runner import DEFAULT_ENGINE, start, stop_server

__all__ = ["ApiError", "Engine", "EngineDead", "EngineRefused", "Relay", "parse_options",
           "start", "stop_server"]


def main():
    parser = argparse.ArgumentParser(description="The wyrm board: play the engine's games "
                                     "in a web browser.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")),
                        help="port (default $PORT or 8000; 0 picks a free one)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="a host name the server may be reached by, besides the address "
                        "it listens on (repeatable)")
    parser.add_argument("--engine", default=os.environ.get("WYRM", DEFAULT_ENGINE),
                        help="the engine program (default $WYRM or ./wyrm)")
    parser.add_argument("--max-games", type=int, default=8,
                        help="engine processes running at once (default 8)")
    parser.add_argument("--idle", type=float, default=300.0,
                        help="seconds without a word from a page before its game, and any "
                        "search it runs, is ended (default 300)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args()
    if args.max_games < 1 or args.idle <= 0:
        parser.error("--max-games and --idle must be positive")
    for name in args.allow_host:
        if not name or any(c in name for c in " /:@[]") or not name.isascii():
            parser.error(f"--allow-host takes a host name, not {name!r}")
    try:
        server = start(args.host, args.port, args.engine, args.max_games, args.idle,
                       args.verbose, allowed_hosts=args.allow_host)
    except EngineDead as err:
        raise SystemExit(str(err)) from None
    except OSError as err:
        why = os.strerror(err.errno) if err.errno else str(err)
        raise SystemExit(f"cannot listen on {args.host}:{args.port}: {why}") from None
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
