"""Imagined deals: microseconds to draw one world from a seat's view, and one stand-in from a
seat's record for the review board, per ruleset (maw_sim.resample). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/world_speed.py [--positions 40]

The positions are points in the play of random deals (where the search bots imagine deals), every
ruleset at its usual table; each figure is the best of three timed runs. ``Knowledge(view)`` is
built once a position (as a bot builds it once a decision) and ``world(rng)`` called 20 times.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim.records import GameRecord
import maw_sim  # noqa: E402
from maw_sim import Deal  # noqa: E402
from maw_sim.bots.inference import Knowledge  # noqa: E402
from maw_sim.review import _stand_in  # noqa: E402


def positions(vid, players, count):
    out = []
    seed = 0
    while len(out) < count:
        deal = Deal.random(vid, players, seed, dealer=seed % players)
        rng = random.Random(seed)
        seed += 1
        while deal.to_move is not None and deal.phase != "play":
            deal.apply(rng.choice(deal.legal_actions()))
        for _ in range(rng.randrange(0, 3 * players)):
            if deal.to_move is None:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.to_move is not None and deal.phase == "play":
            out.append(deal)
    return out


def per_world(deals, worlds=20):
    rng = random.Random(1)
    start = time.perf_counter()
    for deal in deals:
        knowledge = Knowledge(deal.view(deal.to_move))
        for _ in range(worlds):
            knowledge.world(rng)
    return (time.perf_counter() - start) / (len(deals) * worlds) * 1e6


def per_stand_in(deals):
    """The review board's stand-in for the record of the seat to move (one a record, seeded)."""
    records = [GameRecord.of_deal(deal).for_seat(deal.to_move) for deal in deals]
    start = time.perf_counter()
    for rec in records:
        _stand_in(rec)
    return (time.perf_counter() - start) / len(records) * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {args.positions} positions a ruleset, 20 worlds each, best of 3")
    tables = [("spoil-five", 10)] + [(vid, maw_sim.load_variant(vid).default_players) for vid in maw_sim.variant_ids()]
    for vid, players in tables:
        deals = positions(vid, players, args.positions)
        best = min(per_world(deals) for _ in range(3))
        record = min(per_stand_in(deals) for _ in range(3))
        print(f"{vid:22} {players:2} players: {best:8.0f} us a world; {record:8.0f} us a stand-in for a record")


if __name__ == "__main__":
    main()
