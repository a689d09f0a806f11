#!/usr/bin/python3
"""Times the web board in headless Chromium: the page load (navigation start to the first
position drawn) and the engine-move round trip (the click on a destination to the board
showing the engine's reply, less the time the engine spent thinking), per game.

  WYRM=./wyrm /usr/bin/python3 tools/board_timing.py [--static] [loads] [moves] [movetime] [game ...]

Defaults: 10 loads and 10 engine replies per game at 100 ms a move, every game. With
--static the page is `make web`'s folder (WYRM_WEB, default build/web) served by
`python3 -m http.server`, its engine the WebAssembly one in the page's worker; the first
engine reply after each page load is then timed too (the engine's code is compiled once
per page).
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "board"))
from browser import ServerSide, StaticSide, browser  # noqa: E402


def wait(driver, script, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.005)
    state = driver.execute_script("return [document.getElementById('status').textContent, "
                                  "document.getElementById('message').textContent, ui.busy, "
                                  "ui.game && ui.game.moves]")
    raise SystemExit(f"timed out: {script}; page: {state}")


def idle(driver):
    wait(driver, "return document.getElementById('board').dataset.busy === '0'")


def summary(values):
    return (f"median {statistics.median(values):6.1f} ms, min {min(values):6.1f}, "
            f"max {max(values):6.1f} (n={len(values)})")


def main():
    args = sys.argv[1:]
    static = args[:1] == ["--static"]
    if static:
        args.pop(0)
    loads = int(args.pop(0)) if args else 10
    moves = int(args.pop(0)) if args else 10
    movetime = int(args.pop(0)) if args else 100
    served = StaticSide() if static else ServerSide()
    url = served.url
    games = args or served.board.variants
    driver = browser()
    try:
        print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
              f"{os.getloadavg()[2]:.2f}")
        for game in games:
            load_ms = []
            first_ms = []
            for _ in range(loads):
                driver.get(url + f"?game={game}&white=human&black=human")
                wait(driver, "return document.body.dataset.ready")
                load_ms.append(driver.execute_script("return window.wyrmReadyMs"))
                if static:
                    # The first reply of a fresh page's engine, less its think time.
                    driver.get(url + f"?game={game}&white=engine&black=human"
                               f"&movetime={movetime}")
                    wait(driver, "return ui.game && ui.game.moves.length > 0")
                    first_ms.append(driver.execute_script(
                        "return performance.now() - window.wyrmReadyMs"))
            driver.get(url + f"?game={game}&white=human&black=engine&movetime={movetime}")
            wait(driver, "return document.body.dataset.ready")
            for ply in range(moves):
                idle(driver)
                if driver.execute_script("return Boolean(ui.shown.result)"):
                    driver.find_element("id", "new").click()
                    wait(driver, "return ui.game.moves.length === 0")
                    idle(driver)
                move = driver.execute_script(
                    "const m = ui.shown.moves; return m[(arguments[0] * 7) % m.length]", ply)
                count = driver.execute_script("return window.wyrmTimings.length")
                driver.find_element("css selector", f'[data-cell="{move["from"]}"]').click()
                driver.find_element("css selector", f'[data-cell="{move["to"]}"]').click()
                if driver.execute_script("return !document.getElementById('chooser').hidden"):
                    driver.find_element(
                        "css selector", f'#choices [data-move="{move["move"]}"]').click()
                wait(driver, f"return window.wyrmTimings.length > {count} || "
                     "Boolean(ui.shown.result)")
            timings = driver.execute_script("return window.wyrmTimings")
            trip = [t["engineShown"] - t["click"] - t["thinkMs"] for t in timings]
            own = [t["moveShown"] - t["click"] for t in timings]
            print(f"{game:22s} load: {summary(load_ms)}")
            print(f"{'':22s} engine move round trip less think time: {summary(trip)}")
            print(f"{'':22s} own move drawn after the click: {summary(own)}")
            if first_ms:
                print(f"{'':22s} first engine move after the page was ready "
                      f"(think time {movetime} ms included): {summary(first_ms)}")
        print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
              f"{os.getloadavg()[2]:.2f}")
    finally:
        driver.quit()
        served.close()


if __name__ == "__main__":
    main()
