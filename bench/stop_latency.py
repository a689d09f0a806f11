#!/usr/bin/env python3
"""Stop latency seen from outside: the time from writing `stop` to reading `bestmove`
through the engine's pipes, over COUNT infinite searches stopped after 5..205 ms.

    bench/stop_latency.py WYRM GAME THREADS [COUNT]
"""
import random
import subprocess
import sys
import time

wyrm, game, threads = sys.argv[1], sys.argv[2], sys.argv[3]
count = int(sys.argv[4]) if len(sys.argv) > 4 else 100
eng = subprocess.Popen([wyrm], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(line):
    eng.stdin.write(line + "\n")
    eng.stdin.flush()


def wait_for(prefix):
    while True:
        line = eng.stdout.readline()
        if not line:
            sys.exit("engine exited")
        if line.startswith(prefix):
            return


send(f"setoption name UCI_Variant value {game}")
send(f"setoption name Threads value {threads}")
send("isready")
wait_for("readyok")
rng = random.Random(0x57095)
samples = []
for _ in range(count):
    send("go infinite")
    time.sleep((5 + rng.randrange(200)) / 1000)
    start = time.monotonic()
    send("stop")
    wait_for("bestmove")
    samples.append((time.monotonic() - start) * 1e6)
send("quit")
eng.wait()
samples.sort()
print(f"pipe stop latency {game}, {threads} threads, {count} stops: max {samples[-1]:.0f} us, "
      f"mean {sum(samples) / count:.0f} us, p99 {samples[max(0, count * 99 // 100 - 1)]:.0f} us")
