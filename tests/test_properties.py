"""Property tests over random deals for every variant and 2–10 players (hypothesis)."""
import random

from hypothesis import assume, given, settings, strategies as st

import maw_sim
from maw_sim import Deal, Match
from maw_sim.bots import get_bot, play_deal
from maw_sim.cards import DECK

VARIANTS = maw_sim.variant_ids()


@st.composite
def deals(draw):
    v = maw_sim.load_variant(draw(st.sampled_from(VARIANTS)))
    # Any house rule the file declares, and any player count those rules can deal for.
    choices = {name: draw(st.sampled_from(option.values)) for name, option in v.options.items()}
    try:
        v = maw_sim.load_variant(v.id, options=choices)
    except ValueError:
        assume(False)          # options that cannot hold together are refused (tested where declared)
    players = draw(st.sampled_from(v.player_counts))   # the counts these rules can deal for
    seed = draw(st.integers(0, 2**40))
    dealer = draw(st.integers(0, players - 1))
    return v, players, seed, dealer


def _random_playout(deal, rng):
    steps = 0
    # The cards, robbing and the jink's decision; in a bidding game the auction (each call outbids the last
    # or a seat drops out, and a hold is answered by a raise or a pass), the trump, the kitty and
    # one exchange a seat.
    # (Fiving adds the ask and the answer; the duty to announce, a word before robbing.)
    bound = 5 * deal.players + 5 + (4 * deal.players + 40 if deal.variant.bidding else 0)
    while deal.phase != "over":
        legal = deal.legal_actions()
        assert legal, f"no legal action in phase {deal.phase}"
        deal.apply(rng.choice(legal))
        steps += 1
        assert steps <= bound
    assert deal.legal_actions() == () and deal.to_move is None


@settings(max_examples=1500, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_random_playouts_keep_the_rules(args, choice_seed):
    v, players, seed, dealer = args
    deal = Deal.random(v, players, seed, dealer)
    dealt = set()
    for s in range(players):
        hand = deal.hand(s)
        assert len(hand) == 5
        dealt |= set(hand)
    assert len(dealt) == 5 * players and deal.turnup not in dealt
    _random_playout(deal, random.Random(choice_seed))
    # Cards are conserved: every card played once, by the seat that held it (or robbed it, or took
    # it from the kitty or the stock), never one put out face down.
    played = [c for t in deal.tricks for c in t.cards]
    assert len(played) == len(set(played))
    robbed = deal.robbed
    expected = set(dealt)
    if robbed:
        expected = (expected - {robbed[1]}) | {deal.turnup}
    if deal.variant.bidding and deal.contract is not None:
        if deal.kitty_size:
            expected |= set(deal.kitty)
        stock = list(deal.stock)
        for seat, action in deal.history:
            verb, _, rest = action.partition(" ")
            if verb == "draw":
                drawn = [maw_sim.Card.parse(c) for c in rest.split()]
                assert drawn == stock[:len(drawn)], "draws come from the top of the stock, in order"
                stock = stock[len(drawn):]
                expected |= set(drawn)
            elif verb == "take":
                # The dealer robbing the stock picks the card he wants, wherever it lies.
                taken = maw_sim.Card.parse(rest)
                assert taken in stock, "a card picked out of the stock was in it"
                stock.remove(taken)
                expected.add(taken)
            elif verb == "discard" and rest != "none":
                expected -= {maw_sim.Card.parse(c) for c in rest.split()}
        assert deal.stock_left == len(stock)
        assert all(len(deal.dealt[s]) == 5 for s in range(players))
    remaining = {c for s in range(players) for c in deal.hand(s)}
    assert set(played) | remaining == expected and not set(played) & remaining
    # One winner a trick, who holds the best card of it, and leads the next.
    for i, trick in enumerate(deal.tricks):
        assert trick.winner is not None and len(trick.plays) == players
        if i + 1 < len(deal.tricks):
            assert deal.tricks[i + 1].leader == trick.winner
    assert sum(deal.outcome.tricks_won) == len(deal.tricks)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_same_seed_gives_the_same_deal(args):
    v, players, seed, dealer = args
    a, b = Deal.random(v, players, seed, dealer), Deal.random(v, players, seed, dealer)
    assert [a.hand(s) for s in range(players)] == [b.hand(s) for s in range(players)]
    assert a.turnup == b.turnup


@settings(max_examples=300, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_an_illegal_card_is_refused_and_explained(args, choice_seed):
    v, players, seed, dealer = args
    deal = Deal.random(v, players, seed, dealer)
    rng = random.Random(choice_seed)
    while deal.phase != "over":
        if deal.phase == "play":
            legal = set(deal.legal_actions())
            for card in deal.hand(deal.to_move):
                reason = deal.explain(card.code)
                assert (reason is None) == (card.code in legal)
                if reason is not None:
                    assert "[" in reason   # names the rule and its source
        deal.apply(rng.choice(deal.legal_actions()))


@settings(max_examples=150, deadline=None)
@given(deals(), st.integers(1, 12))
def test_pool_chips_are_conserved_and_points_only_grow(args, count):
    """Chips are conserved in the pool games; in the points games a side's score never falls,
    except by the rules that take points away: a failed contract in the bidding games, the
    "dreaded 45". The bidding games' score sheet adds up to the deals' written points."""
    v, players, seed, _ = args
    match = Match(v, players, seed)
    bots = [get_bot("random")] * players
    rng = random.Random(seed)
    previous = list(match.scores)
    for _ in range(count):
        if match.over:
            break
        deal = match.new_deal()
        play_deal(deal, bots, rng)
        match.settle(deal)
        if match.kind == "pool":
            assert sum(match.chips) + match.pool == 0 and match.pool >= 0
        elif match.kind == "bid":
            assert [p + o for p, o in zip(previous, deal.outcome.points)] == match.scores
            contract = deal.contract
            # A called partner shares the bidder's fate ("call for your partner").
            bidders = () if contract is None else (contract.side, deal.partner)
            for side, (now, before) in enumerate(zip(match.scores, previous)):
                if side in bidders and not deal.outcome.contract_made:
                    assert now == before - contract.failed_value
                else:
                    assert now >= before
            previous = list(match.scores)
        elif not v.settings["scoring"].values.get("exact_target_resets"):
            assert all(now >= before for now, before in zip(match.scores, previous))
            previous = list(match.scores)


def test_bots_only_make_legal_moves_in_every_variant():
    for vid in VARIANTS:
        v = maw_sim.load_variant(vid)
        for players in range(v.min_players, v.max_players + 1):
            for name in ("random", "heuristic"):
                bot = get_bot(name)
                for seed in range(8):
                    deal = Deal.random(v, players, seed, seed % players)
                    rng = random.Random(seed)
                    while deal.phase != "over":
                        action = bot(deal.view(deal.to_move), rng)
                        assert deal.explain(action) is None, (vid, players, name, action)
                        deal.apply(action)


def test_a_view_never_shows_another_hand():
    deal = Deal.random("spoil-five", 5, 11)
    view = deal.view(2)
    others = {c for s in range(5) if s != 2 for c in deal.hand(s)}
    shown = set(view.hand) | {c for t in view.tricks for c in t.cards}
    assert not shown & others
    assert view.legal == () or deal.to_move == 2
    assert set(DECK) >= shown
