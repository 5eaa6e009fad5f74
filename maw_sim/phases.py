"""The steps of a deal: a pipeline chosen by the variant.

A deal of the family runs through a fixed order of steps, each present only where the ruleset has
it::

    deal -> [fiving] -> [auction] -> [trump and kitty] -> [discard and draw] -> [robbing]
         -> play -> [jink] -> over

Each *decision step* is a small object that owns its legal actions, its refusals (which rule, in
words, with the sources) and what its actions do; a variant without a step never pays for it.
The tricks themselves (``play``) are the inner loop of every simulation and stay inside
:class:`maw_sim.Deal`, flat and in integers.

The steps of today's rulesets:

``rob`` (:class:`Robbing`)
    Before the first lead, the holder of the ace of trumps may *rob*: take the turn-up into hand
    and put out another card face down (``"rob 7C"``), or decline (``"pass"``). When the turn-up is
    itself an ace, the dealer has that right. Where robbing is a duty, ``pass`` is refused; where
    the holder must declare the ace, he declines with ``"announce"`` (see :class:`Robbing`).
``jink`` (:class:`Jinking`)
    Where the ruleset has it, a player who wins the first three tricks chooses: ``"claim"`` the
    deal now, or ``"jink"``: lead on and undertake to win all five. It comes from inside the play,
    after the third trick, so it is not in the pipeline before play.

The bidding games' steps (the auction, the trump named, the kitty, the discard and draw) are in
:mod:`maw_sim.auction`; the step registry (:mod:`maw_sim.steps`) puts a ruleset's steps in its
order, from the names its variant holds (:attr:`maw_sim.variants.Variant.step_names`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .cards import CARDS, Card
from .events import CARDS_HIDDEN, HIDDEN, PUBLIC, UNSEEN, Event, named
from .phase_names import FIVE, JINK, OVER, PLAY, ROB  # noqa: F401  (OVER, PLAY: the phases' readers take them here too)
from .refusals import refuse



_tuple_new = tuple.__new__

_ACE_OF_TRUMPS = {suit: Card(1, suit).bit for suit in "CDHS"}


@runtime_checkable
class StepProtocol(Protocol):
    """What a decision step must provide, in five concerns: :class:`Step` gives every member a
    default but :meth:`read`, :meth:`begins`, :meth:`legal_actions`, :meth:`refusal` and
    :meth:`apply`, which each step states. The registry (:mod:`maw_sim.steps`) holds steps of
    this type, and mypy checks the family's against it."""
    # -- identity and notation
    name: str
    labels: tuple
    chance_verbs: tuple
    belongs: str
    examples: tuple

    def label(self, event: Event) -> str: ...
    def applies_to(self, variant: Any) -> bool: ...
    def read(self, label: str, action: str) -> str: ...
    # -- the rules
    def begins(self, deal: Any) -> Any: ...
    def legal_actions(self, deal: Any) -> tuple: ...
    def is_listed(self, deal: Any, action: Any) -> bool: ...
    def refusal(self, deal: Any, seat: int, words: list) -> Any: ...
    def canonical(self, deal: Any, action: str) -> str: ...
    def apply(self, deal: Any, seat: int, action: str) -> Any: ...
    # -- what each seat sees and learns (visibility stated once, by event)
    def event(self, deal: Any, seat: int, action: str) -> Event: ...
    def line_event(self, table: Any, seat: int, action: str) -> Event: ...
    def turned_up(self, event: Event) -> Card | None: ...
    def tell(self, event: Event, told: Any) -> None: ...
    def shows(self, deal: Any, event: Event) -> tuple: ...
    def silent(self, deal: Any) -> str | None: ...
    has_silent: bool
    # -- resampling hidden cards
    hides_cards: bool

    def work_back(self, rebuild: Any, index: int, event: Event, cards: tuple, hand: set) -> None: ...
    def stock_place(self, event: Event) -> int | None: ...
    # -- the page
    def prompt(self, deal: Any) -> str: ...
    def choice_label(self, action: str) -> str: ...
    def choice_order(self, deal: Any) -> Any: ...
    def marked_counts(self, deal: Any) -> Any: ...


class StepState:
    """A step's own state in one deal (:meth:`maw_sim.deal.Deal.state`): the step alone writes
    it, and the deal copies it with itself (a search copies deals in its inner loop, so a copy is
    shallow: a step whose state holds a list or a dict copies it in its own :meth:`copy`)."""
    __slots__ = ()

    def copy(self):
        other = object.__new__(self.__class__)
        own = getattr(self, "__dict__", None)
        if own:
            other.__dict__.update(own)
        return other


class Step:
    """One decision step of a deal. ``name`` is the deal's ``phase`` while the step is open.

    Besides its legal actions, refusals and effects, a step owns what follows from its actions:
    :meth:`event` says who sees what of each (the one statement of visibility: a record hidden
    from its text rebuilds the event with :meth:`line_event`); in the notation
    (:mod:`maw_sim.records`), :meth:`label` heads its lines, :meth:`read` checks their form, and
    ``chance_verbs`` marks the lines the pack deals, not a player. :class:`StepProtocol` names
    what a step must provide."""
    name: str = ""
    #: The labels of this step's lines in the notation (``rob 2: pass``).
    labels: tuple = ()
    #: Verbs of the chance events this step records (the cards drawn, the cards turned).
    chance_verbs: tuple = ()
    #: The rulesets that have this step, in words (for a line a ruleset cannot have).
    belongs: str = ""
    #: A line of each label as the notation writes it (shown to a reader whose line is none).
    examples: tuple = ()

    def label(self, event) -> str:
        """The word that heads ``event``'s line in the notation (``rob 2: pass``)."""
        return self.name

    def applies_to(self, variant) -> bool:
        """Can a deal of ``variant`` reach this step?"""
        return self.name in variant.step_names

    def read(self, label: str, action: str) -> str:
        """The action of a ``label`` line as the notation writes it, its form checked (the engine
        checks the rest when the record is played back). Raises ValueError saying what the line
        holds instead: "is not a rob decision; expected …"."""
        raise NotImplementedError

    #: The words on a legal action's button, by the action (the ones not worked out from cards).
    choice_words: dict = {}
    #: Where an action's button goes among the others (lower first), by the action.
    choice_places: dict = {}

    def choice_label(self, action: str) -> str:
        """The words on the button for a legal action of this step ("Don't rob", "Bid 20")."""
        return self.choice_words.get(action, action)

    def choice_order(self, deal):
        """A sort key for this step's legal actions, in the order their buttons go."""
        return lambda action: (self.choice_places.get(action, 5), 0, 0, action)

    def shows(self, deal, event) -> tuple:
        """Card codes of the actor's hand as dealt that ``event`` shows to every seat that saw
        it, before they are played (the ace of trumps of a robber or an announcer)."""
        return ()

    def silent(self, deal):
        """The action of the seat to move that nobody else would see (an ``UNSEEN`` event), if
        this step has one for it; else None. See :func:`take_unseen`."""
        return None

    #: Can this step ever have such an action (does it define :meth:`silent`)? Set for each
    #: subclass: :func:`take_unseen` passes every other step at once (the bidding games' all).
    has_silent: bool = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.has_silent = cls.silent is not Step.silent

    def new_state(self, deal):
        """A fresh state for this step in ``deal`` (:meth:`maw_sim.deal.Deal.state`)."""
        return StepState()

    #: While this step is open the page shows no trick and no note of one (the bidding games'
    #: steps, before any card is turned or led: the page's ``before_play``).
    before_play: bool = False

    # -- words, the page and the bots (what a surface asks the step, never its phase's name)
    def sentence(self, teller, event):
        """``event`` (this step's, as the reader saw it) in one sentence for the log, in the
        words of ``teller`` (:class:`maw_sim.words.Teller`: ``teller.names`` names the seats);
        None where :data:`maw_sim.words.SENTENCES` has it."""
        return None

    def log_kind(self, event) -> str:
        """The log's kind of ``event``'s line (the page styles lines by it)."""
        return event.verb

    def facts(self, view, names) -> tuple:
        """What this step showed ``view``'s seat that the page says beside the table, as
        (sentence, cards) pairs; read from the seat's part of what it was told
        (``view.steps.get(self.name)``), so that it holds only what that seat may know."""
        return ()

    def asks(self, names, mover: int, variant, players: int, kitty_size: int, stock_left: int):
        """What this step asks of ``mover``, in words every seat may read (for a board that does
        not draw the choice: a set of cards to mark would name the mover's cards), where it says
        so; else None (the choice is shown as its buttons)."""
        return None

    def choose(self, view, rng) -> str:
        """A plain bot's choice in this step, from ``view`` (a seat's view): any legal action."""
        return rng.choice(view.legal)

    def begins(self, deal):
        """The seat that acts first in this step, or None when the step does not happen in this deal.
        Called once, when the deal reaches the step: a step may set up its state here (the auction's
        standing, the kitty taken into the bidder's hand)."""
        raise NotImplementedError

    def legal_actions(self, deal) -> tuple:
        raise NotImplementedError

    def is_listed(self, deal, action) -> bool:
        """Whether ``action`` is, exactly as written, one of :meth:`legal_actions` (what the engine
        takes at once, without reading it). A step whose list is long (every set of cards a hand may
        put out) answers without building it."""
        return action in self.legal_actions(deal)

    def refusal(self, deal, seat: int, words: list):
        """Why ``words`` (the action, split) is refused now, or None when it is legal."""
        raise NotImplementedError

    def tell(self, event, told) -> None:
        """Add what ``event`` (this step's, as one seat saw it) tells that seat to ``told``
        (:class:`maw_sim.events.Told`). A step whose events the view keeps no record of tells
        nothing."""

    #: Do this step's events move cards into or out of a hand where other seats cannot see which
    #: (robbing, the kitty, the exchange)? A resampler must then work them back (:meth:`work_back`).
    hides_cards: bool = False

    def work_back(self, rebuild, index: int, event, cards: tuple, hand: set) -> None:
        """Undo ``event`` (number ``index`` of the deal; ``cards`` as the observer saw them,
        ``None`` for one it did not) in ``hand``, the actor's cards just after it as a world drew
        them (card indices), so that it holds his cards before it; choose the cards the observer did
        not see and write the action with them into ``rebuild``
        (:class:`maw_sim.resample.Rebuild`). Only for a step that :attr:`hides_cards`."""
        raise NotImplementedError

    def stock_place(self, event):
        """Where the cards ``event`` took from the stock lay in it: 0 for cards dealt from the top
        in turn, 1 for cards picked out of it afterwards; None when it took none."""
        return None

    def canonical(self, deal, action: str) -> str:
        """A legal action as the record writes it, however it was said (``"rob 7c"`` becomes
        ``"rob 7C"``; a set of cards is written in the order the step lists it)."""
        return action

    def event(self, deal, seat: int, action: str) -> Event:
        """The legal action (canonical) as an :class:`maw_sim.events.Event`, built before it is
        applied: the step says here who sees what of it. By default everyone sees everything."""
        # Made as the tuple it is, not through the NamedTuple's __new__: every call of an
        # auction is one, and simulations make millions.
        return _tuple_new(Event, (seat, self.name, action.split(None, 1)[0], action, False, PUBLIC))

    def line_event(self, table, seat: int, action: str) -> Event:
        """The event of a recorded line (``action`` by ``seat``, its form read), rebuilt without the
        deal: ``table`` (:class:`maw_sim.events.OnTable`) is what lies open at that line, the
        variant and the turn-up. A record hidden again from its text asks this event who sees what
        (:meth:`maw_sim.events.Event.seen_by`), so that visibility is stated once, by
        :meth:`event`; a step whose :meth:`event` reads more of the deal than ``table`` holds, or
        that records chance lines (``chance_verbs``), says here how to make its event."""
        return self.event(table, seat, action)

    def turned_up(self, event):
        """The card ``event`` leaves face up as the new turn-up (fiving's turned cards), else None."""
        return None

    def apply(self, deal, seat: int, action: str):
        """Do the legal action, in its canonical form. Returns the next seat to act in this step
        (an auction goes round the table), or None when the step is over."""
        raise NotImplementedError

    def prompt(self, deal) -> str:
        """What the seat to move is asked, in the second person."""
        return ""

    def marked_counts(self, deal):
        """Where the seat to move chooses cards by marking them in hand and confirming (the kitty,
        the discard): how many it may mark, as (fewest, most, the action that puts out none, or
        None); else None (a choice among buttons)."""
        return None


def read_cards(words, hidden: bool = True) -> list:
    """Card codes as the notation writes them (``7C``; ``?`` for a card hidden from the reader,
    where ``hidden``); ValueError at the first word that is neither."""
    out = []
    for word in words:
        if hidden and word == HIDDEN:
            out.append(HIDDEN)
        else:
            out.append(Card.parse(word).code)
    return out


def hide_cards(action: str) -> str:
    """An action with every card it names face down: ``discard 7C 9D`` becomes ``discard ? ?``."""
    verb, _, rest = action.partition(" ")
    if not rest or rest == "none":
        return action
    return verb + " " + " ".join(HIDDEN for _ in rest.split())


def form_error(kind: str, expected: str) -> ValueError:
    """The error for a notation line whose action does not have its step's form: "is not a rob
    decision; expected …" (the record's reader adds where)."""
    return ValueError(f"is not a {kind}; expected {expected}")


#: What a holder of the ace of trumps may do besides robbing, under each rule of ``robbing.rule``.
_DECLINES = {"optional": ("pass",), "compulsory": (), "announce": ("announce",),
             "announce-or-lowest": ("announce", "pass"), "rob-or-barred": ("pass",)}


class Robbing(Step):
    """The robbing step. Besides ``"rob <card>"``, what the seat may do depends on the rule:
    ``"pass"`` (decline), and where the holder of the ace must declare it, ``"announce"`` (decline,
    showing that he holds the ace). The duties of the sources are the holder's: the dealer robbing
    a turned ace, which everyone has seen, may always pass (a reconstruction), whereas a holder's
    silent pass costs him the ace's rank where ``robbing.rule`` is ``"announce-or-lowest"`` (it is
    then the lowest trump), and the pool where it is ``"rob-or-barred"``."""
    name = ROB
    labels = ("rob",)
    belongs = "a ruleset with robbing"
    examples = ("rob 1: pass",)
    choice_words = {"pass": "Don't rob", "announce": "Announce the ace"}
    choice_places = {"announce": 8, "pass": 9}

    def choice_label(self, action):
        if action.startswith("rob "):
            # Short, so that a phone shows three a row: the prompt above them says that this robs.
            return f"Put out {Card.parse(action[4:]).symbol}"
        return super().choice_label(action)

    def new_state(self, deal):
        return RobbingState()

    # -- what robbing's rule makes of a decision (asked by the deal's view, the resampler, the words)
    @staticmethod
    def is_duty(variant) -> bool:
        """Must the holder of the ace of trumps rob (so that where nobody robbed, nobody held it)?"""
        return variant.robbing == "compulsory"

    @staticmethod
    def quiet_cost(variant):
        """What a holder's plain ``pass`` costs him: ``"rank"`` (the ace of trumps is the lowest
        trump this deal), ``"pool"`` (he may not win it), or None."""
        return _QUIET_COST.get(variant.robbing)

    @classmethod
    def ace_lowest(cls, variant, turnup, robbed: bool, announced: bool) -> bool:
        """Is the ace of trumps the lowest trump, as the whole table may know it once robbing is
        over? Where a holder who neither robs nor announces loses the ace's rank, everyone knows
        the rule and that nobody robbed or announced; whether anybody held the ace, only he knows.
        So the table takes it as the lowest trump whenever it was not robbed or announced (where
        nobody holds it, it is never played, and the order is the same)."""
        return (cls.quiet_cost(variant) == "rank" and turnup is not None and turnup.rank != 1
                and not robbed and not announced)

    def low_ace_known(self, deal) -> bool:
        """:meth:`ace_lowest` for ``deal`` as it stands (False until robbing is over)."""
        if deal.phase is FIVE or deal.phase is ROB:
            return False
        st = deal.state_of(ROB)
        robbed = st is not None and st.robbed is not None
        announced = st is not None and st.declined is not None and st.declined[1] == "announce"
        return self.ace_lowest(deal.variant, deal.turnup, robbed, announced)

    def read(self, label, action):
        words = action.split()
        if action in ("pass", "announce"):
            return action
        if len(words) == 2 and words[0] == "rob":
            try:
                return "rob " + read_cards(words[1:])[0]
            except ValueError:
                pass
        raise form_error("rob decision", "'pass' or 'announce' or 'rob <card>'")

    def begins(self, deal):
        v = deal.variant
        if v.robbing == "none":
            return None
        if deal.turnup.rank == 1:
            return deal.dealer if v.turned_ace_to_dealer else None
        return deal.holder_of(_ACE_OF_TRUMPS[deal.trump])

    @staticmethod
    def declines(deal) -> tuple:
        """The ways to decline robbing open to the seat to move."""
        rule = deal.variant.robbing
        if deal.turnup.rank == 1:
            return () if rule == "compulsory" else ("pass",)
        return _DECLINES[rule]

    def legal_actions(self, deal):
        return tuple("rob " + c for c in deal.hand_codes(deal.to_move)) + self.declines(deal)

    def refusal(self, deal, seat, words):
        v = deal.variant
        verb = words[0].lower()
        declines = self.declines(deal)
        if verb in ("pass", "announce") and len(words) == 1:
            if verb in declines:
                return None
            where = f"[robbing: {v.describe_setting('robbing')}]"
            if v.robbing == "compulsory":
                return refuse(v, "robbing.compulsory",
                              f"Robbing is compulsory in {v.name}: seat {seat} must take the turn-up "
                              f"{deal.turnup.symbol} and put out a card. {where}", "robbing")
            if verb == "pass":     # only the "announce" rule refuses a silent pass
                return refuse(v, "robbing.announce",
                              f"In {v.name} the holder of the ace of trumps may not keep it quiet: seat {seat} "
                              f"must either rob the turn-up {deal.turnup.symbol} ('rob <card to put out>') or "
                              f"announce the ace ('announce'). {where}", "robbing")
            if deal.turnup.rank == 1:
                return refuse(v, "robbing.nothing-to-announce",
                              f"The turned-up ace {deal.turnup.symbol} is in sight of everyone: the dealer, seat "
                              f"{seat}, may rob it or pass, but has nothing to announce. {where}", "robbing")
            return refuse(v, "robbing.no-announcing",
                          f"{v.name} has no announcing of the ace: seat {seat} may rob the turn-up "
                          f"{deal.turnup.symbol} or pass. {where}", "robbing")
        if verb == "rob" and len(words) == 2:
            try:
                give = Card.parse(words[1])
            except ValueError as exc:
                return refuse(v, "not-a-card", str(exc))
            if not deal.hand_mask(seat) & give.bit:
                return refuse(v, "robbing.not-in-hand",
                              f"To rob, put out a card from your own hand; {give.symbol} is not in seat "
                              f"{seat}'s hand ({deal.cards_text(seat)}).", "robbing")
            return None
        choices = ["'rob <card to put out>'", *(f"'{d}'" for d in declines)]
        return refuse(v, "robbing.choose",
                      f"Before the first lead, seat {seat} {self.reason(deal)} and must first choose: "
                      f"{' or '.join(choices)}. [robbing: {v.describe_setting('robbing')}]", "robbing")

    def reason(self, deal) -> str:
        if deal.turnup.rank == 1:
            return f"is the dealer and the turn-up is an ace ({deal.turnup.symbol}), so may rob it"
        return (f"holds the ace of trumps ({Card(1, deal.trump).symbol}), so may rob the turn-up "
                f"{deal.turnup.symbol}")

    def canonical(self, deal, action):
        return action if action in ("pass", "announce") else "rob " + Card.parse(action[4:]).code

    hides_cards = True

    def work_back(self, rebuild, index, event, cards, hand):
        # The turn-up taken into hand, a card put out face down for it: the ace itself, if he
        # robbed by holding it and it is nowhere now; else any card in no hand.
        turnup = rebuild.turnup
        hand.discard(turnup.index)
        ace = Card(1, turnup.suit).index
        held = rebuild.told.holds.get(event.seat, 0)      # a card the observer handed him
        gone = [i for i in range(held.bit_length()) if held >> i & 1 and i not in hand]
        if gone:
            out = gone[0]                                 # he held it and has it no more: put out
            if out in rebuild.spare:
                rebuild.spare.remove(out)
        elif turnup.rank != 1 and ace not in hand and ace in rebuild.spare:
            rebuild.spare.remove(ace)
            out = ace
        else:
            out = rebuild.spare.pop()
        hand.add(out)
        rebuild.texts[index] = "rob " + CARDS[out].code

    def tell(self, event, told):
        if event.verb == "rob":
            told.robbed_by = event.seat
            if event.seat == told.seat:
                told.my_robbed = event.cards[0].index
        else:
            told.declined = event.action
            told.declined_by = event.seat
            if event.verb == "announce":
                told.announced_by = event.seat

    def event(self, deal, seat, action):
        """Robbing is seen by all: the turn-up leaves the table (the card put out is face down).
        Announcing the ace is said aloud. But the holder of the ace who lets the chance go says
        nothing and shows nothing: one sentence of the encyclopedia article, like Parlett and the
        survey, lets him keep the ace to himself until his own first card; the Spoil Five sheet and
        the encyclopedia make only the announcing public; and
        Parlett's penalty falls on a holder who simply did not rob. So his pass is his own
        knowledge (``UNSEEN``). The dealer's pass on a turned ace is public: the ace stays in sight."""
        if action == "announce":
            return Event(seat, ROB, "announce", action)
        if action == "pass":
            return Event(seat, ROB, "pass", action, False, PUBLIC if deal.turnup.rank == 1 else UNSEEN)
        return Event(seat, ROB, "rob", action, False, CARDS_HIDDEN)

    def shows(self, deal, event):
        """Robbing or announcing shows who holds the ace of trumps (not where the turn-up was the
        ace: the dealer robs it without holding it)."""
        if deal.turnup is None or deal.turnup.rank == 1 or event.verb not in ("rob", "announce"):
            return ()
        return (Card(1, deal.trump).code,)

    def silent(self, deal):
        """A holder's quiet decline, where the rules allow one: a seat's record leaves it out, so
        whoever replays that record on a world of his own making takes it wherever that world's
        holder of the ace must decide and the record goes on without him."""
        if deal.turnup.rank != 1 and "pass" in Robbing.declines(deal):
            return "pass"
        return None

    def apply(self, deal, seat, action):
        st = deal.state(self)
        if action.startswith("rob "):
            give = Card.parse(action[4:]).index
            deal.move_cards(seat, out=1 << give, into=deal.turnup.bit)
            st.robbed = (seat, give)
            return None
        st.declined = (seat, action)
        if action == "pass" and deal.turnup.rank != 1:
            cost = self.quiet_cost(deal.variant)
            if cost == "rank":
                # Neither robbed nor announced: the ace of trumps is the lowest trump this deal.
                deal.name_trump(deal.trump, low_ace=True)
            elif cost == "pool":
                deal.bar(deal.side_of(seat))
        return None

    def prompt(self, deal):
        return "You may rob the turn-up: choose a card to put out, or decline."


class RobbingState(StepState):
    """Robbing in one deal: ``robbed`` (seat, card index put out) once someone robbed;
    ``declined`` (seat, "pass" or "announce") once the step was declined. (Class defaults, no
    ``__init__``: half of all Spoil Five deals make one.)"""
    robbed: tuple | None = None
    declined: tuple | None = None


#: What a holder's quiet pass costs him, by ``robbing.rule`` (see :meth:`Robbing.quiet_cost`).
_QUIET_COST = {"announce-or-lowest": "rank", "rob-or-barred": "pool"}


class FivingState(StepState):
    """Fiving in one deal: has the non-dealer just asked the dealer to five it?"""
    __slots__ = ("asked",)

    def __init__(self):
        self.asked = False

    def copy(self):
        other = FivingState()
        other.asked = self.asked
        return other


class Jinking(Step):
    name = JINK
    labels = ("jink",)
    belongs = "a ruleset with jinking"
    examples = ("jink 2: claim",)
    choice_words = {"jink": "Jink (play for all five)", "claim": "Claim (stop with three)"}
    choice_places = {"claim": 0, "jink": 1}

    def applies_to(self, variant):
        return variant.jinking

    def read(self, label, action):
        if action in ("jink", "claim"):
            return action
        raise form_error("jink decision", "'jink' or 'claim'")

    def event(self, deal, seat, action):
        return Event(seat, JINK, action, action)

    def begins(self, deal):
        return None          # entered from the play, after the third trick (see Deal._end_trick)

    def legal_actions(self, deal):
        return ("jink", "claim")

    def refusal(self, deal, seat, words):
        if words[0].lower() in ("jink", "claim") and len(words) == 1:
            return None
        v = deal.variant
        return refuse(v, "jinking.choose",
                      f"Seat {seat} has won the first three tricks and must choose: 'claim' the pool now, "
                      f"or 'jink' — lead to the fourth trick and undertake to win all five. "
                      f"[jinking: {v.describe_setting('jinking')}]", "jinking")

    def apply(self, deal, seat, action):
        if action == "claim":
            deal.end_deal(claimed=True)
        else:
            deal.play_on(seat, jinker=seat)

    def prompt(self, deal):
        return "You have won three tricks: claim the deal now, or jink for all five."


class Fiving(Step):
    """Cotton's *fiving*, in the two-hand game: before robbing, the non-dealer may ask the dealer
    to "five it" (``"five"``) or keep the trump turned (``"stand"``). If the dealer agrees
    (``"agree"``; ``"refuse"`` keeps it), the turn-up is turned down and the next cards of the
    stock are turned until one of another suit appears; that suit is trumps, and nobody may five
    again that hand. The cards turned are a chance event, drawn from the stock in its recorded
    order: the deal's history keeps them as ``(dealer, "turn 7C 9C 3D")``, the new turn-up last,
    in sight of both players."""
    name = FIVE
    labels = ("five",)
    chance_verbs = ("turn",)
    belongs = "a ruleset with fiving"
    examples = ("five 1: five", "five 0: turn 7C 3D")
    choice_words = {"five": "Five it (ask for a new trump)", "stand": "Stand (keep this trump)",
                    "agree": "Agree to five it", "refuse": "Refuse to five it"}

    def read(self, label, action):
        words = action.split()
        if action in ("five", "stand", "agree", "refuse"):
            return action
        if len(words) > 1 and words[0] == "turn":
            try:
                return "turn " + " ".join(read_cards(words[1:], hidden=False))
            except ValueError:
                pass
        raise form_error("fiving decision", "'five', 'stand', 'agree', 'refuse' or the cards turned, as 'turn 7C 3D'")

    def begins(self, deal):
        v = deal.variant
        if not v.fiving or deal.players != 2 or deal.teams is not None:
            return None
        suit = deal.turnup.suit
        if not any(not CARDS[i].is_joker and CARDS[i].suit != suit for i in deal.stock_rest()):
            return None            # no card of another suit left to turn (never, with 52 cards)
        return (deal.dealer + 1) % deal.players

    def new_state(self, deal):
        return FivingState()

    def _asked(self, deal) -> bool:
        st = deal.state_of(FIVE)
        return st is not None and st.asked

    def legal_actions(self, deal):
        return ("agree", "refuse") if self._asked(deal) else ("five", "stand")

    def refusal(self, deal, seat, words):
        legal = self.legal_actions(deal)
        if len(words) == 1 and words[0].lower() in legal:
            return None
        v = deal.variant
        if self._asked(deal):
            return refuse(v, "fiving.answer",
                          f"Seat {seat} has been asked to five it: 'agree' (the turn-up {deal.turnup.symbol} is "
                          f"turned down and the next cards turned until the suit changes) or 'refuse'. "
                          f"[fiving: {v.describe_setting('fiving')}]", "fiving")
        return refuse(v, "fiving.choose",
                      f"Before robbing, seat {seat} (the non-dealer) may ask the dealer to five it: 'five', "
                      f"or 'stand' to keep {deal.turnup.symbol} as the turn-up. "
                      f"[fiving: {v.describe_setting('fiving')}]", "fiving")

    def canonical(self, deal, action):
        return action.strip().lower()

    def event(self, deal, seat, action):
        return Event(seat, FIVE, action, action)

    @staticmethod
    def turn_event(dealer: int, turned: str) -> Event:
        """The cards turned (``"turn 7C 9C 3D"``, the new turn-up last): a chance event, in sight of
        both players."""
        return Event(dealer, FIVE, "turn", turned, True, PUBLIC)

    def line_event(self, table, seat, action):
        return self.turn_event(seat, action) if action.startswith("turn ") else self.event(table, seat, action)

    def turned_up(self, event):
        return event.cards[-1] if event.verb == "turn" else None

    def log_kind(self, event):
        return "turn" if event.verb == "turn" else "five"

    @staticmethod
    def turned(deal) -> tuple:
        """The cards turned in ``deal``, the new turn-up last (empty if nobody fived)."""
        if deal.state_of(FIVE) is None:
            return ()
        for event in deal.events:
            if event.step == FIVE and event.verb == "turn":
                return event.cards
        return ()

    def tell(self, event, told):
        told.fiving.append(event.action)
        if event.verb == "turn":
            told.turned += named(event.cards)

    def stock_place(self, event):
        return 0 if event.verb == "turn" else None        # turned from the top of the stock

    def apply(self, deal, seat, action):
        deal.state(self).asked = action == "five"
        if action == "five":
            return deal.dealer             # the dealer answers
        if action == "agree":
            self._five(deal)
        return None

    def _five(self, deal) -> None:
        """Fiving agreed: the turn-up goes face down, and the stock's next cards are turned until
        one of another suit appears; its suit is trumps."""
        first = deal.turnup.suit
        turned = []
        while True:
            card = CARDS[deal.draw(1)[0]]
            turned.append(card)
            if not card.is_joker and card.suit != first:
                break
        deal.turnup = card
        deal.name_trump(card.suit)
        # A chance event, in sight of both players.
        deal.follow(self.turn_event(deal.dealer, "turn " + " ".join(c.code for c in turned)))

    def prompt(self, deal):
        return "Fiving: ask the dealer to turn a new trump, or keep this one."


def take_unseen(deal, next_seat, next_action: str | None = None) -> None:
    """Replaying what one seat knew onto a whole deal (a bot's imagined deal, the review board's
    stand-in): before ``next_seat``'s recorded action, take for every other seat to move the
    action nobody else saw (a holder's quiet decline to rob), since the seat's record cannot have
    it. ``next_seat`` None: the record ends here. ``next_action``, the recorded action: when the
    world asks ``next_seat`` itself for a quiet decision the record shows it went past (the elder
    hand, holding the ace, passed without a word and then led), it is taken for that seat too."""
    while deal.to_move is not None:
        step = deal.step
        if step is None or not step.has_silent:
            return                  # nothing unseen to take here: no need to read the next action
        if deal.to_move == next_seat and (next_action is None or step.is_listed(deal, next_action)):
            return
        quiet = step.silent(deal)
        if quiet is None:
            return
        deal.apply(quiet)


FIVING = Fiving()
ROBBING = Robbing()
JINKING = Jinking()
