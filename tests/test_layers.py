"""The engine's layers run one way (DESIGN.md, "Layers run one way"), and the habits that keep the
code maintained: a linter and a type checker on the engine, run with the suite.

Every import in ``maw_sim`` counts — at the top of a module, inside a function, or made by
``importlib`` from a module's name — and each is resolved to the module it reaches. Each module
has a layer below; an import may reach its own layer or a lower one, never a higher, and the graph
has no circle. No module imports another's private name (``_name``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "maw_sim"

#: The layers, lowest first (DESIGN.md): cards → variants → events → steps → deal → (records,
#: match, resample, solver, bots) → (words, narration, the page's projection, review) → (web
#: bridge, CLI). A name ending in ``.*`` stands for every module of that package.
LAYERS = (
    ("phase_names", "cards", "inputs", "progress", "refusals", "stats", "scoring"),
    ("variants",),
    ("events",),
    ("phases", "auction", "steps"),          # the steps, then the registry that names them all
    ("deal",),
    ("match", "records", "resample", "solver", "analysis", "tournament", "bots", "bots.*"),
    ("words", "narration", "seat_state", "page_state", "review", "hint"),
    ("web", "cli", "record_cli", "studies", "studies.*", "__init__", "__main__"),
)


def _modules() -> dict:
    """Every module of the package: dotted name under maw_sim ("deal", "bots.search",
    "__init__" for the package itself) -> (path, the package it sits in, as a list)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            package = parts[:-1]
            name = ".".join(package) or "__init__"
        else:
            package = parts[:-1]
            name = ".".join(parts)
        out[name] = (path, package)
    return out


MODULES = _modules()


def _dotted(name: str) -> str:
    """A module's dotted name under maw_sim as the graph keys it (the package is "__init__")."""
    return name if name else "__init__"


def _target(module_path: str) -> str | None:
    """The graph's name for an absolute dotted module path, or None outside maw_sim."""
    if module_path == "maw_sim":
        return "__init__"
    if module_path.startswith("maw_sim."):
        return module_path[len("maw_sim."):]
    return None


def imports_of(name: str):
    """(line, imported module, imported name or None, lazy) for every import ``name`` makes of a
    module of maw_sim: ``import``, ``from … import`` (a submodule imported by name counts as that
    module), at any depth, and a module's dotted name written out in full (what ``importlib``
    imports)."""
    path, package = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        lazy = id(node) not in top
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _target(alias.name)
                if target is not None:
                    yield node.lineno, target, None, lazy
        elif isinstance(node, ast.ImportFrom):
            target = _target(_imported_from(node, package))
            if target is None:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target != "__init__" else alias.name
                if sub in MODULES:
                    yield node.lineno, sub, None, lazy
                else:
                    yield node.lineno, target, alias.name, lazy
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            target = _target(node.value)
            if target in MODULES:
                yield node.lineno, target, None, True


def layer_of(name: str) -> int:
    for k, layer in enumerate(LAYERS):
        for entry in layer:
            if entry == name or entry.endswith(".*") and name.startswith(entry[:-1]):
                return k
    raise AssertionError(f"maw_sim/{name.replace('.', '/')}.py is in no layer of tests/test_layers.py: "
                         "give it one (the lowest its imports allow)")


def _where(name: str, line: int) -> str:
    path = MODULES[name][0].relative_to(ROOT)
    return f"{path}:{line}"


def test_every_module_has_a_layer():
    for name in MODULES:
        layer_of(name)


def test_no_import_runs_up_the_layers():
    upward = []
    for name in MODULES:
        for line, target, what, lazy in imports_of(name):
            if target != name and layer_of(target) > layer_of(name):
                upward.append(f"{_where(name, line)}: {name} (layer {layer_of(name)}) imports "
                              f"{target}{'.' + what if what else ''} (layer {layer_of(target)})"
                              + (" inside a function" if lazy else ""))
    assert not upward, "imports that run up the layers:\n" + "\n".join(upward)


def test_the_import_graph_has_no_circle():
    edges: dict = {name: {} for name in MODULES}
    for name in MODULES:
        for line, target, _, _ in imports_of(name):
            if target != name:
                edges[name].setdefault(target, line)
    # Depth first; a grey module met again closes a circle.
    state, stack, circles = {}, [], []

    def visit(name):
        state[name] = "grey"
        stack.append(name)
        for target, line in edges[name].items():
            if state.get(target) == "grey":
                loop = stack[stack.index(target):] + [target]
                circles.append("; ".join(f"{_where(a, edges[a][b])}: {a} imports {b}" for a, b in zip(loop, loop[1:])))
            elif target not in state:
                visit(target)
        stack.pop()
        state[name] = "black"

    for name in sorted(MODULES):
        if name not in state:
            visit(name)
    assert not circles, "import circles:\n" + "\n".join(circles)


def _imported_from(node, package) -> str:
    """The dotted module a ``from … import`` names, relative levels resolved inside maw_sim."""
    if not node.level:
        return node.module or ""
    base = ["maw_sim"] + package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _module_names(tree, name) -> set:
    """The local names ``name`` binds to modules of maw_sim (``from . import words``)."""
    path, package = MODULES[name]
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = _target(_imported_from(node, package))
            for alias in node.names:
                if target is not None and (f"{target}.{alias.name}" in MODULES or target == "__init__"
                                           and alias.name in MODULES):
                    bound.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _target(alias.name) is not None and alias.asname:
                    bound.add(alias.asname)
    return bound


def test_no_private_name_crosses_a_module():
    crossing = []
    for name in MODULES:
        for line, target, what, _ in imports_of(name):
            if what and what.startswith("_") and not what.startswith("__") and target != name:
                crossing.append(f"{_where(name, line)}: {name} imports {target}.{what}")
        tree = ast.parse(MODULES[name][0].read_text(encoding="utf-8"))
        modules = _module_names(tree, name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in modules and node.attr.startswith("_") and not node.attr.startswith("__"):
                crossing.append(f"{_where(name, node.lineno)}: {name} reads {node.value.id}.{node.attr}")
    assert not crossing, "private names used outside their module:\n" + "\n".join(crossing)


def test_the_checks_see_what_they_guard():
    """The scans above find what they look for: a lazy import, an importlib name, a private name."""
    found = {(target, what, lazy) for _, target, what, lazy in imports_of("bots")}
    assert ("bots.search", None, True) in found              # importlib.import_module("maw_sim.bots.search")
    assert ("bots.registry", "BOTS", False) in found
    assert any(target == "review" and lazy for _, target, _, lazy in imports_of("web"))
    assert layer_of("bots.search") == layer_of("bots") < layer_of("words")


# -- the tools of a maintained project ----------------------------------------------------------

def _tool(name: str) -> Path:
    path = Path(sys.executable).parent / name
    assert path.exists(), (f"{name} is not installed beside {sys.executable}: it is in the dev extra "
                           "(pip install -e '.[dev]', which make test does)")
    return path


def test_ruff_finds_nothing_in_the_code():
    """The lint rules of pyproject.toml ([tool.ruff]) over the engine, the server, the benchmarks
    and the scripts (the tests keep pytest's fixture idioms, which the rules would flag)."""
    run = subprocess.run([str(_tool("ruff")), "check", "--no-cache", "maw_sim", "maw_server", "benchmarks",
                          "scripts", "docs/conf.py"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_passes_on_the_public_api():
    """mypy over the modules of the public API (pyproject.toml, [tool.mypy] files)."""
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
