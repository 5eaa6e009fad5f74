"""A plain, naive random playout of a five-player Spoil Five deal, for comparison with the engine.

Written as a newcomer would write it, with no attention to speed: the pack a list of (rank, suit)
tuples shuffled by ``random.Random(seed)``, hands as lists, a dictionary of card strengths built
for the trump suit, the rule of following checked by looping over the hand, robbing and jinking
left out. ``engine_speed.py`` times it in the same run as the engine, so the ratio between the two
survives a slower or faster machine. It is a yardstick, not a second engine: nothing else uses it.
"""
import random

SUITS = "CDHS"
RED = "DH"


def strengths(trump):
    """Card -> strength when ``trump`` is trumps (trumps above every plain card)."""
    order = {}
    top = [(5, trump), (11, trump), (1, "H"), (1, trump)]
    for k, card in enumerate(dict.fromkeys(top)):
        order[card] = 200 - k
    red = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    black = [13, 12, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    for suit in SUITS:
        ranks = red if suit in RED else black
        for k, rank in enumerate(ranks):
            card = (rank, suit)
            if card in order:
                continue
            order[card] = (150 if suit == trump else 50) - k
    return order


def is_trump(card, trump):
    return card[1] == trump or card == (1, "H")


def legal(hand, trick, trump):
    if not trick:
        return list(hand)
    lead = trick[0][1]
    if is_trump(lead, trump):
        trumps = [c for c in hand if is_trump(c, trump)]
        return trumps or list(hand)
    follow = [c for c in hand if c[1] == lead[1] and not is_trump(c, trump)]
    if not follow:
        return list(hand)
    return follow + [c for c in hand if is_trump(c, trump)]


def winner(trick, trump, order):
    lead = trick[0][1]
    best = None
    for seat, card in trick:
        if is_trump(card, trump) or (card[1] == lead[1] and not is_trump(lead, trump)):
            if best is None or order[card] > order[best[1]]:
                best = (seat, card)
    return best[0]


def playout(seed, players=5):
    rng = random.Random(seed)
    pack = [(r, s) for s in SUITS for r in range(1, 14)]
    rng.shuffle(pack)
    hands = [pack[5 * p:5 * p + 5] for p in range(players)]
    trump = pack[5 * players][1]
    order = strengths(trump)
    leader, won = 1 % players, [0] * players
    for _ in range(5):
        trick = []
        for k in range(players):
            seat = (leader + k) % players
            card = rng.choice(legal(hands[seat], trick, trump))
            hands[seat].remove(card)
            trick.append((seat, card))
        leader = winner(trick, trump, order)
        won[leader] += 1
    return won
