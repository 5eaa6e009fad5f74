"""Solver time per position on the review page: what the marks on one position cost. Prints
figures; asserts nothing.

    .venv/bin/python benchmarks/review_speed.py [--deals 10] [--players 5]
    make wheel && node benchmarks/pyodide_review_speed.mjs [deals]     (the same, inside Pyodide)

Deals are played by the heuristic bot at every seat (so the positions are the ones a review of a
real game meets); every position with a player to move is valued as the review page values it —
:func:`maw_sim.analysis.analyse`, every legal action solved exactly. The first position of a deal
(robbing or the first lead, the whole deal still to play) is by far the dearest, so it is also
shown on its own; and the positions are timed again as the page asks for them, within the
review's search budget (a position over it is declined in words, with an offer to wait for it).
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim import Deal  # noqa: E402
from maw_sim.analysis import TooLong, analyse  # noqa: E402
from maw_sim.review import NODE_LIMIT  # noqa: E402
from maw_sim.bots import get_bot  # noqa: E402


def timings(vid: str, players: int, deals: int, seed: int = 0):
    """Seconds for every position (exact, no budget), for each deal's first position, and, with
    the review's budget, the time the page waits and the positions it declines as too long."""
    bot = get_bot("heuristic")
    every, first, budgeted, too_long = [], [], [], 0
    for k in range(deals):
        deal = Deal.random(vid, players, seed + k, dealer=k % players)
        rng = random.Random(k)
        start_of_deal = True
        while deal.to_move is not None:
            t0 = time.perf_counter()
            try:
                analyse(deal, node_limit=NODE_LIMIT)
            except TooLong:
                too_long += 1
            budgeted.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            analyse(deal)
            spent = time.perf_counter() - t0
            every.append(spent)
            if start_of_deal:
                first.append(spent)
                start_of_deal = False
            deal.apply(bot(deal.view(deal.to_move), rng))
    return every, first, budgeted, too_long


def _p90(xs):
    xs = sorted(xs)
    return xs[int(0.9 * (len(xs) - 1))]


def report(vid: str, players: int, deals: int, where: str) -> str:
    every, first, budgeted, too_long = timings(vid, players, deals)
    ms = 1000
    return (f"{vid}, {players} players, {deals} deals ({len(every)} positions, {where})\n"
            f"  exact, every position: median {statistics.median(every) * ms:.1f} ms, "
            f"p90 {_p90(every) * ms:.1f} ms, max {max(every) * ms:.1f} ms\n"
            f"  exact, first position of a deal: median {statistics.median(first) * ms:.1f} ms, "
            f"p90 {_p90(first) * ms:.1f} ms\n"
            f"  with the page's budget ({NODE_LIMIT} positions searched): median "
            f"{statistics.median(budgeted) * ms:.1f} ms, p90 {_p90(budgeted) * ms:.1f} ms, "
            f"max {max(budgeted) * ms:.1f} ms; declined as too long: {too_long} of {len(budgeted)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} (CPython); the review page's goal: 200 ms median in Pyodide")
    for vid in ("spoil-five", "forty-five"):
        print(report(vid, args.players, args.deals, "CPython"), flush=True)


if __name__ == "__main__":
    main()
