"""The heuristic bot: the sources' strategy advice, as rules of thumb.

- Rob whenever allowed, putting out the weakest card.
- Jink only with a sure five: every card left must be a trump higher than every trump
  still unseen.
- With three sure winners, cash them at once. Otherwise keep the commanding cards for the
  third trick, where a deal is usually decided: lead low while nothing is won, and play low to
  the early tricks. (The strategy paragraph of the encyclopedia article, probably after the 1911
  Britannica, gives both pieces of advice.)
- Win a trick cheaply when it matters: when someone (perhaps yourself) stands on two
  tricks, from the third trick on, or when a points game pays for every trick; never
  overtake a partner who is winning.

In the bidding games the auction, the trump, the kitty and the discards are decided by
:mod:`.bidding` (the hand evaluator fitted to the exact solver); the play is the same.

It sees only its own view: its hand, the turn-up (if any), the cards played.
"""

from __future__ import annotations

from ..cards import Card
from ..phase_names import FIVE, JINK, PLAY, ROB
from ..scoring import TO_WIN
from ..steps import step_named
from . import bidding
from .bidding import PHASES as BIDDING_PHASES


def _unseen_trumps(view, tables) -> list:
    """Powers of trumps that could still be in another hand."""
    seen = {c.index for c in view.hand}
    for trick in view.tricks:
        seen.update(card.index for _, card in trick.plays)
    if view.turnup is not None and view.robbed_by is None:
        seen.add(view.turnup.index)        # the turn-up is out of play unless someone robbed it
    return [p for i, p in enumerate(tables.power) if p >= 100 and i not in seen]


def _sure_winners(view, tables) -> list:
    top_unseen = max(_unseen_trumps(view, tables), default=0)
    return [c for c in view.hand if tables.power[c.index] > top_unseen]


#: The steps this bot has rules of thumb for, besides the bidding games' (:mod:`.bidding`).
_OWN = frozenset((FIVE, ROB, JINK, PLAY))


def heuristic_bot(view, rng):
    if view.phase in BIDDING_PHASES:
        return bidding.decide(view, rng)
    if view.phase not in _OWN:
        return step_named(view.phase).choose(view, rng)     # a step this bot has no advice for
    if view.phase == FIVE:
        # Fiving (Cotton): ask for a new trump with no trump in hand; as dealer, agree only then too.
        trumps = [c for c in view.hand if view.tables.power[c.index] >= 100]
        if "five" in view.legal:
            return "stand" if trumps else "five"
        return "refuse" if trumps else "agree"
    tables = view.tables
    power = tables.power
    legal = view.legal
    if view.phase == ROB:
        robs = [a for a in legal if a.startswith("rob ")]
        if not robs:
            return legal[0]
        return min(robs, key=lambda a: power[Card.parse(a[4:]).index])
    if view.phase == JINK:
        return "jink" if len(_sure_winners(view, tables)) == len(view.hand) else "claim"

    cards = [Card.parse(a) for a in legal]
    lowest = min(cards, key=lambda c: power[c.index])
    highest = max(cards, key=lambda c: power[c.index])
    mine = view.tricks_won[view.seat]
    number = view.trick_number
    points_game = view.deal_points is not None or view.players == 2
    trick = view.current_trick

    if trick is None:   # leading
        sure = [c for c in _sure_winners(view, tables) if c in cards]
        # The tricks that take a pool at this table (the scoring's rule: two at a big table where
        # the house rule says so), else the three of a majority.
        need = view.variant.scorer.rule(view.players)[0] if view.variant.scoring_kind == "pool" else TO_WIN
        if sure and (len(sure) >= need - mine or mine >= need - 1 or number >= 2 or points_game):
            return max(sure, key=lambda c: power[c.index]).code
        if number < 2 and mine == 0:
            return lowest.code
        return highest.code

    keys = tables.win_key[tables.suit_of[trick.plays[0][1].index]]
    best_seat, best_key = None, -1
    for seat, card in trick.plays:
        if keys[card.index] > best_key:
            best_seat, best_key = seat, keys[card.index]
    if view.teams is not None and view.team_of(best_seat) == view.team_of(view.seat):
        return lowest.code                   # partner is winning: do not overtake
    winners = [c for c in cards if keys[c.index] > best_key]
    if not winners:
        return lowest.code
    cheapest = min(winners, key=lambda c: power[c.index])
    threat = max(view.tricks_won) >= 2
    last_to_play = len(trick.plays) == view.players - 1
    if points_game or threat or mine >= 2 or number >= 2:
        return cheapest.code
    if last_to_play and power[cheapest.index] < 100:
        return cheapest.code                  # a cheap plain card wins it outright
    return lowest.code
