"""The bots by name. Each bot's module registers its bots here when imported; :mod:`maw_sim.bots`
finds them (:func:`maw_sim.bots.get_bot`) and imports the stronger bots' modules on first need,
so this registry sits below every bot and imports none of them.

Some bots exist only for the studies — a variant of a player with one thing changed, so that a
figure can be measured against it (a search bot that values a spoil, a heuristic that plays at
random now and then). They are found by name like the others but are not offered at the table."""

from __future__ import annotations

#: Every bot offered to players, by name, in the order registered.
BOTS: dict = {}
#: The bots kept for studies and tournaments only, by name.
STUDY_BOTS: dict = {}


def register(name: str, bot, study_only: bool = False) -> None:
    """Make a bot available by name (used by the bots' modules); ``study_only``: for studies and
    tournaments, not offered at the table."""
    (STUDY_BOTS if study_only else BOTS)[name] = bot
