"""The one sampler of the hidden hands (maw_sim.resample): a deal imagined from what one seat
knows looks, from that seat, exactly like the real one — whether it is imagined from the seat's
view (the bots) or from the seat's record (the review board's stand-in)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import maw_sim
from maw_sim import Deal
from maw_sim.bots.inference import Knowledge
from maw_sim.resample import stand_in


def _tables():
    """Every ruleset at its fewest and most players, and the house rules that show a card or let
    a seat pick from the stock."""
    out = []
    for vid in maw_sim.variant_ids():
        v = maw_sim.load_variant(vid)
        for n in sorted({v.player_counts[0], v.player_counts[-1]}):
            out.append((vid, {}, n))
    out += [("auction-45", {"dealer_robs": True}, 4), ("auction-45-merrimack", {"four_flip": True}, 6),
            ("auction-45-atlantic", {"kitty_shown": True}, 4), ("spoil-five", {"robbing": "announce"}, 4),
            ("auction-45-merrimack", {"call_partner": True}, 5),
            ("cotton-1674", {"fiving": True}, 2)]
    return out


TABLES = _tables()


def _somewhere(vid, options, n, seed, in_play=False):
    """A deal of these rules, played at random to some point before its end (or None); with
    ``in_play``, a point in the play of the cards (where the bots imagine deals)."""
    deal = Deal.random(maw_sim.load_variant(vid, options=options), n, seed, dealer=seed % n)
    rng = random.Random(seed)
    while in_play and deal.to_move is not None and deal.phase not in ("play", "jink"):
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(rng.randrange(1, 4 * n)):
        if deal.to_move is None:
            return None
        deal.apply(rng.choice(deal.legal_actions()))
    return deal if deal.to_move is not None else None


@pytest.mark.parametrize("vid, options, n", TABLES, ids=lambda x: str(x))
def test_a_world_imagined_from_a_view_looks_the_same_from_that_seat(vid, options, n):
    compared = 0
    for seed in range(4):
        deal = _somewhere(vid, options, n, seed, in_play=True)
        if deal is None or deal.phase not in ("play", "jink"):
            continue
        seat = deal.to_move
        view = deal.view(seat)
        world = Knowledge(view).world(random.Random(seed))
        assert world.view(seat) == view
        compared += 1
    assert compared, "no position in the play reached"


@pytest.mark.parametrize("vid, options, n", [t for t in TABLES if not maw_sim.load_variant(t[0]).bidding],
                         ids=lambda x: str(x))
def test_a_stand_in_for_a_seats_record_replays_that_record(vid, options, n):
    for seed in range(4):
        deal = _somewhere(vid, options, n, seed)
        if deal is None:
            continue
        seat = random.Random(seed).randrange(n)
        mine = deal.record().for_seat(seat)
        again = stand_in(mine).record().for_seat(seat)
        assert again.deals[-1].actions == mine.deals[-1].actions
        assert again.deals[-1].hands[seat] == mine.deals[-1].hands[seat]
        # Made-up cards stand where this seat saw none; what it saw is the same.
        assert stand_in(mine).view(seat) == deal.view(seat)


def test_the_stand_in_refuses_a_record_no_deal_can_explain():
    deal = Deal.random(maw_sim.load_variant("spoil-five"), 4, 2, dealer=0)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    leader = deal.to_move
    card = deal.legal_actions()[0]
    deal.apply(card)
    mine = deal.record().for_seat((leader + 1) % 4)
    # The card just led, played again by the next seat: no hands can make that legal.
    broken = replace(mine.deals[-1], actions=mine.deals[-1].actions + (((leader + 1) % 4, card),),
                     labels=mine.deals[-1].labels + ("play",))
    with pytest.raises(ValueError, match="not legal"):
        stand_in(replace(mine, deals=(broken,)))
