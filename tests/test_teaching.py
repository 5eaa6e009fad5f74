"""The teaching page's exercises, checked against the engine.

Every position in ``docs/teaching/positions.toml`` is set up with ``maw_sim.Deal`` from its cards,
its moves are replayed, and its answer is checked: the student's legal actions (and that every
other card in hand is refused with a reason), the winner of the trick after the answer's card,
and where given the exact solver's verdict. The card-order exercises (3 and 10) are checked
against the variants' rankings. A position that no longer matches the engine fails here, so the
page cannot drift from the table it sends students to.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import maw_sim
import pytest
from maw_sim.solver import solve_moves

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "docs" / "teaching" / "positions.toml"
PAGE = ROOT / "docs" / "teaching" / "index.md"
REQUIRED = {"id", "title", "variant", "dealer", "hands", "turnup", "actions", "question", "answer"}


def positions() -> list[dict]:
    return tomllib.loads(POSITIONS.read_text(encoding="utf-8"))["position"]


def set_up(position) -> maw_sim.Deal:
    variant = maw_sim.load_variant(position["variant"])
    deal = maw_sim.Deal(variant, position["hands"], position["turnup"], position["dealer"])
    for action in position["actions"]:
        reason = deal.explain(action)
        assert reason is None, f"{position['id']}: the move {action!r} is refused: {reason}"
        deal.apply(action)
    return deal


def test_every_position_is_complete_and_unique():
    seen = set()
    ids = set(maw_sim.variant_ids())
    for position in positions():
        missing = REQUIRED - set(position)
        assert not missing, f"{position.get('id')}: missing {missing}"
        assert position["id"] not in seen, position["id"]
        seen.add(position["id"])
        assert position["variant"] in ids, position["variant"]
        assert all(len(hand) == 5 for hand in position["hands"]), position["id"]
        assert "legal" in position, f"{position['id']}: give the legal actions, so the answer is checked"


@pytest.mark.parametrize("position", positions(), ids=lambda p: p["id"])
def test_the_answer_matches_the_engine(position):
    deal = set_up(position)
    assert deal.phase == "play", f"{position['id']}: the position should be in the play"
    legal = set(deal.legal_actions())
    assert legal == set(position["legal"]), (position["id"], sorted(legal))
    for card in deal.hand(deal.to_move):
        code = str(card)
        if code in legal:
            assert deal.explain(code) is None
        else:
            reason = deal.explain(code)
            assert reason, f"{position['id']}: {code} is illegal but the engine gives no reason"
    if "solver" in position:
        values = solve_moves(deal)
        assert set(values.values()) == {position["solver"]}, (position["id"], values)
    if "play" in position:
        seat = deal.to_move
        deal.apply(position["play"])
        trick = next(t for t in reversed(deal.tricks) if any(s == seat for s, _ in t.plays))
        if "winner" in position:
            assert trick.winner == position["winner"], (position["id"], trick.winner)


def test_the_shared_deal_is_the_seeded_deal():
    """The shared link's seed deals exactly the cards of the shared positions (the first deal of a
    match is Deal.random(variant, players, seed) with seat 0 dealing), in both rule sets."""
    shared = [p for p in positions() if p["id"].startswith("shared-deal")]
    assert len(shared) == 2
    for position in shared:
        deal = maw_sim.Deal.random(position["variant"], players=2, seed=56, dealer=0)
        assert [sorted(str(c) for c in deal.hand(s)) for s in range(2)] == \
            [sorted(h) for h in position["hands"]]
        assert str(deal.turnup) == position["turnup"]
    text = PAGE.read_text(encoding="utf-8")
    assert "seed=56" in text


def test_the_card_order_exercises():
    cotton, modern = maw_sim.load_variant("cotton-1674"), maw_sim.load_variant("spoil-five")
    five = ["2C", "AH", "JC", "5C", "AC"]

    def order(variant, suit, cards):
        ranking = [str(c) for c in variant.trump_ranking(suit)]
        return sorted(cards, key=ranking.index)
    # exercise 3
    assert order(cotton, "C", five) == ["5C", "AH", "AC", "JC", "2C"]
    assert order(modern, "C", five) == ["5C", "JC", "AH", "AC", "2C"]
    # exercise 10: the worst card, and the fourth best when diamonds are trumps
    assert str(modern.plain_ranking("D", "S")[-1]) == "AD"
    assert [str(c) for c in modern.trump_ranking("D")][3] == "AD"
    assert [str(c) for c in cotton.trump_ranking("D")][2] == "AD"


def test_the_page_shows_every_position():
    text = PAGE.read_text(encoding="utf-8")
    for position in positions():
        assert position["id"] in text, f"the teaching page does not mention position {position['id']}"
