"""Scoring across deals: the Spoil Five pool and the points games."""
import pytest

from maw_sim.bots import play_match
from maw_sim import Deal, Match


def _finish(deal, choose=lambda d: d.legal_actions()[0]):
    while deal.phase != "over":
        deal.apply(choose(deal))


def test_a_new_pool_takes_the_ante_from_each_and_the_dealers_stake():
    match = Match("spoil-five", 5, seed=3)
    match.new_deal()
    assert match.pool == 5 * 2 + 1
    assert match.chips == [-3, -2, -2, -2, -2]        # seat 0 deals first


def test_a_spoilt_pool_is_carried_and_each_but_the_dealer_adds_one():
    match = Match("spoil-five", 5, seed=0)
    for _ in range(60):
        deal = match.new_deal()
        pool_before_play = match.pool
        _finish(deal)
        match.settle(deal)
        if deal.outcome.spoilt:
            carried = match.pool
            assert carried == pool_before_play
            nxt = match.new_deal()
            assert match.pool == carried + 4 * 1 + 1     # four players add one, the dealer his stake
            _finish(nxt)
            match.settle(nxt)
            return
    pytest.fail("no spoil in 60 deals")


def test_winning_the_pool_pays_the_winner_and_a_new_pool_is_formed():
    match = Match("spoil-five", 5, seed=1)
    for _ in range(60):
        deal = match.new_deal()
        pool = match.pool
        chips = list(match.chips)
        _finish(deal)
        match.settle(deal)
        if deal.outcome.winner is not None and not deal.outcome.jinked:
            assert match.chips[deal.outcome.winner] == chips[deal.outcome.winner] + pool
            assert match.pool == 0 and not match.carried
            return
    pytest.fail("no win in 60 deals")


def test_a_jink_collects_the_stake_from_each_other_player():
    hands = ["5C JC AH AC KC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "8D 9D 10D JD QD"]
    match = Match("spoil-five", 5, seed=0)
    deal = match.new_deal(hands=[h.split() for h in hands], turnup="9C")
    pool, chips = match.pool, list(match.chips)
    # Seat 1 leads (the dealer is seat 0); the holder of the five fingers is seat 0.
    _finish(deal, lambda d: "jink" if d.phase == "jink" else d.legal_actions()[0])
    match.settle(deal)
    if deal.outcome.jinked:
        w = deal.outcome.winner
        assert match.chips[w] == chips[w] + pool + 4 * 2
    assert sum(match.chips) + match.pool == 0


@pytest.mark.parametrize("variant,players,teams,options", [
    ("spoil-five", 4, "2x2", None), ("spoil-five", 6, "3x2", None), ("spoil-five", 8, "4x2", None),
    ("spoil-five", 7, None, {"past_five": "two-tricks"}), ("spoil-five", 6, None, {"past_five": "relative-majority"}),
    ("spoil-five", 5, None, {"robbing": "rob-or-barred"}), ("twenty-five-pool", 6, "3x2", None),
    ("twenty-five-pool", 5, None, None)])
def test_chips_are_conserved_with_partners_and_the_pool_options(variant, players, teams, options):
    """Whatever the pool's rules (partners sharing it, two tricks or a relative majority at a big
    table, a barred robber), the players' net chips and the pool always sum to zero."""
    import maw_sim
    from maw_sim.bots import get_bot
    match = Match(maw_sim.load_variant(variant, options=options), players, seed=11, teams=teams)
    play_match(match, [get_bot("random")] * players, deals=30)
    assert sum(match.chips) + match.pool == 0
    assert any(r.team is not None for r in match.results)


def test_deal_passes_to_the_left():
    match = Match("twenty-five", 4, seed=2)
    dealers = []
    for _ in range(3):
        deal = match.new_deal()
        dealers.append(deal.dealer)
        _finish(deal)
        match.settle(deal)
        if match.over:
            break
    assert dealers == list(range(len(dealers)))


def test_a_points_game_ends_when_a_side_reaches_the_target():
    match = Match("twenty-five", 4, seed=5, teams="2x2")
    while not match.over:
        deal = match.new_deal()
        _finish(deal)
        match.settle(deal)
    assert max(match.scores) >= 25 and match.scores[match.game_won_by] >= 25 or \
        match.results[-1].jinked
    with pytest.raises(ValueError, match="game is over"):
        match.new_deal()


def test_the_first_deal_of_a_match_is_the_seeded_deal():
    match = Match("spoil-five", 5, seed=42)
    deal = match.new_deal()
    same = Deal.random("spoil-five", 5, 42)
    assert [deal.hand(s) for s in range(5)] == [same.hand(s) for s in range(5)]


def test_bad_match_arguments():
    with pytest.raises(ValueError, match="2 to 2 players"):
        Match("cotton-1674", 4)
    with pytest.raises(ValueError, match="allowed"):
        Match("family", 4, teams="2x2")
    with pytest.raises(ValueError, match="seed"):
        Match("spoil-five", 4, seed=-3)
