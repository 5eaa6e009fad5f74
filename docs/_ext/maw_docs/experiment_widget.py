"""The ``maw-experiment`` directive: a small study the reader runs in the browser.

::

    ```{maw-experiment}
    :experiment: spoil-rate
    :variant: spoil-five
    :compare: twenty-five     (optional: a second variant, played on the same deals)
    :players: 5
    :bot: heuristic
    :deals: 1000
    :seed: 1
    ```

The directive writes an empty ``<div data-maw-experiment …>`` with the options as the form's first
values; ``_static/maw/experiment-widget.js`` (added to that page only, as a module) draws the form
and runs the study in the Web Worker through ``maw_sim.web`` (ops ``study`` and ``study_step``, see
:mod:`maw_sim.studies.browser`). The options are checked here, at build time, against the same
limits the engine applies, so a typo fails the ``-W`` build rather than the reader.
"""

from __future__ import annotations


from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from . import loading
from .maw_table import TABLE_CSS, widget_placeholder

WIDGET_JS = "maw/experiment-widget.js"
WIDGET_CSS = "maw/experiment-widget.css"


class MawExperiment(SphinxDirective):
    """A study form with progress, a chart with 95% intervals, and the figures as a table."""

    has_content = False
    option_spec = {
        "experiment": directives.unchanged_required,
        "variant": directives.unchanged_required,
        "compare": directives.unchanged_required,
        "players": directives.positive_int,
        "bot": directives.unchanged_required,
        "deals": directives.positive_int,
        "seed": directives.nonnegative_int,
    }

    def run(self):
        from maw_sim.studies import browser
        experiment = self.options.get("experiment", "spoil-rate")
        if experiment not in browser.EXPERIMENTS:
            raise self.error(f"maw-experiment: unknown experiment {experiment!r}; allowed: "
                             f"{', '.join(browser.EXPERIMENTS)}")
        variant = loading.variant(self, self.options.get("variant", "spoil-five"))
        players = self.options.get("players", variant.default_players)
        compare = self.options.get("compare")
        other = None if compare is None else loading.variant(self, compare)
        from maw_sim.variants import TableError
        for rules in filter(None, (variant, other)):
            try:      # the engine's one check of a table (a study deals each for himself)
                rules.check_table(players, None)
            except TableError as exc:
                raise self.error(f"maw-experiment: {exc}") from None
        if other is not None:
            compare = other.id
        bot = self.options.get("bot", "heuristic")
        if bot not in browser.BOTS:
            raise self.error(f"maw-experiment: bot {bot!r} is not offered in the browser; allowed: "
                             f"{', '.join(browser.BOTS)}")
        deals = self.options.get("deals", 1000)
        if deals > browser.MAX_DEALS:
            raise self.error(f"maw-experiment: deals must be 1 to {browser.MAX_DEALS}, not {deals}")
        attrs = {"data-phase": "loading", "data-experiment": experiment, "data-variant": variant.id, "data-compare": compare or "",
                 "data-players": players,
                 "data-bot": bot, "data-deals": deals, "data-seed": self.options.get("seed", 1)}
        return widget_placeholder(self, "experiment", attrs, "Loading the experiment", "experiment")


def add_widget_assets(app, pagename, templatename, context, doctree):
    """``html-page-context``: only pages with the widget load its script and styles."""
    if app.env.metadata.get(pagename, {}).get("maw-experiment"):
        app.add_js_file(WIDGET_JS, type="module")
        app.add_css_file(TABLE_CSS)
        app.add_css_file(WIDGET_CSS)


def setup(app):
    app.add_directive("maw-experiment", MawExperiment)
    app.connect("html-page-context", add_widget_assets)
