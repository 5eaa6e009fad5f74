"""Bots: a bot is a function of what its seat can see — ``bot(view, rng) -> action``.

A bot receives a :class:`maw_sim.deal.PlayerView` (its own hand and the cards face up,
never another hand) and a ``random.Random``, and returns one of ``view.legal``.
Stronger bots register here under their names; :func:`get_bot` finds them.
"""

from __future__ import annotations

import random

from .heuristic import heuristic_bot
from .random_bot import random_bot
from .registry import BOTS, STUDY_BOTS, register

register("random", random_bot)
register("heuristic", heuristic_bot)


#: The bots as a player chooses them: weakest first, each named by its strength and style, with a
#: line that says how it plays (the page shows it; the technical name is in the details).
LEVELS = (
    ("random", "Beginner", "Plays any card the rules allow, at random."),
    ("heuristic", "Book player", "Follows the old rule books' advice: rob, hold the top trumps for the "
                                 "third trick, jink only with a sure five."),
    ("learned", "Self-taught", "Plays Spoil Five by a small network that taught itself by playing and was "
                               "then taught by a slow searching player: against book players it takes "
                               "about as many pools as Expert, and answers at once. In other games, as "
                               "the Book player."),
    ("pimc", "Strong", "Imagines 8 to 60 deals that fit what it has seen, plays each card out in "
                       "them, and solves the last ten cards exactly."),
    ("ismcts", "Strong, by a search tree", "Searches a tree of choices over 250 deals imagined from "
                                           "what it has seen."),
    ("best", "Expert", "Imagines deals that fit what it has seen and, in each, tries every card it "
                       "could play next as well: the slowest."),
    ("learned-blend", "Self-taught, searching",
     "Weighs each card half by the Self-taught player's judgement and half by playing it out in deals "
     "imagined from what it has seen, with the other players imagined both as Book players and as "
     "searching players, each as far as the cards they have played make likely. In Spoil Five it takes "
     "more pools than Expert against Book players and against Strong players alike. In other games, as "
     "Expert."),
)


def bot_levels() -> list:
    """The bots a player may choose, weakest first: {"name", "label", "text"} for each (a bot
    registered without a line of its own comes last, under its name)."""
    _load_optional()
    known = [{"name": n, "label": label, "text": text} for n, label, text in LEVELS if n in BOTS]
    named = {b["name"] for b in known}
    return known + [{"name": n, "label": n, "text": ""} for n in BOTS if n not in named]


def bot_names() -> list:
    _load_optional()
    return list(BOTS)


def study_bot_names() -> list:
    """Every bot a study or a tournament may name: the players' bots, then those kept for studies."""
    _load_optional()
    return list(BOTS) + list(STUDY_BOTS)


def get_bot(name: str):
    """The bot with this name (a player's or a study's); an unknown name is a ValueError listing
    the known ones."""
    _load_optional()
    try:
        return BOTS[name] if name in BOTS else STUDY_BOTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join([*BOTS, *STUDY_BOTS])}") from None


def _load_optional() -> None:
    """Stronger bots live in their own modules and register themselves when imported."""
    import importlib
    for module in ("maw_sim.bots.search", "maw_sim.bots.ismcts", "maw_sim.bots.deciding", "maw_sim.bots.learned"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def play_deal(deal, bots, rng: random.Random | None = None):
    """Play ``deal`` to its end, ``bots[seat]`` choosing for each seat. Returns the outcome."""
    rng = rng or random.Random(0)
    while deal.to_move is not None:
        seat = deal.to_move
        deal.apply(bots[seat](deal.view(seat), rng))
    return deal.outcome


def play_match(match, bots, deals: int | None = None):
    """Play ``deals`` deals of ``match`` (a :class:`maw_sim.Match`; all of them, until the game is
    won, when None), ``bots[seat]`` choosing for each seat. Returns the match. The bots are seeded
    from the match's seed, so the same match and bots play the same game."""
    rng = random.Random(match.seed ^ 0x5EED)
    count = 0
    while not match.over and (deals is None or count < deals):
        deal = match.new_deal()
        play_deal(deal, bots, rng)
        match.settle(deal)
        count += 1
    return match
