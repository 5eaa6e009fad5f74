"""The kitty's and the exchange's discards are checked without building them: ``Step.is_listed``
says whether an action is one of ``legal_actions()`` exactly as written, and the engine takes it
as it took one found in that tuple; anything else goes the old way (the refusal, then the
canonical text). These tests compare the two on every legal discard of a few seeded deals of each
bidding game and on odd and illegal ones."""
import random

import pytest

import maw_sim
from maw_sim import Deal, IllegalAction
from maw_sim.cards import CARDS

# (ruleset, options, players): every bidding game as it comes, and the house rules that change the
# discard (all five under "four flip"; the dealer picking his cards out of the stock).
TABLES = [
    ("one-hundred-and-ten", None, 4), ("auction-45", None, 4), ("auction-45-merrimack", None, 4),
    ("auction-45-atlantic", None, 4), ("auction-45-merrimack", {"four_flip": True}, 6),
    ("auction-45", {"dealer_robs": True}, 4),
]


def _discard_positions(vid, options, players, seeds=range(3)):
    """Copies of seeded random deals at each decision of the kitty and the exchange."""
    v = maw_sim.load_variant(vid, options=options)
    for seed in seeds:
        deal = Deal.random(v, players, seed, dealer=seed % players)
        rng = random.Random(seed)
        while deal.phase not in ("play", "over"):
            if deal.phase in ("kitty", "discard"):
                yield deal.copy()
            deal.apply(rng.choice(deal.legal_actions()))


def _odd_actions(deal, rng):
    """Discards said otherwise than listed, or not allowed: the engine must read each as before."""
    hand = list(deal.hand_codes(deal.to_move))
    outside = [c.code for c in CARDS if c.code not in hand and c.code != "JK"]
    legal = [a for a in deal.legal_actions() if a.startswith("discard ") and a != "discard none"]
    one = rng.choice(legal) if legal else "discard " + hand[0]
    cards = one.split()[1:]
    odd = [
        one, one.lower(), one.upper(), "Discard " + " ".join(cards), " " + one, one + " ", one.replace(" ", "  "),
        one.replace(" ", "\t"), "discard " + " ".join(reversed(cards)), "discard " + " ".join(cards + cards[:1]),
        "discard " + " ".join(cards[:-1]), "discard " + " ".join(cards + [c for c in hand if c not in cards][:1]),
        "discard " + " ".join(cards[:-1] + outside[:1]), "discard " + " ".join(hand), "discard " + " ".join(hand[:6]),
        "discard none", "discard NONE", "discard None", "discard", "discard ", "discard xx", "pass", "", " ", "none",
        "discard " + " ".join(CARDS[deal.hand_mask(deal.to_move).bit_length() - 1].symbol for _ in range(1)),
        "discard " + " ".join(c.replace("10", "T") for c in cards), "take " + (outside[0] if outside else "AS"),
        "take " + hand[0], None, 5, CARDS[0], ["discard", hand[0]],
    ]
    return odd + [rng.choice(legal) for _ in range(3) if legal]


def _as_before(deal, action):
    """What the engine did with ``action`` before this check: the event it recorded, or the words
    of the IllegalAction it raised (found by membership of the whole tuple)."""
    step, seat = deal.step, deal.to_move
    if action not in deal.legal_actions():
        reason = deal.refusal(action)
        if reason is not None:
            return "refused", reason.words
        action = step.canonical(deal, action.strip().lower())
    return "taken", step.event(deal, seat, action)


def _now(deal, action):
    deal = deal.copy()
    try:
        deal.apply(action)
    except IllegalAction as exc:
        return "refused", str(exc)
    # The action's event: the last one but a chance event (the draw that follows a discard).
    return "taken", [e for e in deal.events if e.verb != "draw"][-1]


@pytest.mark.parametrize("vid, options, players", TABLES)
def test_every_listed_discard_is_taken_as_listed_and_nothing_else_is(vid, options, players):
    rng = random.Random(7)
    seen = 0
    for deal in _discard_positions(vid, options, players):
        step = deal.step
        legal = deal.legal_actions()
        assert all(step.is_listed(deal, a) for a in legal)
        for action in _odd_actions(deal, rng):
            assert step.is_listed(deal, action) == (action in legal), action
        seen += 1
    assert seen >= 3


@pytest.mark.parametrize("vid, options, players", TABLES)
def test_odd_and_illegal_discards_are_read_as_before(vid, options, players):
    """Same event (its canonical text) for an action taken, same words for one refused."""
    rng = random.Random(11)
    outcomes = set()
    for deal in _discard_positions(vid, options, players, seeds=range(2)):
        for action in _odd_actions(deal, rng):
            before = _as_before(deal, action)
            assert _now(deal, action) == before, action
            outcomes.add(before[0])
    assert outcomes == {"taken", "refused"}


def test_a_world_writes_a_hidden_discard_as_the_step_lists_it():
    """A bot's imagined deal chooses the cards a hidden seat put out in a random order; written in
    the hand's order they are the legal action's very text, which the engine takes at once."""
    from maw_sim.cards import Card
    from maw_sim.resample import Rebuild
    rng = random.Random(3)
    for deal in _discard_positions("auction-45-atlantic", None, 4, seeds=range(2)):
        for action in deal.legal_actions():
            if action != "discard none" and not action.startswith("take "):
                cards = [Card.parse(c).index for c in action.split()[1:]]
                rng.shuffle(cards)
                assert Rebuild.as_listed("discard", cards) == action
