"""Bots: a bot is a function of what its seat can see — ``bot(view, rng) -> action``.

A bot receives a :class:`maw_sim.deal.PlayerView` (its own hand and the cards face up,
never another hand) and a ``random.Random``, and returns one of ``view.legal``.
Stronger bots register here under their names; :func:`get_bot` finds them.
"""

from __future__ import annotations

import random

from .heuristic import heuristic_bot
from .random_bot import random_bot

BOTS = {
    "random": random_bot,
    "heuristic": heuristic_bot,
}


def register(name: str, bot) -> None:
    """Make a bot available by name (used by the stronger bots' modules)."""
    BOTS[name] = bot


def bot_names() -> list:
    _load_optional()
    return list(BOTS)


def get_bot(name: str):
    """The bot with this name; an unknown name is a ValueError listing the known ones."""
    _load_optional()
    try:
        return BOTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


def _load_optional() -> None:
    """Stronger bots live in their own modules and register themselves when imported."""
    import importlib
    for module in ("maw_sim.bots.search", "maw_sim.bots.ismcts"):
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
