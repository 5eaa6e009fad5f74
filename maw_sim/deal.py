"""A deal: five cards each, a turned-up trump, the steps the ruleset has, five tricks.

A :class:`Deal` runs through the steps of its variant's pipeline (:func:`maw_sim.steps.pipeline`), each
an explicit phase:

``"rob"``
    Before the first lead, whoever holds the trump ace has the right to *rob*:
    take the turn-up into hand and put out another card face down
    (``"rob 7C"``), or decline (``"pass"``). When the turn-up is itself an ace,
    the dealer has that right.
``"play"``
    The seat left of the dealer leads; play goes clockwise and the winner of a
    trick leads to the next. Actions are card codes (``"5H"``).
``"jink"``
    Where the variant has jinking, a player who has won the first three tricks
    chooses: ``"claim"`` the pool now, or ``"jink"`` — lead to the fourth and
    undertake to win all five.
``"over"``
    :attr:`Deal.outcome` says who won (the scoring's rules: :mod:`maw_sim.scoring`).

Every action the rules forbid is refused by :meth:`Deal.apply` with
:class:`IllegalAction`, which carries :meth:`Deal.refusal`'s structured reason: the rule, its
sources and the words. A refused action changes nothing. Every action taken goes into one ordered
history, which with the cards dealt is the deal's record
(:meth:`maw_sim.records.GameRecord.of_deal`).

The engine keeps each hand as an integer bit mask and each rule as a table of
integers indexed by card (see :class:`maw_sim.variants.RankTables`), so a
simulation's inner loop does integer arithmetic, not object work.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .cards import CARDS, CODE_INDEX, CODES, HAND_SIZE, SUIT_NAMES, SUITS, Card, cards_of, parse_cards  # noqa: F401  (HAND_SIZE: deal.HAND_SIZE)
from .events import Event, Told, played
from .auction import AUCTION, TAKING_THE_KITTY
from .phase_names import BID, CALL, DISCARD, FIVE, JINK, KITTY, OVER, PLAY, ROB  # noqa: F401  (FIVE, ROB: deal.ROB, the phases' names)
from .phases import FIVING, JINKING, ROBBING
from .steps import pipeline, step_named
from .refusals import Refusal, refuse
from .scoring import TO_WIN, TRICKS
from .variants import PARTNERSHIP_FORMS, Variant, load_variant


_JOKER_INDEX = Card.parse("JK").index


class IllegalAction(ValueError):
    """An action the rules forbid, or that is not an action at all. The deal is unchanged.
    ``refusal`` is the structured reason (:class:`maw_sim.refusals.Refusal`); the message its words."""

    def __init__(self, refusal):
        super().__init__(str(refusal))
        self.refusal = refusal


# -- values the public API hands out --------------------------------------------------

@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards played in order as (seat, Card), and the winner (None while open)."""
    leader: int
    plays: tuple
    winner: int | None

    @property
    def cards(self) -> tuple:
        return tuple(card for _, card in self.plays)


@dataclass(frozen=True)
class Outcome:
    """How a deal ended.

    ``winner``: the seat that won the deal (three tricks or more, or a claimed jink), or None when
    the deal was spoilt. In a partnership game it is the partner who took most tricks for the
    winning side, and ``team`` names the side. ``tricks_won``: tricks per seat. ``points``: points
    per side (per seat in singles) where the variant scores points, else None. ``game_won_by``:
    the side that reached the target (or jinked where a jink wins the game), else None.
    ``thrown_in``: everyone passed in the auction and the cards were thrown in. An outcome is
    data: :func:`maw_sim.words.outcome` says it in words.
    """
    winner: int | None
    tricks_won: tuple
    points: tuple | None
    team: int | None
    jinked: bool
    jink_failed: bool
    claimed: bool
    game_won_by: int | None
    #: A points game won as a double game (a side still on nothing that took all five tricks,
    #: where ``scoring.double_game`` is played).
    double_game: bool = False
    #: In the bidding games: did the bidder's side make its contract? (None elsewhere, and when
    #: everyone passed and the cards were thrown in.)
    contract_made: bool | None = None
    thrown_in: bool = False

    @property
    def spoilt(self) -> bool:
        return self.winner is None


class Position(NamedTuple):
    """The state of a deal in play as plain integers, for searches that work on bit masks (the
    exact solver, the search bots). Cards are indices (``Card.index``), sets of cards bit masks.

    ``hands``: each seat's cards now; ``won``: tricks per seat; ``trick_count``: tricks finished;
    ``leader`` and ``plays``: the trick in progress (the k-th card by seat ``(leader + k) % n``);
    ``jinker``: the seat that jinked, if any; ``points``: each side's points this deal (points
    games, else None); ``best_trump``: the highest trump dealt, whose trick takes the bonus (points
    games with a bonus, else None); ``scores``: each side's score before the deal; ``barred``: the
    side that may not win the pool this deal (its player declined to rob where that bars him);
    ``played``: the cards played so far, to the finished tricks and the trick in progress."""
    phase: str
    to_move: int | None
    hands: tuple
    won: tuple
    trick_count: int
    leader: int
    plays: tuple
    jinker: int | None
    points: tuple | None
    best_trump: int | None
    scores: tuple
    barred: int | None = None
    played: int = 0


def _value(cls, **fields):
    """A frozen dataclass value made from its fields at once. A bot asks for a view at every
    decision, and the generated ``__init__`` would set each of a view's thirty fields by a call;
    a field left out takes the class's default, as it would there."""
    value = object.__new__(cls)
    value.__dict__.update(fields)
    return value


@dataclass(frozen=True)
class Turn:
    """What the rules ask of the seat to move, for a surface that draws the choice (the play
    page; :meth:`Deal.view` with ``detail=True``): all of it about that seat's own decision.

    ``prompt``: the step's question in the second person (None in the play: "play a card");
    ``order``: the legal actions in the order their buttons go; ``marking``: where cards are
    marked in hand and confirmed (the kitty, the discard), (fewest, most, the action that puts out
    none or None), else None; ``refusals``: (code, :class:`maw_sim.refusals.Refusal`) for each
    card of the hand the rules refuse now, with the rule's id."""
    prompt: str | None
    order: tuple
    marking: tuple | None
    refusals: tuple


@dataclass(frozen=True)
class SeatDetail:
    """A seat's view as a surface draws it, beyond what a bot decides by (:meth:`Deal.view` with
    ``detail=True``; a bot's view has ``detail`` None and costs nothing more). All public or the
    seat's own: ``hand_sizes``: how many cards each seat holds (in sight of all); ``kitty_taken``;
    ``kitty``: the kitty's cards to the bidder who took them into hand (else None); ``outcome``:
    the :class:`Outcome` once the deal is over (told to all); ``turn``: a :class:`Turn` when this
    seat is to move, as it knows it (the table waiting for the first lead while a holder decides,
    unseen, whether to rob, is the leader's turn to play)."""
    hand_sizes: tuple
    kitty_taken: bool
    kitty: tuple | None
    outcome: Outcome | None
    turn: Turn | None


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see: its own hand and everything played face up — never another hand.

    Bots are functions of a view; the browser bridge sends a view to the page.
    """
    variant: Variant
    seat: int
    players: int
    dealer: int
    teams: tuple | None
    trump: str
    turnup: Card
    robbed_by: int | None
    hand: tuple
    phase: str
    to_move: int | None
    legal: tuple
    tricks: tuple
    tricks_won: tuple
    jinker: int | None
    scores: tuple | None
    deal_points: tuple | None
    #: (seat, "pass" or "announce") when the holder of the ace of trumps (or the dealer, for a
    #: turned ace) declined to rob where this seat could know it: an announcement, the dealer's
    #: pass on a turned ace, or its own quiet pass (another's quiet pass is nobody else's to see).
    declined: tuple | None = None
    #: The ace of trumps is the lowest trump this deal (its holder neither robbed nor announced it).
    low_ace: bool = False
    #: Fiving (Cotton): the decisions taken, as (seat, action), the cards turned among them as
    #: (dealer, "turn 7C 3D"); the turn-up as dealt (``turnup`` is the one in force).
    fiving: tuple = ()
    dealt_turnup: Card | None = None
    #: The bidding games (else None, empty or 0): the auction so far as (seat, call), the
    #: contract once sold, the bidder, the kitty's size, the cards left in the stock and each
    #: exchange made as (seat, number of cards) — all public; ``trump`` is None until named.
    auction: tuple = ()
    contract: object = None
    bidder: int | None = None
    kitty_size: int = 0
    #: The kitty's top card, where the rules lay it face up (:attr:`Deal.kitty_shown`); else None.
    kitty_shown: Card | None = None
    stock_left: int = 0
    #: "Call for your partner": the card the bidder called (public), and who holds it, where this
    #: seat knows (its holder, or everyone once it is played); else None.
    called: Card | None = None
    partner: int | None = None
    exchanged: tuple = ()
    #: The deal's history as this seat saw it, in the deal's compact form (a card played is the
    #: integer ``seat << 6 | card index``); read it as :attr:`events`.
    seen: tuple = ()
    #: For a surface (``Deal.view(seat, detail=True)``): a :class:`SeatDetail`; else None.
    detail: SeatDetail | None = None
    #: Each step's own part of what this seat was told, by the step's name
    #: (:meth:`maw_sim.events.Told.part`): what a step beyond the family's keeps for the seat.
    steps: dict = field(default_factory=dict)

    @property
    def events(self) -> tuple:
        """Every event of the deal so far as this seat saw it (:class:`maw_sim.events.Event`):
        the fields that tell the history are read from these."""
        return tuple(map(_as_event, self.seen))

    @property
    def tables(self):
        """The rank tables in force for this deal (the variant's, for the trump suit and the ace's rank)."""
        return None if self.trump is None else self.variant.tables(self.trump, low_ace=self.low_ace)

    @property
    def trick_number(self) -> int:
        """0-based index of the trick being played (5 when all are done)."""
        done = sum(1 for t in self.tricks if t.winner is not None)
        return done

    @property
    def current_trick(self) -> Trick | None:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    def team_of(self, seat: int) -> int:
        return seat if self.teams is None else self.teams[seat]


def teams_for(variant: Variant, players: int, teams) -> tuple | None:
    """Seat -> side, partners sitting alternately (seat % number of sides)."""
    if teams is None:
        return None
    form = PARTNERSHIP_FORMS.get(teams) if isinstance(teams, str) else tuple(teams)
    if form is None or form not in variant.partnerships:
        allowed = ", ".join(f"{t}x{s}" for t, s in variant.partnerships) or "none (singles only)"
        raise ValueError(f"{variant.id}: no partnership layout {teams!r}; allowed: {allowed}")
    sides, size = form
    if sides * size != players:
        raise ValueError(f"{variant.id}: {sides} sides of {size} need {sides * size} players, not {players}")
    return tuple(seat % sides for seat in range(players))


#: The tables already checked, as (id of the variant, players) -> the variant (kept alive with
#: its answer, so that an id is never read for another ruleset): every random deal asks.
_CHECKED: dict = {}


def _check_players(variant: Variant, players) -> int:
    # The one check of a table (maw_sim.variants.Variant.check_table); the layout is teams_for's.
    if players.__class__ is int and _CHECKED.get((id(variant), players)) is variant:
        return players
    players = variant.check_table(players, None).players
    if len(_CHECKED) > 4096:
        _CHECKED.clear()          # rulesets made with options one after another: keep it bounded
    _CHECKED[id(variant), players] = variant
    return players


@lru_cache(maxsize=None)
def _dealing_order(players: int, dealer: int) -> tuple:
    """Which seat receives each card from the top of the pack: three each, then two each,
    starting at the dealer's left."""
    order = []
    for batch in (3, 2):
        for k in range(1, players + 1):
            order.extend([(dealer + k) % players] * batch)
    return tuple(order)


def check_seed(seed) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"a seed is a whole number, 0 or more; got {seed!r}")
    return seed


class Deal:
    """One deal of a Maw-family game.

    ``hands`` are the seats' cards, seats clockwise; seat ``(dealer + 1) % n`` leads.
    ``teams`` (points games): a layout such as ``"2x2"`` — partners sit alternately.
    ``scores``: each side's score before this deal, so that a points game can end the
    moment a side reaches the target.
    """

    # The play's own state, and what the deal dealt (the hands, the turn-up, the kitty and the
    # stock with how far it has been drawn, which fiving and the exchange both draw from). What a
    # step decided lives in that step's state (``steps_state``, see :meth:`state`); ``_barred``, a
    # consequence of robbing, stays here because the play reads it at the third trick.
    __slots__ = ("variant", "players", "dealer", "trump", "turnup", "teams", "scores",
                 "_t", "_hands", "_phase", "_to_move", "_step", "_step_index", "_tricks",
                 "_leader", "_plays", "_best_power", "_best_seat", "_won", "_jinker",
                 "_points", "_best_trump", "_outcome", "_trick_count", "_first3",
                 "_may_trump", "_per_trick", "_bonus", "_target", "_legal", "_keys",
                 "_actions", "_dealt", "seed", "_barred", "_dealt_turnup",
                 "_kitty", "_stock", "_drawn", "_marks", "steps_state")

    def __init__(self, variant, hands, turnup=None, dealer: int = 0, *, teams=None, scores=None,
                 kitty=None, stock=None):
        variant = load_variant(variant)
        if not isinstance(hands, (list, tuple)):
            raise ValueError("hands: give one list of card codes per seat")
        players = _check_players(variant, len(hands))
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        parsed = [parse_cards(h, f"seat {s}'s hand") for s, h in enumerate(hands)]
        for seat, hand in enumerate(parsed):
            if len(hand) != HAND_SIZE:
                raise ValueError(f"seat {seat}'s hand has {len(hand)} cards; every hand has {HAND_SIZE}")
        pack = variant.pack
        if variant.turnup_game:
            if turnup is None:
                raise ValueError(f"{variant.name} turns a card for trumps: give the turn-up")
            if kitty or stock and not variant.fiving:
                raise ValueError(f"{variant.name} deals no kitty and has no stock to draw from")
            turnup = Card.parse(turnup)
            extra = [("the turn-up", turnup)]
        else:
            if turnup is not None:
                raise ValueError(f"{variant.name} turns no card: the bidder names trumps (give turnup=None)")
            kitty = parse_cards(kitty or [], "the kitty")
            if len(kitty) != variant.kitty_size:
                raise ValueError(f"the kitty has {len(kitty)} cards; {variant.name} deals a kitty of "
                                 f"{variant.kitty_size}")
            extra = [("the kitty", c) for c in kitty]
        for card in [c for _, c in extra] + [c for hand in parsed for c in hand]:
            if card not in pack:
                raise ValueError(f"{card.code} is not in the pack of {variant.name}: it plays with "
                                 f"{pack.describe()}")
        if variant.turnup_game and turnup.is_joker:
            raise ValueError("the Joker cannot be the turn-up: it has no suit to name trumps (a Joker "
                             "turned is laid aside and the next card turned; see Deal.random)")
        seen: dict = {}
        for seat, hand in enumerate(parsed):
            for card in hand:
                if card in seen:
                    raise ValueError(f"{card.code} is dealt twice: in {seen[card]} and seat {seat}'s")
                seen[card] = f"seat {seat}'s hand"
        for where, card in extra:
            if card in seen:
                raise ValueError(f"{card.code} is in {where} and also in {seen[card]}")
            seen[card] = where
        masks = [sum(1 << c.index for c in hand) for hand in parsed]
        if variant.turnup_game and not variant.fiving:
            self._setup(variant, masks, turnup.index, dealer, teams_for(variant, players, teams), scores)
            return
        rest = [c for c in pack.cards if c not in seen]
        if stock is None:
            order = rest                 # the undealt cards, in the pack's order
        else:
            order = parse_cards(stock, "the stock")
            if sorted(c.index for c in order) != sorted(c.index for c in rest):
                raise ValueError("the stock must hold every undealt card once, top first ("
                                 f"{len(rest)} cards); got {len(order)}")
        if variant.turnup_game:
            # Fiving turns the next cards of the stock: the stock below the turn-up, in its order.
            self._setup(variant, masks, turnup.index, dealer, teams_for(variant, players, teams), scores,
                        (), tuple(c.index for c in order))
            return
        self._setup(variant, masks, None, dealer, teams_for(variant, players, teams), scores,
                    tuple(c.index for c in kitty), tuple(c.index for c in order))

    @classmethod
    def _of_indices(cls, variant, masks, turnup=None, dealer: int = 0, *, teams=None, scores=None,
                    kitty=None, stock=None) -> "Deal":
        """The deal ``Deal(variant, hands, ...)`` makes, from the cards as bit masks (``masks``, one a
        seat) and indices (``turnup``, ``kitty``, ``stock``) instead of codes: the resampler's worlds
        (:mod:`maw_sim.resample`), whose cards it drew itself, skip parsing them again. The
        constructor's checks are made on the bit masks; cards that fail one go to the constructor,
        which refuses them in its words."""
        variant = load_variant(variant)
        players = _check_players(variant, len(masks))
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        pack_mask = variant.pack.mask
        kitty = () if kitty is None else tuple(kitty)
        dealt = 0
        fits = True
        for mask in masks:
            if mask.bit_count() != HAND_SIZE or dealt & mask:
                fits = False
            dealt |= mask
        if variant.turnup_game:
            if turnup is None or turnup == _JOKER_INDEX or kitty or stock and not variant.fiving:
                fits = False
            else:
                fits = fits and not dealt >> turnup & 1
                dealt |= 1 << turnup
        else:
            aside = 0
            for i in kitty:
                aside |= 1 << i
            fits = fits and turnup is None and len(kitty) == variant.kitty_size \
                and aside.bit_count() == len(kitty) and not dealt & aside
            dealt |= aside
        fits = fits and dealt & pack_mask == dealt
        rest = pack_mask & ~dealt
        if stock is not None:
            stock = tuple(stock)
            laid = 0
            for i in stock:
                laid |= 1 << i
            fits = fits and laid == rest and len(stock) == rest.bit_count()
        if not fits:
            # Not a deal: the constructor says why (and were it to take these cards after all, it
            # makes the same deal).
            return cls(variant, [[CODES[i] for i in cards_of_indices(m)] for m in masks],
                       None if turnup is None else CODES[turnup], dealer, teams=teams, scores=scores,
                       kitty=[CODES[i] for i in kitty],
                       stock=None if stock is None else [CODES[i] for i in stock])
        deal = cls.__new__(cls)
        teams = teams_for(variant, players, teams)
        if variant.turnup_game and not variant.fiving:
            deal._setup(variant, list(masks), turnup, dealer, teams, scores)
            return deal
        if stock is None:
            stock = tuple(cards_of_indices(rest))      # the undealt cards, in the pack's order
        deal._setup(variant, list(masks), turnup, dealer, teams, scores,
                    () if variant.turnup_game else kitty, stock)
        return deal

    @classmethod
    def random(cls, variant, players: int = 5, seed: int = 0, dealer: int = 0, *, teams=None,
               scores=None) -> "Deal":
        """Shuffle by the seed and deal three, then two, to each seat from the dealer's left,
        then turn the next card. The same seed gives the same deal everywhere (CPython and
        Pyodide alike): see :func:`shuffled`. The variant's pack is shuffled: 52 cards, or 53
        with the Joker.

        A Joker turned up cannot name trumps. Until the rulesets that play with a Joker bring
        their sources' rule for it, this is a *reconstruction*: the Joker is laid aside in the
        stock, out of play, and the next card is turned (so it depends on the seed alone)."""
        variant = load_variant(variant)
        _check_players(variant, players)
        check_seed(seed)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        # shuffled() and the dealing order, fused into one loop: each card goes straight into its
        # seat's bit mask (the same cards as dealing from shuffled(seed, size=size); tests/test_pack.py
        # checks it, and pins the 52-card deals of old seeds).
        size = variant.pack.size
        x = int.from_bytes(hashlib.sha512(b"maw-deal:%d" % seed).digest(), "big")
        deck = list(range(size))
        masks = [0] * players
        i = 0
        for seat in _dealing_order(players, dealer):
            x, j = divmod(x, size - i)
            j += i
            card = deck[j]
            deck[j] = deck[i]
            masks[seat] |= 1 << card
            i += 1
        if not variant.turnup_game:
            # The bidding games: the kitty from the next cards, then the stock in its order (the
            # same exact shuffle, carried on to the bottom of the pack).
            for k in range(i, size - 1):
                x, j = divmod(x, size - k)
                j += k
                deck[k], deck[j] = deck[j], deck[k]
            kitty = variant.kitty_size
            deal = cls.__new__(cls)
            deal._setup(variant, masks, None, dealer,
                        None if teams is None else teams_for(variant, players, teams), scores,
                        tuple(deck[i:i + kitty]), tuple(deck[i + kitty:]))
            deal.seed = seed
            return deal
        turnup = deck[i + x % (size - i)]
        while turnup == _JOKER_INDEX:
            # Reconstruction (see the docstring): the turned Joker is laid aside, the next card turned.
            x, j = divmod(x, size - i)
            deck[i + j] = deck[i]
            i += 1
            turnup = deck[i + x % (size - i)]
        stock: tuple = ()
        if variant.fiving:
            # Fiving turns the next cards of the stock, so its order is a chance event too: the
            # turn-up is set apart and the same exact shuffle carries on below it (the hands and
            # the turn-up are those of every other ruleset for this seed).
            t = deck.index(turnup, i)
            deck[i], deck[t] = deck[t], deck[i]
            x //= size - i
            for k in range(i + 1, size - 1):
                x, j = divmod(x, size - k)
                j += k
                deck[k], deck[j] = deck[j], deck[k]
            stock = tuple(deck[i + 1:])
        deal = cls.__new__(cls)
        deal._setup(variant, masks, turnup, dealer,
                    None if teams is None else teams_for(variant, players, teams), scores, (), stock)
        deal.seed = seed
        return deal

    def _setup(self, variant, masks, turnup_index, dealer, teams, scores, kitty=(), stock=()):
        self.variant = variant
        self.seed = None               # set by Deal.random: provenance only, the hands are the record
        self._dealt = tuple(masks)     # the chance event "the deal", kept for the record
        self.players = n = len(masks)
        self.dealer = dealer
        # The bidding games: the kitty and the stock (card indices, top first) are chance events
        # too; the draws take from the stock in its order.
        self._kitty, self._stock, self._drawn = kitty, stock, 0
        self._dealt_turnup = turnup_index    # the turn-up as dealt (fiving may turn another)
        if turnup_index is None:
            self.turnup = self.trump = None      # named by the bidder
        else:
            self.turnup = CARDS[turnup_index]
            self.trump = self.turnup.suit
        self.teams = teams
        sides = n if teams is None else max(teams) + 1
        if scores is None:
            scores = (0,) * sides
        elif len(scores) != sides or any(not isinstance(x, int) for x in scores):
            raise ValueError(f"scores: one whole number per side ({sides}), got {scores!r}")
        self.scores = tuple(scores)
        self._t = None if self.trump is None else variant.tables(self.trump)
        # Rule flags read in the inner loop, copied here once so play never goes through properties.
        self._may_trump = variant.following == "may-trump"
        scorer = variant.scorer
        if scorer.points:
            self._per_trick, self._bonus, self._target = scorer.per_trick, scorer.bonus, scorer.target
        else:
            self._per_trick = self._bonus = self._target = 0
        self._legal = None
        self._keys = None
        self._hands = list(masks)
        self._won = [0] * n
        self._tricks = []          # finished tricks: (leader, (card index, ...) in order of play, winner)
        self._plays = []           # the trick in progress; the k-th card was played by (leader + k) % n
        self._leader = (dealer + 1) % n
        self._best_power = -1
        self._best_seat = -1
        self._jinker = None
        self._barred = None        # the side that may not win the pool this deal (robbing.rule)
        self._outcome = None
        self._trick_count = 0
        self._first3 = True
        # The one ordered history of the deal's actions. A card played is kept as the integer
        # seat << 6 | card index (no tuple, no string in the inner loop); a decision as its
        # (seat, action) tuple. :attr:`history` reads both back as (seat, action).
        self._actions = []
        # Where in it the events lie (decisions and chance, not cards played): a seat's view reads
        # only these, so a view costs the same however many cards have been played.
        self._marks = []
        self._best_trump = None
        self._points = [0] * sides if scorer.points else None
        if self._points is not None and scorer.turnup_ace_of_hearts and self.turnup is not None \
                and self.turnup.code == "AH":
            self._points[self._side(dealer)] += scorer.turnup_ace_of_hearts
        self._step = None
        self.steps_state = {}          # each step's own state, by its name (Deal.state)
        self._advance(0)

    def _advance(self, index: int) -> None:
        """Open the first step of the variant's pipeline from ``index`` on that happens in this deal
        (see :mod:`maw_sim.phases`); after the last, the play."""
        steps = pipeline(self.variant)
        while index < len(steps):
            seat = steps[index].begins(self)
            if seat is not None:
                self._step, self._step_index = steps[index], index
                self._phase, self._to_move = steps[index].name, seat
                return
            index += 1
        self._step, self._step_index = None, index
        self._start_play()

    def _start_play(self):
        # (The auction's state read in place, not through the property: every deal ends here.)
        st = self.steps_state.get(BID) if self.steps_state else None
        contract = None if st is None else st.contract
        if contract is not None:
            lead = self.variant.auction["first_lead"]
            bidder = contract.bidder
            self._leader = bidder if lead == "bidder" else (bidder + 1) % self.players \
                if lead == "bidder-left" else (self.dealer + 1) % self.players
        self._phase, self._to_move = PLAY, self._leader
        if self._points is not None and self.variant.scorer.bonus:
            power = self._t.power
            held = 0
            for mask in self._hands:
                held |= mask
            held &= self._t.trump_mask
            self._best_trump = max(cards_of_indices(held), key=power.__getitem__, default=None)
        else:
            self._best_trump = None

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: the seat itself when each plays alone."""
        return seat if self.teams is None else self.teams[seat]

    _side = side_of

    # -- the public state ----------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_move(self):
        return self._to_move

    @property
    def outcome(self):
        return self._outcome

    @property
    def position(self) -> Position:
        """The deal's state as plain integers (see :class:`Position`): what the solver and the
        search bots read, never the deal's private fields."""
        played = 0
        for _, plays, _ in self._tricks:
            for i in plays:
                played |= 1 << i
        for i in self._plays:
            played |= 1 << i
        return Position(self._phase, self._to_move, tuple(self._hands), tuple(self._won),
                        self._trick_count, self._leader, tuple(self._plays), self._jinker,
                        None if self._points is None else tuple(self._points), self._best_trump,
                        self.scores, self._barred, played)

    @property
    def tables(self):
        """The rank tables in force in this deal (:class:`maw_sim.variants.RankTables`): the
        variant's for the trump suit, with the ace of trumps last where its holder lost its rank."""
        return self._t

    @property
    def dealt_turnup(self):
        """The card turned for trumps at the deal (None in the bidding games); fiving may have
        turned another since (:attr:`turnup` is the one in force)."""
        return None if self._dealt_turnup is None else CARDS[self._dealt_turnup]

    @property
    def turned(self) -> tuple:
        """The cards turned by fiving, the new turn-up last (empty if nobody fived)."""
        return FIVING.turned(self)

    # -- what a step may do to the deal (its own state, the hands, the events that follow) --
    def state(self, step):
        """``step``'s own state in this deal: made by ``step.new_state(deal)`` when first asked
        for, copied with the deal (:meth:`copy` calls its ``copy()``), read and written by that
        step alone (:class:`maw_sim.phases.StepState`). Once made it is also
        ``deal.steps_state[step.name]``, which a step asked at every call (the auction) reads
        without a call."""
        states = self.steps_state
        found = states.get(step.name)
        if found is None:
            found = states[step.name] = step.new_state(self)
        return found

    def state_of(self, name: str):
        """The state of the step called ``name`` in this deal, or None where it has none yet."""
        return self.steps_state.get(name)

    def holder_of(self, bit: int):
        """The seat whose hand holds the card of bit mask ``bit``, or None."""
        for seat, hand in enumerate(self._hands):
            if hand & bit:
                return seat
        return None

    def name_trump(self, suit: str, low_ace: bool = False) -> None:
        """Trumps are ``suit`` from now on (the bidder names them, fiving turns them); ``low_ace``:
        the ace of trumps ranks lowest (its holder kept it quiet, where that costs its rank)."""
        self.trump = suit
        self._t = self.variant.tables(suit, low_ace=low_ace)

    def bar(self, side: int) -> None:
        """``side`` may not win the pool this deal (its player declined to rob where that bars him)."""
        self._barred = side

    def draw(self, count: int) -> tuple:
        """The stock's next ``count`` cards (indices), taken off its top."""
        drawn = self._stock[self._drawn:self._drawn + count]
        self._drawn += count
        return drawn

    def stock_rest(self) -> tuple:
        """The cards left in the stock below those drawn, top first (indices; hidden information)."""
        return self._stock[self._drawn:]

    def throw_in(self) -> None:
        """Everyone passed and the dealer was not bagged: the cards are thrown in, nobody scores."""
        self._phase, self._to_move = OVER, None
        sides = len(self.scores)               # one score per side
        self._points = [0] * sides
        self._outcome = Outcome(None, tuple(self._won), (0,) * sides, None, False, False, False, None,
                                thrown_in=True)

    def end_deal(self, claimed: bool = False) -> None:
        """The deal ends now (a claim after three tricks), scored as it stands."""
        self._finish(claimed=claimed)

    def play_on(self, seat: int, jinker=None) -> None:
        """Back to the play, ``seat`` to lead; ``jinker``: the seat that undertook to win all five."""
        if jinker is not None:
            self._jinker = jinker
        self._step = None
        self._phase, self._to_move = PLAY, seat

    def hand_mask(self, seat: int) -> int:
        """``seat``'s cards now as a bit mask over the pack (bit ``card.index``)."""
        return self._hands[seat]

    def move_cards(self, seat: int, out: int = 0, into: int = 0) -> None:
        """A step's effect on a hand: the cards of the bit mask ``out`` leave ``seat``'s hand,
        those of ``into`` enter it."""
        self._hands[seat] = (self._hands[seat] & ~out) | into

    def follow(self, event: Event) -> None:
        """Record an event that follows from the action just taken, not chosen by anyone (the
        cards drawn after a discard, cards handed on reaching their hands): it goes into the
        history after that action, seen as it says (:meth:`maw_sim.events.Event.seen_by`)."""
        self._marks.append(len(self._actions))
        self._actions.append(event)

    @property
    def trick_winners(self) -> tuple:
        """The seat that won each finished trick, in order."""
        return tuple(t[2] for t in self._tricks)

    @property
    def declined(self):
        """(seat, "pass" or "announce") once the robbing step was declined, else None."""
        st = self.steps_state.get(ROB)
        return None if st is None else st.declined

    @property
    def barred(self):
        """The side that may not win the pool this deal (``robbing.rule = "rob-or-barred"``), or None."""
        return self._barred

    @property
    def step(self):
        """The decision step open now (:mod:`maw_sim.phases`, :mod:`maw_sim.auction`), or None
        during the play and once the deal is over."""
        return None if self._phase is PLAY or self._phase == OVER else self._step

    # -- the bidding games -----------------------------------------------------------------
    @property
    def contract(self):
        """What the auction sold (:class:`maw_sim.auction.Contract`), or None."""
        st = self.steps_state.get(BID)
        return None if st is None else st.contract

    @property
    def bidder(self):
        contract = self.contract
        return None if contract is None else contract.bidder

    @property
    def auction(self) -> tuple:
        """The auction so far: (seat, call) in order (:meth:`maw_sim.auction.Auction.calls_made`)."""
        return AUCTION.calls_made(self)

    @property
    def side_bids(self) -> tuple:
        """The highest bid each side made in the auction (0 where none): some circles let a side
        at 100 score as a defender only if it bid 20 (Atlantic Canada)."""
        return AUCTION.side_bids(self)

    @property
    def kitty(self) -> tuple:
        """The kitty as dealt (hidden information: the full record's, not a seat's)."""
        return tuple(CARDS[i] for i in self._kitty)

    @property
    def kitty_taken(self) -> bool:
        """Has the bidder taken the kitty into hand (and seen it)?"""
        return KITTY in self.steps_state

    @property
    def kitty_size(self) -> int:
        return len(self._kitty)

    @property
    def kitty_shown(self):
        """The kitty's top card where the rules lay it face up (some Atlantic circles), in sight of
        everyone from the deal on; else None. The bidder takes it with the rest of the kitty, and
        may put it out again face down, so after the kitty is taken it tells the others only that
        no other seat holds it."""
        return TAKING_THE_KITTY.face_up(self.variant, self.kitty)

    @property
    def stock(self) -> tuple:
        """The undealt cards as they lay, top first (hidden information)."""
        return tuple(CARDS[i] for i in self._stock)

    @property
    def stock_left(self) -> int:
        st = self.steps_state.get(DISCARD)
        return len(self._stock) - self._drawn - (0 if st is None else st.taken)

    @property
    def exchanged(self) -> tuple:
        """Each discard and draw made so far, as (seat, number of cards)."""
        st = self.steps_state.get(DISCARD)
        return () if st is None else tuple(st.exchanged)

    @property
    def robbed(self):
        """(seat, Card put out) once someone has robbed, else None."""
        st = self.steps_state.get(ROB)
        if st is None or st.robbed is None:
            return None
        return st.robbed[0], CARDS[st.robbed[1]]

    @property
    def jinker(self):
        return self._jinker

    @property
    def tricks_won(self) -> tuple:
        return tuple(self._won)

    @property
    def deal_points(self):
        return None if self._points is None else tuple(self._points)

    def hand(self, seat: int) -> list:
        """The seat's cards now, strongest first (trumps, then each plain suit)."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        return self._sorted(self._hands[seat])

    def _sorted(self, mask: int) -> list:
        t = self._t
        if t is None:       # no trumps named yet: by suit, each suit in its plain order
            return sorted(cards_of(mask), key=lambda c: (c.suit, -self._plain_power(c)))
        return sorted(cards_of(mask), key=lambda c: (t.power[c.index] < 100, t.suit_of[c.index],
                                                     -t.power[c.index]))

    def _plain_power(self, card) -> int:
        order = self.variant._plain_ranks(card.suit) if not card.is_joker else []
        return len(order) - order.index(card.rank) if card.rank in order else 99

    @property
    def tricks(self) -> list:
        """Finished tricks, then the trick in progress (if any cards are on the table)."""
        n = self.players
        out = [Trick(leader, tuple(((leader + k) % n, CARDS[i]) for k, i in enumerate(plays)), winner)
               for leader, plays, winner in self._tricks]
        if self._plays:
            leader = self._leader
            out.append(Trick(leader, tuple(((leader + k) % n, CARDS[i]) for k, i in enumerate(self._plays)),
                             None))
        return out

    @property
    def history(self) -> list:
        """Every action taken so far, in order, as (seat, action string)."""
        return [(a >> 6, CODES[a & 63]) if a.__class__ is int else (a.seat, a.text) for a in self._actions]

    @property
    def events(self) -> list:
        """Every event so far, in order (:class:`maw_sim.events.Event`): each action, with the
        chance events that followed (draws, fiving's turned cards). The history in typed form;
        ``event.seen_by(seat)`` is what that seat saw of it."""
        return list(map(_as_event, self._actions))

    def push(self, action) -> tuple:
        """Take an action as :meth:`apply` does, and return the events it caused: the action's
        own, then any chance event that followed it (the cards drawn after a discard)."""
        count = len(self._actions)
        self.apply(action)
        return tuple(map(_as_event, self._actions[count:]))

    @property
    def dealt(self) -> tuple:
        """The hands as dealt (before any robbing), one tuple of Cards a seat."""
        return tuple(tuple(cards_of(mask)) for mask in self._dealt)

    # -- legality ------------------------------------------------------------------
    def _legal_mask(self) -> int:
        plays = self._plays
        return legal_mask(self._t, self._may_trump, self._hands[self._to_move], plays[0] if plays else -1)

    def legal_actions(self) -> tuple:
        """Every action open to the seat to move, as a tuple of strings (empty once the deal is over)."""
        phase = self._phase
        if phase is PLAY:
            mask = self._legal
            if mask is None:
                mask = self._legal = self._legal_mask()
            t = _SUBSET_CODES or _build_subset_codes()
            return t[0][mask & 8191] + t[1][(mask >> 13) & 8191] + t[2][(mask >> 26) & 8191] + t[3][mask >> 39]
        if phase == OVER:
            return ()
        return self._step.legal_actions(self)

    def is_legal(self, action) -> bool:
        return self.explain(action) is None

    # -- acting --------------------------------------------------------------------
    def apply(self, action) -> None:
        """Take an action for the seat to move; an illegal one raises IllegalAction and changes nothing."""
        if self._phase is PLAY:
            # The inner loop of every simulation: kept flat, integers only.
            try:
                index = CODE_INDEX[action]
            except (KeyError, TypeError):
                index = self._parse_play(action)
            mask = self._legal
            if mask is None:
                mask = self._legal_mask()
            if not (mask >> index) & 1:
                raise IllegalAction(self.refusal(action))
            self._legal = None
            seat = self._to_move
            self._actions.append(seat << 6 | index)
            self._hands[seat] ^= 1 << index
            plays = self._plays
            if plays:
                key = self._keys[index]
            else:
                t = self._t
                self._keys = keys = t.win_key[t.suit_of[index]]
                key = keys[index]
            plays.append(index)
            if key > self._best_power:
                self._best_power = key
                self._best_seat = seat
            if len(plays) < self.players:
                seat += 1
                self._to_move = seat if seat < self.players else 0
            else:
                self._end_trick()
            return
        seat, step = self._to_move, self._step
        if self._phase == OVER or not step.is_listed(self, action):   # the exact strings pass at once; refusal() reads the rest
            reason = self.refusal(action)
            if reason is not None:
                raise IllegalAction(reason)
            action = step.canonical(self, action.strip().lower())
        self._marks.append(len(self._actions))
        self._actions.append(step.event(self, seat, action))
        following = step.apply(self, seat, action)
        if step is JINKING or self._phase == OVER:
            return
        if following is not None:
            self._to_move = following         # the step goes on (an auction goes round the table)
        else:
            self._advance(self._step_index + 1)

    def _parse_play(self, action) -> int:
        try:
            return Card.parse(action).index
        except ValueError:
            raise IllegalAction(self.refusal(action)) from None

    def _end_trick(self) -> None:
        plays = self._plays
        # The trick is complete.
        winner = self._best_seat
        self._tricks.append((self._leader, tuple(plays), winner))
        self._plays = []
        self._best_power = -1
        self._won[winner] += 1
        self._trick_count += 1
        self._leader = winner
        count = self._trick_count
        if self._first3 and count <= TO_WIN and winner != self._tricks[0][2]:
            self._first3 = False
        if self._points is not None:
            side = self._side(winner)
            scorer = self.variant.scorer
            self._points[side] += scorer.trick_points(self._best_trump is not None and self._best_trump in plays)
            if scorer.ends_mid_deal and scorer.reaches_game(self.scores[side] + self._points[side]):
                self._finish(game_won_by=side)
                return
        if self._jinker is not None and winner != self._jinker:
            self._finish(jink_failed=True)
            return
        if count == TRICKS:
            self._finish()
            return
        if count == TO_WIN and self._first3 and self.variant.jinking and self.teams is None \
                and self._jinker is None and winner != self._barred:
            self._step = JINKING
            self._phase, self._to_move = JINK, winner
            return
        self._to_move = winner

    def _finish(self, claimed=False, jink_failed=False, game_won_by=None) -> None:
        self._phase, self._to_move = OVER, None
        st = self.steps_state.get(BID) if self.steps_state else None
        points, self._outcome = deal_outcome(
            self.variant, self.teams, self.scores, self._won, self._points, [t[2] for t in self._tricks],
            self._jinker, self._barred, None if st is None else st.contract, self.close_contract,
            claimed, jink_failed, game_won_by)
        if points is not None:
            self._points = points

    def close_contract(self, scores, points, side_tricks) -> tuple:
        """(the score sheet's points, the side that has won the game, made) for this deal's
        contract (:meth:`maw_sim.scoring.BidScoring.close_contract`). With a called partner the
        pair's points and tricks count together toward the bid, and the partner writes what the
        bidder does."""
        scorer = self.variant.scorer
        contract = self.contract
        partner = self.partner
        if partner is None or partner == contract.bidder:
            return scorer.close_contract(scores, points, contract, self.side_bids, side_tricks)
        b = contract.side
        pair, tricks = list(points), list(side_tricks)
        pair[b] += pair[partner]
        tricks[b] += tricks[partner]
        final, _, made = scorer.close_contract(scores, pair, contract, self.side_bids, tricks)
        final[partner] = final[b]
        return final, scorer.game_after(scores, final, b, partner), made

    @property
    def partner(self):
        """The holder of the card the bidder called for a partner (hidden information), or None."""
        st = self.steps_state.get(CALL)
        return None if st is None else st.partner

    # -- explanations --------------------------------------------------------------
    def explain(self, action) -> str | None:
        """None when ``action`` is legal now; otherwise the reason in plain words, naming the rule
        and its sources (the words of :meth:`refusal`)."""
        refusal = self.refusal(action)
        return None if refusal is None else refusal.words

    def refusal(self, action):
        """None when ``action`` is legal now; otherwise a :class:`maw_sim.refusals.Refusal`: the rule
        that forbids it (an id), the variant's setting and sources it rests on, and the words."""
        v = self.variant
        phase = self._phase
        if phase == OVER:
            return refuse(v, "over", "The deal is over: no more actions. Start a new deal.")
        seat = self._to_move
        text = action.code if isinstance(action, Card) else action
        if not isinstance(text, str) or not text.strip():
            return refuse(v, "not-an-action", f"{action!r} is not an action: {self._what_now()}")
        if phase != PLAY:
            return self._step.refusal(self, seat, text.strip().split())
        # play
        try:
            card = Card.parse(text)
        except ValueError:
            return refuse(v, "not-a-card", f"{text!r} is not a card: {self._what_now()}")
        hand = self._hands[seat]
        if not (hand >> card.index) & 1:
            return refuse(v, "not-in-hand", f"{card.symbol} is not in seat {seat}'s hand; the cards there are "
                                            f"{self._cards_text(hand)}.")
        if (self._legal_mask() >> card.index) & 1:
            return None
        return self._why_not(card)

    def _what_now(self) -> str:
        if self._phase == PLAY:
            return f"play a card from your hand by its code, one of {', '.join(self.legal_actions())}."
        return f"choose one of {', '.join(self.legal_actions())}."

    def hand_codes(self, seat: int) -> tuple:
        """The codes of ``seat``'s cards, in index order (for the steps' legal actions)."""
        return codes_of(self._hands[seat])

    def cards_text(self, seat: int) -> str:
        """``seat``'s cards with their symbols, strongest first (for refusals' words)."""
        return self._cards_text(self._hands[seat])

    def _cards_text(self, mask: int) -> str:
        return ", ".join(c.symbol for c in self._sorted(mask)) or "none"

    def _why_not(self, card: Card) -> Refusal:
        v, t = self.variant, self._t
        hand = self._hands[self._to_move]
        lead = self._plays[0]
        lead_card = CARDS[lead]
        suit = t.lead_suit_of[lead]
        trump_name = SUIT_NAMES[self.trump]
        if suit == t.trump_index:
            trumps = hand & t.trump_mask
            called = hand & t.called[lead]
            if called and not (trumps & ~t.renege_over[lead]):
                kept = (f"; the trumps you hold ({self._cards_text(trumps)}) may renege, and you may "
                        "play one instead" if trumps else "")
                return refuse(v, "following.ace-of-hearts-calls-hearts",
                              f"You cannot play {card.symbol}: the ace of hearts ({lead_card.symbol}) was led, "
                              f"and you hold no trump you must play to it, so you must answer with a heart "
                              f"({self._cards_text(called)}){kept}. "
                              f"[following: {v.describe_setting('following')}]", "following")
            privileged = v.renege_cards(self.trump)
            why = []
            for c in self._sorted(trumps & ~t.renege_over[lead]):
                if c in privileged:
                    why.append(f"{c.symbol} may renege only to a lower trump led, and {lead_card.symbol} ranks above it")
                else:
                    why.append(f"{c.symbol} is not one of the privileged trumps "
                               f"({', '.join(p.symbol for p in privileged) or 'none in this variant'})")
            lead_words = (f"the ace of hearts ({lead_card.symbol}) was led, which counts as a trump lead"
                          if lead_card.code == "AH" and self.trump != "H" else
                          f"trumps were led ({lead_card.symbol})")
            return refuse(v, "renege.must-play-trump",
                          f"You cannot play {card.symbol}: {lead_words}, and you hold "
                          f"{self._cards_text(trumps)}, so you must play a trump. A player may renege (keep "
                          f"back a trump) only when every trump held is a privileged top trump higher than the "
                          f"card led; {'; '.join(why)}. [reneging: {v.describe_setting('renege')}]", "renege")
        follow = hand & t.suit_mask[suit]
        suit_name = SUIT_NAMES[SUITS[suit]]
        if lead_card.code == "AH" and t.suit_of[lead] != suit:
            lead_words = (f"the ace of hearts was led, which in {v.name} calls for hearts")
        else:
            lead_words = f"{suit_name} were led ({lead_card.symbol})"
        if v.following == "may-trump":
            return refuse(v, "following.follow-or-trump",
                          f"You cannot play {card.symbol}: {lead_words} and you hold {suit_name} "
                          f"({self._cards_text(follow)}), so you must follow suit or play a trump ({trump_name}); "
                          f"a card of a third suit is barred while you can follow. "
                          f"[following: {v.describe_setting('following')}]", "following")
        return refuse(v, "following.whist",
                      f"You cannot play {card.symbol}: {lead_words} and you hold {suit_name} "
                      f"({self._cards_text(follow)}). Under whist rules you must follow suit; you may trump "
                      f"only when you have none of the suit led. [following: {v.describe_setting('following')}]",
                      "following")

    # -- views and copies -----------------------------------------------------------
    def view(self, seat: int, detail: bool = False) -> PlayerView:
        """What ``seat`` may know now: its own hand, and every event of the deal as that seat saw
        it (:meth:`maw_sim.events.Event.seen_by`), never another hand. What the view says of the
        history (robbing declined or announced, fiving, the auction, the exchanges) is read from
        the events seen, not from the deal. ``detail``: add what a surface draws besides
        (:class:`SeatDetail`: the counts of cards, the outcome, the choice asked of the seat)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        actions = self._actions
        seen = list(actions)        # the history as this seat saw it: cards played (integers, public) and events
        told = Told(seat)           # and what the events tell it, each step reading its own
        hidden = []
        for i in self._marks:
            e = actions[i].seen_by(seat)
            if e is None:
                hidden.append(i)
                continue
            seen[i] = e
            step_named(e.step).tell(e, told)
        for i in reversed(hidden):
            del seen[i]
        phase, to_move = self._phase, self._to_move
        legal = tuple(self.legal_actions()) if to_move == seat else ()
        if to_move != seat and phase is not PLAY and phase != OVER and self._step.silent(self) is not None:
            # The seat to move decides unseen (the holder of the ace, where he may decline without
            # a word), and only he knows it: to the others the table is waiting for the first
            # lead, whose cards are all the leader's to choose from.
            phase, to_move = PLAY, self._leader
            legal = self.hand_codes(seat) if seat == to_move else ()
        view = _value(
            PlayerView, variant=self.variant, seat=seat, players=self.players, dealer=self.dealer, teams=self.teams,
            trump=self.trump, turnup=self.turnup, robbed_by=told.robbed_by,
            hand=tuple(self._sorted(self._hands[seat])), phase=phase, to_move=to_move, legal=legal,
            tricks=tuple(self.tricks), tricks_won=tuple(self._won), jinker=self._jinker,
            scores=self.scores if self._points is not None else None,
            deal_points=self._points_known(told), auction=tuple(told.auction), contract=self.contract,
            bidder=self.bidder, kitty_size=len(self._kitty), stock_left=self.stock_left,
            kitty_shown=self.kitty_shown,
            exchanged=tuple(told.exchanged), declined=told.declined, low_ace=ROBBING.low_ace_known(self),
            fiving=tuple(told.fiving), dealt_turnup=self.dealt_turnup, seen=tuple(seen),
            called=told.called, partner=None if told.called is None else self._partner_known(seat, told.called),
            detail=None, steps=told.parts)
        if detail:
            view.__dict__["detail"] = self._detail(view)
        return view

    def _detail(self, view) -> SeatDetail:
        """The surface's part of ``view`` (:class:`SeatDetail`): the choice is the step's, asked
        only where the seat is to move as it knows it."""
        seat, turn = view.seat, None
        if view.to_move == seat:
            if view.phase is not self._phase:
                # The table waits for the first lead (a holder deciding unseen): a card to play.
                turn = Turn(None, tuple(sorted(view.legal)), None, ())
            else:
                step = self.step
                legal = set(view.legal)
                order = tuple(sorted(view.legal, key=step.choice_order(self))) if step else tuple(sorted(legal))
                marking = step.marked_counts(self) if step else None
                # Cards marked in hand: the page says "this card may not be put out" itself.
                refusals = () if marking else tuple((c.code, self.refusal(c.code)) for c in view.hand
                                                    if c.code not in legal)
                turn = Turn(step.prompt(self) if step else None, order, marking, refusals)
        taken = self.kitty_taken
        return SeatDetail(tuple(h.bit_count() for h in self._hands), taken,
                          self.kitty if taken and self.bidder == seat else None, self.outcome, turn)

    def _partner_known(self, seat: int, called):
        """Who holds the card the bidder called, as ``seat`` knows it: its holder knows at once,
        the others when the card is played (before that, None)."""
        partner = self.partner
        if called is None or partner is None:
            return None
        if partner == seat or any(c == called for t in self.tricks for _, c in t.plays):
            return partner
        return None

    def _points_known(self, told) -> tuple | None:
        """The deal's points as ``seat`` can count them: every trick taken, and the best trump's
        bonus only once this seat can know that the trump which fell was the best one in play —
        every trump above it seen out of play (the turn-up left on the table, a card this seat put
        out), or the deal over. Counted earlier, the bonus would tell where the higher trumps
        lie: that they were never dealt."""
        points = self.deal_points
        best = self._best_trump
        if points is None or best is None or self._phase == OVER or self._bonus == 0:
            return points
        taken = next((t for t in self._tricks if best in t[1]), None)
        if taken is None:
            return points
        ranking = self._t.ranking
        above = [c.index for c in ranking[:next(k for k, c in enumerate(ranking) if c.index == best)]]
        if above:
            out = told.out_of_play()     # the cards this seat saw that are in no hand and not on the table
            if self._dealt_turnup is not None:
                out |= 1 << self._dealt_turnup
                if self.turnup is not None and self.robbed is None:
                    out |= self.turnup.bit
                elif self.turnup is not None:
                    out &= ~self.turnup.bit
            if any(not (out >> i) & 1 for i in above):
                points = list(points)
                points[self._side(taken[2])] -= self._bonus
                return tuple(points)
        return points

    def copy(self) -> "Deal":
        other = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other._hands = list(self._hands)
        other._won = list(self._won)
        other._tricks = list(self._tricks)
        other._plays = list(self._plays)
        other._actions = list(self._actions)
        other._marks = list(self._marks)
        if self._points is not None:
            other._points = list(self._points)
        # Each copy its own states (and its own dict: a step first met in the copy must not
        # reach the original).
        states = self.steps_state
        other.steps_state = {name: state.copy() for name, state in states.items()} if states else {}
        return other

    def __repr__(self) -> str:
        return (f"<Deal {self.variant.id} players={self.players} dealer={self.dealer} "
                f"turnup={self.turnup.code if self.turnup else '-'} trump={self.trump or '-'} "
                f"phase={self._phase} to_move={self._to_move}>")


def _as_event(entry) -> Event:
    """An entry of a deal's history as an Event: a card played is kept as the integer
    ``seat << 6 | card index`` in the inner loop, and becomes an Event only when asked for."""
    return played(entry >> 6, CODES[entry & 63]) if entry.__class__ is int else entry


def deal_outcome(variant, teams, scores, won, points, trick_winners, jinker, barred, contract,
                 close_contract, claimed: bool = False, jink_failed: bool = False,
                 game_won_by: int | None = None) -> tuple:
    """How a deal that ends now ended: (the sides' points for the deal as its scoring closes
    them, a list, or None; the :class:`Outcome`). From the deal's plain state: ``won`` tricks per
    seat, ``points`` per side (None in pool games), ``trick_winners`` the seat that won each
    trick, ``jinker`` and ``barred`` as in :class:`Position`, ``contract`` and its
    ``close_contract(scores, points, side_tricks)`` (the bidding games, else None); ``claimed``,
    ``jink_failed``, ``game_won_by``: why it ends. The deal calls it, and so does a search that
    plays a deal out on bit masks (:mod:`maw_sim.bots.playout`), so that both end it alike."""
    players = len(won)
    won = tuple(won)
    if teams is None:
        side_tricks = list(won)
        side = int            # each seat its own side: side(seat) is the seat
    else:
        side = teams.__getitem__
        side_tricks = [0] * (max(teams) + 1)
        for seat, k in enumerate(won):
            side_tricks[teams[seat]] += k
    if contract is not None:
        # The bidding games: the contract made or failed, the defenders' rules, the game.
        points, game_won_by, made = close_contract(scores, points, side_tricks)
        team = contract.side if made else None
        winner = None
        if made:
            winner = max((s for s in range(players) if side(s) == team),
                         key=lambda s: (s == contract.bidder, won[s], -s))
        return points, Outcome(winner, won, tuple(points), team, max(side_tricks) == TRICKS, False, False,
                               game_won_by, contract_made=made)
    scorer = variant.scorer
    if points is not None and game_won_by is None and not jink_failed:
        # What the scoring settles only once the deal is over: points awarded for the tricks
        # (Barker), the game where it is never won mid-deal (Merrimack Valley).
        points, game_won_by = scorer.close_deal(scores, points, side_tricks)
    # How the deal ended is the scoring's to say (three tricks, a claim, a jink, the game).
    team, jinked, game_won_by = scorer.result(
        side_tricks, side(trick_winners[0]) if claimed else None,
        None if jinker is None else side(jinker), jink_failed, game_won_by,
        tuple(map(side, trick_winners)) if scorer.needs_trick_order(players) else (),
        barred, players)
    double = (game_won_by is not None and scorer.points
              and scorer.games(scores[game_won_by], side_tricks[game_won_by]) == 2)
    winner = None
    if team is not None:
        winner = team if teams is None else max((s for s in range(players) if teams[s] == team),
                                                key=lambda s: (won[s], -s))
    return points, Outcome(winner, won, None if points is None else tuple(points), team, jinked, jink_failed,
                           claimed, game_won_by, double)


def legal_mask(t, may_trump: bool, hand: int, lead: int) -> int:
    """The cards of ``hand`` (a bit mask) that may be played to a trick led by card index ``lead``
    (-1 when leading), under the tables ``t`` of a variant and trump suit. The one statement of the
    rules of following and reneging; the deal and the solver both call it.

    - Leading: any card.
    - Trumps led: a trump if you hold one — unless every trump you hold is a privileged top trump
      higher than the card *led* (not the card winning): then you may renege and play anything,
      except that where the lead calls for cards (``t.called``: hearts to the ace of hearts in the
      Merrimack Valley) you must play one of them if you hold any, or a trump.
    - A plain suit led: if you hold that suit, follow it or (where the variant allows) trump;
      a card of any other plain suit is refused. Void: anything.
    """
    if lead < 0:
        return hand
    suit = t.lead_suit_of[lead]
    if suit == t.trump_index:
        trumps = hand & t.trump_mask
        if not trumps or not (trumps & ~t.renege_over[lead]):
            called = hand & t.called[lead]
            return called | trumps if called else hand
        return trumps
    follow = hand & t.suit_mask[suit]
    if not follow:
        return hand
    if may_trump:
        return follow | (hand & t.trump_mask)
    return follow


def shuffled(seed: int, count: int = 52, size: int = 52) -> list:
    """The pack of ``size`` cards (card indices; 53 with the Joker) shuffled by ``seed``: the
    first ``count`` places are random.

    A Fisher-Yates shuffle driven by one 512-bit number, the SHA-512 digest of the seed, read
    digit by digit in a mixed radix (52, 51, 50, …). It is exact integer arithmetic, so it is
    the same on every Python and in Pyodide, and it is several times faster than seeding a
    Mersenne Twister for every deal. A full shuffle needs 226 bits (232 with the Joker), so the
    bias is below 2**-280.
    """
    x = int.from_bytes(hashlib.sha512(b"maw-deal:%d" % seed).digest(), "big")
    deck = list(range(size))
    for i in range(min(count, size - 1)):
        x, j = divmod(x, size - i)
        j += i
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def cards_of_indices(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# Codes of every subset of one suit's 13 cards, built on first use: mask -> tuple of codes is then
# four table look-ups, which keeps legal_actions() cheap in the inner loop of a simulation. The last
# table covers the spades and the Joker above them (bits 39..52), so `mask >> 39` needs no mask and
# a pack with the Joker costs nothing more.
_SUBSET_CODES = None


def _build_subset_codes():
    global _SUBSET_CODES
    tables = []
    for s in range(4):
        codes = CODES[13 * s:13 * s + 13 + (s == 3)]
        table = [()] * (1 << len(codes))
        for m in range(1, len(table)):
            low = m & -m
            table[m] = table[m ^ low] + (codes[low.bit_length() - 1],)
        tables.append(table)
    _SUBSET_CODES = tables
    return tables


def codes_of(mask: int) -> tuple:
    """The codes of the cards in a bit mask: suit by suit (clubs, diamonds, hearts, spades, then
    the Joker's place beside the spades), each suit from its highest index down. The order is fixed
    because a link records an action by its place among the legal actions."""
    t = _SUBSET_CODES or _build_subset_codes()
    return t[0][mask & 8191] + t[1][(mask >> 13) & 8191] + t[2][(mask >> 26) & 8191] + t[3][mask >> 39]
