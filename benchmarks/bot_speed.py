"""Bot speed: milliseconds per move, per bot, in CPython. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bot_speed.py [--deals 10] [--players 5] [--variant spoil-five]

The bot sits in one seat (a different one each deal) among heuristic players; every decision it
takes is timed (forced moves, with one legal action, are included: they are part of a game's cost).
The figures are the median, 90th percentile and maximum per decision, and the median by cards in hand.
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim import Deal, load_variant  # noqa: E402
from maw_sim.bots import bot_names, get_bot  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--variant", default="spoil-five")
    parser.add_argument("--bots", default=",".join(bot_names()))
    args = parser.parse_args()
    v = load_variant(args.variant)
    heuristic = get_bot("heuristic")
    print(f"Python {sys.version.split()[0]}; {v.name}, {args.players} players, {args.deals} deals per bot")
    print(f"{'bot':>10} | {'median ms':>9} {'p90':>7} {'max':>7} | median by cards in hand (5 4 3 2 1)")
    for name in args.bots.split(","):
        bot = get_bot(name)
        times, by_hand = [], {}
        for seed in range(args.deals):
            deal = Deal.random(v, args.players, 100 + seed, dealer=seed % args.players)
            me = seed % args.players
            rng = random.Random(seed)
            while deal.to_move is not None:
                view = deal.view(deal.to_move)
                if deal.to_move == me:
                    start = time.perf_counter()
                    action = bot(view, rng)
                    ms = (time.perf_counter() - start) * 1000
                    times.append(ms)
                    by_hand.setdefault(len(view.hand), []).append(ms)
                else:
                    action = heuristic(view, rng)
                deal.apply(action)
        times.sort()
        hand = " ".join(f"{statistics.median(by_hand[k]):6.1f}" if k in by_hand else "     -"
                        for k in (5, 4, 3, 2, 1))
        print(f"{name:>10} | {statistics.median(times):>9.2f} {times[int(0.9 * (len(times) - 1))]:>7.1f} "
              f"{times[-1]:>7.1f} | {hand}", flush=True)


if __name__ == "__main__":
    main()
