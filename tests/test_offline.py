"""Offline after one visit, a new build replacing the old cache, and ``make serve``'s headers.

The service worker (``maw-sw.js``, written at the site's root by ``scripts/vendor_site.py``) is
exercised in Debian's headless chromium, driven by Playwright, with the browser context set
offline after one visit. Each test has its own context, so its service worker and caches start
empty; every request that leaves 127.0.0.1 fails the test, and so does a console error.

``scripts/serve.py`` (the static host's server, whose headers ``make serve``'s table server sends
too: tests/test_server.py compares them) is tested directly, on a loopback port.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, Guard
from test_browser import TABLE, click_a_legal_move, open_table

sys.path.insert(0, str(ROOT / "scripts"))
import serve as site_server  # noqa: E402
import vendor_site  # noqa: E402

pytestmark = pytest.mark.browser

INSTALL_MS = 120_000    # the install stores ~20 MB; generous for a slow, shared machine


def _serve(directory: Path):
    httpd = site_server.make_server(directory, port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@pytest.fixture
def guarded(browser):
    """A fresh context (no service worker, empty caches) on one origin, with its guard."""
    made = []

    def make(origin: str):
        context = browser.new_context(reduced_motion="reduce", viewport={"width": 900, "height": 900})
        guard = Guard(origin)
        guard.watch(context)
        context.on("console", guard.on_console)
        context.on("weberror", lambda error: guard.errors.append(f"page error: {error.error}"))
        made.append((context, guard))
        return context, guard

    yield make
    for context, guard in made:
        context.close()
        guard.check()


def console_lines(page) -> list:
    """Every console line of ``page`` from now on (its workers' too), as text."""
    lines = []
    page.on("console", lambda message: lines.append(message.text))
    return lines


def python_start(page, warnings) -> str:
    """How the page's Web Worker started Python, read from outside (the page keeps no record of
    it): "snapshot" when the worker fetched the engine's snapshot and did not warn (in
    ``warnings``, the page's console lines) that it fell back to Pyodide's own start, else "plain".
    The fetches are the worker's resource timings, which the browser records by itself (a cached
    or service-worker answer included)."""
    fetched = [name for worker in page.workers
               for name in worker.evaluate("performance.getEntriesByType('resource').map(e => e.name)")]
    fell_back = any("starting Python the ordinary way" in text for text in warnings)
    return "snapshot" if any(name.endswith(".snapshot.gz") for name in fetched) and not fell_back else "plain"


def wait_for_service_worker(page):
    """Until this build's service worker controls the page: its install stored every file."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=INSTALL_MS)
    return page.evaluate("caches.keys()")


def cached_paths(page, cache_name: str) -> set:
    assert page.evaluate("name => caches.has(name)", cache_name), f"no cache {cache_name}"
    urls = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname)",
        cache_name)
    return set(urls)


def play_to_the_end(page):
    for _ in range(40):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    assert page.get_attribute(TABLE, "data-phase") == "over"
    assert page.locator("[data-maw-outcome]").inner_text().strip()


#: Watches the page's progress bar from outside: every value its aria-valuetext takes.
BAR_WATCH = """
window.barSaid = [];
new MutationObserver((records) => {
  for (const r of records) if (r.oldValue !== null) window.barSaid.push(r.oldValue);
}).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                      attributeFilter: ["aria-valuetext"]});
"""


def bar_values(page) -> list:
    """What the loading bar said, in order, ending with what it says now."""
    now = page.locator("[role=progressbar]").first.get_attribute("aria-valuetext")
    return page.evaluate("window.barSaid") + [now]


def test_the_site_plays_offline_after_one_visit(guarded, server, site_html):
    context, guard = guarded(server)
    context.add_init_script(BAR_WATCH)
    page = context.new_page()
    open_table(page, server, "play/spoil-five.html", seed=3)
    # The first visit's download is shown as it comes: megabytes of the manifest's total, and the
    # percent, rising to 100 as Python starts.
    sizes = json.loads((site_html / "_static" / "wheels" / "manifest.json").read_text())["bytes"]
    total = f"{sum(sizes.values()) / 1e6:.1f}"
    said = [re.fullmatch(r"([\d.]+) of ([\d.]+) MB \((\d+)%\)", text) for text in bar_values(page)]
    assert all(said) and {m.group(2) for m in said} == {total}, bar_values(page)
    percents = [int(m.group(3)) for m in said]
    assert percents == sorted(percents) and percents[-1] == 100 and len(set(percents)) >= 3, percents
    assert said[-1].group(1) == total
    names = wait_for_service_worker(page)
    version = re.search(r'"version":"([0-9a-f]{16})"', (site_html / "maw-sw.js").read_text()).group(1)
    assert names == [f"maw-{version}"]
    manifest = json.loads((site_html / "_static" / "wheels" / "manifest.json").read_text())
    stored = cached_paths(page, names[0])
    for path in ("/index.html", "/play/twenty-five.html", f"/_static/{manifest['wheel']}",
                 f"/_static/{manifest['snapshot']}", f"/_static/{manifest['runtime']}pyodide.asm.wasm"):
        assert path in stored, f"{path} not stored for offline use"
    page.close()

    context.set_offline(True)
    page = context.new_page()
    lines = console_lines(page)
    # Another play page than the one visited, with its own link parameters: all from the cache.
    open_table(page, server, "play/twenty-five.html", players=4, seed=11)
    assert python_start(page, lines) == "snapshot"
    play_to_the_end(page)
    assert not guard.errors, f"console errors offline: {guard.errors}"
    # The network really is gone: a file the build does not list cannot be fetched (and Chromium
    # logs that one failure, which is then taken off the errors the guard checks).
    assert page.evaluate("fetch('/not-in-the-build.txt').then(() => 'fetched', () => 'failed')") == "failed"
    page.wait_for_timeout(200)
    assert [e for e in guard.errors if "ERR_INTERNET_DISCONNECTED" in e], guard.errors
    guard.errors = [e for e in guard.errors if "ERR_INTERNET_DISCONNECTED" not in e]
    page.goto(f"{server}/")
    assert "Maw" in page.title()
    assert page.locator("a[href*='play/']").count() > 0
    page.close()


def test_the_teaching_pages_button_keeps_the_site_and_says_when_it_is_done(guarded, server, site_html):
    """The teacher's "before class" step as a button: pressed on a page with no table, it stores
    every file of the build (counted as it goes) and then says so; the cache holds them all."""
    context, guard = guarded(server)
    page = context.new_page()
    page.goto(f"{server}/teaching/index.html")
    button = page.get_by_role("button", name="Keep this site on this device")
    button.click()
    box = page.locator("[data-maw-save-offline]")
    page.wait_for_function("() => document.querySelector('[data-maw-save-offline]').dataset.state === 'done'",
                           timeout=INSTALL_MS)
    total = len(vendor_site.precache_list(site_html))
    assert box.get_attribute("data-stored") == box.get_attribute("data-total") == str(total)
    said = box.get_by_role("status").inner_text()
    assert f"all {total} files" in said and "without a network" in said, said
    version = re.search(r'"version":"([0-9a-f]{16})"', (site_html / "maw-sw.js").read_text()).group(1)
    assert len(cached_paths(page, f"maw-{version}")) == total
    page.close()


def _rebuild(site: Path) -> dict:
    """What a new build with a changed engine looks like: the engine under a new hash, a changed
    page, and the service worker written again by the build's own step."""
    manifest_path = site / "_static" / "wheels" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    old_dir = (site / "_static" / manifest["wheel"]).parent
    new_key = "f" * 16 if old_dir.name != "f" * 16 else "e" * 16
    shutil.copytree(old_dir, old_dir.parent / new_key)
    shutil.rmtree(old_dir)
    for key in ("wheel", "snapshot"):
        manifest[key] = manifest[key].replace(old_dir.name, new_key)
    manifest["build"] = new_key
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    index = site / "index.html"
    index.write_text(index.read_text().replace("</body>", "<p id='rebuilt'>rebuilt</p></body>"))
    vendor_site.write_service_worker(site)
    return {"old": old_dir.name, "new": new_key, "manifest": manifest}


def test_a_new_build_replaces_the_cache(guarded, site_html, tmp_path):
    site = tmp_path / "html"
    shutil.copytree(site_html, site, ignore=shutil.ignore_patterns(".doctrees"))
    httpd, origin = _serve(site)
    try:
        context, guard = guarded(origin)
        page = context.new_page()
        open_table(page, origin, "play/spoil-five.html", seed=5)
        [old_cache] = wait_for_service_worker(page)

        build = _rebuild(site)
        new_version = re.search(r'"version":"([0-9a-f]{16})"', (site / "maw-sw.js").read_text()).group(1)
        assert f"maw-{new_version}" != old_cache
        # A navigation makes the browser look at maw-sw.js again (served with no-cache); the new
        # worker installs, takes over and deletes the old cache.
        page.goto(f"{origin}/index.html")
        deadline = time.monotonic() + INSTALL_MS / 1000
        while page.evaluate("caches.keys()") != [f"maw-{new_version}"]:
            assert time.monotonic() < deadline, f"old cache kept: {page.evaluate('caches.keys()')}"
            page.wait_for_timeout(250)
        stored = cached_paths(page, f"maw-{new_version}")
        assert f"/_static/{build['manifest']['wheel']}" in stored
        assert not any(build["old"] in path for path in stored), "the old engine is still cached"
        page.close()

        context.set_offline(True)
        page = context.new_page()
        page.goto(f"{origin}/index.html")
        assert page.locator("#rebuilt").inner_text() == "rebuilt"
        open_table(page, origin, "play/spoil-five.html", seed=5)
        click_a_legal_move(page)
        page.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


# -- make serve's server ---------------------------------------------------------------------------

def _get(url: str, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_make_serve_sends_cache_headers_and_types(site_html):
    # make serve runs the table server, whose static files follow the same rules (maw_server.static;
    # tests/test_server.py compares the two servers' headers); scripts/serve.py is the static host's.
    assert "-m maw_server" in (ROOT / "Makefile").read_text(), "make serve must run maw_server"
    manifest = json.loads((site_html / "_static" / "wheels" / "manifest.json").read_text())
    css = next((site_html / "_static").glob("*.css")).name
    httpd, origin = _serve(site_html)
    try:
        expect = {
            "/": ("text/html", "no-cache"),
            "/play/spoil-five.html?seed=4": ("text/html", "no-cache"),
            "/maw-sw.js": ("text/javascript", "no-cache"),
            "/_static/wheels/manifest.json": ("application/json", "no-cache"),
            "/_static/maw/worker.js": ("text/javascript", "no-cache"),
            f"/_static/{manifest['runtime']}pyodide.asm.wasm": ("application/wasm", "immutable"),
            f"/_static/{manifest['runtime']}pyodide.mjs": ("text/javascript", "immutable"),
            f"/_static/{manifest['runtime']}pyodide.asm.mjs": ("text/javascript", "immutable"),
            f"/_static/{manifest['wheel']}": ("application/zip", "immutable"),
            f"/_static/{manifest['snapshot']}": ("application/gzip", "immutable"),
            f"/_static/{css}?v=0123abcd": ("text/css", "immutable"),
        }
        for path, (ctype, cache) in expect.items():
            status, headers, body = _get(origin + path)
            assert status == 200, path
            assert headers["Content-Type"].startswith(ctype), (path, headers["Content-Type"])
            if cache == "immutable":
                assert headers["Cache-Control"] == "public, max-age=31536000, immutable", path
            else:
                assert headers["Cache-Control"] == "no-cache", path
            assert "Content-Encoding" not in headers, f"{path}: compressed for a client that did not ask"

        # gzip when asked, for text and WebAssembly; the same bytes once inflated.
        wasm = f"/_static/{manifest['runtime']}pyodide.asm.wasm"
        status, headers, body = _get(origin + wasm, **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
        original = (site_html / wasm.lstrip("/")).read_bytes()
        assert gzip.decompress(body) == original and len(body) < len(original) / 2
        # The snapshot is already gzip: sent as it is, for the worker to inflate.
        status, headers, body = _get(f"{origin}/_static/{manifest['snapshot']}",
                                     **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers

        # Revalidation: an unchanged page costs a 304 and no body.
        status, headers, body = _get(origin + "/index.html")
        status, headers304, body = _get(origin + "/index.html", **{"If-None-Match": headers["ETag"]})
        assert status == 304 and body == b"" and headers304["Cache-Control"] == "no-cache"
        status, _, _ = _get(origin + "/index.html", **{"If-None-Match": '"another"'})
        assert status == 200
        status, headers, _ = _get(origin + "/no-such-page.html")
        assert status == 404
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_without_the_snapshot_python_starts_the_ordinary_way(guarded, site_html, tmp_path):
    """The worker's fallback (a browser that cannot restore the snapshot): Pyodide's own start,
    then the same compiled wheel — loaded by name from the site's own lock file, which
    ``pyodide lockfile add-wheels`` wrote, wherever the build had a Python for it."""
    built = json.loads((site_html / "_static" / "wheels" / "manifest.json").read_text())
    assert ("lock" in built) == vendor_site.LOCK_CLI.is_file(), "a lock file exactly where pyodide-cli ran"
    if "lock" in built:
        lock = json.loads((site_html / "_static" / built["lock"]).read_text())
        engine = lock["packages"]["maw-sim"]
        assert engine["file_name"] == Path(built["wheel"]).name and engine["imports"] == ["maw_sim"]
    site = tmp_path / "html"
    shutil.copytree(site_html, site, ignore=shutil.ignore_patterns(".doctrees", "engine.snapshot.gz"))
    manifest_path = site / "_static" / "wheels" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    del manifest["snapshot"]
    manifest_path.write_text(json.dumps(manifest))
    vendor_site.write_service_worker(site)     # a consistent build without a snapshot
    httpd, origin = _serve(site)
    try:
        context, guard = guarded(origin)
        page = context.new_page()
        lines = console_lines(page)
        open_table(page, origin, "play/cotton-1674.html", seed=9)
        assert python_start(page, lines) == "plain"
        if "lock" in built:
            fetched = [name for worker in page.workers
                       for name in worker.evaluate("performance.getEntriesByType('resource').map(e => e.name)")]
            assert any(name.endswith(built["lock"]) for name in fetched), fetched
            assert any("Loaded maw-sim" in line for line in lines), lines
        play_to_the_end(page)
        page.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
