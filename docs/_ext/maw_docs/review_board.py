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


from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from .maw_table import TABLE_CSS, widget_placeholder
from .record_block import checked_record

REVIEW_JS = "maw/review.js"
REVIEW_CSS = "maw/review.css"


class MawReview(SphinxDirective):
    """A review board: open a record, step through it, see the solver's marks."""

    has_content = False
    option_spec = {"record": directives.unchanged_required}

    def run(self):
        record_text = ""
        if "record" in self.options:
            record_text, _ = checked_record(self, self.options["record"], "maw-review")
        attrs = {"data-record": record_text} if record_text else {}
        return widget_placeholder(self, "review", attrs, "Loading the review board", "review board")


def add_review_assets(app, pagename, templatename, context, doctree):
    """``html-page-context``: only pages with a review board load its script and styles."""
    if app.env.metadata.get(pagename, {}).get("maw-review"):
        app.add_js_file(REVIEW_JS, type="module")
        app.add_css_file(TABLE_CSS)
        app.add_css_file(REVIEW_CSS)


def setup(app):
    app.add_directive("maw-review", MawReview)
    app.connect("html-page-context", add_review_assets)
