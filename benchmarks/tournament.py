"""Tournament results: each bot as challenger against a field of heuristic players. Prints; asserts nothing.

    .venv/bin/python benchmarks/tournament.py [--deals 1000] [--players 5] [--variant spoil-five]
                                              [--challengers random,heuristic,pimc,best] [--jobs 2]

Deals are replayed with the challenger in every seat (see maw_sim.tournament), split over
``--jobs`` processes by deal index, so the figures are the same whatever the number of processes.
"""
import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim.tournament import check_arguments, play_one, summarise  # noqa: E402


def _chunk(args):
    variant, players, challenger, field, seed, indices = args
    return [play_one(variant, players, challenger, field, seed, i) for i in indices]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--variant", default="spoil-five")
    parser.add_argument("--field", default="heuristic")
    parser.add_argument("--challengers", default="random,heuristic,pimc,ismcts,best")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    print(f"{args.variant}, {args.players} players, field {args.field}, {args.deals} deals each, seed {args.seed}")
    for challenger in args.challengers.split(","):
        check_arguments(args.variant, args.players, challenger, args.field, args.deals, args.seed)
        start = time.perf_counter()
        chunks = [(args.variant, args.players, challenger, args.field, args.seed,
                   range(j, args.deals, args.jobs)) for j in range(args.jobs)]
        with ProcessPoolExecutor(args.jobs) as pool:
            results = [r for part in pool.map(_chunk, chunks) for r in part]
        report = summarise(args.variant, args.players, challenger, args.field, results)
        low, high = report["ci95"]
        print(f"{challenger:>10}: {report['measure']} {report['win_rate']:.3f} (95% CI {low:.3f}-{high:.3f}); "
              f"field {report['field_win_rate']:.3f} per seat; spoilt {report['spoil_rate']:.3f}; "
              f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
