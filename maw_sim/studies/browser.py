"""A study run in the reader's browser, one small task per request.

The page's Web Worker runs Python on a single thread: a study of a thousand deals done in one
request would freeze the progress bar and make "Stop" useless. So the browser asks for a study
(:class:`BrowserStudy`, checked before anything is played) and then for one *step* at a time — a
task of at most :data:`STEP_DEALS` deals — getting back the summary so far after each. The tasks
and rows are exactly those of ``maw-sim study``, so a result in the browser can be checked on the
command line with the same seed.

The page restates nothing of this: it asks for :func:`catalogue` (the experiments, their questions,
the bots and the limits) and draws each report's figures under the labels and in the order the
report gives (:func:`figure_label`, the ``chart`` rows).
"""

from __future__ import annotations

from ..variants import load_variant, variant_ids
from .experiments import experiment_names, get_experiment, plan, run_task
from .tally import summarise

#: The experiments offered in the browser (``policy`` needs the search bots).
EXPERIMENTS = ("spoil-rate", "top-trumps", "robbing", "fairness")
#: The bots fast enough for a browser (the search bots take 15–65 ms a move in CPython, more in
#: Pyodide: minutes a study).
BOTS = ("random", "heuristic")
MAX_DEALS = 20_000
STEP_DEALS = 100

#: What each experiment charts: the measures that are shares of deals, in the chart's order. The
#: table under the chart lists every figure, the averages (tricks, the trick of decision) too.
CHARTED = {
    "spoil-rate": ("spoil", "jink"),
    "top-trumps": ("win_holding",),
    "robbing": ("win_if_rob", "win_if_pass", "win_by_position"),
    "fairness": ("win_by_position", "spoil"),
}
#: The keys in reading order: the top trumps from the highest, who robs, then seats by number.
KEY_ORDER = ("five of trumps", "knave of trumps", "ace of hearts", "ace of trumps", "any hand",
             "no top trump", "ace holder", "dealer")


def figure_label(measure: str, key: str, players: int) -> str:
    """A figure of a study in words: what was counted (``measure``) for whom (``key``)."""
    holder = key if key in ("any hand", "no top trump") else f"the {key}"
    seat = (f"seat {key}" + (" (elder hand)" if key == "1" else " (dealer)" if key == str(players) else ""))
    words = {
        "spoil": "deal spoilt (nobody took three tricks)",
        "jink": "someone took all five tricks",
        "win_holding": f"holder of {holder} wins",
        "tricks_holding": f"holder of {key}: tricks taken",
        "win_if_rob": f"{key} robs: wins", "win_if_pass": f"{key} passes: wins",
        "tricks_if_rob": f"{key} robs: tricks taken", "tricks_if_pass": f"{key} passes: tricks taken",
        "win_by_position": f"{seat} wins",
        "decided_at": "trick after which the result was settled",
        "lead_changes": "changes of leader in a deal",
    }
    return words.get(measure, f"{measure} {key}".strip())


#: The figures that are shares of deals (written as percentages): the charted ones.
_SHARES = {measure for measures in CHARTED.values() for measure in measures}


def _key_rank(key: str) -> tuple:
    if key in KEY_ORDER:
        return (0, KEY_ORDER.index(key))
    return (1, int(key)) if key.isdigit() else (2, key)


def catalogue() -> dict:
    """What the page offers: each experiment with its question, the bots and the limits."""
    variants = [load_variant(v) for v in variant_ids()]
    return {"experiments": [{"id": e, "question": get_experiment(e).question} for e in EXPERIMENTS],
            "bots": list(BOTS), "max_deals": MAX_DEALS,
            "players": {"min": min(v.min_players for v in variants),
                        "max": max(v.max_players for v in variants)}}


class BrowserStudy:
    """One study — an experiment, a variant (or two, compared on the same deals), a number of
    players, a bot — in steps.

    Every parameter is checked first; a bad one is a ValueError whose message says what is allowed,
    and no study is made."""

    def __init__(self, experiment, variant, players, bot, deals, seed, compare=None):
        if experiment not in EXPERIMENTS:
            what = (f"the {experiment} experiment is not offered in the browser"
                    if experiment in experiment_names() else f"unknown experiment {experiment!r}")
            raise ValueError(f"{what}; experiments here: {', '.join(EXPERIMENTS)}")
        if bot not in BOTS:
            raise ValueError(f"bot {bot!r} is not offered in the browser; bots here: {', '.join(BOTS)} "
                             "(the search bots are run with maw-sim study)")
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise ValueError(f"deals must be a whole number from 1 to {MAX_DEALS:,}; got {deals!r}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number; got {players!r}")
        variants = [variant] if compare in (None, "", variant) else [variant, compare]
        # The variants advance together, a step each in turn, on the same deals (the same seeds).
        tasks = plan(experiment, variants, [players], [bot], deals, seed, chunk=STEP_DEALS)
        self.tasks = sorted(tasks, key=lambda t: (t.first, variants.index(t.variant)))
        self.experiment, self.variant, self.players, self.bot = experiment, variants[0], players, bot
        self.compare = variants[1] if len(variants) > 1 else None
        self.deals, self.seed = deals, seed
        self.rows, self.done, self._next = [], 0, 0

    @property
    def finished(self) -> bool:
        return self._next >= len(self.tasks)

    def step(self) -> dict:
        """Play the next task (if any) and report."""
        if not self.finished:
            task = self.tasks[self._next]
            self.rows.extend(run_task(task))
            self._next += 1
            self.done = sum(t.count for t in self.tasks[:self._next] if t.variant == self.variant)
        return self.report()

    def report(self) -> dict:
        """The study so far: every figure (a cell) with its label, in reading order, and the
        chart's rows (a figure charted for each variant compared)."""
        variants = [self.variant] + ([self.compare] if self.compare else [])
        cells = sorted(summarise(self.rows), key=lambda c: (
            c["measure"], _key_rank(c["key"]), variants.index(c["variant"])))
        for cell in cells:
            cell["label"] = figure_label(cell["measure"], cell["key"], self.players)
            cell["share"] = cell["measure"] in _SHARES
        chart = [{"measure": m, "key": c["key"], "label": c["label"]}
                 for m in CHARTED[self.experiment]
                 for c in sorted((c for c in cells if c["measure"] == m and c["variant"] == self.variant),
                                 key=lambda c: _key_rank(c["key"]))]
        names = " compared with ".join(load_variant(v).name for v in variants)
        return {"experiment": self.experiment, "variant": self.variant, "compare": self.compare,
                "players": self.players,
                "bot": self.bot, "deals": self.deals, "seed": self.seed, "done": self.done,
                "finished": self.finished, "cells": cells, "chart": chart,
                "variant_names": {v: load_variant(v).name for v in variants},
                "description": f"{names}, {self.players} players, '{self.bot}' bots in every seat, "
                               f"seed {self.seed}"}
