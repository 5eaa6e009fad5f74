"""Tournaments: one challenger bot against a field of copies of another, with the luck taken out.

Card games are mostly luck: one deal's winner was usually dealt the cards. To measure skill, a
tournament deals each hand once and then *replays it* with the challenger in every seat in turn,
the field bot in all the others (a "duplicate" tournament, as at bridge). Over one such group every
seat, and so every hand, has been played once by the challenger; what is left of the difference is
play. Within a group the dealer is fixed; from group to group it moves round the table.

What is measured:

- pool games (Spoil Five, the family game, Cotton's): how often the challenger *takes the pool*;
- points games (Maw, Twenty-Five, Forty-Five, …): the challenger's *points per deal*.

Each comes with a 95% interval that takes the replays of one deal together (clustered by deal,
:func:`maw_sim.stats.clustered_mean_interval`): they share their cards, so they are not separate
observations. Two bots are compared by :func:`compare`: each plays the same deals from the same
seats against the same field, and the report is the mean of the per-deal differences with its own
interval — far narrower than two separate intervals, and the only honest test of "better".

The field's figure is the same measure per field seat, and the spoil rate is the share of deals in
which nobody took three tricks. ``deals`` counts every deal played, replays included.

The work is split into :func:`play_one` (one deal of the tournament, by index: a process pool or a
Dask cluster may run them anywhere, in any order) and :func:`summarise`; :func:`run_tournament`
runs them in turn.
"""

from __future__ import annotations

import hashlib
import random

from .bots import get_bot, play_deal, study_bot_names
from .deal import Deal, check_seed
from .stats import clustered_mean_interval
from .variants import load_variant


def _base_seed(seed: int, group: int) -> int:
    """The deal seed of one group of replays: a hash, so that tournaments with nearby seeds share no deal."""
    digest = hashlib.sha256(b"maw-tournament:%d:%d" % (seed, group)).digest()
    return int.from_bytes(digest[:6], "big")


def _bot(name):
    if callable(name):
        return name
    return get_bot(name)


def check_arguments(variant, players, challenger, field, deals, seed):
    """Refuse impossible arguments before any work: ValueError with what is allowed."""
    v = load_variant(variant)
    v.check_table(players, None)
    for role, name in (("challenger", challenger), ("field", field)):
        if not callable(name):
            if name not in study_bot_names():
                raise ValueError(f"unknown {role} bot {name!r}; known bots: {', '.join(study_bot_names())}")
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ValueError(f"deals must be a whole number, 1 or more; got {deals!r}")
    check_seed(seed)
    return v


def play_one(variant, players: int, challenger, field, seed: int, index: int) -> tuple:
    """Deal number ``index`` of a tournament: the hand of group ``index // players``, the challenger in
    seat ``index % players``. Returns (challenger's score, field seats' total score, spoilt), where a
    score is 1 or 0 for the pool, or points."""
    v = load_variant(variant)
    group, seat = divmod(index, players)
    deal = Deal.random(v, players, _base_seed(seed, group), dealer=group % players)
    bots = [_bot(field)] * players
    bots[seat] = _bot(challenger)
    # Each replay gets its own generator, the same whichever process plays it.
    outcome = play_deal(deal, bots, random.Random(_base_seed(seed, group) * 16 + seat))
    mine, field_total = v.scorer.seat_score(outcome, seat, deal.side_of)
    return mine, field_total, outcome.winner is None


def summarise(variant, players: int, challenger, field, results) -> dict:
    """The report of a tournament from :func:`play_one`'s results."""
    v = load_variant(variant)
    n = len(results)
    mine = [r[0] for r in results]
    field_total = sum(r[1] for r in results)
    spoilt = sum(1 for r in results if r[2])
    mean, low, high = clustered_mean_interval(_by_deal(mine, players))
    if v.scoring_kind == "pool":
        measure = "pool won (share of deals)"
        low, high = max(0.0, low), min(1.0, high)
    else:
        measure = "points per deal"
    return {
        "variant": v.id, "players": players,
        "challenger": _name(challenger), "field": _name(field), "deals": n,
        "measure": measure,
        "win_rate": mean, "ci95": [low, high],
        "field_win_rate": field_total / (n * (players - 1)),
        "spoil_rate": spoilt / n,
    }


def _by_deal(values, players: int) -> list:
    """Values in deal-index order, grouped by the deal they replay (``players`` replays a deal)."""
    return [values[i:i + players] for i in range(0, len(values), players)]


def compare(variant, players: int, first, second, field, deals: int, seed: int, start: int = 0) -> dict:
    """``first`` against ``second``, paired: each plays the same ``deals`` deals of a tournament
    (the same cards, the same seat, the same field around it), and the report is the mean of
    first's score minus second's on each deal, with a 95% interval clustered by deal: ``{"first",
    "second", "field", "deals", "measure", "difference", "ci95", "first_rate", "second_rate"}``.
    An interval wholly above zero says ``first`` is the better player in this field. ``start``: the
    first deal's index (a whole group of replays, a multiple of ``players``), so that a comparison
    can be made on deals no earlier run has seen."""
    v = check_arguments(variant, players, first, field, deals, seed)
    check_arguments(v, players, second, field, deals, seed)
    if not isinstance(start, int) or isinstance(start, bool) or start < 0 or start % players:
        raise ValueError(f"start must be a deal index that begins a group of replays (0, {players}, "
                         f"{2 * players}, …); got {start!r}")
    a = [play_one(v, players, first, field, seed, i)[0] for i in range(start, start + deals)]
    b = [play_one(v, players, second, field, seed, i)[0] for i in range(start, start + deals)]
    difference, low, high = clustered_mean_interval(
        _by_deal([x - y for x, y in zip(a, b)], players))
    return {"variant": v.id, "players": players, "first": _name(first), "second": _name(second),
            "field": _name(field), "deals": deals,
            "measure": "pool won (share of deals)" if v.scoring_kind == "pool" else "points per deal",
            "difference": difference, "ci95": [low, high],
            "first_rate": sum(a) / deals, "second_rate": sum(b) / deals}


def _name(bot) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "__name__", type(bot).__name__)


def run_tournament(variant, players, challenger, field, deals, seed, progress=None) -> dict:
    """Play ``deals`` deals (replays included) of ``variant`` with ``players`` seats: ``challenger``
    (a bot name) in each seat in turn against copies of ``field``. ``progress(done, total)`` is
    called after each deal. Returns ``{"challenger", "field", "deals", "measure", "win_rate",
    "ci95": [low, high], "field_win_rate", "spoil_rate", "variant", "players"}``.

    Bad arguments (an unknown bot, players outside the variant's range, no deals, a bad seed) raise
    ValueError before any deal is played."""
    v = check_arguments(variant, players, challenger, field, deals, seed)
    results = []
    for index in range(deals):
        results.append(play_one(v, players, challenger, field, seed, index))
        if progress is not None:
            progress(index + 1, deals)
    return summarise(v, players, challenger, field, results)


def play_range(job: tuple) -> list:
    """Deals ``first`` … ``first + count - 1`` of a tournament, for a worker process or Dask:
    ``job = (variant id, players, challenger, field, seed, first, count)``. Returns
    ``[(index, result), …]`` with :func:`play_one`'s results."""
    variant, players, challenger, field, seed, first, count = job
    v = load_variant(variant)
    return [(i, play_one(v, players, challenger, field, seed, i)) for i in range(first, first + count)]
