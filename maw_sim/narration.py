"""Narration for one seat: the words of the play page and ``maw-sim play``, from what that seat knows.

A :class:`Narrator` speaks to one seat (the reader's): it names the seats ("You", "Bot 2") and
tells each action's events in the sentences of :mod:`maw_sim.words`, every event as that seat
saw it (:meth:`maw_sim.events.Event.seen_by`): another robber's card put out face down is
``"rob ?"`` and is never named, and a bot's silent decline to rob is not told at all. The rules
are the engine's and the sentences are words.py's; this module shapes them for the page.
"""

from __future__ import annotations

from . import words
from .phase_names import PLAY
from .steps import step_named
from .words import hold_note, suit_words  # noqa: F401  (the page's words, used by seat_state)

#: A card as the page draws it (one statement, in words.py).
card_info = words.card_dict


def seat_name(seat: int, you: int) -> str:
    return words.table_names(you)(seat)


def trick_info(deal):
    """The trick to show on the table: the one in progress, else the last one taken (None before
    the first card), with its leader, winner, number and the cards as played."""
    finished = [t for t in deal.tricks if t.winner is not None]
    current = next((t for t in deal.tricks if t.winner is None and t.plays), None)
    shown = current or (finished[-1] if finished else None)
    if shown is None:
        return None
    return {"leader": shown.leader, "winner": shown.winner,
            "number": len(finished) + (1 if current else 0),
            "plays": [{"seat": s, "card": card_info(c)} for s, c in shown.plays]}


class Narrator:
    """The words for ``seat`` at a table of ``match``."""

    def __init__(self, match, seat: int):
        self.match = match
        self.seat = seat
        self.names = words.table_names(seat)
        self._teller = None         # the deal being told, and how many of its events are told
        self._told = 0

    def name(self, seat: int) -> str:
        return self.names(seat)

    def deal_started(self, deal, number: int) -> dict:
        self._follow(deal)
        return {"kind": "deal", "seat": deal.dealer, "number": number,
                "card": None if deal.turnup is None else card_info(deal.turnup),
                "text": words.deal_begins(deal, self.names, number)}

    def deal_restored(self, deal, number: int) -> dict:
        self._follow(deal)
        self._catch_up(deal)
        moves = len(deal.history)
        trumps = ("no trumps are named yet" if deal.trump is None else f"{suit_words(deal.trump)} are trumps") \
            if deal.turnup is None else f"the turn-up is {deal.turnup.symbol}, so {suit_words(deal.trump)} are trumps"
        return {"kind": "restore", "seat": deal.dealer, "number": number,
                "card": None if deal.turnup is None else card_info(deal.turnup),
                "text": f"Deal {number} restored from a link after {moves} move{'s' if moves != 1 else ''}; "
                        f"{trumps}."}

    def _follow(self, deal):
        """Tell ``deal`` from its start (a new deal, or one this narrator has not told yet)."""
        self._teller = words.Teller(deal, self.names, self.viewer)
        self._told = 0

    def _catch_up(self, deal):
        """Take in, untold, what happened before this narrator joined the deal (a restored link)."""
        for event in deal.events[self._told:]:
            self._teller.tell(event)
        self._told = len(deal.history)

    @property
    def viewer(self):
        """Whose sight the events are told from: the reader's seat."""
        return self.seat

    def action(self, deal) -> list:
        """The page's events for what happened since the last told: each action with the chance
        event it caused (the cards drawn after a discard, the cards fiving turned) in one event,
        the tricks it finished, the auction it closed. An action the reader never saw (a bot's
        silent decline to rob) gives none."""
        if self._teller is None or self._teller.deal is not deal:
            self._follow(deal)
        out = []
        for event in deal.events[self._told:]:
            for line in self._teller.tell(event):
                joins = event.chance and line["kind"] not in ("trick", "contract") and out \
                    and out[-1]["kind"] not in ("trick", "contract")
                if joins:        # a chance event is told with the action that caused it
                    out[-1]["text"] += " " + line["text"]
                    out[-1]["card"] = out[-1]["card"] or line["card"]
                else:
                    out.append(line)
        for line in out:
            # Whether the event lays its card on the trick (the page animates it there).
            line["laid"] = line["kind"] == PLAY
        self._told = len(deal.history)
        return out

    def side_names(self) -> list:
        """Who scores: each seat in singles; in partnerships "Your side (You & Bot 2)", "Side 2 (…)"."""
        return words.side_names(self.names, self.match.teams, self.match.players)

    def outcome(self, deal) -> str:
        """How the deal ended, in words for this seat."""
        return words.outcome(deal, self.names, self.match)

    def side_of_seat(self, seat: int) -> str:
        """The side a seat plays for, by name ("Your side (You & Bot 2)"), or the seat in singles."""
        return words.side_of_seat(self.names, self.match.teams, self.match.players, seat)


class PassNarrator(Narrator):
    """The words for a table passed between several people (pass-and-play): every person by the
    name they gave (``names``, {seat: name}) or their seat ("Seat 2"), the bots as "Bot 3", no "you" (whoever holds the device changes), and
    the events as everyone sees them: every card put out in robbing face down, since the next
    reader of the log may be another player."""

    def __init__(self, match, humans, names=None):
        super().__init__(match, -1)
        self.humans = frozenset(humans)
        self.names = words.table_names(None, self.humans, names)

    @property
    def viewer(self):
        return -1            # no seat's sight: only what every seat sees


def bid_words(call: str) -> str:
    """A bid as said at the table: "20", "30 for 60"."""
    return str(call)


def display_order(trump: str | None):
    # Group the hand by suit, trumps last, for a stable, readable hand; not a ranking.
    suits = [s for s in "SHCD" if s != trump] + ([trump] if trump else [])
    # The Joker is always a trump: it goes with the trumps, after them.
    return lambda c: (len(suits) - 1, 14) if c.is_joker else (suits.index(c.suit), c.rank)


def choice_label(action: str, phase: str) -> str:
    """The words on the button for a legal action of the step ``phase`` names (its step's
    :meth:`~maw_sim.phases.Step.choice_label`)."""
    step = step_named(phase)
    return action if step is None else step.choice_label(action)


