"""The play page's state, declared: the shape of what :func:`maw_sim.seat_state.table_state` builds
for one seat and the page (``docs/_static/maw/table.js``) draws.

Each part is a :class:`typing.TypedDict`; :class:`PageState` is the whole. Every key is always
present (a value that does not apply is ``None``, never a missing key), so the page never guesses;
the one exception is the link's parameters (:class:`Link`), which the page copies into an address.
:func:`problems` checks a value against a part (the tests check every ruleset's states with it),
and :func:`json_schema` writes the same declaration as a JSON Schema, which the browser tests hold
the state the page receives against. Standard library only (it runs in Pyodide).
"""

import functools
import typing
from typing import Dict, List, NotRequired, Optional, TypedDict, Union

#: An option's value as a ruleset file writes it: a number, a yes/no, a word, or a list of words
#: (the top trumps).
OptionValue = Union[bool, int, str, List[str]]


class CardInfo(TypedDict):
    """A card as the page draws it (:func:`maw_sim.words.card_dict`); the Joker has no suit."""
    code: str
    symbol: str
    name: str
    suit: Optional[str]
    red: bool


class HandCard(TypedDict):
    """A card of the seat's own hand: may it be played (or marked) now, and if not, why, with
    the rule's id (:data:`maw_sim.refusals.RULES`) and the sentence split from its sources."""
    code: str
    symbol: str
    name: str
    suit: Optional[str]
    red: bool
    legal: bool
    reason: Optional[str]
    rule: Optional[str]
    reason_plain: Optional[str]
    reason_sources: Optional[str]


class OptionInfo(TypedDict):
    name: str
    label: str
    values: List[OptionValue]
    default: OptionValue
    chosen: OptionValue
    note: Optional[str]
    value_texts: List[str]
    value_words: List[str]
    chosen_text: str
    sources: List[str]


class HouseRule(TypedDict):
    name: str
    label: str
    value: str
    text: str
    sources: List[str]
    evidence: str
    evidence_mark: str


class PresetInfo(TypedDict):
    name: str
    label: str


class Layout(TypedDict):
    value: str
    text: str


class TableChoices(TypedDict):
    """What the settings may offer with these rules (:meth:`maw_sim.variants.Variant.table_choices`)."""
    players: List[int]
    default_players: int
    teams: Dict[str, List[str]]
    default_teams: Dict[str, str]
    option_players: Dict[str, Dict[str, List[int]]]
    preset_players: Dict[str, List[int]]


class VariantInfo(TypedDict):
    id: str
    name: str
    choices: Dict[str, OptionValue]
    options: List[OptionInfo]
    preset: Optional[str]
    house_rules: List[HouseRule]
    presets: List[PresetInfo]
    layouts: Dict[str, List[Layout]]
    table: TableChoices


class Link(TypedDict):
    """What a link to this game carries (the page writes each key as a ?query parameter, so a
    parameter that keeps its default is left out: the only keys that may be missing)."""
    variant: str
    players: int
    seed: int
    game: str
    deal: int
    teams: NotRequired[str]
    humans: NotRequired[str]
    names: NotRequired[str]
    options: NotRequired[str]
    preset: NotRequired[str]


class Trump(TypedDict):
    suit: str
    symbol: str
    name: str
    red: bool


class AuctionCall(TypedDict):
    seat: int
    call: str
    text: str


class ContractInfo(TypedDict):
    bidder: int
    side: int
    bid: int
    call: str
    made_value: Optional[int]
    failed_value: int
    held: bool
    text: str
    words: str


class Exchange(TypedDict):
    seat: int
    cards: int


class Bidding(TypedDict):
    """The bidding games' public state: the auction, the contract, the kitty, the stock."""
    auction: List[AuctionCall]
    contract: Optional[ContractInfo]
    hold: str
    hold_note: Optional[str]
    kitty_size: int
    stock_left: int
    kitty_taken: bool
    called: Optional[CardInfo]
    kitty_shown: Optional[CardInfo]
    exchanged: List[Exchange]
    no_contract: str
    called_words: Optional[str]
    stock_words: Optional[str]


class Select(TypedDict):
    """Cards marked in hand and confirmed (the kitty, the discard): how many."""
    phase: str
    min: int
    max: int
    none: bool
    words: str
    action: str
    none_action: Optional[str]


class Choice(TypedDict):
    action: str
    label: str
    card: Optional[str]
    suit: Optional[str]
    red: bool


class Play(TypedDict):
    seat: int
    card: CardInfo


class TrickInfo(TypedDict):
    leader: int
    winner: Optional[int]
    number: int
    plays: List[Play]


class LastTrick(TypedDict):
    leader: int
    winner: int
    number: int
    plays: List[Play]
    text: str


class SeatInfo(TypedDict):
    seat: int
    name: str
    you: bool
    human: bool
    dealer: bool
    to_move: bool
    cards: int
    tricks: int
    info: str
    side: Optional[int]
    partner: bool
    call: Optional[str]
    bidder: bool
    called_partner: bool
    exchanged: Optional[int]


class Scores(TypedDict):
    """The match's account: the pool and chips (pool games) or each side's points (points games);
    the keys of the other kind are None."""
    kind: str
    pool: Optional[int]
    chips: Optional[List[int]]
    scores: Optional[List[int]]
    names: Optional[List[str]]
    this_deal: Optional[List[int]]
    target: Optional[int]


class OutcomeInfo(TypedDict):
    winner: Optional[int]
    spoilt: bool
    tricks_won: List[int]
    points: List[int]
    text: str


class SheetContract(TypedDict):
    bidder: int
    name: str
    call: str
    held: bool
    made: Optional[bool]


class SheetRow(TypedDict):
    """One finished deal on the score sheet; the pool keys are None in points games, the points
    keys in pool games, ``contract`` outside the bidding games."""
    deal: int
    dealer: int
    winner: Optional[int]
    tricks_won: List[int]
    spoilt: bool
    jinked: bool
    pool: Optional[int]
    chips: Optional[List[int]]
    points: Optional[List[int]]
    totals: Optional[List[int]]
    contract: Optional[SheetContract]


class GameLine(TypedDict):
    number: int
    winner: Optional[int]
    scores: List[int]
    deals: int


class Robber(TypedDict):
    to: int
    won_by: Optional[int]
    text: str


class Sheet(TypedDict):
    kind: str
    names: List[str]
    rows: List[SheetRow]
    contracts: bool
    games: List[GameLine]
    games_won: List[int]
    robber: Optional[Robber]


class StepFact(TypedDict):
    """Something one of the deal's steps showed this seat (:meth:`maw_sim.phases.Step.facts`): a
    sentence, the step's name, and the cards it names (all of them the seat's to know)."""
    step: str
    text: str
    cards: List[CardInfo]


class PageState(TypedDict):
    """The table as one seat sees it: never another seat's cards. ``seed`` and ``link`` are null
    at a table shared by several devices (the seed names every card)."""
    variant: VariantInfo
    default_teams: Optional[str]
    players: int
    seed: Optional[int]
    seat: int
    bot: str
    humans: List[int]
    pass_and_play: bool
    names: Dict[str, str]
    deal_number: int
    teams: Optional[str]
    link: Optional[Link]
    phase: str
    to_move: Optional[int]
    your_turn: bool
    dealer: int
    trump: Optional[Trump]
    turnup: Optional[CardInfo]
    trump_order: List[CardInfo]
    bidding: Optional[Bidding]
    select: Optional[Select]
    hand: List[HandCard]
    choices: List[Choice]
    trick: Optional[TrickInfo]
    before_play: bool
    resting_note: Optional[str]
    trick_note: str
    last_trick: Optional[LastTrick]
    tricks_played: int
    seats: List[SeatInfo]
    scores: Scores
    outcome: Optional[OutcomeInfo]
    match_over: bool
    sheet: Sheet
    prompt: str
    step_facts: List[StepFact]


# -- checking a value, and the declaration as JSON Schema ------------------------------------------

@functools.lru_cache(maxsize=None)
def _hints(kind) -> dict:
    return typing.get_type_hints(kind)


def problems(value, kind=PageState, where: str = "state") -> list:
    """What in ``value`` does not fit ``kind`` (a part declared here, or a type built from them):
    a missing or undeclared key, a value of the wrong type. Empty when it fits."""
    out = []
    _check(value, kind, where, out)
    return out


def _check(value, kind, where, out) -> None:
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is type(None):
        if value is not None:
            out.append(f"{where}: expected null, got {type(value).__name__}")
    elif origin is Union:
        attempts = [problems(value, arm, where) for arm in args]
        if all(attempts):
            out.append(f"{where}: fits none of {_name(kind)}: " + "; ".join(a[0] for a in attempts))
    elif origin in (list, List):
        if not isinstance(value, list):
            out.append(f"{where}: expected a list, got {type(value).__name__}")
        else:
            for i, item in enumerate(value):
                _check(item, args[0], f"{where}[{i}]", out)
    elif origin in (dict, Dict):
        if not isinstance(value, dict):
            out.append(f"{where}: expected an object, got {type(value).__name__}")
        else:
            for key, item in value.items():
                if not isinstance(key, str):
                    out.append(f"{where}: a key that is not text: {key!r}")
                _check(item, args[1], f"{where}[{key!r}]", out)
    elif isinstance(kind, type) and typing.is_typeddict(kind):
        if not isinstance(value, dict):
            out.append(f"{where}: expected a {kind.__name__} object, got {type(value).__name__}")
            return
        hints = _hints(kind)
        for key in kind.__required_keys__ - value.keys():
            out.append(f"{where}: missing key {key!r} ({kind.__name__})")
        for key in value.keys() - hints.keys():
            out.append(f"{where}: undeclared key {key!r} ({kind.__name__})")
        for key in hints.keys() & value.keys():
            _check(value[key], hints[key], f"{where}.{key}", out)
    elif kind is bool:
        if not isinstance(value, bool):
            out.append(f"{where}: expected true or false, got {value!r}")
    elif kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(f"{where}: expected a whole number, got {value!r}")
    elif kind is str:
        if not isinstance(value, str):
            out.append(f"{where}: expected text, got {value!r}")
    else:
        raise TypeError(f"{where}: no check for the type {kind!r}")


def _name(kind) -> str:
    return getattr(kind, "__name__", None) or str(kind).replace("typing.", "")


def json_schema(kind=PageState) -> dict:
    """The declaration of ``kind`` as a JSON Schema (draft 2020-12): each part under ``$defs``,
    every key required (but the link's optional parameters), no other key allowed."""
    defs = {}

    def schema(t):
        origin, args = typing.get_origin(t), typing.get_args(t)
        if t is type(None):
            return {"type": "null"}
        if origin is Union:
            return {"anyOf": [schema(a) for a in args]}
        if origin in (list, List):
            return {"type": "array", "items": schema(args[0])}
        if origin in (dict, Dict):
            return {"type": "object", "additionalProperties": schema(args[1])}
        if isinstance(t, type) and typing.is_typeddict(t):
            if t.__name__ not in defs:
                defs[t.__name__] = {}          # reserved before the fields, for a part met again
                hints = _hints(t)
                defs[t.__name__] = {"type": "object", "description": " ".join((t.__doc__ or "").split()),
                                    "properties": {k: schema(v) for k, v in hints.items()},
                                    "required": [k for k in hints if k in t.__required_keys__],
                                    "additionalProperties": False}
            return {"$ref": f"#/$defs/{t.__name__}"}
        simple = {bool: "boolean", int: "integer", str: "string"}
        if t in simple:
            return {"type": simple[t]}
        raise TypeError(f"no JSON Schema for the type {t!r}")

    top = schema(kind)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": _name(kind),
            **top, "$defs": defs}
