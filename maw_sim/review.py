"""Reviewing a recorded deal: step through it, from one seat or with every hand open, with the
exact solver's verdict on each legal action. The browser protocol's ``review_open`` and
``review_at`` ops (see :mod:`maw_sim.web`) and ``maw-sim replay``/``analyse`` read it.

Plain dicts in, plain dicts out (the JSON is the web layer's business)::

    r = ReviewSession()
    r.open({"text": "<a record in the notation>"})      # or {"link": "<code from a ?game= link>"}
    r.at({"step": 3, "seat": 1})                         # after 3 actions, as seat 1 knew it
    r.at({"step": 3, "open": True, "analyse": True})     # every hand, and the solver's marks

What a seat sees is built from what that seat may know: its own hand, the cards played, the
turn-up; a card put out face down is "a card". With a *redacted* record (one seat's own record,
hidden cards written ``?``) the other hands are simply unknown: the deal is stepped through a
stand-in whose hidden cards are made up (and checked by the engine to be consistent with every
recorded action), which is never shown — and there are no solver marks, since the solver needs
every hand. The solver's marks are given with the hands open only: they are worked out from every
hand, and a seat's view holds only what that seat knew.

**Who may see what.** The record given decides, never a seat the request names:

- a record's *text* shows what it holds: a full record every hand (whoever has the text has every
  card already), one seat's own record (``[Observer]``) only that seat's view;
- a *link* names no card but holds every hand (the seed deals them), so it proves nothing about
  who opens it. A link to a finished deal opens with every hand (the table offers its review only
  then). A link to a deal **still being played** opens only beside the live table playing that
  very game (``ReviewSession(table=…)``: the same ruleset, players, seed and deal, no further on
  than the table), and then only as *that table's* seat knows it; a request naming another seat
  is refused, and anywhere else (the review page, another widget) the link is refused with what
  to do instead: finish the deal, or open the record the table saves for its seat.

The log's words are :mod:`maw_sim.words`', each event as the viewing seat saw it. Seats are named
as the table named them — "You" and "Bot 2", or "Seat 2" for each person at a table passed round —
where that is known (the live table, or the record's ``[Humans "0"]`` tag), else "Seat 2".

Bad input raises :class:`ReviewError` (a ValueError) saying what is wrong; the session keeps the
record it had.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
# One statement of how the page draws a card (the Joker has no suit) and names a choice.
from .auction import TAKING_THE_KITTY
from .steps import step_named
from .narration import card_info, choice_label, trick_info
from .records import BRANCH_TAG, deal_record
from .scoring import JINK, LOSE, SPOIL, WIN, split_value
from .phase_names import PLAY
from .words import SEATS, Names, Teller, contract_held, counted, inside, outcome, side_names, table_names

#: The solver's budget for one position's marks, in positions searched: a second or two in Pyodide.
#: Early in a deal of many players the exact values need more; the reader may then ask again with
#: "patient" (no budget), or step on a card or two, where they come quickly.
NODE_LIMIT = 25_000


#: Tags the summary leaves out: every card in them is a position's business (each view shows
#: only what it may).
HIDDEN_TAGS = ("Hands", "Kitty", "Stock")

#: The bidding games: what the marks cover, in one line on the board.
BIDDING_MARKS_NOTE = ("The solver marks the cards of the play only: the bids, the trump named, the "
                      "kitty and the discards are not valued.")


class ReviewError(ValueError):
    """A review request refused: the message says what was wrong; nothing changed. ``refusal``:
    the rule that refuses an action played on (:class:`maw_sim.refusals.Refusal`), else None."""

    def __init__(self, message, refusal=None):
        super().__init__(message)
        self.refusal = refusal


def seat_name(seat: int) -> str:
    return SEATS(seat)


# -- opening a record ---------------------------------------------------------------------------

def read_record(text=None, link=None):
    """A GameRecord from notation text or a link code (exactly one); ReviewError if neither reads."""
    from .records import GameRecord, from_link
    if (text is None) == (link is None):
        raise ReviewError("give a record: either its text or a link code, not both and not neither")
    if link is not None:
        if not isinstance(link, str) or not link.strip():
            raise ReviewError("the link code is empty")
        code = link.strip()
        # A whole pasted address is fine too: take its ?game= part.
        if "game=" in code:
            from urllib.parse import parse_qs, urlsplit
            query = urlsplit(code).query or code.split("?", 1)[-1]
            code = (parse_qs(query).get("game") or [""])[0]
        try:
            return from_link(code)
        except ValueError as exc:
            raise ReviewError(f"this link does not hold a game: {exc}") from None
    if not isinstance(text, str) or not text.strip():
        raise ReviewError("the record is empty: paste a record in the Maw notation")
    try:
        return GameRecord.parse(text)
    except ValueError as exc:
        raise ReviewError(f"this record cannot be read: {exc}") from None


def _stand_in(rec):
    """A Deal for a redacted record: the hidden cards made up, every recorded action re-checked —
    the one resampler the bots' imagined deals come from too (:func:`maw_sim.resample.stand_in`,
    drawn with a fixed seed, so a review is the same every time). Nothing made up is ever shown:
    the observer's view holds only its own cards and what it saw. A record no draw can explain is
    refused with the first action that no hands make legal; so is the bidder's own record that
    hides the kitty he took (his own discards from it could not be checked)."""
    from .resample import stand_in
    d = rec.deal
    kitty_hidden = bool(d.kitty) and None in d.kitty
    if kitty_hidden and any(label in TAKING_THE_KITTY.labels and seat == rec.observer
                            for (seat, _), label in zip(d.actions, d.labels)):
        raise ReviewError(_KITTY_HIDDEN.format(seat=rec.observer))
    deal = stand_in(rec, ReviewError)
    if kitty_hidden and deal.bidder == rec.observer and deal.kitty_taken:
        raise ReviewError(_KITTY_HIDDEN.format(seat=rec.observer))
    return deal


_KITTY_HIDDEN = ("this is seat {seat}'s own record, and that seat has taken the kitty, but the record "
                 "hides the kitty's cards: open the full record, or a link to the deal")


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


# -- the session ---------------------------------------------------------------------------------

class ReviewSession:
    """One record under review, and the positions asked of it. ``table``: the live table this
    review is opened beside (a :class:`maw_sim.web.Session`, whose ``match``, ``deal``,
    ``deal_number``, ``seat`` and ``humans`` it reads), or None; see the module's docstring for
    what that table's seat may be shown."""

    def __init__(self, table=None):
        self.table = table
        self.record = None          # the deal under review (a single-deal GameRecord)
        self.match = None           # the record as opened (it may hold several deals)
        self.deal_index = 0
        self.names = SEATS          # how the seats are named (maw_sim.words.Names)
        self._cache = {}

    # -- requests ------------------------------------------------------------------------------
    def open(self, request: dict) -> dict:
        _only(request, {"text", "link", "deal", "seat", "humans", "names"}, "review_open")
        match = read_record(request.get("text"), request.get("link"))
        if request.get("humans") is not None:
            # A link from a table passed round (its "Review this deal"): the people's seats and
            # the names they gave travel with it, as the table's own link carries them.
            if request.get("link") is None:
                raise ReviewError("humans and names go with a link; a record says them in its [Humans] and [Names] tags")
            match = with_humans(match, _link_humans(request["humans"], match.players),
                                _link_names(request.get("names"), request["humans"]))
        deals = match.deals
        index = request.get("deal", len(deals))
        if isinstance(index, bool) or not isinstance(index, int) or not 1 <= index <= len(deals):
            raise ReviewError(f"deal must be a whole number from 1 to {len(deals)}; got {index!r}")
        seat = request.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < match.players):
            raise ReviewError(f"seat must be a whole number from 0 to {match.players - 1}; got {seat!r}")
        # The deal under review as a record of its own (its scores before it are in its tags).
        rec = replace(match, deals=(deals[index - 1],))
        live = self._live_table(match, rec, index)
        if request.get("link") is not None and rec.deal.result == "*":
            # A link names no card but holds every hand (the seed deals them), so it proves nothing
            # about who opens it: a deal still being played opens only beside the table playing it,
            # as that table's seat knows it — never as the seat a request names.
            if live is None:
                raise ReviewError("this link is to a deal still being played, and a link holds every hand: "
                                  "it opens only beside the table playing it, as that table's seat knows it. "
                                  "Finish the deal, or open the record the table saves for your seat")
            if seat is not None and seat != live.seat:
                raise ReviewError(f"this deal is still being played: this table may see it only as seat "
                                  f"{live.seat} knows it, not as seat {seat}")
            rec = rec.for_seat(live.seat)
        names = _names(match, live)
        if rec.redacted:
            _stand_in(rec)          # refuse now, not at the first step, a record that cannot be replayed
        else:
            try:
                rec.replay()
            except ValueError as exc:
                raise ReviewError(f"this record cannot be replayed: {exc}") from None
        self.match, self.record, self.deal_index = match, rec, index
        self.names = names
        self._cache = {}
        return self.summary()

    def play_on(self, request: dict) -> dict:
        """Play on from a position: ``action`` (legal there) replaces what the record did after
        ``step`` actions, and the bots (the book player) answer until the same seat is to move again
        or the deal ends. The record under review becomes that branch: the actions before ``step``
        are the record's, and its ``[Branch "step"]`` tag says where it left the record (the first
        such point, after several). A seat's record stays that seat's: it is played on from the
        board's stand-in (the other hands made up to fit what the seat saw) and only that seat's
        moves are chosen."""
        _only(request, {"step", "action"}, "review_play")
        rec = self._need()
        n = len(rec.actions)
        step = request.get("step")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            raise ReviewError(f"step must be a whole number from 0 to {n} (the actions in this deal); got {step!r}")
        action = request.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ReviewError(f"action must be a legal action in words, such as \"5H\" or \"pass\"; got {action!r}")
        deal = deal_at(rec, step, self._cache)
        if deal.phase == "over":
            raise ReviewError("the deal is over at this step: step back to play on")
        mover = deal.to_move
        if rec.redacted and mover != rec.observer:
            raise ReviewError(f"this is {self.names.possessive(rec.observer)} record: play on from a step "
                              f"where {self.names.object(rec.observer)} {'are' if rec.observer == self.names.you else 'is'} to move")
        from .bots import get_bot
        from .deal import IllegalAction
        try:
            deal.apply(action.strip())
        except IllegalAction as exc:
            raise ReviewError(str(exc), exc.refusal) from None
        bot, rng = get_bot("heuristic"), random.Random(f"maw-play-on:{step}:{action}:{n}")
        while deal.phase != "over" and deal.to_move != mover:
            deal.apply(bot(deal.view(deal.to_move), rng))
        old = rec.deal
        kept = [(name, value) for name, value in old.extra if name != BRANCH_TAG]
        branch = min([step] + [int(v) for name, v in old.extra if name == BRANCH_TAG and v.isdigit()])
        record = replace(deal_record(deal, old.number), extra=tuple(kept) + ((BRANCH_TAG, str(branch)),))
        played = replace(rec, deals=(record,), observer=None)
        if rec.redacted:
            played = played.for_seat(rec.observer)
        self.record, self._cache = played, {}
        return self.summary()

    def _live_table(self, match, rec, index):
        """The live table this review is opened beside, when the deal under review is that table's
        own game (the same ruleset, players, seed and deal, no further on than the table): else None."""
        table = self.table
        deal = getattr(table, "deal", None)
        if deal is None or table.match is None:
            return None
        game = table.match
        if (game.variant.id, dict(game.variant.choices), game.players, game.seed) != \
                (match.variant.id, dict(match.variant.choices), match.players, match.seed):
            return None
        if index != table.deal_number or rec.deal.dealer != deal.dealer:
            return None
        history = deal.history
        actions = list(rec.actions)
        if history[:len(actions)] != actions:
            return None
        return table

    def summary(self) -> dict:
        rec = self.record
        v = rec.variant
        observer = rec.observer
        return {"variant": {"id": v.id, "name": v.name}, "players": rec.players, "dealer": rec.dealer,
                "steps": len(rec.actions), "redacted": bool(rec.redacted), "observer": observer,
                "deal": self.deal_index, "deals": len(self.match.deals),
                # Each seat as the board names it ("You", "Bot 2" where the table is known).
                "names": [self.names(s) for s in range(rec.players)],
                "dealer_says": self.names.says(rec.dealer, "deal"),      # "You deal", "Bot 2 deals"
                # Played on from a step (op review_play): where, and the record as it now stands.
                "branch": next((int(v) for name, v in rec.deal.extra if name == BRANCH_TAG), None),
                "text": rec.text() if any(name == BRANCH_TAG for name, _ in rec.deal.extra) else None,
                # The hands are the positions' business: each view shows only what it may.
                # (and the kitty and the stock, which only the open view or their owner may see).
                "tags": {str(k): str(val) for k, val in dict(rec.tags).items() if k not in HIDDEN_TAGS},
                "turnup": card_info(rec.turnup) if rec.turnup is not None else None,
                "bidding": v.bidding,
                # The solver values the play only: said once, on the board.
                "marks_note": BIDDING_MARKS_NOTE if v.bidding else None,
                "solver": not rec.redacted,
                # An unfinished record (an exercise, a deal in progress) opens where it stops.
                "finished": rec.result != "*",
                "note": (f"This is seat {observer}'s own record: the other hands are hidden, so the "
                         "solver cannot value the cards." if rec.redacted and rec.result != "*" else
                         f"This deal is still being played: it is shown as seat {observer} knows it, "
                         "without the solver's marks (finish it, then review it with every hand)."
                         if rec.redacted else None)}

    def at(self, request: dict) -> dict:
        """The position after ``step`` actions, seen from ``seat`` or with every hand ``open``."""
        _only(request, {"step", "seat", "open", "analyse", "patient"}, "review_at")
        rec = self._need()
        n = len(rec.actions)
        step = request.get("step", 0)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            raise ReviewError(f"step must be a whole number from 0 to {n} (the actions in this "
                              f"deal); got {step!r}")
        open_hands = request.get("open", False)
        if not isinstance(open_hands, bool):
            raise ReviewError("open must be true or false")
        seat = request.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < rec.players):
            raise ReviewError(f"seat must be a whole number from 0 to {rec.players - 1}, or null "
                              f"with open hands; got {seat!r}")
        if rec.redacted:
            observer = rec.observer
            if observer is None:
                raise ReviewError("this record hides cards but names no [Observer]: whose view is it?")
            if open_hands or (seat is not None and seat != observer):
                raise ReviewError(f"this record is seat {observer}'s own: only that seat's view exists")
            seat, open_hands = observer, False
        if seat is None and not open_hands:
            raise ReviewError("choose a seat to see the deal from, or open hands")
        if open_hands:
            seat = None
        analyse = request.get("analyse", False)
        patient = request.get("patient", False)
        if not isinstance(analyse, bool) or not isinstance(patient, bool):
            raise ReviewError("analyse and patient must be true or false")
        return position(rec, step, seat, analyse, self._cache, None if patient else NODE_LIMIT, self.names)

    def _need(self):
        if self.record is None:
            raise ReviewError("no record is open: send 'review_open' with a record's text or link first")
        return self.record


#: The game tag naming the seats people played (the others were bots): ``[Humans "0"]``.
HUMANS_TAG = "Humans"


def with_humans(rec, humans, names=None):
    """``rec`` with the seats people played written in its :data:`HUMANS_TAG` tag, and the names
    they gave them (``names``, {seat: name}) in its ``Names`` tag, so that the review board names
    them as the table did ("You", "Bot 2", "Ann")."""
    extra = tuple((k, v) for k, v in rec.extra if k != HUMANS_TAG)
    called = tuple(names.get(s) for s in range(rec.players)) if names else None
    return replace(rec, extra=extra + ((HUMANS_TAG, " ".join(map(str, sorted(humans)))),), names=called)


def _names(match, live) -> Names:
    """How the board names the seats: as the live table it is opened beside does, else as the
    record's :data:`HUMANS_TAG` and ``Names`` tags say the table did, else every seat by its number."""
    if live is not None:
        return table_names(live.seat if len(live.humans) == 1 else None, live.humans, getattr(live, "names", None))
    given = dict(match.extra).get(HUMANS_TAG)
    if given is None:
        return SEATS
    words = given.split()
    if not words or not all(w.isascii() and w.isdigit() and int(w) < match.players for w in words):
        raise ReviewError(f"[{HUMANS_TAG}]: expected the seats people played, 0 to {match.players - 1}, "
                          f"separated by spaces; got {given!r}")
    humans = {int(w) for w in words}
    called = {seat: name for seat, name in enumerate(match.names or ()) if name is not None}
    return table_names(next(iter(humans)) if len(humans) == 1 else None, humans, called)


def _link_humans(text, players: int) -> list:
    """The seats people played, as a table's link writes them ("0,2")."""
    words = text.split(",") if isinstance(text, str) else []
    if not words or not all(w.isascii() and w.isdigit() and int(w) < players for w in words):
        raise ReviewError(f"humans: expected the seats people played, 0 to {players - 1}, separated by "
                          f"commas; got {text!r}")
    return [int(w) for w in words]


def _link_names(text, humans: str) -> dict:
    """The names people gave their seats, as a table's link writes them ("Ann,Ben": one for each
    seat in ``humans``, blank for none)."""
    if text is None:
        return {}
    seats = [int(w) for w in humans.split(",")]
    names = text.split(",") if isinstance(text, str) else []
    if len(names) != len(seats) or not all(n.isprintable() and len(n) <= 20 and "|" not in n for n in names):
        raise ReviewError(f"names: expected one name of at most 20 letters for each of the seats {humans}, "
                          f"separated by commas; got {text!r}")
    return {seat: " ".join(n.split()) for seat, n in zip(seats, names) if n.strip()}


def _only(request, allowed, op):
    extra = sorted(set(request) - allowed - {"op", "id", "session"})
    if extra:
        raise ReviewError(f"unknown field {extra[0]!r} for '{op}'; allowed: {', '.join(sorted(allowed))}")


# -- one position --------------------------------------------------------------------------------

def deal_at(rec, step: int, cache=None):
    """The Deal after ``step`` actions (for a redacted record, the stand-in's)."""
    cache = {} if cache is None else cache
    key = ("deal", step)
    if key not in cache:
        if rec.redacted:
            if "stand-in" not in cache:
                cache["stand-in"] = _stand_in(rec)
            cache[key] = _rewind(cache["stand-in"], step, rec.observer)
        else:
            cache[key] = rec.replay(upto=step)
    return cache[key].copy()


def _event_index(events, step: int, observer) -> int:
    """How many of ``events`` the first ``step`` steps of ``observer``'s record cover: the record
    leaves out what that seat never saw (a holder's quiet decline to rob, which the stand-in
    takes again), so its steps count only the events seen. None: every event is a step."""
    if observer is None:
        return step
    count = 0
    for index, event in enumerate(events):
        if count == step:
            return index
        if event.seen_by(observer) is not None:
            count += 1
    return len(events)


def _rewind(full, step, observer=None):
    """The stand-in deal after ``step`` steps of the record: its own history replayed from the deal
    (the events ``observer`` never saw counted as no step)."""
    from .deal import Deal
    bidding = full.variant.bidding
    extra = {"kitty": [c.code for c in full.kitty],
             "stock": [c.code for c in full.stock] if full.variant.exchange_limit != "none" else None} \
        if bidding else {}
    deal = Deal(full.variant, [[c.code for c in hand] for hand in full.dealt],
                None if full.turnup is None else full.turnup.code,
                full.dealer, teams=_teams_arg(full), scores=full.scores, **extra)
    for event in full.events[:_event_index(full.events, step, observer)]:
        if not event.chance:            # a chance event the engine deals again
            deal.apply(event.text)
    return deal


def _teams_arg(deal):
    if deal.teams is None:
        return None
    sides = max(deal.teams) + 1
    return f"{sides}x{deal.players // sides}"


def narrate(deal, step: int, seat, names=SEATS) -> list:
    """The log of the deal's first ``step`` events as ``seat`` saw them (None: every hand open),
    in the sentences of :mod:`maw_sim.words`, each line with its step; ``deal`` is the deal after
    exactly these events (its tricks say who won each). An event the seat never saw (a holder's
    silent decline to rob) has no line."""
    teller = Teller(deal, names, seat)
    log = []
    for number, event in enumerate(deal.events[:step], start=1):
        for line in teller.tell(event):
            line["step"] = number
            log.append(line)
    return log


def _drawn_next(deal, step: int):
    """The chance event the engine has already dealt after ``step`` events (the cards drawn after
    a discard), which the record tells as the next step; else None."""
    events = deal.events
    return events[step] if step < len(events) and events[step].chance else None


def position(rec, step: int, seat, analyse: bool = False, cache=None, node_limit=None, names=SEATS) -> dict:
    """The reply for one position: seat None means every hand open (full records only).
    ``node_limit``: the solver's budget for the marks (None: no limit); ``names``: how the seats
    are named (:class:`maw_sim.words.Names`).

    A seat's board is built from that seat's view (``Deal.view(seat, detail=True)``: its own
    hand, the counts of the others, the events it saw), never by leaving cards out of the deal; the
    open board shows the deal itself, which a full record holds whole."""
    deal = deal_at(rec, step, cache)
    index = _event_index(deal.events, step, rec.observer if rec.redacted else None)
    # Every event as this seat saw it (Event.seen_by): the one door to what a seat knows.
    log = narrate(deal, index, seat, names)
    # The engine draws at once after a discard; the record tells the draw as the next step. Until
    # that step the discarder's hand is shown without the cards still to be drawn.
    drawn = _drawn_next(deal, index)
    # The deal's end, once over, in words (told to every seat then, with whatever it reveals).
    ending = None if deal.outcome is None else outcome(deal)
    if seat is None:
        reply = _open_board(deal, drawn, names, ending)
    else:
        reply = _seat_board(deal.view(seat, detail=True), drawn, names, ending)
    reply.update({"step": step, "steps": len(rec.actions), "log": log, "decision": None,
                  # Before the play of a bidding game no card is refused: the mover calls or discards.
                  "before_play": bool(rec.variant.bidding) and reply["phase"] != PLAY,
                  "legal": [], "analysis": None, "analysis_note": None, "analysis_too_long": False})
    # Whose turn it is, as the seat could know it: a holder of the ace deciding whether to rob,
    # unseen, is to the others the table waiting for the first lead (the leader's cards to play).
    mover, players, legal = reply["to_move"], reply.pop("players"), reply.pop("open_to_mover")
    visible = seat is None or seat == mover
    if mover is None:
        return reply
    if rec.variant.bidding and reply["phase"] != "play":
        # Before the play: the calls open to the mover (a few; never another seat's cards), or
        # what a discard asks (every set of cards would be hundreds of buttons, and names the
        # mover's cards); never marked by the solver.
        reply["analysis_note"] = BIDDING_MARKS_NOTE
        bidding = reply["bidding"]
        asked = step_named(reply["phase"]).asks(names, mover, rec.variant, players, bidding["kitty"]["size"],
                                                bidding["stock"]["left"])
        if asked is not None:
            reply["decision"] = asked
        elif visible:
            reply["legal"] = [{"action": a, "card": None, "label": choice_label(a, reply["phase"])} for a in legal]
        return reply
    if not visible:
        reply["analysis_note"] = (f"{names(mover)} {'are' if mover == names.you else 'is'} to move; "
                                  f"{names.possessive(mover)} cards are hidden from {names.object(seat)}. "
                                  f"Open the hands, or view from {names.possessive(mover)} seat.")
        return reply
    legal = [{"action": a, "card": card_info(a) if _is_card(a) else None, "label": _label(a, reply["phase"])}
             for a in legal]
    reply["legal"] = legal
    if rec.redacted:
        reply["analysis_note"] = ("No solver marks: this is one seat's record, the other hands are "
                                  "hidden, and the exact solver needs every hand.")
        return reply
    if seat is not None:
        # The solver's values come from every hand: a seat's view is only what it knew then.
        reply["analysis_note"] = ("The solver's marks are worked out from every hand: open the "
                                  "hands to see them.")
        return reply
    if not analyse:
        return reply
    from .analysis import (CAVEAT, POINTS, TRICKS, VERDICTS, NotAnalysable, TooLong,
                           analyse as value_actions)
    key = ("analysis", step)
    try:
        a = cache[key] if cache is not None and key in cache else value_actions(deal, node_limit)
    except TooLong:
        reply["analysis_too_long"] = True
        reply["analysis_note"] = ("This early in a deal of this size, working out every card exactly "
                                  "takes a while: ask for it anyway, or step on a card or two.")
        return reply
    except NotAnalysable as exc:
        reply["analysis_note"] = f"No solver marks here: {exc}."
        return reply
    if cache is not None:
        cache[key] = a
    for entry in legal:
        x = a[entry["action"]]
        entry.update({"value": x.value, "words": x.words, "verdict": x.verdict, "cost": x.cost,
                      "text": x.text, "tricks": x.tricks, "number": _number(a.kind, x)})
    reply["analysis"] = {"seat": a.seat, "best_words": a.best_words, "caveat": CAVEAT,
                         "sentence": f"{names(mover)} to move. The best {'your' if seat == mover else 'that'} side can "
                                     f"make sure of, against every other seat: {a.best_words}.",
                         "legend": _legend(a, names, mover),
                         "best": list(a.best_actions), "kind": a.kind,
                         # The marks this kind of game can show, for the page's legend.
                         "verdicts": [v for v in VERDICTS if v != (POINTS if a.kind == "pool" else TRICKS)]}
    return reply


def _trump(suit) -> dict | None:
    return None if suit is None else {"suit": suit, "symbol": SUIT_SYMBOLS[suit], "name": SUIT_NAMES[suit],
                                      "red": suit in "DH"}


def _open_board(deal, drawn, names, ending) -> dict:
    """Every hand open: the deal itself (a full record, which holds every card)."""
    to_draw = {drawn.seat: {c.code for c in drawn.cards}} if drawn is not None else {}
    seats = []
    for s in range(deal.players):
        cards = [c for c in deal.hand(s) if c.code not in to_draw.get(s, ())]
        seats.append({"seat": s, "name": names(s), "dealer": s == deal.dealer, "to_move": s == deal.to_move,
                      "tricks": deal.tricks_won[s], "count": len(cards), "you": False,
                      "info": counted(deal.tricks_won[s], "trick"), "hidden": None,
                      "cards": [card_info(c) for c in cards]})
    return {"seat": None, "open": True, "players": deal.players, "phase": deal.phase, "to_move": deal.to_move,
            "dealer": deal.dealer,
            # The bidding games: no trump until the bidder names it, and never a turn-up.
            "trump": _trump(deal.trump), "turnup": None if deal.turnup is None else card_info(deal.turnup),
            "robbed_by": deal.robbed[0] if deal.robbed else None,
            "bidding": _open_bidding(deal, drawn, names) if deal.variant.bidding else None,
            "seats": seats, "trick": trick_info(deal), "open_to_mover": deal.legal_actions(),
            "outcome": None if deal.outcome is None else {"text": ending, "winner": deal.outcome.winner}}


def _seat_board(view, drawn, names, ending) -> dict:
    """One seat's board, from its view: its own hand, the others' counts, whose turn as it knows
    it, and the choices only where they are that seat's own."""
    detail, seat = view.detail, view.seat
    # The draw the record tells at the next step: the drawer's hand without it, the others' counts.
    drawn = None if drawn is None else drawn.seen_by(seat)
    counts = list(detail.hand_sizes)
    mine = list(view.hand)
    if drawn is not None:
        counts[drawn.seat] -= len(drawn.cards)
        if drawn.seat == seat:
            mine = [c for c in mine if c not in drawn.cards]
    seats = [{"seat": s, "name": names(s), "dealer": s == view.dealer, "to_move": s == view.to_move,
              "tricks": view.tricks_won[s], "count": counts[s], "you": s == seat,
              "info": counted(view.tricks_won[s], "trick"),
              "hidden": None if s == seat else f"{counted(counts[s], 'card')}, hidden",
              # Another seat's cards, in a seat's view, are only counted.
              "cards": [card_info(c) for c in mine] if s == seat else None}
             for s in range(view.players)]
    over = detail.outcome
    return {"seat": seat, "open": False, "players": view.players, "phase": view.phase, "to_move": view.to_move,
            "dealer": view.dealer,
            "trump": _trump(view.trump), "turnup": None if view.turnup is None else card_info(view.turnup),
            "robbed_by": view.robbed_by,
            "bidding": _seat_bidding(view, drawn, names) if view.variant.bidding else None,
            "seats": seats, "trick": trick_info(view), "open_to_mover": view.legal,
            "outcome": None if over is None else {"text": ending, "winner": over.winner}}


#: A result too short for a number (a pool game after a jink is offered), on a card's badge.
_RESULT_SHORT = {LOSE: "loses", SPOIL: "spoils", WIN: "wins", JINK: "jinks"}


def _number(kind: str, x) -> str:
    """What a card keeps, as a player reads it on the card: the tricks its side can still make
    sure of (the pool games), or the deal's points it ends with (the points games)."""
    if kind == "pool":
        return str(x.tricks) if x.tricks is not None else _RESULT_SHORT[x.value]
    return str(split_value(x.value)[0])


def _legend(a, names, mover: int) -> str:
    """The numbers on the cards, in one plain sentence."""
    who = names.possessive(mover)
    if a.kind == "pool":
        kept = f"the tricks {who} side can still make sure of"
    else:
        kept = f"the points of this deal {who} side ends with"
    return (f"The number on each card is {kept} after playing "
            f"it, with every hand open and played as well as it can be; ✓ marks the best.")


def _contract_info(c, words) -> dict | None:
    if c is None:
        return None
    return {"bidder": c.bidder, "side": c.side, "call": c.call, "bid": c.bid, "held": c.held,
            "made_value": c.made_value, "failed_value": c.failed_value, "text": words}


def _open_bidding(deal, drawn, names) -> dict:
    """The bidding game's part of the open board: every card, the kitty's and the stock's too."""
    c = deal.contract
    taken = bool(deal.kitty_size) and bool(deal.kitty_taken)
    put_out = None
    if deal.kitty_size and c is not None:
        cards = TAKING_THE_KITTY.put_out(deal.events, c.bidder)
        put_out = None if cards is None else [card_info(card) for card in cards]
    # The undealt cards matter only where players draw from them.
    exchange = deal.variant.exchange_limit != "none"
    stock = deal.stock if exchange else ()
    left = (deal.stock_left + (len(drawn.cards) if drawn is not None else 0)) if exchange else 0
    return _bidding_reply(deal, deal.auction, _contract_info(c, c and contract_held(deal, c, names)),
                          {"size": deal.kitty_size, "taken": taken,
                           "cards": [card_info(x) for x in deal.kitty] if deal.kitty_size else None,
                           "put_out": put_out},
                          {"left": left, "cards": [card_info(x) for x in stock[len(stock) - left:]] if stock else None},
                          deal.exchanged, deal.outcome, deal.scores, names)


def _seat_bidding(view, drawn, names) -> dict:
    """The bidding game's part of a seat's board, from its view: the auction (public), the
    contract, the kitty (its cards only to the bidder who took it), the stock's size, who
    exchanged how many, and at the end the score sheet's line."""
    c, detail = view.contract, view.detail
    taken = bool(view.kitty_size) and detail.kitty_taken
    put_out = None
    if detail.kitty is not None and c is not None:
        cards = TAKING_THE_KITTY.put_out(view.events, c.bidder)
        put_out = None if cards is None else [card_info(card) for card in cards]
    exchange = view.variant.exchange_limit != "none"
    left = (view.stock_left + (len(drawn.cards) if drawn is not None else 0)) if exchange else 0
    return _bidding_reply(view, view.auction, _contract_info(c, c and contract_held(view, c, names)),
                          {"size": view.kitty_size, "taken": taken,
                           "cards": None if detail.kitty is None else [card_info(x) for x in detail.kitty],
                           "put_out": put_out},
                          {"left": left, "cards": None}, view.exchanged, detail.outcome,
                          view.scores, names)


def _bidding_reply(table, auction, contract, kitty, stock, exchanged, o, scores, names) -> dict:
    """The bidding part of a position; ``table``: the deal or a seat's view (its rules, seats
    and layout, which every seat knows)."""
    reply = {
        "auction": [{"seat": who, "action": action, "label": choice_label(action, "bid")} for who, action in auction],
        "contract": contract, "kitty": kitty, "stock": {**stock, "words": f"Stock: {counted(stock['left'], 'card')} left"},
        "exchanged": [{"seat": who, "count": k} for who, k in exchanged],
        "score": None,
    }
    if o is not None and o.points is not None:
        c = table.contract
        before = list(scores)
        after = [b + p for b, p in zip(before, o.points)]
        sides = len(before)
        sheet = side_names(names, table.teams, table.players)
        if c is None:
            verdict = "Thrown in: nobody bid, nothing is scored."
        else:
            verdict = (f"{names(c.bidder)} bid {c.call}"
                       + ("" if table.teams is None else f" for {inside(sheet[c.side])}")
                       + (": made." if o.contract_made else ": failed, and the bid is lost."))
        line = "; ".join(f"{sheet[x]} {before[x]} {'+' if o.points[x] >= 0 else '-'} {abs(o.points[x])} = {after[x]}"
                         for x in range(sides))
        reply["score"] = {"before": before, "points": list(o.points), "after": after,
                          "made": o.contract_made, "names": sheet, "verdict": verdict,
                          "text": f"{verdict} The score sheet: {line}."
                          + (f" {sheet[o.game_won_by]} wins the game." if o.game_won_by is not None else "")}
    return reply


def _label(action: str, phase: str) -> str:
    """A legal action as its button says it: a card by its symbol, a decision by its step."""
    return Card.parse(action).symbol if _is_card(action) else choice_label(action, phase)


# -- the browser protocol's ops (maw_sim.web dispatches them here) ----------------------------------

OPS = ("review_open", "review_at", "review_play")


def dispatch(review: ReviewSession, request: dict) -> dict:
    """``review_open`` -> ``{"review": summary}``; ``review_at`` -> ``{"position": …}``;
    ``review_play`` -> ``{"review": summary}`` (the record played on, see
    :meth:`ReviewSession.play_on`)."""
    op = request.get("op")
    if op == "review_open":
        return {"review": review.open(request)}
    if op == "review_at":
        return {"position": review.at(request)}
    if op == "review_play":
        return {"review": review.play_on(request)}
    raise ReviewError(f"unknown review op {op!r}; ops: {', '.join(OPS)}")
