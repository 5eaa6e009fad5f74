"""The bots by name. Each bot's module registers its bots here when imported; :mod:`maw_sim.bots`
finds them (:func:`maw_sim.bots.get_bot`) and imports the stronger bots' modules on first need,
so this registry sits below every bot and imports none of them."""

from __future__ import annotations

#: Every bot known so far, by name, in the order registered.
BOTS: dict = {}


def register(name: str, bot) -> None:
    """Make a bot available by name (used by the bots' modules)."""
    BOTS[name] = bot
