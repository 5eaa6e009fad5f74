"""The browser bridge: a small JSON protocol between the play page and the engine.

The page's Web Worker runs this module in Pyodide and calls :func:`handle` with one JSON request
and gets one JSON reply. Python owns the rules and the words: the page only draws what the state
says and animates the events. Standard library only (it runs in Pyodide).

The jobs are split: this module checks requests and runs each table (a :class:`Session`: the
match, the bots and your seat); :mod:`maw_sim.narration` says what happened in words for your
seat; :mod:`maw_sim.seat_state` builds the table as your seat sees it.

Requests (``op`` says which)::

    {"op": "variants"}                              the variants, their player ranges, the bot levels
    {"op": "studies"}                               the studies a page can run (maw_sim.studies.browser)
    {"op": "new", "variant": "spoil-five", "players": 5, "seed": 7, "seat": 0, "bot": "heuristic",
     "teams": null, "lenient": false}               a new match and its first deal ("teams": "2x2"
                                                    for partners, where the variant has them)
    {"op": "act", "action": "5H"}                   your move ("5H", "rob 7C", "pass", "jink", "claim";
                                                    in the bidding games "bid 20", "hold", "trump H",
                                                    "discard 7C 9D" in any order, "discard none")
    {"op": "next"}                                  the next deal of the match (pool or points kept)
    {"op": "next_game"}                             when a game is over, the next one: same rules,
                                                    players and sides, the session's tally of games kept
    {"op": "explain", "action": "5H"}               why a move is illegal (null when it is legal), with
                                                    the rule's id, section and sources
    {"op": "state"}                                 the state again
    {"op": "hint"}                                  for your turn: what the strongest bot expects of
                                                    each choice, from your seat's view alone
    {"op": "review_open", "text": "% MAW 1 …"}      open a record to review (or "link": a ?game= code;
                                                    "deal": which deal of a match); see maw_sim.review
    {"op": "review_at", "step": 3, "seat": 1}       the position after 3 actions as seat 1 knew it
                                                    ("open": true for every hand, "analyse": true
                                                    for the solver's marks, hands open only)
    {"op": "review_play", "step": 3, "action": "5H"} play on from there: the bots answer, the record branches
    {"op": "record"}                                the game record (maw_sim.records): the deal and the
                                                    whole game as your seat knows them; the full
                                                    record (every hand) once the deal is over
    {"op": "new", ..., "game": "m1.…"}              restore a game from a link code (state.link.game)
    {"op": "new", ..., "options": "kitty=3,hold=ends", "preset": "tignish"}
                                                    house rules: the variant's options (as {name: value}
                                                    or as a link writes them) and/or a named preset
    {"op": "new", ..., "teams": "singles"}          each for himself where the variant's file names a
                                                    default partnership layout (no "teams": that layout)
    {"op": "new", ..., "humans": [0, 2]}            pass-and-play: several people at one device ("0,2"
                                                    from a link); bots play the other seats, and each
                                                    state is built for the human seat to move

Every request may carry ``"table": "<id>"``: each id has its own session, so one worker serves every
widget on a page (a play table, a review board, an experiment).

Replies are ``{"ok": true, "state": {...}, "events": [...], "warnings": [...]}`` or
``{"ok": false, "error": "<what was wrong, and what is allowed>", "rule": …, "section": …,
"sources": [...]}``; a refused request changes nothing. Where a rule refuses it (a card that must
follow suit, a bid too low, another seat's turn) ``rule`` is the rule's id
(:data:`maw_sim.refusals.RULES`, e.g. ``"following.follow-or-trump"``), ``section`` the ruleset's
setting it rests on and ``sources`` that setting's sources (keys of ``conf/sources.toml``);
otherwise ``rule`` and ``section`` are null. ``explain`` answers the same way: ``{"reason": words or
null, "rule": …, "section": …, "sources": [...]}``. A field an op does not read is refused by name (:data:`FIELDS` lists each op's), as is
JSON nested past :data:`MAX_DEPTH` levels or longer than :data:`MAX_REQUEST` characters; numbers
are JSON numbers or text of ASCII digits. ``lenient`` (true or false; for links typed or shared by
people) replaces each bad parameter by a default and says so in ``warnings`` instead of refusing.

Which tables a game may be set to is the engine's one check of a table
(:meth:`maw_sim.variants.Variant.check_table`): the state's ``variant.table`` lists the player
counts and partnership layouts the chosen house rules deal for, and for each option value and
preset the counts it would allow, so the page offers nothing the engine refuses.

The state is the table **as your seat sees it**: never another seat's cards. It is built from that
seat's view alone (:func:`maw_sim.seat_state.table_state`) and its shape is declared
(:class:`maw_sim.page_state.PageState`). Events are what happened since your last move, in order,
each with a sentence for the log: the bots' plays, the tricks won, robbing and jinking, the end of
the deal. Every event is told as your seat saw it (:meth:`maw_sim.events.Event.seen_by`): a bot's
card put out face down in robbing is ``"rob ?"``, never named.
"""

from __future__ import annotations

import json
import random
import re

from .deal import IllegalAction
from .inputs import json_depth, shown, whole_number
from .match import MAX_SEED  # noqa: F401  (seeds travel in links and through JavaScript numbers)
from .narration import Narrator, PassNarrator, card_info, seat_name  # noqa: F401  (card_info: the page's card, for tests)
from .records import MEDIA_TYPE, SUFFIX, GameRecord, RecordError, replay_link
from .refusals import Refusal, refuse
from .variants import TableError, load_variant, variant_ids

DEFAULT_VARIANT = "spoil-five"
DEFAULT_BOT = "heuristic"
#: A guard against a bot or engine bug looping forever inside one request.
MAX_BOT_MOVES = 500
#: The longest request read (a record pasted for review is the largest thing sent: 1 MB and some).
MAX_REQUEST = 2_000_000
#: The deepest nesting read: a request is an object of values, lists and an object of options.
MAX_DEPTH = 8
#: The longest action read: the longest legal one ("discard 10C 10D 10H 10S 10C"…) is far shorter.
MAX_ACTION = 200


class RequestError(ValueError):
    """A request the bridge refuses: the message says what was wrong and what is allowed;
    ``refusal`` (a :class:`maw_sim.refusals.Refusal`, or None) the rule that refuses it."""

    def __init__(self, message, refusal: Refusal | None = None):
        super().__init__(message)
        self.refusal = refusal


def refusal_reply(refusal: Refusal | None) -> dict:
    """A refusal's rule for a reply: its id, the ruleset's setting it rests on and that setting's
    sources (all null or empty where no rule refuses, only the request's form)."""
    if refusal is None:
        return {"rule": None, "section": None, "sources": []}
    return {"rule": refusal.rule, "section": refusal.section, "sources": list(refusal.sources)}


# -- words and small dicts for the page ---------------------------------------------------------

def bot_names() -> list:
    from . import bots  # imported late: a stronger bot may pull in more of the engine
    return list(bots.bot_names())


# -- validating what the page (or a link) asks for ------------------------------------------------

def _check_variant(value):
    if not isinstance(value, str):
        raise RequestError(f"variant must be a variant id; known variants: {', '.join(variant_ids())}; "
                           f"got {shown(value)}")
    try:
        return load_variant(value)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _check_int(value, what: str, low: int, high: int) -> int:
    # Links give text, the page numbers: ASCII digits only, bools and floats like 2.5 refused.
    try:
        return whole_number(value, what, low, high)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _check_bool(value, what: str) -> bool:
    # JSON's true or false: the text "false" is not false (and would be true to bool()).
    if not isinstance(value, bool):
        raise RequestError(f"{what} must be true or false; got {shown(value)}")
    return value


def _check_name(value, what: str) -> str:
    # A name the engine looks up (a bot, an experiment): text, short; the lookup says which exist.
    if not isinstance(value, str) or not 0 < len(value) <= 64:
        raise RequestError(f"{what} must be a name (text of 1 to 64 characters); got {shown(value)}")
    return value


def _check_players(value, variant) -> int:
    """The number of players, as the one check of a table allows it (maw_sim.variants.Variant.check_table)."""
    if isinstance(value, str):
        try:
            value = whole_number(value, "players", 0, 99)
        except ValueError:
            pass              # not a number: check_table says what is allowed
    try:
        return variant.check_table(value, None).players
    except TableError as exc:
        raise RequestError(str(exc)) from None


def _check_teams(value, variant, players: int):
    """The partnership layout such as "2x2" that fits the player count, or None (each for himself,
    asked for as "singles"). Not given: the variant's default layout at this count
    (``[players] default_teams``), else each for himself."""
    if value in (None, ""):
        return variant.default_teams(players)
    try:
        return variant.check_table(players, value).teams
    except TableError as exc:
        raise RequestError(str(exc)) from None


def _check_options(variant, options, preset):
    """The variant with its house rules chosen: ``options`` as {name: value} or as the link writes
    them ("name=value name=value"), ``preset`` by name."""
    if isinstance(options, str):
        pairs = [p.partition("=") for p in options.replace(",", " ").split()]
        if any(not sep for _, sep, _ in pairs):
            raise RequestError(f"options are written name=value; got {shown(options)}")
        options = {k: v for k, _, v in pairs}
    if options is not None and not isinstance(options, dict):
        raise RequestError(f"options must be an object {{name: value}} or text 'name=value'; got {shown(options)}")
    try:
        return load_variant(variant, options=options or None, preset=None if preset in (None, "") else preset)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _check_humans(value, players: int, seat: int) -> frozenset:
    """The seats people play at this device: a list of seats or text "0,2"; by default ``seat``."""
    if value in (None, "", []):
        return frozenset({seat})
    if isinstance(value, str):
        value = [part for part in value.replace(" ", ",").split(",") if part]
    if not isinstance(value, list) or not value:
        raise RequestError(f"humans must be a list of seats, such as [0, 2] or \"0,2\"; got {shown(value)}")
    return frozenset(_check_int(part, "each human seat", 0, players - 1) for part in value)


#: The longest name a person may give a seat at a shared device: it must fit the seat's label.
MAX_NAME = 20
#: Names that would be mistaken for the table's own: "You", "Bot 3", "Seat 2".
_TABLE_WORDS = re.compile(r"(you|bot \d+|seat \d+)", re.IGNORECASE)


def _check_names(value, humans: frozenset) -> dict:
    """The names of the people at a shared device, one for each of their seats in order (a list,
    or text "Ann,Bob"); none given, or a blank one, leaves "Seat N". Returns {seat: name}."""
    if value in (None, "", []):
        return {}
    seats = sorted(humans)
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list) or len(value) != len(seats) or not all(isinstance(v, str) for v in value):
        raise RequestError(f"names must give one name for each person's seat ({', '.join(map(str, seats))}), "
                           f"as a list or as text such as \"Ann,Bob\"; got {shown(value)}")
    names = {}
    for seat, given in zip(seats, value):
        name = " ".join(given.split())
        if not name:
            continue
        if len(name) > MAX_NAME or not name.isprintable() or "," in name or "|" in name or name == "-":
            raise RequestError(f"the name for seat {seat} must be at most {MAX_NAME} letters, without "
                               f"commas or '|'; got {shown(given)}")
        if _TABLE_WORDS.fullmatch(name):
            raise RequestError(f"the name for seat {seat} would be mistaken for the table's own "
                               f"(You, Bot N, Seat N); got {shown(given)}")
        if name.casefold() in (n.casefold() for n in names.values()):
            raise RequestError(f"two people named {shown(name)}: give each seat its own name")
        names[seat] = name
    return names


def _check_bot(value) -> str:
    names = bot_names()
    if value not in names:
        raise RequestError(f"unknown bot level {shown(value)}; bot levels: {', '.join(names)}")
    return value


# -- one game at the table -----------------------------------------------------------------------

class Session:
    """One reader's table: a match against bots, seen from one seat."""

    def __init__(self):
        self.match = None
        self.deal = None
        self.variant = None
        self.players = 0
        self.seed = 0
        self.seat = 0              # whose view the state is: in pass-and-play, the human to move
        self.humans = frozenset({0})
        self.names = {}            # the people's own names at a shared device: {seat: name}
        self.bot_name = DEFAULT_BOT
        self.bot = None
        self.deal_number = 0
        self.log_settled = False
        self.teams = None
        self.narrator = None       # the words for your seat (maw_sim.narration)
        self.study = None          # a study run in steps (op "study"), beside the game
        self.review = None         # a record under review (ops review_open, review_at), beside the game
        self.games = []            # the games finished before this one in the session: the tally

    # -- requests ----------------------------------------------------------------------------------
    def new(self, variant=DEFAULT_VARIANT, players=None, seed=None, seat=0, bot=DEFAULT_BOT,
            lenient=False, default_variant=DEFAULT_VARIANT, default_seed=1, teams=None, game=None,
            options=None, preset=None, humans=None, names=None):
        """Start a match; returns (events, warnings). Strict: a bad parameter raises RequestError
        and the session is unchanged. Lenient: each bad parameter falls back to a default.
        ``game``: a link code (:func:`maw_sim.records.to_link`) restoring a game at its position;
        it overrides variant, players, seed and teams. A bad one is refused (strict) or reported,
        and a fresh deal started from the other parameters (lenient)."""
        warnings = []
        # The fallbacks are the page's own, checked even when unused: a bad one is refused, never kept.
        fallback_variant = _check_variant(default_variant)
        fallback_seed = _check_int(default_seed, "default_seed", 0, MAX_SEED)
        if game not in (None, ""):
            try:
                return self._restore(game, seat, bot, humans, names), warnings
            except RequestError as exc:
                if not lenient:
                    raise
                warnings.append(f"{exc} — starting a fresh deal instead.")

        def checked(check, fallback, *args, instead=None):
            try:
                return check(*args)
            except RequestError as exc:
                if not lenient:
                    raise
                value = fallback()
                used = instead or (value.id if hasattr(value, "id") else "each for himself" if value is None
                                   else value)
                warnings.append(f"{exc} — using {used} instead.")
                return value

        v = checked(_check_variant, lambda: fallback_variant, variant)
        if options not in (None, "", {}) or preset not in (None, ""):
            # A bad option or preset: the game is played by the file's own rules, and says so.
            v = checked(_check_options, lambda: v, v, options, preset, instead=f"the rules of {v.name} as the "
                        "file gives them (no house rules)")
        n = checked(_check_players, lambda: v.default_players,
                    v.default_players if players is None else players, v)
        s = checked(_check_int, lambda: fallback_seed,
                    random.randrange(MAX_SEED) if seed is None else seed, "seed", 0, MAX_SEED)
        me = checked(_check_int, lambda: 0, seat, "seat", 0, n - 1)
        b = checked(_check_bot, lambda: DEFAULT_BOT, bot)
        t = checked(_check_teams, lambda: v.default_teams(n), teams, v, n)
        people = checked(_check_humans, lambda: frozenset({me}), humans, n, me)
        called = checked(_check_names, dict, names, people, instead="Seat N for each person")

        from .bots import get_bot
        from .match import Match
        match = Match(v, n, s, teams=t)
        # Everything validated and built: only now replace the old session.
        self.match, self.variant, self.players, self.seed, self.seat = match, v, n, s, me
        self.teams = t
        self.humans, self.names = people, called
        self.bot_name, self.bot = b, get_bot(b)
        self.deal_number = 0
        self.games = []
        self.narrator = Narrator(match, me) if len(people) == 1 else PassNarrator(match, people, called)
        return self._start_deal(), warnings

    def next_game(self):
        """A new game when the last one is over, with the same rules, players, sides and bots, and
        the games won so far kept (the session's tally). Its seed is drawn from the last game's,
        so a session replays from its first link."""
        self._need_game()
        if not getattr(self.match, "over", False):
            raise RequestError("the game is not over yet: play on (a new game from the settings "
                               "starts the tally again)")
        from .match import Match
        finished = self.finished_game()
        seed = random.Random(f"maw-next-game:{self.seed}").randrange(MAX_SEED)
        match = Match(self.variant, self.players, seed, teams=self.teams)
        self.games.append(finished)
        self.match, self.seed, self.deal_number = match, seed, 0
        narrator = self.narrator
        self.narrator = (Narrator(match, narrator.seat) if type(narrator) is Narrator
                         else PassNarrator(match, self.humans, self.names))
        return self._start_deal()

    def finished_game(self) -> dict | None:
        """The game in progress as a line of the tally, once it is over: who won, the final scores."""
        match = self.match
        if not getattr(match, "over", False):
            return None
        return {"winner": match.game_won_by, "scores": list(match.scores), "deals": len(match.results),
                "seed": self.seed}

    def _restore(self, code, seat, bot, humans=None, names=None):
        if not isinstance(code, str):
            raise RequestError("game must be a link code (text starting 'm1.')")
        try:
            match = replay_link(code)
        except RecordError as exc:
            raise RequestError(str(exc)) from None
        me = _check_int(seat, "seat", 0, match.players - 1)
        people = _check_humans(humans, match.players, me)
        called = _check_names(names, people)
        b = _check_bot(bot)
        from .bots import get_bot
        self.match, self.variant, self.players, self.seed, self.seat = (
            match, match.variant, match.players, match.seed, me)
        self.humans, self.names = people, called
        self.teams = None if match.teams is None else f"{match.sides}x{match.players // match.sides}"
        self.bot_name, self.bot = b, get_bot(b)
        self.deal = match.deals[-1]
        self.deal_number = len(match.deals)
        self.games = []
        self.log_settled = self.deal.outcome is not None      # replay_link settled a finished deal
        self.narrator = Narrator(match, me) if len(people) == 1 else PassNarrator(match, people, called)
        return [self.narrator.deal_restored(self.deal, self.deal_number)] + self._bots_move()

    def bot_rng(self):
        """The bots' dice for the decision at hand: seeded by the game's seed, the deal and the
        move, so a restored game goes on exactly as the original would have."""
        return random.Random(f"maw-bots:{self.seed}:{self.deal_number}:{len(self.deal.history)}")

    def record(self) -> dict:
        """The records for download or review: as your seat knows them while the deal is in
        progress, the full record (every hand) once it is over."""
        self._need_game()
        over = self.deal.outcome is not None
        # Which seats people played, so the review board names them as this table does.
        from .review import with_humans
        deal_record = with_humans(GameRecord.of_deal(self.deal, self.deal_number), self.humans, self.names)
        game_record = with_humans(GameRecord.of_match(self.match), self.humans, self.names)
        if not over:
            deal_record, game_record = deal_record.for_seat(self.seat), game_record.for_seat(self.seat)
        name = f"{self.variant.id}-seed{self.seed}-deal{self.deal_number}"
        return {"deal": deal_record.text(), "game": game_record.text(), "complete": over,
                "filename": name + SUFFIX, "media_type": MEDIA_TYPE}

    def next_deal(self):
        self._need_game()
        if self.deal.phase != "over":
            raise RequestError("the deal is not over yet: play it out first")
        if getattr(self.match, "over", False):
            raise RequestError("the game is over: start the next game ('next_game') or a new one")
        return self._start_deal()

    def act(self, action):
        self._need_game()
        action = _check_action(action)
        deal = self.deal
        if deal.phase == "over":
            raise RequestError("the deal is over: ask for the next deal", self._not_now())
        if deal.to_move not in self.humans:
            raise RequestError(f"it is {self.narrator.name(deal.to_move)}'s turn, not yours", self._not_now())
        seat = deal.to_move
        try:
            # The engine checks the move once, as it takes it; a refused move changes nothing.
            events = self._apply(seat, action)
        except IllegalAction as exc:
            raise RequestError(str(exc), exc.refusal) from None
        self.seat = seat
        events += self._bots_move()
        return events

    def hint(self) -> dict:
        """The learner's hint for the seat to move (:func:`maw_sim.hint.hint`), from its view alone."""
        self._need_game()
        deal = self.deal
        if deal.phase == "over":
            raise RequestError("the deal is over: there is nothing to choose")
        if deal.to_move not in self.humans:
            raise RequestError(f"it is {self.narrator.name(deal.to_move)}'s turn, not yours: a hint is for your turn")
        from .hint import hint         # imported late: the search is needed only when asked
        return hint(deal.view(deal.to_move))

    def explain(self, action) -> str | None:
        """Why ``action`` is refused now, in words (None when it is legal)."""
        refusal = self.refusal(action)
        return None if refusal is None else refusal.words

    def refusal(self, action) -> Refusal | None:
        """Why ``action`` is refused now (:class:`maw_sim.refusals.Refusal`: the rule's id, its
        sources and the words), or None when it is legal."""
        self._need_game()
        action = _check_action(action)
        if self.deal.phase == "over" or self.deal.to_move not in self.humans:
            return self._not_now()
        return self.deal.refusal(action)

    def _not_now(self) -> Refusal:
        """No move of yours is open: the deal is over, or another seat is to move."""
        deal = self.deal
        if deal.phase == "over":
            return refuse(self.variant, "over", "The deal is over.")
        return refuse(self.variant, "turn", f"It is {self.narrator.name(deal.to_move)}'s turn, not yours.")

    # -- the deal --------------------------------------------------------------------------------
    def _need_game(self):
        if self.deal is None:
            raise RequestError("no game yet: send {\"op\": \"new\"} first")

    def _start_deal(self):
        self.deal = self.match.new_deal()
        self.deal_number += 1
        self.log_settled = False
        return [self.narrator.deal_started(self.deal, self.deal_number)] + self._bots_move()

    def _bots_move(self) -> list:
        events = []
        deal = self.deal
        for _ in range(MAX_BOT_MOVES):
            if deal.phase == "over" or deal.to_move in self.humans:
                break
            seat = deal.to_move
            action = self.bot(deal.view(seat), self.bot_rng())
            events += self._apply(seat, action)
        else:
            raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves without finishing: an engine bug")
        # Pass-and-play: the next state is built for the human about to move (and only for them).
        if deal.phase != "over":
            self.seat = deal.to_move
        return events

    def _apply(self, seat: int, action: str) -> list:
        """Apply one move and narrate it (and what it caused) for your seat."""
        deal = self.deal
        deal.apply(action)
        events = self.narrator.action(deal)
        if deal.phase == "over" and not self.log_settled:
            self.log_settled = True
            self.match.settle(deal)
            events.append({"kind": "over", "seat": deal.outcome.winner, "text": self.narrator.outcome(deal)})
        return events

    # -- what your seat sees ------------------------------------------------------------------------
    def state(self) -> dict:
        """The page's state for your seat (:func:`maw_sim.seat_state.table_state`): from that
        seat's view and what the whole table knows, nothing else."""
        self._need_game()
        from .seat_state import table_state
        return table_state(self.deal.view(self.seat, detail=True), self.public_table())

    def public_table(self):
        """What the whole table knows, for your seat (:class:`maw_sim.seat_state.PublicTable`)."""
        from .seat_state import public_table
        return public_table(self.match, self.narrator, self.seat, seed=self.seed, deal_number=self.deal_number,
                            teams=self.teams, humans=self.humans, names=self.names, bot=self.bot_name,
                            games=self.games)


def _check_action(action) -> str:
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
        raise RequestError("action must be text of at most {} characters: a card code like '5H', or "
                           "'rob 7C', 'pass', 'announce', 'jink', 'claim'; got {}".format(MAX_ACTION, shown(action)))
    return action


# -- the entry point the worker calls ---------------------------------------------------------------

#: One session a widget: requests name theirs with "table" (default "main").
_SESSIONS: dict = {}
MAX_SESSIONS = 32


def variants_info() -> list:
    out = []
    for vid in variant_ids():
        v = load_variant(vid)
        # "player_counts": what the file's own rules deal for (a game's state says it for its
        # house rules: state.variant.table).
        out.append({"id": v.id, "name": v.name, "era": v.era, "min_players": v.min_players,
                    "max_players": v.max_players, "default_players": v.default_players,
                    "player_counts": list(v.player_counts),
                    "scoring": v.scoring_kind, "jinking": v.jinking,
                    "partnerships": [f"{t}x{n}" for t, n in v.partnerships],
                    "default_teams": {str(n): v.default_teams(n) for n in v.player_counts
                                      if v.default_teams(n)}})
    return out


def handle(request_json: str, session: Session | None = None) -> str:
    """Serve one JSON request; always answers JSON (errors included), never raises."""
    try:
        request = _read(request_json)
        table = _check_table_id(request.pop("table", "main"))
        if session is None:
            session = _session(table)
        reply = _dispatch(session, request)
        reply["ok"] = True
    except RequestError as exc:
        reply = {"ok": False, "error": str(exc), **refusal_reply(exc.refusal)}
    except Exception as exc:  # an engine bug: report it to the page rather than hang the worker
        reply = {"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}", "bug": True}
    return json.dumps(reply, ensure_ascii=False)


#: Each op and the fields it reads besides "op" (and "table", which every request may carry). The
#: review ops' fields are maw_sim.review's to check.
FIELDS = {
    "variants": (), "act": ("action",), "next": (), "next_game": (), "explain": ("action",),
    "state": (), "hint": (), "record": (), "study_step": (), "studies": (),
    "new": ("variant", "players", "seed", "seat", "bot", "teams", "lenient", "default_variant",
            "default_seed", "game", "options", "preset", "humans", "names"),
    "study": ("experiment", "variant", "compare", "players", "bot", "deals", "seed"),
}
REVIEW_OPS = ("review_open", "review_at", "review_play")
OPS = (*FIELDS, *REVIEW_OPS)


def _read(request_json) -> dict:
    """The request as a dict, or a RequestError saying why it cannot be one."""
    if not isinstance(request_json, (str, bytes)):
        raise RequestError("the request must be JSON text")
    if len(request_json) > MAX_REQUEST:
        raise RequestError(f"the request is too long: {len(request_json):,} characters (at most {MAX_REQUEST:,})")

    def constant(name):
        raise RequestError(f"{name} is not a number JSON allows: use a whole number")
    try:
        request = json.loads(request_json, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise RequestError(f"the request is not JSON: {exc}") from None
    except RequestError:
        raise
    except RecursionError:
        raise RequestError(f"the request is nested too deeply (more than {MAX_DEPTH} levels): no field "
                           "holds more than a list of values or an object of options") from None
    except ValueError:   # past 4,300 digits, Python's own limit for reading a number
        raise RequestError("the request holds a number too long to read: no field takes more than "
                           "a few digits") from None
    if not isinstance(request, dict):
        raise RequestError(f"the request must be a JSON object with an 'op'; ops: {', '.join(OPS)}")
    if json_depth(request, MAX_DEPTH) > MAX_DEPTH:
        raise RequestError(f"the request is nested too deeply (more than {MAX_DEPTH} levels): no field "
                           "holds more than a list of values or an object of options")
    return request


def _check_table_id(table) -> str:
    if not isinstance(table, str) or not 0 < len(table) <= 64:
        raise RequestError(f"table must be a short name for the widget's session (1 to 64 characters); "
                           f"got {shown(table)}")
    return table


def _session(table) -> Session:
    if table not in _SESSIONS:
        if len(_SESSIONS) >= MAX_SESSIONS:
            raise RequestError(f"too many tables on one page (at most {MAX_SESSIONS})")
        _SESSIONS[table] = Session()
    return _SESSIONS[table]


def _start_study(session: Session, request: dict) -> dict:
    """A new study in the browser (see :mod:`maw_sim.studies.browser`); the old one is kept if
    the new one is refused."""
    from .studies import browser
    variant = _check_variant(request.get("variant", DEFAULT_VARIANT))
    players = request.get("players", variant.default_players)
    players = _check_players(players, variant)
    compare = request.get("compare")
    if compare in (None, ""):
        compare = None
    else:
        compare = _check_variant(compare)
        _check_players(players, compare)
        compare = compare.id
    deals = _check_int(request.get("deals", 1000), "deals", 1, browser.MAX_DEALS)
    seed = _check_int(request.get("seed", 1), "seed", 0, 2 ** 63 - 1)
    try:
        study = browser.BrowserStudy(_check_name(request.get("experiment"), "experiment"), variant.id, players,
                                     _check_name(request.get("bot", DEFAULT_BOT), "bot"), deals, seed, compare)
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    session.study = study
    return study.report()


def _dispatch(session: Session, request: dict) -> dict:
    op = request.get("op")
    if op in REVIEW_OPS:
        # A review beside the game: maw_sim.review reads the record (and checks the fields).
        from . import review
        board = session.review or review.ReviewSession(table=session)   # a live table's seat, never the request's
        try:
            reply = review.dispatch(board, request)
        except review.ReviewError as exc:
            raise RequestError(str(exc), exc.refusal) from None
        session.review = board       # kept only once it has answered
        return reply
    if not isinstance(op, str) or op not in FIELDS:
        raise RequestError(f"unknown op {shown(op)}; ops: {', '.join(OPS)}")
    extra = sorted(set(request) - set(FIELDS[op]) - {"op"})
    if extra:
        allowed = ", ".join(("op", *FIELDS[op]))
        raise RequestError(f"unknown field {shown(extra[0])} for {op!r}; allowed: {allowed} (and table)")
    if op == "variants":
        from .bots import bot_levels
        return {"variants": variants_info(), "bots": bot_names(), "bot_levels": bot_levels(),
                "default": DEFAULT_VARIANT}
    if op == "studies":
        from .studies import browser
        return {"studies": browser.catalogue()}
    if op == "new":
        events, warnings = session.new(
            variant=request.get("variant", DEFAULT_VARIANT), players=request.get("players"),
            seed=request.get("seed"), seat=request.get("seat", 0),
            bot=request.get("bot", DEFAULT_BOT), lenient=_check_bool(request.get("lenient", False), "lenient"),
            default_variant=request.get("default_variant", DEFAULT_VARIANT),
            default_seed=request.get("default_seed", 1), teams=request.get("teams"),
            game=request.get("game"), options=request.get("options"), preset=request.get("preset"),
            humans=request.get("humans"), names=request.get("names"))
        return {"events": events, "warnings": warnings, "state": session.state()}
    if op == "act":
        events = session.act(request.get("action"))
        return {"events": events, "state": session.state()}
    if op == "next":
        return {"events": session.next_deal(), "state": session.state()}
    if op == "next_game":
        return {"events": session.next_game(), "state": session.state()}
    if op == "explain":
        action = request.get("action")
        refusal = session.refusal(action)
        return {"action": action, "reason": None if refusal is None else refusal.words, **refusal_reply(refusal)}
    if op == "state":
        return {"state": session.state()}
    if op == "hint":
        return {"hint": session.hint()}
    if op == "record":
        return {"record": session.record()}
    if op == "study":
        return {"study": _start_study(session, request)}
    if op == "study_step":
        study = session.study
        if study is None:
            raise RequestError("no study has been started: send 'study' first")
        return {"study": study.step()}
    raise AssertionError(f"op {op!r} is in FIELDS but not served")
