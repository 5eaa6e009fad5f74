"""Reading the table (maw_sim.bots.table_reading): whether the other seats play as the heuristic
would, judged from one seat's view alone."""

import random

from maw_sim import Deal
from maw_sim.bots import get_bot
from maw_sim.bots.inference import Knowledge
from maw_sim.bots.table_reading import chance_heuristic, heuristic_agreement, reads_as_heuristic


def _later_views(field: str, seeds):
    """Seat 0's play decisions from the third trick on, the other seats played by ``field``."""
    me, others = get_bot("heuristic"), get_bot(field)
    for seed in seeds:
        deal = Deal.random("spoil-five", 5, seed, dealer=seed % 5)
        rng = random.Random(seed)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if view.seat == 0 and view.phase == "play" and view.trick_number >= 2 and len(view.legal) > 1:
                yield deal, view
            deal.apply((me if view.seat == 0 else others)(view, rng))


def _readings(field: str) -> list:
    return [reads_as_heuristic(view, random.Random(7)) for _, view in _later_views(field, range(12))]


def test_a_table_of_heuristic_players_reads_as_heuristic_and_a_random_one_does_not():
    heuristic, random_table = _readings("heuristic"), _readings("random")
    assert len(heuristic) >= 6 and len(random_table) >= 6
    assert sum(r is True for r in heuristic) > 0.8 * len(heuristic)
    assert sum(r is False for r in random_table) > 0.8 * len(random_table)


def test_the_chance_of_heuristic_players_follows_their_cards():
    """Even before a card is seen; above even at a heuristic table and below at a random one, on
    average and at two decisions in three or more (a random player's card often is the heuristic's
    where there are two to choose from), and near certain at some decisions."""
    heuristic = [chance_heuristic(v, random.Random(7)) for _, v in _later_views("heuristic", range(12))]
    random_table = [chance_heuristic(v, random.Random(7)) for _, v in _later_views("random", range(12))]
    assert sum(random_table) / len(random_table) < 0.5 < sum(heuristic) / len(heuristic)
    assert sum(c > 0.5 for c in heuristic) > 2 / 3 * len(heuristic)
    assert sum(c < 0.5 for c in random_table) > 2 / 3 * len(random_table)
    assert min(random_table) < 0.05 < 0.95 < max(heuristic)


def test_the_reading_reads_only_the_view():
    """A deal whose other hands are drawn again to agree with all the seat saw gives the same
    reading, count for count, from the same generator (the hidden cards did change somewhere)."""
    checked = changed = 0
    for deal, view in _later_views("heuristic", range(4)):
        world = Knowledge(view).world(random.Random(1))
        other = world.view(view.seat)
        assert heuristic_agreement(other, random.Random(2)) == heuristic_agreement(view, random.Random(2))
        changed += any(world.hand(s) != deal.hand(s) for s in range(5) if s != view.seat)
        checked += 1
    assert checked >= 3 and changed


def test_nothing_to_read_before_a_card_with_a_choice():
    deal = Deal.random("spoil-five", 5, 3, dealer=4)
    while deal.phase != "play":        # robbing, if any, by the heuristic
        deal.apply(get_bot("heuristic")(deal.view(deal.to_move), random.Random(0)))
    view = deal.view(deal.to_move)
    assert view.trick_number == 0 and view.current_trick is None
    assert heuristic_agreement(view, random.Random(0)) == (0, 0)
    assert reads_as_heuristic(view, random.Random(0)) is None
    assert chance_heuristic(view, random.Random(0)) == 0.5
