"""Properties of game records over random deals of every variant (hypothesis): the notation
round-trips exactly, every prefix replays to the same position, a match replays to the same
account, and a seat's record never names a card that seat has not seen."""
import random

from hypothesis import given, settings, strategies as st

import maw_sim
from maw_sim import Deal, GameRecord, Match
from maw_sim.bots import get_bot, play_deal
from maw_sim.records import from_link, to_link

from test_conformance import known_cards
from test_records import CARD, _play, _same_position

VARIANTS = maw_sim.variant_ids()


@st.composite
def games(draw):
    """A variant, a player count, a partnership layout where the variant has one, a seed."""
    v = maw_sim.load_variant(draw(st.sampled_from(VARIANTS)))
    # Any house rule the file declares: records must carry it and replay under it.
    choices = {name: draw(st.sampled_from(option.values)) for name, option in v.options.items()}
    # House rules that cannot hold together are refused (their own tests say so): leave out
    # choices, last first, until the rest hold.
    while True:
        try:
            v = maw_sim.load_variant(v.id, options=choices)
            break
        except ValueError:
            choices.popitem()
    players = draw(st.sampled_from(v.player_counts))   # the counts these rules can deal for
    layouts = [f"{t}x{s}" for t, s in v.partnerships if t * s == players]
    teams = draw(st.sampled_from([None] + layouts))
    return v, players, teams, draw(st.integers(0, 2**40)), draw(st.integers(0, players - 1))


@settings(max_examples=400, deadline=None)
@given(games(), st.integers(0, 2**32), st.integers(0, 60))
def test_every_record_round_trips_and_replays_to_the_same_position(game, choice_seed, stop):
    v, players, teams, seed, dealer = game
    deal = _play(Deal.random(v, players, seed, dealer, teams=teams), random.Random(choice_seed), stop)
    record = GameRecord.of_deal(deal)
    text = record.text()
    back = GameRecord.parse(text)
    assert back == record
    assert back.text() == text
    _same_position(back.replay(), deal)
    # Every prefix replays, and a seat's record round-trips too. (A discard in the exchange
    # brings its draw from the stock at once: a chance event, so a prefix ending on the discard
    # replays with the draw after it.)
    for upto in range(len(record.actions) + 1):
        replayed = back.replay(upto).history
        assert replayed[:upto] == deal.history[:upto]
        # (Likewise fiving agreed brings the cards turned.)
        assert len(replayed) - upto in (0, 1 if upto and deal.history[upto - 1][1].startswith(("discard ", "agree"))
                                        else 0)
    seat_record = record.for_seat(seed % players)
    assert GameRecord.parse(seat_record.text()) == seat_record


@settings(max_examples=60, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_a_match_record_round_trips_and_replays_the_account(game, choice_seed):
    v, players, teams, seed, _ = game
    match = Match(v, players, seed, teams=teams)
    bots = [get_bot("random")] * players
    rng = random.Random(choice_seed)
    for _ in range(rng.randint(1, 4)):
        if match.over:
            break
        deal = match.new_deal()
        play_deal(deal, bots, rng)
        match.settle(deal)
    if not match.over:
        deal = _play(match.new_deal(), rng, rng.randint(0, 12))
        if deal.outcome is not None:     # a points game can end mid-deal
            match.settle(deal)
    record = GameRecord.of_match(match)
    back = GameRecord.parse(record.text())
    assert back == record and len(back.deals) == len(match.deals)
    again = back.replay_match()
    assert (again.pool, again.chips, again.scores, again.over) == (match.pool, match.chips, match.scores, match.over)
    _same_position(again.deals[-1], match.deals[-1])
    assert from_link(to_link(match)) == record


@settings(max_examples=120, deadline=None)   # each example checks every prefix for every seat
@given(games(), st.integers(0, 2**32))
def test_a_seats_record_never_names_a_card_that_seat_cannot_see(game, choice_seed):
    v, players, teams, seed, dealer = game
    full = _play(Deal.random(v, players, seed, dealer, teams=teams), random.Random(choice_seed))
    for upto in range(len(full.history) + 1):
        deal = GameRecord.of_deal(full).replay(upto)
        for seat in range(players):
            text = GameRecord.of_deal(deal).for_seat(seat).text()
            named = set(CARD.findall(text))
            # What the seat's view names (and its own cards as dealt): the view is the one statement
            # of what a seat saw (tests/test_conformance.py's swap test holds every output to it).
            known = known_cards(deal, seat) | {c.code for c in deal.dealt[seat]}
            assert named <= known, (seat, upto, named - known)
            assert "[Seed" not in text and f'[Observer "{seat}"]' in text


