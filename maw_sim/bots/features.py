"""The features of a card to play, read from one seat's view alone: the learned bot's input.

A play decision is described by a fixed-length vector of numbers, most of them 0 or 1: the deal's
state as this seat sees it (the trick's number, the tricks each side stands on, its place in the
trick, the trumps still unseen, its own trumps and sure winners) and what the candidate card does
(is it a trump, how high, would it win the trick now, how many unseen cards could beat it, what is
left in hand after it, is it the card the heuristic would play). Nothing here reads another hand:
"unseen" cards are those neither in the hand, nor played, nor the turn-up out of play — the stock
and the other hands together, as a player at the table would count them.

Only pool games played in tricks of one card a seat (Spoil Five) are described
(:func:`covers`); the learned bots play other games by another bot.

Cards are read as bit masks over the pack's indices (``1 << card.index``) and their strength from
the variant's rank tables (``power``, ``win_key``, ``suit_of``), as the heuristic reads them.
"""

from __future__ import annotations

from ..cards import CODE_INDEX
from ..phases import ROBBING
from .heuristic import heuristic_bot

#: The variants the features describe (Spoil Five's rules and pool scoring).
COVERED = frozenset(("spoil-five",))

#: The features' names, in the vector's order (the weights file records them, so a change here is
#: caught when the weights are loaded).
NAMES = (
    "bias",
    "trick 1", "trick 2", "trick 3", "trick 4", "trick 5",
    "mine 0", "mine 1", "mine 2+",
    "others' best 0", "others' best 1", "others' best 2+",
    "others on two",
    "leading", "last to play", "place in trick",
    "unseen trumps", "top unseen trump above my top", "trumps in hand", "sure winners in hand",
    "winner on two", "winner on one", "winner's card a trump",
    # the candidate card
    "trump", "height", "sure winner", "wins now", "cheapest winner", "lowest legal", "highest legal",
    "follows suit", "trumps in", "discards",
    "unseen above it", "players after me", "wins now and last", "wins now x players after",
    "trumps left after", "sure winners left after", "a trump spent while winning is not needed",
    "heuristic's card",
    "wins now and mine 2+", "wins now and others on two", "wins now and trick 3+",
    "leads a sure winner", "leads low while nothing won",
)
SIZE = len(NAMES)


def covers(view) -> bool:
    """Do the features describe this decision (Spoil Five's play)?"""
    return view.variant.id in COVERED and view.phase == "play"


def _top(mask: int, power) -> int:
    """The highest power among the cards of ``mask`` (0 when empty)."""
    top = 0
    while mask:
        low = mask & -mask
        p = power[low.bit_length() - 1]
        if p > top:
            top = p
        mask ^= low
    return top


_ABOVE: dict = {}


def _above(tables) -> tuple:
    """``above[s][i]``: the cards that beat card ``i`` in a trick whose lead is of suit ``s`` (a
    greater ``win_key[s]``): the unseen cards above a candidate are ``unseen & above[s][i]``. Kept
    for each tables (the variant keeps them: a few a game)."""
    entry = _ABOVE.get(id(tables))
    if entry is None or entry[0] is not tables:
        above = tuple(tuple(sum(1 << j for j, kj in enumerate(keys) if kj > ki) for ki in keys)
                      for keys in tables.win_key)
        entry = _ABOVE[id(tables)] = (tables, above)
    return entry[1]


def of_view(view, heuristic_code: str) -> tuple:
    """The features of ``view``'s play decision: (the state's features, the candidate's part for
    each of ``view.legal`` in its order). The view is read as the integers
    :func:`features_on_masks` takes, so the view's path and a rollout's are one computation.
    ``heuristic_code``: the heuristic's card for this view."""
    hand = 0
    for c in view.hand:
        hand |= 1 << c.index
    played = 0
    for trick in view.tricks:
        for _, card in trick.plays:
            played |= 1 << card.index
    trick = view.current_trick
    plays = () if trick is None else tuple(card.index for _, card in trick.plays)
    leader = 0 if trick is None else trick.plays[0][0]
    out = 1 << view.turnup.index if view.turnup is not None and view.robbed_by is None else 0
    return features_on_masks(view.tables, out, view.players, view.seat, hand, played, plays, leader,
                             view.tricks_won, view.trick_number, view.legal, heuristic_code)


def features(view, rng=None) -> dict:
    """Each legal card of a play decision and its feature vector: ``{action: [SIZE floats]}``.
    ``rng`` is handed to the heuristic (whose card is one feature); it draws nothing in Spoil Five."""
    x, rows = of_view(view, heuristic_bot(view, rng))
    return {action: x + row for action, row in zip(view.legal, rows)}


def view_tables(deal):
    """The rank tables a seat's view of ``deal`` reads (:attr:`PlayerView.tables`): the ace of trumps
    ranked as the whole table knows it."""
    return deal.variant.tables(deal.trump, low_ace=ROBBING.low_ace_known(deal))


def turnup_out(deal) -> int:
    """The turn-up's bit while it lies out of play face up (nobody robbed it: robbing is done in
    sight of the table, the view's ``robbed_by``), else 0."""
    turnup = deal.turnup
    return 1 << turnup.index if turnup is not None and deal.robbed is None else 0


def features_on_masks(tables, out: int, players: int, seat: int, hand: int, played: int, plays,
                      leader: int, won, number: int, legal: tuple, heuristic_code: str) -> tuple:
    """The features of ``seat``'s play decision from the integers of a deal's position
    (:class:`~maw_sim.deal.Position`), for a search's rollout, which asks this of its own seat a
    few hundred times a decision: (the state's features, the candidate's part for each of
    ``legal`` in its order). A view's features are computed here too (:func:`of_view`), and
    tests/test_learned_bot.py checks that a deal's position and its seat's view give the same.

    Only what that view holds is read, so nothing hidden leaks in: ``tables``, the rank tables the
    view reads (:func:`view_tables`); ``out``, the turn-up lying out of play (:func:`turnup_out`);
    the seat's own ``hand`` (the view's ``hand``); ``played``, the cards played to every trick
    and the trick in progress (the view's ``tricks``); ``plays`` and ``leader``, that trick (the
    view's ``current_trick``); ``won`` and ``number``, the tricks each seat won and the tricks
    finished (``tricks_won``, ``trick_number``); ``legal``, the seat's legal cards in the order of
    ``Deal.legal_actions`` (the view's ``legal``); ``heuristic_code``, the heuristic's card, itself
    decided from the view. No other hand is given."""
    power = tables.power
    size = len(power)
    trump_mask = tables.trump_mask
    seen = hand | played | out
    unseen = ((1 << size) - 1) & ~seen
    unseen_trumps = unseen & trump_mask
    top_unseen = _top(unseen_trumps, power)
    my_trumps = hand & trump_mask
    my_top = _top(my_trumps, power)
    sure = 0            # the sure winners in hand, as a mask
    m = hand
    while m:
        low = m & -m
        p = power[low.bit_length() - 1]
        if p >= 100 and p > top_unseen:
            sure |= low
        m ^= low
    n_sure = bin(sure).count("1")

    mine = won[seat]
    others = max((w for s, w in enumerate(won) if s != seat), default=0)
    on_two = sum(1 for s, w in enumerate(won) if s != seat and w >= 2)
    placed = len(plays)
    keys = None
    best_key = -1
    winner_won = 0
    winner_trump = 0.0
    lead_suit = -1
    if plays:
        lead_suit = tables.suit_of[plays[0]]
        keys = tables.win_key[lead_suit]
        best_seat = None
        for k, i in enumerate(plays):
            if keys[i] > best_key:
                best_seat, best_key = (leader + k) % players, keys[i]
        winner_won = won[best_seat]
        winner_trump = 1.0 if best_key >= 100 else 0.0
    trick = bool(plays)
    x = [1.0,
         *(1.0 if number == i else 0.0 for i in range(5)),
         1.0 if mine == 0 else 0.0, 1.0 if mine == 1 else 0.0, 1.0 if mine >= 2 else 0.0,
         1.0 if others == 0 else 0.0, 1.0 if others == 1 else 0.0, 1.0 if others >= 2 else 0.0,
         on_two / 2.0,
         0.0 if trick else 1.0, 1.0 if placed == players - 1 else 0.0, placed / (players - 1),
         bin(unseen_trumps).count("1") / 8.0, 1.0 if top_unseen > my_top else 0.0,
         bin(my_trumps).count("1") / 5.0, n_sure / 5.0,
         1.0 if trick and winner_won >= 2 else 0.0, 1.0 if trick and winner_won == 1 else 0.0,
         winner_trump]

    # The candidates' part, for every candidate at once.
    indices = [CODE_INDEX[a] for a in legal]
    powers = [power[i] for i in indices]
    low_power, high_power = min(powers), max(powers)
    if trick:
        winners = [power[i] for i in indices if keys[i] > best_key]
        plain_wins = any(power[i] < 100 and keys[i] > best_key for i in indices)
    else:
        winners = powers
        plain_wins = False
    cheapest_power = min(winners) if winners else None
    n_trumps = len(tables.ranking)
    after = players - 1 - placed
    suit_of = tables.suit_of
    beats = _above(tables)
    rows = []
    for i, p, code in zip(indices, powers, legal):
        is_trump = p >= 100
        height = (p - 100) / n_trumps if is_trump else p / 13.0
        is_sure = is_trump and p > top_unseen
        if not trick:
            wins = 1.0
            follows = trumps_in = discards = 0.0
            above = bin(unseen & beats[suit_of[i]][i]).count("1")
        else:
            k = keys[i]
            wins = 1.0 if k > best_key else 0.0
            same = suit_of[i] == lead_suit
            follows = 1.0 if same else 0.0
            trumps_in = 1.0 if is_trump and not same else 0.0
            discards = 1.0 if not same and not is_trump else 0.0
            above = bin(unseen & beats[lead_suit][i]).count("1") if k >= 0 else 0
        bit = 1 << i
        rows.append([
            1.0 if is_trump else 0.0, height, 1.0 if is_sure else 0.0, wins,
            1.0 if wins and winners and p == cheapest_power else 0.0,
            1.0 if p == low_power else 0.0, 1.0 if p == high_power else 0.0,
            follows, trumps_in, discards,
            min(above, 10) / 10.0, after / 4.0, wins if after == 0 else 0.0, wins * after / 4.0,
            bin(my_trumps & ~bit).count("1") / 5.0, bin(sure & ~bit).count("1") / 5.0,
            1.0 if wins and is_trump and trick and plain_wins else 0.0,
            1.0 if code == heuristic_code else 0.0,
            wins if mine >= 2 else 0.0, wins if on_two else 0.0, wins if number >= 2 else 0.0,
            1.0 if not trick and is_sure else 0.0,
            1.0 if not trick and mine == 0 and number < 2 and p == low_power else 0.0])
    return x, rows
