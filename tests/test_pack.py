"""The pack: the Joker as a 53rd card, and everything sized by the variant's pack, not by 52.

The Joker variant is Forty-Five with ``[pack] jokers = 1`` and the Joker third among the top
trumps (:func:`test_rulings.joker_forty_five`); its rulings are named tests in test_rulings.py.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from maw_sim.bots import play_match
import maw_sim
from maw_sim import Card, Deal, GameRecord, Match
from maw_sim.bots import get_bot
from maw_sim.cards import CARDS, CODES, DECK, JOKER, PACK_52, PACK_53, Pack, cards_of, mask_of, parse_cards
from maw_sim.deal import codes_of, shuffled
from maw_sim.solver import solve
from maw_sim.web import card_info

from test_records import _play, _same_position
from test_rulings import joker_forty_five
from test_solver import brute, endgame


@contextlib.contextmanager
def known(variant):
    """The variant findable by its id, as if its file were in conf/variants (records name a variant
    by id, so reading one back needs this)."""
    found = maw_sim.variants._all_variants()
    assert variant.id not in found
    found[variant.id] = variant
    try:
        yield variant
    finally:
        del found[variant.id]


# -- the card -------------------------------------------------------------------------------------

def test_the_joker_parses_and_prints():
    for text in ("JK", "jk", "Joker", "JOKER", " jk ", "🃏"):
        assert Card.parse(text) is JOKER
    assert (JOKER.code, JOKER.index, JOKER.symbol, JOKER.name, JOKER.is_red) == ("JK", 52, "🃏", "the joker", False)
    assert (JOKER.rank, JOKER.suit) == (0, "J") and JOKER.is_joker and not Card.parse("JC").is_joker
    assert str(JOKER) == "JK" and eval(repr(JOKER)) is JOKER and pickle.loads(pickle.dumps(JOKER)) is JOKER
    assert Card(0, "J") is JOKER and CODES[52] == "JK" and CARDS[52] is JOKER
    assert parse_cards("JK 5H") == [JOKER, Card(5, "H")]
    with pytest.raises(ValueError, match="JK appears twice"):
        parse_cards("JK 5H jk")
    for bad in ("JJ", "KJ", "J", "JKR"):
        with pytest.raises(ValueError, match="the Joker is 'JK'"):
            Card.parse(bad)


def test_a_pack_is_52_cards_or_53_with_the_joker():
    assert len(DECK) == 52 and JOKER not in DECK
    assert PACK_52.size == 52 and PACK_52.cards == DECK and PACK_52.mask == (1 << 52) - 1
    assert PACK_53.size == 53 and PACK_53.cards == DECK + (JOKER,) and PACK_53.mask == (1 << 53) - 1
    assert JOKER in PACK_53 and JOKER not in PACK_52 and Card(5, "H") in PACK_52
    assert PACK_53.joker_mask == JOKER.bit and PACK_52.joker_mask == 0
    assert sum(PACK_53.suit_masks) | PACK_53.joker_mask == PACK_53.mask
    assert Pack.of(1) is PACK_53
    with pytest.raises(ValueError, match="0 or 1 jokers"):
        Pack.of(2)
    assert cards_of(mask_of([JOKER, Card(1, "C")])) == [Card(1, "C"), JOKER]


def test_codes_of_a_mask_with_the_joker():
    mask = mask_of(parse_cards("AC 10S KS JK 2D"))
    assert codes_of(mask) == ("AC", "2D", "JK", "KS", "10S")    # the order of links: see codes_of
    assert codes_of(JOKER.bit) == ("JK",)


def test_card_info_draws_the_joker_with_no_suit():
    assert card_info("JK") == {"code": "JK", "symbol": "🃏", "name": "the joker", "suit": None, "red": False}


# -- the variant's tables -------------------------------------------------------------------------

def test_a_joker_variant_ranks_53_cards_once_each_for_every_trump_suit():
    v = joker_forty_five()
    assert v.pack is PACK_53
    for trump in "CDHS":
        cards = v.trump_ranking(trump) + [c for s in "CDHS" for c in v.plain_ranking(s, trump)]
        assert len(cards) == 53 and set(cards) == set(PACK_53.cards), trump
        t = v.tables(trump)
        assert len(t.power) == len(t.suit_of) == len(t.renege_over) == 53
        assert all(len(row) == 53 for row in t.win_key)
        # The Joker belongs to the suit in play that is trumps, and is privileged to renege.
        assert t.suit_of[52] == t.trump_index and t.trump_mask >> 52 & 1
        assert sum(t.suit_mask) == PACK_53.mask
        ace_hearts = Card(1, "H").index
        assert t.renege_over[ace_hearts] >> 52 & 1 and not t.renege_over[52] >> ace_hearts & 1


def test_a_52_card_variants_tables_stay_52_long():
    t = maw_sim.load_variant("forty-five").tables("C")
    assert len(t.power) == 52 and not t.trump_mask >> 52


# -- shuffling and dealing ------------------------------------------------------------------------

def test_52_card_deals_of_existing_seeds_are_unchanged():
    # The digest of these deals and shuffles as the engine made them before the pack was sized by
    # the variant: links and records of old games must still open on the same cards.
    h = hashlib.sha256()
    for vid, players in (("spoil-five", 5), ("spoil-five", 10), ("forty-five", 2), ("twenty-five", 7)):
        for seed in range(300):
            d = Deal.random(vid, players, seed, dealer=seed % players)
            h.update(repr(([[c.code for c in hand] for hand in d.dealt], d.turnup.code)).encode())
    for seed in range(50):
        h.update(repr(shuffled(seed)).encode())
    assert h.hexdigest() == "2d3e7ef4b223d008e1a39cc1ab36784659710bf4d1e94fe1cf0c68d7bc09840f"


def _dealt_from_shuffle(seed, players, dealer, size):
    """Deal three then two from the dealer's left, from the top of shuffled(seed, size=size); turn
    the next card, passing over a Joker (the reconstruction Deal.random documents)."""
    deck = shuffled(seed, size, size)
    hands = [[] for _ in range(players)]
    k = 0
    for batch in (3, 2):
        for seat in range(1, players + 1):
            for _ in range(batch):
                hands[(dealer + seat) % players].append(deck[k])
                k += 1
    rest = [i for i in deck[k:] if i != 52]
    return [sorted(h) for h in hands], rest[0], deck[k] == 52


def test_deal_random_deals_from_the_shuffled_pack_of_its_variant():
    v = joker_forty_five()
    turned = 0
    for seed in range(400):
        players, dealer = 2 + seed % 9, seed % 2
        for variant, size in ((maw_sim.load_variant("forty-five"), 52), (v, 53)):
            deal = Deal.random(variant, players, seed, dealer)
            hands, turnup, joker_turned = _dealt_from_shuffle(seed, players, dealer, size)
            assert [sorted(c.index for c in h) for h in deal.dealt] == hands
            assert deal.turnup.index == turnup
            turned += joker_turned and size == 53
    assert turned, "no seed turned the Joker up: the reconstruction went untested"


def test_a_turned_joker_is_laid_aside_and_the_next_card_turned_the_same_for_a_seed():
    v = joker_forty_five()
    seed = next(s for s in range(5000) if _dealt_from_shuffle(s, 4, 0, 53)[2])
    a, b = Deal.random(v, 4, seed), Deal.random(v, 4, seed)
    assert a.turnup == b.turnup and not a.turnup.is_joker and a.dealt == b.dealt
    assert JOKER not in {c for hand in a.dealt for c in hand}     # it lies in the stock, out of play


@st.composite
def joker_deals(draw):
    v = joker_forty_five()
    players = draw(st.integers(v.min_players, v.max_players))
    return v, players, draw(st.integers(0, 2**40)), draw(st.integers(0, players - 1))


@settings(max_examples=600, deadline=None)
@given(joker_deals(), st.integers(0, 2**32))
def test_random_playouts_conserve_the_53_cards(args, choice_seed):
    v, players, seed, dealer = args
    deal = Deal.random(v, players, seed, dealer)
    dealt = [set(h) for h in deal.dealt]
    every = set().union(*dealt)
    assert len(every) == 5 * players and deal.turnup not in every and every <= set(PACK_53.cards)
    stock = set(PACK_53.cards) - every - {deal.turnup}
    assert len(stock) == 53 - 5 * players - 1              # the 53 cards: hands, turn-up, stock
    rng = random.Random(choice_seed)
    while deal.phase != "over":
        deal.apply(rng.choice(deal.legal_actions()))
    played = [c for t in deal.tricks for c in t.cards]
    assert len(played) == len(set(played))
    expected = set(every)
    if deal.robbed:
        expected = (expected - {deal.robbed[1]}) | {deal.turnup}
    remaining = {c for s in range(players) for c in deal.hand(s)}
    assert set(played) | remaining == expected and not set(played) & remaining
    # The Joker, when played, is a trump: no trick it is in is won by a plain card.
    t = v.tables(deal.trump)
    for trick in deal.tricks:
        if JOKER in trick.cards:
            winning = dict(trick.plays)[trick.winner]
            assert t.power[winning.index] >= t.power[52]
    assert any(JOKER in h for h in dealt) or JOKER in stock


def test_every_bot_plays_only_legal_moves_with_the_joker():
    v = joker_forty_five()
    for name in ("random", "heuristic", "pimc", "ismcts"):
        bot = get_bot(name)
        for seed in range(3 if name in ("pimc", "ismcts") else 25):
            players = 2 + seed % 5
            deal = Deal.random(v, players, seed, seed % players)
            rng = random.Random(seed)
            while deal.phase != "over":
                action = bot(deal.view(deal.to_move), rng)
                assert deal.explain(action) is None, (name, seed, action)
                deal.apply(action)


def test_inference_samples_worlds_from_the_53_cards():
    from maw_sim.bots.inference import Knowledge
    v = joker_forty_five()
    for seed in range(40):
        deal = endgame(v, 4, seed, 3)
        if deal.phase != "play":
            continue
        k = Knowledge(deal.view(deal.to_move))
        hidden = PACK_53.mask & ~mask_of(deal.hand(deal.to_move))
        assert k.unseen & ~hidden == 0
        world = k.world(random.Random(seed))
        assert world.legal_actions() == deal.legal_actions()


# -- the solver -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players,teams", [(2, None), (3, None), (4, None), (4, (2, 2))])
def test_the_solver_equals_brute_force_on_joker_endgames(players, teams):
    v = joker_forty_five()
    checked = with_joker = 0
    seed = 0
    while checked < 40:
        seed += 1
        deal = endgame(v, players, seed * 7919 + players, 1 + seed % 3, teams)
        if deal.phase == "over" or (5 - deal.position.trick_count) * players > 14:
            continue
        live = {c for s in range(players) for c in deal.hand(s)}
        with_joker += JOKER in live
        sides = players if teams is None else teams[0]
        for side in range(sides):
            seat = next(s for s in range(players) if deal._side(s) == side)
            assert solve(deal, seat) == brute(deal, side), (players, teams, seed, side, deal.history)
            checked += 1
    assert with_joker, "no endgame had the Joker in play"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 10 ** 6), left=st.integers(1, 2))
def test_the_solver_equals_brute_force_on_joker_endgames_hypothesis(players, seed, left):
    deal = endgame(joker_forty_five(), players, seed, left)
    if deal.phase == "over":
        return
    for seat in range(players):
        assert solve(deal, seat) == brute(deal, seat)


# -- records --------------------------------------------------------------------------------------

def _joker_deal(players=4):
    """A finished deal of the Joker variant in which the Joker was dealt and played."""
    v = joker_forty_five()
    for seed in range(500):
        deal = Deal.random(v, players, seed, seed % players)
        if any(JOKER in h for h in deal.dealt):
            _play(deal, random.Random(seed))
            if any(JOKER in t.cards for t in deal.tricks):
                return deal
    pytest.fail("no deal played the Joker")


def test_a_record_with_the_joker_round_trips_and_replays():
    deal = _joker_deal()
    with known(joker_forty_five()):
        record = GameRecord.of_deal(deal)
        text = record.text()
        assert "JK" in text.split("[Hands")[1].split("]")[0]      # in a hand
        assert any(a == "JK" for _, a in record.actions)            # and in a trick
        back = GameRecord.parse(text)
        assert back == record and back.text() == text
        _same_position(back.replay(), deal)
        for seat in range(deal.players):
            seat_record = record.for_seat(seat)
            assert GameRecord.parse(seat_record.text()) == seat_record
            holder = next(s for s in range(deal.players) if JOKER in deal.dealt[s])
            hands = seat_record.text().split("[Hands")[1].split("]")[0]
            assert ("JK" in hands) == (seat == holder)


def test_a_joker_match_round_trips_through_its_record_and_link():
    from maw_sim.records import from_link, to_link
    v = joker_forty_five()
    with known(v):
        match = Match(v, 4, 3, teams="2x2")
        play_match(match, [get_bot("heuristic")] * 4, deals=3)
        record = GameRecord.of_match(match)
        assert GameRecord.parse(record.text()) == record
        assert from_link(to_link(match)) == record


def test_a_record_with_the_joker_in_a_52_card_game_is_refused():
    text = GameRecord.of_deal(Deal.random("forty-five", 2, 1)).text()
    hands = text.split('[Hands "')[1].split('"')[0]
    first = hands.split()[0]
    bad = text.replace(f'[Hands "{hands}"]', f'[Hands "{hands.replace(first, "JK", 1)}"]')
    with pytest.raises(maw_sim.RecordError, match="JK is not in the pack of Forty-Five"):
        GameRecord.parse(bad).replay()


def test_the_review_board_steps_through_a_joker_deal_open_and_from_each_seat():
    from maw_sim.review import ReviewSession
    deal = _joker_deal()
    with known(joker_forty_five()):
        rec = GameRecord.of_deal(deal)
        full = ReviewSession()
        full.open({"text": rec.text()})
        for k in range(len(rec.actions) + 1):
            p = full.at({"step": k, "open": True})
            truth = rec.replay(upto=k)
            for s in range(rec.players):
                assert {c["code"] for c in p["seats"][s]["cards"]} == {c.code for c in truth.hand(s)}
        # A seat's own record hides the other hands: the review fills them with stand-ins drawn
        # from the rest of the 53 cards, and steps exactly as the full record does for that seat.
        for seat in range(rec.players):
            own = ReviewSession()
            own.open({"text": rec.for_seat(seat).text()})
            for k in range(len(rec.actions) + 1):
                a, b = own.at({"step": k, "seat": seat}), full.at({"step": k, "seat": seat})
                assert (a["log"], a["seats"], a["legal"]) == (b["log"], b["seats"], b["legal"]), (seat, k)
                # The Joker in another hand, not yet played, is never named to this seat.
                now = rec.replay(upto=k)
                if any(JOKER in now.hand(s) for s in range(rec.players) if s != seat):
                    text = json.dumps(a, ensure_ascii=False)
                    assert not any(w in text for w in ('"JK"', "🃏", "the joker")), (seat, k)
