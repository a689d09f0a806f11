"""Starting and stopping the board server: the event loop in a thread of its own, the
worker threads that talk to the engines, and the reaper that ends the engines whose page
has gone silent."""

import asyncio
import concurrent.futures
import logging
import os
import resource
import sys
import threading

from . import limits
from .api import Api
from .httpd import HttpServer
from .relay import Relay

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATIC_DIR = os.path.join(HERE, "static")
DEFAULT_ENGINE = os.path.join(os.path.dirname(HERE), "wyrm")


def log(text):
    print(text, file=sys.stderr, flush=True)


class OneLine(logging.Handler):
    """asyncio's own complaints, one line each and without a traceback."""

    def emit(self, record):
        log(f"board server: {record.getMessage()}")


def on_loop_error(loop, context):
    err = context.get("exception")
    log(f"board server: {context.get('message', 'error')}" + (f": {err!r}" if err else ""))


def file_limit(wanted):
    """Raises the open-file limit towards `wanted`; returns how many files may be open."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else soft


class Server:
    """A running board server: `server_address`, `relay`, and `stop()`."""

    def __init__(self, host, port, relay, verbose, connections, client_connections,
                 allowed_hosts, static_dir):
        self.relay = relay
        engines = relay.max_engines
        files = file_limit(connections + limits.FD_RESERVE + 3 * engines)
        connections = max(1, min(connections, files - limits.FD_RESERVE - 3 * engines))
        # Per engine: a search's reader and a command or stop; and a few for the rest.
        self.executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=3 * engines + 4, thread_name_prefix="board-engine")
        self.api = Api(relay, static_dir, allowed_hosts, self.executor, log)
        self.http = HttpServer(self.api, host, port, connections, client_connections, log,
                               verbose)
        self.loop = asyncio.new_event_loop()
        self.loop.set_exception_handler(on_loop_error)
        self.server_address = None
        started = threading.Event()
        failure = []

        def run():
            asyncio.set_event_loop(self.loop)
            try:
                self.server_address = self.loop.run_until_complete(self.http.start())
            except BaseException as err:  # handed to the thread that started the server
                failure.append(err)
                started.set()
                return
            self.reaper = self.loop.create_task(self.reap())
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="board-server", daemon=True)
        self.thread.start()
        started.wait()
        if failure:
            self.thread.join()
            self.loop.close()
            self.executor.shutdown(wait=False)
            raise failure[0]

    async def reap(self):
        period = min(1.0, self.relay.idle / 4)
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(period)
            if self.relay.silent():
                await loop.run_in_executor(self.executor, self.relay.reap)

    async def _stop(self):
        self.reaper.cancel()
        await asyncio.gather(self.reaper, return_exceptions=True)
        await self.http.stop()

    def stop(self):
        if not self.loop.is_closed():
            asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.relay.close_all()
            self.executor.shutdown(wait=True, cancel_futures=True)
            self.loop.close()


def start(host="127.0.0.1", port=8000, engine=DEFAULT_ENGINE, max_games=8, idle=300.0,
          verbose=False, connections=None, client_connections=None, allowed_hosts=(),
          static_dir=STATIC_DIR):
    """Starts the server in a background thread; returns it (stop_server() ends it)."""
    if not getattr(start, "logging_set", False):
        handler = logging.getLogger("asyncio")
        handler.addHandler(OneLine())
        handler.propagate = False
        start.logging_set = True
    relay = Relay(engine, max_games, idle)
    return Server(host, port, relay, verbose,
                  limits.CONNECTIONS if connections is None else connections,
                  limits.CLIENT_CONNECTIONS if client_connections is None
                  else client_connections, allowed_hosts, static_dir)


def stop_server(server):
    server.stop()
