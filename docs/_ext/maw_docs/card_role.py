"""The ``card`` role: ``{card}`5H``` draws a red 5♥ that a screen reader speaks as "five of hearts".

Codes are read by :meth:`maw_sim.Card.parse` (``5H``, ``10D``, ``TD``, ``AS``, ``5♥``); a bad code
is an error naming the page, the line and the accepted forms.
"""

from __future__ import annotations

from maw_sim import Card
from sphinx.util.docutils import SphinxRole

from .render import card_node


class CardRole(SphinxRole):
    """``{card}`code```: one card, drawn with its suit symbol and spoken by name."""

    def run(self):
        try:
            the_card = Card.parse(self.text)
        except ValueError as exc:
            message = self.inliner.reporter.error(f"card role: {exc}", line=self.lineno)
            problem = self.inliner.problematic(self.rawtext, self.rawtext, message)
            return [problem], [message]
        return [card_node(the_card)], []


def setup(app):
    app.add_role("card", CardRole())
