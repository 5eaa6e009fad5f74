"""The bidding games' steps: the auction, the trump named, the kitty, the discard and draw.

In One-Hundred-and-Ten and the Auction Forty-Fives no card is turned for trumps. The right to
name them is sold in an **auction** for the points the bidder undertakes to make (15, 20, 25 or
30, the whole deal's worth), and the bidder may improve the hand: take the **kitty** (an extra
hand dealt face down) and put out as many cards, and in most circles every player then
**discards and draws** from the stock. Each step is a :class:`maw_sim.phases.Step`:

``bid`` (:class:`Auction`)
    From the dealer's left, each says ``"bid 20"`` (higher than the bid before) or ``"pass"``;
    the dealer, last, may also ``"hold"``: take the highest bid at its value. What follows a hold
    is the ruleset's (``[auction] hold``): a *duel* between the dealer and the bidder he displaced
    (One-Hundred-and-Ten after pagat; the Merrimack Valley; Atlantic Canada), an open round for
    every player who has not passed (Barker), or nothing (the auction ends). When nobody bids, the
    dealer is *bagged* and must bid, or the cards are thrown in.
``trump`` (:class:`NamingTrumps`)
    The bidder names the trump suit: ``"trump H"``. Before or after taking the kitty, by the rules.
``kitty`` (:class:`TakingTheKitty`)
    The bidder has taken the kitty into hand and puts out as many cards face down:
    ``"discard 7C 9D 2S"``.
``discard`` (:class:`Exchange`)
    From the dealer's left, each player (not the bidder where there was a kitty) puts out up to
    the limit face down, ``"discard none"`` or ``"discard 7C 9D"``, and draws as many from the
    stock at once. The draw is a chance event: the deal's history records it as
    ``(seat, "draw 8H JC")``, and nobody else sees the cards.

The bid's worth, its failure and the special calls ("30 for 60", "60 for 120") are stated once,
in :func:`calls`; how the deal is then scored is :class:`maw_sim.scoring.BidScoring`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .cards import CARDS, CODE_INDEX, HAND_SIZE, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from .events import CARDS_HIDDEN, LAST_CARD_SHOWN, PUBLIC, Event, named
from .phase_names import BID, CALL, DISCARD, KITTY, TRUMP
from .phases import Step, StepState, form_error, read_cards
from .refusals import refuse


#: A side at this score or more bids at least ``[auction] min_bid_at_100`` (Barker, Bicycle, the
#: Merrimack Valley), unless the ruleset moves the line (``scoring.critical_line``).
HUNDRED = 100


def critical_line(variant) -> int:
    """The score from which a side bids at least ``min_bid_at_100`` and the rules for a side near
    the game apply (100; 90 in some Atlantic circles)."""
    return variant.scoring.values.get("critical_line", HUNDRED)


@dataclass(frozen=True)
class Call:
    """One thing a bidder may undertake: ``action`` as said (``"bid 20"``, ``"bid 30 for 60"``),
    ``bid`` the points the side must make, ``made_value`` what it scores when it does (None: what
    it took, or the bid, by ``scoring.made_scores``), ``failed_value`` what it loses when it fails.
    Calls rank in the order of :func:`calls`."""
    action: str
    bid: int
    made_value: int | None
    failed_value: int
    rank: int

    @property
    def words(self) -> str:
        return self.action[4:]


@dataclass(frozen=True)
class Contract:
    """What the auction sold: ``bidder`` undertakes ``bid`` points for ``side``; ``call`` in words
    (``"20"``, ``"30 for 60"``); ``made_value``/``failed_value`` as in :class:`Call`; ``held`` when
    the dealer took it by holding."""
    bidder: int
    side: int
    bid: int
    call: str
    made_value: int | None
    failed_value: int
    held: bool


@lru_cache(maxsize=None)
def _calls(step: int, thirty: str, sixty: str) -> tuple:
    out: list = []
    for bid in range(step, 31, step):
        made, failed = None, bid
        if bid == 30 and thirty in ("sixty", "sixty-loses-thirty"):
            made, failed = 60, (60 if thirty == "sixty" else 30)
        out.append(Call(f"bid {bid}", bid, made, failed, len(out)))
    if thirty in ("call", "take-over"):
        out.append(Call("bid 30 for 60", 30, 60, 60, len(out)))
    if sixty != "none":
        out.append(Call("bid 60 for 120", 30, 120, 60 if sixty == "in-the-hole" else 120, len(out)))
    return tuple(out)



class AuctionRules:
    """A ruleset's ``[auction]`` read once, as plain attributes: a bidding deal asks them at every
    call, and a simulation plays thousands of deals. Built by :func:`rules` and kept on the
    variant. ``barrable``: the ranks of the calls open only in some positions ("30 for 60" or "60
    for 120" as a take-over, "60 for 120" for a side in the hole)."""
    __slots__ = ("min_bid", "min_bid_at_100", "critical_line", "hold", "all_pass", "thirty", "sixty",
                 "calls", "by_action", "barrable", "_above")

    def __init__(self, variant):
        a = variant.auction
        self.min_bid, self.min_bid_at_100 = a["min_bid"], a["min_bid_at_100"]
        self.critical_line = critical_line(variant)
        self.hold, self.all_pass = a["hold"], a["all_pass"]
        self.thirty, self.sixty = a["thirty"], a["sixty_for_120"]
        self.calls = _calls(5, self.thirty, self.sixty)
        self.by_action = {call.action: call for call in self.calls}
        self.barrable = frozenset(
            call.rank for call in self.calls
            if (call.made_value == 120 and self.sixty in ("in-the-hole", "take-over"))
            or (call.made_value == 60 and self.thirty == "take-over" and call.action != "bid 30"))
        self._above = {}

    def above(self, rank: int, low: int, barred: int = 0) -> tuple:
        """The actions of the calls that outrank call ``rank`` (-1: none stands) and bid ``low`` or
        more, but for those whose rank is in the bit mask ``barred``."""
        key = rank, low, barred
        try:
            return self._above[key]
        except KeyError:
            return self._above.setdefault(key, tuple(
                call.action for call in self.calls
                if call.rank > rank and call.bid >= low and not (barred >> call.rank) & 1))


def rules(variant) -> AuctionRules:
    """The ruleset's auction as :class:`AuctionRules` (built once per variant)."""
    try:
        return variant.__dict__["_auction_rules"]
    except KeyError:
        return variant.__dict__.setdefault("_auction_rules", AuctionRules(variant))


def calls(variant) -> tuple:
    """Every call of this ruleset's auction, lowest first (bids go up in fives to 30)."""
    return rules(variant).calls


def call_of(variant, action: str) -> Call | None:
    return rules(variant).by_action.get(action)


class AuctionState(StepState):
    """Where the auction stands: the highest call (its rank, -1 for none) and who holds it, who
    has passed, and whether the dealer has held (after which the ruleset's ``hold`` rule runs);
    once it is over, the ``contract`` it sold (None while it runs, and where all passed)."""
    __slots__ = ("high", "high_seat", "passed", "after_hold", "displaced", "held", "bids", "contract")

    def __init__(self, players: int):
        self.contract = None
        self.high = -1
        self.high_seat = None
        self.passed = 0              # bit mask of seats
        self.after_hold = False
        self.displaced = None        # the bidder the dealer's first hold displaced (the duel)
        self.held = False            # the high bid is the dealer's hold
        self.bids = [-1] * players   # each seat's highest call (rank), for the scoring's 100 rules

    def copy(self) -> "AuctionState":
        other = AuctionState.__new__(AuctionState)
        for name in AuctionState.__slots__:
            setattr(other, name, getattr(self, name))
        other.bids = list(self.bids)
        return other


_CALL = re.compile(r"pass|hold|bid \d+( for \d+)?")


def auction_winner(calls) -> int | None:
    """The seat that won an auction, from its calls in order as (seat, call): the last to bid or
    hold (None when all passed)."""
    last = None
    for seat, call in calls:
        if call != "pass":
            last = seat
    return last


class Auction(Step):
    name = BID
    labels = ("bid",)
    before_play = True
    belongs = "the bidding games"
    examples = ("bid 1: bid 20",)
    choice_words = {"hold": "Hold", "pass": "Pass"}
    choice_places = {"hold": 8, "pass": 9}

    def choice_label(self, action):
        return f"Bid {action[4:]}" if action.startswith("bid ") else super().choice_label(action)

    def choice_order(self, deal):
        others = super().choice_order(deal)

        def key(action):
            if action.startswith("bid "):
                words = action.split()
                return (5, int(words[1]), len(words), action)      # "30 for 60" after "30"
            return others(action)
        return key

    def read(self, label, action):
        if _CALL.fullmatch(action.lower()):
            return action.lower()
        raise form_error("bid line's action", "'bid 20', 'bid 30 for 60', 'hold' or 'pass'")

    def new_state(self, deal):
        return AuctionState(deal.players)

    def begins(self, deal):
        deal.state(self)
        return (deal.dealer + 1) % deal.players

    @staticmethod
    def calls_made(deal) -> tuple:
        """The auction of ``deal`` so far: (seat, call) in order. It is the first step of a
        bidding deal, so it is the history up to the first event that is not a call."""
        out = []
        if deal.state_of(BID) is not None:
            for event in deal.events:
                if event.step != BID:
                    break
                out.append(event.action)
        return tuple(out)

    @staticmethod
    def side_bids(deal) -> tuple:
        """The highest bid each side made in ``deal``'s auction (0 where none)."""
        out = [0] * len(deal.scores)          # one score per side
        st = deal.state_of(BID)
        if st is not None:
            table = calls(deal.variant)
            for seat, rank in enumerate(st.bids):
                if rank >= 0:
                    side = deal.side_of(seat)
                    out[side] = max(out[side], table[rank].bid)
        return tuple(out)

    # -- what may be said -------------------------------------------------------------------
    def minimum(self, deal, seat: int) -> int:
        """The least bid ``seat`` may make: the ruleset's minimum, more for a side at the critical
        line (100, or 90 in some Atlantic circles: ``scoring.critical_line``)."""
        r = rules(deal.variant)
        low = r.min_bid
        if r.min_bid_at_100 and deal.scores[deal.side_of(seat)] >= r.critical_line:
            low = max(low, r.min_bid_at_100)
        return low

    def _barred_call(self, deal, seat: int, call: Call, st) -> str | None:
        """Why ``call`` (above the standing bid) is not open to ``seat`` now, as a rule id, or None.
        The calls "30 for 60" and "60 for 120" are, in some circles, steps that take over the call
        below them (the Merrimack Valley), and "60 for 120" is, in others, for a side in the hole."""
        r = rules(deal.variant)
        if call.made_value == 120:
            if r.sixty == "in-the-hole" and deal.scores[deal.side_of(seat)] >= 0:
                return "auction.in-the-hole"
            if r.sixty == "take-over" and (st.high < 0 or r.calls[st.high].made_value != 60):
                return "auction.take-over"
        elif call.made_value == 60 and r.thirty == "take-over" and call.action != "bid 30" and (
                st.high < 0 or r.calls[st.high].action != "bid 30"):
            return "auction.take-over"
        return None

    def _open_calls(self, deal, seat: int, st) -> tuple:
        r = rules(deal.variant)
        low = self.minimum(deal, seat)
        if r.all_pass == "dealer-bagged-minimum" and self._bagged(deal, seat, st):
            return (f"bid {low}",)                # "bagged": he must bid the least bid, no more
        above = st.high
        barred = 0
        for rank in r.barrable:                   # at most two calls
            if rank > above and self._barred_call(deal, seat, r.calls[rank], st):
                barred |= 1 << rank
        return r.above(above, low, barred)

    def _may_hold(self, deal, seat: int, st) -> bool:
        if seat != deal.dealer or st.high < 0 or st.high_seat == seat:
            return False
        r = rules(deal.variant)
        if r.hold == "none":
            return False
        call = r.calls[st.high]
        # Holding takes the call at its value: the dealer must be one who could have made it.
        return call.bid >= self.minimum(deal, seat) and not (
            call.made_value == 120 and r.sixty == "in-the-hole" and deal.scores[deal.side_of(seat)] >= 0)

    def _bagged(self, deal, seat: int, st) -> bool:
        return (seat == deal.dealer and not st.after_hold and st.high < 0
                and rules(deal.variant).all_pass != "redeal")

    def legal_actions(self, deal):
        seat = deal.to_move
        st = deal.steps_state[BID]          # the auction's standing, read once and handed down
        out = self._open_calls(deal, seat, st)
        if self._may_hold(deal, seat, st):
            out += ("hold",)
        if not self._bagged(deal, seat, st):
            out += ("pass",)
        return out

    def refusal(self, deal, seat, words):
        v = deal.variant
        text = " ".join(w.lower() for w in words)
        legal = self.legal_actions(deal)
        if text in legal:
            return None
        st = deal.steps_state[BID]
        cite = f"[auction: {v.describe_setting('auction')}]"
        allowed = ", ".join(repr(a) for a in legal)
        if text == "pass" or (self._bagged(deal, seat, st) and call_of(v, text) is not None
                              and v.auction["all_pass"] == "dealer-bagged-minimum"):
            return refuse(v, "auction.bagged",
                          f"Nobody has bid, so the dealer (seat {seat}) is 'bagged' and must bid"
                          + (" the least bid" if v.auction["all_pass"] == "dealer-bagged-minimum" else "")
                          + f": {allowed}. {cite}", "auction")
        if text == "hold":
            if seat != deal.dealer:
                why = f"only the dealer (seat {deal.dealer}) may hold"
            elif v.auction["hold"] == "none":
                why = f"in {v.name} the dealer may not hold: he bids higher or passes"
            elif st.high < 0:
                why = "there is no bid to hold"
            elif st.high_seat == seat:
                why = "the highest bid is already the dealer's"
            elif calls(v)[st.high].made_value == 120 and deal.scores[deal.side_of(seat)] >= 0:
                why = "only a side below zero ('in the hole') may call, or hold, 60 for 120"
            else:
                why = (f"a side with {HUNDRED} or more must bid at least {self.minimum(deal, seat)}, "
                       f"so the dealer cannot hold {calls(v)[st.high].words}")
            return refuse(v, "auction.hold", f"Seat {seat} cannot hold: {why}. Allowed now: {allowed}. "
                                             f"{cite}", "auction")
        call = call_of(v, text)
        if call is None:
            return refuse(v, "auction.choose",
                          f"{text!r} is not a call of the auction. Seat {seat} may say: {allowed}. "
                          f"(Bids go up in fives from {v.auction['min_bid']} to 30.) {cite}", "auction")
        if call.rank <= st.high:
            return refuse(v, "auction.higher",
                          f"Each bid must be higher than the one before: the bid to beat is "
                          f"{calls(v)[st.high].words} (seat {st.high_seat}). Allowed now: {allowed}. {cite}",
                          "auction")
        if call.bid < self.minimum(deal, seat):
            return refuse(v, "auction.minimum",
                          f"Seat {seat}'s side has {critical_line(v)} or more, so it must bid at least "
                          f"{self.minimum(deal, seat)}. Allowed now: {allowed}. {cite}", "auction")
        barred = self._barred_call(deal, seat, call, st)
        if barred == "auction.in-the-hole":
            return refuse(v, barred, f"Only a side below zero ('in the hole') may call 60 for 120. Allowed now: "
                                     f"{allowed}. {cite}", "auction")
        if barred == "auction.take-over":
            below = "30" if call.made_value == 60 else "30 for 60"
            return refuse(v, barred, f"'{call.words}' takes over a standing bid of {below}, and none stands now. "
                                     f"Allowed now: {allowed}. {cite}", "auction")
        return refuse(v, "auction.turn", f"Seat {seat} may not bid again now. Allowed: {allowed}. {cite}",
                      "auction")

    def canonical(self, deal, action):
        return " ".join(action.lower().split())

    def tell(self, event, told):
        told.auction.append(event.action)

    # -- what it does -------------------------------------------------------------------------
    def apply(self, deal, seat, action):
        r = rules(deal.variant)
        st = deal.steps_state[BID]
        rule = r.hold
        n = deal.players
        dealer = deal.dealer
        if action == "pass":
            st.passed |= 1 << seat
        elif action == "hold":
            st.held = True
            if not st.after_hold:
                st.after_hold = True
                st.displaced = st.high_seat
            st.high_seat = seat
            # Holding is bidding the standing call: it counts as the dealer's side's bid (the
            # Atlantic rule that lets a side at 100 score as a defender if it bid 20).
            st.bids[seat] = max(st.bids[seat], st.high)
        else:
            st.high = r.by_action[action].rank
            st.high_seat = seat
            st.held = False
            st.bids[seat] = max(st.bids[seat], st.high)
        if not st.after_hold:
            if seat != dealer:
                return (seat + 1) % n
            # The dealer has spoken last in the first round: a pass or a raise ends the auction.
            return self._finish(deal)
        if action == "hold" and rule == "ends":
            return self._finish(deal)
        if rule == "duel":
            if action == "pass" or (seat == dealer and action != "hold"):
                return self._finish(deal)       # one passed, or the dealer raised: nobody holds his bid
            return dealer if seat != dealer else st.displaced
        # "rebid": every player who has not passed, in turn, until all but the highest have passed.
        # A raise by the dealer ends it, as in One-Hundred-and-Ten, whose auction Barker's follows
        # (nobody may hold the dealer's bid).
        if seat == dealer and action not in ("hold", "pass"):
            return self._finish(deal)
        for k in range(1, n + 1):
            other = (seat + k) % n
            if not (st.passed >> other) & 1 and other != st.high_seat:
                return other
        return self._finish(deal)

    def _finish(self, deal):
        st = deal.steps_state[BID]
        if st.high < 0:
            deal.throw_in()
            return None
        call = calls(deal.variant)[st.high]
        seat = st.high_seat
        st.contract = Contract(seat, deal.side_of(seat), call.bid, call.words, call.made_value,
                                  call.failed_value, st.held)
        return None

    def prompt(self, deal):
        return "Your call: bid, hold or pass." if "hold" in deal.legal_actions() else "Your call: bid, or pass."

    # -- the hold, said once: what the ruleset's ``[auction] hold`` makes of it
    @staticmethod
    def hold_rule(variant) -> str:
        """What follows the dealer's hold: ``"duel"``, ``"rebid"``, ``"ends"``, or ``"none"`` (no hold)."""
        return rules(variant).hold

    #: What follows a hold, told to the dealer offered it.
    HOLD_AFTER = {
        "ends": "that ends the auction, and you play the contract",
        "rebid": "then everyone who has not passed may bid again in turn, until one bidder is left",
        "duel": "the player you displaced may then bid higher and you may hold again, until one of you passes",
    }

    def after_hold(self, variant) -> str:
        """What follows a hold under ``variant``'s rules, in the second person (the dealer's note)."""
        return self.HOLD_AFTER.get(self.hold_rule(variant), "you play the contract")


class NamingTrumps(Step):
    name = TRUMP
    labels = ("trump",)
    before_play = True
    belongs = "the bidding games"
    examples = ("trump 1: trump H",)

    def choice_label(self, action):
        suit = action[-1]
        return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit].capitalize()}"

    def read(self, label, action):
        words = action.split()
        if len(words) == 2 and words[0] == "trump" and len(words[1]) == 1 and words[1].upper() in SUITS:
            return "trump " + words[1].upper()
        raise form_error("trump line's action", "'trump H'")

    def begins(self, deal):
        c = deal.contract
        return c.bidder if c is not None and deal.trump is None else None

    def legal_actions(self, deal):
        return tuple("trump " + s for s in SUITS)

    def refusal(self, deal, seat, words):
        if len(words) == 2 and words[0].lower() == "trump" and words[1].upper() in SUITS:
            return None
        v = deal.variant
        return refuse(v, "trump.choose",
                      f"Seat {seat} won the auction and names trumps: 'trump C', 'trump D', 'trump H' or "
                      f"'trump S'. [auction: {v.describe_setting('auction')}]", "auction")

    def canonical(self, deal, action):
        return "trump " + action.split()[1].upper()

    def tell(self, event, told):
        told.trump = event.text.split()[1]

    def apply(self, deal, seat, action):
        deal.name_trump(action[-1])
        return None

    def prompt(self, deal):
        return "You won the auction: name trumps."


def _as_listed(deal, action: str) -> str:
    """A legal discard written as the step lists it: its cards in the hand's order, whatever order
    they were said in ("discard 9d 7C" is "discard 7C 9D"), so one decision has one text."""
    words = action.split()
    if [w.lower() for w in words[1:]] == ["none"]:
        return "discard none"
    out = 0
    for word in words[1:]:
        out |= Card.parse(word).bit
    return "discard " + " ".join(c for c in deal.hand_codes(deal.to_move) if out & Card.parse(c).bit)


@lru_cache(maxsize=512)
def _discards(codes: tuple, sizes: tuple) -> tuple:
    # Kept: a bot asks for the legal actions of the same hand again and again.
    return tuple("discard " + " ".join(c) for k in sizes for c in combinations(codes, k))


def _is_listed_discard(codes: tuple, sizes, action) -> bool:
    """Whether ``action`` is one of ``_discards(codes, sizes)``, read without building them: 'discard'
    and one space, then a number in ``sizes`` of the hand's ``codes``, one space apart, in the
    hand's order (so each once). A world a bot imagines has hands of its own, whose hundreds of
    discards were built just to check one: with this, and the world's discards written as listed
    (``Rebuild.as_listed``), a world costs 0.75 million instructions, not 1.50, in One-Hundred-and-
    Ten and 1.04, not 1.73, in Auction Forty-Fives (callgrind, play positions, four players)."""
    if not isinstance(action, str) or not action.startswith("discard "):
        return False
    words = action[8:].split(" ")
    if words == [""]:
        return 0 in sizes                            # never asked; were it, "discard " would be its text
    if len(words) not in sizes:
        return False
    place = -1
    for word in words:
        try:
            place = codes.index(word, place + 1)
        except ValueError:
            return False                             # not a code of the hand, or out of its order
    return True


def _mask_of_codes(codes) -> int:
    out = 0
    for code in codes:
        # The legal actions' own codes are read by the table (the inner loop of a bot's imagined
        # deals); any other spelling the refusal let through, by parsing.
        index = CODE_INDEX.get(code)
        out |= Card.parse(code).bit if index is None else 1 << index
    return out


def _discard_refusal(deal, seat, words, count_words: str, allowed_counts, rule: str, section: str):
    """Why a ``discard …`` is refused (wrong verb, a card not held, the wrong number), or None."""
    v = deal.variant
    cite = f"[{section}: {v.describe_setting(section)}]"
    if not words or words[0].lower() != "discard":
        return refuse(v, f"{rule}.choose", f"Seat {seat} {count_words}: say 'discard' and the cards, e.g. "
                                           f"'discard {' '.join(deal.hand_codes(seat)[:1])}'. {cite}", section)
    names = words[1:]
    if [w.lower() for w in names] == ["none"]:
        names = []
    cards = []
    for name in names:
        try:
            card = Card.parse(name)
        except ValueError as exc:
            return refuse(v, "not-a-card", str(exc))
        if not deal.hand_mask(seat) & card.bit:
            return refuse(v, f"{rule}.not-in-hand",
                          f"{card.symbol} is not in seat {seat}'s hand ({deal.cards_text(seat)}).", section)
        if card in cards:
            return refuse(v, f"{rule}.twice", f"{card.symbol} is named twice.", section)
        cards.append(card)
    if len(cards) not in allowed_counts:
        return refuse(v, f"{rule}.count", f"Seat {seat} {count_words}, not {len(cards)}. {cite}", section)
    return None


def _canonical_discard(deal, seat, action):
    words = action.split()[1:]
    if [w.lower() for w in words] == ["none"] or not words:
        return "discard none"
    chosen = {Card.parse(w).code for w in words}
    return "discard " + " ".join(c for c in deal.hand_codes(seat) if c in chosen)


def _read_put_out(kind: str, expected: str, action: str, verb: str, none: bool) -> str:
    """A line of cards put out or drawn: ``verb`` and the cards (``?`` for hidden ones), or, where
    ``none``, ``verb none``."""
    words = action.split()
    if none and words[1:] == ["none"] and words[0] == verb:
        return action
    if len(words) > 1 and words[0] == verb:
        try:
            return verb + " " + " ".join(read_cards(words[1:]))
        except ValueError:
            pass
    raise form_error(kind, expected)


def _cards_choice(action: str) -> str:
    """"Discard 7♣ 9♦", "Discard none", "Take A♥", "Call A♥": the verb and the cards."""
    verb, _, rest = action.partition(" ")
    if rest == "none":
        return f"{verb.capitalize()} none"
    return verb.capitalize() + " " + " ".join(Card.parse(c).symbol for c in rest.split())


def _cards_order(action: str) -> tuple:
    """Fewer cards first (a discard), then the pack's order (one card to take)."""
    words = action.split()
    return (5, len(words), Card.parse(words[1]).index if len(words) == 2 and words[1] != "none" else 0, action)


def _strongest_first(deal):
    """One card to name (a partner's card): the strongest in this deal's trumps first."""
    power = deal.variant.tables(deal.trump).power
    return lambda action: (-power[Card.parse(action.split()[1]).index], action)


class TakingTheKitty(Step):
    name = KITTY
    labels = ("kitty",)
    before_play = True
    belongs = "the bidding games"
    examples = ("kitty 1: discard …",)

    def choice_label(self, action):
        return _cards_choice(action)

    def choice_order(self, deal):
        return _cards_order

    def read(self, label, action):
        return _read_put_out("kitty line's action", "'discard' and the cards put out", action, "discard", False)

    def begins(self, deal):
        c = deal.contract
        if c is None or not deal.kitty_size or deal.kitty_taken:
            return None
        deal.state(self)            # the kitty is taken: its state is that it was
        kitty = 0
        for card in deal.kitty:
            kitty |= card.bit
        deal.move_cards(c.bidder, into=kitty)
        return c.bidder

    def legal_actions(self, deal):
        return _discards(deal.hand_codes(deal.to_move), (deal.kitty_size,))

    def is_listed(self, deal, action):
        return _is_listed_discard(deal.hand_codes(deal.to_move), (deal.kitty_size,), action)

    def refusal(self, deal, seat, words):
        k = deal.kitty_size
        return _discard_refusal(deal, seat, words, f"has taken the kitty and must put out exactly {k} cards, "
                                f"to hold five", (k,), "kitty", "deal")

    def canonical(self, deal, action):
        return _as_listed(deal, action)

    def event(self, deal, seat, action):
        return Event(seat, KITTY, "discard", action, False, CARDS_HIDDEN)   # put out face down

    def log_kind(self, event):
        return "kitty"

    @staticmethod
    def face_up(variant, kitty):
        """The kitty's card in sight of everyone from the deal on, where the rules lay its top card
        face up (some Atlantic circles): ``kitty``'s first card (a Card, or None where the reader
        did not see it); else None. The bidder takes it with the rest and may put it out again face
        down, so once the kitty is taken it tells the others only that no other seat holds it."""
        return kitty[0] if kitty and variant.kitty_shown else None

    @staticmethod
    def put_out(events, bidder):
        """The cards the bidder put out of the kitty (as the reader saw them), or None."""
        return next((e.cards for e in events if e.step == KITTY and e.seat == bidder), None)

    def asks(self, names, mover, variant, players, kitty_size, stock_left):
        k = kitty_size
        return (f"{names.says(mover, 'have')} taken the kitty into hand and must put out {k} cards face "
                "down, to hold five.")

    def tell(self, event, told):
        told.kitty_out_by = event.seat
        if event.seat == told.seat:
            told.my_kitty_out += named(event.cards)

    hides_cards = True

    def work_back(self, rebuild, index, event, cards, hand):
        rebuild.kitty, out = rebuild.hidden_kitty(hand)
        rebuild.texts[index] = rebuild.as_listed("discard", out)

    def apply(self, deal, seat, action):
        deal.move_cards(seat, out=_mask_of_codes(action.split()[1:]))
        return None

    def prompt(self, deal):
        k = deal.kitty_size
        return f"You have taken the kitty: choose {k} card{'s' if k != 1 else ''} to put out, then confirm."

    def marked_counts(self, deal):
        return (deal.kitty_size, deal.kitty_size, None)


class Exchange(Step):
    name = DISCARD
    #: The discard, the draw (a chance event) and the dealer's pick out of the stock.
    labels = ("discard", "draw", "take")
    chance_verbs = ("draw",)
    before_play = True
    belongs = "the bidding games"
    examples = ("discard 2: discard none", "draw 2: draw …", "take 3: take …")

    def choice_label(self, action):
        return _cards_choice(action)

    def choice_order(self, deal):
        return _cards_order

    def read(self, label, action):
        if label == "discard":
            return _read_put_out("discard line's action", "'discard none' or 'discard' and the cards",
                                 action, "discard", True)
        if label == "draw":
            return _read_put_out("draw line's action", "'draw' and the cards drawn", action, "draw", False)
        words = action.split()
        if len(words) == 2:
            return _read_put_out("take line's action", "'take' and the card the dealer picks out of the stock",
                                 action, "take", False)
        raise form_error("take line's action", "'take' and the card the dealer picks out of the stock")

    def line_event(self, table, seat, action):
        if action.startswith("draw "):
            return self.draw_event(table.variant, seat, action)
        return self.event(table, seat, action)

    @classmethod
    def draw_event(cls, variant, seat: int, drawn: str) -> Event:
        """The cards drawn (``"draw 8H JC"``): a chance event, into ``seat``'s hand and nobody else's
        sight (see :meth:`draw_seen`)."""
        return Event(seat, DISCARD, "draw", drawn, True, cls.draw_seen(variant, len(drawn.split()) - 1))

    @staticmethod
    def draw_seen(variant, count: int) -> str:
        """Who sees the cards of a draw of ``count``: their drawer only, but under "four flip" a
        whole new hand's fifth card lies face up."""
        return LAST_CARD_SHOWN if variant.four_flip and count == HAND_SIZE else CARDS_HIDDEN

    def new_state(self, deal):
        return ExchangeState()

    def begins(self, deal):
        if deal.variant.exchange_cap(deal.players) == 0:
            return None
        c = deal.contract
        n = deal.players
        skip = c.bidder if deal.kitty_size else None
        st = deal.state(self)
        st.queue = tuple(s for s in ((deal.dealer + k) % n for k in range(1, n + 1)) if s != skip)
        return st.queue[0]

    def cap(self, deal) -> int:
        """The most the seat to move may exchange now: the rule's limit, and what the stock holds."""
        return min(deal.variant.exchange_cap(deal.players), deal.stock_left)

    def counts(self, deal) -> tuple:
        """How many cards the seat to move may put out: none up to the cap, and under "four flip"
        all five while the stock holds five (our reading: the survey gives no limit for it)."""
        cap = self.cap(deal)
        if deal.variant.four_flip and cap < HAND_SIZE <= deal.stock_left:
            return tuple(range(cap + 1)) + (HAND_SIZE,)
        return tuple(range(cap + 1))

    @staticmethod
    def to_take(deal) -> int:
        """The cards the dealer still takes from the stock, when he robs it (``exchange.dealer_robs``):
        as many as he put out, less those taken since; 0 for anyone else or at any other time."""
        if not deal.variant.dealer_robs or deal.to_move != deal.dealer:
            return 0
        st = deal.state_of(DISCARD)
        return 0 if st is None else st.to_take

    def legal_actions(self, deal):
        v = deal.variant
        if v.dealer_robs and self.to_take(deal):
            held = deal.hand_mask(deal.to_move)      # the cards he has taken are in his hand now
            return tuple("take " + CARDS[i].code for i in sorted(deal.stock_rest()) if not held >> i & 1)
        return ("discard none",) + _discards(deal.hand_codes(deal.to_move), self._sizes(deal))

    def is_listed(self, deal, action):
        if deal.variant.dealer_robs and self.to_take(deal):
            return action in self.legal_actions(deal)    # a card of the stock: a short list
        return action == "discard none" or _is_listed_discard(deal.hand_codes(deal.to_move), self._sizes(deal),
                                                              action)

    def _sizes(self, deal):
        """How many cards a seat that puts any out may put out now."""
        return self.counts(deal)[1:] if deal.variant.four_flip else range(1, self.cap(deal) + 1)

    def refusal(self, deal, seat, words):
        if self.to_take(deal):
            v = deal.variant
            legal = self.legal_actions(deal)
            if len(words) == 2 and words[0].lower() == "take":
                try:
                    card = Card.parse(words[1])
                except ValueError as exc:
                    return refuse(v, "not-a-card", str(exc))
                if "take " + card.code in legal:
                    return None
                return refuse(v, "exchange.not-in-stock", f"{card.symbol} is not in the stock: the dealer robs "
                              f"it of the cards it holds. [exchange: {v.describe_setting('exchange')}]", "exchange")
            return refuse(v, "exchange.take", f"The dealer, seat {seat}, robs the stock: say 'take' and a card "
                          f"of it, one at a time, {self.to_take(deal)} more. [exchange: "
                          f"{v.describe_setting('exchange')}]", "exchange")
        cap = self.cap(deal)
        limit = deal.variant.exchange_limit
        counts = self.counts(deal)
        why = (f"may put out at most {cap} card{'s' if cap != 1 else ''} ("
               + (f"the stock has {deal.stock_left} left" if cap < deal.variant.exchange_cap(deal.players)
                  else f"the limit is {cap}" if limit not in ("unlimited",) else "five at most")
               + (") or all five (four flip)" if counts[-1] > cap else ")")
               + " and draw as many, or 'discard none'")
        return _discard_refusal(deal, seat, words, why, counts, "exchange", "exchange")

    def canonical(self, deal, action):
        words = action.split()
        return "take " + Card.parse(words[1]).code if words[0].lower() == "take" else _as_listed(deal, action)

    def label(self, event):
        return event.verb           # "discard", the chance event "draw" that follows it, the dealer's "take"

    def event(self, deal, seat, action):
        if action.startswith("take "):
            return Event(seat, DISCARD, "take", action, False, CARDS_HIDDEN)   # from the stock, unseen
        # Put out face down: the others see how many, and "none" in full.
        return Event(seat, DISCARD, "discard", action, False, PUBLIC if action == "discard none" else CARDS_HIDDEN)

    def tell(self, event, told):
        cards = event.cards
        mine = event.seat == told.seat
        if event.verb == "discard":
            told.exchanged.append((event.seat, len(cards)))
            told.moved(event.seat, lost=len(cards))
            if mine:
                told.my_thrown += named(cards)
            return
        # "draw" (the chance event after a discard) or "take" (the dealer robbing the stock)
        told.moved(event.seat, gained=len(cards))
        if mine:
            told.my_drawn += named(cards)
        elif event.verb == "draw" and cards and cards[-1] is not None:
            told.face_up[event.seat] = cards[-1].index       # "four flip": the last card face up

    hides_cards = True

    def work_back(self, rebuild, index, event, cards, hand):
        if event.verb == "discard":
            # Put out face down: any cards in no hand.
            out = [rebuild.spare.pop() for _ in cards]
            hand.update(out)
            rebuild.texts[index] = rebuild.as_listed("discard", out)
            return
        # Drawn or taken from the stock: among the cards he holds, a card drawn face up last.
        count = len(cards)
        face_up = rebuild.face_up.get(event.seat)
        pick = [i for i in hand if i != face_up]
        rebuild.rng.shuffle(pick)
        shown = event.verb == "draw" and face_up is not None
        got = pick[:count - 1] + [face_up] if shown else pick[:count]
        if len(got) != count:
            raise rebuild.unfit(index, event, "a hand too small for its draws")
        hand.difference_update(got)
        rebuild.drawn[index] = got
        if event.verb == "take":
            rebuild.texts[index] = "take " + CARDS[got[0]].code

    def asks(self, names, mover, variant, players, kitty_size, stock_left):
        cap = min(variant.exchange_cap(players), stock_left)
        return (f"{names(mover)} may put out up to {cap} card{'s' if cap != 1 else ''} face down and draw as many "
                f"from the stock ({stock_left} left), or keep the hand.")

    def stock_place(self, event):
        # Drawn from the top in turn; the dealer's picks come out of what is left after.
        return {"draw": 0, "take": 1}.get(event.verb)

    def apply(self, deal, seat, action):
        codes = action.split()[1:]
        st = deal.steps_state[DISCARD]
        if action.startswith("take "):
            # The dealer robs the stock: the card he wants, wherever it lies in it. The stock stays as
            # dealt (the record's); nobody draws after the dealer.
            deal.move_cards(seat, into=Card.parse(codes[0]).bit)
            st.taken += 1
            st.to_take -= 1
            return seat if self.to_take(deal) else self._next(deal, seat)
        out = _mask_of_codes(codes) if codes != ["none"] else 0
        if out and deal.variant.dealer_robs and seat == deal.dealer:
            deal.move_cards(seat, out=out)
            st.exchanged.append((seat, len(codes)))
            st.to_take = len(codes)
            return seat          # he takes as many from the stock, one by one ("take")
        if out:
            drawn = deal.draw(len(codes))
            into = 0
            for index in drawn:
                into |= 1 << index
            deal.move_cards(seat, out=out, into=into)
            # A chance event: the stock's next cards, into this seat's hand and nobody else's sight
            # (under "four flip", a whole new hand's fifth card face up).
            deal.follow(self.draw_event(deal.variant, seat, "draw " + " ".join(CARDS[i].code for i in drawn)))
        st.exchanged.append((seat, 0 if codes == ["none"] else len(codes)))
        return self._next(deal, seat)

    @staticmethod
    def _next(deal, seat):
        queue = deal.steps_state[DISCARD].queue
        k = queue.index(seat)
        return queue[k + 1] if k + 1 < len(queue) else None

    def prompt(self, deal):
        left = self.to_take(deal) if deal.variant.dealer_robs else 0
        if left:
            return (f"You rob the stock: take the card{'s' if left != 1 else ''} you want from it, one at a "
                    f"time ({left} to take).")
        counts = self.counts(deal)
        high, below = counts[-1], counts[-2] if len(counts) > 1 else 0
        if len(counts) > 2 and high - 1 != below:
            # "Four flip": all five, or up to the limit.
            return (f"Discard and draw: choose up to {below} card{'s' if below != 1 else ''} to throw out, or "
                    f"all {high} (four flip: the last drawn face up), then confirm (or discard none).")
        return (f"Discard and draw: choose up to {high} card{'s' if high != 1 else ''} to throw out, then "
                "confirm (or discard none).")

    def marked_counts(self, deal):
        if deal.variant.dealer_robs and self.to_take(deal):
            return None                       # picking out of the stock: one button a card
        return (0, self.counts(deal)[-1], "discard none")


class ExchangeState(StepState):
    """The exchange in one deal: the seats in the order they exchange (``queue``), each exchange
    made as (seat, number of cards), the cards the dealer has picked out of the stock (``taken``)
    and those he has still to pick (``to_take``)."""
    __slots__ = ("queue", "exchanged", "taken", "to_take")

    def __init__(self):
        self.queue, self.exchanged, self.taken, self.to_take = (), [], 0, 0

    def copy(self):
        other = ExchangeState()
        other.queue, other.exchanged = self.queue, list(self.exchanged)
        other.taken, other.to_take = self.taken, self.to_take
        return other


class CallState(StepState):
    """"Call for your partner" in one deal: who holds the card called (None: nobody)."""
    __slots__ = ("partner",)

    def __init__(self):
        self.partner = None

    def copy(self):
        other = CallState()
        other.partner = self.partner
        return other


class CallingAPartner(Step):
    """"Call for your partner" (the Merrimack Valley, five players each for himself): once the
    hands are settled, the bidder calls a card he does not hold (``"call AH"``); whoever holds it
    plays with him this deal — their points count together toward the bid, and both write what
    the pair scores. Nobody says who holds it: the holder knows, the others learn when the card is
    played. Where no hand holds it, the bidder plays alone. The survey gives no more than the
    call; when it is made, that the bidder may not call his own card, and the scoring are our
    reconstruction."""
    name = CALL
    labels = ("call",)
    before_play = True
    belongs = "the bidding games with 'call for your partner'"
    examples = ("call 1: call AH",)

    def choice_label(self, action):
        return _cards_choice(action)

    def choice_order(self, deal):
        return _strongest_first(deal)

    def begins(self, deal):
        c = deal.contract
        if c is None or not deal.variant.call_partner or deal.teams is not None:
            return None
        return c.bidder

    def new_state(self, deal):
        return CallState()

    def legal_actions(self, deal):
        held = deal.hand_mask(deal.to_move)
        return tuple("call " + c.code for c in deal.variant.pack.cards if not held & c.bit)

    def refusal(self, deal, seat, words):
        v = deal.variant
        cite = f"[auction: {v.describe_setting('auction')}]"
        if len(words) == 2 and words[0].lower() == "call":
            try:
                card = Card.parse(words[1])
            except ValueError as exc:
                return refuse(v, "not-a-card", str(exc))
            if deal.hand_mask(seat) & card.bit:
                return refuse(v, "partner.own-card", f"Seat {seat} holds {card.symbol}: call a card you do not "
                              f"hold; whoever holds it is your partner this deal. {cite}", "auction")
            return None
        return refuse(v, "partner.choose", f"Seat {seat}, the bidder, calls a card for a partner: say 'call' and "
                      f"the card, as 'call AH'. {cite}", "auction")

    def canonical(self, deal, action):
        return "call " + Card.parse(action.split()[1]).code

    def tell(self, event, told):
        told.called = event.cards[0]

    def read(self, label, action):
        words = action.split()
        if len(words) == 2 and words[0] == "call":
            try:
                return "call " + read_cards(words[1:], hidden=False)[0]
            except ValueError:
                pass
        raise form_error("call line's action", "'call' and a card, as 'call AH'")

    def event(self, deal, seat, action):
        return Event(seat, CALL, "call", action)       # said aloud; who holds the card is not

    def apply(self, deal, seat, action):
        bit = Card.parse(action[5:]).bit
        deal.state(self).partner = deal.holder_of(bit)
        return None

    def prompt(self, deal):
        return "Call a card you do not hold: whoever holds it is your partner this deal."


def called_card(events):
    """The card the bidder called for a partner, from the events seen (all see the call), or None."""
    return next((e.cards[0] for e in events if e.step == CALL), None)


AUCTION = Auction()
NAMING_TRUMPS = NamingTrumps()
TAKING_THE_KITTY = TakingTheKitty()
EXCHANGE = Exchange()
CALLING_A_PARTNER = CallingAPartner()
