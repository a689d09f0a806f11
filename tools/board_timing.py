#!/usr/bin/python3
"""Times the web board in headless Chromium: the page load (navigation start to the first
position drawn) and the engine-move round trip (the click on a destination to the board
showing the engine's reply, less the time the engine spent thinking), per game.

  WYRM=./wyrm /usr/bin/python3 tools/board_timing.py [loads] [moves] [movetime] [game ...]

Defaults: 10 loads and 10 engine replies per game at 100 ms a move, every game.
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "board"))
sys.path.insert(0, os.path.join(ROOT, "tests", "board"))
import server  # noqa: E402
from browser import browser  # noqa: E402

ENGINE = os.path.abspath(os.environ.get("WYRM", os.path.join(ROOT, "wyrm")))


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
    loads = int(args.pop(0)) if args else 10
    moves = int(args.pop(0)) if args else 10
    movetime = int(args.pop(0)) if args else 100
    board = server.start(port=0, engine=ENGINE, max_games=2)
    url = f"http://127.0.0.1:{board.server_address[1]}/"
    games = args or board.board.variants
    driver = browser()
    try:
        print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
              f"{os.getloadavg()[2]:.2f}")
        for game in games:
            load_ms = []
            for _ in range(loads):
                driver.get(url + f"?game={game}&white=human&black=human")
                wait(driver, "return document.body.dataset.ready")
                load_ms.append(driver.execute_script("return window.wyrmReadyMs"))
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
        print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
              f"{os.getloadavg()[2]:.2f}")
    finally:
        driver.quit()
        server.stop_server(board)


if __name__ == "__main__":
    main()
