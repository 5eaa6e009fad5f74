"""One table of the table server: its configuration, its seats, its match and its record.

A table changes only by applying an **entry** (:meth:`Table.apply`): a join, the start, a seat
given to a bot or back, an action (a person's or a bot's), the next deal, the next game, the end.
The same method applies an entry as it happens and when the record is read back after a restart
(:meth:`Table.replay`), so a table's state is exactly its record, every action re-checked by the
engine as it is read. The server stores each entry before it acknowledges it
(:mod:`maw_server.app`).

Every deal's cards come from its own seed, drawn by the server (``secrets``) and kept only in the
record: no seat is ever sent a seed, since a game's seed names every card of it. A finished deal's
seed may be shown (its cards are all known by then) and tells nothing of the next deal.

Seat tokens: ``secrets.token_urlsafe``; only their SHA-256 is kept (in the join entry), and a token
presented is compared with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from dataclasses import dataclass

from maw_sim.deal import IllegalAction
from maw_sim.match import Match
from maw_sim.narration import Narrator
from maw_sim.records import MAX_LINK_SEED
from maw_sim.words import Names

#: Table and class codes: six characters without look-alikes (no 0/O, 1/I/L).
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: The bots a table may seat: the levels the in-browser table offers. Each move is played on the
#: server, so their cost counts: in CPython, five-handed Spoil Five, a median move takes about
#: 0.1 ms for ``learned``, 17 ms for ``learned-blend``, 20 ms for ``best`` and 65 ms for ``ismcts``
#: (the dearest, about 140 ms in the auction games; benchmarks/bot_speed.py).
SERVER_BOTS = ("random", "heuristic", "learned", "pimc", "ismcts", "best", "learned-blend")
DEFAULT_BOT = "heuristic"
MAX_NAME = 24
MAX_BOT_MOVES = 500


class TableError(Exception):
    """A request the table refuses: ``words`` say what was wrong and what is allowed; ``status``
    the HTTP status; ``rule`` the engine's rule id where a rule of the game refused it."""

    def __init__(self, words: str, status: int = 400, rule: str | None = None):
        super().__init__(words)
        self.words, self.status, self.rule = words, status, rule


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code) -> str | None:
    """A code as typed ("k7qx2m") in its written form, or None if it cannot be one."""
    if not isinstance(code, str) or len(code) != CODE_LENGTH:
        return None
    code = code.upper()
    return code if all(c in ALPHABET for c in code) else None


def new_token() -> tuple:
    """A fresh token and the hash kept of it."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token, token_hash: str | None) -> bool:
    if not isinstance(token, str) or token_hash is None or len(token) > 200:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def check_name(value) -> str:
    """A person's name: trimmed, 1 to 24 characters, no control characters. Markup is not refused:
    it is kept as text and the page shows it as text."""
    if not isinstance(value, str):
        raise TableError(f"name must be text of 1 to {MAX_NAME} characters")
    name = " ".join(value.split())
    if not 0 < len(name) <= MAX_NAME:
        raise TableError(f"name must be 1 to {MAX_NAME} characters once trimmed; got {len(name)}")
    if not name.isprintable():
        raise TableError("name must not hold control characters")
    return name


def bot_label(level: str) -> str:
    from maw_sim.bots import bot_levels
    return next((b["label"] for b in bot_levels() if b["name"] == level), level)


@dataclass
class Seat:
    kind: str = "open"            # "open" (no one yet), "person", "bot"
    name: str | None = None       # a person's name (kept while a bot stands in)
    token_hash: str | None = None
    host: bool = False
    connected: int = 0            # live sockets of this seat (not stored: a connection is not a fact)


class Table:
    """One table. Build it from its config (:meth:`configure` checks a request into one), then
    apply entries."""

    def __init__(self, code: str, config: dict, class_code: str | None = None):
        from maw_sim.variants import load_variant
        self.code, self.config, self.class_code = code, config, class_code
        self.variant = load_variant(config["variant"], options=config.get("options") or None,
                                    preset=config.get("preset"))
        self.players = config["players"]
        self.teams = config.get("teams")
        self.bot_level = config.get("bot", DEFAULT_BOT)
        self.bot_name_label = bot_label(self.bot_level)
        self.seats = [Seat() for _ in range(self.players)]
        self.status = "lobby"         # "lobby", "playing", "ended"
        self.match = None
        self.deal = None
        self.deal_number = 0
        self.games = []               # finished games: the tally
        self.entries = 0              # how many entries are applied (the next entry's number)
        self.last_active = time.time()
        self.narrators = {}           # seat (None: spectators) -> Narrator of the current deal
        self._over_told = set()
        self._started_told = set()
        self._bot = None

    # -- configuration ------------------------------------------------------------------------------
    @staticmethod
    def configure(request: dict, allow_chosen_deal: bool = False) -> dict:
        """The table's config from a create request (checked, each field by name), or TableError."""
        from maw_sim import web
        try:
            variant = web._check_variant(request.get("variant", web.DEFAULT_VARIANT))
            options, preset = request.get("options"), request.get("preset")
            if options not in (None, "", {}) or preset not in (None, ""):
                variant = web._check_options(variant, options, preset)
            players = web._check_players(request.get("players", variant.default_players), variant)
            teams = web._check_teams(request.get("teams"), variant, players)
        except web.RequestError as exc:
            raise TableError(str(exc)) from None
        bot = request.get("bot", DEFAULT_BOT)
        if bot not in SERVER_BOTS:
            raise TableError(f"bot must be one of {', '.join(SERVER_BOTS)}; got {str(bot)[:40]!r}")
        config = {"variant": variant.id, "options": dict(variant.choices) or None, "preset": None,
                  "players": players, "teams": teams, "bot": bot}
        deal = request.get("deal")
        if deal is not None:
            if not allow_chosen_deal:
                raise TableError("unknown field 'deal'")
            config["deal"] = _check_chosen_deal(deal, variant, players)
        return config

    # -- what the table is now ----------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        # Counted from 1, as the lobby and the page count the seats (the protocol's "seat" field is
        # the engine's number, from 0).
        s = self.seats[seat]
        if s.kind == "bot":
            return f"Bot {seat + 1} ({self.bot_name_label})"
        if s.kind == "person":
            return s.name
        return f"Seat {seat + 1}"

    def names_for(self, seat: int | None) -> Names:
        return Names(self.seat_name, seat)

    def seat_of_token(self, token) -> int | None:
        for k, s in enumerate(self.seats):
            if token_matches(token, s.token_hash):
                return k
        return None

    def persons(self) -> frozenset:
        return frozenset(k for k, s in enumerate(self.seats) if s.kind == "person")

    def public_seat(self) -> int:
        """A seat whose view answers what everyone may know of whose turn it is: not the seat to
        move (whose view may show a decision only it knows of, a silent choice to rob)."""
        to_move = self.deal.to_move if self.deal is not None and self.deal.phase != "over" else 0
        return (to_move + 1) % self.players

    def public_to_move(self) -> int | None:
        if self.deal is None or self.deal.phase == "over" or self.status != "playing":
            return None
        return self.deal.view(self.public_seat()).to_move

    def lobby(self) -> dict:
        """The public lobby: what anyone with the code may see."""
        from maw_sim.seat_state import house_rules
        return {"code": self.code, "variant": {"id": self.variant.id, "name": self.variant.name},
                "players": self.players, "teams": self.teams, "house_rules": house_rules(self.variant),
                "bot": self.bot_level, "class": self.class_code,
                "status": self.status, "deal_number": self.deal_number, "to_move": self.public_to_move(),
                "seats": self.seat_list(), "open_words": self.open_words()}

    def open_words(self) -> str:
        """What the host's Start does with the seats nobody took, in words."""
        from maw_sim.words import counted
        free = sum(s.kind == "open" for s in self.seats)
        return f"{counted(free, 'empty seat')} will be played by bots." if free else "Every seat is taken."

    def seat_list(self) -> list:
        return [{"seat": k, "name": self.seat_name(k), "kind": s.kind, "connected": s.connected > 0,
                 "host": s.host, "bot": self.bot_level if s.kind == "bot" else None,
                 # Whose seat a bot is keeping, so the host can give it back by name.
                 "kept_for": s.name if s.kind == "bot" and s.token_hash is not None else None}
                for k, s in enumerate(self.seats)]

    # -- entries: the one way a table changes --------------------------------------------------------
    def apply(self, entry: dict) -> None:
        """Apply one entry (checked: a refused one raises TableError and changes nothing)."""
        op = entry.get("op")
        handler = getattr(self, f"_do_{op}", None) if isinstance(op, str) else None
        if handler is None:
            raise TableError(f"unknown entry {op!r}")
        handler(entry)
        self.entries += 1
        self.last_active = time.time()

    def _do_join(self, e):
        seat = e["seat"]
        if self.status == "ended":
            raise TableError("the table has ended", 409)
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise TableError(f"seat must be a number from 0 to {self.players - 1}")
        s = self.seats[seat]
        if s.token_hash is not None:
            raise TableError(f"seat {seat + 1} is taken by {s.name}: choose another seat", 409)
        s.kind, s.name, s.token_hash, s.host = "person", e["name"], e["token"], bool(e.get("host"))

    def _do_start(self, e):
        if self.status != "lobby":
            raise TableError("the table has already started" if self.status == "playing" else "the table has ended", 409)
        for s in self.seats:
            if s.kind == "open":
                s.kind = "bot"
        self.status = "playing"
        teams = self.teams
        self.match = Match(self.variant, self.players, e["seed"], teams=teams)
        self._deal(e["seed"], self.config.get("deal"))

    def _do_seat(self, e):
        seat, to = e["seat"], e["to"]
        if self.status == "ended":
            raise TableError("the table has ended", 409)
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise TableError(f"seat must be a number from 0 to {self.players - 1}")
        s = self.seats[seat]
        if to == "bot":
            if s.kind == "bot":
                raise TableError(f"seat {seat + 1} is a bot already", 409)
            s.kind = "bot"
        elif to == "person":
            if s.kind == "person":
                raise TableError(f"seat {seat + 1} is {s.name}'s already", 409)
            if s.token_hash is None:
                raise TableError(f"no one has taken seat {seat + 1}: a person takes it by joining", 409)
            s.kind = "person"
        else:
            raise TableError("to must be 'bot' or 'person'")

    def _do_act(self, e):
        seat, action = e["seat"], e["action"]
        deal = self._need_deal()
        if deal.phase == "over":
            raise TableError("the deal is over: ask for the next deal", 409)
        if deal.to_move != seat:
            raise TableError("it is not your turn", 409)
        try:
            deal.apply(action)
        except IllegalAction as exc:
            raise TableError(str(exc), 422, exc.refusal.rule) from None
        if deal.phase == "over":
            self.match.settle(deal)

    def _do_next(self, e):
        deal = self._need_deal()
        if deal.phase != "over":
            raise TableError("the deal is not over yet: play it out first", 409)
        if self.match.over:
            raise TableError("the game is over: start the next game ('next_game')", 409)
        self._deal(e["seed"])

    def _do_next_game(self, e):
        deal = self._need_deal()
        if not self.match.over:
            raise TableError("the game is not over yet: play on", 409)
        m = self.match
        self.games.append({"winner": m.game_won_by, "scores": list(m.scores), "deals": len(m.results)})
        self.match = Match(self.variant, self.players, e["seed"], teams=self.teams)
        self.deal_number = 0
        self._deal(e["seed"])
        del deal

    def _do_end(self, e):
        if self.status == "ended":
            raise TableError("the table has ended already", 409)
        self.status = "ended"

    _do_close = _do_end          # closed for being idle: the same end, another reason in the record

    def _need_deal(self):
        if self.status != "playing" or self.deal is None:
            raise TableError("the table is not playing" + (": the host starts it" if self.status == "lobby" else ""), 409)
        return self.deal

    def _deal(self, seed: int, chosen: dict | None = None):
        # Each deal from its own seed (the entry's): a deal's seed says nothing of the next.
        self.match.next_seed = lambda: seed
        if chosen is not None and self.deal_number == 0 and not self.games:
            self.deal = self.match.new_deal(hands=chosen["hands"], turnup=chosen.get("turnup"),
                                            kitty=chosen.get("kitty"), stock=chosen.get("stock"))
        else:
            self.deal = self.match.new_deal()
        self.deal_number += 1
        self.narrators = {}
        self._over_told = set()
        self._started_told = set()

    # -- the bots -------------------------------------------------------------------------------------
    def bot_to_move(self) -> int | None:
        deal = self.deal
        if self.status != "playing" or deal is None or deal.phase == "over":
            return None
        seat = deal.to_move
        return seat if self.seats[seat].kind == "bot" else None

    def bot_decision_from(self, view, seat: int):
        """The bot's decision at ``seat`` as a function to run (in a thread: a strong bot thinks for
        a while), from that seat's view alone; its dice seeded by the deal's seed and the move.
        The record keeps the choice, so a replay never asks the bot again."""
        if self._bot is None:
            from maw_sim.bots import get_bot
            self._bot = get_bot(self.bot_level)
        bot, deal = self._bot, self.deal
        rng = random.Random(f"maw-server-bots:{deal.seed}:{self.deal_number}:{len(deal.history)}")
        return lambda: bot(view, rng)

    # -- the words for each seat ---------------------------------------------------------------------
    def narrator(self, key: int | None) -> Narrator:
        """The narrator of the current deal for ``key`` (a seat, or None for spectators)."""
        narrator = self.narrators.get(key)
        if narrator is None:
            narrator = self.narrators[key] = self.fresh_narrator(key)
        return narrator

    def fresh_narrator(self, key: int | None) -> Narrator:
        narrator = Narrator(self.match, -1 if key is None else key)
        narrator.names = self.names_for(key)
        return narrator

    def take_events(self, key: int | None) -> list:
        """What happened since this key was last told, in its words."""
        if self.deal is None:
            return []
        narrator = self.narrator(key)
        out = []
        if key not in self._started_told:
            self._started_told.add(key)
            out.append(narrator.deal_started(self.deal, self.deal_number))
        out += narrator.action(self.deal)
        if self.deal.phase == "over" and key not in self._over_told:
            self._over_told.add(key)
            out.append({"kind": "over", "seat": self.deal.outcome.winner, "text": narrator.outcome(self.deal)})
        return out

    def told_so_far(self, key: int | None) -> list:
        """The whole deal so far in this key's words (for a connection that has just said hello)."""
        if self.deal is None:
            return []
        narrator = self.fresh_narrator(key)
        out = [narrator.deal_started(self.deal, self.deal_number)] + narrator.action(self.deal)
        if self.deal.phase == "over":
            out.append({"kind": "over", "seat": self.deal.outcome.winner, "text": narrator.outcome(self.deal)})
        return out

    # -- records ----------------------------------------------------------------------------------
    def finished_deals(self) -> list:
        """The finished deals of the current game: each with its number, dealer, winner and a link
        code for the review board (the deal alone, from its own seed: it tells nothing else)."""
        from maw_sim.records import GameRecord, to_link
        out = []
        if self.match is None:
            return out
        for number, deal in enumerate(self.match.deals, start=1):
            if deal.outcome is None:
                continue
            link = None
            if deal.seed is not None and deal.seed <= MAX_LINK_SEED:
                try:
                    link = to_link(GameRecord.of_deal(deal, 1, seed=deal.seed))
                except Exception:      # a chosen deal (no seed) or a layout a link cannot carry
                    link = None
            out.append({"deal": number, "game": len(self.games) + 1, "dealer": deal.dealer,
                        "winner": deal.outcome.winner, "link": link})
        return out

    def record_text(self, seat: int | None) -> dict:
        """The record of the current game as ``seat`` may know it: its own cards while the deal is
        in progress, every hand once it is over; never a seed (the game's seed would name the
        cards of deals to come)."""
        from dataclasses import replace
        from maw_sim.records import MEDIA_TYPE, SUFFIX, GameRecord
        deal = self._need_deal()
        over = deal.outcome is not None
        deal_record = GameRecord.of_deal(deal, self.deal_number)   # this deal's own seed: its cards only
        game_record = replace(GameRecord.of_match(self.match), seed=None)
        if not over:
            if seat is None:
                raise TableError("a spectator sees the record once the deal is over", 409)
            deal_record, game_record = deal_record.for_seat(seat), game_record.for_seat(seat)
        name = f"{self.variant.id}-{self.code}-deal{self.deal_number}"
        return {"deal": deal_record.text(), "game": game_record.text(), "complete": over,
                "filename": name + SUFFIX, "media_type": MEDIA_TYPE}

    def full_record_text(self) -> str:
        """Every deal of every finished game and the current one, in full (for the teacher's
        download once deals are over); the deal in progress is left out."""
        from dataclasses import replace
        from maw_sim.records import GameRecord
        rec = replace(GameRecord.of_match(self.match), seed=None)
        if self.deal is not None and self.deal.outcome is None:
            rec = replace(rec, deals=rec.deals[:-1])
        return rec.text() if rec.deals else ""


def _check_chosen_deal(deal, variant, players) -> dict:
    """A test's chosen first deal: {"hands": [[codes]...], "turnup", "kitty", "stock"} (only with
    the server's --test-deals flag): the engine checks it when it deals."""
    from maw_sim.deal import Deal
    if not isinstance(deal, dict) or set(deal) - {"hands", "turnup", "kitty", "stock"}:
        raise TableError("deal must be an object with hands, turnup, kitty, stock")
    try:
        Deal(variant, deal["hands"], deal.get("turnup"), 0, kitty=deal.get("kitty"), stock=deal.get("stock"))
    except (ValueError, KeyError, TypeError) as exc:
        raise TableError(f"deal: {exc}") from None
    return deal
