"""The ``maw-position`` directive: a teaching position opened on the review board.

::

    ```{maw-position} ex1-cotton
    ```

The position is read from ``docs/teaching/positions.toml`` (the page's exercises: variant, dealer,
hands, turn-up, the actions so far). It is dealt and played up to the exercise's moment by the
engine at build time — an unknown id or a move the rules refuse fails the ``-W`` build — and
written as a game record, so the link opens the exact position on the review board, with the
student to move and every legal card marked by the solver.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import quote

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .record_block import REVIEW_PAGE

POSITIONS = "teaching/positions.toml"


def load_positions(srcdir) -> dict:
    path = Path(srcdir) / POSITIONS
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {p["id"]: p for p in data.get("position", [])}


def position_record(position):
    """The position as a game record (the engine re-checks every move on the way)."""
    import maw_sim
    deal = maw_sim.Deal(position["variant"], position["hands"], position["turnup"], position["dealer"])
    for action in position.get("actions", []):
        deal.apply(action)
    return deal.record()


class MawPosition(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self):
        key = self.arguments[0]
        self.env.note_dependency(str(Path(self.env.srcdir) / POSITIONS))
        try:
            positions = load_positions(self.env.srcdir)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise self.error(f"{self.env.docname}: maw-position: cannot read {POSITIONS}: {exc}")
        if key not in positions:
            raise self.error(f"{self.env.docname}: maw-position: no position {key!r} in {POSITIONS}; "
                             f"positions: {', '.join(positions)}")
        try:
            record = position_record(positions[key])
        except ValueError as exc:
            raise self.error(f"{self.env.docname}: maw-position {key}: {exc}")
        target = self.env.app.builder.get_relative_uri(self.env.docname, REVIEW_PAGE)
        link = nodes.reference("", f"Open position {key} on the review board",
                               refuri=f"{target}?record={quote(record.text(), safe='')}",
                               classes=["maw-position-link"])
        return [nodes.paragraph("", "", link, classes=["maw-position"])]


def setup(app):
    app.add_directive("maw-position", MawPosition)
