"""The learner's hint (maw_sim.hint): one verdict for each choice, from the seat's view alone."""

import json
import random
import re

import pytest

import maw_sim
from maw_sim import Deal, web
from maw_sim.cards import Card
from maw_sim.hint import hint

from test_conformance import _exchanged, known_cards


def _at_play(vid, players, seed, moves):
    deal = Deal.random(maw_sim.load_variant(vid), players, seed)
    rng = random.Random(seed)
    while deal.to_move is not None and (deal.phase != "play" or moves):
        if deal.phase == "play":
            moves -= 1
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_the_hint_judges_every_legal_card_and_names_one_best():
    deal = _at_play("spoil-five", 4, 11, 3)
    view = deal.view(deal.to_move)
    h = hint(view)
    assert [c["action"] for c in h["choices"]] == list(view.legal)
    assert sum(c["best"] for c in h["choices"]) == 1
    assert h["worlds"] >= 12 and all(0 <= c["value"] for c in h["choices"])
    best = next(c["action"] for c in h["choices"] if c["best"])
    # The best card named as a player names it (Q♦), never by the notation's code (QD).
    assert Card.parse(best).symbol in h["text"]
    assert not re.search(r"\b(10|[2-9AKQJT])[CDHS]\b", h["text"]), h["text"]


def test_a_hint_whose_numbers_are_all_alike_says_so_before_naming_the_best(monkeypatch):
    """When every card shows the same number (no card takes the pool in any deal imagined), the
    hint does not just say one "did best": it says they are alike, and which did a shade better."""
    from maw_sim import hint as hint_module
    from maw_sim.bots.search import Judgement
    deal = _at_play("spoil-five", 4, 11, 3)
    view = deal.view(deal.to_move)
    best = view.legal[-1]
    alike = Judgement(40, 0, dict.fromkeys(view.legal, 0.0), {a: 0.001 if a == best else 0.0 for a in view.legal})
    monkeypatch.setattr(hint_module.HINT_SEARCH, "evaluate", lambda view, rng: alike)
    h = hint(view)
    assert [c["action"] for c in h["choices"] if c["best"]] == [best]
    assert h["text"].endswith(f"every card takes the pool in about 0% of the deals imagined, and {Card.parse(best).symbol} did a shade better.")


@pytest.mark.parametrize("vid,players,seed", [("spoil-five", 5, 3), ("forty-five", 4, 8), ("twenty-five", 3, 21)])
def test_two_deals_that_differ_only_in_hidden_cards_give_the_same_hint(vid, players, seed):
    deal = _at_play(vid, players, seed, 4)
    seat = deal.to_move
    hidden = sorted(c.code for c in deal.variant.pack.cards if c.code not in known_cards(deal, seat))
    rng = random.Random(seed)
    tried = 0
    for _ in range(40):
        a, b = rng.sample(hidden, 2)
        other = _exchanged(deal, seat, len(deal.events), a, b)
        if other is None or other.to_move != seat:
            continue
        assert other.view(seat) == deal.view(seat)
        assert hint(other.view(seat)) == hint(deal.view(seat))
        tried += 1
        if tried == 2:
            break
    assert tried


def test_the_hint_in_the_auction_is_the_evaluators_choice():
    deal = Deal.random(maw_sim.load_variant("one-hundred-and-ten"), 4, 5)
    h = hint(deal.view(deal.to_move))
    assert h["kind"] == "bidding" and sum(c["best"] for c in h["choices"]) == 1


def test_a_hint_names_each_choice_as_a_player_does():
    """Cards by their symbols and other choices by their buttons' words, never the notation's codes."""
    from maw_sim.hint import _said
    assert _said("QD", "play") == "Q♦" and _said("10H", "play") == "10♥"
    assert _said("rob 8C", "rob") == "Put out 8♣"
    assert _said("discard JH 7H 4H 8S AS", "kitty") == "Discard J♥ 7♥ 4♥ 8♠ A♠"
    assert _said("bid 25", "bid") == "Bid 25"


def test_a_hint_is_for_the_seat_to_move():
    deal = _at_play("spoil-five", 4, 11, 1)
    with pytest.raises(ValueError):
        hint(deal.view((deal.to_move + 1) % 4))


def _call(session, **request):
    return json.loads(web.handle(json.dumps(request), session))


def test_the_protocol_gives_a_hint_on_your_turn_only():
    session = web.Session()
    reply = _call(session, op="new", variant="spoil-five", players=3, seed=5)
    assert reply["ok"] and reply["state"]["your_turn"]     # the bots move until it is yours
    answer = _call(session, op="hint")
    assert answer["ok"] and answer["hint"]["choices"]
    legal = {c["code"] for c in reply["state"]["hand"] if c["legal"]} | {c["action"] for c in reply["state"]["choices"]}
    assert {c["action"] for c in answer["hint"]["choices"]} == legal
    # Played out, the deal leaves nothing to hint at: refused, with the reason.
    while reply["state"]["phase"] != "over":
        action = answer["hint"]["choices"][0]["action"]
        reply = _call(session, op="act", action=action)
        if reply["state"]["phase"] != "over":
            answer = _call(session, op="hint")
    refused = _call(session, op="hint")
    assert not refused["ok"] and "over" in refused["error"]
