"""The play page's state against its declaration (maw_sim.page_state): every ruleset's states have
every declared key, of the declared type, and no other; the declaration's JSON Schema is what the
browser test holds the page's states against (tests/test_page_state_browser.py)."""

from __future__ import annotations

import json
import random

import pytest

import maw_sim
from maw_sim import page_state, web
from maw_sim.page_state import PageState, json_schema, problems

from test_conformance import CASES, _id, _page_state, _random_deal


def _play_states(variant, players, seed, humans=None, options=None, deals=2):
    """Every state a session sends while its seats play ``deals`` deals (the bots random; the
    people's first legal choice): after each move, at each deal's end and the next's start."""
    s = web.Session()
    s.new(variant=variant, players=players, seed=seed, bot="random", humans=humans, options=options)
    states = [s.state()]
    for _ in range(deals):
        for _ in range(200):
            state = states[-1]
            if state["phase"] == "over":
                break
            select = state["select"]
            if select and select["none"]:
                action = state["choices"][0]["action"]          # "discard none", the one button
            elif select:
                marked = [c["code"] for c in state["hand"] if c["legal"]][:select["min"]]
                action = "discard " + " ".join(marked)
            else:
                action = next((c["code"] for c in state["hand"] if c["legal"]), None) or state["choices"][0]["action"]
            s.act(action)
            states.append(s.state())
        if s.match.over:
            break
        s.next_deal()
        states.append(s.state())
    return states


@pytest.mark.parametrize("vid", maw_sim.variant_ids())
def test_every_state_of_every_ruleset_fits_the_declaration(vid):
    v = maw_sim.load_variant(vid)
    checked = 0
    for seed in (1, 2):
        for state in _play_states(vid, v.default_players, seed):
            assert problems(state) == [], (vid, seed, state["phase"], problems(state)[:5])
            checked += 1
    assert checked > 4


def test_pass_and_play_partnerships_and_house_rules_fit_the_declaration():
    for state in _play_states("twenty-five", 4, 3, humans=[0, 2]):
        assert problems(state) == []
    for state in _play_states("auction-45-atlantic", 4, 5, options={"kitty_shown": True}):
        assert problems(state) == []
    for state in _play_states("auction-45-merrimack", 5, 7, options={"call_partner": True}, deals=1):
        assert problems(state) == []


@pytest.mark.parametrize("case", CASES[::7], ids=_id)
def test_every_seat_of_a_random_position_fits_the_declaration(case):
    # Positions the sessions above may not reach (a seat marking a discard, a held contract): the
    # states of every seat, from their views, at each point of a random deal.
    full = _random_deal(case, sum(map(ord, _id(case))))
    replay = maw_sim.Deal(full.variant, [[c.code for c in h] for h in full.dealt],
                          None if full.dealt_turnup is None else full.dealt_turnup.code, full.dealer,
                          teams=None if full.teams is None else f"{max(full.teams) + 1}x{full.players // (max(full.teams) + 1)}",
                          scores=full.scores, **({"kitty": [c.code for c in full.kitty]} if full.variant.bidding else {}),
                          **({"stock": [c.code for c in full.stock]} if full.stock else {}))
    for k, event in enumerate(full.events):
        for seat in range(replay.players) if k % 3 == 0 else ():
            state = _page_state(replay.view(seat, detail=True))
            assert problems(state) == [], (seat, problems(state)[:5])
        if not event.chance:
            replay.apply(event.text)


def test_the_check_finds_a_missing_key_an_undeclared_one_and_a_wrong_type():
    state = web.Session()
    state.new(variant="spoil-five", players=4, seed=2)
    good = state.state()
    assert problems(good) == []
    missing = {k: v for k, v in good.items() if k != "prompt"}
    assert problems(missing) == ["state: missing key 'prompt' (PageState)"]
    extra = {**good, "secret": 1}
    assert problems(extra) == ["state: undeclared key 'secret' (PageState)"]
    wrong = {**good, "hand": [{**good["hand"][0], "legal": "yes"}] + good["hand"][1:]}
    assert problems(wrong) == ["state.hand[0].legal: expected true or false, got 'yes'"]
    assert problems({**good, "players": True}) == ["state.players: expected a whole number, got True"]


def test_the_declaration_as_json_schema_names_every_part_and_every_key():
    schema = json_schema()
    json.dumps(schema)                                   # plain JSON
    assert schema["$ref"] == "#/$defs/PageState"
    top = schema["$defs"]["PageState"]
    assert set(top["required"]) == set(PageState.__annotations__) and top["additionalProperties"] is False
    assert schema["$defs"]["HandCard"]["properties"]["rule"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}
    # The link's parameters left at their defaults are the one part a state may leave out.
    assert set(schema["$defs"]["Link"]["required"]) == {"variant", "players", "seed", "game", "deal"}
    assert page_state.problems(random.Random(1)) != []   # anything but an object is refused
