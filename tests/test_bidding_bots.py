"""The bidding bots: the hand evaluator against the exact solver, and (once the engine has the
bidding games) every bot playing every bidding variant, with checks of behaviour that could fail."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from maw_sim.bots import play_match
from maw_sim import Card, Deal, load_variant, solver
from maw_sim.bots import bidding
from maw_sim.cards import CODES, SUITS
from maw_sim.scoring import split_value


def _points_variant():
    """Forty-Five's rankings and points with no game and no robbing: a deal of a bidding game once
    trumps are named (the contract changes what the points are worth, not how many are taken)."""
    v = load_variant("forty-five")
    s = dict(v.settings)
    s["scoring"] = dataclasses.replace(s["scoring"], values={**s["scoring"].values, "jink_wins_game": False})
    s["robbing"] = dataclasses.replace(s["robbing"], values={**s["robbing"].values, "rule": "none"})
    return dataclasses.replace(v, settings=s)


def _solve(v, hands, trump, dealer):
    dealt = {i for h in hands for i in h}
    spare = [c for c in v.trump_ranking(trump) if c.suit == trump and c.code != "AH" and c.index not in dealt]
    deal = Deal(v, [[CODES[i] for i in h] for h in hands], spare[-1].code, dealer)
    return split_value(solver.solve(deal, 0))[0]


def _cards(text):
    return [Card.parse(c) for c in text.split()]


# -- the evaluator -----------------------------------------------------------------------------

def test_the_estimate_tracks_the_solver_on_fresh_deals():
    """Three players, deals the weights were not fitted on: the estimate's mean is the solver's,
    the two go together, and the strongest estimates are the strongest hands at the table."""
    v = _points_variant()
    rng = random.Random(20261122)
    est, got = [], []
    for _ in range(120):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[5 * s:5 * s + 5] for s in range(3)]
        dealer = rng.randrange(3)
        for trump in SUITS:
            est.append(bidding.estimate(hands[0], v, trump, 3, 1, leads=dealer == 2))
            got.append(_solve(v, hands, trump, dealer))
    assert abs(statistics.mean(est) - statistics.mean(got)) < 1.5
    assert statistics.correlation(est, got) > 0.6
    strong = [g for e, g in zip(est, got) if e >= 15]
    weak = [g for e, g in zip(est, got) if e < 5]
    assert len(strong) >= 20 and statistics.mean(strong) > 14 and statistics.mean(weak) < 4


def test_the_estimate_counts_top_trumps_in_their_order():
    v = load_variant("forty-five")
    base = _cards("2C 3D 9S 8S 7S")
    worths = []
    for top in ("5H", "JH", "AH", "KH"):
        worths.append(bidding.estimate([Card.parse(top)] + base[1:], v, "H", 4))
    assert worths == sorted(worths, reverse=True) and worths[0] > worths[-1] + 3
    # Each extra top trump adds to the hand.
    one = bidding.estimate(_cards("5H 2C 3D 9S 8S"), v, "H", 4)
    two = bidding.estimate(_cards("5H JH 3D 9S 8S"), v, "H", 4)
    three = bidding.estimate(_cards("5H JH AH 9S 8S"), v, "H", 4)
    assert one < two < three
    # The three top trumps: at least twenty points expected, at any table the weights know.
    for players, side in bidding.WEIGHTS:
        assert bidding.estimate(_cards("5H JH AH 9S 8C"), v, "H", players, side) >= 20, (players, side)


def test_the_rankings_come_from_the_variant():
    """The Atlantic ruleset puts the ace above the king in the plain suits: there the plain ace is
    the suit's best card and counts as the king does elsewhere."""
    atlantic, modern = load_variant("atlantic"), load_variant("forty-five")
    assert bidding.places(atlantic, "S")[Card.parse("AD").index] == (False, 0)
    assert bidding.places(modern, "S")[Card.parse("KD").index] == (False, 0)
    assert bidding.places(modern, "S")[Card.parse("AH").index] == (True, 2)
    assert bidding.places(modern, "H")[Card.parse("AH").index] == (True, 2)


def test_the_best_suit_is_the_long_strong_one():
    v = load_variant("forty-five")
    assert bidding.best_trump(_cards("5S JS 9S KD 2H"), v, 4)[0] == "S"
    assert bidding.best_trump(_cards("AH 7D 6D 3D KC"), v, 4)[0] == "D"
    assert bidding.best_trump(_cards("JC 2C 3C 4C 9H"), v, 4)[0] == "C"


def test_best_five_keeps_every_trump_first():
    v = load_variant("forty-five")
    eight = _cards("5D 2D 3D KS QS AH 9C 10C")
    kept = {Card.parse(c).index for c in ("5D", "2D", "3D", "AH", "KS")}
    assert set(bidding.best_five(eight, v, "D", 4)) == kept


def test_a_kitty_raises_the_expectation_and_the_sample_is_reproducible():
    v = load_variant("forty-five")
    hand = [c.index for c in _cards("5S 9S KD 2H 3C")]
    unseen = [i for i in range(52) if i not in hand]
    plain = bidding.estimate(hand, v, "S", 4)
    with_kitty = bidding.expected_after_exchange(hand, unseen, v, "S", 4, extra=3, rng=random.Random(1))
    again = bidding.expected_after_exchange(hand, unseen, v, "S", 4, extra=3, rng=random.Random(1))
    drawn = bidding.expected_after_exchange(hand, unseen, v, "S", 4, discard=3, rng=random.Random(1))
    assert with_kitty == again
    assert with_kitty > plain + 1 and drawn > plain + 1


def test_make_probability_is_a_sensible_curve():
    assert bidding.make_probability(20, 20, 5) > 0.5 > bidding.make_probability(15, 20, 5)
    assert bidding.make_probability(30, 20, 5) > 0.97
    assert bidding.make_probability(5, 25, 5) < 0.01


# -- the bots in the bidding games (the engine's auction, kitty and draw) ---------------------------

BIDDING = [v for v in ("one-hundred-and-ten", "auction-45", "auction-45-merrimack", "auction-45-atlantic")]


def _have_bidding():
    from maw_sim import variant_ids
    return all(v in variant_ids() for v in BIDDING)


needs_engine = pytest.mark.skipif(not _have_bidding(), reason="the bidding games are not in the engine yet")


def _tables(v):
    """Every table the ruleset allows: each number of players alone, and each partnership layout."""
    out = [(n, None) for n in range(v.min_players, v.max_players + 1)]
    for sides, size in v.partnerships:
        out.append((sides * size, (sides, size)))
    return out


def _checked(bot):
    """The bot, with every action it takes checked against the legal ones of its view."""
    def play(view, rng):
        action = bot(view, rng)
        assert action in view.legal, (view.phase, action, view.legal)
        return action
    return play


def _deals_where(v, players, want, teams=None, limit=4000, scores=None):
    """Deals (by seed) whose first decision's view satisfies ``want``."""
    for seed in range(limit):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams, scores=scores)
        if want(deal):
            yield deal


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_heuristic_and_random_play_complete_matches_at_every_table(vid):
    from maw_sim import Match
    from maw_sim.bots import get_bot
    v = load_variant(vid)
    for players, teams in _tables(v):
        for names in (("heuristic",), ("random",) + ("heuristic",) * (players - 1)):
            # every seat heuristic; then a random player in seat 0 among them
            bots = [_checked(get_bot(names[s % len(names)])) for s in range(players)]
            match = Match(v, players, seed=players, teams=teams)
            play_match(match, bots, deals=200)
            assert match.over, (vid, players, teams, names, match.scores)
            for outcome in match.results:
                assert outcome.contract_made in (True, False, None)


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_every_bot_plays_every_table(vid):
    """Every registered bot, in one seat among heuristic players, through whole deals at the
    tables the ruleset allows (every one for the fast bots; every second or fourth, from the
    smallest, for the search bots, which bid alike and differ only in the play); and a PIMC bot
    on a light budget, in the first seat, through a complete match at the ruleset's usual table."""
    from maw_sim import Match
    from maw_sim.bots import bot_names, get_bot
    v = load_variant(vid)
    heuristic = _checked(get_bot("heuristic"))
    for name in bot_names():
        bot = _checked(get_bot(name))
        tables = _tables(v)
        if name in ("ismcts", "best", "learned-blend"):
            tables = tables[::4]             # the slowest bots: every fourth table (the others
        elif name == "pimc":                 # are the same bidding and the same imagined deals)
            tables = tables[::2]
        for k, (players, teams) in enumerate(tables):
            deal = Deal.random(v, players, 500 + k, dealer=k % players, teams=teams)
            me = (k + 1) % players
            rng = random.Random(k)
            while deal.to_move is not None:
                seat = deal.to_move
                deal.apply((bot if seat == me else heuristic)(deal.view(seat), rng))
            assert deal.outcome is not None
    # The match is for the search's code at every score a match reaches (bids near the target,
    # the hold, scores carried), not for its strength: a light budget keeps it to seconds.
    from maw_sim.bots.search import PIMC
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    bots = [_checked(PIMC(budget=16, min_worlds=2, max_worlds=4))] + [heuristic] * (players - 1)
    match = Match(v, players, seed=9, teams=teams)
    play_match(match, bots, deals=60)
    assert match.over, match.scores


def _top_three(view):
    """The suit of which this hand holds the three top trumps (five, knave, ace of hearts), or None."""
    v = view.variant
    held = {c.index for c in view.hand}
    for suit in SUITS:
        top = v.trump_ranking(suit)[:3]
        if all(c.index in held for c in top):
            return suit
    return None


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_a_hand_with_the_three_top_trumps_bids_at_least_twenty(vid):
    from maw_sim.bots import get_bot
    v = load_variant(vid)
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    seen = 0
    for seed in range(60000):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
        while deal.phase == "bid":
            view = deal.view(deal.to_move)
            # (A bagged dealer held to the least bid, in the Merrimack Valley, has no choice.)
            if _top_three(view) is not None and any(a == "hold" or a.startswith("bid ") and int(a.split()[1]) >= 20
                                                    for a in view.legal):
                break
            deal.apply("pass" if "pass" in view.legal else view.legal[0])
        else:
            continue
        for name in ("heuristic", "pimc"):
            action = get_bot(name)(view, random.Random(seed))
            assert action == "hold" or (action.startswith("bid ") and int(action.split()[1]) >= 20), \
                (vid, seed, [c.code for c in view.hand], view.auction, action, view.legal)
        seen += 1
        if seen == 6:
            break
    assert seen >= 3


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_the_bidder_names_the_suit_of_its_trumps(vid):
    """Over many deals, the suit named is the one in which the bidder holds the most trumps (the
    ace of hearts counting for every suit) — or one as long but stronger — nearly always."""
    from maw_sim.bots import get_bot
    bot = get_bot("heuristic")
    v = load_variant(vid)
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    named = longest = 0
    for seed in range(150):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
        rng = random.Random(seed)
        while deal.phase != "play" and deal.to_move is not None:
            view = deal.view(deal.to_move)
            action = bot(view, rng)
            if view.phase == "trump":
                named += 1
                held = {c.index for c in view.hand}
                count = {s: sum(1 for c in v.trump_ranking(s) if c.index in held) for s in SUITS}
                if count[action.split()[1]] == max(count.values()):
                    longest += 1
            deal.apply(action)
    assert named >= 60
    assert longest >= 0.85 * named, (longest, named)


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_no_bid_below_the_minimum_at_a_hundred(vid):
    """A side at 100 bids at least the ruleset's minimum for it (the engine refuses less, and the
    bot must choose among what it may say); and at 100, needing the contract, it still bids."""
    from maw_sim.bots import get_bot
    bot = _checked(get_bot("heuristic"))
    v = load_variant(vid)
    low = v.auction["min_bid_at_100"] or v.auction["min_bid"]
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    sides = 2 if teams else players
    bids_at_100 = 0
    for seed in range(150):
        scores = tuple(100 if s == 0 else 40 for s in range(sides))
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams, scores=scores)
        rng = random.Random(seed)
        while deal.phase == "bid":
            seat = deal.to_move
            action = bot(deal.view(seat), rng)
            if action.startswith("bid ") and deal.side_of(seat) == 0:
                assert int(action.split()[1]) >= low
                bids_at_100 += 1
            deal.apply(action)
    assert bids_at_100 >= 20


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_weak_hands_open_lower_than_strong_ones(vid):
    """The first to speak, over many deals: a hand without a five, a knave, an ace or a king opens
    (if at all) well below one holding two of the three top trumps of a suit, and never at 30. (A
    weak hand may open: a kitty or a draw to come can make that worth it — with a kitty of five at
    three players the solver expects some 21 points of an average hand's best five of ten.)"""
    from maw_sim.bots import get_bot
    bot = get_bot("heuristic")
    v = load_variant(vid)
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    weak, strong = [], []
    for seed in range(3000):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
        view = deal.view(deal.to_move)
        ranks = {c.rank for c in view.hand}
        top2 = any(sum(1 for c in v.trump_ranking(s)[:3] if c in view.hand) >= 2 for s in SUITS)
        action = bot(view, random.Random(seed))
        level = 0 if action == "pass" else int(action.split()[1])
        if not ranks & {5, 11, 1, 13}:
            weak.append(level)
        elif top2:
            strong.append(level)
        if len(weak) >= 60 and len(strong) >= 60:
            break
    assert len(weak) >= 40 and len(strong) >= 40
    assert max(weak) < 30
    assert statistics.mean(strong) >= statistics.mean(weak) + 5, (statistics.mean(weak), statistics.mean(strong))


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_the_heuristic_table_makes_most_of_its_contracts(vid):
    """With the evaluator's bots in every seat, most contracts are made — but not all: the bots
    take risks (a bot that never failed would bid too little)."""
    from maw_sim.bots import get_bot
    bot = get_bot("heuristic")
    v = load_variant(vid)
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    made = []
    for seed in range(300):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
        rng = random.Random(seed)
        while deal.to_move is not None:
            deal.apply(bot(deal.view(deal.to_move), rng))
        if deal.contract is not None:
            made.append(deal.outcome.contract_made)
    rate = statistics.mean(made)
    assert len(made) >= 250 and 0.55 <= rate <= 0.97, rate


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_the_kitty_and_the_draw_never_throw_a_good_trump(vid):
    from maw_sim.bots import get_bot
    bot = get_bot("heuristic")
    v = load_variant(vid)
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    thrown = 0
    for seed in range(120):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
        rng = random.Random(seed)
        while deal.phase != "play" and deal.to_move is not None:
            view = deal.view(deal.to_move)
            action = bot(view, rng)
            if view.phase in ("kitty", "discard") and action != "discard none":
                out = [Card.parse(c) for c in action.split()[1:]]
                thrown += len(out)
                for suit in ([view.trump] if view.trump else SUITS):
                    top = set(v.trump_ranking(suit)[:4])
                    if view.trump:
                        assert not top & set(out), (view.phase, [c.code for c in view.hand], action)
                if view.phase == "kitty" and view.trump:
                    trumps = set(v.trump_ranking(view.trump))
                    kept = [c for c in view.hand if c not in out]
                    # No trump thrown while a plain card is kept.
                    assert not (trumps & set(out)) or all(c in trumps for c in kept)
            deal.apply(action)
    assert thrown > 50


@needs_engine
@pytest.mark.parametrize("vid", BIDDING)
def test_imagined_deals_agree_with_what_the_seat_saw(vid):
    """The search bots' worlds in the bidding games: the same contract, trump, auction, exchanges,
    tricks and the seat's own hand; the other hands of the right size, and none of the cards the
    seat has seen."""
    from maw_sim.bots import get_bot
    from maw_sim.bots.inference import Knowledge
    bot = get_bot("heuristic")
    v = load_variant(vid)
    players, teams = (4, (2, 2)) if (2, 2) in v.partnerships else (3, None)
    checked = 0
    for seed in range(12):
        deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
        rng = random.Random(seed)
        stop = 2 + seed % 9                  # somewhere in the play
        while deal.to_move is not None and (deal.phase != "play" or stop):
            if deal.phase == "play":
                stop -= 1
            deal.apply(bot(deal.view(deal.to_move), rng))
        if deal.to_move is None:
            continue
        view = deal.view(deal.to_move)
        for k in range(3):
            world = Knowledge(view).world(random.Random(k))
            assert world.contract == deal.contract and world.trump == deal.trump
            assert tuple(world.view(view.seat).auction) == tuple(view.auction)
            assert world.exchanged == deal.exchanged
            assert world.hand(view.seat) == deal.hand(view.seat)
            assert [t.plays for t in world.tricks] == [t.plays for t in deal.tricks]
            seen = set(view.hand) | {c for t in view.tricks for _, c in t.plays}
            for s in range(players):
                assert len(world.hand(s)) == len(deal.hand(s))
                if s != view.seat:
                    assert not seen & set(world.hand(s))
        checked += 1
    assert checked >= 8


@needs_engine
def test_the_search_bots_value_a_deal_as_the_score_sheet_does():
    """A failed contract is worth minus the bid to the bidders, in the bots' eyes too: the value
    is the scorer's, not restated."""
    from maw_sim.bots import get_bot
    from maw_sim.bots.search import utility
    bot = get_bot("heuristic")
    v = load_variant("auction-45")
    failed = 0
    for seed in range(200):
        deal = Deal.random(v, 4, seed, dealer=seed % 4, teams=(2, 2))
        rng = random.Random(seed)
        while deal.to_move is not None:
            deal.apply(bot(deal.view(deal.to_move), rng))
        c = deal.contract
        for side in (0, 1):
            assert utility(deal, side) == v.scorer.value(deal.outcome, side, 4)
        if not deal.outcome.contract_made:
            failed += 1
            assert utility(deal, c.side) == -c.failed_value + (
                0 if deal.outcome.game_won_by is None else v.scorer.target * (1 if deal.outcome.game_won_by == c.side else -1))
    assert failed >= 10
