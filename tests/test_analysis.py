"""The per-action values and verdicts of maw_sim.analysis, checked against a brute force.

The brute force plays every legal action through the engine (Deal.copy + apply) to the end and
reads the engine's own outcome — the pool's winner, the points, who won the game — into a value it
computes itself, so it shares neither the solver's search nor its value scale.
"""

from __future__ import annotations

import random

import pytest

from maw_sim import Deal
from maw_sim.analysis import BEST, CAVEAT, POINTS, RESULT, TRICKS, NotAnalysable, analyse
from maw_sim.solver import solve_tricks

from test_solver import endgame


def side_of(deal, seat):
    return seat if deal.teams is None else deal.teams[seat]


def outcome_key(deal, side):
    """A comparable value of a finished deal for ``side``, from the engine's outcome alone."""
    o = deal.outcome
    if deal.variant.scoring_kind == "pool":
        if o.winner is None:
            return (0,)
        if side_of(deal, o.winner) != side:
            return (-1,)
        return (2,) if o.jinked else (1,)
    game = 0 if o.game_won_by is None else (1 if o.game_won_by == side else -1)
    return (game, o.points[side])


def brute(deal, side):
    if deal.phase == "over":
        return outcome_key(deal, side)
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        values.append(brute(child, side))
    return max(values) if side_of(deal, deal.to_move) == side else min(values)


def check(deal):
    """Every action's verdict agrees with the brute force; returns the verdicts seen."""
    before = (deal.history, [deal.hand(s) for s in range(deal.players)], deal.phase, deal.to_move)
    a = analyse(deal)
    assert before == (deal.history, [deal.hand(s) for s in range(deal.players)], deal.phase, deal.to_move)
    side = side_of(deal, deal.to_move)
    assert a.seat == deal.to_move and a.side == side
    assert [x.action for x in a.actions] == list(deal.legal_actions())
    truth = {}
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        truth[action] = brute(child, side)
    best = max(truth.values())
    for x in a.actions:
        t = truth[x.action]
        if t == best and x.verdict == TRICKS:
            # Same result, fewer tricks made sure of (checked against a brute force below).
            assert x.cost > 0 and x.tricks is not None and x.text.startswith("keeps the result but"), x
        elif t == best:
            assert (x.verdict, x.cost) == (BEST, 0) and x.text.startswith("keeps the best result"), x
        elif deal.variant.scoring_kind == "pool" or t[0] != best[0]:
            assert x.verdict == RESULT and x.text.startswith("changes the result"), (x, t, best)
        else:
            assert x.verdict == POINTS and x.cost == best[1] - t[1] > 0, (x, t, best)
            assert x.text == f"costs {x.cost} point{'s' if x.cost != 1 else ''}"
            assert x.tricks is None                  # points games count points, not tricks
    assert set(a.best_actions) | {x.action for x in a.actions if x.verdict == TRICKS} == {
        k for k, v in truth.items() if v == best}
    return {x.verdict for x in a.actions}


@pytest.mark.parametrize("vid,players,teams", [
    ("spoil-five", 3, None), ("spoil-five", 4, None), ("family", 3, None), ("cotton-1674", 2, None),
    ("forty-five", 3, None), ("forty-five", 4, "2x2"), ("twenty-five", 4, None), ("maw", 4, "2x2"),
    ("heather-1876", 3, None),
])
def test_verdicts_agree_with_brute_force(vid, players, teams):
    checked, seen, seed = 0, set(), 0
    while checked < 60:
        seed += 1
        deal = endgame(vid, players, seed * 104729 + players, 1 + seed % 3, teams)
        if deal.phase == "over" or (5 - sum(deal.tricks_won)) * players > 14:
            continue
        seen |= check(deal)
        checked += 1
    # Each game family produced more than one kind of mark, so the comparison was not vacuous.
    assert BEST in seen and len(seen) > 1, seen


def test_points_games_show_costs_in_points():
    seen = set()
    for seed in range(1, 400):
        deal = endgame("forty-five", 3, seed, 2)
        if deal.phase != "over":
            seen |= check(deal)
        if POINTS in seen and RESULT in seen:
            return
    pytest.fail(f"no position with both kinds of cost found; saw {seen}")


def test_robbing_and_jinking_decisions_are_valued():
    kinds = set()
    for seed in range(3000):
        deal = endgame("spoil-five", 3, seed, 2)
        if deal.phase == "jink":
            a = analyse(deal)
            assert {x.action for x in a.actions} == {"jink", "claim"}
            assert a["claim"].words == "wins the pool"
            kinds.add("jink")
        deal = Deal.random("spoil-five", 2, seed)
        if deal.phase == "rob" and "rob" not in kinds:
            a = analyse(deal)
            assert {x.action for x in a.actions} == set(deal.legal_actions())
            assert any(x.action.startswith("rob ") for x in a.actions)
            kinds.add("rob")
        if kinds == {"jink", "rob"}:
            return
    pytest.fail(f"found only {kinds}")


def test_a_finished_deal_is_refused():
    deal = Deal.random("spoil-five", 3, 5)
    rng = random.Random(1)
    while deal.phase != "over":
        deal.apply(rng.choice(deal.legal_actions()))
    with pytest.raises(NotAnalysable, match="over"):
        analyse(deal)


def test_analysis_values_are_immutable_and_say_double_dummy():
    deal = endgame("twenty-five", 3, 9, 1)
    a = analyse(deal)
    with pytest.raises(AttributeError):
        a.actions[0].value = 99
    with pytest.raises(KeyError):
        a["not an action"]
    assert "Double dummy" in CAVEAT


class _Jink(Exception):
    pass


def brute_tricks(deal, side):
    """The tricks ``side`` makes sure of by the end, every other seat against it, through the engine."""
    if deal.phase == "over":
        return sum(k for s, k in enumerate(deal.tricks_won) if side_of(deal, s) == side)
    if deal.phase != "play":
        raise _Jink()
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        values.append(brute_tricks(child, side))
    return max(values) if side_of(deal, deal.to_move) == side else min(values)


@pytest.mark.parametrize("vid,players", [("cotton-1674", 2), ("spoil-five", 3), ("spoil-five", 4), ("family", 3)])
def test_tricks_made_sure_of_agree_with_brute_force(vid, players):
    checked, counts, seed, seen_verdicts = 0, set(), 0, set()
    while checked < 40:
        seed += 1
        deal = endgame(vid, players, seed * 31 + players, 1 + seed % 3 if players > 2 else 5)
        if deal.phase != "play" or deal.jinker is not None or (5 - sum(deal.tricks_won)) * players > 12:
            continue
        a = analyse(deal)
        side = side_of(deal, deal.to_move)
        for x in a.actions:
            child = deal.copy()
            child.apply(x.action)
            try:
                truth = brute_tricks(child, side)
            except _Jink:
                assert x.tricks is None or child.phase == "play"
                continue
            assert x.tricks == truth, (vid, seed, x)
            assert f"makes sure of {truth} trick" in x.text
            counts.add(truth)
        # "tricks": the result of the best card, fewer tricks than the most such a card makes sure of.
        kept = [x for x in a.actions if x.value == a.best and x.tricks is not None]
        if kept:
            most = max(x.tricks for x in kept)
            for x in kept:
                assert (x.verdict, x.cost) == ((BEST, 0) if x.tricks == most else (TRICKS, most - x.tricks)), x
                seen_verdicts.add(x.verdict)
        assert solve_tricks(deal) == max(x.tricks for x in a.actions if x.tricks is not None) or any(
            x.tricks is None for x in a.actions)
        checked += 1
    assert len(counts) > 1, counts
    assert TRICKS in seen_verdicts or players == 2, seen_verdicts


def test_tricks_are_not_counted_where_they_cannot_be():
    robbing = next(d for d in (Deal.random("spoil-five", 2, k) for k in range(500)) if d.phase == "rob")
    with pytest.raises(ValueError, match="tricks are counted only"):
        solve_tricks(robbing)
    assert all(x.tricks is None for x in analyse(robbing).actions)
    jinked = None
    for seed in range(3000):
        deal = endgame("spoil-five", 3, seed, 2)
        if deal.phase == "jink":
            deal.apply("jink")
            jinked = deal
            break
    assert jinked is not None, "no jink found"
    with pytest.raises(ValueError, match="nobody has jinked"):
        solve_tricks(jinked)
    assert all(x.tricks is None for x in analyse(jinked).actions)
    assert all(x.tricks is None for x in analyse(endgame("forty-five", 3, 4, 2)).actions)


def test_a_search_budget_stops_early_and_changes_nothing():
    from maw_sim.analysis import TooLong
    deal = Deal.random("spoil-five", 5, 2)
    while deal.phase == "rob":
        deal.apply(deal.legal_actions()[-1])
    before = (deal.history, [deal.hand(s) for s in range(5)], deal.to_move)
    with pytest.raises(TooLong, match="more than 50 positions"):
        analyse(deal, node_limit=50)
    assert before == (deal.history, [deal.hand(s) for s in range(5)], deal.to_move)
    endgame_deal = endgame("spoil-five", 4, 3, 2)
    assert analyse(endgame_deal, node_limit=10 ** 7) == analyse(endgame_deal)


@pytest.mark.parametrize("vid,players,teams", [("one-hundred-and-ten", 3, None),
                                               ("auction-45-merrimack", 4, "2x2")])
def test_a_bidding_deals_marks_agree_with_brute_force(vid, players, teams):
    """The play of a bidding game: the solver scores the contract (made or failed, the score
    sheet's line) through the scoring's own rules; a brute force reads the engine's outcome."""
    from maw_sim.bots import get_bot
    bot = get_bot("heuristic")
    checked, seen, seed = 0, set(), 0
    while (checked < 12 or len(seen) < 2) and seed < 400:
        seed += 1
        deal = Deal.random(vid, players, seed, dealer=seed % players, teams=teams)
        rng = random.Random(seed)
        # The bots bid, name trumps and discard; the play goes on until a few tricks are left.
        stop = rng.choice((2, 3))
        while deal.to_move is not None and (deal.phase != "play" or sum(deal.tricks_won) < stop
                                            or deal.tricks[-1].winner is None and deal.tricks[-1].plays):
            deal.apply(bot(deal.view(deal.to_move), rng))
        if deal.phase != "play":
            continue
        assert deal.contract is not None
        seen |= check(deal)
        checked += 1
    assert checked >= 12 and BEST in seen and len(seen) > 1, (checked, seen)
