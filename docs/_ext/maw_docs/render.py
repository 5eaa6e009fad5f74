"""Nodes the maw_docs directives share: a card, a tagged span or block, an evidence badge.

Cards are drawn as ``<span class="maw-card red" role="img" aria-label="five of hearts">5♥</span>``:
the suit symbol is always shown (colour is never the only signal) and a screen reader speaks the
card's name. Builders other than HTML get the plain text (``5♥``).
"""

from __future__ import annotations

from html import escape

from docutils import nodes
from maw_sim import Card
from maw_sim.variants import EVIDENCE_MARKS

#: What each level means, in words: the matrix's caption and the variant-format reference.
EVIDENCE_MEANINGS = {
    "attested": "a text the project has read states the rule, or reports a source that does",
    "reconstructed": "no source states it, but it follows from the sources or from the games "
                     "before and after (the rule's note says how)",
    "conjectural": "a plausible guess, such as the project's reading of an unclear text, to be "
                   "read with care",
    "unverified": "it rests only on works none of the five texts mentions, known from the "
                  "project's research notes; reading them would verify it",
}


class card(nodes.Inline, nodes.TextElement):
    """One playing card. Attributes: ``code`` (``"5H"``), ``name``, ``red`` and ``data`` (dict)."""


class tagged_inline(nodes.Inline, nodes.TextElement):
    """A ``<span>`` with classes and ``data-*`` attributes (``node["data"]``)."""


class tagged_block(nodes.General, nodes.Element):
    """A ``<div>`` with classes and ``data-*`` attributes (``node["data"]``)."""


def card_node(the_card: Card, classes=(), **data) -> card:
    """A card node for ``the_card``; ``data`` become ``data-*`` attributes in HTML."""
    node = card(the_card.symbol, the_card.symbol, code=the_card.code, name=the_card.name,
                red=the_card.is_red, data=dict(data))
    node["classes"] += list(classes)
    return node


def _data_attributes(node) -> dict:
    return {f"data-{key}": str(value) for key, value in node.get("data", {}).items()}


def visit_card_html(self, node):
    classes = ["maw-card", "red" if node["red"] else "black", *node["classes"]]
    attributes = {"role": "img", "aria-label": node["name"], "data-card": node["code"],
                  **_data_attributes(node)}
    attribute_html = "".join(f' {key}="{escape(value)}"' for key, value in attributes.items())
    self.body.append(f'<span class="{" ".join(classes)}"{attribute_html}>{escape(node.astext())}</span>')
    raise nodes.SkipNode


def visit_tagged_html(self, node, tag):
    self.body.append(self.starttag(node, tag, "", **_data_attributes(node)))


def _passthrough(self, node):
    pass


def setup(app):
    """Register the shared nodes (called by the package's setup)."""
    others = (_passthrough, _passthrough)
    text_like = {name: others for name in ("latex", "text", "man", "texinfo")}
    app.add_node(card, html=(visit_card_html, None), **text_like)
    app.add_node(tagged_inline,
                 html=(lambda self, node: visit_tagged_html(self, node, "span"),
                       lambda self, node: self.body.append("</span>")), **text_like)
    app.add_node(tagged_block,
                 html=(lambda self, node: visit_tagged_html(self, node, "div"),
                       lambda self, node: self.body.append("</div>\n")), **text_like)


def evidence_badge(level: str) -> nodes.inline:
    """The evidence level as a badge: ``✓ attested``, ``≈ reconstructed``, ``? conjectural``,
    ``! unverified``."""
    badge = nodes.inline("", "", classes=["maw-evidence", f"maw-evidence-{level}"])
    badge += nodes.inline("", EVIDENCE_MARKS.get(level, ""), classes=["maw-evidence-mark"])
    badge += nodes.Text(" " + level)
    return badge


def sr_only(text: str) -> nodes.inline:
    """Text for screen readers only (the sighted reader sees the same fact drawn)."""
    return nodes.inline("", text, classes=["maw-sr-only"])


def scroll_wrapper(*children, classes=(), **data) -> tagged_block:
    """A block that scrolls horizontally on a narrow screen, so wide tables stay readable."""
    wrapper = tagged_block("", *children, data=data)
    wrapper["classes"] += ["maw-table-wrap", *classes]
    return wrapper


def simple_table(header: list, rows: list, classes=(), widths=None, caption=None) -> nodes.table:
    """A docutils table: ``header`` and each row are lists of cells; a cell is a list of nodes,
    a node, or a string. The first column is a row header (``stub``)."""
    table = nodes.table(classes=["maw-table", *classes])
    if caption:
        table += nodes.title(caption, caption)
    ncols = len(header)
    group = nodes.tgroup(cols=ncols)
    table += group
    for index in range(ncols):
        spec = nodes.colspec(colwidth=(widths[index] if widths else 1))
        if index == 0:
            spec["stub"] = 1
        group += spec
    thead = nodes.thead()
    thead += _row(header)
    group += thead
    tbody = nodes.tbody()
    for row in rows:
        tbody += row if isinstance(row, nodes.row) else _row(row)
    group += tbody
    return table


def _row(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += entry(cell)
    return row


def entry(cell, classes=(), morecols=0) -> nodes.entry:
    """A table cell from a string, a node or a list of nodes (a paragraph wraps inline content)."""
    node = nodes.entry(classes=list(classes))
    if morecols:
        node["morecols"] = morecols
    items = cell if isinstance(cell, list) else [cell]
    paragraph = None
    for item in items:
        if isinstance(item, str):
            item = nodes.Text(item)
        if isinstance(item, (nodes.Inline, nodes.Text)):
            if paragraph is None:
                paragraph = nodes.paragraph()
                node += paragraph
            paragraph += item
        else:
            paragraph = None
            node += item
    return node
