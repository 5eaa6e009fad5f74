"""Records the site shows (docs/records/*.maw): each reads and replays, and the deals taken from the
sources give the sources' rulings."""
from pathlib import Path

import pytest

from maw_sim import Deal, GameRecord

RECORDS = sorted((Path(__file__).resolve().parent.parent / "docs" / "records").glob("*.maw"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_record_on_the_site_replays(path):
    record = GameRecord.parse(path.read_text(encoding="utf-8"))
    for index in range(len(record.deals)):
        record.replay(deal=index)
    assert GameRecord.parse(record.text()) == record


def test_bruff_the_best_trump_in_play_takes_the_bonus_so_the_score_is_40_40_35():
    record = GameRecord.parse((RECORDS[0].parent / "bruff-example.maw").read_text(encoding="utf-8"))
    after_first = record.replay(upto=6)
    assert after_first.tricks[0].winner % 3 == 1 and after_first.deal_points == (0, 5, 0)
    deal = record.replay()
    scores = tuple(before + now for before, now in zip(deal.scores, deal.deal_points))
    assert scores == (40, 40, 35) and deal.outcome is None


def test_bruff_had_the_knave_been_the_best_trump_side_b_would_have_won_at_the_first_trick():
    record = GameRecord.parse((RECORDS[0].parent / "bruff-example.maw").read_text(encoding="utf-8"))
    hands = [list(h) for h in record.hands]
    hands[3][hands[3].index("5S")] = "2S" if "2S" not in sum(hands, []) else "3S"
    deal = Deal(record.variant, hands, record.turnup, record.dealer, teams=record.teams, scores=record.deal.scores)
    for _, action in record.actions[:6]:
        deal.apply(action)
    assert deal.outcome is not None and deal.outcome.game_won_by == 1     # 35 + 5 + 5 = 45, mid-deal
