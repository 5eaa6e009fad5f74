"""The page's JavaScript decides no rule and no English: it reads the engine's page state.

Read as text (no browser): no JavaScript module under docs/_static/maw/ names a step or a phase of
the engine (``maw_sim.phase_names``, and each step's name and notation labels in
``maw_sim.steps``) in a string literal, such as ``s.phase === "bid"`` or `` `rob ${code}` ``; none
makes an English plural (``n === 1 ? "" : "s"``, ``+ "s"``): the words come from the engine. And
the modules import one way: each may import only those below it in :data:`LAYERS`, so the table is
a thin controller over the shared parts, never the other way round.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maw_sim import phase_names
from maw_sim.steps import all_steps

STATIC = Path(__file__).resolve().parent.parent / "docs" / "_static" / "maw"
MODULES = sorted(STATIC.glob("*.js"))

#: What the tokenizer skips or keeps: comments, then string literals ('…', "…") and template
#: literals (`…`, their ${…} parts cut out), everything else one character at a time.
_TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|.""", re.S)
_HOLE = re.compile(r"\$\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")
#: An English plural decided in the page: a count compared with 1 choosing "" or "s" (or "es").
_PLURAL = re.compile(r"""[!=]==?\s*1\s*\?\s*(?:""|''|["']e?s["'])\s*:\s*(?:""|''|["']e?s["'])"""
                     r"""|\+\s*["']e?s["']|\$\{[^}]*===?\s*1\s*\?""")


def step_words() -> set:
    """Every name the engine gives a phase or a step, and each step's labels in the notation."""
    words = {v for k, v in vars(phase_names).items() if k.isupper() and isinstance(v, str)}
    for step in all_steps():
        words.add(step.name)
        words.update(step.labels)
    return words


def literals(source: str):
    """(line, text) of each string literal's static text; a template literal gives each piece
    between its ${…} holes."""
    for match in _TOKEN.finditer(source):
        token = match.group()
        if len(token) < 2 or token[0] not in "\"'`":
            continue
        line = source.count("\n", 0, match.start()) + 1
        body = token[1:-1]
        if token[0] == "`":
            for piece in _HOLE.split(body):
                yield line, piece
            yield line, _HOLE.sub("${}", body)
        else:
            yield line, body


def code_only(source: str) -> str:
    """The source with its comments blanked (strings kept), lines where they were."""
    return "".join(re.sub(r"[^\n]", " ", m.group()) if m.group().startswith(("//", "/*")) else m.group()
                   for m in _TOKEN.finditer(source))


#: The modules from the lowest up: each imports only modules of a lower layer, so the shared parts
#: never reach up into a page, and the table's parts never into its controller (table.js).
LAYERS = (
    # building blocks: nodes, the engine's bridges, the address and the offline copy, the worker
    ("dom.js", "bridge.js", "socket-bridge.js", "saved-game.js", "early.js", "save-offline.js", "exercise.js",
     "worker.js"),
    # the parts every page draws with: card faces, the pace, the status line, the answer sheet
    ("cards.js", "pace.js", "status.js", "answer.js", "big-table.js"),
    # the rendering the play table and the review board share: a seat, the trick, the trump
    ("seat-view.js", "trick-view.js", "trump.js"),
    # the play table by role (rendering, the settings form, input, protocol, animation), and the
    # table server's lobby, which is handed the table's class rather than importing it
    ("table-view.js", "table-settings.js", "table-input.js", "table-protocol.js", "table-animation.js",
     "friends.js", "experiment-widget.js"),
    # the pages' controllers
    ("table.js", "review.js", "class.js"),
)
_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*)["']\./([\w.-]+\.js)["']""")


def test_every_module_has_its_layer_and_imports_only_below_it():
    layer = {name: k for k, names in enumerate(LAYERS) for name in names}
    assert sorted(layer) == sorted(p.name for p in MODULES), "place each module of docs/_static/maw in LAYERS"
    wrong = [f"{p.name} imports {target}" for p in MODULES
             for target in _IMPORT.findall(code_only(p.read_text(encoding="utf-8")))
             if layer.get(target, len(LAYERS)) >= layer[p.name]]
    assert not wrong, "imports that do not run downwards: " + "; ".join(wrong)


def test_the_step_words_come_from_the_engine():
    words = step_words()
    assert {"rob", "bid", "trump", "kitty", "discard", "play", "over", "jink"} <= words


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_no_step_or_phase_name_is_a_string_in_javascript(path):
    """A step's or a phase's name as a whole string, or at the start of one before a space or a
    hole ("rob ", `trump ${…}`), is a rule decided in the page: the engine's state says it."""
    words = step_words()
    found = []
    for line, text in literals(path.read_text(encoding="utf-8")):
        head = re.split(r"[\s$]", text, maxsplit=1)[0]
        if text in words or (head in words and text != head and text[len(head)] in " $"):
            found.append(f"{path.name}:{line}: {text!r}")
    assert not found, "step or phase names in JavaScript (take them from the page state): " + "; ".join(found)


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_no_english_plural_is_made_in_javascript(path):
    source = code_only(path.read_text(encoding="utf-8"))
    found = [f"{path.name}:{source.count(chr(10), 0, m.start()) + 1}: {m.group()!r}" for m in _PLURAL.finditer(source)]
    assert not found, "plurals made in JavaScript (the engine's page state gives the words): " + "; ".join(found)


def test_the_checks_catch_what_they_are_for():
    """The patterns find the forms they are meant to find (so a green run means something)."""
    sample = 'a = n === 1 ? "" : "s"; b = "card" + "s"; c = `${k} trick${k === 1 ? "" : "s"}`; d = `rob ${x}`; e = "bid";'
    assert len(_PLURAL.findall(code_only(sample))) >= 3
    texts = [t for _, t in literals(sample)]
    assert "rob ${}" in texts and "bid" in texts
    assert code_only('// "bid"\nx = 1;').count("bid") == 0
    assert _IMPORT.findall('import { a } from "./a.js";\nimport("./b-c.js")') == ["a.js", "b-c.js"]
