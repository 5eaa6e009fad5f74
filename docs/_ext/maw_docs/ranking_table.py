"""The ``ranking-table`` directive: the order of the cards, drawn from the variant files.

One variant, its full order for a trump suit: a column for the trumps (highest first) and one
for each plain suit::

    ```{ranking-table} cotton-1674
    :trump: H
    ```

Several variants side by side, with the cards that differ between the columns marked::

    ```{ranking-table}
    :variants: maw maw-engraving cotton-1674 spoil-five family atlantic
    :trump: H
    ```

``:trump:`` takes one or more suits (``H``, ``hearts`` or ``♥``; ``:trump: H C`` draws a table
for each); ``:caption:`` replaces the generated caption. A card is *marked* when it differs from
the card that most columns hold at that place (on a tie, the leftmost column's card): bold,
outlined, and announced to screen readers as "differs".
"""

from __future__ import annotations

from collections import Counter

from docutils import nodes
from docutils.parsers.rst import directives
from maw_sim.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from sphinx.util.docutils import SphinxDirective

from . import loading
from .render import card_node, entry, evidence_badge, scroll_wrapper, simple_table, sr_only

DIFFERS_CLASS = "maw-differs"


def suit_label(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def columns_for(variant, trump: str) -> list:
    """(section, cards) for one variant: the trumps, then each plain suit in pack order."""
    out = [("trump", variant.trump_ranking(trump))]
    out += [(suit, variant.plain_ranking(suit, trump)) for suit in SUITS if suit != trump]
    return out


def marked_rows(columns: list) -> list:
    """For equal-length lists of cards (None where a column is shorter), which cells differ
    from the majority card at that place (ties go to the leftmost column)."""
    marks = []
    for row in zip(*columns):
        present = [card for card in row if card is not None]
        counts = Counter(present)
        best = max(counts.values(), default=0)
        majority = next((card for card in row if card is not None and counts[card] == best), None)
        disagree = len(counts) > 1 or len(present) != len(row)
        marks.append([disagree and card != majority for card in row])
    return marks


def pad(cards: list, length: int) -> list:
    return list(cards) + [None] * (length - len(cards))


class RankingTable(SphinxDirective):
    """Draw one variant's order of the cards, or several variants' side by side."""

    optional_arguments = 1
    has_content = False
    option_spec = {"variants": directives.unchanged, "trump": directives.unchanged,
                   "caption": directives.unchanged}

    def run(self):
        trumps = loading.suits_option(self, self.options.get("trump"))
        if self.arguments and "variants" in self.options:
            raise self.error(f"{self.name}: give one variant as the argument, or several in "
                             ":variants:, not both")
        if self.arguments:
            variants = [loading.variant(self, self.arguments[0])]
        else:
            variants = loading.variants_option(self, self.options.get("variants"), default_all=False)
        out = []
        for trump in trumps:
            if len(variants) == 1:
                out.append(self.single_table(variants[0], trump))
            else:
                out.append(self.comparison_table(variants, trump))
        if len(variants) > 1:
            out.append(self.legend())
        return out

    # -- one variant: the trumps and the three plain suits as columns ------------------------
    def single_table(self, variant, trump: str):
        sections = columns_for(variant, trump)
        length = max(len(cards) for _, cards in sections)
        header = ["Place", [nodes.Text("Trumps: "), nodes.strong("", suit_label(trump))]]
        header += [f"{suit_label(section)} (plain)" for section, _ in sections[1:]]
        rows = []
        for place in range(length):
            row = [str(place + 1)]
            for section, cards in sections:
                card = cards[place] if place < len(cards) else None
                row.append(self.cell(card, variant.id, section, trump, place, False))
            rows.append(row)
        caption = self.options.get("caption") or (
            f"{variant.name}: the order of the cards when {SUIT_NAMES[trump]} are trumps, "
            "highest first")
        table = simple_table(header, rows, classes=["maw-ranking"], caption=caption)
        return scroll_wrapper(table, classes=["maw-ranking-wrap"], **{
            "maw-ranking": "single", "trump": trump, "variants": variant.id})

    # -- several variants side by side -----------------------------------------------------
    def comparison_table(self, variants: list, trump: str):
        per_variant = [columns_for(v, trump) for v in variants]
        header = ["Place"] + [self.variant_heading(v) for v in variants]
        rows = []
        for index, (section, _) in enumerate(per_variant[0]):
            title = (f"Trumps: {suit_label(trump)}" if section == "trump"
                     else f"{suit_label(section)}, not trumps")
            heading = nodes.row(classes=["maw-section-row"])
            heading += entry(nodes.strong("", title), classes=["maw-section"], morecols=len(variants))
            rows.append(heading)
            columns = [cols[index][1] for cols in per_variant]
            length = max(len(c) for c in columns)
            columns = [pad(c, length) for c in columns]
            marks = marked_rows(columns)
            for place in range(length):
                row = [str(place + 1)]
                for variant, column, mark in zip(variants, columns, zip(*marks)):
                    row.append(self.cell(column[place], variant.id, section, trump, place,
                                         mark[place]))
                rows.append(row)
        caption = self.options.get("caption") or (
            f"The order of the cards when {SUIT_NAMES[trump]} are trumps, highest first, "
            f"in {len(variants)} variants side by side")
        table = simple_table(header, rows, classes=["maw-ranking", "maw-ranking-compare"],
                             caption=caption)
        return scroll_wrapper(table, classes=["maw-ranking-wrap"], **{
            "maw-ranking": "compare", "trump": trump,
            "variants": " ".join(v.id for v in variants)})

    def variant_heading(self, variant) -> list:
        """The variant's name (a link to its page when there is one), its era and how sure the
        order of its top trumps is."""
        name = loading.page_link(self, variant, nodes.inline("", variant.name))
        return [name, nodes.inline("", f" ({variant.era}) ", classes=["maw-era"]),
                evidence_badge(variant.settings["trumps"].grade)]

    @staticmethod
    def cell(card, variant_id: str, section: str, trump: str, place: int, differs: bool) -> list:
        if card is None:
            return [nodes.inline("", "—", classes=["maw-empty"]), sr_only(" no card")]
        node = card_node(card, classes=[DIFFERS_CLASS] if differs else [],
                         column=variant_id, section=section, trump=trump, place=place + 1)
        return [node, sr_only(" (differs)")] if differs else [node]

    @staticmethod
    def legend():
        paragraph = nodes.paragraph(classes=["maw-legend"])
        paragraph += nodes.inline("", "A", classes=["maw-legend-sample", DIFFERS_CLASS])
        paragraph += nodes.Text(" A card drawn bold and outlined like this differs from the card "
                                "most of the columns hold at that place.")
        return paragraph


def setup(app):
    app.add_directive("ranking-table", RankingTable)
