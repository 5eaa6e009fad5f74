"""Why an action is refused, as a value: which rule, resting on which setting and sources, in words.

:meth:`maw_sim.Deal.refusal` returns a :class:`Refusal` (or None when the action is legal);
:meth:`maw_sim.Deal.explain` returns its words; :class:`maw_sim.IllegalAction` carries it. Tests,
the browser and the teaching pages can then ask *which rule* forbids a card, not search the
sentence for a phrase. The words keep naming the rule and its sources, as the site always has.
:data:`RULES` lists every rule an action can be refused under, by id.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Every rule id a refusal may carry, with what it means; the setting it rests on is in brackets.
RULES = {
    "over": "the deal is over: no action is open",
    "turn": "another seat is to move: the action is not this seat's to take",
    "not-an-action": "the text is not an action of the phase at all",
    "not-a-card": "a card was expected, and the text is not a card code",
    "not-in-hand": "the card is not in the hand of the seat to move",
    "robbing.choose": "before the first lead the robber must rob or pass first [robbing]",
    "robbing.compulsory": "robbing is a duty: the robber may not pass [robbing]",
    "robbing.not-in-hand": "a robber puts out a card of his own hand [robbing]",
    "robbing.announce": "the holder of the trump ace must rob or announce it: no silent pass [robbing]",
    "robbing.no-announcing": "this ruleset has no announcing of the trump ace: rob or pass [robbing]",
    "robbing.nothing-to-announce": "a turned-up ace is in sight of all: the dealer robs or passes [robbing]",
    "fiving.choose": "the non-dealer of the two-hand game may ask to five it or stand [fiving]",
    "fiving.answer": "the dealer asked to five it agrees or refuses [fiving]",
    "jinking.choose": "after winning the first three tricks, claim or jink [jinking]",
    "renege.must-play-trump": "trumps led: a trump must be played unless every trump held may renege [renege]",
    "following.follow-or-trump": "a plain suit led: follow suit or trump, never discard another suit [following]",
    "following.ace-of-hearts-calls-hearts": "the ace of hearts led: one who need not trump must play a heart if held [following]",
    "following.whist": "a plain suit led: follow suit if able; trump only when void [following]",
    "auction.choose": "the text is not a call of the auction [auction]",
    "auction.higher": "each bid must be higher than the bid before [auction]",
    "auction.minimum": "a side at 100 or more must bid at least the higher minimum [auction]",
    "auction.in-the-hole": "only a side below zero may call 60 for 120 [auction]",
    "auction.take-over": "'30 for 60' (or '60 for 120') takes over a standing call one step below [auction]",
    "auction.hold": "only the dealer may hold, where the rules allow it, and only another's bid [auction]",
    "auction.bagged": "nobody bid: the dealer is bagged and must bid [auction]",
    "auction.turn": "the seat may not make this call now [auction]",
    "trump.choose": "the bidder names a suit for trumps [auction]",
    "kitty.choose": "the bidder, having taken the kitty, puts out cards with 'discard' [deal]",
    "kitty.not-in-hand": "the bidder puts out cards of his own hand [deal]",
    "kitty.twice": "a card is named twice [deal]",
    "kitty.count": "the bidder puts out exactly as many cards as the kitty held [deal]",
    "exchange.choose": "in the exchange a player puts out cards with 'discard', or 'discard none' [exchange]",
    "exchange.not-in-hand": "a player discards cards of his own hand [exchange]",
    "exchange.twice": "a card is named twice [exchange]",
    "exchange.count": "no more cards than the limit, or than the stock holds; all five under four flip [exchange]",
    "partner.choose": "the bidder calls a card for a partner with 'call' and the card [auction]",
    "partner.own-card": "the bidder calls a card he does not hold [auction]",
    "exchange.take": "the dealer robbing the stock takes its cards one at a time with 'take' [exchange]",
    "exchange.not-in-stock": "the dealer robbing the stock takes only cards it holds [exchange]",
}


@dataclass(frozen=True)
class Refusal:
    """An action the rules refuse now. ``rule``: an id from :data:`RULES`; ``section``: the variant
    file's section the rule rests on (None for the mechanics of play, such as a card not held);
    ``sources`` and ``evidence``: that section's sources as this variant (with its options) cites
    them, and the level the site shows for it (its grade: the written level, lowered to the weakest
    source's);
    ``words``: the reason in plain words, for the player."""
    rule: str
    words: str
    section: str | None = None
    sources: tuple = ()
    evidence: str | None = None

    def __str__(self) -> str:
        return self.words


def refuse(variant, rule: str, words: str, section: str | None = None) -> Refusal:
    if rule not in RULES:
        raise KeyError(f"unknown rule id {rule!r}")
    if section is None:
        return Refusal(rule, words)
    setting = variant.settings[section]
    return Refusal(rule, words, section, setting.sources, setting.grade)
