"""The ``maw-review`` directive: a recorded deal stepped through in the browser, with the exact
solver's verdict on every legal card.

::

    ```{maw-review}
    :record: records/example.maw     (optional: a record opened when the page has no ?game= or
                                      ?record= parameter; a path from this page's folder)
    ```

The directive writes an empty ``<div data-maw-review …>``; ``_static/maw/review.js`` (added to that
page only, as a module) draws the board and asks the Web Worker (``maw_sim.web``, ops
``review_open`` and ``review_at``: see :mod:`maw_sim.review`) for every position. A record given
here is read and replayed at build time, so a broken one fails the ``-W`` build, not the reader.
"""

from __future__ import annotations

import html
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from .maw_table import TABLE_CSS, file_url_script

REVIEW_JS = "maw/review.js"
REVIEW_CSS = "maw/review.css"


class MawReview(SphinxDirective):
    """A review board: open a record, step through it, see the solver's marks."""

    has_content = False
    option_spec = {"record": directives.unchanged_required}

    def run(self):
        record_text = ""
        if "record" in self.options:
            path = Path(self.env.srcdir) / Path(self.env.docname).parent / self.options["record"]
            try:
                record_text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise self.error(f"maw-review: cannot read the record {path}: {exc}") from None
            from maw_sim import GameRecord
            try:
                rec = GameRecord.parse(record_text)
                if not rec.redacted:
                    rec.replay()
            except ValueError as exc:
                raise self.error(f"maw-review: {path.name}: {exc}") from None
            self.env.note_dependency(str(path))
        attrs = f' data-record="{html.escape(record_text)}"' if record_text else ""
        body = (f'<div class="maw-review" id="maw-review-{self.env.new_serialno("maw-review")}" '
                f'data-maw-review data-state="loading"{attrs}>'
                '<p class="maw-loading">Loading the review board: Python starts in your browser (this '
                'needs JavaScript, and the site served over HTTP, e.g. <code>make serve</code>).</p></div>')
        self.env.metadata[self.env.docname]["maw-review"] = True
        return [nodes.raw("", body + file_url_script("review board"), format="html")]


def add_review_assets(app, pagename, templatename, context, doctree):
    """``html-page-context``: only pages with a review board load its script and styles."""
    if app.env.metadata.get(pagename, {}).get("maw-review"):
        app.add_js_file(REVIEW_JS, type="module")
        app.add_css_file(TABLE_CSS)
        app.add_css_file(REVIEW_CSS)


def setup(app):
    app.add_directive("maw-review", MawReview)
    app.connect("html-page-context", add_review_assets)
