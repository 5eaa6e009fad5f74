"""Exact solver speed: median and 90th percentile per player count. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/solver_speed.py [--deals 40] [--variant spoil-five]

For each player count, random deals (robbing declined, so play starts at once) are solved from the
first lead (the whole deal) and from the start of the third trick (an endgame of three tricks):
the value for the seat to move, against everybody else (paranoid).
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim import Deal, load_variant  # noqa: E402
from maw_sim.bots import get_bot  # noqa: E402
from maw_sim.solver import _Search  # noqa: E402


def to_play(deal):
    while deal.phase == "rob":
        actions = deal.legal_actions()
        deal.apply("pass" if "pass" in actions else actions[0])
    return deal


def timed(deal):
    search = _Search(deal, deal._side(deal.to_move))
    start = time.perf_counter()
    search.value()
    return time.perf_counter() - start, search.nodes


def figures(times):
    times = sorted(times)
    return statistics.median(times) * 1000, times[int(0.9 * (len(times) - 1))] * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--variant", default=None, help="one variant (default: spoil-five and forty-five)")
    parser.add_argument("--max-players", type=int, default=10)
    parser.add_argument("--whole-max", type=int, default=7,
                        help="solve whole deals up to this many players (beyond, a whole deal can take "
                             "seconds to minutes; endgames are timed for every count)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {args.deals} deals per row; times in ms")
    heuristic = get_bot("heuristic")
    for vid in ([args.variant] if args.variant else ["spoil-five", "forty-five"]):
        v = load_variant(vid)
        print(f"\n{v.name}")
        print(f"{'players':>7} | {'whole deal: median':>18} {'p90':>8} {'nodes':>8} | {'3 tricks left: median':>21} {'p90':>8}")
        for players in range(max(2, v.min_players), min(v.max_players, args.max_players) + 1):
            whole, nodes, end = [], [], []
            for seed in range(args.deals):
                deal = to_play(Deal.random(v, players, seed, dealer=seed % players))
                if players <= args.whole_max:
                    t, k = timed(deal.copy())
                    whole.append(t)
                    nodes.append(k)
                rng = __import__("random").Random(seed)
                while deal.phase != "over" and deal._trick_count < 2:
                    deal.apply(heuristic(deal.view(deal.to_move), rng))
                if deal.phase == "play" and not deal._plays:
                    end.append(timed(deal)[0])
            m, p = figures(whole) if whole else (float("nan"), float("nan"))
            nodes = nodes or [float("nan")]
            em, ep = figures(end) if end else (float("nan"), float("nan"))
            print(f"{players:>7} | {m:>18.1f} {p:>8.1f} {statistics.median(nodes):>8.0f} | {em:>21.2f} {ep:>8.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
