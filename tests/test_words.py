"""The words of a deal (maw_sim.words): one sentence for every event, told as the reader saw it,
with the seats named as each surface names them; the outcome's words; the jinking rule's."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

import maw_sim
from maw_sim import Deal
from maw_sim.cards import DECK
from maw_sim.words import SEATS, SENTENCES, Names, Teller, jinking_rule, outcome, result, table_names

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Za-z0-9])")

#: Rulesets and house rules that between them take every step and verb of the family.
TABLES = [("spoil-five", {}, 5), ("spoil-five", {"robbing": "announce"}, 4),
          ("spoil-five", {"robbing": "rob-or-barred"}, 4), ("spoil-five", {"robbing": "announce-or-lowest"}, 3),
          ("cotton-1674", {"fiving": True}, 2), ("forty-five", {}, 4),
          ("one-hundred-and-ten", {}, 4), ("one-hundred-and-ten", {"exchange": "up-to-3-stock"}, 4),
          ("auction-45", {}, 4), ("auction-45-atlantic", {"thirty": "call"}, 4),
          # House rules that show a card to all, or let the dealer pick his.
          ("auction-45", {"dealer_robs": True}, 4), ("auction-45-merrimack", {"four_flip": True}, 6),
          ("auction-45-atlantic", {"kitty_shown": True}, 4), ("auction-45-merrimack", {"call_partner": True}, 5)]


def random_deal(vid, options, players, seed):
    v = maw_sim.load_variant(vid, options=options)
    deal = Deal.random(v, players, seed, dealer=seed % players)
    rng = random.Random(seed)
    while deal.to_move is not None:
        legal = deal.legal_actions()
        # Robbing where possible, so that cards put out face down occur.
        robs = [a for a in legal if a.startswith("rob ")]
        deal.apply(robs[0] if robs and rng.random() < 0.5 else rng.choice(legal))
    return deal


def told(deal, names, viewer):
    teller = Teller(deal, names, viewer)
    return [line for event in deal.events for line in teller.tell(event)]


def test_every_event_of_every_ruleset_has_its_own_sentence():
    """No event falls through to a bare "Seat 2: rob 7C." line, and every sentence of the table
    is reached by some ruleset."""
    reached = set()
    for vid, options, players in TABLES:
        for seed in range(12):
            deal = random_deal(vid, options, players, seed)
            for event in deal.events:
                assert (event.step, event.verb) in SENTENCES, (vid, event)
                reached.add((event.step, event.verb))
            for line in told(deal, SEATS, None):
                assert not line["text"].startswith(tuple(f"Seat {s}:" for s in range(players))), line
    assert reached == set(SENTENCES), set(SENTENCES) - reached


def test_a_seat_is_told_no_card_it_has_not_seen():
    """Another seat's card put out face down, its discards and draws, the kitty another took:
    never named to a seat, by code, symbol or name; the all-seeing record names them."""
    for vid, options, players in TABLES:
        for seed in range(6):
            deal = random_deal(vid, options, players, seed)
            played = {c.code for t in deal.tricks for _, c in t.plays}
            table = {deal.dealt_turnup.code} | {c.code for c in deal.turned} if deal.dealt_turnup else set()
            for seat in range(players):
                seen = played | table | {c.code for c in deal.dealt[seat]}
                for event in deal.events:
                    mine = event.seen_by(seat)
                    if mine is not None:         # its own cards, and any laid face up (four flip)
                        seen |= {c.code for c in mine.cards if c is not None}
                if deal.kitty_shown is not None:
                    seen.add(deal.kitty_shown.code)
                if deal.contract is not None and deal.contract.bidder == seat and deal.kitty_taken:
                    seen |= {c.code for c in deal.kitty}
                for line in told(deal, table_names(seat), seat):
                    text = line["text"]
                    named = {c.code for c in DECK if c.symbol in text or c.name in text}
                    assert named <= seen, (vid, seed, seat, text, named - seen)
                    assert set(CARD.findall(line["action"] or "")) <= seen, line


def _deal_with_ace(holder_has_it: bool):
    """Four players, diamonds turned (4♦), dealer 3. Seat 1 holds the ace of diamonds, or in the
    other deal a plain card that nobody else can see instead: seat 0's hand is the same."""
    hands = [["2C", "3C", "4C", "5S", "6S"],
             ["AD" if holder_has_it else "9H", "7C", "8C", "9C", "10C"],
             ["2H", "3H", "4H", "6H", "7H"],
             ["2S", "3S", "4S", "7S", "8S"]]
    return Deal(maw_sim.load_variant("spoil-five"), hands, "4D", dealer=3)


def test_two_deals_that_differ_only_in_what_a_seat_cannot_see_tell_it_the_same():
    """The holder of the ace who declines to rob says nothing: the other seats are told exactly
    what they are told when nobody holds the ace (the leak: "Bot 1 declines to rob")."""
    quiet, plain = _deal_with_ace(True), _deal_with_ace(False)
    assert quiet.phase == "rob" and quiet.to_move == 1 and plain.phase == "play"
    quiet.apply("pass")
    for deal in (quiet, plain):
        deal.apply("5S")                       # seat 0 leads; seats 1 to 3 follow
        deal.apply("7C")
        deal.apply("6H")
        deal.apply("7S")
    for seat in (0, 2, 3):
        assert told(quiet, table_names(seat), seat) == told(plain, table_names(seat), seat)
        assert told(quiet, SEATS, -1) == told(plain, SEATS, -1)      # what everyone sees
    # The holder himself knows what he did, and the all-seeing record tells it.
    assert told(quiet, table_names(1), 1)[0]["text"] == "You decline to rob the turn-up."
    assert told(quiet, SEATS, None)[0]["text"] == "Seat 1 declines to rob the turn-up."


def test_a_robbers_card_is_named_to_the_robber_only():
    hands = [["AD", "2C", "3C", "5S", "6S"], ["8C", "7C", "9H", "9C", "10C"],
             ["2H", "3H", "4H", "6H", "7H"], ["2S", "3S", "4S", "7S", "8S"]]
    deal = Deal(maw_sim.load_variant("spoil-five"), hands, "4D", dealer=3)
    deal.apply("rob 2C")
    mine, theirs = told(deal, table_names(0), 0)[0], told(deal, table_names(1), 1)[0]
    assert mine["text"] == "You rob: take the turn-up 4♦ and put out 2♣ face down." and mine["action"] == "rob 2C"
    assert theirs["text"] == "Bot 0 robs: takes the turn-up 4♦ and puts out a card face down."
    assert theirs["action"] == "rob ?" and theirs["card"]["code"] == "4D"


def test_names_agree_with_their_verbs():
    you = table_names(2)
    assert [you(s) for s in range(4)] == ["Bot 0", "Bot 1", "You", "Bot 3"]
    assert you.says(2, "pass") == "You pass" and you.says(1, "pass") == "Bot 1 passes"
    assert you.says(2, "have") == "You have" and you.says(0, "have") == "Bot 0 has"
    assert you.possessive(2) == "your" and you.possessive(3) == "Bot 3's" and you.object(2) == "you"
    friends = table_names(None, {0, 2})       # pass-and-play: no "you", people by their seat
    assert [friends(s) for s in range(4)] == ["Seat 0", "Bot 1", "Seat 2", "Bot 3"]
    assert friends.says(0, "win") == "Seat 0 wins"
    assert Names(lambda s: f"Player {s}", you=1).says(0, "reach") == "Player 0 reaches"


@pytest.mark.parametrize("vid,players", [("spoil-five", 5), ("forty-five", 4), ("auction-45", 4),
                                         ("one-hundred-and-ten", 4)])
def test_the_outcome_is_worded_once_for_the_record_and_for_the_table(vid, players):
    for seed in range(15):
        deal = random_deal(vid, {}, players, seed)
        o = deal.outcome
        if deal.variant.bidding and deal.contract is None:
            continue
        said = outcome(deal)          # the record's words: every seat by its number
        assert said == result(deal, SEATS, o.winner, o.tricks_won, o.claimed, o.jinked, o.jink_failed,
                              o.game_won_by, o.double_game, o.contract_made, o.points)
        assert outcome(deal, SEATS) == said
        # At a table the same sentence, with the reader as "You".
        mine = outcome(deal, table_names(0))
        assert deal.teams is None and mine == said.replace("Seat 0", "You").replace("Seat ", "Bot ")


def test_a_claim_and_a_failed_jink_say_what_the_scoring_gives():
    pool = maw_sim.load_variant("spoil-five")
    assert "claim the pool" in jinking_rule(pool) and "pool is carried forward" in jinking_rule(pool)
    assert jinking_rule(maw_sim.load_variant("forty-five")) == "No: nobody announces a jink."
    points = SimpleNamespace(jinking=True, scoring_kind="points", scorer=SimpleNamespace(jink_wins_game=True))
    text = jinking_rule(points)
    assert "pool" not in text and "keeping the points its tricks made" in text and "wins the game" in text
    tricks = SimpleNamespace(jinking=True, scoring_kind="tricks", scorer=SimpleNamespace(jink_wins_game=False))
    assert "pool" not in jinking_rule(tricks) and "with nothing scored" in jinking_rule(tricks)
