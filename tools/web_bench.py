#!/usr/bin/python3
"""The WebAssembly engine's speed against the native engine's, side by side: `bench <game>`
run by the engine in the static build's worker (headless Chromium, the page served by
`python3 -m http.server`) and by the native engine, in turns, each `rounds` times.

  WYRM=./wyrm WYRM_WEB=build/web /usr/bin/python3 tools/web_bench.py [game] [depth] [rounds]

Defaults: breakthrough, the bench's own depth, 3 rounds. Prints each run's node count,
time and nodes per second, the load average before and after, and the medians; the node
counts must agree (the bench's positions and depths are the same, with one thread).
"""

import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "board"))
from browser import ENGINE, StaticSide, browser  # noqa: E402

FIGURES = {"nodes": r"Nodes searched\s*:\s*(\d+)", "nps": r"Nodes/second\s*:\s*(\d+)",
           "ms": r"Total time \(ms\)\s*:\s*(\d+)"}


def figures(text):
    return {k: int(re.findall(pattern, text)[-1]) for k, pattern in FIGURES.items()}


def in_page(driver, command):
    """The bench's output from the engine of the page's game, in its worker."""
    driver.set_script_timeout(1800)
    return driver.execute_async_script("""
        const [command, done] = arguments;
        const engine = wyrmLocal.game(ui.game.id).engine;
        engine.drain();
        engine.send(command)
            .then(() => engine.until('Nodes searched', 1800000))
            .then(({seen, line}) => done(seen.concat([line]).join('\\n')),
                  (err) => done('failed: ' + err));""", command)


def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main():
    args = sys.argv[1:]
    game = args[0] if args else "breakthrough"
    depth = args[1] if len(args) > 1 else ""
    rounds = int(args[2]) if len(args) > 2 else 3
    command = f"bench {game} {depth}".strip()
    served = StaticSide()
    driver = browser()
    runs = {"wasm": [], "native": []}
    try:
        driver.get(served.url + f"?game={game}&white=human&black=human")
        deadline = time.monotonic() + 60
        while not driver.execute_script("return document.body.dataset.ready"):
            if time.monotonic() > deadline:
                raise SystemExit("the static page did not start")
            time.sleep(0.05)
        print(f"command: {command}; load average before: {load()}")
        for _ in range(rounds):
            out = in_page(driver, command)
            if out.startswith("failed"):
                raise SystemExit(out)
            runs["wasm"].append(figures(out))
            native = subprocess.run([ENGINE, *command.split()], capture_output=True, text=True,
                                    timeout=1800).stdout
            runs["native"].append(figures(native))
            for kind in ("wasm", "native"):
                r = runs[kind][-1]
                print(f"{kind:6s} nodes {r['nodes']:>10d}  time {r['ms']:>6d} ms  "
                      f"nps {r['nps']:>9d}")
        print(f"load average after: {load()}")
        for kind in ("wasm", "native"):
            print(f"{kind:6s} median nps {statistics.median(r['nps'] for r in runs[kind]):.0f}")
        ratio = statistics.median(r["nps"] for r in runs["wasm"]) / \
            statistics.median(r["nps"] for r in runs["native"])
        print(f"wasm / native: {ratio:.2f}")
        if {r["nodes"] for r in runs["wasm"]} != {r["nodes"] for r in runs["native"]}:
            raise SystemExit("the node counts differ between the two engines")
    finally:
        driver.quit()
        served.close()


if __name__ == "__main__":
    main()
