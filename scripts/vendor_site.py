"""Copy the browser runtime into the site's static files, before Sphinx builds the site.

The play pages run the engine client-side, in Pyodide, and must never fetch anything from
another origin. So the site carries its own copies:

- ``docs/_static/pyodide/``: the Pyodide runtime from the npm package ``pyodide`` (pinned in
  package.json, installed by ``make node`` into node_modules/);
- ``docs/_static/wheels/``: the engine as a pure-Python wheel (``make wheel`` builds it into dist/),
  which the page loads with ``pyodide.loadPackage(<its URL>)``;
- ``docs/_static/wheels/manifest.json``: the wheel's file name, which the worker reads, so the
  JavaScript never hard-codes a version.

Both folders are generated (git-ignored). Run from the repository root: ``python scripts/vendor_site.py``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
DIST = ROOT / "dist"
STATIC = ROOT / "docs" / "_static"

# The files Pyodide needs at run time: the loader, the Emscripten module, the WebAssembly, the
# standard library and the lock file (read at start-up; we never load a package by name from it).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


class VendorError(RuntimeError):
    pass


def _copy_if_changed(src: Path, dest: Path) -> None:
    # Sphinx copies _static on every build; keeping mtimes stable avoids needless rewrites.
    if dest.exists() and dest.stat().st_size == src.stat().st_size and \
            dest.stat().st_mtime >= src.stat().st_mtime:
        return
    shutil.copy2(src, dest)


def vendor_pyodide(dest: Path = STATIC / "pyodide") -> list:
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_SRC / name).is_file()]
    if missing:
        raise VendorError(
            f"Pyodide is not installed: {', '.join(missing)} missing from {PYODIDE_SRC}. "
            "Run `make node` (npm ci, from package.json and package-lock.json) first.")
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_SRC / name, dest / name)
    return [dest / name for name in PYODIDE_FILES]


def vendor_wheel(dest: Path = STATIC / "wheels") -> Path:
    wheels = sorted(DIST.glob("maw_sim-*-py3-none-any.whl"))
    if not wheels:
        raise VendorError(
            f"no engine wheel (maw_sim-*-py3-none-any.whl) in {DIST}. "
            "Run `make wheel` (pypa build, offline) first.")
    if len(wheels) > 1:
        raise VendorError(f"several engine wheels in {DIST}: {', '.join(w.name for w in wheels)}; "
                          "`make wheel` starts from an empty dist/")
    wheel = wheels[0]
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("*.whl"):   # a stale version must not be served
        if old.name != wheel.name:
            old.unlink()
    _copy_if_changed(wheel, dest / wheel.name)
    manifest = {"wheel": wheel.name}
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return dest / wheel.name


def main() -> int:
    try:
        files = vendor_pyodide()
        wheel = vendor_wheel()
    except VendorError as exc:
        print(f"vendor_site: {exc}", file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in files) + wheel.stat().st_size
    print(f"vendor_site: Pyodide and {wheel.name} copied into {STATIC.relative_to(ROOT)} "
          f"({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
