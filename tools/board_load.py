#!/usr/bin/python3
"""Loads a running board server (board/server.py) from this machine, on loopback only.

  board_load.py requests PORT [connections] [seconds] [server-pid]
      keep-alive connections each asking for the page (/) and /api/info in turn as fast
      as they are answered: requests per second, and any status but 200; with the
      server's pid, the processor time it used per request, which a busy machine changes
      less than it changes the rate.
  board_load.py moves PORT [games] [seconds] [movetime]
      games of Breakthrough in which the engine plays both sides (`go movetime`) through
      the server's engine routes, as the page's game model drives them, a new game started
      when one ends: engine moves per second, and any error.
  board_load.py slow PORT [connections] [seconds] [addresses] [server-pid]
      connections that send a request's headers one byte a second, spread over the
      loopback addresses 127.0.0.1 to 127.0.0.<addresses>, while a normal client asks for
      /api/info twice a second: its request times, how many slow connections the server
      still held at the end, and the server's resident memory when its pid is given.

Defaults: 16 connections for 10 s; 8 games for 60 s at 50 ms; 1000 connections for 30 s
from 20 addresses. Every address used is a loopback one.
"""

import asyncio
import http.client
import json
import os
import statistics
import sys
import threading
import time


def rss(pid):
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return line.split(None, 1)[1].strip()
    except OSError:
        pass
    return "?"


def cpu_seconds(pid):
    """User and system time of a process so far (from /proc)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def one_connection(port, until, counts):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    paths = ("/", "/api/info")
    turn = 0
    try:
        while time.monotonic() < until:
            path = paths[turn % 2]
            turn += 1
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            await reader.readexactly(length)
            counts[status] = counts.get(status, 0) + 1
            if b"connection: close" in head.lower():
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
    finally:
        writer.close()


async def requests(port, connections, seconds, pid):
    counts = {}
    used = cpu_seconds(pid) if pid else 0
    begun = time.monotonic()
    until = begun + seconds
    await asyncio.gather(*(one_connection(port, until, counts) for _ in range(connections)))
    elapsed = time.monotonic() - begun
    total = sum(counts.values())
    print(f"{total} requests in {elapsed:.1f} s over {connections} connections: "
          f"{total / elapsed:.0f} requests/s; statuses {counts}")
    if pid:
        used = cpu_seconds(pid) - used
        print(f"server processor time: {used:.2f} s, {used / total * 1e6:.0f} us a request")


def call(port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request(method, path, body=None if body is None else json.dumps(body))
    response = conn.getresponse()
    data = json.loads(response.read())
    conn.close()
    return response.status, data


def moves(port, games, seconds, movetime):
    until = time.monotonic() + seconds
    played, finished, errors = [0], [0], []
    lock = threading.Lock()

    def ask(path, body=None, method="POST"):
        status, reply = call(port, method, path, body)
        if status not in (200, 201):
            raise RuntimeError((status, reply))
        return reply

    def player():
        # What the page's game model asks of the server for each engine move: the
        # position, a search, its lines to the bestmove, and the new position's description.
        try:
            engine = "/api/engines/" + ask("/api/engines", {})["id"]
            ask(engine + "/command", {"command": "setoption name UCI_Variant value breakthrough"})
            moves = []
            while time.monotonic() < until:
                position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
                ask(engine + "/command", {"command": position})
                ask(engine + "/go", {"go": f"movetime {movetime}"})
                lines = []
                while not lines or not lines[-1].startswith("bestmove"):
                    lines += ask(f"{engine}/lines/{len(lines)}?wait=2000", method="GET")["lines"]
                moves.append(lines[-1].split()[1])
                after = position + (" moves " if len(moves) == 1 else " ") + moves[-1]
                replies = ask(engine + "/command", {"commands": [after, "json"]})["replies"]
                described = json.loads(replies[1][0])
                with lock:
                    played[0] += 1
                if described["result"]:
                    with lock:
                        finished[0] += 1
                    moves = []
            ask(engine + "/close", {})
        except RuntimeError as err:
            errors.append(err.args[0])

    begun = time.monotonic()
    threads = [threading.Thread(target=player) for _ in range(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - begun
    print(f"{played[0]} moves in {elapsed:.1f} s by {games} games at movetime {movetime}: "
          f"{played[0] / elapsed:.1f} moves/s; {finished[0]} games finished; "
          f"errors: {errors[:3] if errors else 'none'}")


async def slow(port, connections, seconds, addresses, pid):
    held = []
    refused = 0
    for i in range(connections):
        source = f"127.0.0.{1 + i % addresses}"
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           local_addr=(source, 0))
        except OSError:
            refused += 1
            continue
        held.append((reader, writer))
    text = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100000
    times, statuses = [], {}
    until = time.monotonic() + seconds
    at = 0

    async def drip():
        nonlocal at
        while time.monotonic() < until:
            for _, writer in held:
                if not writer.is_closing():
                    writer.write(text[at:at + 1])
            at += 1
            await asyncio.sleep(1)

    def normal():
        while time.monotonic() < until:
            begun = time.monotonic()
            try:
                status, _ = call(port, "GET", "/api/info")
            except OSError as err:
                status = type(err).__name__
            times.append((time.monotonic() - begun) * 1000)
            statuses[status] = statuses.get(status, 0) + 1
            time.sleep(0.5)

    closed = [0]

    async def watch(reader):
        try:
            while await reader.read(65536):
                pass
        except OSError:
            pass
        closed[0] += 1

    watchers = [asyncio.ensure_future(watch(reader)) for reader, _ in held]

    def open_now():
        return len(held) - closed[0]

    client = threading.Thread(target=normal)
    client.start()
    dripping = asyncio.ensure_future(drip())
    await asyncio.sleep(5)
    early, memory = open_now(), rss(pid) if pid else None
    await asyncio.to_thread(client.join)
    await dripping
    still = open_now()
    for _, writer in held:
        writer.close()
    await asyncio.gather(*watchers, return_exceptions=True)
    print(f"{len(held)} slow connections opened ({refused} refused) from {addresses} loopback "
          f"addresses: {early} open after 5 s (server memory then {memory}), {still} "
          f"after {seconds} s")
    print(f"normal client: {len(times)} requests, statuses {statuses}, median "
          f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    print("each (ms, in order): " + " ".join(f"{t:.0f}" for t in times))


def main():
    args = sys.argv[1:]
    if len(args) < 2 or args[0] not in ("requests", "moves", "slow"):
        raise SystemExit(__doc__)
    mode, port = args[0], int(args[1])
    rest = [int(x) for x in args[2:]]
    print(f"load average before: {load_average()}")
    if mode == "requests":
        connections, seconds, pid = (rest + [16, 10, 0][len(rest):])[:3]
        asyncio.run(requests(port, connections, seconds, pid))
    elif mode == "moves":
        games, seconds, movetime = (rest + [8, 60, 50][len(rest):])[:3]
        moves(port, games, seconds, movetime)
    else:
        connections, seconds, addresses, pid = (rest + [1000, 30, 20, 0][len(rest):])[:4]
        asyncio.run(slow(port, connections, seconds, max(1, min(addresses, 250)), pid))
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
