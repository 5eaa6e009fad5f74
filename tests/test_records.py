"""Game records: a seat's record hides what that seat cannot see, links carry a whole game, and bad
input is refused with its line. (The round-trip properties are in test_record_properties.py; this
module needs only pytest and maw_sim, so it runs inside Pyodide too.)"""
import random
import re

import pytest

import maw_sim
from maw_sim import Deal, GameRecord, Match, RecordError
from maw_sim.bots import get_bot, play_deal
from maw_sim.records import replay_link, to_link, from_link, _check

VARIANTS = maw_sim.variant_ids()
CARD = re.compile(r"\b(?:(?:10|[2-9AJQKT])[CDHS]|JK)\b")    # any card code, the Joker's too


def _play(deal, rng, stop=None):
    """Random legal actions to the end, or until ``stop`` actions have been taken."""
    k = 0
    while deal.to_move is not None and (stop is None or k < stop):
        deal.apply(rng.choice(deal.legal_actions()))
        k += 1
    return deal


def _same_position(a, b):
    assert a.phase == b.phase and a.to_move == b.to_move
    assert [a.hand(s) for s in range(a.players)] == [b.hand(s) for s in range(b.players)]
    assert a.legal_actions() == b.legal_actions()
    assert a.tricks == b.tricks and a.history == b.history
    assert a.outcome == b.outcome




def test_a_robbers_face_down_card_is_rob_question_mark_to_everyone_else():
    deal = _find(lambda d: d.phase == "rob", "spoil-five", 5)
    robber = deal.to_move
    give = next(a for a in deal.legal_actions() if a.startswith("rob "))
    deal.apply(give)
    for seat in range(5):
        text = GameRecord.of_deal(deal).for_seat(seat).text()
        line = next(l for l in text.splitlines() if l.startswith("rob "))
        assert line == f"rob {robber}: " + (give if seat == robber else "rob ?")


def _find(test, variant, players, teams=None):
    for seed in range(5000):
        deal = Deal.random(variant, players, seed, teams=teams)
        if test(deal):
            return deal
    pytest.fail(f"no deal of {variant} in 5000 seeds passed {test}")


def _record_text():
    deal = _find(lambda d: d.phase == "rob", "spoil-five", 3)
    _play(deal, random.Random(3))
    return GameRecord.of_deal(deal).text()


# -- bad notation: the line and what was expected ---------------------------------------------

def _damaged(old, new, count=1):
    text = _record_text()
    assert old in text, old
    return text.replace(old, new, count)


@pytest.mark.parametrize("change, words", [
    (("% MAW 1", "% PGN 1"), "line 1: expected the version line '% MAW 1'"),
    (("% MAW 1", "% MAW 2"), "version '2'; this reader knows version 1"),
    (('[Variant "spoil-five"]', '[Variant "whist"]'), "unknown variant 'whist'"),
    (('[Players "3"]', '[Players "three"]'), "[Players]: expected a whole number"),
    (('[Players "3"]', '[Players "11"]'), "Spoil Five is for 2 to 10 players, not 11"),
    (('[Teams "-"]', '[Teams "2x3"]'), "'2x3' is not a partnership layout of Spoil Five"),
    (('[Dealer "0"]', '[Dealer "7"]'), "[Dealer] seat 7 does not exist with 3 players"),
    (('[Deal "1"]', '[Deal "0"]'), "should be deal 1"),
    (('[TurnUp "', '[TurnUp "Z'), "[TurnUp]: unknown card code"),
    (('[Variant "spoil-five"]', '[Variant spoil-five]'), 'line 2: a tag pair is written [Name "value"]'),
    (("\n1. ", "\n3. "), "trick 3 out of order; expected trick 1"),
    (("\n1. ", "\nfirst "), "expected a tag pair, a trick line"),
    (("\nrob ", "\njink "), "is not a jink decision"),
])
def test_malformed_notation_names_the_line_and_what_was_expected(change, words):
    with pytest.raises(RecordError) as info:
        GameRecord.parse(_damaged(*change))
    assert words in str(info.value)


def test_hands_are_checked_card_by_card():
    text = _record_text()
    hands = re.search(r'\[Hands "([^"]*)"\]', text).group(1)
    first = hands.split()[0]
    twice = hands.replace(hands.split()[1], first, 1)
    with pytest.raises(RecordError, match=f"{first} is dealt twice"):
        GameRecord.parse(text.replace(hands, twice))
    short = hands.split(" / ")
    short[1] = " ".join(short[1].split()[:4])
    with pytest.raises(RecordError, match="seat 1 has 4 cards; every hand has 5"):
        GameRecord.parse(text.replace(hands, " / ".join(short)))


def test_an_unclosed_brace_comment_names_its_line():
    text = _record_text().replace('[Seed', '{ a comment\n[Seed')
    with pytest.raises(RecordError, match=r"line 5: a comment opened with '\{' is never closed"):
        GameRecord.parse(text)


def test_an_illegal_action_is_named_by_its_number_and_rule():
    # A card swapped for another in the same hand that the rules of following forbid.
    for seed in range(2000):
        deal = Deal.random("spoil-five", 4, seed)
        rng = random.Random(seed)
        while deal.to_move is not None:
            legal = deal.legal_actions()
            hand = [c.code for c in deal.hand(deal.to_move)]
            refused = [c for c in hand if c not in legal]
            if deal.phase == "play" and refused:
                record = GameRecord.of_deal(deal)
                bad = record.deal.__class__(**{**record.deal.__dict__,
                                              "actions": record.actions + ((deal.to_move, refused[0]),),
                                              "labels": record.deal.labels + ("play",)})
                broken = record.__class__(**{**record.__dict__, "deals": (bad,)})
                with pytest.raises(RecordError) as info:
                    GameRecord.parse(broken.text()).replay()
                message = str(info.value)
                assert f"action {len(record.actions) + 1} (seat {deal.to_move}: {refused[0]})" in message
                assert "[following:" in message or "[reneging:" in message   # the rule and its source
                return
            deal.apply(rng.choice(legal))
    pytest.fail("no refused card found")


def test_a_result_that_does_not_match_the_play_is_refused():
    text = _record_text()
    result = re.search(r'\[Result "([^"]*)"\]', text).group(1)
    with pytest.raises(RecordError, match="does not match its play"):
        GameRecord.parse(text.replace(result, "winner 0; tricks 5 0 0")).replay()


def test_a_seats_record_cannot_be_replayed_and_says_why():
    record = GameRecord.parse(_record_text()).for_seat(1)
    with pytest.raises(RecordError, match="seat 1's record: other hands are hidden"):
        record.replay()


def test_unknown_tags_and_comments_are_kept_or_ignored():
    text = _record_text().replace('[Seed', '[Event "Class of 3B"] ; who played\n[Seed')
    text = text.replace("\n1. ", "\n{ the first trick }\n1. ")
    record = GameRecord.parse(text)
    assert ("Event", "Class of 3B") in record.extra
    assert '[Event "Class of 3B"]' in record.text()
    assert record.replay().outcome is not None


def test_the_names_people_gave_their_seats_round_trip_and_a_bad_list_is_refused():
    text = _record_text().replace('[Seed', '[Names "Ann|-|Bob"]\n[Seed')
    record = GameRecord.parse(text)
    assert record.names == ("Ann", None, "Bob")
    assert GameRecord.parse(record.text()) == record and '[Names "Ann|-|Bob"]' in record.text()
    assert record.for_seat(1).names == record.names
    for bad in ("Ann|Bob", "Ann||Bob", "Ann|-|Bob|Cat"):
        with pytest.raises(RecordError, match=r"\[Names\]: expected 3 names, one a seat"):
            GameRecord.parse(text.replace("Ann|-|Bob", bad))


# -- links ------------------------------------------------------------------------------------

def _match(variant="spoil-five", players=4, deals=3, seed=11, teams=None):
    match = Match(variant, players, seed, teams=teams)
    rng = random.Random(seed)
    bots = [get_bot("heuristic")] * players
    for _ in range(deals):
        deal = match.new_deal()
        play_deal(deal, bots, rng)
        match.settle(deal)
        if match.over:
            return match
    _play(match.new_deal(), rng, 7)
    return match


def test_a_link_restores_any_deal_of_a_match_at_the_exact_position():
    match = _match()
    code = to_link(match)
    assert re.fullmatch(r"[A-Za-z0-9._~-]+", code)             # URL-safe as it stands
    assert not CARD.search(code.split(".", 7)[7])               # the moves name no card
    again = replay_link(code)
    assert len(again.deals) == 4 and again.chips == match.chips and again.pool == match.pool
    _same_position(again.deals[-1], match.deals[-1])


def test_a_partnership_points_link_round_trips():
    match = _match("forty-five", 4, deals=2, seed=5, teams="2x2")
    assert from_link(to_link(match)) == GameRecord.of_match(match)


@pytest.mark.parametrize("damage, words", [
    (lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"), "damaged or was edited"),
    (lambda c: c.replace("spoil-five", "spoil-six"), "damaged or was edited"),
    (lambda c: c.rsplit(".", 2)[0], "incomplete"),
    (lambda c: "x" + c, "not one this site writes"),
    (lambda c: "", "a game link is a text code"),
])
def test_a_damaged_link_says_what_is_wrong(damage, words):
    with pytest.raises(RecordError, match=words):
        replay_link(damage(to_link(_match(deals=1))))


def test_a_well_checked_link_with_an_impossible_move_is_refused():
    body = "m1.spoil-five..4.s.0.b.Z"
    with pytest.raises(RecordError, match="move 1 of deal 1 is not a legal choice"):
        replay_link(body + "." + _check(body))
    body = "m1.spoil-five..12.s.0.b."
    with pytest.raises(RecordError, match="2 to 10 players"):
        replay_link(body + "." + _check(body))


@pytest.mark.parametrize("players, seed, words", [
    ("4", "z" * 4000, "seed is not one this site writes (a whole number from 0 to 9,007,199,254,740,991"),
    ("4", "2gosa7pa2gw", "seed is not one this site writes"),            # 2**53, one too many
    ("4", "1_0", "seed is not one this site writes"),
    ("4", "١", "seed is not one this site writes"),
    ("٤", "b", "player count or dealer is not a number this site writes"),
    ("4" * 5000, "b", "player count or dealer is not a number"),
])
def test_a_well_checked_link_with_a_number_this_site_never_writes_is_refused(players, seed, words):
    body = f"m1.spoil-five..{players}.s.0.{seed}."
    with pytest.raises(RecordError, match=re.escape(words)):
        replay_link(body + "." + _check(body))


def test_the_largest_seed_a_link_carries():
    match = Match("spoil-five", 3, 2**53 - 1)
    match.new_deal()
    assert replay_link(to_link(match)).seed == 2**53 - 1
    # A larger seed could not travel in a link, so no game starts from one (Variant.check_table's
    # companion check in maw_sim.match), and no link is ever written for it.
    with pytest.raises(ValueError, match="from 0 to 9007199254740991"):
        Match("spoil-five", 3, 2**53)


def test_options_travel_in_records_and_links():
    v = maw_sim.load_variant("spoil-five", preset="baxter-wray")
    match = _match(deals=1)
    match = Match(v, 4, 11)
    deal = match.new_deal()
    _play(deal, random.Random(2), 9)
    text = GameRecord.of_match(match).text()
    assert '[Options "ace_of_hearts_lead=hearts"]' in text
    back = GameRecord.parse(text)
    assert back.variant.choices == {"ace_of_hearts_lead": "hearts"} and back == GameRecord.of_match(match)
    again = replay_link(to_link(match))
    assert again.variant == v and again.deals[-1].history == deal.history
    with pytest.raises(RecordError, match=r"\[Options\]: Spoil Five has no option 'kitty'; options: ace_of_hearts_lead"):
        GameRecord.parse(text.replace("ace_of_hearts_lead=hearts", "kitty=3"))
    with pytest.raises(RecordError, match="takes trump, hearts; got 'spades'"):
        GameRecord.parse(text.replace("=hearts", "=spades"))


def test_a_record_may_start_at_any_deal_but_its_deals_follow_in_order():
    match = _match(deals=2)
    text = GameRecord.of_match(match).text()
    assert '[Deal "2"]' in text and '[Deal "3"]' in text
    with pytest.raises(RecordError, match=r'\[Deal "4"\] should be deal 3 \(a game\'s deals are numbered from 1'):
        GameRecord.parse(text.replace('[Deal "3"]', '[Deal "4"]'))
    # The record of deal 2 alone reads back, replays on its own, and says why it is not a match.
    second = GameRecord.of_deal(match.deals[1], 2)
    back = GameRecord.parse(second.text())
    assert back == second and back.deal.number == 2
    _same_position(back.replay(), match.deals[1])
    with pytest.raises(RecordError, match="starts at deal 2 of its game, so it cannot be played back as a match"):
        back.replay_match()
    with pytest.raises(RecordError, match="starts at deal 2 of its game, so it cannot be carried by a link"):
        to_link(back)


# -- every record the project writes reads back -----------------------------------------------

def _page(session, op, **request):
    import json
    from maw_sim import web
    reply = json.loads(web.handle(json.dumps({"op": op, **request}), session))
    assert reply["ok"], reply
    return reply


@pytest.mark.parametrize("new", [
    {"variant": "spoil-five", "players": 4, "seed": 3},
    {"variant": "forty-five", "players": 4, "seed": 8, "teams": "2x2"},
    {"variant": "one-hundred-and-ten", "players": 3, "seed": 5},
    {"variant": "auction-45", "players": 4, "seed": 2},
    {"variant": "cotton-1674", "players": 2, "seed": 4, "options": "fiving=true"},
])
def test_every_record_the_page_offers_reads_back_over_a_match(new):
    """The page's "record" op (the deal's record and the game's, as the seat knows them during a
    deal, full once it is over) at several moments of several deals: each one reads back to the
    same record and the same text, and a full one replays to the deal's own end."""
    from maw_sim import web
    session = web.Session()
    state = _page(session, "new", **new, bot="random")["state"]
    checked = 0
    for number in range(1, 5):
        while True:
            records = _page(session, "record")["record"]
            for key in ("deal", "game"):
                back = GameRecord.parse(records[key])
                assert back.text() == records[key], (number, key)
                assert back.deals[-1].number == number
                if records["complete"]:
                    assert back.replay().outcome == session.deal.outcome
                checked += 1
            if state["phase"] == "over":
                break
            state = _page(session, "act", action=session.deal.legal_actions()[0])["state"]
        if state["match_over"]:
            break
        state = _page(session, "next")["state"]
    assert number >= 2 and checked > 8


# -- a seat's own record after a robbery, at every table size -----------------------------------

def _robbery(players, put_out_the_ace=False):
    """A Spoil Five deal where a seat other than the dealer holds the ace of trumps and robs
    (putting out the ace itself, if asked), played on at random; the deal and the robber."""
    for seed in range(2000):
        deal = Deal.random("spoil-five", players, seed)
        if deal.phase != "rob" or deal.turnup.rank == 1:
            continue
        ace = f"rob A{deal.trump}"
        robs = sorted(a for a in deal.legal_actions() if a.startswith("rob ") and a != ace)
        deal.apply(ace if put_out_the_ace else robs[0])
        return _play(deal, random.Random(seed)), deal.history[0][0]
    pytest.fail("no robbery found")


def _seat_record_opens(full, upto, seat):
    from maw_sim.review import ReviewSession
    deal = GameRecord.of_deal(full).replay(upto)
    text = GameRecord.of_deal(deal).for_seat(seat).text()
    review = ReviewSession()
    summary = review.open({"text": text})
    view = review.at({"step": summary["steps"], "seat": seat})
    assert view["to_move"] == deal.to_move
    return text


@pytest.mark.parametrize("players", [8, 9, 10])
@pytest.mark.parametrize("put_out_the_ace", [False, True])
def test_a_seats_own_record_after_a_robbery_opens_on_the_review_board(players, put_out_the_ace):
    full, robber = _robbery(players, put_out_the_ace)
    ace = f"A{full.trump}"
    for upto in (1, 2, players + 1, len(full.history)):
        for seat in range(players):
            text = _seat_record_opens(full, upto, seat)
            # Everyone saw the robber answer the robbing step, which asks the ace's holder alone:
            # his record shows that ace in his hand while he still holds cards, never the card
            # he put out.
            hands = re.search(r'\[Hands "([^"]*)"\]', text).group(1).split(" / ")
            if seat != robber:
                assert ace in hands[robber].split() or upto == len(full.history), (upto, seat)
                assert "rob ?" in text


def test_what_a_robbery_shows_is_the_same_whichever_card_was_put_out():
    """Two deals that differ only in the card the robber put out face down read the same to every
    other seat (the hidden card leaks through no line of the record, the Hands included)."""
    kept, robber = _robbery(8, put_out_the_ace=False)
    for seed in range(2000):
        deal = Deal.random("spoil-five", 8, seed)
        if deal.dealt == kept.dealt and deal.turnup == kept.turnup:
            break
    deal.apply(f"rob A{deal.trump}")
    first = GameRecord.of_deal(kept).replay(1)
    for seat in range(8):
        if seat != robber:
            assert GameRecord.of_deal(deal).for_seat(seat).text() == GameRecord.of_deal(first).for_seat(seat).text()


def test_a_seats_record_mid_deal_at_ten_players_opens_on_the_review_board():
    full, robber = _robbery(10)
    for upto in (11, 21, 31):
        for seat in range(10):
            _seat_record_opens(full, upto, seat)


# -- the link, kept between moves ------------------------------------------------------------------

@pytest.mark.parametrize("variant, players, teams", [
    ("spoil-five", 5, None), ("forty-five", 4, "2x2"), ("one-hundred-and-ten", 4, None),
    ("auction-45", 5, None), ("auction-45-merrimack", 3, None), ("twenty-five-pool", 6, "3x2"),
])
def test_the_link_kept_between_moves_is_the_link_written_afresh(variant, players, teams):
    """to_link(match) after every action (kept from call to call) is byte for byte the link written
    from the whole record (each deal replayed), through several deals and after a restore."""
    match = Match(variant, players, 21, teams=teams)
    rng = random.Random(players)
    for number in range(3):
        deal = match.new_deal()
        while deal.to_move is not None:
            assert to_link(match) == to_link(GameRecord.of_match(match))
            deal.apply(rng.choice(deal.legal_actions()))
        match.settle(deal)
        if match.over:
            break
        assert to_link(match) == to_link(GameRecord.of_match(match))
    if not match.over:
        _play(match.new_deal(), rng, 6)
    code = to_link(match)
    again = replay_link(code)
    assert to_link(again) == code
    deal = again.deals[-1]
    while deal.to_move is not None:
        deal.apply(rng.choice(deal.legal_actions()))
        assert to_link(again) == to_link(GameRecord.of_match(again))


def test_the_link_of_a_restored_game_replays_no_deal_to_answer(monkeypatch):
    import maw_sim.records as records
    match = _match(deals=40)
    code = to_link(match)
    again = replay_link(code)
    replays = []
    real = records._replay_deal
    monkeypatch.setattr(records, "_replay_deal", lambda *a: replays.append(a) or real(*a))
    for _ in range(5):
        assert to_link(again) == code
    assert len(replays) == 1          # the deal in play, followed from then on; no finished deal
    deal = again.deals[-1]
    while deal.to_move is not None:
        deal.apply(deal.legal_actions()[0])
        to_link(again)
    again.settle(deal)
    again.new_deal()
    kept = to_link(again)
    assert len(replays) == 2          # and the next deal, once
    assert kept == to_link(GameRecord.of_match(again))


def test_each_step_owns_its_lines_in_the_notation():
    """Every decision step names the labels of its lines, no label belongs to two steps, and each
    step reads back, unchanged, every action its deals record (seen by all or by one seat)."""
    from maw_sim.steps import all_steps, step_for_label, step_named
    from maw_sim.records import labels_of
    labels = [label for step in all_steps() for label in step.labels]
    assert len(labels) == len(set(labels)) and all(step.labels for step in all_steps())
    read = set()
    for vid, options in [(v, {}) for v in maw_sim.variant_ids()] + [
            ("auction-45", {"dealer_robs": True}), ("cotton-1674", {"fiving": True}),
            ("auction-45-merrimack", {"four_flip": True}), ("spoil-five", {"robbing": "announce"}),
            ("auction-45-merrimack", {"call_partner": True})]:
        v = maw_sim.load_variant(vid, options=options)
        for seed in range(3):
            deal = Deal.random(v, 2 if vid == "cotton-1674" else v.default_players, seed)
            rng = random.Random(seed)
            while deal.to_move is not None:
                deal.apply(rng.choice(deal.legal_actions()))
            for seat in (None, 0):
                seen = [e for e in (x.seen_by(seat) for x in deal.events) if e is not None]
                for event, label in zip(seen, labels_of(seen)):
                    if label != "play":
                        assert step_named(event.step) is step_for_label(label)
                        assert step_for_label(label).read(label, event.text) == event.text
                        read.add(label)
    # Jinking needs the first three tricks to one player: two players, a few tries.
    for seed in range(200):
        deal = Deal.random(maw_sim.load_variant("spoil-five"), 2, seed)
        rng = random.Random(seed)
        while deal.to_move is not None:
            deal.apply(rng.choice(deal.legal_actions()))
        jinks = [e for e in deal.events if e.step == "jink"]
        if jinks:
            assert all(step_for_label("jink").read("jink", e.text) == e.text for e in jinks)
            read.add("jink")
            break
    assert read == set(labels)
