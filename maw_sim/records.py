"""Game records: a deal (or a whole game of deals) as an ordered record, and its notation.

A record is the spine of the engine: the *chance events* (the hands dealt, the turn-up) and the
players' *actions*, in order. The state of a deal is what its record implies, so a record can be
saved, shared, replayed (every action re-checked by the engine) and reviewed.

The notation is in the spirit of chess's PGN and bridge's PBN: a version line, tag pairs, then one
line a trick. Seats are numbered from 0, clockwise; the seat left of the dealer leads first::

    % MAW 1
    [Variant "spoil-five"]
    [Players "3"]
    [Teams "-"]
    [Seed "7"]

    [Deal "1"]
    [Dealer "0"]
    [Scores "-"]
    [Hands "KC 2D 3D 4D 6D / 7C 3S 8D 9D 10D / 2H 3H 4H 6H 7H"]
    [TurnUp "9S"]
    [Result "winner 2; tricks 1 1 3"]
    rob  2: pass
    1.   1: 7C  2: 2H  0: KC      ; seat 0 wins
    2.   0: 2D  1: 8D  2: 3H      ; seat 2 wins
    ...

- ``% MAW 1`` is the version line (required, first). Other lines starting with ``%`` are
  comments, as is everything from ``;`` to the end of a line, and anything in ``{braces}``.
- A deal's ``Branch`` tag (``[Branch "12"]``) marks a deal played on from a position of another
  record: its first 12 actions are that record's, the rest a new line (the review board writes it).
- Game tags: ``Variant``, ``Players``, ``Teams`` (``-`` or a layout such as ``2x2``), ``Seed``
  (where the deal came from: provenance, not needed to replay), ``Observer`` (in a seat's record),
  ``Names`` (the names people gave their seats at a shared device, seat 0 first, ``|`` between
  seats, ``-`` for a seat without one, a bot's: ``[Names "Ann|Ben|-|-"]``).
- Each deal starts with ``[Deal "n"]`` (its number in the game: a record may start at any deal,
  as the record of one deal of a match does, and its deals follow in order) and gives ``Dealer``,
  ``Scores`` (``-``, or each side's points before the deal in a points game), ``Hands`` (seat 0
  first, ``/`` between seats, ``?`` for a card the record's reader may not see), ``TurnUp`` and
  ``Result`` (``*`` while unfinished).
- Movetext: ``rob`` and ``jink`` lines hold one decision (``rob 7C``, ``pass``, ``jink``,
  ``claim``); a numbered line holds the cards of one trick in the order played, each as
  ``seat: card``. A robber's card put out face down is written ``rob ?`` in every record but
  its owner's.

Other tags are kept and written back, so a file round-trips exactly. A file is ``.maw``; its
media type here is ``text/x-maw-record``. A record is read in one pass, in time proportional to
its length, and one longer than :data:`MAX_RECORD_CHARS` is refused unread.

A **link** (:func:`to_link`, :func:`from_link`) carries a whole game compactly for a URL: the
variant and its options, the player count, the teams, the first dealer, the seed, and every action as its index
among the legal actions of the moment, with a check so a damaged or edited link is refused.
"""

from __future__ import annotations

import re
import weakref
import zlib
from dataclasses import dataclass, field, replace

from .auction import AUCTION, TAKING_THE_KITTY, auction_winner
from .cards import CARDS, HAND_SIZE, Card
from .deal import Deal
from .match import Match
from .phase_names import PLAY
from .steps import all_steps, is_chance, line_events, step_for_label, step_named
from .variants import PARTNERSHIP_FORMS, Variant, load_variant, value_text

VERSION = 1
VERSION_LINE = f"% MAW {VERSION}"
SUFFIX = ".maw"
MEDIA_TYPE = "text/x-maw-record"
HIDDEN = "?"

_GAME_TAGS = ("Variant", "Options", "Players", "Teams", "Seed", "Observer", "Names")
#: In the ``Names`` tag: a seat without a name (a bot's), and what stands between the seats.
NO_NAME, _NAME_SEP = "-", "|"
_DEAL_TAGS = ("Deal", "Dealer", "Scores", "Hands", "TurnUp", "Kitty", "Stock", "Result")
#: A deal played on from a position of another record (the review board's "Play on from here"):
#: the number of its first actions that came from that record; the rest are the new line.
BRANCH_TAG = "Branch"
#: The longest record read, in characters (about 10,000 deals of four players): reading costs time
#: in proportion to the length, so a paste of any size gets its answer in a second or two.
MAX_RECORD_CHARS = 4_000_000
_TAG_LINE = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:;.*)?$')
# A seat's number before its colon. The look-behind starts a number only where a run of digits
# starts, so a long run without a colon is tried once, not from each of its digits.
_ENTRY = re.compile(r"(?<![0-9])([0-9]+)\s*:")
_MAX_DIGITS = 20                       # a seed of 64 bits has 20
_NUMBER = re.compile(f"[0-9]{{1,{_MAX_DIGITS}}}")
_SCORE = re.compile(r"-?[0-9]{1,9}")
_TRICK_LABEL = re.compile(r"([0-9]+)\.")
_QUOTED = 60                           # the most of the reader's text an error message repeats


class RecordError(ValueError):
    """A record that cannot be read or replayed: the message names the line or the action."""


# -- values -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealRecord:
    """One deal: who dealt, the scores before it, the cards dealt, the turn-up and the actions.

    ``hands``: one tuple of card codes a seat, as dealt (before robbing); ``None`` stands for a
    card this record's reader may not see. ``actions``: ``(seat, action)`` in order. ``result``:
    the outcome in the notation's short form, ``"*"`` while the deal is unfinished. ``labels``:
    for each action, the label of its line (``"rob"``, ``"bid"``, ``"kitty"``…, given by the step
    it belongs to: :meth:`maw_sim.phases.Step.label`), or ``"play"`` for a card played.
    """
    number: int
    dealer: int
    scores: tuple | None
    hands: tuple
    turnup: str | None
    actions: tuple
    result: str = "*"
    extra: tuple = ()
    #: The bidding games: the kitty as dealt and the stock, top first (None: a card hidden).
    kitty: tuple = ()
    stock: tuple = ()
    labels: tuple = ()

    def __post_init__(self):
        if len(self.labels) != len(self.actions):
            raise ValueError(f"a deal record needs one label an action: {len(self.labels)} labels for "
                             f"{len(self.actions)} actions")

    @property
    def redacted(self) -> bool:
        return any(c is None for hand in self.hands for c in hand) or any(
            HIDDEN in a.split() for _, a in self.actions) or None in self.kitty or None in self.stock

    @property
    def bidder(self):
        """The seat that won the auction (the last to bid or hold), once it is over; else None."""
        calls = []
        for entry, label in zip(self.actions, self.labels):
            if label in AUCTION.labels:
                calls.append(entry)
            elif calls:
                return auction_winner(calls)
        return None


@dataclass(frozen=True)
class GameRecord:
    """A game record: one deal, or the deals of a match in order (see the module's docstring).

    Build one with :meth:`of_deal` or :meth:`of_match`, or read one with
    :meth:`parse`; :meth:`text` writes the notation, :meth:`replay` plays it back through the
    engine, :meth:`for_seat` hides what one seat may not see.
    """
    variant: Variant
    players: int
    teams: str | None
    deals: tuple
    seed: int | None = None
    observer: int | None = None
    extra: tuple = field(default=())
    #: The names people gave their seats, one a seat (None: a seat without one), or None: no names.
    names: tuple | None = None

    # -- the last deal, for the common case of a one-deal record ----------------------------------
    @property
    def deal(self) -> DealRecord:
        return self.deals[-1]

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def hands(self) -> tuple:
        return self.deal.hands

    @property
    def turnup(self) -> str | None:
        return self.deal.turnup

    @property
    def actions(self) -> tuple:
        return self.deal.actions

    @property
    def result(self) -> str:
        return self.deal.result

    @property
    def redacted(self) -> bool:
        return self.observer is not None or any(d.redacted for d in self.deals)

    @property
    def tags(self) -> dict:
        """The tag pairs of the game and of its last deal, as they are written."""
        out = dict(_game_tags(self))
        out.update(_deal_tags(self, self.deal))
        return out

    # -- building -------------------------------------------------------------------------------
    @classmethod
    def of_deal(cls, deal, number: int = 1, seed=None) -> "GameRecord":
        """The record of ``deal`` (number ``number`` of its game), every hand shown (a seat's:
        :meth:`for_seat`). Built here, from above: the deal knows nothing of records."""
        return cls(deal.variant, deal.players, _layout(deal.teams), (deal_record(deal, number),),
                   deal.seed if seed is None else seed)

    @classmethod
    def of_match(cls, match) -> "GameRecord":
        """The game so far of ``match`` (a :class:`maw_sim.Match`): every deal, the last as far as
        it has gone."""
        deals = tuple(deal_record(d, k) for k, d in enumerate(match.deals, start=1))
        return cls(match.variant, match.players, _layout(match.teams), deals, match.seed)

    # -- one seat's knowledge ---------------------------------------------------------------------
    def for_seat(self, seat: int) -> "GameRecord":
        """The record as ``seat`` may know it: its own cards, the turn-up and every card played
        face up; other hands become ``?`` (but for a card the deal's course shows to all, see
        :func:`_shown_to_all`), each event as that seat saw it (another robber's card put out is
        ``rob ?``; a quiet decline to rob, which nobody else saw, is left out: see
        :meth:`maw_sim.phases.Robbing.event`), and the seed (from which every hand could be worked
        out) is left out. The full record is played back, so that each step says what it shows."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        if self.observer is not None and self.observer != seat:
            raise ValueError(f"this is seat {self.observer}'s record; it cannot show seat {seat}'s")
        if self.observer == seat:
            return self
        deals = tuple(self._deal_for_seat(d, seat) for d in self.deals)
        return replace(self, deals=deals, seed=None, observer=seat)

    def _deal_for_seat(self, d: DealRecord, seat: int) -> DealRecord:
        labels = d.labels
        if self.redacted:
            # Already a reader's record (one without an observer tag): hide what it still shows,
            # each line's event rebuilt by its step from the text and asked what this seat saw.
            events = line_events(self.variant, d.turnup, d.actions, labels)
            seen = [e for e in (event.seen_by(seat) for event in events) if e is not None]
            actions = tuple(e.action for e in seen)
            labels = labels_of(seen)
            kitty_seen, shown = d.bidder == seat, ()
        else:
            deal = _replay_deal(self, d, None)
            seen = [e for e in (event.seen_by(seat) for event in deal.events) if e is not None]
            actions = tuple(e.action for e in seen)
            labels = labels_of(seen)
            # The bidder sees the kitty once he has taken it into hand.
            kitty_seen = deal.kitty_taken and deal.bidder == seat
            shown = _shown_to_all(deal, d, seat, seen)
        # Where the kitty's top card lies face up, everyone sees that one.
        face_up = 0 if TAKING_THE_KITTY.face_up(self.variant, d.kitty) is None else 1
        return replace(d, hands=_hands_for(d.hands, seat, shown), actions=actions, labels=labels,
                       kitty=d.kitty if kitty_seen and d.kitty else d.kitty[:face_up] + (None,) * (len(d.kitty) - face_up),
                       stock=(None,) * len(d.stock))

    # -- playing it back --------------------------------------------------------------------------
    def replay(self, upto: int | None = None, deal: int = -1):
        """The :class:`maw_sim.Deal` of the last deal (or ``deal``, an index into ``deals``) after
        its first ``upto`` actions (all when None), every action re-checked by the engine.
        Raises :class:`RecordError` naming the first action the rules refuse."""
        try:
            record = self.deals[deal]
        except (IndexError, TypeError):
            raise RecordError(f"no deal {deal!r}: this record has {len(self.deals)}") from None
        return _replay_deal(self, record, upto)

    def replay_match(self):
        """A :class:`maw_sim.Match` with every deal of the record replayed and settled (the last
        one left where the record stops)."""
        self._need_full()
        self._need_first_deal("played back as a match")
        first = self.deals[0]
        match = Match(self.variant, self.players, self.seed or 0,
                      teams=self.teams, dealer=first.dealer)
        for k, record in enumerate(self.deals):
            where = f"deal {record.number}"
            if match.over:
                raise RecordError(f"{where}: the game was already over after the deal before")
            if record.dealer != match.dealer:
                raise RecordError(f"{where}: the record says seat {record.dealer} dealt, but the deal "
                                  f"passes to seat {match.dealer}")
            deal = match.new_deal(hands=[list(h) for h in record.hands], turnup=record.turnup,
                                  kitty=list(record.kitty), stock=list(record.stock) or None)
            if record.scores is not None and tuple(record.scores) != tuple(deal.scores):
                raise RecordError(f"{where}: the record gives the scores before it as "
                                  f"{' '.join(map(str, record.scores))}, but the deals before make them "
                                  f"{' '.join(map(str, deal.scores))}")
            _apply_all(deal, record, None, where)
            _check_result(deal, record, where)
            if deal.outcome is not None:
                match.settle(deal)
            elif k != len(self.deals) - 1:
                raise RecordError(f"{where} is unfinished, but another deal follows it")
        return match

    def _need_first_deal(self, what: str):
        first = self.deals[0].number
        if first != 1:
            raise RecordError(f"this record starts at deal {first} of its game, so it cannot be {what}: "
                              "the deals before it are not in it (each deal replays on its own)")

    def _need_full(self):
        if self.redacted:
            who = f"seat {self.observer}'s" if self.observer is not None else "a redacted"
            raise RecordError(f"this is {who} record: other hands are hidden, so it cannot be played "
                              "back; open the full record")

    # -- the notation -----------------------------------------------------------------------------
    def text(self) -> str:
        """The record in the notation (see the module's docstring); :meth:`parse` reads it back."""
        lines = [VERSION_LINE]
        lines += [f'[{name} "{_escape(value)}"]' for name, value in _game_tags(self)]
        for record in self.deals:
            lines.append("")
            lines += [f'[{name} "{_escape(value)}"]' for name, value in _deal_tags(self, record)]
            lines += _movetext(self, record)
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> "GameRecord":
        """Read a record. Bad text is a :class:`RecordError` (a ValueError) naming the line and what
        was expected; nothing is half-built."""
        return _parse(text)

    def __str__(self) -> str:
        return self.text()


# -- from the engine ----------------------------------------------------------------------------

def _layout(teams) -> str | None:
    if teams is None:
        return None
    sides = max(teams) + 1
    return f"{sides}x{len(teams) // sides}"


def deal_record(deal, number: int) -> DealRecord:
    """``deal`` (number ``number`` of its game) as one deal of a record, every hand shown."""
    hands = tuple(tuple(c.code for c in hand) for hand in deal.dealt)
    scores = tuple(deal.scores) if deal.variant.scorer.points else None
    v = deal.variant
    stock = tuple(c.code for c in deal.stock) if v.exchange_limit != "none" or v.fiving else ()
    turnup = deal.dealt_turnup
    return DealRecord(number, deal.dealer, scores, hands, None if turnup is None else turnup.code,
                      tuple(deal.history), result_of(deal), (), tuple(c.code for c in deal.kitty), stock,
                      labels_of(deal.events))


def labels_of(events) -> tuple:
    """The notation's label of each event's line: its step's (:meth:`maw_sim.phases.Step.label`),
    ``"play"`` for a card played."""
    return tuple(PLAY if e.step == PLAY else step_named(e.step).label(e) for e in events)


def result_of(deal) -> str:
    """The outcome in the notation's short form: ``winner 2; tricks 1 1 3``, ``spoilt; …``,
    with ``claimed``, ``jinked``, ``jink failed by 1``, ``points …`` and ``game to side 1``."""
    o = deal.outcome
    if o is None:
        return "*"
    c = deal.contract
    if deal.variant.bidding:
        if c is None:
            return "thrown in"
        parts = [f"contract {c.bidder} {c.call.replace(' ', '-')} {'made' if o.contract_made else 'failed'}",
                 "tricks " + " ".join(map(str, o.tricks_won)), "points " + " ".join(map(str, o.points))]
        if o.game_won_by is not None:
            parts.append(f"game to side {o.game_won_by}")
        return "; ".join(parts)
    if o.jink_failed:
        parts = [f"jink failed by {deal.jinker}"]
    elif o.winner is None:
        parts = ["spoilt"]
    else:
        parts = [f"winner {o.winner}"]
        if o.claimed:
            parts[0] += " claimed"
        elif o.jinked:
            parts[0] += " jinked"
    parts.append("tricks " + " ".join(map(str, o.tricks_won)))
    if o.points is not None:
        parts.append("points " + " ".join(map(str, o.points)))
    if o.game_won_by is not None:
        parts.append(f"game to side {o.game_won_by}")
    return "; ".join(parts)


def _shown_to_all(deal, d: DealRecord, seat: int, seen) -> tuple:
    """Cards of other hands that ``seat`` knows from the deal's course before they are played, as
    the step of each event it saw says (:meth:`maw_sim.phases.Step.shows`: the ace of trumps,
    where its holder robbed or announced it in this seat's sight, never after a quiet pass, which
    nobody else saw). A seat's record names such a card in its holder's hand, so that the record
    explains itself: the decision it shows is one only that hand could make. Not once the holder
    has played all his cards: the card is then among them, or it was one he put out face down,
    which the record never names."""
    shown = []
    for e in seen:
        step = None if e.step == PLAY or e.seat == seat else step_named(e.step)
        if step is not None and deal.hand(e.seat):
            shown += [c for c in step.shows(deal, e) if c in d.hands[e.seat] and c not in shown]
    return tuple(shown)


def _hands_for(hands: tuple, seat: int, shown) -> tuple:
    """The hands as dealt, as ``seat`` knows them: its own, and of the others only the cards in
    ``shown`` (the rest ``None``, written ``?``)."""
    # The cards shown first, then the hidden ones: where a shown card lay among the others would
    # tell something of the cards hidden (the hand is written in the pack's order).
    return tuple(h if s == seat else tuple(c for c in h if c in shown) + (None,) * sum(c not in shown for c in h)
                 for s, h in enumerate(hands))


# -- writing ------------------------------------------------------------------------------------

def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def options_text(variant) -> str:
    """The options chosen, as the [Options] tag writes them: ``name=value`` pairs, or ``-``."""
    return " ".join(f"{k}={value_text(v)}" for k, v in variant.choices.items()) or "-"


def _game_tags(rec: GameRecord) -> list:
    tags = [("Variant", rec.variant.id)]
    if rec.variant.choices:
        tags.append(("Options", options_text(rec.variant)))
    tags += [("Players", str(rec.players)), ("Teams", rec.teams or "-")]
    if rec.seed is not None:
        tags.append(("Seed", str(rec.seed)))
    if rec.observer is not None:
        tags.append(("Observer", str(rec.observer)))
    if rec.names is not None:
        tags.append(("Names", _NAME_SEP.join(NO_NAME if n is None else n for n in rec.names)))
    return tags + list(rec.extra)


def _deal_tags(rec: GameRecord, d: DealRecord) -> list:
    hands = " / ".join(" ".join(HIDDEN if c is None else c for c in hand) for hand in d.hands)
    scores = "-" if d.scores is None else " ".join(map(str, d.scores))
    tags = [("Deal", str(d.number)), ("Dealer", str(d.dealer)), ("Scores", scores), ("Hands", hands)]
    if d.turnup is not None:
        tags.append(("TurnUp", d.turnup))
    if d.kitty:
        tags.append(("Kitty", " ".join(HIDDEN if c is None else c for c in d.kitty)))
    if d.stock:
        tags.append(("Stock", " ".join(HIDDEN if c is None else c for c in d.stock)))
    return tags + [("Result", d.result)] + list(d.extra)


def _movetext(rec: GameRecord, d: DealRecord) -> list:
    """One line a trick, one line a decision. The winner of each finished trick is added as a
    comment when the record can be replayed (a seat's record has no engine to ask)."""
    winners = {}
    if not d.redacted:
        try:
            deal = _replay_deal(rec, d, None)
            winners = {k: t.winner for k, t in enumerate(deal.tricks) if t.winner is not None}
        except RecordError:
            winners = {}
    lines: list = []
    plays: list = []
    trick = 0

    def flush():
        if plays:
            line = f"{trick + 1}. " + "  ".join(f"{s}: {a}" for s, a in plays)
            if trick in winners:
                line += f"   ; seat {winners[trick]} wins"
            lines.append(line)

    for (seat, action), label in zip(d.actions, d.labels):
        if label != PLAY:
            # A decision line (labelled by its step) comes between tricks, never inside one.
            flush()
            if plays:
                trick, plays = trick + 1, []
            lines.append(f"{label} {seat}: {action}")
        else:
            plays.append((seat, action))
            if len(plays) == rec.players:
                flush()
                trick, plays = trick + 1, []
    flush()
    return lines


# -- reading ------------------------------------------------------------------------------------

def _quoted(text: str) -> str:
    """A piece of the reader's text for an error message: quoted, and cut short if long, so that a
    message stays a message whatever was pasted."""
    return repr(text) if len(text) <= _QUOTED else repr(text[:_QUOTED]) + f"… ({len(text):,} characters)"


def _shown(text: str) -> str:
    """A number from the reader's text as it was written, cut short like :func:`_quoted`."""
    return text if len(text) <= _QUOTED else text[:_QUOTED] + f"… ({len(text):,} digits)"


def _lines(text: str) -> list:
    """The record's lines with its brace comments blanked out. A comment may span lines: its line
    breaks are kept, so every error still names the right line. One pass, each ``{`` looking only
    for the first ``}`` after it: a text of unclosed braces costs what its length costs."""
    if "{" not in text:
        return text.splitlines()
    pieces, pos = [], 0
    while True:
        start = text.find("{", pos)
        if start < 0:
            pieces.append(text[pos:])
            return "".join(pieces).splitlines()
        end = text.find("}", start + 1)
        if end < 0:
            line = len((text[:start] + "{").splitlines())
            raise RecordError(f"line {line}: a comment opened with '{{' is never closed with '}}'")
        breaks = len(text[start:end + 1].splitlines()) - 1
        pieces += [text[pos:start], " ", "\n" * breaks]
        pos = end + 1


def _parse(text) -> GameRecord:
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is {len(text):,} characters long; a record may be at most "
                          f"{MAX_RECORD_CHARS:,} (split a long game into its deals)")
    lines = _lines(text)
    first = next((k for k, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise RecordError(f"the record is empty: it starts with the version line '{VERSION_LINE}'")
    head = lines[first].split()
    if head[:2] != ["%", "MAW"] or len(head) != 3:
        raise RecordError(f"line {first + 1}: expected the version line '{VERSION_LINE}', got "
                          f"{_quoted(lines[first].strip())}")
    if head[2] != str(VERSION):
        raise RecordError(f"line {first + 1}: this is notation version {_quoted(head[2])}; this reader knows "
                          f"version {VERSION}")

    game: dict = {}
    game_extra: list = []
    header: tuple | None = None         # the game tags read (variant, players, …), once the first deal starts
    deals: list = []
    section: tuple | None = None      # the deal being read: (tags dict, extra list, movetext [(line, text)], line)

    def close():
        # Each deal is read as soon as the next one starts: a bad deal is refused before the
        # lines after it are looked at.
        follows = deals[-1].number + 1 if deals else None
        deals.append(_parse_deal(*header[:2], header[5], *section, follows))

    for number, raw in enumerate(lines[first + 1:], start=first + 2):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if line.startswith("["):
            match = _TAG_LINE.match(line)
            if match is None:
                raise RecordError(f'line {number}: a tag pair is written [Name "value"]; got {_quoted(line)}')
            name, value = match.group(1), match.group(2)
            if "\\" in value:
                value = re.sub(r"\\(.)", r"\1", value)
            if name == "Deal":
                if header is None:
                    header = _game_header(game)
                else:
                    close()
                section = ({}, [], [], number)
            if section is not None:
                tags, extra, moves, _ = section
                if moves:
                    raise RecordError(f"line {number}: tag [{name}] after the moves of deal "
                                      f"{tags.get('Deal', '?')}; a new deal starts with [Deal \"n\"]")
                if name in _DEAL_TAGS:
                    _once(tags, name, value, number)
                elif name in _GAME_TAGS:
                    raise RecordError(f"line {number}: [{name}] belongs before the first [Deal] tag")
                else:
                    extra.append((name, value))
            elif name in _GAME_TAGS:
                _once(game, name, value, number)
            elif name in _DEAL_TAGS:
                raise RecordError(f"line {number}: [{name}] belongs to a deal: start it with [Deal \"1\"]")
            else:
                game_extra.append((name, value))
            continue
        if section is None:
            raise RecordError(f"line {number}: moves before any [Deal \"n\"] tag; expected tag pairs")
        body = line.partition(";")[0].strip()
        if body:
            section[2].append((number, body))
    if section is None:
        raise RecordError("the record has no deal: expected a [Deal \"1\"] section")
    close()
    assert header is not None          # read when the first deal began
    variant, players, teams, seed, observer, _ = header
    names = _seat_names(game["Names"], players) if "Names" in game else None
    return GameRecord(variant, players, teams, tuple(deals), seed, observer, tuple(game_extra), names)


def _seat_names(value: str, players: int) -> tuple:
    """The [Names] tag read: one name a seat, ``-`` for a seat without one."""
    names = tuple(" ".join(n.split()) for n in value.split(_NAME_SEP))
    if len(names) != players or not all(n and n.isprintable() for n in names):
        raise RecordError(f"[Names]: expected {players} names, one a seat, separated by '{_NAME_SEP}' "
                          f"('{NO_NAME}' for a seat without one); got {_quoted(value)}")
    return tuple(None if n == NO_NAME else n for n in names)


def _game_header(game: dict) -> tuple:
    """The game tags read: (variant with its options, players, teams, seed, observer, sides)."""
    for name in ("Variant", "Players"):
        if name not in game:
            raise RecordError(f"the record has no [{name}] tag; it is required before the first deal")
    try:
        variant = load_variant(_short(game["Variant"]))
    except ValueError as exc:
        raise RecordError(f"[Variant]: {exc}") from None
    if game.get("Options", "-") != "-":
        pairs = [p.partition("=") for p in game["Options"].split()]
        if any(not sep or not k or not v for k, sep, v in pairs):
            raise RecordError(f"[Options]: expected name=value pairs separated by spaces, or '-'; "
                              f"got {_quoted(game['Options'])}")
        try:
            variant = load_variant(variant, options={_short(k): _short(v) for k, _, v in pairs})
        except ValueError as exc:
            raise RecordError(f"[Options]: {exc}") from None
    players = _whole(game["Players"], "[Players]")
    if not variant.min_players <= players <= variant.max_players:
        raise RecordError(f"[Players]: {variant.name} is for {variant.min_players} to "
                          f"{variant.max_players} players, not {players}")
    teams = game.get("Teams", "-")
    if teams == "-":
        teams = None
    elif teams not in PARTNERSHIP_FORMS or PARTNERSHIP_FORMS[teams] not in variant.partnerships:
        allowed = ", ".join(f"{t}x{s}" for t, s in variant.partnerships) or "none"
        raise RecordError(f"[Teams]: {_quoted(teams)} is not a partnership layout of {variant.name}; "
                          f"allowed: - (singles) or {allowed}")
    elif PARTNERSHIP_FORMS[teams][0] * PARTNERSHIP_FORMS[teams][1] != players:
        raise RecordError(f"[Teams]: {teams} does not fit {players} players")
    seed = _whole(game["Seed"], "[Seed]") if "Seed" in game else None
    observer = None
    if "Observer" in game:
        observer = _whole(game["Observer"], "[Observer]")
        if observer >= players:
            raise RecordError(f"[Observer]: seat {observer} does not exist with {players} players")
    sides = players if teams is None else PARTNERSHIP_FORMS[teams][0]
    return variant, players, teams, seed, observer, sides


def _once(tags, name, value, number):
    if name in tags:
        raise RecordError(f"line {number}: [{name}] is given twice")
    tags[name] = value


def _whole(value: str, what: str) -> int:
    """A tag's whole number: ASCII digits only (not "²" or "٣"), and few enough of them to be a
    number a record can mean (a seed is at most 20 digits)."""
    if _NUMBER.fullmatch(value) is None:
        raise RecordError(f"{what}: expected a whole number, 0 or more, of at most {_MAX_DIGITS} digits; "
                          f"got {_quoted(value)}")
    return int(value)


def _parse_deal(variant, players, sides, tags, extra, moves, start, follows) -> DealRecord:
    """One deal's section. ``follows``: the number the deal before it makes this one's (None for
    the first: a record may start at any deal of a game, as the page's record of one deal does)."""
    where = f"deal starting at line {start}"
    for name in ("Dealer", "Hands") + (("TurnUp",) if variant.turnup_game else ()):
        if name not in tags:
            raise RecordError(f"{where}: no [{name}] tag")
    if not variant.turnup_game and "TurnUp" in tags:
        raise RecordError(f"{where}: {variant.name} turns no card for trumps, so a deal has no [TurnUp] tag")
    if variant.kitty_size and "Kitty" not in tags:
        raise RecordError(f"{where}: no [Kitty] tag ({variant.name} deals a kitty of {variant.kitty_size})")
    deal_number = _whole(tags["Deal"], f"line {start}: [Deal]")
    if deal_number == 0 or follows not in (None, deal_number):
        raise RecordError(f"line {start}: [Deal \"{deal_number}\"] should be deal {follows or 1} (a game's "
                          "deals are numbered from 1, and a record gives them in order)")
    dealer = _whole(tags["Dealer"], f"{where}: [Dealer]")
    if dealer >= players:
        raise RecordError(f"{where}: [Dealer] seat {dealer} does not exist with {players} players")
    scores = tags.get("Scores", "-")
    if scores == "-":
        scores = None
        if variant.scorer.points:
            scores = (0,) * sides
    else:
        parts = scores.split()
        if len(parts) != sides or not all(_SCORE.fullmatch(p) for p in parts):
            raise RecordError(f"{where}: [Scores] gives one whole number per side ({sides}), or '-'; "
                              f"got {_quoted(tags['Scores'])}")
        scores = tuple(int(p) for p in parts)
    seen: dict = {}
    hands = []
    blocks = tags["Hands"].split("/")
    if len(blocks) != players:
        raise RecordError(f"{where}: [Hands] gives {len(blocks)} hands separated by '/'; expected "
                          f"{players}, seat 0 first")
    for seat, block in enumerate(blocks):
        hand: list = []
        for code in block.split():
            if code == HIDDEN:
                hand.append(None)
                continue
            card = _card(code, f"{where}: [Hands], seat {seat}")
            if card.code in seen:
                raise RecordError(f"{where}: [Hands]: {card.code} is dealt twice (seats {seen[card.code]} "
                                  f"and {seat})")
            seen[card.code] = seat
            hand.append(card.code)
        if len(hand) != HAND_SIZE:
            raise RecordError(f"{where}: [Hands], seat {seat} has {len(hand)} cards; every hand has {HAND_SIZE} "
                              "(write ? for a hidden card)")
        hands.append(tuple(hand))
    turnup = None
    if variant.turnup_game:
        turnup = _card(tags["TurnUp"], f"{where}: [TurnUp]").code
        if turnup in seen:
            raise RecordError(f"{where}: the turn-up {turnup} is also in seat {seen[turnup]}'s hand")
    kitty = _card_list(tags.get("Kitty", ""), f"{where}: [Kitty]", seen, "the kitty")
    if len(kitty) != variant.kitty_size:
        raise RecordError(f"{where}: [Kitty] holds {len(kitty)} cards; {variant.name} deals a kitty of "
                          f"{variant.kitty_size}")
    stock = _card_list(tags.get("Stock", ""), f"{where}: [Stock]", seen, "the stock")

    actions, labels = [], []
    trick = 0
    for number, body in moves:
        label, _, rest = body.partition(" ")
        entries = _entries(rest, number, players)
        step = step_for_label(label)
        if step is not None:
            # A decision line: its step reads it (the engine checks the rest on playing back).
            if not step.applies_to(variant):
                raise RecordError(f"line {number}: a '{label}' line belongs to {step.belongs}, not to "
                                  f"{variant.name} as chosen")
            if len(entries) != 1:
                raise RecordError(f"line {number}: a '{label}' line holds one entry, as 'seat: action'")
            seat, action = entries[0]
            try:
                actions.append((seat, step.read(label, action)))
            except ValueError as exc:
                raise RecordError(f"line {number}: {_quoted(action)} {exc}") from None
            labels.append(label)
        elif _TRICK_LABEL.fullmatch(label):
            if trick == HAND_SIZE:
                raise RecordError(f"line {number}: a deal has {HAND_SIZE} tricks, and this line would be "
                                  f"trick {trick + 1}")
            if len(label) > 4 or int(label[:-1]) != trick + 1:
                raise RecordError(f"line {number}: trick {_shown(label[:-1])} out of order; expected trick "
                                  f"{trick + 1}")
            if not 1 <= len(entries) <= players:
                raise RecordError(f"line {number}: a trick line holds 1 to {players} plays, as 'seat: card'")
            for seat, action in entries:
                actions.append((seat, _card(action, f"line {number}: seat {seat}").code))
                labels.append(PLAY)
            trick += 1
        else:
            raise RecordError(f"line {number}: expected a tag pair, a trick line ('1. 1: KC  2: 3S …')"
                              f"{_decision_lines(variant)}; got {_quoted(body)}")
    return DealRecord(deal_number, dealer, scores, tuple(hands), turnup, tuple(actions),
                      tags.get("Result", "*"), tuple(extra), tuple(kitty), tuple(stock), tuple(labels))


def _decision_lines(variant) -> str:
    """The decision lines ``variant`` has, one example of each label, as its steps write them."""
    examples = [f"'{line}'" for step in all_steps() if step.applies_to(variant) for line in step.examples]
    return f", or a decision line of {variant.name} ({', '.join(examples)})" if examples else ""


def _card_list(text: str, where: str, seen: dict, what: str) -> list:
    out: list = []
    for code in text.split():
        if code == HIDDEN:
            out.append(None)
            continue
        card = _card(code, where).code
        if card in seen:
            where_else = seen[card] if isinstance(seen[card], str) else f"seat {seen[card]}'s hand"
            raise RecordError(f"{where}: {card} is also in {where_else}")
        seen[card] = what
        out.append(card)
    return out


def _short(text: str) -> str:
    """``text``, or its start and "…" when longer than any value a record may hold: handed to a
    reader elsewhere (a card, a variant's name) that repeats what it refuses."""
    return text if len(text) <= _QUOTED else text[:_QUOTED] + "…"


def _card(code: str, where: str) -> Card:
    card = _BY_CODE.get(code)           # the form the engine writes, looked up at once
    if card is not None:
        return card
    try:
        return Card.parse(_short(code))
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None


_BY_CODE = {card.code: card for card in CARDS}


def _card_or_hidden(text: str) -> bool:
    text = text.strip()
    if text == HIDDEN:
        return True
    try:
        Card.parse(_short(text))
        return True
    except ValueError:
        return False


def _entries(rest: str, number: int, players: int) -> list:
    """``'1: KC  2: 3S'`` -> [(1, 'KC'), (2, '3S')]."""
    parts = _ENTRY.split(rest)
    if parts[0].strip():
        raise RecordError(f"line {number}: expected 'seat: action' entries; {_quoted(parts[0].strip())} has no seat")
    out = []
    for k in range(1, len(parts), 2):
        digits, action = parts[k], " ".join(parts[k + 1].split())
        if len(digits) > 2 or int(digits) >= players:
            raise RecordError(f"line {number}: seat {_shown(digits)} does not exist with {players} players "
                              f"(seats 0 to {players - 1})")
        seat = int(digits)
        if not action:
            raise RecordError(f"line {number}: seat {seat} has no action after the colon")
        out.append((seat, action))
    if not out:
        raise RecordError(f"line {number}: expected 'seat: action' entries after the label")
    return out


# -- replaying ----------------------------------------------------------------------------------

def _replay_deal(rec: GameRecord, record: DealRecord, upto):
    if rec.observer is not None or record.redacted:
        rec._need_full()        # says why it cannot (the whole record is not looked at otherwise)
    where = f"deal {record.number}"
    try:
        deal = Deal(rec.variant, [list(h) for h in record.hands], record.turnup, record.dealer,
                    teams=rec.teams, scores=record.scores, kitty=list(record.kitty),
                    stock=list(record.stock) or None)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None
    _apply_all(deal, record, upto, where)
    if upto is None or upto >= len(record.actions):
        _check_result(deal, record, where)
    return deal


def _apply_all(deal, record: DealRecord, upto, where: str) -> None:
    actions = record.actions if upto is None else record.actions[:upto]
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise RecordError(f"{where} has {len(record.actions)} actions; cannot stop after {upto}")
    for k, (seat, action) in enumerate(actions, start=1):
        head = f"{where}, action {k} (seat {seat}: {action})"
        if is_chance(action):
            # A chance event, not an action: the engine drew it from the stock after the discard
            # (or turned it, after fiving was agreed); a step may deal several after one action.
            history = deal.history
            last = history[k - 1] if len(history) >= k else None
            if last != (seat, action):
                raise RecordError(f"{head}: the stock gives "
                                  f"{last[1] if last and is_chance(last[1]) else 'nothing'} "
                                  f"here, not {_quoted(action)}")
            continue
        if deal.to_move is None:
            raise RecordError(f"{head}: the deal is already over")
        if deal.to_move != seat:
            raise RecordError(f"{head}: it is seat {deal.to_move}'s turn, not seat {seat}'s")
        reason = deal.explain(action)
        if reason is not None:
            raise RecordError(f"{head} is against the rules: {reason}")
        deal.apply(action)


def _check_result(deal, record: DealRecord, where: str) -> None:
    actual = result_of(deal)
    if record.result != actual:
        if record.result == "*":
            raise RecordError(f"{where}: the record says the deal is unfinished, but its play ends it: {actual}")
        raise RecordError(f"{where}: the record's [Result \"{record.result}\"] does not match its play, "
                          f"which gives \"{actual}\"")


# -- links --------------------------------------------------------------------------------------

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LINK_VERSION = "m1"
#: The largest seed a link carries: the page keeps seeds in JavaScript numbers, exact up to here.
MAX_LINK_SEED = 2**53 - 1
_LINK_NUMBER = re.compile(r"[0-9]{1,2}")
_LINK_SEED = re.compile(r"[0-9a-z]{1,11}")


def to_link(match) -> str:
    """A URL-safe code for a whole game so far (a :class:`maw_sim.Match` or a full
    :class:`GameRecord`): ``m1.<variant>.<options>.<players>.<teams>.<dealer>.<seed>.<moves>.<check>``.
    Each action is its index among the legal actions of the moment (one character, or ``-`` and
    two for large indices), deals are separated by ``_``. It names no card: the cards come from
    the seed, as in every seeded deal, and the engine turns the indices back into actions.

    A match's moves are kept from one call to the next (:class:`_MatchMoves`): the page asks for
    the link after every move, and only the actions since the last call are looked at."""
    if isinstance(match, GameRecord):
        rec = match
        rec._need_full()
        if not rec.deals:
            raise ValueError("a link needs a game with a deal dealt; this record has none")
        rec._need_first_deal("carried by a link")
        if rec.seed is None:
            raise ValueError("a link needs a seeded game (Match or Deal.random); this record has no [Seed]")
        moves = "_".join("".join(_DealMoves(None, _dealt(rec.variant, rec.players, rec.teams, record))
                                 .follow(record.actions).codes) for record in rec.deals)
        variant, players, teams, seed = rec.variant, rec.players, rec.teams, rec.seed
    else:
        if not match.deals:
            raise ValueError("a link needs a game with a deal dealt; this match has none")
        kept = _MATCH_MOVES.get(match)
        if kept is None:
            kept = _MATCH_MOVES[match] = _MatchMoves()
        moves = kept.update(match)
        variant, players, teams, seed = match.variant, match.players, _layout(match.teams), match.seed
    if seed > MAX_LINK_SEED:
        raise ValueError(f"a link carries a seed from 0 to {MAX_LINK_SEED:,}; this game's is {seed}")
    body = ".".join([_LINK_VERSION, variant.id, _options_code(variant), str(players), teams or "s",
                     str(match.deals[0].dealer), _base36(seed), moves])
    return body + "." + _check(body)


def _move_code(k: int) -> str:
    return _DIGITS[k] if k < 62 else "-" + _DIGITS[k // 62] + _DIGITS[k % 62]


class _DealMoves:
    """One deal of a match as a link writes its moves, brought up to date by :meth:`update`: a
    copy of the deal (the *shadow*) follows it action by action, so that each action's index
    among the legal actions of its moment is found once, when it is new."""
    __slots__ = ("deal", "shadow", "taken", "codes")

    def __init__(self, deal, shadow, taken: int = 0, codes=None):
        self.deal = deal            # the match's own deal, whose history is followed
        self.shadow = shadow        # a deal at the position after `taken` actions; None once finished
        self.taken = taken          # how many of the deal's actions (chance events too) are encoded
        self.codes = codes or []    # the moves so far, one code an action

    def update(self) -> str:
        if self.shadow is not None:
            history = self.deal.history
            self.follow(history[self.taken:])
            self.taken = len(history)
            if self.deal.outcome is not None:
                self.shadow, self.codes = None, ["".join(self.codes)]   # finished: it never changes
        return "".join(self.codes)

    def follow(self, actions) -> "_DealMoves":
        """Encode ``actions`` ((seat, action) pairs, in order) and play them on the shadow."""
        shadow, codes = self.shadow, self.codes
        for _, action in actions:
            if is_chance(action):
                continue           # a chance event: the seed says what was drawn or turned
            codes.append(_move_code(shadow.legal_actions().index(action)))
            shadow.apply(action)
        return self


class _MatchMoves:
    """A match's moves as a link writes them, kept between calls of :func:`to_link`: a finished
    deal's text never changes (the finished deals' texts are kept joined), and the deal in play
    adds the codes of its new actions only. Each deal is checked to be the very one encoded, so a
    match whose deals were replaced is encoded afresh from there. (It holds no reference to its
    match, which keys it weakly.)"""
    __slots__ = ("deals", "joined", "finished")

    def __init__(self, deals=()):
        self.deals = list(deals)    # a _DealMoves for each deal of the match encoded so far
        self.joined = ""            # the texts of deals[:finished], joined by "_"
        self.finished = 0

    def update(self, match) -> str:
        deals = self.deals
        for k, deal in enumerate(match.deals):
            if k < len(deals) and deals[k].deal is deal:
                continue
            del deals[k:]
            if k < self.finished:
                self.joined, self.finished = "", 0
            record = deal_record(deal, k + 1)
            deals.append(_DealMoves(deal, _dealt(match.variant, match.players, _layout(match.teams), record)))
        del deals[len(match.deals):]
        texts = [d.update() for d in deals[self.finished:]]
        done = 0
        while done < len(texts) and deals[self.finished + done].shadow is None:
            done += 1
        if done:
            self.joined = "_".join(([self.joined] if self.finished else []) + texts[:done])
            self.finished += done
        return "_".join(([self.joined] if self.finished else []) + texts[done:])


#: Each match's moves so far, for :func:`to_link` (kept only while the match is).
_MATCH_MOVES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _dealt(variant, players, teams, record):
    """A deal record's deal as dealt, before any action."""
    return _replay_deal(GameRecord(variant, players, teams, (record,)), record, 0)


def _options_code(variant) -> str:
    """The options chosen, two characters each: the option's place in the file, the value's."""
    names = list(variant.options)
    return "".join(_DIGITS[names.index(k)] + _DIGITS[variant.options[k].values.index(v)]
                   for k, v in variant.choices.items())


def _options_from_code(variant, code: str):
    names, chosen = list(variant.options), {}
    for k in range(0, len(code), 2):
        pair = code[k:k + 2]
        i, j = (_DIGITS.find(c) for c in pair) if len(pair) == 2 else (-1, -1)
        if not 0 <= i < len(names) or not 0 <= j < len(variant.options[names[i]].values):
            raise RecordError("this game link names an option its variant does not have")
        option = variant.options[names[i]]
        chosen[option.name] = option.values[j]
    return load_variant(variant, options=chosen) if chosen else variant


def _base36(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _DIGITS[r] + out
        if not n:
            return out


def _check(body: str) -> str:
    return _base36(zlib.crc32(body.encode()) % 36 ** 5).rjust(5, "0")


def replay_link(code):
    """The :class:`maw_sim.Match` a link encodes, replayed to its last action (finished deals
    settled). A damaged or edited link raises :class:`RecordError` saying what is wrong."""
    if not isinstance(code, str) or not code:
        raise RecordError("a game link is a text code starting 'm1.'")
    parts = code.strip().split(".")
    if parts[0] != _LINK_VERSION:
        raise RecordError(f"this game link is not one this site writes (it should start '{_LINK_VERSION}.')")
    if len(parts) != 9:
        raise RecordError("this game link is incomplete: part of it is missing (copy the whole link)")
    body, check = ".".join(parts[:8]), parts[8]
    if _check(body) != check:
        raise RecordError("this game link is damaged or was edited: its check does not match")
    _, vid, options, players, teams, dealer, seed, moves = parts[:8]
    if not (_LINK_NUMBER.fullmatch(players) and _LINK_NUMBER.fullmatch(dealer)):
        raise RecordError("this game link's player count or dealer is not a number this site writes")
    if _LINK_SEED.fullmatch(seed) is None or int(seed, 36) > MAX_LINK_SEED:
        raise RecordError(f"this game link's seed is not one this site writes (a whole number from 0 to "
                          f"{MAX_LINK_SEED:,}, in base 36)")
    try:
        variant = _options_from_code(load_variant(_short(vid)), options)
        match = Match(variant, int(players), int(seed, 36), teams=None if teams == "s" else teams,
                      dealer=int(dealer))
    except ValueError as exc:
        raise RecordError(f"this game link cannot be opened: {exc}") from None
    deal_moves = moves.split("_")
    encoded = []                    # what to_link will write for each deal: kept for it
    for number, text in enumerate(deal_moves, start=1):
        if match.over:
            raise RecordError(f"this game link has moves for deal {number}, after the game was over")
        deal = match.new_deal()
        codes = []
        k = move = 0
        while k < len(text):
            move += 1
            if text[k] == "-":
                digits, k = text[k + 1:k + 3], k + 3
                index = (_DIGITS.index(digits[0]) * 62 + _DIGITS.index(digits[1])
                         if len(digits) == 2 and all(d in _DIGITS for d in digits) else -1)
            else:
                index, k = _DIGITS.find(text[k]), k + 1
            legal = deal.legal_actions()
            if deal.to_move is None:
                raise RecordError(f"this game link has more moves in deal {number} than the deal has")
            if not 0 <= index < len(legal):
                raise RecordError(f"this game link's move {move} of deal {number} is not a legal choice there")
            deal.apply(legal[index])
            codes.append(_move_code(index))
        if deal.outcome is not None:
            match.settle(deal)
            encoded.append(_DealMoves(deal, None, len(deal.history), ["".join(codes)]))
        elif number != len(deal_moves):
            raise RecordError(f"this game link leaves deal {number} unfinished but goes on to another")
    # The finished deals' moves as to_link writes them (the deal in play is followed afresh).
    _MATCH_MOVES[match] = _MatchMoves(encoded)
    return match


def from_link(code) -> GameRecord:
    """The full record of the game a link encodes (see :func:`replay_link`)."""
    return GameRecord.of_match(replay_link(code))
