"""Tallies and tidy rows: how a study's numbers are kept, written and summed.

A study runs in *tasks* (a few hundred deals of one variant, player count and bot each). A task
returns a :class:`Tally` — for each measure and key, the count of observations ``n``, their sum
``total`` and their sum of squares ``total_sq`` — and the tally becomes *tidy rows*, one row per
measure and key. Rows from any number of tasks, processes or machines add up; the summary's rate
is ``total / n`` with a 95% interval (Wilson's for a 0/1 measure, the normal one for a mean).

A study asked to keep some measures *by deal* returns, for those, one row per deal and key, with
the deal's index in the ``deal`` column (every other row leaves it empty). The rows still add up
to the same summary; they also let two arms played on the same deals be compared deal by deal
(:mod:`.paired`).
"""

from __future__ import annotations

import csv
import io
import json

from ..stats import mean_interval, wilson

#: The columns of a study's rows, in order (CSV header, JSON keys).
COLUMNS = ("experiment", "variant", "options", "players", "bots", "measure", "key", "n", "total", "total_sq",
           "task", "deals", "deal")

#: The columns that name a cell of the summary: a ruleset with a house rule chosen (``options``, as
#: a record's [Options] tag writes them, ``-`` for none) is a cell of its own.
CELL = ("experiment", "variant", "options", "players", "bots", "measure", "key")


class Tally:
    """Counts, sums and sums of squares per (measure, key)."""

    __slots__ = ("cells",)

    def __init__(self):
        self.cells = {}

    def add(self, measure: str, key, value) -> None:
        cell = self.cells.get((measure, key))
        if cell is None:
            cell = self.cells[(measure, key)] = [0, 0, 0]
        cell[0] += 1
        cell[1] += value
        cell[2] += value * value

    def rows(self, **fields) -> list:
        """The tally as tidy rows, each carrying ``fields`` (experiment, variant, …)."""
        return [dict(fields, measure=measure, key=str(key), n=n, total=total, total_sq=total_sq)
                for (measure, key), (n, total, total_sq) in self.cells.items()]

    def merge(self, other: "Tally", measures=None) -> None:
        """Add ``other``'s cells (only those of ``measures``, if given) to this tally's."""
        for (measure, key), (n, total, total_sq) in other.cells.items():
            if measures is None or measure in measures:
                cell = self.cells.setdefault((measure, key), [0, 0, 0])
                cell[0] += n
                cell[1] += total
                cell[2] += total_sq


def summarise(rows) -> list:
    """Add up rows by cell; one dict per cell with ``n``, ``mean``, ``low``, ``high`` (95%)."""
    cells = {}
    for row in rows:
        cell = tuple(row.get(c, "-") for c in CELL)     # rows written before options were kept: none
        acc = cells.setdefault(cell, [0, 0, 0])
        acc[0] += int(row["n"])
        acc[1] += float(row["total"])
        acc[2] += float(row["total_sq"])
    out = []
    for cell, (n, total, total_sq) in cells.items():
        binary = total == total_sq          # every observation 0 or 1: a proportion
        low, high = wilson(round(total), n) if binary else mean_interval(n, total, total_sq)
        out.append(dict(zip(CELL, cell), n=n, mean=total / n if n else float("nan"), low=low, high=high))
    return out


class RowWriter:
    """Rows to a file as they come — CSV (with a header) or JSON lines — flushed at once, so an
    interrupted study leaves every finished task's rows behind."""

    def __init__(self, stream, fmt: str):
        if fmt not in ("csv", "jsonl"):
            raise ValueError(f"unknown format {fmt!r}; use csv or jsonl")
        self.stream, self.fmt = stream, fmt
        if fmt == "csv":
            stream.write(self._text([dict(zip(COLUMNS, COLUMNS))]))

    def write(self, rows) -> None:
        # One write call per task: Ctrl-C is handled between Python steps, never inside a single
        # write, so a task's rows reach the file whole or not at all.
        self.stream.write(self._text(rows))
        self.stream.flush()

    def _text(self, rows) -> str:
        if self.fmt == "jsonl":
            return "".join(json.dumps({c: row.get(c) for c in COLUMNS}) + "\n" for row in rows)
        buffer = io.StringIO()
        csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n", restval="").writerows(rows)
        return buffer.getvalue()


def read_rows(path_or_text) -> list:
    """Rows back from a CSV or JSON-lines file (or its text)."""
    text = path_or_text
    if "\n" not in str(path_or_text):
        with open(path_or_text, encoding="utf-8") as f:
            text = f.read()
    if text.lstrip().startswith("{"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return list(csv.DictReader(io.StringIO(text)))


def pick(cells, **where) -> list:
    """The summary cells matching every ``field=value`` (values compared as text, so
    ``players=5`` matches rows read back from a CSV file)."""
    return [c for c in cells if all(str(c[k]) == str(v) for k, v in where.items())]


def one(cells, **where) -> dict:
    """The single summary cell matching ``where``; a ValueError if there is none or several."""
    found = pick(cells, **where)
    if len(found) != 1:
        raise ValueError(f"{len(found)} cells match {where}, expected one")
    return found[0]
