"""Bot speed: milliseconds per move, per bot, in CPython. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bot_speed.py [--deals 10] [--players 5] [--variant spoil-five] [--teams 2x2]
    .venv/bin/python benchmarks/bot_speed.py --bidding [--deals 10]    # every bidding game

The bot sits in one seat (a different one each deal) among heuristic players; every decision it
takes is timed (forced moves, with one legal action, are included: they are part of a game's cost).
The figures are the median, 90th percentile and maximum per decision, and the median by cards in hand;
for the bidding games also the median of each phase's decisions (bid, trump, kitty, discard, play).
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim import Deal, load_variant, variant_ids  # noqa: E402
from maw_sim.bots import bot_names, get_bot  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--variant", default="spoil-five")
    parser.add_argument("--bots", default=",".join(bot_names()))
    parser.add_argument("--teams", default=None, help="a partnership layout such as 2x2")
    parser.add_argument("--bidding", action="store_true", help="every bidding game at its usual table")
    args = parser.parse_args()
    if args.bidding:
        for variant, players, teams in BIDDING_TABLES:
            if variant in variant_ids():
                measure(load_variant(variant), players, teams, args.deals, args.bots)
        return
    measure(load_variant(args.variant), args.players, args.teams, args.deals, args.bots)


#: The bidding games at the tables their sources describe.
BIDDING_TABLES = [("one-hundred-and-ten", 4, None), ("auction-45", 4, "2x2"),
                  ("auction-45-merrimack", 4, "2x2"), ("auction-45-atlantic", 4, "2x2")]
PHASES = ("bid", "trump", "kitty", "discard", "play")


def measure(v, players, teams, deals, bots):
    heuristic = get_bot("heuristic")
    print(f"Python {sys.version.split()[0]}; {v.name}, {players} players{' ' + teams if teams else ''}, "
          f"{deals} deals per bot")
    print(f"{'bot':>10} | {'median ms':>9} {'p90':>7} {'max':>7} | median by cards in hand (5 4 3 2 1)"
          f" | median by phase ({' '.join(PHASES)})")
    for name in bots.split(","):
        bot = get_bot(name)
        times, by_hand, by_phase = [], {}, {}
        for seed in range(deals):
            deal = Deal.random(v, players, 100 + seed, dealer=seed % players, teams=teams)
            me = seed % players
            rng = random.Random(seed)
            while deal.to_move is not None:
                view = deal.view(deal.to_move)
                if deal.to_move == me:
                    start = time.perf_counter()
                    action = bot(view, rng)
                    ms = (time.perf_counter() - start) * 1000
                    times.append(ms)
                    by_hand.setdefault(len(view.hand), []).append(ms)
                    by_phase.setdefault(view.phase, []).append(ms)
                else:
                    action = heuristic(view, rng)
                deal.apply(action)
        times.sort()
        hand = " ".join(f"{statistics.median(by_hand[k]):6.1f}" if k in by_hand else "     -"
                        for k in (5, 4, 3, 2, 1))
        phase = " ".join(f"{statistics.median(by_phase[k]):6.1f}" if k in by_phase else "     -"
                         for k in PHASES)
        print(f"{name:>10} | {statistics.median(times):>9.2f} {times[int(0.9 * (len(times) - 1))]:>7.1f} "
              f"{times[-1]:>7.1f} | {hand} | {phase}", flush=True)


if __name__ == "__main__":
    main()
