"""Two arms of a study compared deal by deal: a difference or a ratio with its own 95% interval.

The studies play every arm — two variants, two bots, a deal replayed robbing and passing — on the
same deals (common random numbers). Two marginal intervals that overlap then say little: most of
each arm's spread is the luck of the cards, which the two arms share, so the difference between
them is measured far more sharply than either arm. Overlap is not evidence of "no difference", and
the right interval is the difference's own, computed deal by deal.

An arm is a set of observations picked from a study's per-deal rows (``run_study(...,
by_deal=[measure])``) by a filter such as ``{"variant": "spoil-five", "measure": "win_holding",
"key": "five of trumps"}``; a value may be a list (``"key": ["1", "2", "3", "4"]``: the other seats
pooled). An arm may have no observation in some deals (the five of trumps not dealt) and several in
others (every seat's hand), so each estimate is a mean of the arm's observations, and the interval
is clustered by deal: the deals, not the observations, are taken as independent (the usual
cluster-robust variance of a smooth function of means, with the small-sample factor G/(G-1); for
one observation per deal in each arm it is exactly the interval of the mean per-deal difference,
:func:`maw_sim.stats.clustered_mean_interval`). Deals are matched by their index and the number
of players, which fix the shuffle within one study's seed.
"""

from __future__ import annotations

import math

_Z = 1.96


def _wanted(where: dict) -> list:
    """``where`` as (field, accepted values as text), the measure and key first (they pick most)."""
    order = sorted(where, key=lambda f: (f not in ("measure", "key"), f))
    return [(f, {str(w) for w in where[f]} if isinstance(where[f], (list, tuple, set, frozenset))
             else {str(where[f])}) for f in order]


#: The last rows compared, grouped by measure: a page compares many pairs of arms from one study,
#: and each arm names its measure, so the rows are read through once, not once a comparison.
_last = {"rows": None, "length": -1, "by_measure": {}}


def _candidates(rows, where: dict):
    if "measure" not in where or isinstance(where["measure"], (list, tuple, set, frozenset)):
        return rows
    if _last["rows"] is not rows or _last["length"] != len(rows):
        by_measure = {}
        for row in rows:
            by_measure.setdefault(str(row["measure"]), []).append(row)
        _last.update(rows=rows, length=len(rows), by_measure=by_measure)
    return _last["by_measure"].get(str(where["measure"]), [])


def _by_deal(rows, where: dict) -> dict:
    """{(players, deal): [n, total]} over the rows matching ``where``."""
    clusters, matched = {}, False
    wanted = _wanted(where)
    for row in _candidates(rows, where):
        if not all((v if (v := row[f]).__class__ is str else str(v)) in accepted for f, accepted in wanted):
            continue
        matched = True
        deal = row.get("deal")
        if deal is None or deal == "":
            raise ValueError(f"the rows for {where} are not kept by deal; run the study with "
                             f"by_deal=[{where.get('measure', 'the measure')!r}]")
        acc = clusters.setdefault((str(row["players"]), str(deal)), [0, 0.0])
        acc[0] += int(row["n"])
        acc[1] += float(row["total"])
    if not matched:
        raise ValueError(f"no rows match {where}")
    return clusters


def _arms(rows, first: dict, second: dict):
    a, b = _by_deal(rows, first), _by_deal(rows, second)
    deals = sorted(set(a) | set(b))
    na, nb = sum(n for n, _ in a.values()), sum(n for n, _ in b.values())
    ma, mb = sum(t for _, t in a.values()) / na, sum(t for _, t in b.values()) / nb
    # Each deal's contribution to each arm's mean, less its expected share (the influence).
    da = [(a[d][1] - a[d][0] * ma) / na if d in a else 0.0 for d in deals]
    db = [(b[d][1] - b[d][0] * mb) / nb if d in b else 0.0 for d in deals]
    return ma, mb, da, db, len(deals)


def _half(influence, g: int) -> float:
    if g < 2:
        return math.nan
    return _Z * math.sqrt(g / (g - 1) * sum(x * x for x in influence))


def difference(rows, first: dict, second: dict) -> dict:
    """The mean of ``first``'s observations less ``second``'s, with its 95% interval clustered by
    deal: ``{"difference", "low", "high", "first", "second", "deals"}`` (``first`` and ``second``
    being the two arms' means)."""
    ma, mb, da, db, g = _arms(rows, first, second)
    half = _half([x - y for x, y in zip(da, db)], g)
    d = ma - mb
    return {"difference": d, "low": d - half, "high": d + half, "first": ma, "second": mb, "deals": g}


def ratio(rows, first: dict, second: dict) -> dict:
    """The mean of ``first``'s observations over ``second``'s, with its 95% interval clustered by
    deal (the delta method on the log of the ratio, so the interval is not symmetric): ``{"ratio",
    "low", "high", "first", "second", "deals"}``. Both means must be above zero."""
    ma, mb, da, db, g = _arms(rows, first, second)
    if ma <= 0 or mb <= 0:
        raise ValueError(f"a ratio needs two positive means; got {ma:g} and {mb:g}")
    half = _half([x / ma - y / mb for x, y in zip(da, db)], g)
    r = ma / mb
    return {"ratio": r, "low": r * math.exp(-half), "high": r * math.exp(half), "first": ma, "second": mb,
            "deals": g}


def describe(result: dict, percent: bool = False, digits: int = 1) -> str:
    """A comparison in words and figures: ``+2.3 pp [+1.3, +3.3]``, ``2.07× [1.95, 2.23]``."""
    if "ratio" in result:
        return f"{result['ratio']:.2f}× [{result['low']:.2f}, {result['high']:.2f}]"
    scale, unit = (100, " pp") if percent else (1, "")
    return (f"{scale * result['difference']:+.{digits}f}{unit} "
            f"[{scale * result['low']:+.{digits}f}, {scale * result['high']:+.{digits}f}]")
