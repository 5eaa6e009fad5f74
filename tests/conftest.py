"""Shared fixtures. The site is built once per test session and reused by every site test
(``tests/test_site.py``) and the browser tests.

Set ``MAW_SITE_HTML=/path/to/html`` to reuse a site built earlier instead of building it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
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


@pytest.fixture(scope="session")
def site_build() -> SiteBuild:
    """Build the site once (``make -s site`` from the repository root: engine wheel, vendored
    Pyodide, Sphinx with ``-W``), or reuse ``$MAW_SITE_HTML``."""
    reuse = os.environ.get("MAW_SITE_HTML")
    if reuse:
        return SiteBuild(0, "", "", Path(reuse).resolve(), reused=True)
    # A full read, not an incremental one: Sphinx only reports the warnings of the pages it
    # reads, so a page that warned in an earlier build would otherwise pass unseen.
    shutil.rmtree(SITE_HTML / ".doctrees", ignore_errors=True)
    proc = subprocess.run(["make", "-s", "site"], cwd=ROOT, capture_output=True, text=True,
                          timeout=3600)
    return SiteBuild(proc.returncode, proc.stdout, proc.stderr, SITE_HTML)


@pytest.fixture(scope="session")
def site_html(site_build: SiteBuild) -> Path:
    """The built site's directory (``docs/_build/html``); fails if the build failed."""
    if site_build.returncode != 0:
        pytest.fail("`make site` failed (exit %d):\n%s" % (site_build.returncode,
                                                          site_build.stderr[-6000:]))
    if not (site_build.html / "index.html").is_file():
        pytest.fail(f"no index.html in {site_build.html}")
    return site_build.html
