"""Engine speed: random deals per second through the public API. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/engine_speed.py [--seconds 3]

"Through the public API" means: Deal.random(variant, players, seed), then legal_actions() and
apply() until the deal is over, the choice made uniformly at random. Each figure is the best of
three timed runs (the machine's other load only ever slows a run down).
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import maw_sim  # noqa: E402
from maw_sim import Deal  # noqa: E402
from maw_sim import GameRecord  # noqa: E402
from maw_sim.bots import get_bot, play_deal  # noqa: E402

from naive_playout import playout  # noqa: E402


def random_deals(variant, players, seconds):
    r = random.Random(1).random
    seed = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(200):
            deal = Deal.random(variant, players, seed, seed % players)
            while deal.phase != "over":
                legal = deal.legal_actions()
                deal.apply(legal[int(r() * len(legal))])
            seed += 1
        now = time.perf_counter()
        if now >= end:
            return seed / (now - start)


def naive_deals(seconds):
    seed = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(200):
            playout(seed)
            seed += 1
        now = time.perf_counter()
        if now >= end:
            return seed / (now - start)


def record_costs(variant, players, count=2000):
    """Microseconds a deal: writing its record's text; reading it back and replaying it."""
    rng = random.Random(2)
    deals = []
    for seed in range(count):
        deal = Deal.random(variant, players, seed)
        while deal.phase != "over":
            deal.apply(rng.choice(deal.legal_actions()))
        deals.append(deal)
    t0 = time.perf_counter()
    texts = [GameRecord.of_deal(d).text() for d in deals]
    t1 = time.perf_counter()
    for text in texts:
        GameRecord.parse(text).replay()
    t2 = time.perf_counter()
    return (t1 - t0) / count * 1e6, (t2 - t1) / count * 1e6


def bot_deals(variant, players, bot_name, seconds):
    bots = [get_bot(bot_name)] * players
    rng = random.Random(1)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_deal(Deal.random(variant, players, n, n % players), bots, rng)
        n += 1
    return n / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores; best of 3 runs of {args.seconds}s")
    spoil = maw_sim.load_variant("spoil-five")
    for players in (5, 2, 10):
        best = max(random_deals(spoil, players, args.seconds) for _ in range(3))
        print(f"spoil-five, {players:2} players, random play, public API: {best:10,.0f} deals/s")
        if players == 5:
            naive = max(naive_deals(args.seconds) for _ in range(3))
            print(f"  a plain naive playout (benchmarks/naive_playout.py), same run: {naive:10,.0f} deals/s"
                  f"  -> the engine is {best / naive:.1f}x as fast")
            write, replay = record_costs(spoil, 5)
            print(f"  the record of a deal: text() {write:.0f} us; parse() and replay() {replay:.0f} us"
                  f" (a whole random deal through the API: {1e6 / best:.0f} us)")
    # Every other ruleset at its usual table; the bidding games' deals include the auction, the
    # kitty and the exchange (a random bidder says "pass" or a bid at random, so auctions are short).
    for vid in maw_sim.variant_ids():
        if vid == "spoil-five":
            continue
        v = maw_sim.load_variant(vid)
        players = v.default_players
        best = max(random_deals(v, players, args.seconds / 2) for _ in range(3))
        print(f"{vid}, {players:2} players, random play, public API: {best:10,.0f} deals/s")
    for bot in ("random", "heuristic"):
        rate = bot_deals(spoil, 5, bot, args.seconds)
        print(f"spoil-five, 5 players, every seat '{bot}' via PlayerView: {rate:10,.0f} deals/s")


if __name__ == "__main__":
    main()
