"""The ceiling for a challenger against a heuristic table: a seat that sees every hand and answers
the (deterministic) heuristic players perfectly. Prints; asserts nothing.

    .venv/bin/python benchmarks/oracle_ceiling.py [--deals 1000] [--seed 1]

The same duplicate deals as ``maw-sim tournament`` (group ``i // players``, the challenger in seat
``i % players``); robbing is left to the heuristic, then every card of the challenger's is chosen
by exhaustive search over its own plays with the other seats answering as the heuristic bot would.
No fair bot can do better against this table; the gap to it is the price of not seeing the cards.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim.bots.heuristic import heuristic_bot  # noqa: E402
from maw_sim.bots.search import best_reply  # noqa: E402
from maw_sim.deal import Deal  # noqa: E402
from maw_sim.stats import wilson  # noqa: E402
from maw_sim.tournament import _base_seed  # noqa: E402
from maw_sim.variants import load_variant  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--variant", default="spoil-five")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    v = load_variant(args.variant)
    wins = 0
    for index in range(args.deals):
        group, seat = divmod(index, args.players)
        deal = Deal.random(v, args.players, _base_seed(args.seed, group), dealer=group % args.players)
        while deal.phase == "rob":
            deal.apply(heuristic_bot(deal.view(deal.to_move), None))
        wins += best_reply(deal, seat, heuristic_bot, random.Random(0), depth=6) >= 1
    low, high = wilson(wins, args.deals)
    print(f"{v.name}, {args.players} players, {args.deals} deals, seed {args.seed}: the all-seeing challenger "
          f"takes the pool in {wins / args.deals:.3f} (95% CI {low:.3f}-{high:.3f}) of deals")


if __name__ == "__main__":
    main()
