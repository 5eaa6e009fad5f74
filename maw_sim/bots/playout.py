"""The heuristic bot's play on bit masks: a rollout with no view, no card object and no string.

A search bot (:mod:`.search`, :mod:`.ismcts`) spends most of its time playing imagined deals to
their end with :func:`~maw_sim.bots.heuristic.heuristic_bot` in every seat. Played through the
engine, every card costs a :class:`~maw_sim.deal.PlayerView` and the heuristic's work on
:class:`~maw_sim.cards.Card` objects and action strings. Here the same play runs on the deal's
integers (:attr:`maw_sim.deal.Deal.position`), as the exact solver does: the hands are bit masks,
the rules of following are :func:`maw_sim.deal.legal_mask`, the ranks are the variant's
:class:`~maw_sim.variants.RankTables`, and the deal's end is :func:`maw_sim.deal.deal_outcome`,
which the deal itself calls. :func:`playout_outcome` plays a deal out and returns its
:class:`~maw_sim.deal.Outcome` — the very outcome the engine's rollout reaches.

What this module mirrors, and must keep in step with (``tests/test_playout.py`` plays the engine's
rollout and this one side by side over every variant and compares the outcomes and the cards):

- ``heuristic_bot`` (:mod:`.heuristic`), its jink decision and its play (everything after
  ``if view.phase == JINK``): the sure winners of ``_sure_winners`` and ``_unseen_trumps`` (the
  trumps in no place this seat can see: its hand, the cards played, the turn-up while nobody has
  robbed it), the lead (cash the sure winners when they suffice, else lead low early, else high),
  the reply (never overtake a partner, win cheaply when it matters, else play low), and its ties:
  ``min``/``max`` over the legal actions keep the first in the order of
  :meth:`~maw_sim.deal.Deal.legal_actions`, and over the sure winners the first in the hand's order.
  The view's tables are the ones the heuristic reads (:attr:`PlayerView.tables`, the ace of
  trumps' rank as the table knows it), not necessarily the deal's.
- ``Deal.apply`` and ``Deal._end_trick`` (:mod:`maw_sim.deal`) for a card played in the play
  phase: the trick's winner by the deal's tables, the points of a trick, a game reached in the
  middle of a deal, a failed jink, the fifth trick, and the jink decision after the third.

It covers every variant, at every table and in partnerships, in the play and at the jink
decision (:func:`supports`): the steps before the play (robbing, fiving, the auction, the kitty,
the discards) are the engine's, and a search bot rolls out through the engine there. The
heuristic draws nothing from its generator in the play, so the playout needs none and a seeded
search makes the same moves with it as without.
"""

from __future__ import annotations

from ..cards import CODES, Card
from ..deal import JINK, PLAY, codes_of, deal_outcome, legal_mask
from ..phases import ROBBING
from ..scoring import TO_WIN, TRICKS

#: What a seat does at the jink decision, among the card indices of the actions played.
CLAIM, JINK_ON = -1, -2


def supports(deal) -> bool:
    """Can :func:`playout_outcome` play ``deal`` on? In the play and at the jink decision, yes;
    before the play (a step deciding robbing, fiving, the auction…) and once it is over, no."""
    phase = deal.phase
    return phase == PLAY or phase == JINK


def playout_outcome(deal, choosers=None):
    """The :class:`~maw_sim.deal.Outcome` that ``deal`` reaches when every seat plays on with the
    heuristic bot: ``rollout(deal, heuristic_bot, rng)`` then ``deal.outcome``, without playing
    it. ``deal`` is not changed. Only where :func:`supports` says so.

    ``choosers``: one entry a seat, None for a seat the heuristic plays. A seat's chooser picks its
    card wherever it has more than one to play (its jink decision stays the heuristic's), as
    ``choose(hand, played, plays, leader, won, trick_count, legal, heuristic)`` returns it: the
    seat's hand, the cards played so far (the trick in progress's too), that trick's cards and its
    leader, the tricks each seat won, the tricks finished, the legal cards (a mask) and the
    heuristic's card there, all as in :class:`~maw_sim.deal.Position` — what that seat sees and
    nothing more (a search's rollout policy that plays some seats its own way: the learned bots')."""
    return _run(deal, None, -1, choosers)[1]


def heuristic_action(deal) -> str:
    """What ``heuristic_bot(deal.view(deal.to_move), rng)`` plays now, as its action string (the
    view is not built). Only where :func:`supports` says so."""
    return _action(_run(deal, None, 1)[0][0])


def play_until(deal, side: int) -> None:
    """Play ``deal`` on with the heuristic bot in every seat until a seat of ``side`` is to move,
    or the deal is over: the same actions as ``deal.apply(heuristic_bot(deal.view(seat), rng))``
    seat after seat, each decided on bit masks and then applied. Only where :func:`supports`
    says so."""
    for action in _run(deal, side, -1)[0]:
        deal.apply(_action(action))


def _top_unseen(trumps, unseen: int) -> int:
    """heuristic.py's ``max(_unseen_trumps(...), default=0)``: the power of the highest trump among
    ``unseen`` (``trumps``: (power, bit) pairs, highest first), else 0."""
    for power, bit in trumps:
        if unseen & bit:
            return power
    return 0


def _action(action: int) -> str:
    return CODES[action] if action >= 0 else ("claim" if action == CLAIM else "jink")


# -- what the play reads of a variant and of its tables, once --------------------------------------

class _Rules:
    """What the play reads of a variant at a table of ``players``."""
    __slots__ = ("may_trump", "need", "points_game", "jinking", "ends_mid_deal", "trick_points",
                 "reaches_game")

    def __init__(self, variant, players: int):
        scorer = variant.scorer
        self.may_trump = variant.following == "may-trump"
        self.jinking = variant.jinking
        # The heuristic's count of tricks that take a pool at this table, and its "points game"
        # (a deal that keeps points, or a two-handed one): both read from its view in heuristic.py.
        self.need = scorer.rule(players)[0] if variant.scoring_kind == "pool" else TO_WIN
        self.points_game = scorer.points or players == 2
        self.ends_mid_deal = scorer.points and scorer.ends_mid_deal
        self.trick_points = scorer.trick_points if scorer.points else None
        self.reaches_game = scorer.reaches_game if scorer.points else None


class _Ranks:
    """A RankTables as the heuristic reads it. ``lo[i]``/``hi[i]``: card i's power, then its place
    among the legal actions (:func:`maw_sim.deal.codes_of`'s order), so that the least ``lo`` is
    ``min(cards, key=power)`` and the greatest ``hi`` is ``max(cards, key=power)``, ties going to
    the first listed; ``in_hand[i]``: the same for the order of a hand (``Deal.hand``: by suit in
    play, then by index), which orders the sure winners; ``trumps``: (power, bit) of every card
    ranked as a trump, highest first; ``trump_bits``: those cards."""
    __slots__ = ("power", "lo", "hi", "in_hand", "trumps", "trump_bits", "win_key", "suit_of")

    def __init__(self, t):
        power = t.power
        size = len(power)
        place = [0] * size
        for k, code in enumerate(_codes_in_order(size)):
            place[Card.parse(code).index] = k
        self.power = power
        self.win_key = t.win_key
        self.suit_of = t.suit_of
        self.lo = tuple(power[i] * 64 + place[i] for i in range(size))
        self.hi = tuple(power[i] * 64 + 63 - place[i] for i in range(size))
        self.in_hand = tuple(power[i] * 4096 + (3 - t.suit_of[i]) * 64 + 63 - i for i in range(size))
        trumps = sorted(((p, 1 << i) for i, p in enumerate(power) if p >= 100), reverse=True)
        self.trumps = tuple(trumps)
        bits = 0
        for _, bit in trumps:
            bits |= bit
        self.trump_bits = bits


def _codes_in_order(size: int) -> tuple:
    return codes_of((1 << size) - 1)


def _rules(variant, players: int) -> _Rules:
    cache = variant.__dict__.setdefault("_playout_rules", {})
    try:
        return cache[players]
    except KeyError:
        cache[players] = r = _Rules(variant, players)
        return r


def _ranks(variant, tables) -> _Ranks:
    # Keyed by the tables themselves (the variant keeps them, one per trump suit and ace's rank).
    cache = variant.__dict__.setdefault("_playout_ranks", {})
    entry = cache.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = cache[id(tables)] = (tables, _Ranks(tables))
    return entry[1]


# -- the play ---------------------------------------------------------------------------------------

def _run(deal, stop_side, limit: int, choosers=None):
    """Play ``deal``'s position on with the heuristic, on integers. Stops before a decision of a
    seat of ``stop_side`` (None: never) or after ``limit`` decisions (-1: no limit), else at the
    end. Returns (the actions decided, as card indices or CLAIM/JINK_ON; the Outcome or None).
    A seat's cards, where it has a choice, are its entry of ``choosers``' if that is not None
    (:func:`playout_outcome`)."""
    pos = deal.position
    if pos.phase != PLAY and pos.phase != JINK:
        raise ValueError(f"the playout plays on from the play or a jink decision, not the {pos.phase!r} phase "
                         "(playout.supports(deal) says where): roll out through the engine there")
    variant = deal.variant
    hands = list(pos.hands)
    n = len(hands)
    rules = _rules(variant, n)
    may_trump, need, points_game = rules.may_trump, rules.need, rules.points_game
    dt = deal.tables
    dwin, dsuit = dt.win_key, dt.suit_of
    # The heuristic's tables are its view's (PlayerView.tables): the ace of trumps ranked as the
    # whole table knows it, which may differ from the deal's where nobody held the ace.
    ranks = _ranks(variant, variant.tables(deal.trump, low_ace=ROBBING.low_ace_known(deal)))
    power, lo, hi, in_hand, trumps = ranks.power, ranks.lo, ranks.hi, ranks.in_hand, ranks.trumps
    vwin, vsuit = ranks.win_key, ranks.suit_of
    turnup = deal.turnup
    # Trumps a seat may count as unseen: all but the turn-up lying face up (nobody robbed it).
    hidden = ranks.trump_bits & ~(turnup.bit if turnup is not None and deal.robbed is None else 0)
    teams = deal.teams
    won = list(pos.won)
    top_won = max(won)
    count = pos.trick_count
    plays = list(pos.plays)
    jinker, barred = pos.jinker, pos.barred
    points = None if pos.points is None else list(pos.points)
    best_trump, scores = pos.best_trump, pos.scores
    played = pos.played
    winners = list(deal.trick_winners)
    first3 = all(w == winners[0] for w in winners[:TO_WIN])
    jink_next = pos.phase == JINK
    seat = pos.to_move
    leader = pos.leader
    dkeys = vkeys = None
    dbest = vbest = -1
    dbest_seat = vbest_seat = -1
    for k, c in enumerate(plays):
        if k == 0:
            dkeys, vkeys = dwin[dsuit[c]], vwin[vsuit[c]]
        s = (leader + k) % n
        if dkeys[c] > dbest:
            dbest, dbest_seat = dkeys[c], s
        if vkeys[c] > vbest:
            vbest, vbest_seat = vkeys[c], s
    actions: list = []
    outcome_args = None
    while True:
        if stop_side is not None and (seat if teams is None else teams[seat]) == stop_side \
                or len(actions) == limit:
            return actions, None
        h = hands[seat]
        if jink_next:
            # heuristic.py, JINK: jink only when every card held is a sure winner.
            top = _top_unseen(trumps, hidden & ~(h | played))
            m = h
            while m:
                b = m & -m
                m ^= b
                if power[b.bit_length() - 1] <= top:
                    break
            else:
                actions.append(JINK_ON)
                jinker, jink_next = seat, False          # Deal.play_on: the jinker leads on
                continue
            actions.append(CLAIM)
            outcome_args = (True, False, None)
            break
        mine = won[seat]
        if not plays:
            # heuristic.py, leading: any card; the sure winners are those above every unseen trump.
            legal = legal_mask(dt, may_trump, h, -1)
            top = _top_unseen(trumps, hidden & ~(h | played))
            sure = 0
            best_sure = best_key = -1
            m = legal
            while m:
                b = m & -m
                m ^= b
                i = b.bit_length() - 1
                if power[i] > top:
                    sure += 1
                    if in_hand[i] > best_key:
                        best_sure, best_key = i, in_hand[i]
            if sure and (sure >= need - mine or mine >= need - 1 or count >= 2 or points_game):
                c = best_sure
            else:
                low = count < 2 and mine == 0
                c = -1
                key = 1 << 30 if low else -1
                m = legal
                while m:
                    b = m & -m
                    m ^= b
                    i = b.bit_length() - 1
                    if low:
                        if lo[i] < key:
                            c, key = i, lo[i]
                    elif hi[i] > key:
                        c, key = i, hi[i]
        else:
            # heuristic.py, following: the lowest card, or the cheapest that wins when it matters.
            legal = legal_mask(dt, may_trump, h, plays[0])
            c = cheapest = -1
            key = cheap_key = 1 << 30
            partner_wins = teams is not None and teams[vbest_seat] == teams[seat]
            m = legal
            while m:
                b = m & -m
                m ^= b
                i = b.bit_length() - 1
                k = lo[i]
                if k < key:
                    c, key = i, k
                if vkeys[i] > vbest and k < cheap_key and not partner_wins:
                    cheapest, cheap_key = i, k
            if cheapest >= 0 and (points_game or top_won >= 2 or mine >= 2 or count >= 2
                                  or len(plays) == n - 1 and power[cheapest] < 100):
                c = cheapest
        if choosers is not None and legal & (legal - 1):
            choose = choosers[seat]
            if choose is not None:
                c = choose(h, played, plays, (seat - len(plays)) % n, won, count, legal, c)
        actions.append(c)
        # Deal.apply: the card leaves the hand for the trick.
        bit = 1 << c
        hands[seat] = h ^ bit
        played |= bit
        if plays:
            if dkeys[c] > dbest:
                dbest, dbest_seat = dkeys[c], seat
            if vkeys[c] > vbest:
                vbest, vbest_seat = vkeys[c], seat
        else:
            dkeys, vkeys = dwin[dsuit[c]], vwin[vsuit[c]]
            dbest, dbest_seat, vbest, vbest_seat = dkeys[c], seat, vkeys[c], seat
        plays.append(c)
        if len(plays) < n:
            seat = seat + 1 if seat + 1 < n else 0
            continue
        # Deal._end_trick.
        winner = dbest_seat
        trick = plays
        plays = []
        dbest = vbest = -1
        winners.append(winner)
        won[winner] += 1
        if won[winner] > top_won:
            top_won = won[winner]
        count += 1
        if first3 and count <= TO_WIN and winner != winners[0]:
            first3 = False
        if points is not None:
            side = winner if teams is None else teams[winner]
            points[side] += rules.trick_points(best_trump is not None and best_trump in trick)
            if rules.ends_mid_deal and rules.reaches_game(scores[side] + points[side]):
                outcome_args = (False, False, side)
                break
        if jinker is not None and winner != jinker:
            outcome_args = (False, True, None)
            break
        if count == TRICKS:
            outcome_args = (False, False, None)
            break
        if count == TO_WIN and first3 and rules.jinking and teams is None and jinker is None \
                and winner != barred:
            jink_next = True
        seat = winner
    claimed, jink_failed, game_won_by = outcome_args
    _, outcome = deal_outcome(variant, teams, scores, won, points, winners, jinker, barred, deal.contract,
                              deal.close_contract, claimed, jink_failed, game_won_by)
    return actions, outcome
