"""The ``maw-position`` directive and ``position`` role: a teaching position opened on the review board.

::

    ```{maw-position} ex1-cotton
    ```

    ... (position {position}`ex1-cotton`) ...

The position is read from ``docs/teaching/positions.toml`` (the page's exercises: variant, dealer,
hands, turn-up, the actions so far). It is dealt and played up to the exercise's moment by the
engine at build time — an unknown id or a move the rules refuse fails the ``-W`` build — and
written as a game record, so the link opens the exact position on the review board, with the
student to move. The link also carries the exercise's title, question and answer: the review page
shows the question, and the solver's marks and the answer only when the reader asks.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import quote

from docutils import nodes
from sphinx.util.docutils import SphinxDirective, SphinxRole

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
    return maw_sim.GameRecord.of_deal(deal)


def _review_url(env, key) -> str:
    """The review board's URL for position ``key``, or a ValueError saying what is wrong."""
    env.note_dependency(str(Path(env.srcdir) / POSITIONS))
    try:
        positions = load_positions(env.srcdir)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read {POSITIONS}: {exc}") from None
    if key not in positions:
        raise ValueError(f"no position {key!r} in {POSITIONS}; positions: {', '.join(positions)}")
    position = positions[key]
    record = position_record(position)
    target = env.app.builder.get_relative_uri(env.docname, REVIEW_PAGE)
    # The exercise travels with it (the review page's exercise.js shows the question and keeps the
    # solver's marks back until the reader asks); the record comes last.
    exercise = "".join(f"{name}={quote(position[field], safe='')}&" for name, field in
                       (("exercise", "title"), ("question", "question"), ("answer", "answer")))
    return f"{target}?{exercise}record={quote(record.text(), safe='')}"


class MawPosition(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self):
        key = self.arguments[0]
        try:
            url = _review_url(self.env, key)
        except ValueError as exc:
            raise self.error(f"{self.env.docname}: maw-position {key}: {exc}")
        link = nodes.reference("", f"Open position {key} on the review board", refuri=url,
                               classes=["maw-position-link"])
        return [nodes.paragraph("", "", link, classes=["maw-position"])]


class PositionRole(SphinxRole):
    """``{position}`ex4``: the position's name as a link that opens it on the review board."""

    def run(self):
        key = self.text.strip()
        try:
            url = _review_url(self.env, key)
        except ValueError as exc:
            msg = self.inliner.reporter.error(f"{self.env.docname}: position {key}: {exc}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        link = nodes.reference(self.rawtext, "", nodes.literal(key, key), refuri=url,
                               classes=["maw-position-link"], title="Open this position on the review board")
        return [link], []


def setup(app):
    app.add_directive("maw-position", MawPosition)
    app.add_role("position", PositionRole())
