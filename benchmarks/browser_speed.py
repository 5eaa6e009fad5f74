"""How fast the play pages are, in headless Chromium on this machine. Prints; never asserts.

    .venv/bin/python benchmarks/browser_speed.py [--variant spoil-five] [--deals 2000]
        [--rounds 3] [--start-only] [--plain-server] [--html docs/_build/html]
        [--without-snapshot] [--mbit 40 --rtt-ms 20]

Needs the built site (``make site``) and Debian's chromium. Measures:

- time from navigation to a playable hand, first visit (a new browser profile: empty HTTP cache,
  no service worker) and second visit (the same profile, a new tab: the service worker and the
  caches the first visit left), against a bare Pyodide start (a page whose Web Worker only runs
  ``loadPyodide`` from the same vendored runtime) measured in the same browser run, the same way;
- where a start goes, read from outside (the pages keep no timings for it): the page until it
  starts the worker (the worker script's resource timing), the worker's fetches (its own resource
  timings: the manifest, the runtime, the snapshot, the wheel), the moment the page's loading line
  goes (Python answered), the first playable hand;
- the bytes each visit transfers (bodies the server sent; 304s and cache hits send none), and what
  the service worker's install fetches after the first visit;
- the time of a move in the browser, per bot level: a click until the table is idle again (the
  request, the bots' replies and the drawing, without pauses), over the moves played;
- the engine's speed in Pyodide (Node, the same WebAssembly) against CPython: random deals/s.

The site is served by ``scripts/serve.py`` (``make serve``'s server: cache headers, gzip), or with
``--plain-server`` by Python's ``http.server`` as before. ``--html`` measures another built site
(an earlier build kept for a before/after comparison). The machine's load varies: take the figures
as rough, and compare only figures of the same run.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
import serve as site_server  # noqa: E402  (scripts/serve.py, make serve's server)

HTML = ROOT / "docs" / "_build" / "html"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLE = "[data-maw-table]"

# A bare Pyodide start, for comparison: the same vendored runtime, in a module Web Worker as the
# table's, and nothing else. Served by the benchmark under /_bench/ (not part of the site).
BARE_PAGE = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const w = new Worker("/_bench/bare-worker.js", { type: "module" });
w.onmessage = (e) => { performance.mark("bare-ready"); window.bare = e.data; };
</script>"""
BARE_WORKER = b"""
let runtime = "/_static/pyodide/";
try {
  const m = await (await fetch("/_static/wheels/manifest.json")).json();
  if (m.runtime) runtime = "/_static/" + m.runtime;
} catch (e) {}
const t0 = performance.now();
const { loadPyodide } = await import(runtime + "pyodide.mjs");
const py = await loadPyodide({ indexURL: runtime });
postMessage({ ms: performance.now() - t0, version: py.version });
"""
EXTRA = {"/_bench/bare.html": (BARE_PAGE, "text/html"),
         "/_bench/bare-worker.js": (BARE_WORKER, "text/javascript")}

SENT = [0]   # bytes of response bodies the server sent (304s send none)
WITHOUT_SNAPSHOT = [False]   # --without-snapshot: the manifest is served without it
# A network to emulate at the server (--mbit, --rtt-ms): every body shares one link of that rate,
# every request waits one round trip. Done here, not in the browser, so that the Web Worker's and
# the service worker's requests are slowed as the page's are.
NETWORK = {"bytes_per_s": None, "rtt_s": 0.0}
_LINK = threading.Lock()
_LINK_FREE = [0.0]


def _through_the_link(n: int) -> None:
    rate = NETWORK["bytes_per_s"]
    if not rate:
        return
    with _LINK:
        start = max(time.monotonic(), _LINK_FREE[0])
        _LINK_FREE[0] = start + n / rate
        wait = _LINK_FREE[0] - time.monotonic()
    if wait > 0:
        time.sleep(wait)


class Counting:
    """Counts the bodies sent, emulates a network if asked, and serves the bare-Pyodide page."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if NETWORK["rtt_s"]:
            time.sleep(NETWORK["rtt_s"])
        extra = EXTRA.get(self.path.split("?")[0])
        if extra is None and WITHOUT_SNAPSHOT[0] and self.path.split("?")[0] == "/_static/wheels/manifest.json":
            manifest = json.loads((Path(self.directory) / "_static/wheels/manifest.json").read_text())
            manifest.pop("snapshot", None)
            extra = (json.dumps(manifest).encode(), "application/json")
        if extra is None:
            return super().do_GET()
        body, ctype = extra
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        _through_the_link(len(body))
        self.wfile.write(body)
        SENT[0] += len(body)

    def copyfile(self, source, outputfile):
        data = source.read()
        SENT[0] += len(data)
        for at in range(0, len(data), 1 << 16):
            _through_the_link(len(data[at:at + (1 << 16)]))
            outputfile.write(data[at:at + (1 << 16)])


class PlainHandler(Counting, http.server.SimpleHTTPRequestHandler):
    pass


class SiteHandler(Counting, site_server.SiteHandler):
    pass


def serve(html: Path, plain: bool):
    handler = PlainHandler if plain else SiteHandler
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(html)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    if not plain:
        site_server.precompress(html)     # as make serve does at start, before the first visit
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


PLAYABLE = ("s => { const t = document.querySelector(s); return t && ['rob','play','jink','over']"
            ".includes(t.dataset.phase) && t.dataset.busy === 'false' && performance.now(); }")


def wait_playable(page) -> float:
    """Until the table has a playable hand; the page's clock (ms from navigation) at that frame."""
    return page.wait_for_function(PLAYABLE, arg=TABLE, polling="raf", timeout=120_000).json_value()


# The benchmark's own watcher (not the site's): when the table's loading line goes, Python has
# answered. Added to every page before its scripts run.
WATCH_READY = """
new MutationObserver((_, observer) => {
  const line = document.querySelector('[data-maw-table] [role=status]');
  if (line && line.hidden) { window.__engineReady = performance.now(); observer.disconnect(); }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
"""

# The worker's own fetches, on the page's clock: the browser's resource timings, read in the worker.
WORKER_FETCHES = """() => ({ origin: performance.timeOrigin,
  fetched: performance.getEntriesByType('resource').map(e => ({ name: e.name, end: e.responseEnd })) })"""
FETCHES = {"manifest": "manifest.json", "runtime": "pyodide.asm.wasm", "snapshot": ".snapshot.gz",
           "wheel": ".whl"}


def start_marks(page) -> dict:
    """Where the start went, on the page's clock (ms from navigation), from outside."""
    page_origin = page.evaluate("performance.timeOrigin")
    marks = {"worker": page.evaluate(
        "(performance.getEntriesByType('resource').find(e => e.name.endsWith('/maw/worker.js')) || {}).startTime ?? null"),
        "ready": page.evaluate("window.__engineReady ?? null"),
        "controlled": page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")}
    fetched = {}
    for worker in page.workers:
        seen = worker.evaluate(WORKER_FETCHES)
        for entry in seen["fetched"]:
            for key, ending in FETCHES.items():
                if entry["name"].endswith(ending):
                    fetched[key] = entry["end"] + seen["origin"] - page_origin
    marks.update(fetched)
    marks["mode"] = "snapshot" if "snapshot" in fetched else "plain"
    return marks


def visit(context, url) -> dict:
    """One visit: seconds from navigation start to a playable hand, bytes, where the time went."""
    SENT[0] = 0
    page = context.new_page()
    page.add_init_script(WATCH_READY)
    page.goto(url)
    marks = {"playable": wait_playable(page)}
    marks.update(start_marks(page))
    marks["bytes"] = SENT[0]
    marks["seconds"] = marks["playable"] / 1000
    marks["page"] = page
    return marks


def wait_service_worker(page, timeout_s=120) -> bool:
    """Until the service worker has installed and activated (its cache complete), if there is one."""
    try:
        page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null || "
            "!document.querySelector('script[src*=\"early.js\"]')", timeout=timeout_s * 1000)
    except Exception:
        return False
    return page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")


def bare_start(context, base) -> tuple:
    SENT[0] = 0
    page = context.new_page()
    page.goto(f"{base}/_bench/bare.html")
    page.wait_for_function("() => window.bare", timeout=120_000)
    ms = page.evaluate("performance.getEntriesByName('bare-ready')[0].startTime")
    page.close()
    return ms / 1000, SENT[0]


def _ms(value):
    return "   -" if value is None else f"{value:6.0f}"


def start_figures(browser, base, url, rounds):
    runs = []
    for _ in range(rounds):
        # Bare Pyodide first, then the table, each in a fresh profile, alternating so both see the
        # same machine load.
        bare_ctx = browser.new_context()
        bare_cold, bare_bytes = bare_start(bare_ctx, base)
        bare_warm, bare_warm_bytes = bare_start(bare_ctx, base)
        bare_ctx.close()
        context = browser.new_context()
        first = visit(context, url)
        SENT[0] = 0
        installed = wait_service_worker(first["page"])
        install_bytes = SENT[0]
        first["page"].close()
        second = visit(context, url)
        second["page"].close()
        context.close()
        runs.append(dict(bare=bare_cold, bare_bytes=bare_bytes, bare_warm=bare_warm,
                         bare_warm_bytes=bare_warm_bytes, first=first, second=second,
                         installed=installed, install_bytes=install_bytes))
    return runs


def report_start(runs):
    med = statistics.median
    bare = med([r["bare"] for r in runs])
    bare_warm = med([r["bare_warm"] for r in runs])
    first = med([r["first"]["seconds"] for r in runs])
    second = med([r["second"]["seconds"] for r in runs])
    print(f"  medians of {len(runs)} rounds (each: a fresh profile for the bare start, another for the table)")
    print(f"  bare Pyodide start (navigation to loadPyodide done): first {bare:.2f} s, second {bare_warm:.2f} s")
    print(f"  table playable, first visit:  {first:.2f} s = {first / bare:.2f}× the bare start")
    print(f"  table playable, second visit: {second:.2f} s = {second / bare:.2f}× the bare start, "
          f"{second / first:.2f}× the first visit")
    print("  where the time went (ms from navigation, each the moment it was done; medians):")
    print("    visit    worker start  manifest  runtime  snapshot   wheel  Python ready  playable  mode")
    for name in ("first", "second"):
        visits = [r[name] for r in runs]
        def col(key):
            xs = [v.get(key) for v in visits if v.get(key) is not None]
            return med(xs) if xs else None
        modes = sorted({v["mode"] for v in visits})
        print(f"    {name:7s}  {_ms(col('worker'))}        {_ms(col('manifest'))}    {_ms(col('runtime'))}   "
              f"{_ms(col('snapshot'))}  {_ms(col('wheel'))}        {_ms(col('ready'))}    {_ms(col('playable'))}  "
              f"{'/'.join(modes)}")
    def b(xs):
        return f"{med(xs) / 1e6:.2f} MB"
    print(f"  bytes: first visit {b([r['first']['bytes'] for r in runs])} until playable, then "
          f"{b([r['install_bytes'] for r in runs])} for the service worker's install "
          f"(installed: {sum(r['installed'] for r in runs)}/{len(runs)}); "
          f"second visit {b([r['second']['bytes'] for r in runs])} "
          f"(controlled by the service worker: {sum(r['second']['controlled'] for r in runs)}/{len(runs)})")
    print(f"  bytes, bare Pyodide: first {b([r['bare_bytes'] for r in runs])}, "
          f"second {b([r['bare_warm_bytes'] for r in runs])}")


# A click until the table is idle again, on the page's clock; and the moves it brought (the log's
# new lines less the tricks, the deal's end and the new deal's line).
CLICK_TO_IDLE = """([s, before]) => { const t = document.querySelector(s);
  return t.dataset.busy === 'false' && { at: performance.now(),
    moves: [...t.querySelectorAll('.maw-log-list li')].slice(before)
      .filter(li => !/maw-log-(trick|over|deal)/.test(li.className)).length }; }"""


def bot_time_per_move(browser, base, variant, bot, deals=3) -> float:
    """Milliseconds a move costs in the browser, from outside: each click until the table is idle
    (the request, the bots' replies, the drawing; no pauses at the instant speed), over the moves."""
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    total_ms, total_moves = 0.0, 0
    for seed in range(1, deals + 1):
        page.goto(f"{base}/play/{variant}.html?seed={seed}&bot={bot}")
        wait_playable(page)
        while page.get_attribute(TABLE, "data-phase") != "over":
            legal = page.locator(f'{TABLE} button[data-card][data-legal="true"]')
            target = legal.first if legal.count() else page.locator(f"{TABLE} .maw-choices button").first
            before = page.locator(f"{TABLE} .maw-log-list li").count()
            target.scroll_into_view_if_needed()
            clicked = page.evaluate("performance.now()")
            target.click()
            done = page.wait_for_function(CLICK_TO_IDLE, arg=[TABLE, before], polling="raf").json_value()
            total_ms += done["at"] - clicked
            total_moves += max(1, done["moves"])
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
    parser.add_argument("--rounds", type=int, default=3, help="cold/second-visit rounds")
    parser.add_argument("--start-only", action="store_true", help="only the start-up figures")
    parser.add_argument("--plain-server", action="store_true",
                        help="serve with http.server (no cache headers, no gzip)")
    parser.add_argument("--html", type=Path, default=HTML, help="the built site to measure")
    parser.add_argument("--without-snapshot", action="store_true",
                        help="serve the manifest without the snapshot: the worker's ordinary start "
                        "(the service worker then refuses the altered manifest: no offline copy)")
    parser.add_argument("--mbit", type=float, default=0,
                        help="also measure the start over an emulated network of this many Mbit/s")
    parser.add_argument("--rtt-ms", type=float, default=40, help="its round trip (with --mbit)")
    args = parser.parse_args()
    html = args.html.resolve()
    if not (html / "play" / f"{args.variant}.html").is_file():
        print(f"no built play page in {html}: run `make site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    WITHOUT_SNAPSHOT[0] = args.without_snapshot
    httpd, base = serve(html, args.plain_server)
    url = f"{base}/play/{args.variant}.html?seed=1"
    server = ("http.server" if args.plain_server else "scripts/serve.py") + \
        ("; manifest without the snapshot" if args.without_snapshot else "")
    print(f"Play page: {url.removeprefix(base)}  (headless Chromium {CHROMIUM}; {html}; {server})")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        print("Loopback (no network cost: what remains is the browser's own work):")
        report_start(start_figures(browser, base, url, args.rounds))
        if args.mbit:
            NETWORK.update(bytes_per_s=args.mbit * 1e6 / 8, rtt_s=args.rtt_ms / 1000)
            print(f"Emulated network: {args.mbit:g} Mbit/s, {args.rtt_ms:g} ms per request "
                  "(at the server):")
            report_start(start_figures(browser, base, url, args.rounds))
            NETWORK.update(bytes_per_s=None, rtt_s=0.0)
        if not args.start_only:
            for bot in ("random", "heuristic"):
                ms = bot_time_per_move(browser, base, args.variant, bot)
                print(f"  bot '{bot}': {ms:.2f} ms per move in the browser (a click to an idle table, "
                      "over the moves it brought: the Web Worker's Pyodide and the drawing)")
        browser.close()
    httpd.shutdown()
    if args.start_only:
        return 0

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
