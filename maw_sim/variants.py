"""Variants: each ruleset of the Maw family is a TOML file in ``conf/variants``.

The file is the single source of truth for a rule: the engine plays it, the site
draws its tables from it, the browser asks the engine about it. Every setting
(a TOML table) says where it comes from (``source``: keys of ``conf/sources.toml``)
and how sure we are (``evidence``: attested, reconstructed, conjectural or unverified), with
a ``note`` in plain words. What the site shows is the rule's *grade*: the written level, lowered to
that of its weakest source (a work the project has not read makes a rule "unverified"). A bad
file is refused when loaded, with the file, the key and what was expected.

How a trump suit ranks is derived, never typed twice: the variant's *top trumps*
come first (``5`` the five of trumps or "five fingers", ``J`` the knave of
trumps, ``AH`` the ace of hearts, ``A`` the ace of trumps; when hearts are
trumps ``AH`` and ``A`` are one card), then the rest of the trump suit in that
suit's plain order. So in Spoil Five with clubs trumps::

    5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣

and the plain diamonds run K Q J 10 … 2 A: "high in red, low in black", which
makes the ace of diamonds, when not trumps, the worst card in the pack.

The top-trump tokens are an open vocabulary (:func:`register_top_trump`): a token names the card
it stands for once the trump suit is known. ``JK`` is the Joker, which a variant puts in its pack
with a ``[pack]`` section (``jokers = 1``) and places among its top trumps, e.g. Forty-Five at
Bruff, ``top = ["5", "J", "JK", "AH", "A"]``. The Joker then *is* a trump of whatever suit is
turned — it follows, wins and reneges as one — so the rules of play need nothing new for it.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import NamedTuple, NoReturn

from .inputs import shown
from .cards import JOKER, PACK_52, RED_SUITS, SUITS, Card, Pack
from .phase_names import BID, CALL, DISCARD, FIVE, KITTY, ROB, TRUMP
from .scoring import SCORINGS, scorer as _scorer

#: How sure a rule is, strongest first. "unverified": it rests only on works the project has not
#: read (``unverified = true`` in conf/sources.toml), so no text the project holds supports it.
EVIDENCE_LEVELS = ("attested", "reconstructed", "conjectural", "unverified")
#: How each level is drawn, on the site's pages and at the table: a symbol beside the word, so a
#: badge does not rely on colour.
EVIDENCE_MARKS = {"attested": "✓", "reconstructed": "≈", "conjectural": "?", "unverified": "!"}


def weakest(levels) -> str:
    """The weakest of some evidence levels (a rule is only as sure as its weakest part)."""
    return max(levels, key=EVIDENCE_LEVELS.index)


def grade(source_keys, evidence: str) -> str:
    """The level a rule is shown at: its written ``evidence``, lowered to the strongest level its
    weakest source allows (:attr:`Source.at_most`)."""
    known = sources()
    return weakest([evidence, *(known[k].at_most for k in source_keys)])
#: The most players any ruleset seats (ten hands of five and a turn-up use 51 of the 52 cards).
MAX_PLAYERS = 10
#: A ruleset is a few kilobytes: a larger file is refused before it is parsed.
MAX_FILE_BYTES = 1_000_000
#: A link writes an option, and each of its values, as one character of 62 (records.to_link).
MAX_OPTIONS = MAX_OPTION_VALUES = 62
#: Each preset is checked by choosing it: a bound keeps loading a file quick.
MAX_PRESETS = 62


@dataclass(frozen=True)
class TopTrump:
    """A token that ``trumps.top`` (and ``renege.cards``) may use: ``card(trump)`` is the card it
    names when ``trump`` is the trump suit; ``jokers`` how many Jokers the pack must hold for it."""
    token: str
    words: str
    card: Callable[[str], Card]
    jokers: int = 0


#: The top-trump vocabulary: token -> :class:`TopTrump` (filled by :func:`register_top_trump`).
TOP_TRUMPS: dict = {}
#: The same vocabulary in words, token -> what it names (for the docs and for error messages).
TOP_TRUMP_TOKENS: dict = {}


def register_top_trump(token: str, words: str, card: Callable[[str], Card], *, jokers: int = 0) -> None:
    """Add a token to the top-trump vocabulary. A ruleset with a new kind of top trump (another
    Joker, a "best bower") registers its token here; the loader, the tables and the docs follow."""
    TOP_TRUMPS[token] = TopTrump(token, words, card, jokers)
    TOP_TRUMP_TOKENS[token] = words


register_top_trump("5", "the five of trumps", lambda trump: Card(5, trump))
register_top_trump("J", "the knave of trumps", lambda trump: Card(11, trump))
register_top_trump("AH", "the ace of hearts", lambda trump: Card(1, "H"))
register_top_trump("A", "the ace of trumps", lambda trump: Card(1, trump))
register_top_trump("JK", "the Joker", lambda trump: JOKER, jokers=1)

FOLLOWING_RULES = {
    "may-trump": "to a plain lead, follow suit or trump; while you hold the suit led, no card of another plain suit",
    "must-follow": "whist rules: follow suit if able; trump only when void in the suit led",
    "any-to-plain": "to a plain suit led, any card may be played, whether or not you hold the suit; to a "
                    "trump led, a trump as usual (the top trumps' right to renege apart)",
}
#: The suit index a lead "calls for" when it calls for nothing (``any-to-plain``): no card owes it.
NO_SUIT = 4
ACE_OF_HEARTS_LEADS = {"trump": "the ace of hearts led is a trump lead",
                       "hearts": "the ace of hearts led calls for hearts (or a trump)",
                       "trump-then-hearts": "the ace of hearts led is a trump lead, and a player who need not "
                                            "play a trump to it must play a heart if he holds one"}
ROBBING_RULES = {"optional": "the holder of the ace of trumps may rob the turn-up",
                 "compulsory": "the holder of the ace of trumps must rob the turn-up",
                 "announce": "the holder of the ace of trumps must either rob the turn-up or announce "
                             "the ace; having announced it, he keeps it and need not rob",
                 "announce-or-lowest": "the holder of the ace of trumps may rob the turn-up or announce "
                                       "the ace; if he does neither, his ace is the lowest trump that deal",
                 "rob-or-barred": "the holder of the ace of trumps may rob the turn-up; if he does not, "
                                  "he cannot win the pool that deal",
                 "none": "no robbing"}
SCORING_KINDS = tuple(SCORINGS)
PARTNERSHIP_FORMS = {"2x2": (2, 2), "3x2": (3, 2), "4x2": (4, 2), "5x2": (5, 2),
                     "2x3": (2, 3), "2x4": (2, 4), "3x3": (3, 3)}
RANK_TOKENS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(r): r for r in range(2, 11)}}

# What each section of a variant file holds: key -> (type check, description of what is expected).
_SECTIONS: dict[str, dict] = {
    "players": {"min": "int", "max": "int", "default": "int", "partnerships": "partnerships"},
    "trumps": {"top": "top"},
    "plain": {"red": "ranks", "black": "ranks"},
    "renege": {"cards": "top"},
    "following": {"rule": FOLLOWING_RULES, "ace_of_hearts_lead": ACE_OF_HEARTS_LEADS},
    "robbing": {"rule": ROBBING_RULES, "turned_ace_to_dealer": "bool"},
    "jinking": {"allowed": "bool"},
    "scoring": {"kind": SCORING_KINDS},
}
#: The bidding games: how the auction runs (``[auction]``) and what the exchange allows.
HOLD_RULES = {
    "duel": "the dealer may hold (take the highest bid at its value); the bidder so displaced may "
            "raise, the dealer hold again, until one passes or the dealer raises",
    "rebid": "the dealer may hold; then every player who has not passed may bid again, in turn, "
             "until all but one have passed",
    "ends": "the dealer may hold, and the auction ends there",
    "none": "the dealer may not hold: he bids higher or passes",
}
ALL_PASS_RULES = {"dealer-bagged": "when nobody bids, the dealer must bid (he is 'bagged'), any bid he likes",
                  "dealer-bagged-minimum": "when nobody bids, the dealer is 'bagged' and must bid the least "
                                           "bid (15, or 20 for a side at 100)",
                  "redeal": "when nobody bids, the cards are thrown in and the next dealer deals"}
THIRTY_RULES = {"sixty": "a bid of 30 (all five tricks) scores 60 if made and loses 60 if not",
                "sixty-loses-thirty": "a bid of 30 scores 60 if made and loses 30 if not",
                "thirty": "a bid of 30 is worth 30, like any other bid",
                "call": "a bid of 30 is worth 30; the call '30 for 60' outbids it and scores or loses 60",
                "take-over": "a bid of 30 is worth 30; a player who has not passed may take over a standing "
                             "bid of 30 by calling '30 for 60', which scores or loses 60"}
SIXTY_FOR_120_RULES = {"none": "no call of '60 for 120'",
                       "in-the-hole": "a side below zero ('in the hole') may call '60 for 120': all five "
                                      "tricks, 120 if made, 60 lost if not",
                       "always": "any side may call '60 for 120': all five tricks, 120 made or lost",
                       "take-over": "'60 for 120' is a further step: it takes over a standing '30 for 60', "
                                    "all five tricks, 120 made or lost"}
TRUMP_NAMED_RULES = {"after-kitty": "the bidder takes the kitty, puts out as many cards, then names trumps",
                     "before-kitty": "the bidder names trumps, then takes the kitty and puts out as many cards"}
FIRST_LEAD_RULES = {"dealer-left": "the player on the dealer's left leads",
                    "bidder-left": "the player on the bidder's left leads",
                    "bidder": "the bidder leads"}
EXCHANGE_LIMITS = {"none": "no exchange: the hands are played as dealt",
                   "1": "each may exchange one card", "2": "each may exchange up to two cards",
                   "3": "each may exchange up to three cards", "4": "each may exchange up to four cards",
                   "5": "each may exchange up to five cards",
                   "stock-share": "each may exchange as many cards as the stock could give every player at "
                                  "the table alike, so that a few are left",
                   "up-to-3-stock": "each may exchange up to three cards, fewer where the stock could not "
                                    "give every other player as many",
                   "unlimited": "each may exchange any number of cards, while the stock lasts"}

# Sections a file may leave out; absent, the rule is the ordinary one (here: the 52 cards, a
# card turned for trumps, no auction, no exchange).
_OPTIONAL_SECTIONS: dict[str, dict] = {
    "pack": {"jokers": "jokers"},
    "deal": {"turnup": "bool", "kitty": "int"},
    "auction": {"min_bid": "int", "min_bid_at_100": "int", "hold": HOLD_RULES, "all_pass": ALL_PASS_RULES,
                "thirty": THIRTY_RULES, "sixty_for_120": SIXTY_FOR_120_RULES,
                "trump_named": TRUMP_NAMED_RULES, "first_lead": FIRST_LEAD_RULES},
    "exchange": {"limit": EXCHANGE_LIMITS},
    "fiving": {"allowed": "bool"},
}
# Keys a section may leave out; absent, the rule is the ordinary one (here: each for himself).
_OPTIONAL_KEYS: dict[str, dict] = {
    "players": {"default_teams": "default_teams"},
    # Some Atlantic circles lay the kitty's top card face up "to give players a taste" (the survey).
    "deal": {"kitty_shown": "bool"},
    # "Call for your partner" (the Merrimack Valley, five players, the survey).
    "auction": {"call_partner": "bool"},
    # "Four flip" (the Merrimack Valley, the survey): a player may throw all five cards.
    "exchange": {"four_flip": "bool", "dealer_robs": "bool"},
}
#: Each kind of scoring names its own keys (maw_sim.scoring), and the ones a file may leave out.
_SCORING_KEYS = {kind: cls.keys for kind, cls in SCORINGS.items()}
_SCORING_DEFAULTS = {kind: cls.defaults for kind, cls in SCORINGS.items()}


#: "Call for your partner" is a game for five, each for himself.
CALL_PARTNER_PLAYERS = 5


class VariantError(ValueError):
    """A variant file is malformed: the message names the file, the key and what was expected."""


#: ``check_table(players, teams=DEFAULT_TEAMS)``: the layout the file names for this number of
#: players (``[players] default_teams``), else each for himself.
DEFAULT_TEAMS = "default"
#: How a table asks for each player for himself, whatever the file's default layout.
SINGLES = ("singles", "none")


class Table(NamedTuple):
    """A table the rules can seat: the number of players, and the partnership layout (``"2x2"``…)
    or None when each plays for himself."""
    players: int
    teams: str | None


class TableError(ValueError):
    """A table the rules cannot seat. ``field`` is what was wrong (``"players"`` or ``"teams"``);
    the message says what these rules allow."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def _counts_text(counts) -> str:
    """Player counts in words: "2 to 5", "2, 3 and 6", "none"."""
    counts = list(counts)
    if not counts:
        return "none"
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + (" and " if len(counts) > 1 else "") + str(counts[-1])


def conf_dir() -> Path:
    """``conf/`` in a checkout, or the copy the wheel carries inside the package."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "conf", here.parent / "conf"):
        if (candidate / "variants").is_dir():
            return candidate
    raise FileNotFoundError(f"no conf/variants beside {here}: is maw_sim installed with its data?")


@dataclass(frozen=True)
class Source:
    key: str
    label: str
    year: str
    primary: bool
    reported_by: tuple = ()     # keys of the texts read that report a work the project has not read
    #: The strongest evidence a rule resting on this work can have: "unverified" for a work no text
    #: the project has read reports, "reconstructed" for the project's own reasoning.
    at_most: str = "attested"
    verify: str = ""            # for an unverified work: what would verify it


@lru_cache(maxsize=None)
def sources() -> dict:
    """The bibliography a variant may cite: key -> :class:`Source`."""
    path = conf_dir() / "sources.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    known = {}
    for key, entry in data.items():
        at_most = "unverified" if entry.get("unverified") else entry.get("at_most", "attested")
        if at_most not in EVIDENCE_LEVELS:
            raise VariantError(f"{path}: {key}.at_most: expected one of {', '.join(EVIDENCE_LEVELS)}, "
                               f"got {at_most!r}")
        known[key] = Source(key, entry["label"], str(entry.get("year", "")), bool(entry.get("primary")),
                            tuple(entry.get("reported_by", ())), at_most, entry.get("verify", ""))
    return known


#: The clauses of a section that may carry their own sources and evidence (``[section.parts.clause]``),
#: each with the keys it states: a printed rule that joins an attested clause and a reconstructed
#: one shows each with its own badge (review 3). The section's own source and evidence cover the
#: rest. A scoring clause "ending" holds how and when the game is decided.
CLAUSES: dict[str, dict] = {
    "following": {"rule": ("rule",), "ace_of_hearts_lead": ("ace_of_hearts_lead",)},
    "scoring": {"ending": ("jink_wins_game", "double_game", "both_out", "partner_out", "lose_at", "sets_lose",
                           "sets_in_a_row", "green", "exact_target_resets")},
}


@dataclass(frozen=True)
class Setting:
    """One section of a variant file: its values, where they come from and how sure we are.

    ``parts``: clauses of the section with provenance of their own (:data:`CLAUSES`), clause ->
    a :class:`Setting` holding only sources, evidence and note; the section's own provenance
    covers the clauses not listed."""
    section: str
    values: dict
    sources: tuple
    evidence: str
    note: str
    parts: dict = field(default_factory=dict)

    def __getitem__(self, key):
        return self.values[key]

    @property
    def grade(self) -> str:
        """The evidence level shown for the whole section: the written one, or its weakest
        source's (:func:`grade`), and never above any of its clauses' (a badge claims no more than
        its weakest part)."""
        return weakest([grade(self.sources, self.evidence), *(part.grade for part in self.parts.values())])

    def clause(self, name: str) -> "Setting":
        """The provenance of one clause of the section: its own part if the file gives one, else
        the section's (without the other parts)."""
        return self.parts[name] if name in self.parts else replace(self, parts={})

    def clause_of(self, key: str) -> str | None:
        """The clause that states a key of the section, if the file gives that clause a part."""
        return next((name for name, keys in CLAUSES.get(self.section, {}).items()
                     if key in keys and name in self.parts), None)

    def cite(self) -> str:
        """The sources in words, with the evidence level: for explanations."""
        labels = "; ".join(sources()[k].label for k in self.sources)
        return f"{labels} ({self.grade})"


@dataclass(frozen=True)
class Option:
    """A house rule the sources report: another value for one setting of the variant.

    ``setting`` is ``"section.key"``; ``values`` the readings the sources give, the first being
    the file's own (the default). ``value_sources`` names, where known, which source gives which
    value; the setting then cites those sources when the option is chosen.
    """
    name: str
    label: str
    setting: str
    values: tuple
    default: object
    sources: tuple
    evidence: str
    note: str
    value_sources: dict = field(default_factory=dict)

    def sources_for(self, value) -> tuple:
        return tuple(self.value_sources.get(value_text(value), self.sources))

    def grade_for(self, value) -> str:
        """The evidence level of one reading, from the sources that give it."""
        return grade(self.sources_for(value), self.evidence)

    @property
    def grade(self) -> str:
        """The option's level: that of its weakest reading."""
        return weakest(self.grade_for(v) for v in self.values)


@dataclass(frozen=True)
class Preset:
    """A set of options that a region or a source plays, by name."""
    name: str
    label: str
    options: dict
    sources: tuple
    evidence: str
    note: str
    #: The level shown: the weakest of its own sources and of each reading it chooses.
    grade: str = ""


@dataclass(frozen=True)
class Variant:
    """A ruleset, loaded and validated from ``conf/variants/<id>.toml``.

    ``options`` are the house rules the file declares (name -> :class:`Option`), ``presets`` its
    named sets of options; ``choices`` the options chosen for this copy (only those that differ
    from the file's own rules): see :func:`load_variant`.
    """
    id: str
    name: str
    era: str
    summary: str
    order: int
    path: Path
    settings: dict = field(repr=False)
    options: dict = field(default_factory=dict, repr=False)
    presets: dict = field(default_factory=dict, repr=False)
    choices: dict = field(default_factory=dict)
    #: The settings as the file gives them, before any option (None: these are they).
    file_settings: dict | None = field(default=None, repr=False, compare=False)
    #: The names of its steps before the first lead where the ruleset states them itself (a
    #: ruleset made with a step under trial: :func:`maw_sim.steps.with_step`); None: from the
    #: settings (:attr:`step_names`).
    steps: tuple | None = None

    def with_options(self, options=None, preset=None) -> "Variant":
        """This ruleset with some of its options chosen (``{"name": value}``) and/or a preset.
        An unknown option, value or preset is a ``ValueError`` listing what is allowed."""
        chosen = dict(self.choices)
        if preset is not None:
            if not isinstance(preset, str) or preset not in self.presets:
                allowed = ", ".join(self.presets) or "none"
                raise ValueError(f"{self.name} has no preset {shown(preset)}; presets: {allowed}")
            chosen.update(self.presets[preset].options)
        if options:
            if not isinstance(options, dict):
                raise ValueError(f"options are given as {{name: value}}, not {shown(options)}")
            chosen.update(options)
        origin = self.file_settings or self.settings
        settings = dict(origin)
        final = {}
        # In the file's order, whatever order they were given in: two options of one section (each
        # citing its own sources) then always give the same ruleset.
        place = {name: k for k, name in enumerate(self.options)}
        for name, value in sorted(chosen.items(), key=lambda item: place.get(item[0], -1)
                                  if isinstance(item[0], str) else -1):
            option = self.options.get(name) if isinstance(name, str) else None
            if option is None:
                allowed = ", ".join(self.options) or "none"
                raise ValueError(f"{self.name} has no option {shown(name)}; options: {allowed}")
            value = _option_value(option, value)
            if value is None:
                raise ValueError(f"{self.name}'s option {name!r} ({option.label}) takes "
                                 + ", ".join(value_text(v) for v in option.values) + f"; got {shown(chosen[name])}")
            if value == option.default:
                continue
            section, key = option.setting.split(".")
            # The changed setting (or the clause of it that states the key) cites the option's
            # sources, so explanations name them.
            current = settings[section]
            provenance = dict(sources=option.sources_for(value), evidence=option.evidence, note=option.note)
            clause = current.clause_of(key)
            if clause is None:
                settings[section] = replace(current, values={**current.values, key: value}, **provenance)
            else:
                # The clause keeps what it rested on beside the option's grounds: its other keys
                # are still the file's.
                part = current.parts[clause]
                combined = replace(part, sources=tuple(dict.fromkeys(part.sources + provenance["sources"])),
                                   evidence=weakest([part.evidence, option.evidence]),
                                   note=" ".join(n for n in (part.note, option.note) if n))
                settings[section] = replace(current, values={**current.values, key: value},
                                            parts={**current.parts, clause: combined})
            final[name] = value
        _check_consistency(self.path, settings)
        chosen_variant = replace(self, settings=settings, choices=final, file_settings=origin)
        if not chosen_variant.player_counts:
            raise VariantError(f"{self.path}: {self.name}: these house rules deal for no number of players: "
                               + str(chosen_variant._stock_refusal(chosen_variant.min_players)))
        return chosen_variant

    # -- the settings, by name -------------------------------------------------------
    @cached_property
    def min_players(self) -> int:
        return self.settings["players"]["min"]

    @cached_property
    def max_players(self) -> int:
        return self.settings["players"]["max"]

    @cached_property
    def default_players(self) -> int:
        """The file's usual number of players; where house rules cannot deal for it (a larger
        kitty, a wider exchange), the nearest count they can."""
        usual = self.settings["players"]["default"]
        counts = self.player_counts
        return usual if usual in counts or not counts else min(counts, key=lambda n: (abs(n - usual), n))

    @cached_property
    def partnerships(self) -> tuple:
        """Allowed team layouts as (teams, players per team), e.g. ((2, 2), (3, 2))."""
        return tuple(PARTNERSHIP_FORMS[p] for p in self.settings["players"]["partnerships"])

    def default_teams(self, players: int) -> str | None:
        """The partnership layout this ruleset plays at ``players`` when none is chosen
        (``[players] default_teams``), e.g. "2x2" at four; None: each plays for himself."""
        layouts = self.settings["players"].values.get("default_teams") or ()
        for form in [layouts] if isinstance(layouts, str) else layouts:
            sides, size = PARTNERSHIP_FORMS[form]
            if sides * size == players:
                return form
        return None

    @cached_property
    def pack(self) -> Pack:
        """The cards this ruleset plays with: the 52, or 53 with the Joker (``[pack] jokers = 1``)."""
        if "pack" not in self.settings:
            return PACK_52
        return Pack.of(self.settings["pack"]["jokers"])

    @cached_property
    def turnup_game(self) -> bool:
        """Is a card turned for trumps? (False in the bidding games, where the bidder names them.)"""
        return "deal" not in self.settings or self.settings["deal"]["turnup"]

    @cached_property
    def kitty_shown(self) -> bool:
        """Is the kitty's top card laid face up for everyone to see, until the bidder takes it?"""
        return "deal" in self.settings and bool(self.settings["deal"].values.get("kitty_shown"))

    @cached_property
    def kitty_size(self) -> int:
        """Cards dealt to the kitty, the extra hand the bidder takes (0: none)."""
        return self.settings["deal"]["kitty"] if "deal" in self.settings else 0

    @cached_property
    def auction(self):
        """The ``[auction]`` setting of a bidding game, or None."""
        return self.settings.get("auction")

    @cached_property
    def exchange_limit(self) -> str:
        """The ``[exchange]`` limit: ``"none"`` where the hands are played as dealt."""
        return self.settings["exchange"]["limit"] if "exchange" in self.settings else "none"

    @cached_property
    def call_partner(self) -> bool:
        """"Call for your partner": at five, each for himself, the bidder calls a card, and whoever
        holds it plays with him this deal (a reconstruction of the details: see the option)."""
        return "auction" in self.settings and bool(self.settings["auction"].values.get("call_partner"))

    @cached_property
    def four_flip(self) -> bool:
        """"Four flip": a player may put out all five cards, whatever the limit, and draws four face
        down and the fifth face up."""
        return "exchange" in self.settings and bool(self.settings["exchange"].values.get("four_flip"))

    @cached_property
    def dealer_robs(self) -> bool:
        """The dealer's "rob" (a variant of Barker's game, the survey): last to exchange, he takes the
        cards he wants from the rest of the stock instead of the top ones."""
        return "exchange" in self.settings and bool(self.settings["exchange"].values.get("dealer_robs"))

    def exchange_cap(self, players: int) -> int:
        """The most cards one player may discard and draw with ``players`` at the table (0: no
        exchange). ``"stock-share"``: what the stock could give every player alike;
        ``"unlimited"``: five (the stock still has the last word, card by card)."""
        limit = self.exchange_limit
        if limit == "none":
            return 0
        if limit == "unlimited":
            return 5
        stock = self.pack.size - 5 * players - self.kitty_size
        if limit == "stock-share":
            return max(0, min(5, stock // players))
        if limit == "up-to-3-stock":
            return max(0, min(3, stock // (players - (1 if self.kitty_size else 0))))
        return int(limit)

    def _stock_refusal(self, players: int) -> str | None:
        """Why the chosen rules cannot deal for ``players`` (the pack, the kitty and the exchange
        must hold together), naming the settings and what would be allowed; None if they can."""
        size = self.pack.size
        kitty = self.kitty_size
        if 5 * players + kitty + (1 if self.turnup_game else 0) > size:
            return (f"{self.name}: {players} hands of five"
                    + (f" and a kitty of {kitty}" if kitty else "") + f" need more than the "
                    f"{size} cards of the pack; at most {(size - kitty - self.turnup_game) // 5} players")
        limit = self.exchange_limit
        if not limit.isdigit():
            return None
        stock = size - 5 * players - kitty
        drawers = players - (1 if kitty else 0)
        if int(limit) * drawers > stock:
            most = max(k for k in range(0, 6) if k * drawers <= stock)
            return (f"{self.name}: these rules do not hold together for {players} players: with a kitty of "
                    f"{kitty} the stock has {stock} cards, but {drawers} players may each exchange up to "
                    f"{limit} ({int(limit) * drawers} cards). Allowed: an exchange limit of at most {most} "
                    f"(option values of [exchange] limit), or fewer players, or a smaller kitty")
        return None

    @cached_property
    def player_counts(self) -> tuple:
        """Every number of players these rules can deal for (what :meth:`check_table` allows)."""
        return tuple(n for n in range(self.min_players, self.max_players + 1) if self._stock_refusal(n) is None
                     and (not self.call_partner or n == CALL_PARTNER_PLAYERS))

    @cached_property
    def seatings(self) -> dict:
        """For each number of players these rules deal for, the partnership layouts allowed there
        (``"2x2"``…; each for himself is always allowed besides)."""
        return {n: tuple(f"{t}x{k}" for t, k in self.partnerships if t * k == n) for n in self.player_counts}

    def check_table(self, players, teams=DEFAULT_TEAMS) -> "Table":
        """The one check of a table for these rules (the house rules already chosen): the number of
        players (a whole number the variant's range allows, and the pack, the kitty and the
        exchange can deal for) and the partnership layout (``DEFAULT_TEAMS``: the one the file names
        for this count, else each for himself; ``None`` or ``"singles"``: each for himself; a layout
        such as ``"2x2"`` or ``(2, 2)``). Returns the :class:`Table`; refuses with a
        :class:`TableError` naming the field and what these rules allow. The API (``Deal``,
        ``Match``), the protocol, the CLI and the page's choices all ask here."""
        if type(players) is not int or players not in self.player_counts:
            raise TableError("players", self._players_refusal(players))
        if teams == DEFAULT_TEAMS:
            return Table(players, self.default_teams(players))
        if teams is None or teams in SINGLES:
            return Table(players, None)
        form = teams if isinstance(teams, str) else (
            f"{teams[0]}x{teams[1]}" if isinstance(teams, tuple) and len(teams) == 2
            and all(type(x) is int for x in teams) else None)
        if form not in self.seatings[players]:
            allowed = ", ".join(self.seatings[players]) or "none at this number of players"
            raise TableError("teams", f"{self.name} with {players} players has no partnership "
                                      f"{shown(teams)}; partnerships allowed: {allowed} (or singles, each for himself)")
        return Table(players, form)

    def _players_refusal(self, players) -> str:
        counts = self.player_counts
        if type(players) is int and self.min_players <= players <= self.max_players:
            reason = self._stock_refusal(players) or (
                f"{self.name} with 'call for your partner' is a game for {CALL_PARTNER_PLAYERS}, each for "
                f"himself; got {players}")
        else:
            reason = (f"{self.name} is played by {self.min_players} to {self.max_players} players; "
                      f"got {shown(players)}")
        if counts != tuple(range(self.min_players, self.max_players + 1)):
            reason += ". With these rules: " + _counts_text(counts) + " players"
        return reason

    def table_choices(self) -> dict:
        """What a page may offer for a table of these rules: the player counts and, for each, the
        partnership layouts and the default one; for each option value, the player counts the
        rules allow with that value chosen (the other choices kept); for each preset, the counts
        it allows (a preset is chosen over the file's own rules). So no choice is offered that
        :meth:`check_table` or :meth:`with_options` would refuse."""
        cache = self.__dict__.get("_table_choices")
        if cache is None:
            def counts(base, **chosen):
                try:
                    return list(base.with_options(**chosen).player_counts)
                except ValueError:
                    return []               # choices that do not hold together: no table at all
            by_value = {name: {value_text(value): counts(self, options={name: value}) for value in option.values}
                        for name, option in self.options.items()}
            own = replace(self, settings=self.file_settings, choices={}, file_settings=None) \
                if self.file_settings is not None else self
            cache = self.__dict__["_table_choices"] = {
                "players": list(self.player_counts),
                "default_players": self.default_players,
                "teams": {str(n): list(forms) for n, forms in self.seatings.items()},
                "default_teams": {str(n): self.default_teams(n) for n in self.player_counts
                                  if self.default_teams(n)},
                "option_players": by_value,
                "preset_players": {name: counts(own, preset=name) for name in self.presets}}
        return cache

    @cached_property
    def top_trumps(self) -> tuple:
        return tuple(self.settings["trumps"]["top"])

    @cached_property
    def renege_tokens(self) -> tuple:
        return tuple(self.settings["renege"]["cards"])

    @cached_property
    def following(self) -> str:
        return self.settings["following"]["rule"]

    @cached_property
    def ace_of_hearts_lead(self) -> str:
        return self.settings["following"]["ace_of_hearts_lead"]

    @cached_property
    def robbing(self) -> str:
        return self.settings["robbing"]["rule"]

    @cached_property
    def turned_ace_to_dealer(self) -> bool:
        return self.settings["robbing"]["turned_ace_to_dealer"]

    @cached_property
    def jinking(self) -> bool:
        return self.settings["jinking"]["allowed"]

    @cached_property
    def scoring(self) -> Setting:
        return self.settings["scoring"]

    @cached_property
    def scoring_kind(self) -> str:
        return self.settings["scoring"]["kind"]

    @cached_property
    def fiving(self) -> bool:
        """May the non-dealer of the two-hand game ask for a new trump suit (``[fiving] allowed``)?"""
        return "fiving" in self.settings and self.settings["fiving"]["allowed"]

    @cached_property
    def bidding(self) -> bool:
        """Is trump named by the winner of an auction (One-Hundred-and-Ten, the Auction Forty-Fives)?"""
        return "auction" in self.settings

    @cached_property
    def step_names(self) -> tuple:
        """The names of the decision steps of a deal before the first lead, in order. The variant
        holds names, not steps: the step registry (:func:`maw_sim.steps.pipeline`) maps them to
        the steps, which sit above the variants."""
        if self.steps is not None:
            return self.steps
        if self.bidding:
            first, second = (KITTY, TRUMP) if self.auction["trump_named"] == "after-kitty" else (TRUMP, KITTY)
            return ((BID, first, second) + ((DISCARD,) if self.exchange_limit != "none" else ())
                    + ((CALL,) if self.call_partner else ()))
        return ((FIVE,) if self.fiving else ()) + ((ROB,) if self.robbing != "none" else ())

    @cached_property
    def scorer(self):
        """How this ruleset wins and scores a deal (:mod:`maw_sim.scoring`)."""
        return _scorer(self)

    # -- rankings ------------------------------------------------------------------
    def top_trump_card(self, token: str, trump: str) -> Card:
        return TOP_TRUMPS[token].card(trump)

    def _plain_ranks(self, suit: str) -> list:
        order = self.settings["plain"]["red" if suit in RED_SUITS else "black"]
        return [RANK_TOKENS[r] for r in order]

    def trump_ranking(self, trump: str) -> list:
        """Every trump when ``trump`` is the turned suit, highest first."""
        trump = _check_suit(trump)
        top = []
        for token in self.top_trumps:
            card = self.top_trump_card(token, trump)
            if card not in top:
                top.append(card)
        rest = [Card(r, trump) for r in self._plain_ranks(trump) if Card(r, trump) not in top]
        return top + rest

    def plain_ranking(self, suit: str, trump: str) -> list:
        """The non-trump cards of ``suit`` when ``trump`` is trumps, highest first (empty for the trump suit)."""
        suit, trump = _check_suit(suit), _check_suit(trump)
        if suit == trump:
            return []
        trumps = set(self.trump_ranking(trump))
        return [Card(r, suit) for r in self._plain_ranks(suit) if Card(r, suit) not in trumps]

    def tables(self, trump: str, low_ace: bool = False) -> "RankTables":
        """Precomputed integer tables for the engine's hot loop (cached on this variant, per trump suit).
        ``low_ace``: the ace of trumps ranks as the lowest trump (its holder neither robbed nor
        announced it, where ``robbing.rule`` is ``"announce-or-lowest"``)."""
        cache = self.__dict__.setdefault("_tables_cache", {})
        key = (trump, True) if low_ace else trump
        try:
            return cache[key]
        except KeyError:
            suit = _check_suit(trump)
            cache[key] = cache[(suit, True) if low_ace else suit] = _tables(self, suit, low_ace)
            return cache[key]

    def renege_cards(self, trump: str) -> list:
        return [self.top_trump_card(t, trump) for t in self.renege_tokens]

    def describe_setting(self, section: str) -> str:
        return self.settings[section].cite()

    def __hash__(self):
        return hash(self.id)

    def __eq__(self, other):
        # Two variants are equal when their rules are: a variant read from an edited copy of a
        # file is a different variant, even with the same id.
        return isinstance(other, Variant) and (other.id, other.settings) == (self.id, self.settings)


def _check_suit(suit) -> str:
    if isinstance(suit, str) and suit.upper() in SUITS and len(suit) == 1:
        return suit.upper()
    raise ValueError(f"unknown suit {suit!r}: use C, D, H or S")


@dataclass(frozen=True)
class RankTables:
    """A variant's rules for one trump suit, as integers indexed by card index (0 to the pack's
    size less one: 52 entries, or 53 with the Joker).

    ``power[i]``: strength of card i; trumps are 100 and above, so any trump beats any plain card.
    ``suit_of[i]``: the suit the card belongs to in play (0..3): the trump suit for every trump,
    so the ace of hearts follows trumps, not hearts, and the Joker is a trump like any other.
    ``suit_mask[s]``: the cards that belong to suit s in play; ``trump_mask`` the trumps.
    ``renege_over[i]``: for a trump i led, the privileged trumps higher than i (they may renege).
    ``called[i]``: for a trump i led, the cards a player who need not play a trump must play if he
    holds any (0: none; the hearts for the ace of hearts led under ``"trump-then-hearts"``).
    """
    trump: str
    trump_index: int
    power: tuple
    suit_of: tuple
    suit_mask: tuple
    trump_mask: int
    renege_over: tuple
    lead_suit_of: tuple   # the suit a lead of card i calls for (differs from suit_of for A♥ led as hearts)
    ranking: tuple        # trump ranking, highest first (Cards)
    win_key: tuple        # win_key[s][i]: card i's power in a trick whose lead is of suit s, -1 if it cannot win
    called: tuple         # called[i]: cards owed to trump i led by a player who need not trump (see above)


def _tables(variant: Variant, trump: str, low_ace: bool = False) -> RankTables:
    size = variant.pack.size
    power = [0] * size
    suit_of = [0] * size
    trumps = variant.trump_ranking(trump)
    if low_ace:
        ace = Card(1, trump)
        trumps = [c for c in trumps if c != ace] + [ace]
    t_index = SUITS.index(trump)
    for pos, card in enumerate(trumps):
        power[card.index] = 100 + len(trumps) - pos
        suit_of[card.index] = t_index
    for s in SUITS:
        plain = variant.plain_ranking(s, trump)
        for pos, card in enumerate(plain):
            power[card.index] = len(plain) - pos
            suit_of[card.index] = SUITS.index(s)
    suit_mask = [0, 0, 0, 0]
    for i in range(size):
        suit_mask[suit_of[i]] |= 1 << i
    trump_mask = suit_mask[t_index]
    renege = variant.renege_cards(trump)
    renege_over = [0] * size
    for card in trumps:
        for r in renege:
            if power[r.index] > power[card.index]:
                renege_over[card.index] |= 1 << r.index
    lead_suit_of = list(suit_of)
    if variant.following == "any-to-plain":
        # A plain lead calls for nothing: every card may be played to it (NO_SUIT holds no card).
        suit_mask.append(0)
        for i in range(size):
            if suit_of[i] != t_index:
                lead_suit_of[i] = NO_SUIT
    ace_hearts = Card(1, "H").index
    if variant.ace_of_hearts_lead == "hearts" and suit_of[ace_hearts] == t_index and trump != "H":
        lead_suit_of[ace_hearts] = SUITS.index("H")
    # The Merrimack Valley: the ace of hearts led stays a trump lead, but whoever need not trump
    # (no trump, or only the five and knave, which may renege) owes a heart if he holds one.
    called = [0] * size
    if variant.ace_of_hearts_lead == "trump-then-hearts" and trump != "H":
        called[ace_hearts] = suit_mask[SUITS.index("H")]
    win_key = tuple(tuple(power[i] if suit_of[i] in (s, t_index) else -1 for i in range(size))
                    for s in range(4))
    return RankTables(trump, t_index, tuple(power), tuple(suit_of), tuple(suit_mask), trump_mask,
                      tuple(renege_over), tuple(lead_suit_of), tuple(trumps), win_key, tuple(called))


# -- loading and validation ----------------------------------------------------------

def _fail(path: Path, key: str, expected: str, got) -> NoReturn:
    raise VariantError(f"{path}: key '{key}': expected {expected}; got {shown(got)}")


def _check_value(path, key, kind, value):
    if isinstance(kind, dict) or isinstance(kind, tuple):
        allowed = list(kind)
        if value not in allowed:
            _fail(path, key, "one of " + ", ".join(repr(a) for a in allowed), value)
    elif kind == "int":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            _fail(path, key, "a whole number, 0 or more", value)
    elif kind == "bool":
        if not isinstance(value, bool):
            _fail(path, key, "true or false", value)
    elif kind == "top":
        if (not isinstance(value, list) or any(not isinstance(t, str) or t not in TOP_TRUMPS for t in value)
                or len(set(value)) != len(value)):
            _fail(path, key, "a list of distinct top-trump tokens from "
                  + ", ".join(repr(t) for t in TOP_TRUMPS), value)
    elif kind == "jokers":
        if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):
            _fail(path, key, "0 (the 52 cards) or 1 (the 52 and a Joker)", value)
    elif kind == "ranks":
        if not isinstance(value, list) or sorted(value, key=str) != sorted(RANK_TOKENS, key=str):
            _fail(path, key, "a list of the thirteen ranks A, 2 … 10, J, Q, K, each once, highest first", value)
    elif kind == "partnerships":
        if not isinstance(value, list) or any(not isinstance(p, str) or p not in PARTNERSHIP_FORMS for p in value):
            _fail(path, key, "a list of team layouts from " + ", ".join(PARTNERSHIP_FORMS), value)
    elif kind == "default_teams":
        layouts = [value] if isinstance(value, str) else value
        if not isinstance(layouts, list) or not layouts or any(
                not isinstance(p, str) or p not in PARTNERSHIP_FORMS for p in layouts):
            _fail(path, key, "a team layout, or a list of them, from " + ", ".join(PARTNERSHIP_FORMS), value)


def value_text(value) -> str:
    """A setting's value as one word, as records and links write it: ``true``, ``15``, and a list
    of top trumps joined by ``+`` (``5+J+AH``; ``none`` when empty)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "+".join(map(str, value)) or "none"
    return str(value)


def _option_value(option: Option, value):
    """The option's value that ``value`` (or its text, as in a record or a link) stands for."""
    for v in option.values:
        if value == v and type(value) is type(v) or isinstance(value, str) and value == value_text(v):
            return v
        if isinstance(v, list) and isinstance(value, (list, tuple)) and list(value) == v:
            return v
    return None


def setting_kind(section: str, key: str, scoring_kind: str):
    """What a variant file's ``[section] key`` must hold (the kind its loader checks it by), where
    ``scoring_kind`` is the file's ``[scoring] kind``; None for a key the format does not know."""
    if section == "scoring" and key != "kind":
        return _SCORING_KEYS[scoring_kind].get(key)
    return ((_SECTIONS.get(section) or _OPTIONAL_SECTIONS.get(section, {})).get(key)
            or _OPTIONAL_KEYS.get(section, {}).get(key))


def _named_tables(path, data, kind: str, keys: tuple, label_words: str, most: int):
    """The tables ``[kind.<name>]`` of a file (at most ``most``), checked for their keys and a
    label: yields (name, "kind.name", table)."""
    table = data.get(kind, {})
    if not isinstance(table, dict):
        _fail(path, kind, f"tables [{kind}.<name>]", table)
    if len(table) > most:
        _fail(path, kind, f"at most {most} tables [{kind}.<name>]", f"{len(table)} of them")
    for name, spec in table.items():
        where = f"{kind}.{name}"
        if not isinstance(spec, dict):
            _fail(path, where, "a table with " + ", ".join(keys), spec)
        extra = sorted(set(spec) - set(keys))
        if extra:
            _fail(path, f"{where}.{extra[0]}", "no such key; allowed: " + ", ".join(sorted(keys)), spec[extra[0]])
        if not isinstance(spec.get("label"), str) or not spec["label"]:
            _fail(path, f"{where}.label", label_words, spec.get("label"))
        yield name, where, spec


def _parse_options(path, data, settings) -> dict:
    options = {}
    keys = ("label", "setting", "values", "value_sources", "source", "evidence", "note")
    for name, where, spec in _named_tables(path, data, "options", keys, "a short name for the option, in words",
                                          MAX_OPTIONS):
        setting = spec.get("setting")
        section, _, key = setting.partition(".") if isinstance(setting, str) else ("", "", "")
        kind = setting_kind(section, key, settings["scoring"]["kind"]) if section in settings else None
        if kind is None or key == "kind":
            _fail(path, f"{where}.setting", "'section.key' naming a setting of this file, e.g. "
                  "'following.ace_of_hearts_lead'", setting)
        values = spec.get("values")
        if not isinstance(values, list) or not 2 <= len(values) <= MAX_OPTION_VALUES or len(
                set(map(value_text, values))) != len(values):
            _fail(path, f"{where}.values", f"a list of two or more distinct values (at most {MAX_OPTION_VALUES})", values)
        for k, value in enumerate(values):
            if not isinstance(value, (str, int, bool)) and not (kind in ("top", "ranks") and isinstance(value, list)):
                _fail(path, f"{where}.values", "plain values (text, whole numbers, true/false; lists of "
                      "top trumps or of ranks for a setting that is one)", values)
            _check_value(path, f"{where}.values[{k}]", kind, value)
        default = settings[section][key]
        if default != values[0]:
            _fail(path, f"{where}.values", f"the file's own value first ({default!r}, from [{section}])", values)
        by_value = spec.get("value_sources", {})
        known = sources()
        if not isinstance(by_value, dict) or any(
                k not in map(value_text, values) or not isinstance(v, list)
                or any(not isinstance(x, str) or x not in known for x in v)
                for k, v in by_value.items()):
            _fail(path, f"{where}.value_sources", "{value = [source keys]} for values of this option", by_value)
        src, evidence, note = _provenance(path, where, spec)
        options[name] = Option(name, spec["label"], setting, tuple(values), default, src, evidence, note,
                               {k: tuple(v) for k, v in by_value.items()})
    return options


def _parse_presets(path, data, options) -> dict:
    presets = {}
    keys = ("label", "options", "source", "evidence", "note")
    for name, where, spec in _named_tables(path, data, "presets", keys, "the preset's name in words", MAX_PRESETS):
        chosen = spec.get("options")
        if not isinstance(chosen, dict) or not chosen:
            _fail(path, f"{where}.options", "a table {option = value, ...}", chosen)
        for key, value in chosen.items():
            if key not in options:
                _fail(path, f"{where}.options.{key}", "an option declared in [options]: "
                      + (", ".join(options) or "none"), value)
            if _option_value(options[key], value) is None:
                _fail(path, f"{where}.options.{key}", "one of " + ", ".join(map(repr, options[key].values)), value)
        src, evidence, note = _provenance(path, where, spec)
        levels = [grade(src, evidence)] + [options[k].grade_for(_option_value(options[k], v))
                                           for k, v in chosen.items()]
        presets[name] = Preset(name, spec["label"], dict(chosen), src, evidence, note, weakest(levels))
    return presets


def _check_consistency(path, settings) -> None:
    players = settings["players"]
    if not 2 <= players["min"] <= players["default"] <= players["max"] <= MAX_PLAYERS:
        _fail(path, "players", f"2 <= min <= default <= max <= {MAX_PLAYERS}", dict(players.values))
    if settings["robbing"]["rule"] == "rob-or-barred" and settings["scoring"]["kind"] != "pool":
        _fail(path, "robbing.rule", "a rule this game's scoring can keep: 'rob-or-barred' (no pool to "
              "win for a holder who did not rob) needs scoring.kind 'pool'", settings["robbing"]["rule"])
    defaults = players.values.get("default_teams")
    if defaults is not None:
        layouts = [defaults] if isinstance(defaults, str) else defaults
        counts: dict = {}
        for form in layouts:
            sides, size = PARTNERSHIP_FORMS[form]
            if form not in players["partnerships"]:
                _fail(path, "players.default_teams", "layouts listed in players.partnerships ("
                      + (", ".join(players["partnerships"]) or "none") + ")", defaults)
            if not players["min"] <= sides * size <= players["max"]:
                _fail(path, "players.default_teams", f"layouts for {players['min']} to {players['max']} "
                      f"players; {form!r} needs {sides * size}", defaults)
            if sides * size in counts:
                _fail(path, "players.default_teams", f"one layout for each number of players; "
                      f"{counts[sides * size]!r} and {form!r} are both for {sides * size}", defaults)
            counts[sides * size] = form
    if not set(settings["renege"]["cards"]) <= set(settings["trumps"]["top"]):
        _fail(path, "renege.cards", "top trumps listed in trumps.top", settings["renege"]["cards"])
    # The Joker has no suit of its own: it is in play only as a placed top trump, and a top trump
    # can only be a card the pack holds.
    top = settings["trumps"]["top"]
    jokers = settings["pack"]["jokers"] if "pack" in settings else 0
    for token in top:
        if TOP_TRUMPS[token].jokers > jokers:
            _fail(path, "trumps.top", f"top trumps the pack holds: {token!r} ({TOP_TRUMPS[token].words}) "
                  "needs a [pack] section with jokers = 1", top)
    # A bidding game names trumps by auction: no card is turned, so nothing can be robbed, and the
    # deal is scored by its contract.
    deal = settings.get("deal")
    turnup = deal is None or deal["turnup"]
    if ("auction" in settings) == turnup:
        _fail(path, "deal.turnup", "false with an [auction] section (the bidder names trumps), and "
              "true (or no [deal] section) without one", None if deal is None else deal["turnup"])
    if deal is not None and not 0 <= deal["kitty"] <= 5:
        _fail(path, "deal.kitty", "a kitty of 0 to 5 cards", deal["kitty"])
    if deal is not None and deal.values.get("kitty_shown") and not deal["kitty"]:
        _fail(path, "deal.kitty_shown", "false when no kitty is dealt (deal.kitty = 0): there is no top card to show",
              True)
    exchange = settings.get("exchange")
    if exchange is not None and exchange.values.get("four_flip") and exchange["limit"] == "none":
        _fail(path, "exchange.four_flip", "false where there is no exchange (exchange.limit = 'none')", True)
    if exchange is not None and exchange.values.get("dealer_robs") and exchange["limit"] == "none":
        _fail(path, "exchange.dealer_robs", "false where there is no exchange (exchange.limit = 'none')", True)
    if deal is not None and deal["kitty"] and turnup:
        _fail(path, "deal.kitty", "0 in a game with a turn-up (only the bidding games deal a kitty)", deal["kitty"])
    if not turnup:
        if settings["robbing"]["rule"] != "none":
            _fail(path, "robbing.rule", "'none' in a bidding game: no card is turned up to rob",
                  settings["robbing"]["rule"])
        if settings["jinking"]["allowed"]:
            _fail(path, "jinking.allowed", "false in a bidding game: all five tricks are bid for", True)
        if settings["scoring"]["kind"] != "bid":
            _fail(path, "scoring.kind", "'bid' in a bidding game (the contract is scored)",
                  settings["scoring"]["kind"])
    elif settings["scoring"]["kind"] == "bid" or "exchange" in settings:
        _fail(path, "scoring.kind" if settings["scoring"]["kind"] == "bid" else "exchange",
              "an [auction] section: only the bidding games score a contract or exchange cards",
              settings["scoring"]["kind"])
    if "auction" in settings:
        _check_bidding(path, settings)
    if "fiving" in settings and settings["fiving"]["allowed"] and not turnup:
        _fail(path, "fiving.allowed", "false in a bidding game: fiving turns a new trump card", True)
    placed = sum(1 for token in top if TOP_TRUMPS[token].jokers)
    if jokers and not placed:
        _fail(path, "pack.jokers", "the Joker placed among the top trumps too: add 'JK' to trumps.top "
              "where it ranks, e.g. [\"5\", \"J\", \"JK\", \"AH\", \"A\"]", jokers)


def _check_bidding(path, settings) -> None:
    """Rules of a bidding game that only hold together with others: each refused with what is allowed."""
    auction, scoring = settings["auction"], settings["scoring"]
    if auction["sixty_for_120"] == "take-over" and auction["thirty"] not in ("call", "take-over"):
        _fail(path, "auction.sixty_for_120", "a rule that can hold with auction.thirty = "
              f"{auction['thirty']!r}: '60 for 120' as a step above '30 for 60' needs the call '30 for 60' "
              "(auction.thirty 'call' or 'take-over'); otherwise 'none', 'in-the-hole' or 'always'", "take-over")
    if scoring["critical_line"] != 100 and scoring["non_bidder"] not in ("freeze-100", "100-rule-bid-20") \
            and not auction["min_bid_at_100"]:
        _fail(path, "scoring.critical_line", "100 with scoring.non_bidder = "
              f"{scoring['non_bidder']!r} and no least bid at 100: the critical line moves the 100 of "
              "'freeze-100' and '100-rule-bid-20' (and of auction.min_bid_at_100), so choose one of those",
              scoring["critical_line"])
    if scoring["sets_in_a_row"] and not scoring["sets_lose"]:
        _fail(path, "scoring.sets_in_a_row", "false while scoring.sets_lose is 0: failed bids 'in a row' "
              "need a number of failed bids that loses the game (scoring.sets_lose, e.g. 3)", True)
    if scoring["green"] and not 0 < scoring["green"] < scoring["target"]:
        _fail(path, "scoring.green", f"a score between 0 and the target ({scoring['target']})", scoring["green"])


def _provenance(path, section, table):
    src = table.get("source")
    if isinstance(src, str):
        src = [src]
    known = sources()
    if not src or not isinstance(src, list) or any(not isinstance(s, str) or s not in known for s in src):
        _fail(path, f"{section}.source", "a source key (or list of keys) from conf/sources.toml: "
              + ", ".join(known), table.get("source"))
    if table.get("evidence") not in EVIDENCE_LEVELS:
        _fail(path, f"{section}.evidence", "one of " + ", ".join(EVIDENCE_LEVELS), table.get("evidence"))
    note = table.get("note", "")
    if not isinstance(note, str):
        _fail(path, f"{section}.note", "a string", note)
    return tuple(src), table["evidence"], note


def _parse_parts(path, section, parts) -> dict:
    """``[section.parts.clause]`` tables: clauses of a section with their own source, evidence and
    note (:data:`CLAUSES`)."""
    if parts is None:
        return {}
    allowed = CLAUSES.get(section, {})
    if not isinstance(parts, dict) or not parts:
        _fail(path, f"{section}.parts", "tables [" + section + ".parts.<clause>] with source, evidence and note, "
              "for clauses " + (", ".join(allowed) or "(none in this section)"), parts)
    out = {}
    for name, spec in parts.items():
        where = f"{section}.parts.{name}"
        if name not in allowed:
            _fail(path, where, "a clause of [" + section + "]: " + (", ".join(allowed) or "none"), spec)
        if not isinstance(spec, dict) or set(spec) - {"source", "evidence", "note"}:
            _fail(path, where, "a table with source, evidence and note only", spec)
        src, evidence, note = _provenance(path, where, spec)
        out[name] = Setting(where, {}, src, evidence, note)
    return out


def parse_variant(text: str, path: Path) -> Variant:
    """Validate a variant file's text. Raises :class:`VariantError` naming the file and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise VariantError(f"{path}: not a variant file: its arrays or tables are nested too deeply "
                           "(a ruleset nests at most two levels)") from None
    for key in ("id", "name", "era", "summary"):
        if not isinstance(data.get(key), str) or not data.get(key):
            _fail(path, key, "a non-empty string", data.get(key))
    if data["id"] != path.stem:
        _fail(path, "id", f"the file's name, {path.stem!r}", data["id"])
    order = data.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool):       # TOML's true is a bool, not 1
        _fail(path, "order", "a whole number (its place in lists)", data.get("order"))
    settings = {}
    sections = dict(_SECTIONS)
    sections.update({s: keys for s, keys in _OPTIONAL_SECTIONS.items() if s in data})
    for section, keys in sections.items():
        table = data.get(section)
        if not isinstance(table, dict):
            _fail(path, section, f"a table [{section}] with keys {', '.join(keys)}, source, evidence", table)
        wanted = dict(keys)
        if section == "scoring":
            _check_value(path, "scoring.kind", SCORING_KINDS, table.get("kind"))
            wanted.update(_SCORING_KEYS[table["kind"]])
        defaults = _SCORING_DEFAULTS[table["kind"]] if section == "scoring" else {}
        table = {**{k: v for k, v in defaults.items() if k not in table and k in wanted}, **table}
        for key, kind in wanted.items():
            if key not in table:
                _fail(path, f"{section}.{key}", "a value (the key is missing)", None)
            _check_value(path, f"{section}.{key}", kind, table[key])
        optional = {k: kind for k, kind in _OPTIONAL_KEYS.get(section, {}).items() if k in table}
        for key, kind in optional.items():
            _check_value(path, f"{section}.{key}", kind, table[key])
        wanted.update(optional)
        parts = _parse_parts(path, section, table.pop("parts", None)) if isinstance(table, dict) else {}
        extra = set(table) - set(wanted) - {"source", "evidence", "note"}
        if extra:
            _fail(path, f"{section}.{sorted(extra)[0]}", "no such key; allowed: "
                  + ", ".join(list(wanted) + [k for k in _OPTIONAL_KEYS.get(section, {}) if k not in wanted]
                              + ["source", "evidence", "note"]), table[sorted(extra)[0]])
        src, evidence, note = _provenance(path, section, table)
        values = {k: table[k] for k in wanted}
        settings[section] = Setting(section, values, src, evidence, note, parts)
    _check_consistency(path, settings)
    unknown = set(data) - set(_SECTIONS) - set(_OPTIONAL_SECTIONS) - {
        "id", "name", "era", "summary", "order", "options", "presets"}
    if unknown:
        _fail(path, sorted(unknown)[0], "no such key; allowed: id, name, era, summary, order, "
              + ", ".join([*_SECTIONS, *_OPTIONAL_SECTIONS]) + ", options, presets", data[sorted(unknown)[0]])
    options = _parse_options(path, data, settings)
    presets = _parse_presets(path, data, options)
    variant = Variant(data["id"], data["name"], data["era"], data["summary"], data.get("order", 99),
                      path, settings, options, presets)
    for preset in presets:    # every preset must make a consistent ruleset
        try:
            variant.with_options(preset=preset)
        except VariantError as exc:
            _fail(path, f"presets.{preset}", f"options that hold together ({exc})", presets[preset].options)
    return variant


def load_variant_file(path) -> Variant:
    """Read and validate one variant file: :class:`VariantError` naming the file (and the key) if
    it cannot be read, is not UTF-8 text, is larger than a ruleset needs, or is malformed."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise VariantError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise VariantError(f"{path}: too large for a variant file: more than {MAX_FILE_BYTES:,} bytes "
                           "(a ruleset is a few kilobytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise VariantError(f"{path}: not UTF-8 text: byte {exc.start} (line {line}) is "
                           f"{data[exc.start:exc.start + 1]!r}; save the file as UTF-8") from None
    return parse_variant(text, path)


@lru_cache(maxsize=None)
def _all_variants() -> dict:
    found = [load_variant_file(p) for p in sorted((conf_dir() / "variants").glob("*.toml"))]
    return {v.id: v for v in sorted(found, key=lambda v: (v.order, v.id))}


def register_variant(variant: Variant) -> None:
    """Make a ruleset built in code (a known one with a step under trial,
    :func:`maw_sim.steps.with_step`) known by its id, as a file in conf/variants is: a record or a
    link naming it loads it. ValueError when a ruleset has that id already."""
    variants = _all_variants()
    if variant.id in variants:
        raise ValueError(f"a ruleset with the id {variant.id!r} is known already")
    variants[variant.id] = variant


def forget_variant(variant_id: str) -> None:
    """Forget a ruleset made known by :func:`register_variant` (never one of conf/variants)."""
    variant = _all_variants().get(variant_id)
    if variant is None or variant.steps is None:
        raise ValueError(f"{variant_id!r} is no ruleset registered in code")
    del _all_variants()[variant_id]


def variant_ids() -> list:
    """The ids of every variant in conf/variants, in historical order."""
    return list(_all_variants())


def load_variant(variant_id, options=None, preset=None) -> Variant:
    """The variant with this id, with ``options`` (``{"name": value}``) or a named ``preset`` chosen.

    An unknown id is a ``ValueError`` listing the known ids; an unknown option, value or preset a
    ``ValueError`` listing what the variant allows. The same choices give the same (cached) object.
    """
    if isinstance(variant_id, Variant):
        base = variant_id
    else:
        variants = _all_variants()
        try:
            base = variants[variant_id]
        except (KeyError, TypeError):
            raise ValueError(f"unknown variant {shown(variant_id)}; known variants: {', '.join(variants)}") from None
    if not options and preset is None:
        return base
    if not isinstance(options, (dict, type(None))):
        raise ValueError(f"options are given as {{name: value}}, not {options!r}")
    if base is not _all_variants().get(base.id) or not _plain_choices(options, preset):
        return base.with_options(options, preset)      # (refuses what is not a plain choice)
    key = (base.id, preset, json.dumps(sorted((k, repr(v)) for k, v in (options or {}).items())))
    if key not in _CHOSEN:
        _CHOSEN[key] = base.with_options(options, preset)
    return _CHOSEN[key]


def _plain_choices(options, preset) -> bool:
    """Are these choices plain values (names as text; text, small whole numbers, true/false, lists
    of text), fit to be a key of the cache below? Anything else goes to with_options, which refuses it."""
    def plain(value):
        return (isinstance(value, (str, bool)) or isinstance(value, int) and value.bit_length() <= 64
                or isinstance(value, list) and all(isinstance(x, str) for x in value))
    return (preset is None or isinstance(preset, str)) and all(
        isinstance(k, str) and plain(v) for k, v in (options or {}).items())


#: Variants with options chosen, by (id, preset, options): the same choices give the same object,
#: so its rank tables are computed once.
_CHOSEN: dict = {}
