"""Shared fixtures. The site is built once per test session and reused by every site test
(``tests/test_site.py``) and the browser tests.

Set ``MAW_SITE_HTML=/path/to/html`` to reuse a site built earlier instead of building it.

``make test`` runs the suite in two processes (pytest-xdist, one test file per process at a time):
the two share this checkout, so whatever writes into it (``make site``) runs under one lock. The
site's build starts in the background as soon as the tests are collected, in whichever process
takes the lock first, while both go on with the engine's tests; the site's tests come last and
read the finished build.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import fcntl
import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE_HTML = ROOT / "docs" / "_build" / "html"


@dataclass(frozen=True)
class SiteBuild:
    """How the session's site build went: ``make -s site``'s return code and output."""
    returncode: int
    stdout: str
    stderr: str
    html: Path
    reused: bool = False


@contextlib.contextmanager
def checkout_lock():
    """Held while a test process writes into the checkout (``dist/``, ``docs/_build``): the other
    process waits rather than read a half-written build."""
    path = ROOT / "docs" / "_build" / ".checkout.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _this_run() -> str:
    """One name for this test run, the same in every process of it (pytest-xdist sets it)."""
    return os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"


#: How much the test processes of a parallel run yield to the site's build (``nice``). The build
#: is the longest path of a run: both processes finish the engine's tests while it still runs and
#: then wait for it, so it is given the machine first and the engine's tests fill in around it.
TESTS_YIELD_TO_BUILD = 5


_YIELDED: list = []


def pytest_configure(config):
    if hasattr(config, "workerinput") and hasattr(os, "nice"):     # a pytest-xdist worker
        os.nice(TESTS_YIELD_TO_BUILD)
        _YIELDED.append(TESTS_YIELD_TO_BUILD)


def _at_normal_priority():
    """In the build's process, before make starts: back to the priority the tests gave up, where
    the system allows it (it needs the right to raise a priority); otherwise the build runs at
    the tests' own."""
    if _YIELDED:
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0) - _YIELDED[0])


#: The session's site build, started once the tests are collected (pytest_collection_finish).
_BACKGROUND_BUILD: list = []


def _needs_site(item) -> bool:
    return "site_build" in getattr(item, "fixturenames", ())


def pytest_collection_finish(session):
    """Start building the site in a thread if a collected test needs it: a build takes minutes of
    one core, and begun at the end it left the other process idle, waiting for it."""
    if (os.environ.get("MAW_SITE_HTML") or session.config.option.collectonly
            or not any(_needs_site(i) for i in session.items)):
        return
    pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="site-build")
    _BACKGROUND_BUILD.append(pool.submit(_build_site))
    pool.shutdown(wait=False)


@pytest.fixture(scope="session")
def site_build() -> SiteBuild:
    """The site built once (``make -s site`` from the repository root: engine wheel, vendored
    Pyodide, Sphinx with ``-W``), or ``$MAW_SITE_HTML`` reused."""
    reuse = os.environ.get("MAW_SITE_HTML")
    if reuse:
        return SiteBuild(0, "", "", Path(reuse).resolve(), reused=True)
    if _BACKGROUND_BUILD:
        return _BACKGROUND_BUILD[0].result()
    return _build_site()


def _build_site() -> SiteBuild:
    """``make -s site`` under the checkout's lock, or the outcome the other process of this run
    wrote when it built the site."""
    outcome = SITE_HTML.parent / ".site-build.json"
    with checkout_lock():
        if outcome.is_file():
            done = json.loads(outcome.read_text(encoding="utf-8"))
            if done["run"] == _this_run():     # the other process of this run built it
                return SiteBuild(done["returncode"], done["stdout"], done["stderr"], SITE_HTML)
        # A full read, not an incremental one: Sphinx only reports the warnings of the pages it
        # reads, so a page that warned in an earlier build would otherwise pass unseen.
        shutil.rmtree(SITE_HTML / ".doctrees", ignore_errors=True)
        proc = subprocess.run(["make", "-s", "site"], cwd=ROOT, capture_output=True, text=True,
                              timeout=3600, preexec_fn=_at_normal_priority)
        outcome.write_text(json.dumps({"run": _this_run(), "returncode": proc.returncode,
                                       "stdout": proc.stdout, "stderr": proc.stderr}),
                           encoding="utf-8")
    return SiteBuild(proc.returncode, proc.stdout, proc.stderr, SITE_HTML)


#: The modules that take longest (from ``--durations``), handed out first of their kind: a long
#: one begun last would leave the other process with nothing to do while it runs.
SLOWEST_FIRST = ("test_table_layout.py", "test_browser.py", "test_table_parts_browser.py", "test_review_browser.py",
                 "test_experiment_widget.py", "test_friends_browser.py", "test_offline.py", "test_bidding_page.py",
                 "test_bidding_bots.py", "test_search_bots.py",
                 "test_solver.py", "test_review.py", "test_conformance.py", "test_web.py")


def _slowness(item) -> int:
    name = item.path.name
    return SLOWEST_FIRST.index(name) if name in SLOWEST_FIRST else len(SLOWEST_FIRST)


def pytest_collection_modifyitems(items):
    """The modules with a test that needs the built site last (whole modules: each goes to one
    process), so that the engine's tests keep both processes busy while the site builds in the
    background; within each kind the slowest modules first, file order otherwise."""
    on_site = {item.path for item in items if _needs_site(item)}
    items.sort(key=lambda item: (item.path in on_site, _slowness(item)))


@pytest.fixture(scope="session")
def site_html(site_build: SiteBuild) -> Path:
    """The built site's directory (``docs/_build/html``); fails if the build failed."""
    if site_build.returncode != 0:
        pytest.fail("`make site` failed (exit %d):\n%s" % (site_build.returncode,
                                                          site_build.stderr[-6000:]))
    if not (site_build.html / "index.html").is_file():
        pytest.fail(f"no index.html in {site_build.html}")
    return site_build.html


# -- a real browser on the built site (tests/test_browser.py, tests/test_experiment_widget.py) ------
#
# The built site is served from 127.0.0.1 (http.server in a thread); every request to any other
# origin is aborted and recorded, and a test fails if there was one, or a console error.

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-default-apps", "--disable-extensions"]
#: Contexts made for the play and page tests run without the site's service worker: its install
#: copies the whole site (and inflates the engine's snapshot) into the cache storage of every
#: context that opens a table, work done in the background of tests about something else.
#: tests/test_offline.py makes its own contexts, with the service worker, and tests it there.
NO_SERVICE_WORKER = {"service_workers": "block"}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server(site_html: Path):
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site_html)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright import sync_api    # in the test extra: `make test` installs it
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no chromium at {CHROMIUM}: `make test` installs Debian's chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Guard:
    """Every request the context makes (the Web Worker's too), the ones sent elsewhere, and the
    console errors."""

    def __init__(self, origin: str):
        self.origin = origin
        self.requests: list = []
        self.foreign: list = []
        self.errors: list = []

    def route(self, route):
        url = route.request.url
        self.requests.append(url)
        if url.startswith(self.origin + "/"):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def watch(self, context) -> None:
        """Route and record every request of ``context`` (its pages' and workers')."""
        context.route("**/*", self.route)
        context.on("request", self.on_request)

    def on_request(self, request):
        # Recorded again from the request event, in case a request ever escapes routing.
        if not request.url.startswith(self.origin + "/") and not request.url.startswith("data:"):
            self.foreign.append(request.url)

    def on_console(self, message):
        if message.type == "error":
            self.errors.append(message.text)

    def check(self):
        assert not self.foreign, f"requests left {self.origin}: {sorted(set(self.foreign))}"
        assert not self.errors, f"console errors: {self.errors}"


def guarded_page(browser, server, **options):
    """A context of its own (``options`` as Playwright's ``new_context`` takes them) with one page,
    guarded: (context, page, guard). Close the context, then ``guard.check()``."""
    context = browser.new_context(**{**NO_SERVICE_WORKER, **options})
    guard = Guard(server)
    guard.watch(context)
    page = context.new_page()
    page.on("console", guard.on_console)
    page.on("pageerror", lambda error: guard.errors.append(f"page error: {error}"))
    return context, page, guard


@pytest.fixture(scope="module")
def context(browser, server):
    # One context for the module, so the HTTP cache is shared between pages as for a reader.
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 900, "height": 900},
                                  **NO_SERVICE_WORKER)
    guard = Guard(server)
    guard.watch(context)
    context.guard = guard
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    guard = context.guard
    guard.errors = []
    page.on("console", guard.on_console)
    page.on("pageerror", lambda error: guard.errors.append(f"page error: {error}"))
    yield page
    page.close()
    guard.check()
