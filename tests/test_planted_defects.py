"""Direct tests for defects planted one at a time in a copy of the engine that the suite let
through, or caught only by a side effect (issue 24): each states the rule it guards in one place."""

import random
from pathlib import Path

import pytest

import maw_sim
from maw_sim import Deal, GameRecord
from maw_sim.records import RecordError
from maw_sim.resample import Knowledge, Observation
from maw_sim.variants import VariantError, conf_dir, parse_variant


def _playout(deal, rng, stop=None):
    """Random legal actions until the deal is over (or ``stop(deal)`` is true before an action)."""
    while deal.to_move is not None:
        if stop is not None and stop(deal):
            return deal
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _variant_text(vid: str) -> str:
    return (conf_dir() / "variants" / f"{vid}.toml").read_text(encoding="utf-8")


# -- robbing where a ruleset has none --------------------------------------------------------

@pytest.mark.parametrize("vid", [v for v in maw_sim.variant_ids() if maw_sim.load_variant(v).robbing == "none"])
def test_no_robbing_is_offered_in_a_ruleset_without_it(vid):
    v = maw_sim.load_variant(vid)
    for seed in range(40):
        deal = Deal.random(v, v.default_players, seed)
        rng = random.Random(seed)
        while deal.to_move is not None:
            legal = deal.legal_actions()
            assert deal.phase != "rob", (vid, seed)
            assert not any(a.startswith("rob ") or a == "announce" for a in legal), (vid, seed, legal)
            deal.apply(rng.choice(legal))
        assert deal.robbed is None and all(e.step != "rob" for e in deal.events)


def test_no_robbing_of_a_turned_ace_where_the_dealer_may_not():
    text = _variant_text("spoil-five").replace("turned_ace_to_dealer = true", "turned_ace_to_dealer = false")
    v = parse_variant(text, Path("conf/variants/spoil-five.toml"))
    assert not v.turned_ace_to_dealer
    aces = 0
    for seed in range(600):
        deal = Deal.random(v, 5, seed)
        if deal.turnup.rank != 1:
            continue
        aces += 1
        assert deal.phase == "play" and not any(a.startswith("rob ") for a in deal.legal_actions()), seed
    assert aces >= 5          # the case was met


# -- a re-hidden record names no robbed card ---------------------------------------------------

def test_a_readers_record_hidden_again_writes_a_robbed_card_face_down():
    v = maw_sim.load_variant("spoil-five")
    for seed in range(300):
        deal = Deal.random(v, 5, seed)
        if deal.phase == "rob" and deal.turnup.rank != 1:
            break
    robber = deal.to_move
    give = next(a for a in deal.legal_actions() if a.startswith("rob "))
    deal.apply(give)
    _playout(deal, random.Random(seed))
    text = GameRecord.of_deal(deal).text()
    hands = text.split('[Hands "', 1)[1].split('"', 1)[0]
    for reader in range(5):
        blind = " / ".join(h if s == reader else "? ? ? ? ?" for s, h in enumerate(hands.split(" / ")))
        record = GameRecord.parse(text.replace(hands, blind).replace("[Seed", "[From"))
        for seat in range(5):
            lines = [line for line in record.for_seat(seat).text().splitlines() if line.startswith("rob ")]
            if seat == robber:          # he saw his own card put out
                assert lines == [f"rob {robber}: {give}"]
            else:
                assert lines == [f"rob {robber}: rob ?"], (reader, seat, lines)


# -- a view's legal actions name only the seat's own cards ----------------------------------

def _cards_named(action: str) -> list:
    out = []
    for word in action.split()[1:] if " " in action else [action]:
        try:
            out.append(maw_sim.Card.parse(word))
        except ValueError:
            pass
    return out


@pytest.mark.parametrize("vid", maw_sim.variant_ids())
def test_a_views_legal_actions_name_no_other_seats_cards(vid):
    """Every ruleset, not one case: every seat's view (the seat to move's, and the leader's while a
    holder decides unseen whether to rob) offers its own cards only (to play, rob with, put out),
    never another hand's. A card the dealer takes from the stock (``take``) and a card called for
    a partner (``call``) are no hand's."""
    v = maw_sim.load_variant(vid)
    for seed in range(6):
        deal = Deal.random(v, v.default_players, seed)
        rng = random.Random(seed)
        while deal.to_move is not None:
            for seat in range(deal.players):
                view = deal.view(seat)
                mine = set(deal.hand(seat))
                for action in view.legal:
                    if action.split()[0] in ("take", "call", "trump"):
                        continue
                    others = [c for c in _cards_named(action) if c not in mine]
                    assert not others, (vid, seed, seat, action)
            deal.apply(rng.choice(deal.legal_actions()))


# -- a card the dealer took is out of the stock -----------------------------------------------

def test_a_card_the_dealer_takes_from_the_stock_leaves_it():
    v = maw_sim.load_variant("auction-45", options={"dealer_robs": True})
    taken = 0
    for seed in range(200):
        deal = Deal.random(v, 4, seed)
        rng = random.Random(seed)
        while deal.to_move is not None:
            legal = deal.legal_actions()
            takes = [a for a in legal if a.startswith("take ")]
            if takes:
                left = deal.stock_left
                card = maw_sim.Card.parse(takes[0][5:])
                deal.apply(takes[0])
                taken += 1
                assert card in deal.hand(deal.dealer)
                assert deal.stock_left == left - 1
                assert all(a != takes[0] for a in deal.legal_actions())        # never offered twice
                hands = [c for s in range(4) for c in deal.hand(s)]
                assert len(hands) == len(set(hands))                           # in one hand only
                continue
            if deal.to_move == deal.dealer and deal.phase == "discard":
                discards = [a for a in legal if a.startswith("discard ") and a != "discard none"]
                if discards:
                    deal.apply(discards[-1])
                    continue
            deal.apply(rng.choice(legal))
        if taken >= 6:
            break
    assert taken >= 6


# -- the resampler keeps a seat's known voids ----------------------------------------------------

def test_the_resampler_never_deals_a_seat_a_suit_it_showed_out_of():
    """A seat that played a plain card of another suit to a plain lead (Spoil Five: follow suit or
    trump) holds no plain card of the suit led; every hand the resampler draws for it agrees."""
    v = maw_sim.load_variant("spoil-five")
    checked = 0
    for seed in range(400):
        deal = Deal.random(v, 5, seed)
        rng = random.Random(seed)
        void = None
        while deal.to_move is not None and void is None:
            deal.apply(rng.choice(deal.legal_actions()))
            trick = deal.tricks[-1] if deal.tricks else None
            if trick is None or len(trick.plays) < 2 or deal.phase != "play":
                continue
            trumps = set(v.trump_ranking(deal.trump))
            lead = trick.plays[0][1]
            seat, card = trick.plays[-1]
            if lead not in trumps and card not in trumps and card.suit != lead.suit:
                void = (seat, lead.suit, trumps)
        if void is None or deal.to_move is None:
            continue
        seat, suit, trumps = void
        viewer = next(s for s in range(5) if s != seat)
        knowledge = Knowledge(Observation.from_view(deal.view(viewer)))
        barred = [c for c in v.pack.cards if c.suit == suit and c not in trumps and c not in deal.hand(viewer)]
        for k in range(20):
            # The hands drawn, not a world replayed: the engine's replay would refuse a world that
            # broke the void and draw again, hiding a sampler that forgot it.
            hands = knowledge.sample_hands(random.Random(k))
            held = [c for c in barred if hands[seat] >> c.index & 1]
            assert not held, (seed, seat, suit, held)
        world = knowledge.world(random.Random(0))
        assert not [c for c in world.hand(seat) if c in barred]
        checked += 1
        if checked >= 8:
            break
    assert checked >= 8


# -- two silent acceptances --------------------------------------------------------------------

def test_order_true_in_a_variant_file_is_refused():
    text = _variant_text("spoil-five")
    line = next(l for l in text.splitlines() if l.startswith("order = "))
    with pytest.raises(VariantError, match=r"spoil-five\.toml: key 'order': expected a whole number .*got True"):
        parse_variant(text.replace(line, "order = true"), Path("conf/variants/spoil-five.toml"))


def test_a_deal_numbered_out_of_its_place_in_the_game_is_refused_naming_its_line():
    """A game's deals are numbered from 1 and a record gives them in order: a [Deal] number that
    is not the one its place makes it (the deal before it plus one) is refused, naming the line.
    The first deal of a record may be any deal of its game (the page's record of one deal)."""
    from maw_sim.bots import get_bot, play_match
    match = maw_sim.Match("forty-five", 4, 5)
    play_match(match, [get_bot("random")] * 4, deals=3)
    text = GameRecord.of_match(match).text()
    lines = text.splitlines()
    for number, wrong in ((2, 4), (3, 2), (2, 1), (3, 5)):
        at = lines.index(f'[Deal "{number}"]') + 1
        bad = "\n".join(f'[Deal "{wrong}"]' if k == at - 1 else line for k, line in enumerate(lines))
        with pytest.raises(RecordError, match=rf'^line {at}: \[Deal "{wrong}"\] should be deal {number}'):
            GameRecord.parse(bad)
    second = GameRecord.of_deal(match.deals[1], 2)
    assert GameRecord.parse(second.text()).deal.number == 2         # a record may start at deal 2
