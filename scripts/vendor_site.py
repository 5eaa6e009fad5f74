"""Copy the browser runtime into the site's static files before Sphinx builds the site, and write
the service worker into the built site afterwards.

The play pages run the engine client-side, in Pyodide, and must never fetch anything from
another origin. So the site carries its own copies:

- ``docs/_static/pyodide/<pyodide version>/``: the Pyodide runtime from the npm package ``pyodide``
  (pinned in package.json, installed by ``make node`` into node_modules/). The version is in the
  path so a server may let browsers keep these files for good (``scripts/serve.py`` does);
- ``docs/_static/wheels/<content hash>/``: the engine as a pure-Python wheel (``make wheel`` builds
  it into dist/) with its modules compiled to bytecode, and a gzipped memory snapshot of Pyodide
  with the engine already imported (see ``build_engine``). The hash is of the files themselves, so
  a changed engine gets a new URL and no browser can mix an old snapshot with a new wheel;
- ``docs/_static/wheels/<content hash>/pyodide-lock.json``: the runtime's lock file with the engine
  added to it, written by pyodide-cli's ``pyodide lockfile add-wheels`` (pyodide-lock; it needs a
  Python of 3.12 or later, which ``make lockvenv`` looks for and installs it into ``.lockvenv``).
  The worker's fallback start (no snapshot) then loads the engine by name with
  ``pyodide.loadPackage``, its SHA-256 checked. Where no such Python exists the build says so and
  the worker unpacks the wheel itself, as it always can;
- ``docs/_static/wheels/manifest.json``: where those files are, which the worker reads, so the
  JavaScript never hard-codes a version.

``python scripts/vendor_site.py`` runs before Sphinx; ``python scripts/vendor_site.py
--service-worker docs/_build/html`` runs after it and writes ``maw-sw.js`` at the site's root
(its scope is the whole site), naming a cache after a hash of every file it caches: a new build
gets a new cache and the old one is deleted.

Bytecode and snapshot are made by Pyodide itself, under Node: pyodide-build's ``pyodide
py-compile`` needs an interpreter of Pyodide's own Python version (3.14 for pyodide 314.0.7), which
a machine may not have, and ``pyodide build`` downloads a cross-build environment; Pyodide's own
Python always matches, and runs offline.

Everything written here is generated (git-ignored). Run from the repository root.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
#: pyodide-cli with pyodide-lock, in a Python of 3.12 or later (``make lockvenv``), where one exists.
LOCK_CLI = ROOT / ".lockvenv" / "bin" / "pyodide"
DIST = ROOT / "dist"
STATIC = ROOT / "docs" / "_static"
SW_TEMPLATE = Path(__file__).resolve().parent / "service_worker.js"
SW_NAME = "maw-sw.js"

# The files Pyodide needs at run time: the loader, the Emscripten module, the WebAssembly, the
# standard library and the lock file (read at start-up; we never load a package by name from it).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")

# Run by Node in Pyodide (the same runtime the site ships), twice over: a first interpreter
# compiles the engine's modules to bytecode and writes the compiled wheel; a fresh one, with
# nothing else in its memory (the snapshot is then smaller), installs that wheel, imports
# maw_sim.web, answers one throwaway request (so the modules a first deal needs are imported too)
# and is written out as a memory snapshot.
# The wheel is unpacked by Python's zipfile, not pyodide.loadPackage: a snapshot may hold no
# JavaScript object, and loadPackage leaves one behind.
NODE_BUILD = r"""
import { loadPyodide } from %(pyodide_mjs)s;
import fs from "node:fs";
const [wheelIn, wheelOut, snapshotOut] = %(paths)s;
const options = { indexURL: %(index)s, stdout: () => {}, stderr: (line) => console.error(line) };
const compiler = await loadPyodide(options);
compiler.FS.writeFile("/tmp/engine.whl", fs.readFileSync(wheelIn));
compiler.runPython(%(compile)s);
fs.writeFileSync(wheelOut, compiler.FS.readFile("/tmp/engine-compiled.whl"));
fs.writeFileSync(wheelOut + ".site", compiler.FS.readFile("/tmp/site-packages", { encoding: "utf8" }));
const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/engine.whl", fs.readFileSync(wheelOut));
pyodide.runPython(%(warm)s);
fs.writeFileSync(snapshotOut, pyodide.makeMemorySnapshot());
"""
PYTHON_COMPILE = r"""
import compileall, py_compile, sysconfig, zipfile
from pathlib import Path
site = Path(sysconfig.get_paths()["purelib"])
Path("/tmp/site-packages").write_text("/" + str(site).lstrip("/"))   # sysconfig says //lib/...
with zipfile.ZipFile("/tmp/engine.whl") as wheel:
    wheel.extractall(site)
    tops = {n.split("/")[0] for n in wheel.namelist()}
# Unchecked-hash .pyc files: unpacking sets new mtimes, which would make timestamped ones stale.
for top in tops:
    if (site / top).is_dir() and not top.endswith(".dist-info"):
        assert compileall.compile_dir(site / top, quiet=1,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH), "compileall failed"
with zipfile.ZipFile("/tmp/engine.whl") as src, \
        zipfile.ZipFile("/tmp/engine-compiled.whl", "w", zipfile.ZIP_DEFLATED) as out:
    for info in src.infolist():
        out.writestr(info, src.read(info))
    for pyc in sorted(site.glob("*/**/__pycache__/*.pyc")):
        rel = pyc.relative_to(site).as_posix()
        if rel.split("/")[0] in tops:
            out.write(pyc, rel)
"""
PYTHON_WARM = r"""
import gc, json, sysconfig, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(sysconfig.get_paths()["purelib"])
import maw_sim.web
reply = json.loads(maw_sim.web.handle(json.dumps({"op": "new", "variant": "spoil-five", "seed": 1}),
                                      session=maw_sim.web.Session()))
assert reply["ok"], reply
maw_sim.web.handle(json.dumps({"op": "variants"}), session=maw_sim.web.Session())
del reply
gc.collect()
"""


class VendorError(RuntimeError):
    pass


def _copy_if_changed(src: Path, dest: Path) -> None:
    # Sphinx copies _static on every build; keeping mtimes stable avoids needless rewrites.
    if dest.exists() and dest.stat().st_size == src.stat().st_size and \
            dest.stat().st_mtime >= src.stat().st_mtime:
        return
    shutil.copy2(src, dest)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pyodide_version() -> str:
    return json.loads((PYODIDE_SRC / "package.json").read_text(encoding="utf-8"))["version"]


def vendor_pyodide(dest: Path = STATIC / "pyodide") -> list:
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_SRC / name).is_file()]
    if missing:
        raise VendorError(
            f"Pyodide is not installed: {', '.join(missing)} missing from {PYODIDE_SRC}. "
            "Run `make node` (npm ci, from package.json and package-lock.json) first.")
    version = pyodide_version()
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.iterdir():   # another version, or the flat layout of earlier builds
        if old.name != version:
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    (dest / version).mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_SRC / name, dest / version / name)
    return [dest / version / name for name in PYODIDE_FILES]


def find_wheel() -> Path:
    wheels = sorted(DIST.glob("maw_sim-*-py3-none-any.whl"))
    if not wheels:
        raise VendorError(
            f"no engine wheel (maw_sim-*-py3-none-any.whl) in {DIST}. "
            "Run `make wheel` (pypa build, offline) first.")
    if len(wheels) > 1:
        raise VendorError(f"several engine wheels in {DIST}: {', '.join(w.name for w in wheels)}; "
                          "`make wheel` starts from an empty dist/")
    return wheels[0]


def build_engine(wheel: Path, out_dir: Path) -> tuple:
    """The compiled wheel and the gzipped snapshot, made by Pyodide under Node."""
    node = shutil.which("node")
    if not node:
        raise VendorError("no `node` on PATH: the build compiles the engine inside Pyodide under Node")
    out_dir.mkdir(parents=True, exist_ok=True)
    compiled, snapshot = out_dir / wheel.name, out_dir / "engine.snapshot"
    script = NODE_BUILD % {
        "pyodide_mjs": json.dumps((PYODIDE_SRC / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE_SRC) + "/"),
        "paths": json.dumps([str(wheel), str(compiled), str(snapshot)]),
        "compile": json.dumps(PYTHON_COMPILE),
        "warm": json.dumps(PYTHON_WARM),
    }
    proc = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=600)
    if proc.returncode != 0 or not snapshot.is_file():
        raise VendorError(f"compiling the engine in Pyodide under Node failed:\n{proc.stderr[-3000:]}")
    # Mostly zeros: gzip makes 31 MB under 6. The worker inflates it with DecompressionStream, so
    # any static server will do (no Content-Encoding needed).
    gz = out_dir / "engine.snapshot.gz"
    with snapshot.open("rb") as src, gzip.GzipFile(gz, "wb", compresslevel=9, mtime=0) as dst:
        shutil.copyfileobj(src, dst)
    snapshot.unlink()
    site = Path(str(compiled) + ".site")
    (out_dir / "site-packages.txt").write_text(site.read_text(encoding="utf-8"), encoding="utf-8")
    site.unlink()
    return compiled, gz


def write_engine_lock(target: Path, wheel: Path, runtime: str) -> Path | None:
    """The runtime's pyodide-lock.json with the engine added (``pyodide lockfile add-wheels``),
    beside the engine's wheel; None, said in one line, where pyodide-cli is not installed."""
    out = target / "pyodide-lock.json"
    if out.is_file():
        return out
    if not LOCK_CLI.is_file():
        print("vendor_site: no Python 3.12 or later for pyodide-cli (make lockvenv): the site has no "
              "lock file of its own, and the worker's fallback start unpacks the engine's wheel itself")
        return None
    proc = subprocess.run([str(LOCK_CLI), "lockfile", "add-wheels",
                           "--input", str(STATIC / "pyodide" / runtime / "pyodide-lock.json"),
                           "--output", str(out), "--base-path", str(target), str(wheel)],
                          capture_output=True, text=True)
    if proc.returncode != 0 or not out.is_file():
        raise VendorError(f"pyodide lockfile add-wheels failed:\n{proc.stdout}{proc.stderr}")
    return out


def vendor_wheel(dest: Path = STATIC / "wheels", runtime: str | None = None) -> list:
    wheel = find_wheel()
    runtime = runtime or pyodide_version()
    # The engine's URL carries a hash of the source wheel, the runtime that made its snapshot and
    # the way it was made: a change to any of them is a new engine.
    recipe = NODE_BUILD + PYTHON_COMPILE + PYTHON_WARM
    key = hashlib.sha256((_sha256(wheel) + runtime + recipe).encode()).hexdigest()[:16]
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.iterdir():   # a stale engine must not be served
        if old.name not in (key, "manifest.json"):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    target = dest / key
    compiled, snapshot = target / wheel.name, target / "engine.snapshot.gz"
    site = ROOT / "build" / "engine-site-packages" / key   # beside, never served
    if not (compiled.is_file() and snapshot.is_file() and site.is_file()):
        with tempfile.TemporaryDirectory() as tmp:
            made = build_engine(wheel, Path(tmp))
            target.mkdir(exist_ok=True)
            for path in made:
                shutil.move(str(path), target / path.name)
            site.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(Path(tmp) / "site-packages.txt"), site)
    # Paths relative to _static/, as the worker resolves them; site_packages is where Pyodide's
    # Python looks for the engine (the worker unpacks the wheel there).
    lock = write_engine_lock(target, compiled, runtime)
    # bytes: what a first visit downloads, for the page's progress bar (the runtime's files that
    # are fetched rather than imported as modules, the engine, its snapshot).
    fetched = [STATIC / "pyodide" / runtime / name for name in PYODIDE_FILES if not name.endswith(".mjs")]
    manifest = {"runtime": f"pyodide/{runtime}/", "wheel": f"wheels/{key}/{wheel.name}",
                "snapshot": f"wheels/{key}/engine.snapshot.gz", "build": key,
                "site_packages": site.read_text(encoding="utf-8").strip(),
                "bytes": {"runtime": sum(f.stat().st_size for f in fetched if f.is_file()),
                          "wheel": compiled.stat().st_size, "snapshot": snapshot.stat().st_size}}
    if lock is not None:
        manifest["lock"] = f"wheels/{key}/{lock.name}"
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return [compiled, snapshot]


# -- the service worker, written into the built site -------------------------------------------------

# What the service worker stores at install, besides the page it was registered from: the engine
# and its runtime, the scripts and styles the pages load, and every page of the site (small: a few
# hundred KB). Sphinx's build bookkeeping and source files are left out.
SKIP_PARTS = {".doctrees", "_sources", ".buildinfo", "objects.inv"}
SKIP_SUFFIXES = {".map", ".inv", ".buildinfo", ".ipynb", ".txt"}


def precache_list(html: Path) -> list:
    files = []
    for path in sorted(html.rglob("*")):
        rel = path.relative_to(html)
        if not path.is_file() or rel.name == SW_NAME or rel.suffix in SKIP_SUFFIXES or \
                any(part in SKIP_PARTS or part.startswith(".") for part in rel.parts):
            continue
        files.append(rel)
    return files


def prune_built_site(html: Path) -> None:
    """Sphinx adds to _build/html but never deletes: drop the runtimes and engines of earlier
    builds, which would otherwise be served and cached."""
    manifest = json.loads((html / "_static" / "wheels" / "manifest.json").read_text(encoding="utf-8"))
    keep = {html / "_static" / manifest["runtime"], html / "_static" / "wheels" / "manifest.json",
            (html / "_static" / manifest["wheel"]).parent}
    for folder in (html / "_static" / "pyodide", html / "_static" / "wheels"):
        for old in folder.iterdir():
            if old not in keep:
                shutil.rmtree(old) if old.is_dir() else old.unlink()


def write_service_worker(html: Path) -> Path:
    if not (html / "index.html").is_file():
        raise VendorError(f"no built site in {html}: run Sphinx first")
    prune_built_site(html)
    entries, build = [], hashlib.sha256()
    for rel in precache_list(html):
        digest = hashlib.sha256((html / rel).read_bytes()).digest()
        build.update(rel.as_posix().encode() + b"\0" + digest)
        # Subresource integrity: the worker refuses a file whose bytes are not this build's, so an
        # old file still in a cache on the way can never enter the new version's cache.
        entries.append([rel.as_posix(), "sha256-" + base64.b64encode(digest).decode()])
    version = build.hexdigest()[:16]
    config = json.dumps({"version": version, "files": entries}, separators=(",", ":"))
    source = SW_TEMPLATE.read_text(encoding="utf-8")
    if "/*MAW_BUILD*/null" not in source:
        raise VendorError(f"{SW_TEMPLATE} has no /*MAW_BUILD*/null placeholder")
    out = html / SW_NAME
    out.write_text(source.replace("/*MAW_BUILD*/null", config), encoding="utf-8")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--service-worker", metavar="HTML", type=Path,
                        help="write the service worker into this built site (after Sphinx)")
    args = parser.parse_args(argv)
    try:
        if args.service_worker:
            out = write_service_worker(args.service_worker)
            n = len(precache_list(args.service_worker))
            print(f"vendor_site: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
                  f"caches {n} files")
            return 0
        files = vendor_pyodide()
        files += vendor_wheel()
    except VendorError as exc:
        print(f"vendor_site: {exc}", file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in files)
    print(f"vendor_site: Pyodide, the compiled engine and its snapshot copied into "
          f"{STATIC.relative_to(ROOT)} ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
