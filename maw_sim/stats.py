"""Confidence intervals for the figures the simulations report.

Every rate the project prints comes with an interval, because a rate from a few thousand deals
of a game this lucky is uncertain in the second decimal place.
"""

from __future__ import annotations

import math


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the textbook ``p ± z·√(p(1−p)/n)`` it stays inside [0, 1] and behaves for rare events
    (a jink, a spoil at two players)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(n: int, total: float, total_sq: float, z: float = 1.96) -> tuple:
    """The normal 95% interval of a mean from its count, sum and sum of squares."""
    if n == 0:
        return (math.nan, math.nan)
    mean = total / n
    var = (total_sq - n * mean * mean) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(max(var, 0.0) / n)
    return (mean - half, mean + half)


def clustered_mean_interval(clusters, z: float = 1.96) -> tuple:
    """The mean of every value in ``clusters`` (a list of lists: the values that share a deal, say)
    and its 95% interval, with the clusters, not the values, taken as independent.

    The replays of one duplicate deal are not independent observations: their scores move together
    (or against each other: one seat's good cards are the others' bad ones), so an interval that
    counts each value as a draw of its own is wrong in either direction. This is the usual
    cluster-robust ("sandwich") variance of a mean, with the small-sample factor G/(G-1)."""
    clusters = [list(c) for c in clusters if len(c)]
    n = sum(len(c) for c in clusters)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(sum(c) for c in clusters) / n
    g = len(clusters)
    if g < 2:
        return (mean, math.nan, math.nan)
    spread = sum((sum(c) - len(c) * mean) ** 2 for c in clusters)
    half = z * math.sqrt(g / (g - 1) * spread) / n
    return (mean, mean - half, mean + half)
