"""maw_sim.web, the browser bridge, in CPython: the protocol, what a seat may see, bad input."""

from __future__ import annotations

import json
import re

import pytest

import maw_sim
from maw_sim import web
from maw_sim.cards import Card

from test_conformance import known_cards


def call(session, **request):
    reply = json.loads(web.handle(json.dumps(request), session))
    return reply


def ok(session, **request):
    reply = call(session, **request)
    assert reply["ok"], reply
    return reply


def first_choice(state):
    """A legal move from the state alone, as the page would click it. In the kitty and discard
    steps (``state["select"]``): "discard none" where allowed, else the first cards that may go."""
    select = state.get("select")
    if select:
        if select["none"] or select["max"] == 0:
            return "discard none"
        marked = [c["code"] for c in state["hand"] if c["legal"]][:select["min"] or 1]
        return "discard " + " ".join(marked)
    # A card of the hand that may be put out for the turn-up is robbed by tapping it, as the page does.
    actions = {c["action"] for c in state["choices"]}
    legal = [c["code"] if c["legal"] else f"rob {c['code']}" for c in state["hand"]
             if c["legal"] or f"rob {c['code']}" in actions]
    return (legal or [c["action"] for c in state["choices"]])[0]


def play_out(session, reply):
    moves = 0
    while reply["state"]["phase"] != "over":
        assert reply["state"]["your_turn"], "the bridge must hand back control only on your turn"
        reply = ok(session, op="act", action=first_choice(reply["state"]))
        moves += 1
        assert moves < 60
    return reply


@pytest.fixture
def session():
    return web.Session()


def test_variants_lists_every_variant_and_bot(session):
    reply = ok(session, op="variants")
    assert [v["id"] for v in reply["variants"]] == maw_sim.variant_ids()
    assert {"random", "heuristic"} <= set(reply["bots"])
    spoil = next(v for v in reply["variants"] if v["id"] == "spoil-five")
    assert (spoil["min_players"], spoil["max_players"]) == (2, 10)


@pytest.mark.parametrize("variant", maw_sim.variant_ids())
def test_a_whole_deal_of_every_variant(session, variant):
    reply = ok(session, op="new", variant=variant, seed=11)
    state = reply["state"]
    assert state["variant"]["id"] == variant
    assert state["players"] == maw_sim.load_variant(variant).default_players
    assert reply["events"][0]["kind"] == "deal"
    reply = play_out(session, reply)
    state = reply["state"]
    assert state["phase"] == "over" and state["outcome"]["text"]
    assert reply["events"][-1]["kind"] == "over"
    assert sum(state["outcome"]["tricks_won"]) == 5
    assert all(e["text"] for e in reply["events"])


@pytest.mark.parametrize("variant", maw_sim.variant_ids())
def test_the_play_protocol_deals_every_player_count_and_layout_a_ruleset_allows(variant):
    """What the page runs in the browser (this protocol, in Pyodide), at every table the ruleset
    allows: each player count alone or in its default layout, and every partnership layout."""
    v = maw_sim.load_variant(variant)
    tables = [(n, None) for n in range(v.min_players, v.max_players + 1)]
    tables += [(t * k, f"{t}x{k}") for t, k in v.partnerships]
    for players, teams in tables:
        session = web.Session()
        reply = ok(session, op="new", variant=variant, players=players, seed=players, **(
            {"teams": teams} if teams else {}))
        assert reply["state"]["players"] == players
        reply = play_out(session, reply)
        assert reply["state"]["phase"] == "over" and reply["state"]["outcome"]["text"]


def test_the_state_never_shows_another_hand(session):
    reply = ok(session, op="new", variant="spoil-five", players=5, seed=3)
    me = reply["state"]["seat"]
    deal = session.deal
    mine = {c.code for c in deal.hand(me)}
    others = {c.code for s in range(5) if s != me for c in deal.hand(s)}
    text = json.dumps({**reply["state"], "trump_order": None})    # the ranking: rules, not places
    assert {c["code"] for c in reply["state"]["hand"]} == mine
    played = {p["card"]["code"] for p in (reply["state"]["trick"] or {"plays": []})["plays"]}
    for code in others - played - {deal.turnup.code}:
        assert f'"{code}"' not in text, f"{code} from another hand leaked into the state"


def test_a_bot_robbing_puts_out_its_card_face_down():
    # Find a seed where a bot robs: the event says "rob ?" and no part of the reply names the card.
    for seed in range(300):
        s = web.Session()
        reply = ok(s, op="new", variant="spoil-five", players=5, seed=seed, bot="heuristic")
        robs = [e for e in reply["events"] if e["kind"] == "rob" and e["seat"] != 0]
        if robs:
            robber, put_out = next((a, Card.parse(x.split()[1])) for a, x in s.deal.history if x.startswith("rob "))
            assert robs[0]["action"] == "rob ?" and robber == robs[0]["seat"]
            text = json.dumps(reply, ensure_ascii=False)
            assert put_out.code not in CARD.findall(text)
            assert put_out.symbol not in text and put_out.name not in text
            assert "face down" in robs[0]["text"]
            return
    pytest.fail("no bot robbed in 300 deals")


CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Za-z0-9])")


def _seen_by(deal, seat):
    """Every card ``seat`` may know in ``deal``: its own cards as dealt, and what its view names
    (tests/test_conformance.py's ``known_cards``: the view is the one statement of what a seat saw;
    the swap test there checks that nothing sent to the seat tells it more)."""
    return known_cards(deal, seat) | {c.code for c in deal.dealt[seat]}


@pytest.mark.parametrize("variant, players, teams", [
    ("spoil-five", 5, None), ("twenty-five", 4, "2x2"), ("forty-five", 6, "3x2"), ("cotton-1674", 2, None),
    ("barker-45", 4, None)])
def test_no_reply_names_a_card_the_human_seat_has_not_seen(variant, players, teams):
    """Whole games, every reply checked while its deal is in progress: the cards named anywhere in
    the JSON (codes, symbols, names) are cards the human seat has seen."""
    symbols = {c.symbol: c.code for c in maw_sim.cards.DECK}
    names = {c.name: c.code for c in maw_sim.cards.DECK}
    for seed in range(6):
        s = web.Session()
        reply = ok(s, op="new", variant=variant, players=players, seed=seed, teams=teams, seat=seed % players)
        me = reply["state"]["seat"]
        for _ in range(60):
            # A refusal's reason and the variant's rules name cards as ranks ("the privileged trumps
            # are 5♠, J♠, A♥"; "the ace of hearts led"), not where they lie: left out of the scan.
            shown = {**reply["state"], "hand": [{**c, "reason": None, "reason_plain": None, "reason_sources": None}
                                                    for c in reply["state"]["hand"]],
                     "variant": None, "trump_order": None}
            text = json.dumps({**reply, "state": shown}, ensure_ascii=False)
            if reply["state"]["phase"] != "over":
                named = set(CARD.findall(text)) | {code for sym, code in symbols.items() if sym in text} \
                    | {code for name, code in names.items() if name in text}
                record = ok(s, op="record")["record"]
                named |= set(CARD.findall(record["deal"]))
                assert named <= _seen_by(s.deal, me), (seed, named - _seen_by(s.deal, me))
                # The game's record: each deal's section names only what was seen in that deal.
                sections = record["game"].split('[Deal "')[1:]
                assert len(sections) == len(s.match.deals)
                for section, deal in zip(sections, s.match.deals):
                    assert set(CARD.findall(section)) <= _seen_by(deal, me)
                reply = ok(s, op="act", action=first_choice(reply["state"]))
            elif not reply["state"]["match_over"]:
                reply = ok(s, op="next")
            else:
                break


def test_seed_reproduces_the_deal_and_the_bots():
    a, b = web.Session(), web.Session()
    ra = ok(a, op="new", variant="spoil-five", players=4, seed=2024)
    rb = ok(b, op="new", variant="spoil-five", players=4, seed=2024)
    assert ra == rb
    deal = maw_sim.Deal.random("spoil-five", 4, 2024, 0)
    assert {c.code for c in deal.hand(0)} >= {c["code"] for c in ra["state"]["hand"]} - {deal.turnup.code}
    assert play_out(a, ra) == play_out(b, rb)


def test_illegal_cards_carry_the_engines_reason(session):
    for seed in range(200):
        reply = ok(session, op="new", variant="spoil-five", players=5, seed=seed)
        state = reply["state"]
        if state["phase"] != "play":
            continue
        illegal = [c for c in state["hand"] if not c["legal"]]
        if not illegal:
            continue
        card = illegal[0]
        why = session.deal.refusal(card["code"])
        # The rule travels with the words: on the card, in explain's answer and in the refusal.
        assert card["rule"] == why.rule and why.rule.startswith(("following.", "renege."))
        assert card["reason"] == why.words
        explained = ok(session, op="explain", action=card["code"])
        assert (explained["rule"], explained["reason"]) == (why.rule, card["reason"])
        assert explained["section"] == why.section and explained["sources"] == list(why.sources) != []
        before = json.dumps(session.state())
        refused = call(session, op="act", action=card["code"])
        assert not refused["ok"] and (refused["rule"], refused["error"]) == (why.rule, card["reason"])
        assert refused["sources"] == list(why.sources) and refused["section"] == why.section
        assert json.dumps(session.state()) == before, "a refused move must change nothing"
        return
    pytest.fail("no deal with an illegal card in 200 seeds")


def test_legal_cards_explain_to_none(session):
    state = ok(session, op="new", variant="spoil-five", seed=5)["state"]
    legal = [c for c in state["hand"] if c["legal"]]
    assert legal and all(c["reason"] is None and c["rule"] is None for c in legal)
    explained = ok(session, op="explain", action=legal[0]["code"])
    assert explained["reason"] is None and explained["rule"] is None and explained["sources"] == []


def test_next_deal_keeps_the_pool(session):
    reply = play_out(session, ok(session, op="new", variant="spoil-five", players=4, seed=9))
    chips = reply["state"]["scores"]["chips"]
    pool = reply["state"]["scores"]["pool"]
    assert sum(chips) + pool == 0
    nxt = ok(session, op="next")
    assert nxt["state"]["deal_number"] == 2
    assert nxt["state"]["dealer"] == 1
    assert sum(nxt["state"]["scores"]["chips"]) + nxt["state"]["scores"]["pool"] == 0


def test_next_deal_refused_while_a_deal_is_in_progress(session):
    ok(session, op="new", variant="spoil-five", seed=9)
    reply = call(session, op="next")
    assert not reply["ok"] and "not over" in reply["error"]
    assert reply["rule"] is None, "a request out of place, not a rule of the game"


def test_points_games_report_points(session):
    reply = play_out(session, ok(session, op="new", variant="twenty-five", seed=4))
    scores = reply["state"]["scores"]
    assert scores["kind"] == "points" and scores["target"] == 25
    assert sum(scores["scores"]) > 0


@pytest.mark.parametrize("request_, fragment", [
    ({"variant": "whist"}, "known variants: maw"),
    ({"variant": "spoil-five", "players": 11}, "2 to 10 players"),
    ({"variant": "cotton-1674", "players": 3}, "2 to 2 players"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"seed": "abc"}, "seed must be a whole number"),
    ({"seed": 2.5}, "seed must be a whole number"),
    ({"bot": "oracle"}, "bot levels: "),
    ({"seat": 7, "players": 4}, "seat must be a whole number from 0 to 3"),
    ({"colour": "red"}, "unknown field 'colour'"),
])
def test_bad_new_requests_are_refused_and_change_nothing(session, request_, fragment):
    ok(session, op="new", variant="spoil-five", seed=1)
    before = session.state()
    reply = call(session, op="new", **request_)
    assert not reply["ok"] and fragment in reply["error"], reply
    assert session.state() == before


def test_lenient_new_falls_back_and_says_why(session):
    reply = ok(session, op="new", variant="<script>", players="99", seed="x1", bot="god",
               lenient=True, default_variant="cotton-1674", default_seed=77)
    state = reply["state"]
    assert state["variant"]["id"] == "cotton-1674"
    assert state["players"] == 2 and state["seed"] == 77 and state["bot"] == "heuristic"
    assert len(reply["warnings"]) == 4
    assert any("<script>" in w for w in reply["warnings"])   # quoted as text; the page uses textContent


def test_link_parameters_arrive_as_strings(session):
    state = ok(session, op="new", variant="spoil-five", players="4", seed="123")["state"]
    assert (state["players"], state["seed"]) == (4, 123)
    link = dict(state["link"])
    assert link.pop("game").startswith("m1.spoil-five..4.s.0.")
    assert link == {"variant": "spoil-five", "players": 4, "seed": 123, "deal": 1}


def _moves(session, reply, count):
    for _ in range(count):
        if reply["state"]["phase"] == "over":
            reply = ok(session, op="next")
        else:
            reply = ok(session, op="act", action=first_choice(reply["state"]))
    return reply


@pytest.mark.parametrize("variant, players, teams", [("spoil-five", 5, None), ("forty-five", 4, "2x2")])
def test_a_game_link_restores_the_exact_position_from_any_deal(variant, players, teams):
    a = web.Session()
    reply = _moves(a, ok(a, op="new", variant=variant, players=players, seed=77, teams=teams, seat=1), 9)
    assert reply["state"]["deal_number"] >= 2
    b = web.Session()
    restored = ok(b, op="new", game=reply["state"]["link"]["game"], seat=1)
    assert restored["events"][0]["kind"] == "restore"
    assert restored["state"] == reply["state"]
    # And the game goes on as the original does: the bots' dice follow the position.
    assert _moves(a, reply, 6)["state"] == _moves(b, restored, 6)["state"]


def test_a_damaged_game_link_is_refused_or_replaced_and_says_why(session):
    reply = _moves(session, ok(session, op="new", variant="spoil-five", players=4, seed=8), 3)
    code = reply["state"]["link"]["game"]
    before = ok(session, op="state")
    bad = call(session, op="new", game=code[:-1] + ("1" if code[-1] != "1" else "2"))
    assert not bad["ok"] and "damaged or was edited" in bad["error"]
    assert ok(session, op="state") == before
    fresh = ok(session, op="new", game="m1.spoil-five.4", variant="twenty-five", seed=3, lenient=True)
    assert "incomplete" in fresh["warnings"][0] and "starting a fresh deal" in fresh["warnings"][0]
    assert fresh["state"]["variant"]["id"] == "twenty-five" and fresh["state"]["deal_number"] == 1


def test_the_record_is_the_seats_while_the_deal_is_on_and_full_after(session):
    reply = ok(session, op="new", variant="spoil-five", players=3, seed=4)
    record = ok(session, op="record")["record"]
    assert not record["complete"] and '[Observer "0"]' in record["deal"]
    assert record["filename"] == "spoil-five-seed4-deal1.maw"
    reply = play_out(session, reply)
    record = ok(session, op="record")["record"]
    assert record["complete"] and "Observer" not in record["deal"] and "?" not in record["deal"]
    assert maw_sim.GameRecord.parse(record["deal"]).replay().outcome == session.deal.outcome


def test_one_worker_serves_several_tables_by_id():
    first = json.loads(web.handle(json.dumps({"op": "new", "table": "t1", "variant": "spoil-five", "seed": 1})))
    second = json.loads(web.handle(json.dumps({"op": "new", "table": "t2", "variant": "twenty-five", "seed": 2})))
    assert first["ok"] and second["ok"]
    again = json.loads(web.handle(json.dumps({"op": "state", "table": "t1"})))
    assert again["state"]["variant"]["id"] == "spoil-five"
    bad = json.loads(web.handle(json.dumps({"op": "state", "table": ""})))
    assert not bad["ok"] and "table must be" in bad["error"]


@pytest.mark.parametrize("raw, fragment", [
    ("not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"op": "fly"}', "unknown op 'fly'"),
    ('{"op": "act", "action": "5H"}', "no game yet"),
])
def test_malformed_requests(session, raw, fragment):
    reply = json.loads(web.handle(raw, session))
    assert not reply["ok"] and fragment in reply["error"]


def test_acting_out_of_turn_or_after_the_end(session):
    reply = play_out(session, ok(session, op="new", variant="spoil-five", seed=2))
    refused = call(session, op="act", action=reply["state"]["hand"][0]["code"] if reply["state"]["hand"] else "5H")
    assert not refused["ok"] and refused["rule"] == "over"
    assert call(session, op="explain", action="5H")["rule"] == "over"
    assert not call(session, op="act", action="")["ok"]


def test_rob_and_jink_choices_are_buttons_not_cards():
    for seed in range(400):
        s = web.Session()
        state = ok(s, op="new", variant="spoil-five", players=3, seed=seed)["state"]
        if state["phase"] == "rob":
            actions = {c["action"] for c in state["choices"]}
            assert "pass" in actions and any(a.startswith("rob ") for a in actions)
            assert all(c["label"] for c in state["choices"])
            after = ok(s, op="act", action="pass")
            assert after["events"][0]["kind"] == "pass"
            return
    pytest.fail("no rob offered to seat 0 in 400 deals")


def test_cards_have_names_and_symbols(session):
    state = ok(session, op="new", variant="spoil-five", seed=1)["state"]
    for card in state["hand"]:
        parsed = Card.parse(card["code"])
        assert card["name"] == parsed.name and card["symbol"] == parsed.symbol
        assert card["red"] == (parsed.suit in "DH")
    assert state["trump"]["symbol"] in "♣♦♥♠"


def test_partners_play_together_and_score_by_side():
    session = web.Session()
    reply = json.loads(web.handle(json.dumps({"op": "new", "variant": "twenty-five", "players": 4,
                                              "seed": 3, "teams": "2x2"}), session))
    state = reply["state"]
    assert state["teams"] == "2x2" and state["link"]["teams"] == "2x2"
    assert [s["partner"] for s in state["seats"]] == [False, False, True, False]
    assert state["scores"]["names"][0].startswith("Your side (You & Bot 2)")
    while state["phase"] != "over":
        legal = [c["code"] for c in state["hand"] if c["legal"]] or [c["action"] for c in state["choices"]]
        state = json.loads(web.handle(json.dumps({"op": "act", "action": legal[0]}), session))["state"]
    assert len(state["scores"]["scores"]) == 2 and sum(state["scores"]["scores"]) == 25
    assert "Side" in state["outcome"]["text"]


def test_an_impossible_partnership_is_refused_or_replaced_in_a_link():
    session = web.Session()
    reply = json.loads(web.handle(json.dumps({"op": "new", "variant": "twenty-five", "players": 5,
                                              "teams": "2x2"}), session))
    assert not reply["ok"] and "no partnership '2x2'" in reply["error"]
    reply = json.loads(web.handle(json.dumps({"op": "new", "variant": "family", "players": 4,
                                              "teams": "2x2", "lenient": True}), session))
    assert reply["ok"] and reply["state"]["teams"] is None
    assert "each for himself" in reply["warnings"][0]


# -- studies in the browser (ops "study" and "study_step") -------------------------------------------

def test_a_study_runs_in_steps_to_the_figures_of_the_command_line():
    from maw_sim.studies import plan, run_task, summarise
    session = web.Session()
    first = call(session, op="study", experiment="fairness", variant="heather-1876", players=4,
                 bot="random", deals=250, seed=3)
    assert first["ok"] and first["study"]["done"] == 0 and not first["study"]["finished"]
    steps = []
    while not steps or not steps[-1]["finished"]:
        steps.append(call(session, op="study_step")["study"])
    assert [s["done"] for s in steps] == [100, 200, 250]
    rows = [r for t in plan("fairness", ["heather-1876"], [4], ["random"], 250, 3, chunk=100) for r in run_task(t)]
    # The same figures, each named for the page ("label", "share") and in reading order.
    cell = lambda c: (c["measure"], c["key"], c["variant"])     # noqa: E731
    page = [{k: v for k, v in c.items() if k not in ("label", "share")} for c in steps[-1]["cells"]]
    assert sorted(page, key=cell) == sorted(json.loads(json.dumps(summarise(rows))), key=cell)
    assert all(c["label"] for c in steps[-1]["cells"])
    # A step after the end changes nothing.
    assert call(session, op="study_step")["study"] == steps[-1]


@pytest.mark.parametrize("change,words", [
    ({"experiment": "policy"}, "not offered in the browser; experiments here: spoil-rate, top-trumps"),
    ({"experiment": "spoils"}, "unknown experiment 'spoils'; experiments here"),
    ({"bot": "pimc"}, "bots here: random, heuristic"),
    ({"players": 11}, "Spoil Five is played by 2 to 10 players; got 11"),
    ({"deals": 0}, "deals must be a whole number from 1 to 20000; got 0"),
    ({"deals": 20001}, "deals must be a whole number from 1 to 20000"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"variant": "whist"}, "known variants: maw"),
    ({"colour": "red"}, "unknown field 'colour' for 'study'"),
])
def test_a_bad_study_is_refused_and_the_running_one_kept(change, words):
    session = web.Session()
    good = dict(op="study", experiment="spoil-rate", variant="spoil-five", players=5, bot="heuristic", deals=200)
    assert call(session, **good)["ok"]
    before = call(session, op="study_step")["study"]
    reply = call(session, **dict(good, **change))
    assert not reply["ok"] and words in reply["error"]
    after = call(session, op="study_step")["study"]
    assert after["done"] == before["done"] + 100 and after["variant"] == "spoil-five"


def test_two_variants_advance_together_on_the_same_deals():
    from maw_sim.studies import plan, run_task, summarise
    session = web.Session()
    assert call(session, op="study", experiment="spoil-rate", variant="twenty-five", compare="heather-1876",
                players=5, bot="heuristic", deals=150, seed=4)["ok"]
    done = []
    while not done or not done[-1]["finished"]:
        done.append(call(session, op="study_step")["study"])
    assert [s["done"] for s in done] == [100, 100, 150, 150]      # each variant's deals, in turn
    tasks = plan("spoil-rate", ["twenty-five", "heather-1876"], [5], ["heuristic"], 150, 4, chunk=100)
    expected = summarise([r for t in tasks for r in run_task(t)])
    key = lambda c: (c["variant"], c["measure"], c["key"])
    figures = [{k: v for k, v in c.items() if k not in ("label", "share")} for c in done[-1]["cells"]]
    assert sorted(figures, key=key) == sorted(json.loads(json.dumps(expected)), key=key)
    refused = call(session, op="study", experiment="spoil-rate", variant="spoil-five", compare="cotton-1674", players=5)
    assert not refused["ok"] and "Five Cards (Cotton, 1674) is played by 2 to 2 players" in refused["error"]


def test_a_step_before_any_study_says_what_to_do():
    reply = call(web.Session(), op="study_step")
    assert not reply["ok"] and "send 'study' first" in reply["error"]


def test_options_and_presets_are_chosen_checked_and_carried_by_the_link(session):
    state = ok(session, op="new", variant="spoil-five", players=4, seed=5, preset="baxter-wray")["state"]
    assert state["variant"]["choices"] == {"ace_of_hearts_lead": "hearts"}
    assert state["link"]["options"] == "ace_of_hearts_lead=hearts"
    declared = {o["name"]: o for o in state["variant"]["options"]}
    assert declared["ace_of_hearts_lead"]["values"] == ["trump", "hearts"]
    again = ok(web.Session(), op="new", variant="spoil-five", players="4", seed="5",
               options=state["link"]["options"])["state"]
    assert again["variant"]["choices"] == state["variant"]["choices"] and again["hand"] == state["hand"]
    before = ok(session, op="state")
    bad = call(session, op="new", variant="spoil-five", options={"kitty": 3})
    assert not bad["ok"] and "has no option 'kitty'; options: ace_of_hearts_lead" in bad["error"]
    assert ok(session, op="state") == before
    lenient = ok(session, op="new", variant="spoil-five", options="ace_of_hearts_lead=clubs", lenient=True)
    assert "takes trump, hearts" in lenient["warnings"][0] and lenient["state"]["variant"]["choices"] == {}


# -- house rules on the page, the default partnerships, the score sheet --------------------------

def test_house_rules_are_described_with_their_sources_and_the_link_names_them(session):
    state = ok(session, op="new", variant="spoil-five", players=4, seed=5, preset="baxter-wray")["state"]
    assert state["variant"]["preset"] == "baxter-wray"
    assert state["link"]["preset"] == "baxter-wray" and state["link"]["options"] == "ace_of_hearts_lead=hearts"
    option = state["variant"]["options"][0]
    assert option["value_texts"] == ["trump", "hearts"] and option["chosen_text"] == "hearts"
    assert option["value_words"][1] == maw_sim.variants.ACE_OF_HEARTS_LEADS["hearts"]
    v = maw_sim.load_variant("spoil-five")
    labels = [maw_sim.sources()[k].label for k in v.options["ace_of_hearts_lead"].sources_for("hearts")]
    [rule] = state["variant"]["house_rules"]
    assert rule["sources"] == labels == option["sources"]
    assert rule["text"].startswith("The ace of hearts led calls for hearts")
    # Badged as the site badges it: the grade of the reading's sources, lower than the file's word.
    assert rule["evidence"] == v.options["ace_of_hearts_lead"].grade_for("hearts") == "reconstructed"
    assert rule["evidence_mark"] == "≈"
    # The file's own rules: no house rules, no options or preset in the link.
    plain = ok(web.Session(), op="new", variant="spoil-five", players=4, seed=5)["state"]
    assert plain["variant"]["house_rules"] == [] and plain["variant"]["preset"] is None
    assert "options" not in plain["link"] and "preset" not in plain["link"]
    # Options written as a link writes them (name=value, comma-separated), true/false and numbers.
    merrimack = ok(web.Session(), op="new", variant="merrimack-valley", seed=2, options="dreaded_45=true")["state"]
    assert merrimack["link"]["options"] == "dreaded_45=true" and merrimack["variant"]["preset"] is None
    assert merrimack["variant"]["house_rules"][0]["text"] == "Dreaded 45: yes"
    kerry = ok(web.Session(), op="new", variant="kerry-31", seed=2, options="target=32")["state"]
    assert kerry["scores"]["target"] == 32 and kerry["link"]["options"] == "target=32"


@pytest.mark.parametrize("options, preset, words", [
    ("kitty=3", None, "has no option 'kitty'; options: ace_of_hearts_lead"),
    ("ace_of_hearts_lead=clubs", None, "takes trump, hearts; got 'clubs'"),
    (None, "tignish", "has no preset 'tignish'; presets: baxter-wray"),
    ("ace_of_hearts_lead", None, "options are written name=value"),
])
def test_bad_house_rules_in_a_link_say_what_is_allowed_and_play_the_files_rules(options, preset, words):
    request = {"variant": "spoil-five", "seed": 4, "lenient": True}
    request.update({k: v for k, v in (("options", options), ("preset", preset)) if v is not None})
    reply = ok(web.Session(), op="new", **request)
    [warning] = reply["warnings"]
    assert words in warning and "as the file gives them (no house rules)" in warning
    assert reply["state"]["variant"]["choices"] == {} and reply["state"]["seed"] == 4


def test_the_files_default_partnerships_and_singles_on_request():
    state = ok(web.Session(), op="new", variant="barker-45", seed=3)["state"]
    assert state["teams"] == "2x2" == state["default_teams"] and state["link"]["teams"] == "2x2"
    assert [s["partner"] for s in state["seats"]] == [False, False, True, False]
    assert ok(web.Session(), op="new", variant="bruff", seed=3)["state"]["teams"] == "3x2"
    assert ok(web.Session(), op="new", variant="barker-45", players=3, seed=3)["state"]["teams"] is None
    six = ok(web.Session(), op="new", variant="barker-45", players=6, seed=3)["state"]
    assert six["teams"] == "2x3"
    # Each for himself where the file's default is partners: asked for, and carried by the link.
    single = ok(web.Session(), op="new", variant="bruff", seed=3, teams="singles")["state"]
    assert single["teams"] is None and single["link"]["teams"] == "singles"
    assert ".6.s." in single["link"]["game"]
    again = ok(web.Session(), op="new", game=single["link"]["game"])["state"]
    assert again["teams"] is None and again["hand"] == single["hand"]
    variants = {v["id"]: v for v in ok(web.Session(), op="variants")["variants"]}
    assert variants["barker-45"]["default_teams"] == {"4": "2x2", "6": "2x3"}
    assert variants["spoil-five"]["default_teams"] == {}


def test_the_score_sheet_has_a_row_a_deal_with_running_totals(session):
    reply = ok(session, op="new", variant="twenty-five", players=4, seed=21, teams="2x2")
    assert reply["state"]["sheet"]["rows"] == [] and reply["state"]["sheet"]["kind"] == "points"
    totals = [0, 0]
    for number in range(1, 4):
        reply = play_out(session, reply)
        sheet = reply["state"]["sheet"]
        row = sheet["rows"][-1]
        assert row["deal"] == number and len(sheet["rows"]) == number
        assert row["points"] == list(session.match.results[-1].points)
        totals = [t + p for t, p in zip(totals, row["points"])]
        assert row["totals"] == totals == list(session.match.scores)
        assert sheet["names"] == reply["state"]["scores"]["names"]
        if reply["state"]["match_over"]:
            break
        reply = ok(session, op="next")


def test_the_score_sheet_of_a_pool_game_keeps_the_pool_and_chips(session):
    reply = ok(session, op="new", variant="spoil-five", players=4, seed=9)
    for _ in range(3):
        reply = play_out(session, reply)
        row = reply["state"]["sheet"]["rows"][-1]
        assert sum(row["chips"]) + row["pool"] == 0
        assert row["spoilt"] == (session.match.results[-1].winner is None)
        assert reply["state"]["sheet"]["kind"] == "pool"
        reply = ok(session, op="next")
    assert len(reply["state"]["sheet"]["rows"]) == 3


def test_a_finished_game_is_tallied_and_the_next_game_keeps_the_tally():
    session = web.Session()
    reply = ok(session, op="new", variant="twenty-five", players=2, seed=5)
    refused = call(session, op="next_game")
    assert not refused["ok"] and "the game is not over yet" in refused["error"]
    for _ in range(40):
        reply = play_out(session, reply)
        if reply["state"]["match_over"]:
            break
        reply = ok(session, op="next")
    state = reply["state"]
    assert state["match_over"] and state["sheet"]["games"][0]["winner"] == session.match.game_won_by
    assert sum(state["sheet"]["games_won"]) == 1
    refused = call(session, op="next")
    assert not refused["ok"] and "next_game" in refused["error"]
    first_seed = state["seed"]
    nxt = ok(session, op="next_game")["state"]
    assert nxt["deal_number"] == 1 and nxt["seed"] != first_seed and nxt["sheet"]["rows"] == []
    assert nxt["sheet"]["games_won"] == state["sheet"]["games_won"] and len(nxt["sheet"]["games"]) == 1
    assert nxt["scores"]["scores"] == [0, 0]
    # A new game from the settings starts the tally again.
    fresh = ok(session, op="new", variant="twenty-five", players=2, seed=5)["state"]
    assert fresh["sheet"]["games"] == []


# -- the bidding games through the protocol ------------------------------------------------------

BIDDING = ["one-hundred-and-ten", "auction-45", "auction-45-merrimack", "auction-45-atlantic"]


@pytest.mark.parametrize("variant", BIDDING)
def test_no_reply_of_a_bidding_game_names_a_card_the_seat_has_not_seen(variant):
    """The kitty, the stock, the other hands, another seat's discard and draw: never named. The
    seat has seen its hands as they were (the kitty once taken, its own draws) and the cards
    played face up."""
    symbols = {c.symbol: c.code for c in maw_sim.cards.DECK}
    names = {c.name: c.code for c in maw_sim.cards.DECK}
    kinds = set()
    for seed in range(5):
        s = web.Session()
        reply = ok(s, op="new", variant=variant, seed=seed, seat=seed % 4)
        me = reply["state"]["seat"]
        seen = set()
        for _ in range(80):
            state = reply["state"]
            kinds |= {e["kind"] for e in reply["events"]}
            if state["phase"] == "over":
                if state["match_over"]:
                    break
                reply, seen = ok(s, op="next"), set()
                continue
            deal = s.deal
            seen |= {c.code for c in deal.hand(me)} | {c.code for c in deal.dealt[me]}
            seen |= {c.code for t in deal.tricks for _, c in t.plays}
            shown = {**state, "hand": [{**c, "reason": None, "reason_plain": None, "reason_sources": None} for c in state["hand"]], "variant": None, "trump_order": None}
            text = json.dumps({**reply, "state": shown}, ensure_ascii=False)
            named = set(CARD.findall(text)) | {code for sym, code in symbols.items() if sym in text} \
                | {code for name, code in names.items() if name in text}
            record = ok(s, op="record")["record"]
            named |= set(CARD.findall(record["deal"]))
            assert named <= seen, (seed, named - seen)
            for event in reply["events"]:
                if event["kind"] == "discard" and event["seat"] != me:
                    assert set(event["action"].split()[1:]) <= {"?", "none"}
                    assert re.fullmatch(r"Bot \d (keeps the hand: no discard, no draw\.|puts out \d cards? face down\. "
                                        r"Bot \d draws \d cards? from the stock\.)", event["text"]), event["text"]
            reply = ok(s, op="act", action=first_choice(state))
    assert {"bid", "pass"} <= kinds and "trump" in kinds


def test_a_bidding_state_says_the_auction_the_contract_and_the_choice_to_make():
    session = web.Session()
    state = ok(session, op="new", variant="one-hundred-and-ten", seed=2)["state"]
    bidding = state["bidding"]
    assert state["turnup"] is None and state["trump"] is None and state["phase"] == "bid"
    assert [c["call"] for c in bidding["auction"]] == [a for _, a in session.deal.auction]
    assert all(c["text"].startswith(("Bot", "You")) for c in bidding["auction"])
    assert bidding["contract"] is None and bidding["kitty_size"] == 5
    # The bids as buttons, lowest first, "pass" last where allowed; the dealer's hold explained.
    actions = [c["action"] for c in state["choices"]]
    assert actions == [a for a in session.deal.legal_actions()]
    # The lowest bid still open (the bots before the human seat may have bid; the human deals and
    # speaks last), raised rather than held: the auction ends there.
    lowest = next(a for a in session.deal.legal_actions() if a.startswith("bid "))
    assert state["choices"][0]["label"] == "Bid " + lowest.split()[1]
    state = ok(session, op="act", action=lowest)["state"]
    assert state["phase"] == "kitty" and len(state["hand"]) == 10
    assert state["select"] == {"phase": "kitty", "min": 5, "max": 5, "none": False, "words": "Put out 5 cards.",
                               "action": "discard", "none_action": None}
    assert state["choices"] == [], "a kitty's discards are chosen card by card, not listed as buttons"
    assert all(c["legal"] for c in state["hand"])
    assert state["bidding"]["contract"]["text"] == "You: " + lowest.split()[1] and state["seats"][0]["bidder"]
    # A wrong count is refused with the engine's words; the cards in any order are one discard.
    codes = [c["code"] for c in state["hand"]]
    refused = call(session, op="act", action="discard " + codes[0])
    assert not refused["ok"] and refused["rule"] == "kitty.count"
    assert refused["error"] == session.deal.explain("discard " + codes[0])
    reply = ok(session, op="act", action="discard " + " ".join(reversed(codes[:5])))
    assert reply["events"][0]["kind"] == "kitty" and reply["state"]["phase"] == "trump"
    assert [c["label"] for c in reply["state"]["choices"]] == ["♣ Clubs", "♦ Diamonds", "♥ Hearts", "♠ Spades"]
    state = ok(session, op="act", action="trump S")["state"]
    assert state["trump"]["suit"] == "S" and state["phase"] in ("play", "over")


def test_the_hold_is_explained_by_the_rulesets_rule():
    from maw_sim.narration import hold_note
    found = {}
    for variant in BIDDING:
        for seed in range(1, 200):
            s = web.Session()
            state = ok(s, op="new", variant=variant, seed=seed)["state"]
            note = state["bidding"]["hold_note"]
            if note:
                assert "hold" in [c["action"] for c in state["choices"]]
                assert note == hold_note(s.deal) and note.startswith("Holding takes the highest bid (")
                found[s.variant.auction["hold"]] = note
                reply = ok(s, op="act", action="hold")
                assert reply["events"][0]["kind"] == "hold"
                assert reply["events"][0]["text"].startswith("You hold: take the bid at ")
                break
    assert {"rebid", "duel"} <= set(found), found
    assert "may bid again" in found["rebid"] and "may then bid higher" in found["duel"]


def test_a_finished_bidding_deal_has_its_record_and_opens_on_the_review_board(session):
    reply = play_out(session, ok(session, op="new", variant="auction-45-atlantic", seed=6))
    record = ok(session, op="record")["record"]
    assert record["complete"] and maw_sim.GameRecord.parse(record["deal"]).replay().outcome == session.deal.outcome
    opened = call(session, op="review_open", link=reply["state"]["link"]["game"])
    assert opened["ok"], opened


def test_the_state_carries_the_trump_order_in_force_for_the_reminder_at_the_table():
    session = web.Session()
    state = call(session, op="new", variant="bruff", seed=3)["state"]
    v = maw_sim.load_variant("bruff")
    assert [c["code"] for c in state["trump_order"]] == [c.code for c in v.trump_ranking(state["trump"]["suit"])]
    bidding = call(web.Session(), op="new", variant="one-hundred-and-ten", seed=3)["state"]
    assert bidding["trump"] is None and bidding["trump_order"] == []


def test_the_bots_are_offered_by_strength_with_a_line_on_how_each_plays():
    reply = call(web.Session(), op="variants")
    levels = reply["bot_levels"]
    assert [b["name"] for b in levels][:2] == ["random", "heuristic"] and levels[-1]["name"] in ("best", "ismcts", "learned-blend")
    assert {b["name"] for b in levels} == set(reply["bots"])
    assert all(b["label"] and b["text"] and b["label"] != b["name"] for b in levels)


def test_people_at_a_shared_device_may_give_their_names():
    """Pass-and-play: each person's seat may carry the name they give, in the seats, the log and
    the score sheet; a blank name stays "Seat N"; a bad list is refused, saying what is allowed,
    and the table is unchanged."""
    session = web.Session()
    reply = ok(session, op="new", variant="spoil-five", players=4, seed=3, humans="0,2", names="Ann, ")
    state = reply["state"]
    assert state["names"] == {"0": "Ann"}
    assert [s["name"] for s in state["seats"]] == ["Ann", "Bot 1", "Seat 2", "Bot 3"]
    assert any("Ann" in e["text"] for e in reply["events"]), reply["events"]
    assert state["sheet"]["names"][0] == "Ann"
    before = session.state()
    for bad, said in ((["Ann"], "one name for each person's seat (0, 2)"), ("Bot 1,Bo", "mistaken for the table's own"),
                      ("Ann,ANN", "two people named"), ("A" * 21 + ",B", "at most 20 letters"),
                      ("Ann\x07,B", "at most 20 letters")):
        reply = web.json.loads(web.handle(web.json.dumps({"op": "new", "variant": "spoil-five", "players": 4,
                                                          "humans": "0,2", "names": bad}), session))
        assert not reply["ok"] and said in reply["error"], (bad, reply)
        assert session.state() == before
    # The names go on with a game restored from its link.
    link = state["link"]["game"]
    restored = ok(web.Session(), op="new", game=link, humans="0,2", names=["Ann", "Bob"])["state"]
    assert [s["name"] for s in restored["seats"]][:3] == ["Ann", "Bot 1", "Bob"]
    # The link carries them (typed to be shown at the table, shared by those who typed them), and
    # so does the game's record, for the review board: "-" for a seat without a name.
    assert state["link"]["names"] == "Ann," and restored["link"]["names"] == "Ann,Bob"
    again = ok(web.Session(), op="new", game=link, humans="0,2", names=restored["link"]["names"])["state"]
    assert [s["name"] for s in again["seats"]][:3] == ["Ann", "Bot 1", "Bob"]
    session = web.Session()
    ok(session, op="new", game=link, humans="0,2", names="Ann,Bob")
    record = ok(session, op="record")["record"]["game"]
    assert '[Names "Ann|-|Bob|-"]' in record, record
    while session.deal.phase != "over":
        session.deal.apply(session.deal.legal_actions()[0])
    review = ok(web.Session(), op="review_open", text=ok(session, op="record")["record"]["deal"])["review"]
    assert review["names"] == ["Ann", "Bot 1", "Bob", "Bot 3"], review["names"]
    # The table's "Review this deal" opens its link with the people's seats and names.
    code = session.state()["link"]["game"]
    review = ok(web.Session(), op="review_open", link=code, humans="0,2", names="Ann,Bob")["review"]
    assert review["names"] == ["Ann", "Bot 1", "Bob", "Bot 3"] and review["dealer_says"].endswith("deals")
    refused = call(web.Session(), op="review_open", link=code, humans="0,9", names="Ann,Bob")
    assert not refused["ok"] and "humans: expected the seats people played, 0 to 3" in refused["error"]
    refused = call(web.Session(), op="review_open", link=code, humans="0,2", names="Ann")
    assert not refused["ok"] and "names: expected one name" in refused["error"]


def test_another_seats_turn_is_refused_by_its_rule():
    # Your move taken behind the session's back (as a friend's device might): a bot is to move, so
    # no move is yours, and the refusal names the rule "turn" as well as saying whose turn it is.
    from maw_sim.refusals import RULES
    s = web.Session()
    s.new(variant="spoil-five", players=3, seed=4)
    while s.deal.to_move == 0:
        s.deal.apply(s.deal.legal_actions()[0])
    assert s.deal.to_move is not None
    refused = call(s, op="act", action="5H")
    assert not refused["ok"] and refused["rule"] == "turn" and "turn" in RULES
    assert refused["error"] == f"it is Bot {s.deal.to_move}'s turn, not yours"
    explained = call(s, op="explain", action="5H")
    assert explained["rule"] == "turn" and explained["reason"] == f"It is Bot {s.deal.to_move}'s turn, not yours."


def test_a_move_played_on_in_review_is_refused_with_its_rule(session):
    # The review board's "play on" checks the move by the engine too: its refusal reaches the page
    # with the rule's id, like a move at the table.
    deal = maw_sim.Deal.random("spoil-five", 4, 7)
    while deal.phase != "over":
        deal.apply(deal.legal_actions()[0])
    rec = maw_sim.GameRecord.of_deal(deal)
    ok(session, op="review_open", text=rec.text())
    for step in range(len(rec.actions)):
        before = rec.replay(upto=step)
        illegal = [c.code for c in before.hand(before.to_move) if c.code not in before.legal_actions()]
        if before.phase == "play" and illegal:
            refused = call(session, op="review_play", step=step, action=illegal[0])
            why = before.refusal(illegal[0])
            assert not refused["ok"] and (refused["rule"], refused["error"]) == (why.rule, why.words)
            return
    pytest.fail("no step with a card the rules refuse")
