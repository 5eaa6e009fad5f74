"""A study run in the reader's browser, one small task per request.

The page's Web Worker runs Python on a single thread: a study of a thousand deals done in one
request would freeze the progress bar and make "Stop" useless. So the browser asks for a study
(:class:`BrowserStudy`, checked before anything is played) and then for one *step* at a time — a
task of at most :data:`STEP_DEALS` deals — getting back the summary so far after each. The tasks
and rows are exactly those of ``maw-sim study``, so a result in the browser can be checked on the
command line with the same seed.
"""

from __future__ import annotations

from .experiments import experiment_names, plan, run_task
from .tally import summarise

#: The experiments offered in the browser (``policy`` needs the search bots).
EXPERIMENTS = ("spoil-rate", "top-trumps", "robbing", "fairness")
#: The bots fast enough for a browser (the search bots take ~50 ms a move: minutes a study).
BOTS = ("random", "heuristic")
MAX_DEALS = 20_000
STEP_DEALS = 100


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
        return {"experiment": self.experiment, "variant": self.variant, "compare": self.compare,
                "players": self.players,
                "bot": self.bot, "deals": self.deals, "seed": self.seed, "done": self.done,
                "finished": self.finished, "cells": summarise(self.rows)}
