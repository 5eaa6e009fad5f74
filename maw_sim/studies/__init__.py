"""Studies: what each historical rule change did to the game, measured over many deals.

A study is a named experiment (:mod:`.experiments`) run over variants, player counts and bots. It
is cut into tasks of a few hundred deals; the tasks run on every core (or a Dask cluster, see
:mod:`.runner`) and each one's tidy rows (:mod:`.tally`) are written as soon as it finishes::

    from maw_sim.studies import run_study, summarise
    rows = run_study("spoil-rate", variants=["spoil-five", "twenty-five"], players=[3, 5], deals=2000)
    for cell in summarise(rows):
        print(cell["variant"], cell["players"], cell["measure"], cell["mean"], cell["low"], cell["high"])

The same from the command line: ``maw-sim study spoil-rate --variants spoil-five,twenty-five``.
"""

from __future__ import annotations

from .experiments import EXPERIMENTS, Experiment, Task, experiment_names, get_experiment, plan, run_task
from .runner import completed
from .paired import difference, ratio
from .tally import COLUMNS, RowWriter, Tally, one, pick, read_rows, summarise

__all__ = ["EXPERIMENTS", "Experiment", "Task", "COLUMNS", "RowWriter", "Tally", "completed", "difference",
           "experiment_names", "get_experiment", "one", "pick", "plan", "ratio", "read_rows", "run_study", "run_task", "summarise"]


def run_study(experiment: str, *, variants=None, players=None, bots=None, deals=None, seed: int = 0,
              workers: int | None = None, scheduler: str | None = None, chunk: int | None = None,
              writer: RowWriter | None = None, progress=None, by_deal=()) -> list:
    """Run a study and return its rows (also written to ``writer`` as each task finishes).

    ``by_deal`` names measures to keep one row per deal (``True``: all), for paired comparisons
    (:mod:`.paired`). ``progress(deals_done, deals_total)`` is called after each task. Bad names or impossible
    parameters raise ValueError before any deal is played. On KeyboardInterrupt the rows written
    so far stay written and the interrupt goes on up."""
    tasks = plan(experiment, variants, players, bots, deals, seed, chunk, by_deal)
    total = sum(t.count for t in tasks)
    rows, done = [], 0
    for task_rows in completed(run_task, tasks, workers, scheduler):
        rows.extend(task_rows)
        if writer is not None:
            writer.write(task_rows)
        done += task_rows[0]["deals"] if task_rows else 0
        if progress is not None:
            progress(done, total)
    return rows
