"""Variants: each ruleset of the Maw family is a TOML file in ``conf/variants``.

The file is the single source of truth for a rule: the engine plays it, the site
draws its tables from it, the browser asks the engine about it. Every setting
(a TOML table) says where it comes from (``source``: keys of ``conf/sources.toml``)
and how sure we are (``evidence``: attested, reconstructed or conjectural), with a
``note`` in plain words. A bad file is refused when loaded, with the file, the key
and what was expected.

How a trump suit ranks is derived, never typed twice: the variant's *top trumps*
come first (``5`` the five of trumps or "five fingers", ``J`` the knave of
trumps, ``AH`` the ace of hearts, ``A`` the ace of trumps; when hearts are
trumps ``AH`` and ``A`` are one card), then the rest of the trump suit in that
suit's plain order. So in Spoil Five with clubs trumps::

    5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣

and the plain diamonds run K Q J 10 … 2 A: "high in red, low in black", which
makes the ace of diamonds, when not trumps, the worst card in the pack.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from .cards import RED_SUITS, SUITS, Card

EVIDENCE_LEVELS = ("attested", "reconstructed", "conjectural")
TOP_TRUMP_TOKENS = {"5": "the five of trumps", "J": "the knave of trumps",
                    "AH": "the ace of hearts", "A": "the ace of trumps"}
FOLLOWING_RULES = {
    "may-trump": "to a plain lead, follow suit or trump; never discard from another plain suit when able to follow",
    "must-follow": "whist rules: follow suit if able; trump only when void in the suit led",
}
ACE_OF_HEARTS_LEADS = {"trump": "the ace of hearts led is a trump lead",
                       "hearts": "the ace of hearts led calls for hearts (or a trump)"}
ROBBING_RULES = {"optional": "the holder of the ace of trumps may rob the turn-up",
                 "compulsory": "the holder of the ace of trumps must rob the turn-up",
                 "none": "no robbing"}
SCORING_KINDS = ("pool", "points")
PARTNERSHIP_FORMS = {"2x2": (2, 2), "3x2": (3, 2), "4x2": (4, 2), "5x2": (5, 2),
                     "2x3": (2, 3), "3x3": (3, 3)}
RANK_TOKENS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(r): r for r in range(2, 11)}}

# What each section of a variant file holds: key -> (type check, description of what is expected).
_SECTIONS = {
    "players": {"min": "int", "max": "int", "default": "int", "partnerships": "partnerships"},
    "trumps": {"top": "top"},
    "plain": {"red": "ranks", "black": "ranks"},
    "renege": {"cards": "top"},
    "following": {"rule": FOLLOWING_RULES, "ace_of_hearts_lead": ACE_OF_HEARTS_LEADS},
    "robbing": {"rule": ROBBING_RULES, "turned_ace_to_dealer": "bool"},
    "jinking": {"allowed": "bool"},
    "scoring": {"kind": SCORING_KINDS},
}
_SCORING_KEYS = {
    "pool": {"ante": "int", "dealer_stake": "int", "spoil_addition": "int", "jink_bonus": "int"},
    "points": {"per_trick": "int", "best_trump": "int", "target": "int", "jink_wins_game": "bool",
               "turnup_ace_of_hearts": "int"},
}


class VariantError(ValueError):
    """A variant file is malformed: the message names the file, the key and what was expected."""


def _conf_dir() -> Path:
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


@lru_cache(maxsize=None)
def sources() -> dict:
    """The bibliography a variant may cite: key -> :class:`Source`."""
    path = _conf_dir() / "sources.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {key: Source(key, entry["label"], str(entry.get("year", "")), bool(entry.get("primary")),
                        tuple(entry.get("reported_by", ())))
            for key, entry in data.items()}


@dataclass(frozen=True)
class Setting:
    """One section of a variant file: its values, where they come from and how sure we are."""
    section: str
    values: dict
    sources: tuple
    evidence: str
    note: str

    def __getitem__(self, key):
        return self.values[key]

    def cite(self) -> str:
        """The sources in words, with the evidence level: for explanations."""
        labels = "; ".join(sources()[k].label for k in self.sources)
        return f"{labels} ({self.evidence})"


@dataclass(frozen=True)
class Variant:
    """A ruleset, loaded and validated from ``conf/variants/<id>.toml``."""
    id: str
    name: str
    era: str
    summary: str
    order: int
    path: Path
    settings: dict = field(repr=False)

    # -- the settings, by name -------------------------------------------------------
    @cached_property
    def min_players(self) -> int:
        return self.settings["players"]["min"]

    @cached_property
    def max_players(self) -> int:
        return self.settings["players"]["max"]

    @cached_property
    def default_players(self) -> int:
        return self.settings["players"]["default"]

    @cached_property
    def partnerships(self) -> tuple:
        """Allowed team layouts as (teams, players per team), e.g. ((2, 2), (3, 2))."""
        return tuple(PARTNERSHIP_FORMS[p] for p in self.settings["players"]["partnerships"])

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

    # -- rankings ------------------------------------------------------------------
    def top_trump_card(self, token: str, trump: str) -> Card:
        return {"5": Card(5, trump), "J": Card(11, trump), "AH": Card(1, "H"), "A": Card(1, trump)}[token]

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

    def tables(self, trump: str) -> "RankTables":
        """Precomputed integer tables for the engine's hot loop (cached on this variant, per trump suit)."""
        cache = self.__dict__.setdefault("_tables_cache", {})
        try:
            return cache[trump]
        except KeyError:
            suit = _check_suit(trump)
            cache[trump] = cache[suit] = _tables(self, suit)
            return cache[trump]

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
    """A variant's rules for one trump suit, as integers indexed by card index (0..51).

    ``power[i]``: strength of card i; trumps are 100 and above, so any trump beats any plain card.
    ``suit_of[i]``: the suit the card belongs to in play (0..3): the trump suit for every trump,
    so the ace of hearts follows trumps, not hearts.
    ``suit_mask[s]``: the cards that belong to suit s in play; ``trump_mask`` the trumps.
    ``renege_over[i]``: for a trump i led, the privileged trumps higher than i (they may renege).
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


def _tables(variant: Variant, trump: str) -> RankTables:
    power = [0] * 52
    suit_of = [0] * 52
    trumps = variant.trump_ranking(trump)
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
    for i in range(52):
        suit_mask[suit_of[i]] |= 1 << i
    trump_mask = suit_mask[t_index]
    renege = variant.renege_cards(trump)
    renege_over = [0] * 52
    for card in trumps:
        for r in renege:
            if power[r.index] > power[card.index]:
                renege_over[card.index] |= 1 << r.index
    lead_suit_of = list(suit_of)
    ace_hearts = Card(1, "H").index
    if variant.ace_of_hearts_lead == "hearts" and suit_of[ace_hearts] == t_index and trump != "H":
        lead_suit_of[ace_hearts] = SUITS.index("H")
    win_key = tuple(tuple(power[i] if suit_of[i] in (s, t_index) else -1 for i in range(52))
                    for s in range(4))
    return RankTables(trump, t_index, tuple(power), tuple(suit_of), tuple(suit_mask), trump_mask,
                      tuple(renege_over), tuple(lead_suit_of), tuple(trumps), win_key)


# -- loading and validation ----------------------------------------------------------

def _fail(path: Path, key: str, expected: str, got) -> None:
    raise VariantError(f"{path}: key '{key}': expected {expected}; got {got!r}")


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
        if (not isinstance(value, list) or any(t not in TOP_TRUMP_TOKENS for t in value)
                or len(set(value)) != len(value)):
            _fail(path, key, "a list of distinct top-trump tokens from '5', 'J', 'AH', 'A'", value)
    elif kind == "ranks":
        if not isinstance(value, list) or sorted(value, key=str) != sorted(RANK_TOKENS, key=str):
            _fail(path, key, "a list of the thirteen ranks A, 2 … 10, J, Q, K, each once, highest first", value)
    elif kind == "partnerships":
        if not isinstance(value, list) or any(p not in PARTNERSHIP_FORMS for p in value):
            _fail(path, key, "a list of team layouts from " + ", ".join(PARTNERSHIP_FORMS), value)


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


def parse_variant(text: str, path: Path) -> Variant:
    """Validate a variant file's text. Raises :class:`VariantError` naming the file and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{path}: not valid TOML: {exc}") from None
    for key in ("id", "name", "era", "summary"):
        if not isinstance(data.get(key), str) or not data.get(key):
            _fail(path, key, "a non-empty string", data.get(key))
    if data["id"] != path.stem:
        _fail(path, "id", f"the file's name, {path.stem!r}", data["id"])
    if not isinstance(data.get("order", 0), int):
        _fail(path, "order", "a whole number (its place in lists)", data.get("order"))
    settings = {}
    for section, keys in _SECTIONS.items():
        table = data.get(section)
        if not isinstance(table, dict):
            _fail(path, section, f"a table [{section}] with keys {', '.join(keys)}, source, evidence", table)
        wanted = dict(keys)
        if section == "scoring":
            _check_value(path, "scoring.kind", SCORING_KINDS, table.get("kind"))
            wanted.update(_SCORING_KEYS[table["kind"]])
        for key, kind in wanted.items():
            if key not in table:
                _fail(path, f"{section}.{key}", "a value (the key is missing)", None)
            _check_value(path, f"{section}.{key}", kind, table[key])
        extra = set(table) - set(wanted) - {"source", "evidence", "note"}
        if extra:
            _fail(path, f"{section}.{sorted(extra)[0]}", "no such key; allowed: "
                  + ", ".join(list(wanted) + ["source", "evidence", "note"]), table[sorted(extra)[0]])
        src, evidence, note = _provenance(path, section, table)
        values = {k: table[k] for k in wanted}
        settings[section] = Setting(section, values, src, evidence, note)
    players = settings["players"]
    if not 2 <= players["min"] <= players["default"] <= players["max"] <= 10:
        _fail(path, "players", "2 <= min <= default <= max <= 10", dict(players.values))
    if not set(settings["renege"]["cards"]) <= set(settings["trumps"]["top"]):
        _fail(path, "renege.cards", "top trumps listed in trumps.top", settings["renege"]["cards"])
    unknown = set(data) - set(_SECTIONS) - {"id", "name", "era", "summary", "order"}
    if unknown:
        _fail(path, sorted(unknown)[0], "no such key; allowed: id, name, era, summary, order, "
              + ", ".join(_SECTIONS), data[sorted(unknown)[0]])
    return Variant(data["id"], data["name"], data["era"], data["summary"], data.get("order", 99),
                   path, settings)


def load_variant_file(path) -> Variant:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantError(f"{path}: cannot be read: {exc.strerror}") from None
    return parse_variant(text, path)


@lru_cache(maxsize=None)
def _all_variants() -> dict:
    found = [load_variant_file(p) for p in sorted((_conf_dir() / "variants").glob("*.toml"))]
    return {v.id: v for v in sorted(found, key=lambda v: (v.order, v.id))}


def variant_ids() -> list:
    """The ids of every variant in conf/variants, in historical order."""
    return list(_all_variants())


def load_variant(variant_id) -> Variant:
    """The variant with this id. An unknown id is a ``ValueError`` listing the known ids."""
    if isinstance(variant_id, Variant):
        return variant_id
    variants = _all_variants()
    try:
        return variants[variant_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {variant_id!r}; known variants: {', '.join(variants)}") from None
