"""The engine's rules tests, run again inside real Pyodide (Python 3.14, WebAssembly) under Node.

The site runs the engine in the reader's browser, in Pyodide; these tests check that the wheel the
site ships behaves there as it does in CPython. Everything is offline: the Pyodide runtime comes
from node_modules (``make node``), the engine is its wheel (built by ``make wheel``) installed
with ``pyodide.loadPackage`` (as the page does), and pytest itself is copied, pure Python, from
this virtual environment into Pyodide's file system. See tests/pyodide/run_tests.mjs.
"""

from __future__ import annotations

import importlib.metadata
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_tests.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide"
#: The engine's rules tests: plain pytest modules that need nothing but maw_sim and pytest.
RULES_TESTS = ("test_rulings.py", "test_cards.py", "test_variants.py", "test_records.py", "test_perft.py")
#: Folders the rules tests read beside them (the perft corpus and its counter).
EXTRA = ("perft",)
#: Pure-Python test tools copied into Pyodide (distribution names, as installed in the venv).
#: Not hypothesis: it now carries a compiled extension, so the property tests stay in CPython and
#: the modules above must not import it.
TOOLS = ("pytest", "pluggy", "iniconfig", "packaging", "pygments")


def _tool_paths() -> list:
    """The installed top-level modules and metadata of each tool (metadata so that pytest finds
    plugins such as hypothesis's by their entry points)."""
    paths = set()
    for name in TOOLS:
        dist = importlib.metadata.distribution(name)
        for file in dist.files or ():
            top = file.parts[0]
            if top in ("..", "__pycache__") or top.endswith(".pth"):
                continue
            paths.add(Path(dist.locate_file(top)))
    return sorted(str(p) for p in paths if p.exists())


@pytest.fixture(scope="session")
def engine_wheel(tmp_path_factory) -> Path:
    """The wheel the site ships, built fresh from this checkout by ``make wheel``, but into a folder
    of this test's own (``WHEEL_DIR``): ``dist/`` belongs to the site's build, which may be running
    in the other test process (it holds the checkout's lock for minutes)."""
    make = shutil.which("make")
    if make is None:
        pytest.fail("make is needed to build the engine wheel")
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run([make, "-s", "wheel", f"WHEEL_DIR={out}"], cwd=ROOT, capture_output=True,
                            text=True)
    if result.returncode != 0:
        pytest.fail(f"make wheel failed:\n{result.stdout}\n{result.stderr}")
    wheels = sorted(out.glob("maw_sim-*-py3-none-any.whl"))
    assert len(wheels) == 1, f"expected one engine wheel in {out}, found {wheels}"
    return wheels[0]


def test_engine_rules_tests_pass_inside_pyodide(engine_wheel):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run Pyodide (install Debian's nodejs)")
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run `make node` (npm ci)")
    tests = [ROOT / "tests" / name for name in RULES_TESTS if (ROOT / "tests" / name).is_file()]
    missing = [name for name in RULES_TESTS if not (ROOT / "tests" / name).is_file()]
    assert tests, f"none of the engine's rules tests exist yet: {', '.join(RULES_TESTS)}"
    config = {
        "pyodide": str(PYODIDE), "wheel": str(engine_wheel), "packages": _tool_paths(),
        "root": str(ROOT), "tests": [str(t) for t in tests],
        "extra": [str(ROOT / "tests" / name) for name in EXTRA],
        "pytest_args": ["-q", "-rfE", "--color=no", "-p", "no:randomly"],
    }
    result = subprocess.run([node, str(RUNNER), json.dumps(config)], cwd=ROOT, capture_output=True,
                            text=True, timeout=900)
    output = result.stdout + result.stderr
    print(output)   # shown by pytest on failure (and with -s): which tests failed inside Pyodide
    if missing:
        print(f"not run (no such file yet): {', '.join(missing)}", file=sys.stderr)
    assert "pyodide: Python 3.14" in output, f"Pyodide did not start:\n{output[-4000:]}"
    assert result.returncode == 0, (
        f"the engine's tests fail inside Pyodide (exit {result.returncode}):\n{output[-6000:]}")
