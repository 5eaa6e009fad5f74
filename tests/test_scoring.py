"""The scoring strategies (maw_sim.scoring): the one statement of how a deal is won and paid."""
import random

import pytest

import maw_sim
from maw_sim import Deal, Match
from maw_sim.scoring import GAME, SCORINGS, TO_WIN, PointsScoring, PoolScoring


def test_every_variant_has_a_scorer_of_its_kind():
    for vid in maw_sim.variant_ids():
        v = maw_sim.load_variant(vid)
        assert isinstance(v.scorer, SCORINGS[v.scoring_kind]) and v.scorer.kind == v.scoring_kind


@pytest.mark.parametrize("vid", maw_sim.variant_ids())
def test_the_bots_value_and_the_solvers_value_of_a_result_agree(vid):
    """Two scales of one rule: a finished deal's worth to each side, read directly or through the
    solver's scale, is the same number."""
    v = maw_sim.load_variant(vid)
    rng = random.Random(vid)
    for seed in range(150):
        players = rng.randint(v.min_players, min(v.max_players, 6))
        deal = Deal.random(v, players, seed)
        while deal.to_move is not None:
            deal.apply(rng.choice(deal.legal_actions()))
        for side in range(players):
            direct = v.scorer.value(deal.outcome, side, players)
            through = v.scorer.from_solver(v.scorer.solver_value(deal.outcome, side), players)
            assert direct == through, (vid, seed, side)


def test_pool_three_tricks_win_a_claim_takes_the_first_three_a_failed_jink_spoils():
    pool = PoolScoring(maw_sim.load_variant("spoil-five"))
    assert pool.result([1, TO_WIN, 1], None, None, False, None) == (1, False, None)
    assert pool.result([2, 2, 1], None, None, False, None) == (None, False, None)      # spoilt
    assert pool.result([0, 3, 0], 1, None, False, None) == (1, False, None)            # claimed
    assert pool.result([0, 5, 0], None, 1, False, None) == (1, True, None)             # jinked
    assert pool.result([1, 4, 0], None, 1, True, None) == (None, False, None)          # the jink failed


def test_points_a_side_taking_all_five_wins_the_game_where_the_variant_says_so():
    forty_five = PointsScoring(maw_sim.load_variant("forty-five"))
    twenty_five = PointsScoring(maw_sim.load_variant("twenty-five"))
    assert forty_five.result([5, 0], None, None, False, None) == (0, True, 0)
    assert twenty_five.result([5, 0], None, None, False, None)[2] is None
    assert forty_five.trick_points(True) == 10 and forty_five.trick_points(False) == 5
    assert forty_five.describe_value(GAME + 15) == "15 points and wins the game"


def test_a_pool_is_conserved_through_the_strategy():
    match = Match("spoil-five", 5, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        deal = match.new_deal()
        while deal.to_move is not None:
            deal.apply(rng.choice(deal.legal_actions()))
        match.settle(deal)
        assert sum(match.chips) + match.pool == 0
