"""maw_sim: the Maw family of card games — rules as data, a fast engine, bots and studies.

The public API (stable; the docs, the browser bridge and outside checks use it)::

    maw_sim.variant_ids()                 # ["maw", "maw-engraving", "cotton-1674", ...]
    v = maw_sim.load_variant("spoil-five")
    v.trump_ranking("H"); v.plain_ranking("D", "S")
    maw_sim.Card.parse("10H")
    deal = maw_sim.Deal.random(v, players=5, seed=1, dealer=0)
    deal.legal_actions(); deal.apply("5H"); deal.explain("7C"); deal.outcome
    maw_sim.Match(v, players=5, seed=1)
"""
from .cards import Card
from .deal import Deal, IllegalAction, Outcome, PlayerView, Trick
from .match import Match
from .variants import Variant, VariantError, load_variant, sources, variant_ids

__all__ = ["Card", "Deal", "IllegalAction", "Match", "Outcome", "PlayerView", "Trick", "Variant",
           "VariantError", "load_variant", "sources", "variant_ids"]
__version__ = "0.1.0"
