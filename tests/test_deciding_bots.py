"""The heuristic's variations for the studies: one deciding robbing and jinking by its own
evaluation, one softened by chance. Both read only their view and replay from a seed."""

from __future__ import annotations

import random

import pytest

import maw_sim
from maw_sim import Deal
from maw_sim.bots import get_bot, play_deal
from maw_sim.bots.deciding import DecidingHeuristic, SoftHeuristic

QUICK = DecidingHeuristic(worlds=6)


def _decisions(bots, variant, players, seeds, phase):
    """(seat's view, the action chosen) at every decision in ``phase`` over the deals ``seeds``."""
    seen = []
    for seed in seeds:
        deal = Deal.random(variant, players, seed, dealer=seed % players)
        rng = random.Random(seed)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            action = bots[deal.to_move](view, rng)
            if view.phase == phase and len(view.legal) > 1:
                seen.append((view, action))
            deal.apply(action)
    return seen


def test_it_weighs_robbing_against_keeping_quiet_where_passing_is_free():
    v = maw_sim.load_variant("spoil-five")
    chances = _decisions([QUICK] * 5, v, 5, range(60), "rob")
    assert len(chances) > 15
    choices = {action.split()[0] for _, action in chances}
    assert choices <= {"rob", "pass"}
    # Each choice is its evaluation's: asked again with the same dice, it answers the same.
    view, action = chances[0]
    assert QUICK(view, random.Random(5)) == QUICK(view, random.Random(5))
    # It robs with the heuristic's card when it robs.
    for view, action in chances:
        if action.startswith("rob "):
            assert action == get_bot("heuristic")(view, random.Random(0))


def test_where_passing_bars_the_pool_it_always_robs():
    """Under ``rob-or-barred`` a pass leaves nothing to win, so robbing can only be as good or
    better; a tie goes to robbing."""
    v = maw_sim.load_variant("spoil-five").with_options({"robbing": "rob-or-barred"})
    chances = _decisions([QUICK] * 5, v, 5, range(40), "rob")
    holders = [(view, a) for view, a in chances if "pass" in view.legal and view.turnup.rank != 1]
    assert holders and all(a.startswith("rob ") for _, a in holders)


def test_it_decides_the_jink_by_playing_it_out():
    v = maw_sim.load_variant("spoil-five")
    jinks = _decisions([QUICK] * 5, v, 5, range(200), "jink")
    assert jinks and {a for _, a in jinks} <= {"jink", "claim"}


def test_the_soft_heuristic_is_the_heuristic_at_zero_and_replays_from_its_seed():
    v = maw_sim.load_variant("spoil-five")
    hard = [get_bot("heuristic")] * 5
    for seed in range(5):
        a, b = Deal.random(v, 5, seed), Deal.random(v, 5, seed)
        play_deal(a, hard, random.Random(seed))
        play_deal(b, [SoftHeuristic(0.0)] * 5, random.Random(seed))
        assert a.history == b.history
    soft = [SoftHeuristic(0.3)] * 5
    runs = []
    for _ in range(2):
        deal = Deal.random(v, 5, 7)
        play_deal(deal, soft, random.Random(7))
        runs.append(deal.history)
    assert runs[0] == runs[1]
    differs = 0
    for seed in range(10):
        a, b = Deal.random(v, 5, seed), Deal.random(v, 5, seed)
        play_deal(a, hard, random.Random(seed))
        play_deal(b, soft, random.Random(seed))
        differs += a.history != b.history
    assert differs >= 5
    with pytest.raises(ValueError, match="epsilon"):
        SoftHeuristic(1.5)
