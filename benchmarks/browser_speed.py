"""How fast the play pages are, in headless Chromium on this machine. Prints; never asserts.

    .venv/bin/python benchmarks/browser_speed.py [--variant spoil-five] [--deals 2000]

Needs the built site (``make site``) and Debian's chromium. Measures:

- time from navigation to a playable hand, cold (new browser profile, empty cache) and warm
  (the same page loaded again);
- the bytes a play page transfers when cold;
- the bots' time per move inside the browser (the Web Worker's time for a request, divided by
  the bot moves it made), per bot level;
- the engine's speed in Pyodide (Node, the same WebAssembly) against CPython: random deals/s.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HTML = ROOT / "docs" / "_build" / "html"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLE = "[data-maw-table]"


SENT = [0]   # bytes of response bodies the server sent (304s send none)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        data = source.read()
        SENT[0] += len(data)
        outputfile.write(data)


def serve():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(HTML)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def wait_playable(page):
    page.wait_for_function(
        "s => { const t = document.querySelector(s); return t && ['rob','play','jink','over']"
        ".includes(t.dataset.phase) && t.dataset.busy === 'false'; }", arg=TABLE, timeout=120_000)


def time_to_playable(context, url) -> tuple:
    """(seconds from navigation start to a playable hand, bytes the server sent for it)."""
    SENT[0] = 0
    page = context.new_page()
    page.goto(url)
    wait_playable(page)
    # The page marks "maw-playable" once the first state is drawn; startTime is from navigation.
    ms = page.evaluate("performance.getEntriesByName('maw-playable')[0].startTime")
    page.close()
    return ms / 1000, SENT[0]


def bot_time_per_move(browser, base, variant, bot, deals=3) -> float:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    total_ms, total_moves = 0.0, 0
    for seed in range(1, deals + 1):
        page.goto(f"{base}/play/{variant}.html?seed={seed}&bot={bot}")
        wait_playable(page)
        page.evaluate("window.mawStats.requests.length = 0")
        while page.get_attribute(TABLE, "data-phase") != "over":
            legal = page.locator(f'{TABLE} button[data-card][data-legal="true"]')
            target = legal.first if legal.count() else page.locator(f"{TABLE} .maw-choices button").first
            target.click()
            page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false'", arg=TABLE)
        stats = page.evaluate("window.mawStats.requests")
        for request in stats:
            if request["op"] == "act":
                total_ms += request["ms"]
                # Events: your move, the bots' moves, tricks, the end; count the bots' moves.
                total_moves += max(1, request["events"] - 1)
    context.close()
    return total_ms / max(total_moves, 1)


ENGINE_LOOP = """
import random, time
import maw_sim
from maw_sim.bots import get_bot, play_deal
def deals_per_second(variant, players, deals):
    bot = get_bot("random")
    rng = random.Random(1)
    start = time.perf_counter()
    for seed in range(deals):
        play_deal(maw_sim.Deal.random(variant, players, seed), [bot] * players, rng)
    return deals / (time.perf_counter() - start)
"""


def engine_speed_cpython(variant, players, deals) -> float:
    scope = {}
    exec(ENGINE_LOOP, scope)
    return scope["deals_per_second"](variant, players, deals)


def engine_speed_pyodide(variant, players, deals) -> float | None:
    wheels = sorted((ROOT / "dist").glob("maw_sim-*-py3-none-any.whl"))
    node = shutil.which("node")
    if not wheels or not node or not (ROOT / "node_modules" / "pyodide").is_dir():
        return None
    script = f"""
import {{ loadPyodide }} from {json.dumps((ROOT / 'node_modules/pyodide/pyodide.mjs').as_uri())};
const py = await loadPyodide({{ indexURL: {json.dumps(str(ROOT / 'node_modules/pyodide') + '/')} }});
await py.loadPackage({json.dumps(str(wheels[0]))}, {{ messageCallback: () => {{}} }});
py.runPython({json.dumps(ENGINE_LOOP)});
console.log(py.runPython({json.dumps(f"deals_per_second({variant!r}, {players}, {deals})")}));
"""
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                         timeout=600)
    try:
        return float(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        print(out.stderr[-2000:], file=sys.stderr)
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="spoil-five")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--deals", type=int, default=2000, help="deals for the engine-speed figure")
    args = parser.parse_args()
    if not (HTML / "play" / f"{args.variant}.html").is_file():
        print(f"no built play page in {HTML}: run `make site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    httpd, base = serve()
    url = f"{base}/play/{args.variant}.html?seed=1"
    print(f"Play page: {url.removeprefix(base)}  (headless Chromium {CHROMIUM})")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        colds, warms = [], []
        for _ in range(3):
            context = browser.new_context()         # a new profile: empty HTTP and code caches
            cold, cold_bytes = time_to_playable(context, url)
            warm, warm_bytes = time_to_playable(context, url)
            colds.append(cold)
            warms.append(warm)
            context.close()
        print(f"  navigation to a playable hand, cold: {min(colds):.2f} s best, "
              f"{sorted(colds)[1]:.2f} s median of 3")
        print(f"  navigation to a playable hand, warm: {min(warms):.2f} s best, "
              f"{sorted(warms)[1]:.2f} s median of 3")
        print(f"  bytes transferred, cold: {cold_bytes / 1e6:.2f} MB; warm: {warm_bytes / 1e6:.2f} MB "
              "(bodies sent by the server, the worker's files included; cache hits and 304s send none)")
        for bot in ("random", "heuristic"):
            ms = bot_time_per_move(browser, base, args.variant, bot)
            print(f"  bot '{bot}': {ms:.2f} ms per move in the browser (Web Worker, Pyodide)")
        browser.close()
    httpd.shutdown()

    cp = engine_speed_cpython(args.variant, args.players, args.deals)
    print(f"Engine, random bots, {args.variant} with {args.players} players, {args.deals} deals:")
    print(f"  CPython {sys.version.split()[0]}: {cp:,.0f} deals/s")
    py = engine_speed_pyodide(args.variant, args.players, args.deals)
    if py is None:
        print("  Pyodide: not measured (needs node, node_modules/pyodide and dist/*.whl: make site)")
    else:
        print(f"  Pyodide (Node, same WebAssembly as the browser): {py:,.0f} deals/s "
              f"({py / cp:.2f}× CPython)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
