"""maw_sim: the Maw family of card games — rules as data, a fast engine, bots and studies.

The public API (stable; the docs, the browser bridge and outside checks use it)::

    maw_sim.variant_ids()                 # ["maw", "maw-engraving", "cotton-1674", ...]
    v = maw_sim.load_variant("spoil-five")
    v.trump_ranking("H"); v.plain_ranking("D", "S")
    maw_sim.Card.parse("10H"); maw_sim.Card.parse("JK")   # the Joker, in a variant whose pack has one
    v.pack                                # maw_sim.Pack: 52 cards, or 53 with the Joker
    deal = maw_sim.Deal.random(v, players=5, seed=1, dealer=0)
    deal.legal_actions(); deal.apply("5H"); deal.explain("7C"); deal.outcome
    deal.refusal("7C").rule                # which rule forbids it, e.g. "following.follow-or-trump"
    match = maw_sim.Match(v, players=5, seed=1); maw_sim.GameRecord.of_match(match)
    rec = maw_sim.GameRecord.of_deal(deal); text = rec.text(); maw_sim.GameRecord.parse(text).replay()
    rec.for_seat(2)                       # what seat 2 may know: other hands and face-down cards hidden
"""
from .cards import Card, Pack
from .deal import Deal, IllegalAction, Outcome, PlayerView, Trick
from .match import Match
from .records import GameRecord, RecordError
from .refusals import Refusal
from .variants import Variant, VariantError, load_variant, sources, variant_ids

__all__ = ["Card", "Deal", "GameRecord", "IllegalAction", "Match", "Outcome", "Pack", "PlayerView",
           "RecordError", "Refusal", "Trick", "Variant", "VariantError", "load_variant", "sources", "variant_ids"]
__version__ = "0.1.0"
