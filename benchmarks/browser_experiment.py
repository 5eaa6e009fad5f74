"""How fast the Experiment widget runs a study in headless Chromium. Prints; never asserts.

    .venv/bin/python benchmarks/browser_experiment.py [--deals 1000] [--experiment spoil-rate]
                                                      [--variant spoil-five] [--players 5] [--bot heuristic]

Needs the built site (``make site``) and Debian's chromium. Opens experiments/try-it.html, runs the
study from the form and times it from outside, on the page's clock (the click on Run until the
widget says it is done; the deals from its progress bar), with the
same study in CPython, one process, for comparison. Saves a screenshot to /tmp/maw-experiment.png.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser_speed import ARGS, CHROMIUM, HTML, serve  # noqa: E402

from maw_sim.studies import run_study  # noqa: E402

WIDGET = "[data-maw-experiment]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--experiment", default="spoil-rate")
    parser.add_argument("--variant", default="spoil-five")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    httpd, origin = serve(HTML, plain=False)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 1400})
        start = time.perf_counter()
        page.goto(f"{origin}/experiments/try-it.html")
        page.wait_for_function("s => document.querySelector(s).dataset.state === 'ready'", arg=WIDGET, timeout=120_000)
        print(f"widget ready after {time.perf_counter() - start:.2f} s (cold)")
        page.select_option(f'{WIDGET} [name="experiment"]', args.experiment)
        page.select_option(f'{WIDGET} [name="variant"]', args.variant)
        page.select_option(f'{WIDGET} [name="bot"]', args.bot)
        page.fill(f'{WIDGET} [name="players"]', str(args.players))
        page.fill(f'{WIDGET} [name="deals"]', str(args.deals))
        clicked = page.evaluate("performance.now()")
        page.click(f'{WIDGET} button[data-action="run"]')
        done = page.wait_for_function("s => document.querySelector(s).dataset.state === 'done' && performance.now()",
                                      arg=WIDGET, timeout=600_000, polling="raf").json_value()
        stats = {"deals": int(page.get_attribute(f"{WIDGET} progress", "value")), "seconds": (done - clicked) / 1000}
        page.screenshot(path="/tmp/maw-experiment.png", full_page=True)
        browser.close()
    httpd.shutdown()
    start = time.perf_counter()
    run_study(args.experiment, variants=[args.variant], players=[args.players], bots=[args.bot],
              deals=args.deals, seed=1, workers=1, chunk=100)
    cpython = time.perf_counter() - start
    print(f"{args.experiment}, {args.variant}, {args.players} players, '{args.bot}', {stats['deals']} deals: "
          f"{stats['seconds']:.2f} s in the browser ({stats['deals'] / stats['seconds']:.0f} deals/s); "
          f"{cpython:.2f} s in CPython, one process ({args.deals / cpython:.0f} deals/s)")


if __name__ == "__main__":
    main()
