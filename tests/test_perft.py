"""The perft corpus (tests/perft/*.perft): from fixed records of every variant, the number of legal
action sequences of each length. It pins the rules of robbing, following, reneging, jinking and
the end of a deal against regressions, as python-chess's perft files pin its move generator."""
import sys
from pathlib import Path

import pytest

from maw_sim import GameRecord

from perft.generate import perft_counts

CORPUS = sorted((Path(__file__).parent / "perft").glob("*.perft"))

#: Inside Pyodide (tests/test_pyodide.py runs this file there, ten times slower than CPython) the
#: counts above this are left to CPython, which checks every count of the same files. Pyodide
#: runs the same Python: what it can get wrong is the platform (integers, hashing, recursion), not
#: a rule, and every position's counts up to 5,000 lines (1,196 of the corpus's 1,350 counts, at
#: least 29 a file, every variant's) walk each file's rules through the same code.
PYODIDE_LARGEST = 5_000
LARGEST = PYODIDE_LARGEST if sys.platform == "emscripten" else None


def _positions(path):
    for block in path.read_text(encoding="utf-8").split("\n\n% MAW 1\n"):
        block = block if block.startswith("% MAW 1") else "% MAW 1\n" + block
        lines = block.splitlines()
        counts = [tuple(map(int, l.split()[1:])) for l in lines if l.startswith("perft ")]
        record = "\n".join(l for l in lines if not l.startswith("perft "))
        yield GameRecord.parse(record), counts


def test_the_corpus_covers_every_variant():
    import maw_sim
    assert {p.stem for p in CORPUS} == set(maw_sim.variant_ids())


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_perft_counts(path):
    checked = 0
    for record, counts in _positions(path):
        deal = record.replay()
        assert counts, f"{path.name}: a position without counts"
        pinned = [(depth, expected) for depth, expected in counts if LARGEST is None or expected <= LARGEST]
        walked = perft_counts(deal, max(depth for depth, _ in pinned)) if pinned else []
        for depth, expected in pinned:
            assert walked[depth - 1] == expected, (path.name, record.text(), depth)
            checked += 1
    assert checked >= 10
