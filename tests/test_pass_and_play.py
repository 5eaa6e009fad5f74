"""Pass-and-play in the protocol: several people at one device, each state for the seat to move.

The page hides each hand until its player taps; the protocol's part is that every reply is built
for one seat (the human to move) and never names a card of any other hand.
"""

from __future__ import annotations


import pytest

from maw_sim import web


from test_web import call, first_choice, ok  # noqa: E402  (the protocol helpers, stated once)




def named_cards(reply: dict) -> set:
    """The card codes a reply names anywhere (hand, trick, events, choices, texts as codes)."""
    names = set()

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("code"), str):
                names.add(node["code"])
            for key, value in node.items():
                if key != "trump_order":     # the ranking in force: rules, not where cards lie
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and node.startswith("rob ") and not node.endswith("?"):
            names.add(node.split()[1])
    walk(reply)
    return names


def hands_of(session) -> dict:
    """The true hands (for the test's check only; never sent to the page)."""
    return {s: {c.code for c in session.deal.hand(s)} for s in range(session.players)}


@pytest.mark.parametrize("variant", ["spoil-five", "twenty-five", "forty-five", "one-hundred-and-ten", "auction-45"])
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_two_humans_each_reply_is_for_the_seat_to_move_and_hides_other_hands(variant, seed):
    session = web.Session()
    reply = ok(session, op="new", variant=variant, players=4, seed=seed, humans=[0, 2])
    assert reply["state"]["humans"] == [0, 2] and reply["state"]["pass_and_play"]
    movers = set()
    for _ in range(60):
        state = reply["state"]
        hands = hands_of(session)
        if state["phase"] == "over":
            break
        mover = state["to_move"]
        assert mover in (0, 2), "a bot's turn was handed to the page"
        assert state["seat"] == mover and state["your_turn"]
        movers.add(mover)
        assert {c["code"] for c in state["hand"]} == hands[mover], "the hand is not the mover's"
        # No card of any other hand (a human's or a bot's) is named anywhere in the reply; the
        # cards on the table and the turn-up are face up and may be, and are not in any hand.
        hidden = set().union(*(hands[s] for s in hands if s != mover))
        if state["turnup"]:
            hidden.discard(state["turnup"]["code"])     # face up for all, even once a robber holds it
        leaked = named_cards(reply) & hidden
        assert not leaked, f"reply for seat {mover} names {leaked} of another hand"
        reply = ok(session, op="act", action=first_choice(state))
    assert reply["state"]["phase"] == "over"
    assert movers == {0, 2}, "both people should have had a turn"


def test_names_and_refusals_in_pass_and_play():
    session = web.Session()
    reply = ok(session, op="new", variant="spoil-five", players=3, seed=4, humans="0,1")
    names = [s["name"] for s in reply["state"]["seats"]]
    me = reply["state"]["seat"]
    assert names[:2] == ["Seat 0", "Seat 1"] and me in (0, 1)
    assert names[2] == "Bot 2"
    assert [s["human"] for s in reply["state"]["seats"]] == [True, True, False]
    bad = call(session, op="new", variant="spoil-five", players=3, humans=[0, 5])
    assert not bad["ok"] and "human seat" in bad["error"]


def test_one_human_is_unchanged():
    a, b = web.Session(), web.Session()
    ra = ok(a, op="new", variant="twenty-five", players=4, seed=9)
    rb = ok(b, op="new", variant="twenty-five", players=4, seed=9, humans=[0])
    assert ra["state"] == rb["state"] and ra["events"] == rb["events"]
    assert not ra["state"]["pass_and_play"]


def test_a_robbed_card_is_never_named_in_pass_and_play():
    # Every rob in the log is face down, whoever robbed: the next reader may be another person.
    for seed in range(1, 60):
        session = web.Session()
        reply = ok(session, op="new", variant="spoil-five", players=4, seed=seed, humans=[0, 1, 2, 3])
        while reply["state"]["phase"] != "over":
            for event in reply["events"]:
                if event["kind"] == "rob":
                    assert event["action"] == "rob ?" and "face down" in event["text"]
            reply = ok(session, op="act", action=first_choice(reply["state"]))


def test_a_pass_and_play_link_restores_the_people_and_the_position():
    session = web.Session()
    reply = ok(session, op="new", variant="twenty-five", players=4, seed=5, humans=[0, 2])
    reply = ok(session, op="act", action=first_choice(reply["state"]))
    link = reply["state"]["link"]
    assert link["humans"] == "0,2"
    again = web.Session()
    restored = ok(again, op="new", game=link["game"], humans=link["humans"], seat=reply["state"]["seat"])
    assert restored["state"]["humans"] == [0, 2]
    assert restored["state"]["seat"] == reply["state"]["seat"] == restored["state"]["to_move"]
    assert restored["state"]["hand"] == reply["state"]["hand"]
    single = ok(web.Session(), op="new", variant="twenty-five", players=4, seed=5)
    assert "humans" not in single["state"]["link"]
