"""The search bots' rollouts: the engine's (a view and the heuristic bot at every card) against the
heuristic's play on bit masks (maw_sim/bots/playout.py), per playout, and the search bots' move
time with and without it. CPU time (``time.process_time``). Prints figures; asserts nothing.

    nice -n 10 .venv/bin/python benchmarks/rollout_speed.py [--deals 200] [--moves 40] [--instructions]

``--instructions`` also counts machine instructions per playout with Valgrind's callgrind (as
benchmarks/engine_instructions.py does: a run of many playouts less a run of few), which the
machine's load does not move; it runs some fifty times slower.

"Without the kernel" is the same bot whose policy is a wrapper around the heuristic bot: the
search bots use the kernel only when the policy is ``heuristic_bot`` itself, so the wrapper takes
the engine's path, as before the kernel, and (tests/test_playout.py checks it) the same moves.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maw_sim import Deal  # noqa: E402
from maw_sim.bots import playout  # noqa: E402
from maw_sim.bots.heuristic import heuristic_bot  # noqa: E402
from maw_sim.bots.ismcts import ISMCTS  # noqa: E402
from maw_sim.bots.search import PIMC, rollout, utility  # noqa: E402

#: (ruleset, players, partnership layout)
TABLES = [("spoil-five", 5, None), ("spoil-five", 2, None), ("forty-five", 4, "2x2"), ("one-hundred-and-ten", 4, None)]


def engine_heuristic(view, rng):
    return heuristic_bot(view, rng)


def positions(vid, players, teams, count):
    """The first card of the play of ``count`` deals, the steps before it played by the heuristic."""
    out = []
    for seed in range(count):
        deal = Deal.random(vid, players, seed, dealer=seed % players, teams=teams)
        while not playout.supports(deal):
            deal.apply(heuristic_bot(deal.view(deal.to_move), None))
        out.append(deal)
    return out


def per_playout(deals):
    """(engine µs, kernel µs) per playout, each valued for seat 0's side."""
    start = time.process_time()
    for deal in deals:
        child = deal.copy()
        rollout(child, heuristic_bot, None)
        utility(child, 0)
    engine = time.process_time() - start
    start = time.process_time()
    for deal in deals:
        utility(deal, 0, False, playout.playout_outcome(deal))
    kernel = time.process_time() - start
    return engine / len(deals) * 1e6, kernel / len(deals) * 1e6


BOTS = {
    "pimc": lambda policy: PIMC(budget=120, solve_when=10, policy=policy),
    "best": lambda policy: PIMC(budget=300, solve_when=0, reply_depth=1, policy=policy),
    "ismcts": lambda policy: ISMCTS(policy=policy),
}


def move_times(moves):
    """Each bot's CPU ms per move, without and with the kernel, over the play-phase decisions of
    five-handed Spoil Five (the heuristic playing the deals), and whether the moves agreed."""
    views = []
    seed = 0
    while len(views) < moves:
        deal = Deal.random("spoil-five", 5, seed, dealer=seed % 5)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if view.phase == "play" and len(view.legal) > 1 and len(views) < moves:
                views.append(view)
            deal.apply(heuristic_bot(view, None))
        seed += 1
    for name, make in BOTS.items():
        figures, chosen = [], []
        for policy in (engine_heuristic, heuristic_bot):
            bot = make(policy)
            start = time.process_time()
            chosen.append([bot(v, random.Random(k)) for k, v in enumerate(views)])
            figures.append((time.process_time() - start) / len(views) * 1e3)
        print(f"  {name:7s} {figures[0]:7.1f} ms → {figures[1]:6.1f} ms a move  (×{figures[0] / figures[1]:.1f}; "
              f"same moves: {chosen[0] == chosen[1]})")


PROGRAM = """
import sys
sys.path.insert(0, sys.argv[1])
from maw_sim import Deal
from maw_sim.bots import playout
from maw_sim.bots.heuristic import heuristic_bot
from maw_sim.bots.search import rollout, utility
vid, players, count, kernel = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "kernel"
deal = Deal.random(vid, players, 1)
while not playout.supports(deal):
    deal.apply(heuristic_bot(deal.view(deal.to_move), None))
for _ in range(count):
    if kernel:
        utility(deal, 0, False, playout.playout_outcome(deal))
    else:
        child = deal.copy()
        rollout(child, heuristic_bot, None)
        utility(child, 0)
"""


def instructions(vid, players, count, how) -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    args = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", PROGRAM,
            root, vid, str(players), str(count), how]
    run = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not found:
        raise SystemExit(f"callgrind failed:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="playouts a table (default 200)")
    parser.add_argument("--moves", type=int, default=40, help="decisions timed a bot (default 40)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (callgrind)")
    args = parser.parse_args()
    print("Per playout from the first card, CPU µs (engine → kernel):")
    for vid, players, teams in TABLES:
        deals = positions(vid, players, teams, args.deals)
        per_playout(deals)                                      # warm the caches
        engine, kernel = per_playout(deals)
        print(f"  {vid:20s} {players} {teams or '':4s} {engine:7.0f} → {kernel:5.0f}  (×{engine / kernel:.1f})")
    if args.instructions:
        print("Per playout, instructions (callgrind; engine → kernel):")
        for vid, players, _ in TABLES[:2]:
            counts = []
            for how in ("engine", "kernel"):
                few, many = instructions(vid, players, 20, how), instructions(vid, players, 220, how)
                counts.append((many - few) / 200)
            print(f"  {vid:20s} {players}  {counts[0]:10,.0f} → {counts[1]:8,.0f}  (×{counts[0] / counts[1]:.1f})")
    print(f"Move time, five-handed Spoil Five, {args.moves} play decisions, CPU (without → with the kernel):")
    move_times(args.moves)


if __name__ == "__main__":
    main()
