"""Cards: small immutable values, parsed from and printed as short codes.

A card is a rank and a suit. Ranks run 1..13 (ace = 1, jack = 11, queen = 12,
king = 13); suits are ``"C"``, ``"D"``, ``"H"``, ``"S"``. The 52 cards exist once
each, so ``Card.parse("5H") is Card(5, "H")`` and cards compare and hash cheaply.

Codes are what the player types and the browser sends: ``5H``, ``10D`` (also
``TD``), ``AS``, ``jc``; a suit symbol is accepted too (``5♥``). A card prints
as its code (``str(card) == "10D"``), shows with a symbol (``card.symbol`` is
``"10♦"``) and is spoken by name (``card.name`` is ``"ten of diamonds"``).

Inside the engine a card is also an *index* 0..51 (``card.index``) and a set of
cards is an integer bit mask (bit ``index`` set), which keeps the hot loop of
every simulation free of objects.

**The Joker.** Some Forty-Five tables (Bruff, Co. Limerick; later 110 and Auction
Forty-Fives) add a 53rd card, the Joker, which ranks among the top trumps whatever
suit is turned. It is ``JOKER``, code ``JK`` (also ``jk``, ``Joker``, ``🃏``), index 52,
and it has no rank or suit of its own: ``rank`` is 0 and ``suit`` is ``"J"``, values no
real card has, so ``SUITS.index(card.suit)`` or ``RANK_CODES[card.rank]`` fail loudly
instead of treating the Joker as some ordinary card. It is black (``is_red`` False).
Which suit it follows in play is the variant's business: it belongs to whatever suit
is trumps (see :mod:`maw_sim.variants`).

``DECK`` is the ordinary 52-card pack. A :class:`Pack` is the pack a variant plays
with: those 52, or 53 with the Joker; ``CARDS`` holds every card by index.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "CDHS"
#: Cards in a hand, in every game of the family.
HAND_SIZE = 5
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset("DH")

RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K", **{r: str(r) for r in range(2, 11)}}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
_RANK_FROM_CODE = {code: rank for rank, code in RANK_CODES.items()} | {"T": 10, "1": 1}
_SUIT_FROM_TEXT = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()} | {
    "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

#: The Joker's rank and "suit": values no ordinary card has (see the module's text).
JOKER_RANK = 0
JOKER_SUIT = "J"
JOKER_CODE = "JK"
_JOKER_SPELLINGS = frozenset({"JK", "JOKER", "🃏"})


class Card:
    """One playing card, immutable: ``Card(5, "H")`` is the five of hearts."""

    __slots__ = ("rank", "suit", "index", "code")
    rank: int
    suit: str
    index: int
    code: str
    _interned: dict = {}

    def __new__(cls, rank: int, suit: str) -> "Card":
        try:
            return cls._interned[rank, suit]
        except (KeyError, TypeError):
            raise ValueError(
                f"no such card: rank {rank!r}, suit {suit!r} "
                "(rank is 1..13 with A=1, J=11, Q=12, K=13; suit is C, D, H or S; "
                "the Joker is Card.parse('JK'))") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        if suit == JOKER_SUIT:
            object.__setattr__(card, "index", 52)
            object.__setattr__(card, "code", JOKER_CODE)
        else:
            object.__setattr__(card, "index", SUITS.index(suit) * 13 + rank - 1)
            object.__setattr__(card, "code", RANK_CODES[rank] + suit)
        return card

    def __setattr__(self, name, value):
        raise AttributeError("a Card is immutable")

    def __reduce__(self):
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read a card code: ``"10H"``, ``"TH"``, ``"th"``, ``"10♥"``, ``"AS"``; the Joker is
        ``"JK"`` (also ``"jk"``, ``"Joker"``, ``"🃏"``).

        Raises ``ValueError`` naming the code and the accepted forms. Whether a variant's pack
        holds the Joker is checked where a deal is built, not here.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card code must be a string like '5H', not {text!r}")
        code = text.strip()
        if code.upper() in _JOKER_SPELLINGS:
            return JOKER
        rank = _RANK_FROM_CODE.get(code[:-1].upper()) if len(code) >= 2 else None
        suit = _SUIT_FROM_TEXT.get(code[-1:].upper()) if code else None
        if rank is None or suit is None:
            raise ValueError(
                f"unknown card code {text!r}: write the rank (A, 2-10 or T, J, Q, K) "
                "then the suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. '5H', '10D', 'AS'; the Joker is 'JK'")
        return cls._interned[rank, suit]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``"5♥"``; the Joker is ``"🃏"``."""
        if self.suit == JOKER_SUIT:
            return "🃏"
        return RANK_CODES[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card's name in words, e.g. ``"five of hearts"``, ``"the joker"`` (what a screen
        reader says)."""
        if self.suit == JOKER_SUIT:
            return "the joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: "Card") -> bool:
        # A stable, rule-free order (by suit, then rank) for sorting displays; the game's
        # ranking lives in the variant.
        return self.index < other.index


for _s in SUITS:
    for _r in range(1, 14):
        Card._interned[_r, _s] = Card._make(_r, _s)

#: The ordinary pack, in index order (clubs ace..king, diamonds, hearts, spades).
DECK: tuple = tuple(sorted(Card._interned.values(), key=lambda c: c.index))
#: The Joker: index 52, code ``JK``, no rank or suit of its own (see the module's text).
JOKER: Card = Card._make(JOKER_RANK, JOKER_SUIT)
Card._interned[JOKER_RANK, JOKER_SUIT] = JOKER
#: Every card there is, by index: the 52, then the Joker (index 52).
CARDS: tuple = DECK + (JOKER,)
#: Card codes by index (the Joker's too), for the hot path.
CODES: tuple = tuple(c.code for c in CARDS)
#: Each card's index by its code as the engine writes it (``CODES[i]``): what the inner loops of
#: bots and imagined deals read an action's card by, without parsing it.
CODE_INDEX: dict = {code: i for i, code in enumerate(CODES)}


@dataclass(frozen=True)
class Pack:
    """The cards a variant plays with: the ordinary 52, or 53 with the Joker.

    Indices run 0..size-1 with no gap (the Joker, when present, is 52), so ``mask`` — every card
    of the pack as a bit mask — is ``(1 << size) - 1`` and tables indexed by card are ``size``
    long. ``Pack.of(jokers)`` gives the one value for each size.
    """
    jokers: int
    cards: tuple
    size: int
    mask: int
    suit_masks: tuple     # the cards of each ordinary suit, C D H S (the Joker is in none)
    joker_mask: int       # the Joker's bit, 0 in a pack without it

    @staticmethod
    def of(jokers: int = 0) -> "Pack":
        try:
            return _PACKS[jokers]
        except (KeyError, TypeError):
            raise ValueError(f"a pack has 0 or 1 jokers, not {jokers!r}") from None

    def __contains__(self, card) -> bool:
        return isinstance(card, Card) and card.index < self.size

    def describe(self) -> str:
        return "52 cards" if not self.jokers else "53 cards: the 52 and the Joker"


_PACKS = {j: Pack(j, CARDS[:52 + j], 52 + j, (1 << (52 + j)) - 1,
                  tuple(((1 << 13) - 1) << (13 * s) for s in range(4)), (1 << 52) * j) for j in (0, 1)}
#: The ordinary 52-card pack.
PACK_52: Pack = _PACKS[0]
#: The pack with the Joker.
PACK_53: Pack = _PACKS[1]


def parse_cards(codes, what: str = "cards") -> list:
    """Parse a list of card codes, refusing duplicates with a clear message."""
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    cards = [Card.parse(c) for c in codes]
    seen = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{what}: {card.code} appears twice")
        seen.add(card)
    return cards


def mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list:
    """The cards of a bit mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out
