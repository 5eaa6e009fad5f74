"""The ``variant-matrix`` directive: the variants' rules compared row by row.

::

    ```{variant-matrix}
    :variants: maw cotton-1674 spoil-five
    ```

Without ``:variants:`` every variant in conf/variants is shown, in historical order. Each cell
says the rule in words (:mod:`maw_docs.describe`), its evidence level as a badge and its sources
as citations that sphinxcontrib-bibtex resolves against ``docs/references.bib``; a source known
only through another text is followed by "as reported by" and that text
(:func:`maw_docs.citing.chain`, from ``reported_by`` in ``conf/sources.toml``).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from . import citing, loading
from .describe import RULES
from .describe import grounds as describe_grounds
from .render import entry, scroll_wrapper, simple_table


class VariantMatrix(SphinxDirective):
    """Compare the rules of several variants, each cell with its evidence and sources."""

    has_content = False
    option_spec = {"variants": directives.unchanged, "caption": directives.unchanged}

    def run(self):
        variants = loading.variants_option(self, self.options.get("variants"))
        header = ["Rule"] + [self.heading(v) for v in variants]
        rows = []
        for title, section, describe in RULES:
            row = nodes.row()
            row += entry(nodes.strong("", title), classes=["maw-rule-name"])
            for variant in variants:
                row += self.cell(variant, section, describe)
            rows.append(row)
        caption = self.options.get("caption") or (
            "The rules compared: each rule with its evidence (✓ attested, ≈ reconstructed, "
            "? conjectural, ! unverified) and its sources; a work known only through a text we "
            "have read is followed by \u201cas reported by\u201d and that text")
        table = simple_table(header, rows, classes=["maw-matrix"], caption=caption)
        return [scroll_wrapper(table, classes=["maw-matrix-wrap"], **{
            "maw-matrix": " ".join(v.id for v in variants)})]

    def heading(self, variant) -> list:
        name = loading.page_link(self, variant, nodes.inline("", variant.name))
        return [name, nodes.inline("", f" ({variant.era})", classes=["maw-era"])]

    def cell(self, variant, section: str, describe) -> nodes.entry:
        setting = variant.settings.get(section)
        if setting is None:      # a rule this variant does not have (an auction in a turn-up game)
            return entry(describe(variant), classes=["maw-evidence-cell-none"])
        grounds = describe_grounds(setting, describe)
        cell = entry(describe(variant), classes=[f"maw-evidence-cell-{grounds.grade}"])
        cell += citing.provenance_line(self, grounds)
        return cell


def setup(app):
    app.add_directive("variant-matrix", VariantMatrix)
