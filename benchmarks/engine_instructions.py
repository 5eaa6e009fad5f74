"""Engine cost in instructions: machine instructions per random deal, counted by Valgrind's
callgrind, for this checkout and optionally another tree (an older commit's worktree). Prints
figures; asserts nothing.

    .venv/bin/python benchmarks/engine_instructions.py [--base /tmp/base]

Wall-clock rates (benchmarks/engine_speed.py) move with the machine's load, by up to a quarter on
a shared virtual machine; an instruction count does not. Each figure is the difference between a
run of ``many`` deals and a run of ``few``, divided by the difference, so start-up and imports
cancel out. Needs ``valgrind`` on the PATH; it runs each program some fifty times slower.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

#: (ruleset, players, few, many, bots): bots None for random legal actions through the public API,
#: else every seat is that bot, playing through its PlayerView.
ROWS = [
    ("spoil-five", 2, 200, 2200, None), ("spoil-five", 5, 100, 1100, None), ("spoil-five", 10, 50, 550, None),
    ("twenty-five", 4, 100, 700, None), ("forty-five", 4, 100, 700, None), ("atlantic", 4, 100, 700, None),
    ("one-hundred-and-ten", 4, 100, 700, None), ("auction-45", 4, 100, 700, None),
    ("auction-45-atlantic", 4, 100, 700, None),
    ("spoil-five", 5, 20, 220, "random"), ("spoil-five", 5, 20, 120, "heuristic"),
]

# The program callgrind counts: N deals of a ruleset from a given tree.
PROGRAM = """
import random, sys
sys.path.insert(0, sys.argv[1])
from maw_sim import Deal, load_variant
v, players, count = load_variant(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
bot = sys.argv[5] if len(sys.argv) > 5 else None
if bot is None:
    r = random.Random(1).random
    for n in range(count):
        deal = Deal.random(v, players, n, n % players)
        while deal._phase != "over":      # the field, not the property: count the engine, not the loop
            legal = deal.legal_actions()
            deal.apply(legal[int(r() * len(legal))])
else:
    from maw_sim.bots import get_bot, play_deal
    bots, rng = [get_bot(bot)] * players, random.Random(1)
    for n in range(count):
        play_deal(Deal.random(v, players, n, n % players), bots, rng)
"""


def instructions(tree, vid, players, count, bot) -> int:
    args = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", PROGRAM,
            tree, vid, str(players), str(count)] + ([bot] if bot else [])
    run = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not found:
        raise SystemExit(f"callgrind failed for {vid} in {tree}:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_deal(tree, vid, players, few, many, bot) -> int:
    return (instructions(tree, vid, players, many, bot) - instructions(tree, vid, players, few, bot)) // (many - few)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="another checkout to compare with (e.g. a worktree of an older commit)")
    args = parser.parse_args()
    here = os.path.dirname(HERE)
    print("instructions per deal" + (f"; base {args.base}" if args.base else ""))
    for vid, players, few, many, bot in ROWS:
        label = f"{vid}, {players}" + (f", {bot} bots" if bot else "")
        now = per_deal(here, vid, players, few, many, bot)
        if args.base:
            then = per_deal(args.base, vid, players, few, many, bot)
            print(f"{label:38} base {then:>11,}  now {now:>11,}  speed x{then / now:.3f}", flush=True)
        else:
            print(f"{label:38} {now:>11,}", flush=True)


if __name__ == "__main__":
    main()
