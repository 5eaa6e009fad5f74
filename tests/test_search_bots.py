"""The search bots: they play only legal actions, read only their own view, and imagine only worlds
that agree with it."""

from __future__ import annotations

import random

import pytest

import maw_sim
from maw_sim import Deal
from maw_sim.bots import bot_names, get_bot, play_deal
from maw_sim.bots.inference import Knowledge
from maw_sim.bots.ismcts import ISMCTS
from maw_sim.bots.search import PIMC
from maw_sim.deal import IllegalAction

# A small budget: the tests are about what the bots read and play, not how well.
QUICK = PIMC(budget=16, min_worlds=3, max_worlds=6)
QUICK_BOTS = {"pimc": QUICK, "ismcts": ISMCTS(iterations=24)}


def test_registered():
    names = bot_names()
    assert {"random", "heuristic", "pimc", "ismcts", "best"} <= set(names)
    assert callable(get_bot("best"))


@pytest.mark.parametrize("bot", QUICK_BOTS)
@pytest.mark.parametrize("vid", maw_sim.variant_ids())
def test_never_illegal_in_any_variant(vid, bot):
    v = maw_sim.load_variant(vid)
    # One deal a table size, each with its own seed and dealer: every decision of it is checked.
    for players in sorted({v.min_players, min(v.max_players, 5), v.max_players}):
        seed = players
        deal = Deal.random(v, players, seed, dealer=seed % players)
        bots = [QUICK_BOTS[bot] if s % 2 == 0 else get_bot("heuristic") for s in range(players)]
        # play_deal applies each action through Deal.apply, which raises on an illegal one.
        outcome = play_deal(deal, bots, random.Random(seed))
        assert outcome is not None and deal.phase == "over"


@pytest.mark.parametrize("bot", QUICK_BOTS)
def test_partnerships_never_illegal(bot):
    deal = Deal.random("forty-five", 4, 5, teams="2x2")
    play_deal(deal, [QUICK_BOTS[bot]] * 4, random.Random(5))
    assert deal.phase == "over"


def test_registered_best_plays_a_whole_deal():
    deal = Deal.random("spoil-five", 5, 21)
    play_deal(deal, [get_bot("best")] + [get_bot("heuristic")] * 4, random.Random(1))
    assert deal.phase == "over"


# -- hidden information ------------------------------------------------------------------------

def _start_hands(deal):
    """Each seat's hand as dealt, rebuilt from its hand now, the cards it played and the robbing."""
    hands = [set(c.code for c in deal.hand(s)) for s in range(deal.players)]
    for trick in deal.tricks:
        for seat, card in trick.plays:
            hands[seat].add(card.code)
    if deal.robbed is not None:
        seat, put_out = deal.robbed
        hands[seat].discard(deal.turnup.code)
        hands[seat].add(put_out.code)
    return hands


def _replayed(deal, hands):
    """The deal dealt with ``hands`` and replayed through the same actions, or None if the engine
    refuses any of them (the swap was not consistent with what happened)."""
    try:
        other = Deal(deal.variant, [sorted(h) for h in hands], deal.turnup.code, deal.dealer,
                     scores=deal.scores if deal.deal_points is not None else None)
        for seat, action in deal.history:
            if other.to_move != seat:
                return None
            other.apply(action)
    except (IllegalAction, ValueError):
        return None
    if other.phase != deal.phase or other.to_move != deal.to_move:
        return None
    return other


def _swaps(deal, seat, rng, wanted):
    """Deals that differ from ``deal`` only by hidden cards exchanged between two other seats, and
    that the engine accepts as having gone exactly the same way so far."""
    start = _start_hands(deal)
    others = [s for s in range(deal.players) if s != seat and deal.hand(s)]
    found = []
    for _ in range(200):
        if len(found) >= wanted or len(others) < 2:
            break
        a, b = rng.sample(others, 2)
        x = rng.choice(deal.hand(a)).code
        y = rng.choice(deal.hand(b)).code
        if deal.turnup.code in (x, y):
            continue                          # a robbed turn-up is seen by everyone: not hidden
        hands = [set(h) for h in start]
        hands[a].remove(x), hands[b].remove(y)
        hands[a].add(y), hands[b].add(x)
        other = _replayed(deal, hands)
        if other is not None:
            assert other.view(seat).hand == deal.view(seat).hand
            assert other.hand(a) != deal.hand(a)
            found.append(other)
    return found


@pytest.mark.parametrize("bot", QUICK_BOTS)
@pytest.mark.parametrize("vid,players", [("spoil-five", 5), ("heather-1876", 4), ("forty-five", 4),
                                         ("family", 3)])
def test_moves_do_not_depend_on_hidden_cards(vid, players, bot):
    """With the generator seeded alike, a bot's move is the same in every deal that looks the same
    from its seat — the hidden cards swapped between two other hands, consistently with everything
    played so far."""
    rng = random.Random(players)
    heuristic = get_bot("heuristic")
    checked = 0
    for seed in range(4):
        deal = Deal.random(vid, players, seed)
        while deal.to_move is not None:
            seat = deal.to_move
            if deal.phase == "play" and len(deal.legal_actions()) > 1:
                mine = QUICK_BOTS[bot](deal.view(seat), random.Random(99))
                for other in _swaps(deal, seat, rng, 2):
                    assert QUICK_BOTS[bot](other.view(seat), random.Random(99)) == mine
                    checked += 1
            deal.apply(heuristic(deal.view(seat), rng))
    assert checked >= 10


# -- the imagined worlds ---------------------------------------------------------------------------

@pytest.mark.parametrize("vid,players", [("spoil-five", 5), ("spoil-five", 2), ("heather-1876", 6),
                                         ("forty-five", 4), ("family", 5), ("maw-engraving", 3)])
def test_worlds_agree_with_the_view(vid, players):
    """Every imagined world looks, from the seat, exactly like the real deal: the same hand, the
    same tricks, the same phase — and the engine accepted every play in it again."""
    rng = random.Random(3)
    heuristic = get_bot("heuristic")
    for seed in range(8):
        deal = Deal.random(vid, players, seed, dealer=seed % players)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            knowledge = Knowledge(view)
            for _ in range(3):
                world = knowledge.world(rng)
                seen = world.view(seat)
                assert seen.hand == view.hand
                assert seen.tricks == view.tricks
                assert (seen.phase, seen.to_move, seen.robbed_by) == (view.phase, view.to_move, view.robbed_by)
                # Cards are conserved: the hidden hands hold no card the seat has seen elsewhere.
                shown = {c.index for c in view.hand} | {c.index for t in view.tricks for _, c in t.plays}
                for s in range(players):
                    if s != seat:
                        assert not shown & {c.index for c in world.hand(s)}
                        assert len(world.hand(s)) == len(deal.hand(s))
            deal.apply(heuristic(view, rng))


def test_robber_holds_the_turnup_in_every_world():
    rng = random.Random(1)
    for seed in range(300):
        deal = Deal.random("spoil-five", 5, seed)
        if deal.phase != "rob" or deal.turnup.rank == 1:
            continue
        robber = deal.to_move
        deal.apply(deal.legal_actions()[0])
        watcher = (robber + 1) % 5
        while deal.to_move != watcher:
            deal.apply(get_bot("heuristic")(deal.view(deal.to_move), rng))
        knowledge = Knowledge(deal.view(watcher))
        for _ in range(5):
            world = knowledge.world(rng)
            played = {c for t in deal.tricks for _, c in t.plays}
            if deal.turnup not in played:
                assert deal.turnup in world.hand(robber)
        return
    pytest.fail("no robbing found")


def test_void_shown_is_respected():
    """A seat that failed to follow a plain suit is never given a card of that suit."""
    rng = random.Random(2)
    heuristic = get_bot("heuristic")
    found = 0
    for seed in range(200):
        deal = Deal.random("heather-1876", 5, seed)
        t = deal.variant.tables(deal.trump)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            voids = []
            for trick in view.tricks:
                suit = t.lead_suit_of[trick.plays[0][1].index]
                if suit == t.trump_index:
                    continue                  # a renege shows less than a void (a top trump may be kept)
                for s, c in trick.plays[1:]:
                    if t.suit_of[c.index] != suit:
                        voids.append((s, suit))
            if voids and view.seat not in {s for s, _ in voids}:
                world = Knowledge(view).world(rng)
                for s, suit in voids:
                    assert not any(t.suit_of[c.index] == suit for c in world.hand(s))
                found += 1
            deal.apply(heuristic(view, rng))
    assert found > 20


# -- the worth of a spoil -------------------------------------------------------------------------

def test_a_spoil_is_worth_the_carried_pool_by_the_stakes():
    """Spoil Five's stakes (ante 2, dealer's stake 1, spoil addition 1) at five players: a fresh pool
    of 11; after a spoil the next pool is 16, of which each player expects a fifth, for one counter
    paid in instead of two (the next dealer: one instead of three). So a spoil beats another's win
    by 2/11 of a pool for a player (3/11 for the next dealer), and a pair shares twice the gain."""
    scorer = maw_sim.load_variant("spoil-five").scorer
    assert scorer.spoil_worth(5) == pytest.approx(2 / 11)
    assert scorer.spoil_worth(5, next_dealer_ours=True) == pytest.approx(3 / 11)
    assert scorer.spoil_worth(4, members=2) == pytest.approx((2 / 4 * 4 + 2) / 9)
    # A carried pool of 16 spoilt again: 21 next time, against a fresh 11.
    assert scorer.spoil_worth(5, pool=16) == pytest.approx((21 - 11) / 5 / 16 + 1 / 16)


def _barred_choice():
    """Three players, Spoil Five with robbing a duty on pain of the pool (``rob-or-barred``): seat 1
    held the ace of trumps (diamonds) and passed, so it can never take the pool. Fourth trick: seat 2,
    on two tricks, led the ace of clubs; seat 1 holds the knave (which takes it) and the six (which
    does not). The six gives seat 2 its third trick and the pool; the knave spoils the deal unless
    seat 2 also takes the last trick."""
    v = maw_sim.load_variant("spoil-five").with_options({"robbing": "rob-or-barred"})
    deal = Deal(v, [["5H", "JH", "QH", "8S", "JS"], ["6C", "10C", "JC", "AD", "QS"], ["AC", "4C", "7D", "AS", "KS"]],
                "2D", dealer=0)
    for action in ["pass", "10C", "4C", "8S", "7D", "5H", "AD", "QS", "KS", "JS", "AC", "JH"]:
        deal.apply(action)
    return deal.view(1)


def test_the_spoil_aware_bot_spoils_where_the_old_one_does_not_care():
    view = _barred_choice()
    assert view.legal == ("JC", "6C") and view.tricks_won == (0, 1, 2)
    old = PIMC(budget=40, min_worlds=12, max_worlds=12).evaluate(view, random.Random(3))
    new = PIMC(budget=40, min_worlds=12, max_worlds=12, spoil_aware=True).evaluate(view, random.Random(3))
    # Barred, seat 1 scores nothing whatever happens: the old value cannot tell the cards apart.
    assert old.score["JC"] == old.score["6C"] == (0.0, 0.0)
    assert new.rolled["6C"] == 0.0 and new.rolled["JC"] > 0.0
    assert max(view.legal, key=new.score.__getitem__) == "JC"
    assert get_bot("pimc-spoil")(view, random.Random(1)) == "JC"


def test_study_bots_are_found_by_name_but_not_offered_at_the_table():
    from maw_sim.bots import bot_levels, study_bot_names
    assert {"pimc-spoil", "best-spoil", "ismcts-spoil"} <= set(study_bot_names())
    assert "pimc-spoil" not in bot_names() and "pimc-spoil" not in {b["name"] for b in bot_levels()}
    assert get_bot("pimc-spoil").spoil_aware and not get_bot("pimc").spoil_aware
