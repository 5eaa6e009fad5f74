"""The review session (maw_sim.review) at the protocol level: positions, logs, solver marks,
per-seat views that never name a card the seat could not see, redacted records, bad input."""

from __future__ import annotations

import json
import random

import pytest

from maw_sim.words import outcome as outcome_words
import maw_sim
from maw_sim import Deal, GameRecord, Match
from maw_sim.analysis import analyse
from maw_sim.cards import Card
from maw_sim.records import to_link
from maw_sim.review import ReviewError, ReviewSession, dispatch


def played_deal(vid, players, seed, teams=None, finish=True, rob=True):
    """A deal played at random, robbing whenever possible (so face-down cards occur)."""
    deal = Deal.random(vid, players, seed, dealer=seed % players, teams=teams)
    rng = random.Random(seed)
    while deal.phase != "over":
        legal = deal.legal_actions()
        robs = [a for a in legal if a.startswith("rob ")]
        deal.apply(rng.choice(robs) if rob and robs else rng.choice(legal))
        if not finish and len(deal.history) >= 7:
            break
    return deal


def robbed_deal(vid="spoil-five", players=4):
    for seed in range(1, 500):
        deal = played_deal(vid, players, seed)
        if deal.robbed is not None:
            return deal
    pytest.fail("no deal with robbing found")


def opened(rec, **kw):
    r = ReviewSession()
    r.open({"text": rec.text(), **kw})
    return r


def card_codes(obj) -> set:
    """Every card named in a reply: card dicts' codes, and card symbols or names in any text."""
    found = set()

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("code"), str):
                found.add(x["code"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            for card in maw_sim.cards.DECK:
                if card.symbol in x or card.name in x:
                    found.add(card.code)
    walk(obj)
    return found


def test_open_hands_show_every_position_as_the_engine_replays_it():
    deal = robbed_deal()
    rec = GameRecord.of_deal(deal)
    r = opened(rec)
    summary = r.summary()
    assert summary["steps"] == len(rec.actions) and not summary["redacted"] and summary["solver"]
    for k in range(len(rec.actions) + 1):
        p = r.at({"step": k, "open": True})
        truth = rec.replay(upto=k)
        assert p["step"] == k and p["to_move"] == truth.to_move and p["phase"] == truth.phase
        for s in range(rec.players):
            assert {c["code"] for c in p["seats"][s]["cards"]} == {c.code for c in truth.hand(s)}
            assert p["seats"][s]["tricks"] == truth.tricks_won[s]
        assert [e["step"] for e in p["log"] if e["kind"] != "trick"] == list(range(1, k + 1))
        assert sum(e["kind"] == "trick" for e in p["log"]) == sum(truth.tricks_won)
        if truth.to_move is not None:
            assert [x["action"] for x in p["legal"]] == list(truth.legal_actions())
    last = r.at({"step": len(rec.actions), "open": True})
    assert last["outcome"]["text"] == outcome_words(deal) and last["legal"] == []


def test_solver_marks_with_open_hands_are_the_analysis():
    deal = played_deal("forty-five", 3, 5)
    rec = GameRecord.of_deal(deal)
    r = opened(rec)
    marked = 0
    for k in range(len(rec.actions)):
        p = r.at({"step": k, "open": True, "analyse": True})
        truth = analyse(rec.replay(upto=k))
        assert p["analysis"]["best"] == list(truth.best_actions)
        for entry in p["legal"]:
            x = truth[entry["action"]]
            assert (entry["verdict"], entry["value"], entry["cost"], entry["text"]) == (x.verdict, x.value, x.cost, x.text)
            marked += 1
        assert "Double dummy" in p["analysis"]["caveat"]
    assert marked > len(rec.actions)
    # Asked again, the same answer (cached, not recomputed differently).
    assert r.at({"step": 2, "open": True, "analyse": True}) == r.at({"step": 2, "open": True, "analyse": True})


@pytest.mark.parametrize("vid,players,teams", [("spoil-five", 4, None), ("spoil-five", 5, None),
                                                ("forty-five", 4, "2x2"), ("twenty-five", 3, None)])
def test_a_seat_never_sees_a_card_it_could_not_know(vid, players, teams):
    checked = 0
    for seed in range(1, 40):
        deal = played_deal(vid, players, seed, teams)
        rec = GameRecord.of_deal(deal)
        r = opened(rec)
        robbed = deal.robbed
        for k in range(len(rec.actions) + 1):
            now = rec.replay(upto=k)
            for seat in range(players):
                p = r.at({"step": k, "seat": seat, "analyse": True})
                # Other hands (less the turn-up, which everyone saw, and a robber took in).
                hidden = {c.code for s in range(players) if s != seat for c in now.hand(s)} - {now.turnup.code}
                # A card put out face down in robbing stays hidden from the others for good.
                if robbed is not None and robbed[0] != seat and k >= 1:
                    hidden.add(robbed[1].code)
                leaked = card_codes(p) & hidden
                assert not leaked, (vid, seed, k, seat, leaked)
                assert p["analysis"] is None
                assert all(x["cards"] is None for x in p["seats"] if x["seat"] != seat)
                json.dumps(p)                       # the reply is plain JSON data
                checked += 1
        if robbed is not None and checked > 300:
            return
    assert checked > 300


def test_a_seats_own_record_steps_like_the_full_one_without_marks():
    deal = robbed_deal("spoil-five", 5)
    rec = GameRecord.of_deal(deal)
    full = opened(rec)
    for seat in range(rec.players):
        own = ReviewSession()
        summary = own.open({"text": rec.for_seat(seat).text()})
        assert summary["redacted"] and summary["observer"] == seat and not summary["solver"]
        for k in range(len(rec.actions) + 1):
            a = own.at({"step": k, "seat": seat, "analyse": True})
            b = full.at({"step": k, "seat": seat})
            for key in ("log", "trick", "seats", "phase", "to_move", "legal", "outcome", "robbed_by"):
                assert a[key] == b[key], (seat, k, key)
            if a["legal"]:
                assert a["analysis"] is None and "every hand" in a["analysis_note"]
        with pytest.raises(ReviewError, match=f"seat {seat}'s own"):
            own.at({"step": 0, "open": True})


def test_links_and_matches_open_at_any_deal():
    match = Match("twenty-five", 3, seed=4)
    rng = random.Random(2)
    for _ in range(2):
        deal = match.new_deal()
        while deal.phase != "over":
            deal.apply(rng.choice(deal.legal_actions()))
        match.settle(deal)
    code = to_link(match)
    r = ReviewSession()
    s = r.open({"link": code})
    assert s["deals"] == 2 and s["deal"] == 2
    assert r.open({"link": f"http://127.0.0.1:8000/review.html?game={code}", "deal": 1})["deal"] == 1
    p = r.at({"step": 0, "open": True})
    assert [c["code"] for c in p["seats"][0]["cards"]] and p["step"] == 0
    tampered = code[:-1] + ("0" if code[-1] != "0" else "1")
    with pytest.raises(ReviewError, match="damaged or was edited"):
        r.open({"link": tampered})
    assert r.summary()["deal"] == 1                       # the refused link changed nothing


@pytest.mark.parametrize("request_,words", [
    ({}, "either its text or a link code"),
    ({"text": "", "link": "x"}, "not both"),
    ({"text": "   "}, "empty"),
    ({"text": "% MAW 1\n[Variant \"spoil-five\"]\n[Players \"3\"]\nhello"}, "line 4"),
    ({"text": "x", "colour": "red"}, "unknown field 'colour'"),
    ({"link": "m1.nonsense"}, "this link does not hold a game"),
])
def test_bad_records_are_refused_and_change_nothing(request_, words):
    rec = GameRecord.of_deal(played_deal("spoil-five", 3, 1))
    r = opened(rec)
    before = r.summary()
    with pytest.raises(ReviewError, match=words):
        r.open(request_)
    assert r.summary() == before


@pytest.mark.parametrize("request_,words", [
    ({"step": -1, "open": True}, "step must be a whole number from 0 to"),
    ({"step": 999, "open": True}, "step must be"),
    ({"step": "3", "open": True}, "step must be"),
    ({"step": 0, "seat": 7}, "seat must be a whole number from 0 to 2"),
    ({"step": 0}, "choose a seat"),
    ({"step": 0, "open": "yes"}, "open must be true or false"),
])
def test_bad_positions_are_refused(request_, words):
    r = opened(GameRecord.of_deal(played_deal("spoil-five", 3, 1)))
    with pytest.raises(ReviewError, match=words):
        r.at(request_)


def test_nothing_open_yet_and_dispatch():
    r = ReviewSession()
    with pytest.raises(ReviewError, match="no record is open"):
        dispatch(r, {"op": "review_at", "step": 0, "open": True})
    rec = GameRecord.of_deal(played_deal("spoil-five", 3, 2))
    assert dispatch(r, {"op": "review_open", "text": rec.text()})["review"]["steps"] == len(rec.actions)
    assert dispatch(r, {"op": "review_at", "step": 1, "open": True})["position"]["step"] == 1
    # The summary names no card of any hand (the page gets them position by position).
    hands = {c for hand in rec.hands for c in hand} - {Card.parse(rec.turnup).code}
    assert not card_codes(r.summary()) & hands


def test_the_browser_protocol_serves_the_review_beside_a_game():
    from maw_sim.web import Session, handle
    session = Session()
    rec = GameRecord.of_deal(robbed_deal("spoil-five", 4))
    reply = json.loads(handle(json.dumps({"op": "review_open", "text": rec.text()}), session))
    assert reply["ok"] and reply["review"]["steps"] == len(rec.actions)
    reply = json.loads(handle(json.dumps({"op": "review_at", "step": 3, "open": True, "analyse": True}), session))
    assert reply["ok"] and reply["position"]["step"] == 3
    assert all(x["verdict"] in ("best", "points", "result") for x in reply["position"]["legal"])
    bad = json.loads(handle(json.dumps({"op": "review_at", "step": 99, "open": True}), session))
    assert not bad["ok"] and "step must be" in bad["error"] and "bug" not in bad
    bad = json.loads(handle(json.dumps({"op": "review_open", "text": "nonsense"}), session))
    assert not bad["ok"] and "line 1" in bad["error"]
    # The refused record left the open one in place.
    again = json.loads(handle(json.dumps({"op": "review_at", "step": 0, "open": True}), session))
    assert again["ok"] and again["position"]["steps"] == len(rec.actions)


def live_table(match, seat):
    """A stand-in for the play page's table (maw_sim.web.Session) beside which a review is opened:
    what ReviewSession reads of it."""
    from types import SimpleNamespace
    return SimpleNamespace(match=match, deal=match.deals[-1], deal_number=len(match.deals), seat=seat,
                           humans=frozenset({seat}))


def test_a_link_to_a_deal_in_progress_opens_only_beside_its_table_as_that_tables_seat():
    match = Match("spoil-five", 4, seed=9)
    deal = match.new_deal()
    rng = random.Random(9)
    for _ in range(7):
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.phase != "over"
    # On its own (the review page, another widget) the link proves no seat: refused, nothing shown.
    lone = ReviewSession()
    for seat in (None, 0, 2):
        with pytest.raises(ReviewError, match="still being played.*only beside the table playing it"):
            lone.open({"link": to_link(match), **({} if seat is None else {"seat": seat})})
    assert lone.record is None
    # Beside the table that plays it: that table's seat, whatever the request says.
    r = ReviewSession(table=live_table(match, 2))
    summary = r.open({"link": to_link(match)})
    assert summary["redacted"] and summary["observer"] == 2 and "still being played" in summary["note"]
    assert summary["names"] == ["Bot 0", "Bot 1", "You", "Bot 3"]
    with pytest.raises(ReviewError, match="only as seat 2 knows it, not as seat 1"):
        r.open({"link": to_link(match), "seat": 1})
    with pytest.raises(ReviewError, match="seat 2's own"):
        r.at({"step": 0, "open": True})
    with pytest.raises(ReviewError, match="seat 2's own"):
        r.at({"step": 7, "seat": 1})
    p = r.at({"step": 7, "seat": 2, "analyse": True})
    hidden = {c.code for s in range(4) if s != 2 for c in deal.hand(s)} - {deal.turnup.code}
    assert not card_codes(p) & hidden and p["analysis"] is None
    assert [s["cards"] is None for s in p["seats"]] == [True, True, False, True]
    with pytest.raises(ReviewError, match="seat must be a whole number from 0 to 3"):
        r.open({"link": to_link(match), "seat": 4})
    # Another game's table is no table for this link.
    other = Match("spoil-five", 4, seed=10)
    other.new_deal()
    with pytest.raises(ReviewError, match="only beside the table playing it"):
        ReviewSession(table=live_table(other, 2)).open({"link": to_link(match)})


def test_the_protocol_never_shows_another_seats_hand_of_a_deal_in_progress():
    """The defect: review_open with the game's own link and another seat, then review_at, gave that
    seat's cards. Now the seat is the table's; the review page's own worker (no table) refuses."""
    from maw_sim import web
    session = web.Session()
    reply = json.loads(web.handle(json.dumps({"op": "new", "variant": "spoil-five", "players": 4, "seed": 3,
                                              "seat": 0}), session))
    state = reply["state"]
    while state["phase"] != "play" or not state["trick"]:
        choice = state["choices"][0]["action"] if state["choices"] else \
            next(c["code"] for c in state["hand"] if c["legal"])
        state = json.loads(web.handle(json.dumps({"op": "act", "action": choice}), session))["state"]
    assert state["phase"] != "over"
    link = state["link"]["game"]
    deal = session.deal
    others = {c.code for s in (1, 2, 3) for c in deal.hand(s)}

    def ask(request, where=session):
        return json.loads(web.handle(json.dumps(request), where))

    refused = ask({"op": "review_open", "link": link, "seat": 1})
    assert not refused["ok"] and "not as seat 1" in refused["error"]
    assert ask({"op": "review_open", "link": link})["ok"]
    steps = len(deal.history)
    for where in ({"seat": 1}, {"open": True}):
        bad = ask({"op": "review_at", "step": steps, **where})
        assert not bad["ok"] and "seat 0's own" in bad["error"]
    mine = ask({"op": "review_at", "step": steps, "seat": 0})["position"]
    assert not card_codes(mine) & (others - {c["card"]["code"] for c in state["trick"]["plays"]} - {deal.turnup.code})
    assert mine["seats"][0]["name"] == "You" and mine["seats"][1]["name"] == "Bot 1"
    # The review page runs its own worker: no table there, so the link proves no seat at all.
    page = web.Session()
    for request in ({"op": "review_open", "link": link, "seat": 1}, {"op": "review_open", "link": link}):
        lone = ask(request, page)
        assert not lone["ok"] and "still being played" in lone["error"]


def test_a_position_too_long_to_solve_says_so_and_can_be_asked_patiently(monkeypatch):
    import maw_sim.review as review
    deal = played_deal("spoil-five", 5, 4)
    r = opened(GameRecord.of_deal(deal))
    monkeypatch.setattr(review, "NODE_LIMIT", 20)
    hurried = r.at({"step": 1, "open": True, "analyse": True})
    assert hurried["analysis"] is None and hurried["analysis_too_long"]
    assert "ask for it anyway" in hurried["analysis_note"]
    assert all("verdict" not in x for x in hurried["legal"])
    patient = r.at({"step": 1, "open": True, "analyse": True, "patient": True})
    assert patient["analysis"] is not None and not patient["analysis_too_long"]
    assert [x["verdict"] for x in patient["legal"]] == [x.verdict for x in analyse(GameRecord.of_deal(deal).replay(upto=1)).actions]


def test_an_unfinished_record_says_so_for_the_page_to_open_where_it_stops():
    deal = played_deal("spoil-five", 3, 6, finish=False)
    assert deal.phase != "over"
    s = opened(GameRecord.of_deal(deal)).summary()
    assert s["finished"] is False and s["steps"] == len(deal.history)
    assert opened(GameRecord.of_deal(played_deal("spoil-five", 3, 6))).summary()["finished"] is True


def test_the_legend_offers_the_marks_of_the_game():
    pool = opened(GameRecord.of_deal(played_deal("spoil-five", 3, 2))).at({"step": 1, "open": True, "analyse": True})
    points = opened(GameRecord.of_deal(played_deal("forty-five", 3, 2))).at({"step": 1, "open": True, "analyse": True})
    assert pool["analysis"]["verdicts"] == ["best", "tricks", "result"]
    assert points["analysis"]["verdicts"] == ["best", "points", "result"]


# -- the bidding games ------------------------------------------------------------------------

BIDDING = ["one-hundred-and-ten", "auction-45", "auction-45-merrimack", "auction-45-atlantic"]
HOLD_RECORD = str(__import__("pathlib").Path(__file__).resolve().parent.parent / "docs" / "records" / "one-hundred-and-ten-hold.maw")


def bidding_deal(vid, players, seed, stop=None):
    """A deal of a bidding game played by the heuristic bots (to the end, or ``stop`` actions)."""
    from maw_sim.bots import get_bot
    bot = get_bot("heuristic")
    deal = Deal.random(vid, players, seed, dealer=seed % players)
    rng = random.Random(seed)
    while deal.to_move is not None and (stop is None or len(deal.history) < stop):
        deal.apply(bot(deal.view(deal.to_move), rng))
    return deal


def test_a_bidding_record_steps_through_the_auction_the_kitty_the_trump_and_the_play():
    from maw_sim.review import BIDDING_MARKS_NOTE
    text = open(HOLD_RECORD, encoding="utf-8").read()
    rec = maw_sim.GameRecord.parse(text)
    r = ReviewSession()
    summary = r.open({"text": text})
    assert summary["turnup"] is None and summary["bidding"] and summary["marks_note"] == BIDDING_MARKS_NOTE
    assert not {"Hands", "Kitty", "Stock"} & set(summary["tags"])        # the positions' business
    start = r.at({"step": 0, "open": True})
    assert start["trump"] is None and start["turnup"] is None and start["phase"] == "bid"
    assert start["bidding"]["contract"] is None and start["bidding"]["auction"] == []
    assert [c["code"] for c in start["bidding"]["kitty"]["cards"]] == list(rec.deal.kitty)
    # The calls open to the first bidder, unmarked: decisions before the play are not valued.
    assert [x["action"] for x in start["legal"]] == ["bid 15", "bid 20", "bid 25", "bid 30", "pass"]
    assert start["analysis_note"] == BIDDING_MARKS_NOTE and start["analysis"] is None
    kinds = []
    for k in range(len(rec.actions) + 1):
        p = r.at({"step": k, "open": True, "analyse": True})
        truth = rec.replay(upto=k)
        assert p["phase"] == truth.phase and p["to_move"] == truth.to_move
        for s in range(rec.players):
            assert {c["code"] for c in p["seats"][s]["cards"]} == {c.code for c in truth.hand(s)}
        if truth.phase == "play":
            # The play is marked by the solver, as in every game.
            a = analyse(truth)
            assert p["analysis"]["best"] == list(a.best_actions)
            assert {x["action"]: x["verdict"] for x in p["legal"]} == {x.action: x.verdict for x in a.actions}
        elif truth.phase != "over":
            assert p["analysis"] is None and p["analysis_note"] == BIDDING_MARKS_NOTE
        kinds = [e["kind"] for e in p["log"]]
    # The whole story: seven calls, the contract, the kitty, the trump, then 20 cards and 5 tricks.
    assert kinds[:10] == ["bid", "pass", "bid", "hold", "bid", "hold", "pass", "contract", "kitty", "trump"]
    assert kinds.count("play") == 20 and kinds.count("trick") == 5
    end = r.at({"step": len(rec.actions), "open": True})
    log = [e["text"] for e in end["log"]]
    assert log[3].startswith("Seat 3 holds: takes the bid at 20 from Seat 2, at the same value")
    assert "Seat 2 may now bid higher or pass" in log[3]
    assert log[7].startswith("Seat 3 wins the auction at 25, held by the dealer. To make: 25 of the deal's 30 points")
    assert "puts out 9♦, 8♥, 6♥, 5♥, Q♠ face down" in log[8] and log[9] == "Seat 3 names clubs ♣ trumps."
    b = end["bidding"]
    assert b["contract"]["bidder"] == 3 and b["contract"]["held"] and b["contract"]["call"] == "25"
    assert end["trump"]["suit"] == "C"
    assert b["score"]["made"] is True and b["score"]["points"] == [5, 0, 0, 25]
    assert b["score"]["text"].startswith("Seat 3 bid 25: made.") and "Seat 3 0 + 25 = 25" in b["score"]["text"]
    assert [x["code"] for x in b["kitty"]["put_out"]] == ["9D", "8H", "6H", "5H", "QS"]
    assert end["outcome"]["text"] == outcome_words(rec.replay())


def _hidden_from(deal, record, seat, k):
    """Every card ``seat`` may not know after ``k`` actions of a bidding deal: the other hands,
    the kitty (unless it is the bidder and has taken it), others' discards and draws not yet
    played, the stock."""
    now = record.replay(upto=k)
    played = {a for _, a in record.actions[:k] if _is_card_code(a)}
    hidden = {c.code for s in range(deal.players) if s != seat for c in now.hand(s)}
    c = now.contract
    taken = c is not None and c.bidder == seat and bool(now.kitty_size) and (
        now.phase == "kitty" or any(who == seat and a.startswith("discard ") for who, a in record.actions[:k]))
    if not taken:
        hidden |= {x.code for x in deal.kitty}
    for who, action in record.actions[:k]:
        if who != seat and action.split()[0] in ("discard", "draw"):
            hidden |= {w for w in action.split()[1:] if w != "none"}
    # The stock, less the seat's own draws once it has discarded (the engine draws at once).
    hidden |= {x.code for x in deal.stock}
    for i, (who, action) in enumerate(record.actions):
        if who == seat and action.startswith("draw ") and k >= i:
            hidden -= set(action.split()[1:])
    return hidden - played


def _is_card_code(text):
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("vid,players", [("one-hundred-and-ten", 4), ("auction-45", 4),
                                         ("auction-45-merrimack", 4), ("auction-45-atlantic", 6)])
def test_a_seat_never_sees_another_seats_hidden_cards_in_a_bidding_game(vid, players):
    for seed in (1, 2):
        deal = bidding_deal(vid, players, seed)
        rec = GameRecord.of_deal(deal)
        r = opened(rec)
        for seat in range(players):
            own = ReviewSession()
            own.open({"text": rec.for_seat(seat).text()})
            for k in range(len(rec.actions) + 1):
                p = r.at({"step": k, "seat": seat, "analyse": True})
                hidden = _hidden_from(deal, rec, seat, k)
                # Scan the whole reply, as JSON: codes, symbols and names of cards.
                leaked = card_codes(json.loads(json.dumps(p))) & hidden
                assert not leaked, (vid, seed, k, seat, leaked)
                assert all(x["cards"] is None for x in p["seats"] if x["seat"] != seat)
                assert p["bidding"]["stock"]["cards"] is None and p["analysis"] is None
                if p["bidding"]["kitty"]["cards"] is not None:
                    assert p["bidding"]["contract"]["bidder"] == seat and p["bidding"]["kitty"]["taken"]
                # The seat's own record (the others' cards made up, never shown) tells the same.
                q = own.at({"step": k, "seat": seat})
                for key in ("log", "seats", "trick", "phase", "to_move", "bidding", "trump", "outcome"):
                    assert q[key] == p[key], (vid, seed, seat, k, key)
                assert not card_codes(q) & hidden


def test_a_link_to_a_bidding_deal_in_progress_opens_only_that_seats_view():
    match = Match("auction-45-merrimack", 4, seed=3)
    deal = match.new_deal()
    from maw_sim.bots import get_bot
    bot, rng = get_bot("heuristic"), random.Random(3)
    while deal.phase != "play" or len(deal.tricks) < 2:
        deal.apply(bot(deal.view(deal.to_move), rng))
    r = ReviewSession(table=live_table(match, 1))
    summary = r.open({"link": to_link(match), "seat": 1})
    assert summary["redacted"] and summary["observer"] == 1
    rec = GameRecord.of_deal(deal)
    for k in range(summary["steps"] + 1):
        p = r.at({"step": k, "seat": 1, "analyse": True})
        assert not card_codes(p) & _hidden_from(deal, rec, 1, k), k
    with pytest.raises(ReviewError, match="seat 1's own"):
        r.at({"step": 0, "open": True})


def test_a_thrown_in_deal_and_the_other_bidding_games_open_to_the_end():
    for vid in BIDDING:
        v = maw_sim.load_variant(vid)
        deal = bidding_deal(vid, v.default_players, 5)
        r = opened(GameRecord.of_deal(deal))
        end = r.at({"step": len(deal.history), "open": True})
        assert end["outcome"]["text"] == outcome_words(deal) and end["bidding"]["score"] is not None
    # Everybody passes where nobody is bagged: the cards are thrown in.
    v = maw_sim.load_variant("auction-45", options={"all_pass": "redeal"})
    deal = Deal.random(v, 4, 1, dealer=3)
    while deal.to_move is not None:
        deal.apply("pass")
    r = opened(GameRecord.of_deal(deal))
    end = r.at({"step": 4, "open": True})
    assert end["log"][-1]["text"] == "Nobody bids: the cards are thrown in."
    assert end["bidding"]["score"]["text"].startswith("Thrown in") and end["bidding"]["contract"] is None


def test_a_discard_and_its_draw_are_two_steps():
    """The engine draws at once; the board shows the hand put out first, then the draw."""
    path = HOLD_RECORD.replace("one-hundred-and-ten-hold", "merrimack-exchange")
    rec = maw_sim.GameRecord.parse(open(path, encoding="utf-8").read())
    k = next(i for i, (s, a) in enumerate(rec.actions) if s == 0 and a.startswith("discard "))
    r = ReviewSession()
    r.open({"text": rec.text()})
    put_out = r.at({"step": k + 1, "seat": 0})
    drawn = r.at({"step": k + 2, "seat": 0})
    assert put_out["log"][-1]["text"] == "Seat 0 puts out 5♦, Q♥, 10♥ face down."
    assert [c["code"] for c in put_out["seats"][0]["cards"]] == ["3S", "KD"]
    assert drawn["log"][-1]["text"] == "Seat 0 draws 10♠, 9♦, J♦ from the stock."
    assert sorted(c["code"] for c in drawn["seats"][0]["cards"]) == sorted(["3S", "KD", "10S", "9D", "JD"])
    # Another seat sees the count only, and the stock's size goes down with the draw.
    other = r.at({"step": k + 1, "seat": 1})
    assert other["seats"][0]["count"] == 2 and other["log"][-1]["text"] == "Seat 0 puts out 3 cards face down."
    assert put_out["bidding"]["stock"]["left"] - drawn["bidding"]["stock"]["left"] == 3
    assert r.at({"step": k + 2, "seat": 1})["log"][-1]["text"] == "Seat 0 draws 3 cards from the stock."


def test_a_link_shared_by_the_bidder_holding_the_kitty_shows_it_to_that_seat_only():
    """The auction is over and the bidder has the kitty in hand: the bidder's view shows the real
    kitty (never made-up cards), another seat's only its size; a seat's own text that hides the
    kitty its bidder holds names it (the record knows the auction is over)."""
    match = Match("one-hundred-and-ten", 4, seed=8, dealer=3)
    deal = match.new_deal()
    for action in ["bid 15", "pass", "bid 20", "hold", "bid 25", "hold", "pass"]:
        deal.apply(action)
    assert deal.phase == "kitty" and deal.to_move == 3
    r = ReviewSession(table=live_table(match, 3))
    r.open({"link": to_link(match), "seat": 3})
    p = r.at({"step": 7, "seat": 3})
    assert [c["code"] for c in p["bidding"]["kitty"]["cards"]] == [c.code for c in deal.kitty]
    assert sorted(c["code"] for c in p["seats"][3]["cards"]) == sorted(c.code for c in deal.hand(3))
    assert p["decision"] == "You have taken the kitty into hand and must put out 5 cards face down, to hold five."
    other = ReviewSession(table=live_table(match, 1))
    other.open({"link": to_link(match), "seat": 1})
    q = other.at({"step": 7, "seat": 1})
    assert q["bidding"]["kitty"]["cards"] is None and q["seats"][3]["count"] == 10
    assert not card_codes(q) & ({c.code for c in deal.kitty} | {c.code for s in (0, 2, 3) for c in deal.hand(s)})
    own = GameRecord.of_deal(deal).for_seat(3).text()
    assert f'[Kitty "{" ".join(c.code for c in deal.kitty)}"]' in own
    assert "[Kitty \"? ? ? ? ?\"]" in GameRecord.of_deal(deal).for_seat(1).text()
    seat_board = ReviewSession()
    seat_board.open({"text": own})
    mine = seat_board.at({"step": 7, "seat": 3})
    assert [c["code"] for c in mine["bidding"]["kitty"]["cards"]] == [c.code for c in deal.kitty]


def test_the_board_names_the_seats_as_the_table_did():
    """A record the play page saves says which seats people played ([Humans]): the board names
    them as the table did, "You" and "Bot 2" (each person "Seat N" at a table passed round), and
    tells every event in the play page's words; a record without the tag names every seat."""
    from maw_sim import web
    for humans, expected in (([0], ["You", "Bot 1", "Bot 2", "Bot 3"]),
                             ([0, 2], ["Seat 0", "Bot 1", "Seat 2", "Bot 3"])):
        session = web.Session()
        reply = json.loads(web.handle(json.dumps({"op": "new", "variant": "spoil-five", "players": 4, "seed": 4,
                                                  "humans": humans}), session))
        state = reply["state"]
        while state["phase"] != "over":
            choice = state["choices"][0]["action"] if state["choices"] else \
                next(c["code"] for c in state["hand"] if c["legal"])
            state = json.loads(web.handle(json.dumps({"op": "act", "action": choice}), session))["state"]
        text = json.loads(web.handle(json.dumps({"op": "record"}), session))["record"]["deal"]
        assert f'[Humans "{" ".join(map(str, humans))}"]' in text
        r = ReviewSession()
        summary = r.open({"text": text})
        assert summary["names"] == expected
        end = r.at({"step": summary["steps"], "open": True})
        assert [s["name"] for s in end["seats"]] == expected
        plays = [e["text"] for e in end["log"] if e["kind"] == "play"]
        assert len(plays) == 20 and all(t.startswith(tuple(f"{n} play" for n in expected)) for t in plays)
        if len(humans) == 1:
            assert any(t.startswith("You play ") for t in plays) and any(t.startswith("Bot 1 plays ") for t in plays)
    # Without the tag (a record from elsewhere) every seat is "Seat N"; a bad tag is refused.
    deal = played_deal("spoil-five", 4, 2)
    assert opened(GameRecord.of_deal(deal)).summary()["names"] == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    bad = GameRecord.of_deal(deal).text().replace('[Players "4"]', '[Players "4"]\n[Humans "7"]')
    with pytest.raises(ReviewError, match=r"\[Humans\]: expected the seats people played, 0 to 3"):
        ReviewSession().open({"text": bad})


def test_a_seats_record_steps_over_no_event_it_never_saw():
    # A holder's quiet decline to rob is not in the other seats' records (maw_sim.phases.Robbing
    # .event): reviewing such a record, every step is one the seat saw, the stand-in's holder
    # (if it made one up) is never shown deciding, and the last step is the end of the deal.
    import json
    import random as _random
    from maw_sim import Deal, load_variant, web
    deal = Deal.random(load_variant("spoil-five"), 5, 0)
    holder = deal.to_move
    assert deal.phase == "rob"
    deal.apply("pass")
    rng = _random.Random(0)
    while deal.phase != "over":
        deal.apply(rng.choice(deal.legal_actions()))
    record = GameRecord.of_deal(deal)
    for seat in range(5):
        if seat == holder:
            continue
        mine = record.for_seat(seat)
        session = web.Session()
        opened = json.loads(web.handle(json.dumps({"op": "review_open", "text": mine.text()}), session))
        assert opened["ok"], opened
        steps = len(mine.actions)
        for step in range(steps + 1):
            at = json.loads(web.handle(json.dumps({"op": "review_at", "step": step, "seat": seat}), session))
            assert at["ok"], at
            position = at["position"]
            assert position["phase"] != "rob" and position["steps"] == steps
            assert len(position["log"]) >= step    # each step is a line the seat saw (and tricks won)
        assert position["phase"] == "over"
        # The full record seen from this seat: no step shows the holder deciding.
        full = web.Session()
        json.loads(web.handle(json.dumps({"op": "review_open", "text": record.text()}), full))
        first = json.loads(web.handle(json.dumps({"op": "review_at", "step": 0, "seat": seat}), full))
        assert first["position"]["phase"] == "play" and first["position"]["to_move"] == (deal.dealer + 1) % 5


@pytest.mark.parametrize("variant", ["spoil-five", "forty-five"])
def test_each_card_carries_the_number_it_keeps_as_the_solver_values_it(variant):
    """The numbers a player reads on the cards: in a pool game the tricks the mover's side can
    still make sure of after the card (the solver's own count), in a points game the deal's points
    that side ends with (the solver's value, split); the legend says which, in words."""
    from maw_sim.scoring import split_value
    rec = GameRecord.of_deal(played_deal(variant, 3, 2))
    r = opened(rec)
    numbered = 0
    for k in range(len(rec.actions)):
        p = r.at({"step": k, "open": True, "analyse": True})
        if not p["analysis"]:
            continue
        truth = analyse(rec.replay(upto=k))
        for entry in p["legal"]:
            x = truth[entry["action"]]
            if variant == "spoil-five":
                assert entry["number"] == (str(x.tricks) if x.tricks is not None else
                                           {-1: "loses", 0: "spoils", 1: "wins", 2: "jinks"}[x.value])
            else:
                assert entry["number"] == str(split_value(x.value)[0])
            numbered += 1
        unit = "tricks" if variant == "spoil-five" else "points of this deal"
        assert f"The number on each card is the {unit}" in p["analysis"]["legend"]
    assert numbered > len(rec.actions)


def test_play_on_from_a_position_branches_the_record_and_reads_back():
    """"Play on from here": another card at a step of a finished deal; the bots answer until the
    same seat is to move; the record keeps the moves before the step, marks the branch with its
    [Branch] tag, and reads back and replays. A card the rules refuse is refused in words, the
    record unchanged."""
    deal = played_deal("spoil-five", 4, 7)
    rec = GameRecord.of_deal(deal)
    r = opened(rec)
    step = next(k for k in range(len(rec.actions))
                if len((d := rec.replay(upto=k)).legal_actions()) > 1 and d.phase == "play")
    before = rec.replay(upto=step)
    mover = before.to_move
    other = next(a for a in before.legal_actions() if a != rec.actions[step][1])
    illegal = next((c.code for c in before.hand(mover) if c.code not in before.legal_actions()), None)
    if illegal:
        with pytest.raises(ReviewError) as refused:
            r.play_on({"step": step, "action": illegal})
        # The engine's rule travels with its words, to the protocol's reply (maw_sim.web).
        assert refused.value.refusal.rule.startswith(("following.", "renege."))
        assert str(refused.value) == refused.value.refusal.words
        assert r.summary()["steps"] == len(rec.actions)
    summary = r.play_on({"step": step, "action": other})
    assert summary["branch"] == step and '[Branch "%d"]' % step in summary["text"]
    played = maw_sim.GameRecord.parse(summary["text"])
    assert played.actions[:step] == rec.actions[:step] and played.actions[step] == (mover, other)
    again = played.replay()
    assert again.phase == "over" or again.to_move == mover
    # Played on again from the new line's end: the branch stays where it first left the record.
    if again.phase != "over":
        more = r.play_on({"step": summary["steps"], "action": again.legal_actions()[0]})
        assert more["branch"] == step and more["steps"] > summary["steps"]


def test_a_seats_record_is_played_on_as_that_seat_and_stays_its_own():
    """From a seat's own record, play on only at that seat's moves (the others' hands are the
    board's stand-in); the branch stays that seat's record: no hidden card is named in it."""
    deal = played_deal("spoil-five", 4, 9)
    full = GameRecord.of_deal(deal)
    seat = 1
    own = full.for_seat(seat)
    r = opened(own)
    steps = [k for k in range(len(own.actions)) if own.actions[k][0] == seat and k > 0]
    other_step = next(k for k in range(len(own.actions)) if own.actions[k][0] != seat)
    with pytest.raises(ReviewError, match="record: play on from a step"):
        r.play_on({"step": other_step, "action": own.actions[other_step][1]})
    step = steps[0]
    p = r.at({"step": step, "seat": seat})
    choice = p["legal"][-1]["action"]
    summary = r.play_on({"step": step, "action": choice})
    assert summary["redacted"] and summary["observer"] == seat and summary["branch"] == step
    played = maw_sim.GameRecord.parse(summary["text"])
    assert played.observer == seat and played.actions[step] == (seat, choice)
    hidden = {c for s_, hand in enumerate(deal.dealt) if s_ != seat for c in (x.code for x in hand)}
    shown_hands = {c for s_, hand in enumerate(played.hands) if s_ != seat for c in hand if c is not None}
    assert not shown_hands, "another seat's dealt cards are named in the seat's branch"
    assert len(hidden) > 0
