"""Bidding: what a hand is worth with a given trump suit, and the decisions of the bidding games.

The bidding games (One-Hundred-and-Ten, the Auction Forty-Fives) ask a player to say, before
trumps are known, how many points his side will take: five a trick and five for the best trump
in play, thirty in all. The advice the sources give a bidder is about counting: the top trumps
held (the five, the knave, the ace of hearts, the ace of trumps, the king), how many trumps in
all, and the outside kings (aces where they rank high) that may take a trick of their own.

:func:`estimate` turns that advice into a number: the points a hand of five cards can expect to
take with a named trump suit, against every other seat. Each card adds a weight by its place —
a trump by its rank among the trumps, a plain card by its rank in its suit — and the number of
trumps held adds one more. The places come from the variant (``variant.trump_ranking``,
``variant.plain_ranking``), so a ruleset that puts the Joker among the top trumps or the ace
above the king is read as it is.

The weights are not guessed. They were fitted to the exact solver
(``benchmarks/bidding_calibration.py``): random deals, the other hands unknown, each hand played double dummy
under each trump suit, the bidder's side against everyone else; the weights are the least-squares
fit of the solver's points, one set for each size of table and team (:data:`WEIGHTS`). The
solver sees every card, so its points are what a perfect table would make of the cards — the
estimate is a measure of the cards, not a forecast of how the bots will play them.

A bidder who takes a kitty, or throws cards away and draws, ends with a better hand than the one
he bid on. :func:`expected_after_exchange` estimates that by sampling: it deals the kitty (or the
draw) many times from the cards this seat has not seen, keeps the best five each time, and
averages.
"""

from __future__ import annotations

import math
import random

from ..auction import call_of
from ..cards import CODE_INDEX, Card, SUITS
from ..phase_names import BID, CALL, DISCARD, KITTY, TRUMP

# -- the weights ------------------------------------------------------------------------------

#: Weights by table: ``(players, players per side)`` -> the fitted weights.
#: ``trump``: points for a trump at place 0 (the best), 1, 2 … among the trumps (the last entry
#: for every lower trump); ``length``: points for holding 0, 1, … 5 trumps (beyond the cards' own);
#: ``plain``: points for a plain card at place 0, 1, 2 in its suit; ``lead``: for leading to the
#: first trick; ``base``: the rest (a partner's hand in a team game); ``sd``: the spread of the
#: solver's points about the estimate on held-out deals.
#:
#: Fitted by ``benchmarks/bidding_calibration.py fit --deals 500 --workers 2`` (seed 1): 500 deals
#: a table, each hand under each of the four suits (2,000 rows), fitted on half and checked on the
#: other half, then refitted on all. Held out, R² was 0.39 (2 players), 0.54 (3), 0.60 (4), 0.65
#: (5), 0.76 (6), 0.21 (4 in two pairs), 0.29 (6 in three pairs; 300 deals, fitted later with
#: ``--tables 6x2``) and 0.14 (6 in two threes: the partners' hands are unknown and count for most
#: of the side's points); in every band of the estimate with 20 hands or more the solver's mean was
#: within 1.5 points of the estimate's (2.1 in one band of six in three pairs). ``sd`` is the
#: held-out error's spread over all hands (for six in three pairs, over the hands estimated at 12 or
#: more); with it the normal curve of :func:`make_probability` was within 0.2 of the solver's
#: share of deals reaching 15, 20, 25 and 30 in every band of 20 deals or more, and mostly below
#: it — the bots bid a little more cautiously than double-dummy play would justify
#: (``bidding_calibration.py make``). The trumps' weights by place, and
#: the plain cards', were then made non-increasing (a better card never weighs less: pool adjacent
#: violators), which moved at most two neighbouring weights of a table by under 0.6; the length's
#: were made non-decreasing (one more trump never counts against a hand); five trumps, too rare in
#: the sample to fit (under one hand in a hundred), count at least as four.
WEIGHTS = {
    (2, 1): {'trump': [8.66, 7.06, 6.96, 5.34, 5.34, 3.66, 2.62], 'length': [0.0, 2.78, 4.15, 4.15, 4.15, 4.15], 'plain': [2.32, 1.88, 1.7], 'lead': 1.4, 'base': 3.95, 'sd': 7.1},
    (3, 1): {'trump': [9.94, 8.74, 7.15, 5.26, 4.21, 3.37, 2.29], 'length': [0.0, 0.64, 2.93, 4.38, 5.33, 5.33], 'plain': [1.4, 1.01, 0.97], 'lead': 1.28, 'base': -1.23, 'sd': 5.36},
    (4, 1): {'trump': [10.76, 9.33, 5.88, 5.88, 4.38, 3.99, 1.75], 'length': [-0.46, -0.46, -0.41, 1.39, 3.18, 5.37], 'plain': [0.74, 0.43, 0.43], 'lead': 0.81, 'base': -0.8, 'sd': 4.39},
    (5, 1): {'trump': [10.98, 7.81, 6.04, 3.64, 3.05, 2.47, 1.45], 'length': [-0.9, -0.9, -0.9, 0.19, 3.0, 5.37], 'plain': [0.26, 0.26, 0.17], 'lead': 0.5, 'base': -0.37, 'sd': 3.38},
    (6, 1): {'trump': [10.56, 6.55, 3.62, 1.99, 1.78, 1.08, 0.14], 'length': [-0.2, -0.2, 0.11, 1.46, 5.38, 5.38], 'plain': [0.09, 0.09, 0.08], 'lead': 0.28, 'base': -0.14, 'sd': 2.37},
    (4, 2): {'trump': [7.35, 7.04, 5.74, 4.53, 3.17, 3.13, 1.74], 'length': [0.0, 1.43, 2.89, 3.63, 3.63, 3.63], 'plain': [2.48, 0.27, 0.27], 'lead': 0.29, 'base': 7.94, 'sd': 8.96},
    (6, 2): {'trump': [10.62, 7.58, 6.49, 4.31, 4.31, 2.99, 1.91], 'length': [-0.53, -0.53, -0.53, 0.39, 3.47, 5.13], 'plain': [1.09, 0.3, 0.21], 'lead': 1.08, 'base': 2.49, 'sd': 6.9},
    (6, 3): {'trump': [7.57, 6.01, 3.86, 3.29, 2.83, 2.83, 0.66], 'length': [0.0, 0.64, 2.18, 3.37, 3.97, 3.97], 'plain': [0.85, 0.53, 0.53], 'lead': 0.26, 'base': 10.34, 'sd': 9.16},
}

_DEFAULT = {
    # Hand-set starting weights (the sources' advice in numbers); replaced by the fitted ones.
    "trump": [8.0, 7.0, 6.0, 5.0, 3.5, 3.0, 2.0],
    "length": [0.0, 0.0, 0.0, 1.0, 2.0, 3.0],
    "plain": [2.0, 0.5, 0.0],
    "lead": 0.5,
    "base": 0.0,
    "sd": 6.0,
}


def weights_for(players: int, side_size: int = 1) -> dict:
    """The fitted weights for this table (the nearest fitted table where this one was not)."""
    w = WEIGHTS.get((players, side_size))
    if w is not None:
        return w
    fitted = [k for k in WEIGHTS if k[1] == side_size] or list(WEIGHTS)
    if not fitted:
        return _DEFAULT
    key = min(fitted, key=lambda k: (abs(k[0] - players), k[1] != side_size))
    return WEIGHTS[key]


# -- the places of the cards ------------------------------------------------------------------

def places(variant, trump: str) -> dict:
    """card index -> (True, place among the trumps) or (False, place in its plain suit), for this
    variant with ``trump`` trumps (0 the best). Cached on the variant."""
    cache = variant.__dict__.setdefault("_bidding_places", {})
    found = cache.get(trump)
    if found is None:
        found = {}
        for k, card in enumerate(variant.trump_ranking(trump)):
            found[card.index] = (True, k)
        for suit in SUITS:
            for k, card in enumerate(variant.plain_ranking(suit, trump)):
                found[card.index] = (False, k)
        cache[trump] = found
    return found


def features(cards, variant, trump: str, leads: bool = False) -> list:
    """The hand as the counts the weights multiply (see :data:`WEIGHTS`): trumps by place
    (7), number of trumps (one of 6), plain cards by place (3), leads, 1."""
    where = places(variant, trump)
    f = [0] * 18
    trumps = 0
    for card in cards:
        is_trump, k = where[card.index if isinstance(card, Card) else card]
        if is_trump:
            f[min(k, 6)] += 1
            trumps += 1
        elif k < 3:
            f[13 + k] += 1
    f[7 + min(trumps, 5)] = 1
    f[16] = 1 if leads else 0
    f[17] = 1
    return f


def _table(variant, trump: str, players: int, side_size: int):
    """(each card's weight, each card a trump?, each card's keeping order, the weights), by card
    index, for this variant, trump suit and table (cached on the variant: the inner loop of the
    sampling reads lists, not dictionaries)."""
    cache = variant.__dict__.setdefault("_bidding_tables", {})
    key = (trump, players, side_size)
    found = cache.get(key)
    if found is None:
        w = weights_for(players, side_size)
        size = variant.pack.size
        weight, is_trump, order = [0.0] * size, [False] * size, [0.0] * size
        for index, (trumpish, k) in places(variant, trump).items():
            if trumpish:
                weight[index] = w["trump"][k if k < 6 else 6]
                is_trump[index] = True
                order[index] = 100.0 + weight[index] - 0.001 * k
            else:
                weight[index] = w["plain"][k] if k < 3 else 0.0
                order[index] = weight[index] if k < 3 else -0.01 * k
        found = cache[key] = (weight, is_trump, order, w)
    return found


def estimate(cards, variant, trump: str, players: int = 4, side_size: int = 1,
             leads: bool = False) -> float:
    """The points (five a trick, and the best-trump bonus) a side can expect to take when this
    seat holds ``cards`` (five: Cards or card indices) and ``trump`` is trumps, at a table of
    ``players`` with ``side_size`` players a side, the other hands unknown. ``leads``: this seat
    leads to the first trick."""
    weight, is_trump, _, w = _table(variant, trump, players, side_size)
    total = w["base"] + (w["lead"] if leads else 0.0)
    trumps = 0
    for card in cards:
        i = card if card.__class__ is int else card.index
        total += weight[i]
        if is_trump[i]:
            trumps += 1
    total += w["length"][trumps if trumps < 5 else 5]
    most = _most(variant)
    return total if total < most else most


def _most(variant) -> float:
    """The most a deal can bring a side: every trick and the best trump (30 in these games)."""
    s = variant.scorer
    return 5.0 * getattr(s, "per_trick", 5) + getattr(s, "bonus", 5)


def card_value(index: int, variant, trump: str, players: int = 4, side_size: int = 1) -> float:
    """One card's own weight with ``trump`` trumps, a trump above any plain card: how the
    evaluator ranks cards to keep."""
    return _table(variant, trump, players, side_size)[2][index]


def best_five(cards, variant, trump: str, players: int = 4, side_size: int = 1, keep: int = 5) -> list:
    """The ``keep`` cards (indices) worth keeping for ``trump``: trumps first, best first, then
    the best plain cards. (The estimate grows with every trump kept, so no trump is ever thrown
    while a plain card stays.)"""
    idx = [c if c.__class__ is int else c.index for c in cards]
    idx.sort(key=_table(variant, trump, players, side_size)[2].__getitem__, reverse=True)
    return idx[:keep]


def best_trump(cards, variant, players: int = 4, side_size: int = 1, leads: bool = False):
    """(suit, estimate) of the suit that makes the most of these five cards."""
    best = None
    for suit in SUITS:
        e = estimate(cards, variant, suit, players, side_size, leads)
        if best is None or e > best[1]:
            best = (suit, e)
    return best


def expected_after_exchange(cards, unseen, variant, trump, players: int = 4, side_size: int = 1,
                            leads: bool = False, extra: int = 0, discard: int = 0, rng=None,
                            samples: int = 24) -> float:
    """The estimate once this seat has taken ``extra`` cards (a kitty) and kept the best five, or
    thrown ``discard`` cards and drawn as many: sampled ``samples`` times from ``unseen`` (card
    indices this seat has not seen). ``trump`` None: the trump is named after the exchange, so
    each sample takes its best suit."""
    idx = [c.index if isinstance(c, Card) else c for c in cards]
    pool = list(unseen)
    take = extra + discard
    if take == 0 or len(pool) < take:
        if trump is None:
            return best_trump(idx, variant, players, side_size, leads)[1]
        return estimate(idx, variant, trump, players, side_size, leads)
    total = 0.0
    if not extra and trump is not None:
        # Throw and draw with the trump known: the cards kept are the same in every sample.
        kept = best_five(idx, variant, trump, players, side_size, keep=len(idx) - discard)
        for _ in range(samples):
            total += estimate(kept + _sample(pool, take, rng), variant, trump, players, side_size, leads)
        return total / samples
    for _ in range(samples):
        drawn = _sample(pool, take, rng)
        if trump is None:
            value = max(_kept_value(idx, drawn, variant, s, players, side_size, leads, extra, discard)
                        for s in SUITS)
        else:
            value = _kept_value(idx, drawn, variant, trump, players, side_size, leads, extra, discard)
        total += value
    return total / samples


def _kept_value(idx, drawn, variant, trump, players, side_size, leads, extra, discard):
    if extra:
        kept = best_five(idx + drawn, variant, trump, players, side_size)
    else:
        kept = best_five(idx, variant, trump, players, side_size, keep=len(idx) - discard) + drawn
    return estimate(kept, variant, trump, players, side_size, leads)


def _sample(pool, k, rng):
    """``k`` distinct cards of ``pool``, uniformly (a partial shuffle of a copy)."""
    pool = pool[:]
    n = len(pool)
    for i in range(k):
        j = i + int(rng.random() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def make_probability(mean: float, bid: float, sd: float) -> float:
    """The chance of taking at least ``bid`` points when the points are roughly normal about
    ``mean`` with spread ``sd`` (points come in fives: the half-way mark between bid - 5 and bid
    is the cut)."""
    z = (mean - (bid - 2.5)) / max(sd, 1e-6)
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


# -- the decisions --------------------------------------------------------------------------------



def _setting(variant, section: str, key: str, default=None):
    s = variant.settings.get(section)
    if s is None:
        return default
    try:
        return s[key]
    except KeyError:
        return default


def _sides(view) -> int:
    return view.players if view.teams is None else max(view.teams) + 1


def _side_size(view) -> int:
    return view.players // _sides(view)


def _leads_if_bidder(view) -> bool:
    """Would this seat lead to the first trick as the bidder?"""
    first = _setting(view.variant, "auction", "first_lead", "dealer-left")
    if first == "bidder":
        return True
    if first == "bidder-left":
        return False                 # the player on the bidder's left leads
    return view.seat == (view.dealer + 1) % view.players


def _hand_indices(view) -> list:
    return [c.index for c in view.hand]


def _unseen(view) -> list:
    mine = {c.index for c in view.hand}
    for trick in view.tricks:
        mine.update(c.index for _, c in trick.plays)
    return [i for i in range(view.variant.pack.size) if i not in mine]


def _draw_limit(view) -> int:
    """How many cards this seat may throw and draw after trumps are named (0: no draw)."""
    return view.variant.exchange_cap(view.players)


def _draw_count(cards, variant, trump, players, side_size, limit) -> int:
    """How many cards the evaluator would throw: those worth less than a card drawn blind."""
    if not limit:
        return 0
    worth = _blind_draw_value(variant, trump, players, side_size, cards)
    low = sorted(card_value(i, variant, trump, players, side_size) for i in cards)
    return min(limit, sum(1 for x in low if x < worth))


def _blind_draw_value(variant, trump, players, side_size, cards) -> float:
    """The mean worth of one card drawn from the cards this seat cannot see (its own excluded)."""
    cache = variant.__dict__.setdefault("_bidding_draw", {})
    key = (trump, players, side_size)
    found = cache.get(key)
    if found is None:
        w = weights_for(players, side_size)
        where = places(variant, trump)
        total = 0.0
        for index, (is_trump, k) in where.items():
            if is_trump:
                total += w["trump"][min(k, 6)] + 1.0      # +1: a trump also lengthens the suit
            elif k < 3:
                total += w["plain"][k]
        found = cache[key] = total / len(where)
    return found


def hand_prospect(view, trump=None) -> float:
    """What this seat's side can expect to take if it wins the auction and names ``trump`` (None:
    the best suit), counting the kitty it would take and the cards it would draw."""
    v = view.variant
    players, side = view.players, _side_size(view)
    leads = _leads_if_bidder(view)
    cards = _hand_indices(view)
    kitty = getattr(view, "kitty_size", 0) or 0
    limit = _draw_limit(view)
    unseen = _unseen(view)
    # The bot's own dice, from its cards: the same view gives the same prospect.
    rng = random.Random(sum(cards) * 7919 + len(getattr(view, "auction", ()) or ()))
    after_kitty = _setting(v, "auction", "trump_named", "after-kitty") == "after-kitty"
    suits = SUITS if trump is None else (trump,)
    best = None
    for suit in suits:
        if kitty:
            e = expected_after_exchange(cards, unseen, v, None if after_kitty and trump is None else suit,
                                        players, side, leads, extra=kitty, rng=rng, samples=16)
        else:
            d = _draw_count(cards, v, suit, players, side, limit)
            e = expected_after_exchange(cards, unseen, v, suit, players, side, leads, discard=d,
                                        rng=rng, samples=16)
        if limit:
            e -= _others_draw(players, side)
        if best is None or e > best:
            best = e
        if kitty and after_kitty and trump is None:
            break                                  # every sample already took its best suit
    return best


def _others_draw(players: int, side_size: int) -> float:
    """What the other seats' own throwing and drawing takes off the bidder's side: they draw for
    trumps too. Measured with the solver (``bidding_calibration.py draw``): four players in two
    pairs, everyone drawing freely, the sampled expectation after the bidder's draw was 22.9 and the
    solver's mean 19.0 (300 deals); so two points for each opponent, at most six. Checked on other
    deals: four in pairs drawing at most three, 23.1 against 18.8; three alone drawing freely, 17.8
    against 13.1 (300 deals each)."""
    return min(6.0, 2.0 * (players - side_size))


def call_values(view, action: str):
    """(points bid, side's score if made, its loss if failed) for a bid action such as ``"bid 25"``
    or ``"bid 30 for 60"``, as the variant's scoring writes them on the sheet."""
    return _call_values(view.variant, action)


def _call_values(variant, action):
    """(points bid, made value, failed value) of a call, from the engine's table of calls
    (:func:`maw_sim.auction.calls`); a made value None means "what the side took" (or the bid,
    where the ruleset scores only the bid)."""
    call = call_of(variant, action)
    if call is None:
        raise ValueError(f"{action!r} is not a call of {variant.name}")
    made = call.made_value
    if made is None:
        made = call.bid if variant.scoring["made_scores"] == "bid" else None
    return call.bid, made, call.failed_value


def _high_bid(view):
    """(seat, points, call) of the highest call so far — a hold takes it over at its value — or
    (None, 0, None)."""
    best = (None, 0, None)
    for seat, action in getattr(view, "auction", ()) or ():
        if action.startswith("bid "):
            best = (seat, int(action.split()[1]), action)
        elif action == "hold" and best[0] is not None:
            best = (seat, best[1], best[2])
    return best


def bid_decision(view, rng):
    """The auction: bid what the hand is worth (the highest call it is likely enough to make, when
    that beats passing), hold at the current bid where the dealer may, or pass.

    The prospect is :func:`hand_prospect` (the evaluator, with the kitty or the draw to come),
    less a little when the other side has bid high (the top trumps are then less likely ours).
    A call is worth its chance of being made times what it scores, less the chance of failing
    times what it costs; passing is worth the share of the deal a defending side takes — nothing
    where a side at a hundred scores only as bidder. In the hole, or with the other side near
    the game, the bot bids more readily; it does not outbid its partner without a much better
    hand."""
    legal = view.legal
    bids = [a for a in legal if a.startswith("bid ")]
    w = weights_for(view.players, _side_size(view))
    mean = hand_prospect(view)
    high_seat, high, high_call = _high_bid(view)
    me = view.team_of(view.seat)
    if high_seat is not None and view.team_of(high_seat) != me and high > 15:
        mean -= 0.3 * (high - 15)
    sd = w.get("sd", 6.0)
    sides = _sides(view)
    defend = max(0.0, (30.0 - 22.0) / max(1, sides - 1))
    scores = view.scores or ()
    mine = scores[me] if me < len(scores) else 0
    target = _setting(view.variant, "scoring", "target", 120) or 120
    non_bidder = _setting(view.variant, "scoring", "non_bidder", "always")
    if non_bidder != "always" and mine >= 100:
        defend = 0.0
    margin, confidence = 0.0, 0.55
    if mine < 0:
        margin, confidence = margin - 2.0, confidence - 0.05
    if any(s >= target - 25 for k, s in enumerate(scores) if k != me):
        margin, confidence = margin - 2.0, confidence - 0.05
    if high_seat is not None and view.team_of(high_seat) == me:
        margin += 6.0

    def worth(action):
        points, made, failed = _call_values(view.variant, action)
        p = make_probability(mean, points, sd)
        gain = made if made is not None else max(points, mean)
        # A contract that would carry the side to the target wins the game: worth a great deal
        # more than its points, so a long chance is worth taking.
        wins = mine + (made if made is not None else points) >= target
        value = p * (gain + (target if wins else 0)) - (1 - p) * failed
        return p, value, wins

    options = [(a, *worth(a)) for a in bids]
    if "hold" in legal:
        options.append(("hold", *worth(high_call)))
    options = [(a, p, ev) for a, p, ev, wins in options if p >= (0.25 if wins else confidence)]
    good = [(a, p, ev) for a, p, ev in options if ev > defend + margin]
    if not good:
        if "pass" in legal:
            return "pass"
        return max(options, key=lambda o: o[2])[0] if options else bids[0] if bids else legal[0]
    # The highest call the hand supports (a special call only when it is the best of all), and
    # a hold rather than a raise when holding is as good.
    plain = [o for o in good if o[0] == "hold" or o[0].count(" ") == 1]
    best_special = max((o for o in good if o[0].count(" ") > 1), key=lambda o: o[2], default=None)
    if best_special is not None and (not plain or best_special[2] > max(o[2] for o in plain)):
        return best_special[0]
    if any(o[0] == "hold" for o in plain):
        return "hold"
    return max(plain, key=lambda o: _call_values(view.variant, o[0])[0])[0]


def trump_decision(view, rng):
    """Name the suit with the best prospect."""
    v = view.variant
    players, side = view.players, _side_size(view)
    leads = _leads_if_bidder(view)
    cards = _hand_indices(view)
    best = None
    for action in view.legal:
        suit = action.split()[1]
        if len(cards) > 5:
            e = estimate(best_five(cards, v, suit, players, side), v, suit, players, side, leads)
        else:
            e = hand_prospect(view, suit) if (getattr(view, "kitty_size", 0) or _draw_limit(view)) else \
                estimate(cards, v, suit, players, side, leads)
        if best is None or e > best[0]:
            best = (e, action)
    return best[1]


def _discard_sets(view):
    out = []
    for action in view.legal:
        words = action.split()
        if words[:1] != ["discard"]:
            continue
        cards = () if words[1:] == ["none"] else tuple(CODE_INDEX[w] for w in words[1:])
        out.append((action, cards))
    return out


def kitty_decision(view, rng):
    """Put out the kitty's number of cards: keep the five the evaluator likes best for the trump
    named (or, trumps still to be named, for the suit the kept cards suit best)."""
    v = view.variant
    players, side = view.players, _side_size(view)
    leads = _leads_if_bidder(view)
    hand = _hand_indices(view)
    suits = (view.trump,) if view.trump else SUITS
    options = _discard_sets(view)
    if view.trump:
        # Trumps first: no trump goes while a plain card stays (where the rules leave a choice).
        trumps = view.variant.tables(view.trump).trump_mask
        first = [(a, out) for a, out in options
                 if not any(trumps >> i & 1 for i in out)
                 or all(trumps >> i & 1 for i in hand if i not in out)]
        options = first or options
    best = None
    for action, thrown in options:
        kept = [i for i in hand if i not in thrown]
        e = max(estimate(kept, v, s, players, side, leads) for s in suits)
        # Ties: throw the weakest cards (the lowest sum of weights thrown).
        tie = -sum(max(card_value(i, v, s, players, side) for s in suits) for i in thrown)
        if best is None or (e, tie) > best[0]:
            best = ((e, tie), action)
    return best[1]


def discard_decision(view, rng):
    """Discard and draw: throw every card worth less than a card drawn blind (never a trump that
    counts more), as many as the rules allow."""
    v = view.variant
    trump = view.trump
    players, side = view.players, _side_size(view)
    if view.legal[0].startswith("take "):
        # The dealer robbing the stock: the best card in it, by the same weights.
        return max(view.legal, key=lambda a: card_value(CODE_INDEX[a[5:]], v, trump, players, side))
    hand = _hand_indices(view)
    worth = _blind_draw_value(v, trump, players, side, hand)
    gain = {i: worth - card_value(i, v, trump, players, side) for i in hand}
    best = None
    for action, thrown in _discard_sets(view):
        value = sum(gain[i] for i in thrown)
        if best is None or value > best[0] or (value == best[0] and len(thrown) < best[1]):
            best = (value, len(thrown), action)
    return best[2]


def call_decision(view, rng):
    """Call for a partner: the strongest card we do not hold, by the same weights (the best
    trumps first), so that the partner is worth having."""
    v = view.variant
    players, side = view.players, _side_size(view)
    return max(view.legal, key=lambda a: (card_value(CODE_INDEX[a[5:]], v, view.trump, players, side), a))


_DECIDE = {BID: bid_decision, TRUMP: trump_decision, KITTY: kitty_decision, DISCARD: discard_decision,
           CALL: call_decision}
#: The phases of the bidding games this module decides (the card play is the other bots' work).
PHASES = frozenset(_DECIDE)


def decide(view, rng):
    """The bidding games' decisions before the play, for every bot but the random one."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    return _DECIDE[view.phase](view, rng)
