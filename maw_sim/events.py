"""Events: what happened in a deal, as a typed value, and who may see which part of it.

Every action a seat takes and every later chance event (the cards drawn in the exchange, the cards
turned by fiving) is one :class:`Event`. The step that owns the action builds it
(:meth:`maw_sim.phases.Step.event`), so the step — and only the step — says how the action is seen
by each seat:

``PUBLIC``
    everyone at the table sees it all (a card played, a bid, trumps named, a jink);
``CARDS_HIDDEN``
    everyone sees that it happened and how many cards, only ``seat`` sees which (a robber's card
    put out face down, a discard, a draw);
``LAST_CARD_SHOWN``
    as ``CARDS_HIDDEN``, but the last card is dealt face up for everyone (the "four flip" draw);
``UNSEEN``
    only ``seat`` knows it happened (declining to rob without a word, where the rules let the
    holder of the ace keep quiet).

:meth:`Event.seen_by` is the one door through which a seat learns of an event: the record for a
seat, a seat's view (:meth:`maw_sim.deal.Deal.view`) and observation (``maw_sim.resample``), the
words of the log and the bots' views all go through it. The event's ``text`` is the wire form the
notation and the protocol write (``"rob 7C"``, ``"bid 30 for 60"``, ``"draw 8H JC"``); as a seat
saw it, a hidden card is ``?``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import Card
from .phase_names import PLAY

#: A card or an event's part that the viewer may not see.
HIDDEN = "?"

PUBLIC, CARDS_HIDDEN, UNSEEN = "public", "cards-hidden", "unseen"
#: As ``CARDS_HIDDEN``, but the last card named lies face up ("four flip": a player who threw
#: all five draws four face down and the fifth face up).
LAST_CARD_SHOWN = "last-card-shown"



class Event(NamedTuple):
    """One thing that happened in a deal.

    ``seat``: who acted, or for a chance event the seat it concerns (whose hand the drawn cards
    go to; the dealer, for the cards fiving turned). ``step``: the phase the event belongs to
    (``"rob"``, ``"play"``, ``"bid"``, ``"discard"``…). ``verb``: what was done (``"rob"``,
    ``"pass"``, ``"play"``, ``"bid"``, ``"draw"``, ``"turn"``…). ``text``: the action as written.
    ``chance``: dealt by the pack, not chosen. ``visibility``: see the module's docstring.

    A NamedTuple, not a dataclass: the engine builds one for every decision, so it must cost no
    more than a tuple."""
    seat: int
    step: str
    verb: str
    text: str
    chance: bool = False
    visibility: str = PUBLIC

    @property
    def cards(self) -> tuple:
        """The cards the event names, in order: ``Card`` values, ``None`` for a card hidden from
        the seat this event was seen by."""
        if self.verb == PLAY:
            return (Card.parse(self.text),)
        return tuple(None if w == HIDDEN else Card.parse(w) for w in self.text.split()[1:]
                     if w == HIDDEN or _is_card(w))

    @property
    def action(self) -> tuple:
        """The event as the deal's history writes it: (seat, text)."""
        return self.seat, self.text

    def seen_by(self, viewer):
        """The event as ``viewer`` (a seat; None for the all-seeing record) saw it: itself, its
        cards hidden as ``?``, or None when that seat never learnt of it."""
        if viewer is None or viewer == self.seat or self.visibility == PUBLIC:
            return self
        if self.visibility == UNSEEN:
            return None
        return self._replace(text=_hidden_text(self.text, self.visibility))


class OnTable(NamedTuple):
    """What lies open at one line of a record, for any reader: the ``variant`` played and the card
    face up for trumps (``turnup``; None in the bidding games). A step rebuilds a recorded line's
    event from it (:meth:`maw_sim.phases.Step.line_event`), where it has no deal to read."""
    variant: object
    turnup: Card | None


@lru_cache(maxsize=4096)
def _hidden_text(text: str, visibility: str) -> str:
    """``text`` with its cards face down (but the last, for ``LAST_CARD_SHOWN``). Cached: every
    view of a deal redacts the same few events again."""
    words = text.split()
    shown = len(words) - 1 if visibility == LAST_CARD_SHOWN else None
    hidden = " ".join(HIDDEN if k != shown and _is_card(w) else w for k, w in enumerate(words) if k)
    return f"{words[0]} {hidden}" if hidden else words[0]


def _is_card(word: str) -> bool:
    if word == HIDDEN:
        return True
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


class Told:
    """What the events one seat saw tell it, gathered in one pass: each step reads its own events
    (:meth:`maw_sim.phases.Step.tell`), so a seat's view (:meth:`maw_sim.deal.Deal.view`) and the
    resampler (``maw_sim.resample``) learn the history without knowing any step's verbs. Cards
    are indices into the pack; a card the seat did not see is left out.

    ``robbed_by``: who robbed; ``declined``: (seat, "pass" or "announce") as the seat saw it, and
    ``declined_by`` and ``announced_by`` the seats;
    ``fiving``: fiving's decisions and turns as (seat, action); ``turned``: the cards fiving turned,
    in order; ``auction``: the calls as (seat, call); ``trump``: the suit named; ``called``: the card
    called for a partner (a Card); ``kitty_out_by``: who put the kitty out; ``exchanged``: each
    exchange as (seat, cards put out); ``gained``: cards drawn or taken, by seat; ``face_up``: a
    card another seat drew face up, by seat. What the seat did itself, which it saw in full:
    ``my_robbed`` (the card it put out for the turn-up), ``my_kitty_out``, ``my_thrown`` (put out in
    the exchange), ``my_drawn`` (drawn, taken or received).

    Besides these, what any step (one added by :func:`maw_sim.steps.add_step` too) tells a seat in
    the terms every reader shares: ``lost`` and ``gained`` (cards that left or entered a seat's
    hand, by seat, whether the seat saw which), ``holds`` (cards known to be in a seat's hand, by
    seat, as bit masks), ``my_given`` (cards this seat handed to another seat's hand: in play, not
    out of it); and ``parts``, each step's own facts by its name, which the seat's view carries
    (:attr:`maw_sim.deal.PlayerView.steps`) for the step to read back."""
    __slots__ = ("seat", "robbed_by", "declined", "declined_by", "announced_by", "fiving", "turned",
                 "auction", "trump", "called", "kitty_out_by", "exchanged", "gained", "face_up",
                 "my_robbed", "my_kitty_out", "my_thrown", "my_drawn", "lost", "holds", "my_given", "parts")
    seat: int
    robbed_by: int | None
    declined: tuple | None
    declined_by: int | None
    announced_by: int | None
    fiving: list
    turned: list
    auction: list
    trump: str | None
    called: Card | None
    kitty_out_by: int | None
    exchanged: list
    gained: dict
    face_up: dict
    my_robbed: int | None
    my_kitty_out: list
    my_thrown: list
    my_drawn: list
    lost: dict
    holds: dict
    my_given: list
    parts: dict

    def __init__(self, seat: int):
        self.seat = seat
        self.robbed_by = self.declined = self.declined_by = self.announced_by = None
        self.trump = self.called = self.kitty_out_by = None
        self.my_robbed = None
        self.fiving, self.turned, self.auction, self.exchanged = [], [], [], []
        self.gained, self.face_up, self.lost, self.holds, self.parts = {}, {}, {}, {}, {}
        self.my_kitty_out, self.my_thrown, self.my_drawn, self.my_given = [], [], [], []

    def moved(self, seat: int, lost: int = 0, gained: int = 0) -> None:
        """``seat`` put ``lost`` cards out of its hand and took ``gained`` into it (seen or not)."""
        if lost:
            self.lost[seat] = self.lost.get(seat, 0) + lost
        if gained:
            self.gained[seat] = self.gained.get(seat, 0) + gained

    def part(self, name: str, default=None):
        """The part of what this seat was told that belongs to the step ``name``, made from
        ``default`` (a factory) the first time it is asked for."""
        part = self.parts.get(name)
        if part is None and default is not None:
            part = self.parts[name] = default()
        return part

    def out_of_play(self) -> int:
        """The cards this seat knows to be out of play from what it saw happen (not the turn-up
        left on the table): what it put out itself, and what fiving turned before the last."""
        out = 0
        for i in self.my_kitty_out + self.my_thrown + self.turned[:-1]:
            out |= 1 << i
        if self.my_robbed is not None:
            out |= 1 << self.my_robbed
        return out


def named(cards) -> list:
    """The indices of the cards an event names (its hidden cards left out)."""
    return [c.index for c in cards if c is not None]


def played(seat: int, code: str) -> Event:
    """A card played to a trick: always in sight of everyone."""
    return Event(seat, PLAY, PLAY, code)
