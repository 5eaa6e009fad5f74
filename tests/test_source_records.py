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


def test_every_teaching_position_link_opens_its_exact_position(site_html):
    """The teaching page's position names link to the review board with a record that the engine
    replays to the exercise's moment: the student to move, with exactly the legal actions the
    exercise's answer is checked against."""
    import re
    import tomllib
    from urllib.parse import unquote

    positions = tomllib.loads((RECORDS[0].parent.parent / "teaching" / "positions.toml").read_text(encoding="utf-8"))
    by_record = {}
    html = (site_html / "teaching" / "index.html").read_text(encoding="utf-8")
    # The record is the link's last parameter (the exercise's question and answer come before it).
    for url in re.findall(r'href="([^"]*review\.html\?[^"]*record=[^"]*)"', html):
        text = unquote(url.replace("&amp;", "&").split("record=", 1)[1])
        by_record[text] = GameRecord.parse(text)
    assert by_record, "no position links on the teaching page"
    found = set()
    for position in positions["position"]:
        for record in by_record.values():
            if (record.variant.id == position["variant"] and [sorted(h) for h in record.hands] == [sorted(h) for h in position["hands"]]
                    and [a for _, a in record.actions] == position["actions"]):
                deal = record.replay()
                if "legal" in position:
                    assert sorted(deal.legal_actions()) == sorted(position["legal"]), position["id"]
                found.add(position["id"])
    linked = {p["id"] for p in positions["position"] if f"`{p['id']}`" in
              (RECORDS[0].parent.parent / "teaching" / "index.md").read_text(encoding="utf-8")}
    assert linked and linked <= found, linked - found
