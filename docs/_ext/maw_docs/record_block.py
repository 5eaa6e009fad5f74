"""The ``maw-record`` directive: a game record shown in the notation, checked at build time, with
a link that opens it on the review board.

::

    ```{maw-record} /records/bruff-example.maw
    :caption: The Bruff scoring example
    :seat: 3          (optional: the record as that seat knew it)
    ```

The file (relative to the page, or to the docs folder when it starts with ``/``) is read with :meth:`maw_sim.GameRecord.parse` and played
back through the engine, so a record that the rules refuse fails the ``-W`` build, naming the
file and the action. The page shows the record's text and a link to the review page
(``review.html?record=…``) that opens it there.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

#: The review board's page (docs/review.md).
REVIEW_PAGE = "review"


def checked_record(directive, rel: str, name: str):
    """The record file ``rel`` (relative to the page, or to the docs folder with a leading ``/``)
    as (text, GameRecord), read and played back by the engine: a file the rules refuse fails the
    build, naming the page, the directive, the file and the action. A seat's record (hidden cards)
    is read but cannot be played back."""
    import maw_sim
    env = directive.env
    path = Path(env.relfn2path(rel)[1])
    env.note_dependency(str(path))
    where = f"{env.docname}: {name} {rel}"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise directive.error(f"{where}: cannot read the record: {exc.strerror}")
    try:
        record = maw_sim.GameRecord.parse(text)
        if not record.redacted:
            for index in range(len(record.deals)):
                record.replay(deal=index)
    except ValueError as exc:
        raise directive.error(f"{where}: {exc}")
    return text, record


class MawRecord(SphinxDirective):
    required_arguments = 1
    has_content = False
    option_spec = {"caption": directives.unchanged, "seat": directives.nonnegative_int}

    def run(self):
        text, record = checked_record(self, self.arguments[0], "maw-record")
        if "seat" in self.options:
            try:
                record = record.for_seat(self.options["seat"])
            except ValueError as exc:
                raise self.error(f"{self.env.docname}: maw-record {self.arguments[0]}: {exc}")
        shown = record.text() if "seat" in self.options else text
        block = nodes.literal_block(shown, shown, classes=["maw-record"])
        block["language"] = "none"
        out = []
        if "caption" in self.options:
            container = nodes.container(classes=["literal-block-wrapper"], literal_block=True)
            caption = nodes.caption(self.options["caption"], self.options["caption"])
            container += [caption, block]
            out.append(container)
        else:
            out.append(block)
        target = self.env.app.builder.get_relative_uri(self.env.docname, REVIEW_PAGE) \
            if hasattr(self.env.app.builder, "get_relative_uri") else REVIEW_PAGE + ".html"
        link = nodes.reference("", "Open this record on the review board",
                               refuri=f"{target}?record={quote(record.text(), safe='')}",
                               classes=["maw-record-review"])
        out.append(nodes.paragraph("", "", link))
        return out


def setup(app):
    app.add_directive("maw-record", MawRecord)
