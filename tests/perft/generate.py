"""Write the perft corpus: fixed positions of every variant, with the number of legal action
sequences of each length from there (as python-chess pins its move generator with perft files).

The counts are the engine's own at the time of writing: the corpus pins the rules against
regressions in later rewrites. Regenerate only when a rule is *meant* to change, and say so:

    .venv/bin/python tests/perft/generate.py [variant ids…]     (all variants when none is named)
"""
import random
from pathlib import Path

from maw_sim.records import GameRecord
import maw_sim
from maw_sim import Deal

HERE = Path(__file__).resolve().parent
BUDGET = 30_000           # nodes per position: keeps the test to seconds
#: A count over this many budgets is not pinned: an auction's first calls multiply the lines
#: thirtyfold in one step, and a million lines of bids pin nothing that the shallower counts and
#: the corpus's later positions (past the auction) do not, while the test would walk every one.
OVERRUN = 10


def perft(deal, depth: int) -> int:
    """Legal action sequences of length ``depth`` from ``deal`` (a finished line counts once)."""
    return perft_counts(deal, depth)[-1] if depth else 1


def perft_counts(deal, depth: int) -> list:
    """``[perft(deal, 1), …, perft(deal, depth)]`` in one walk of the tree. The last step is counted,
    not played (python-chess's "bulk counting"): each legal action there ends one line, and the
    steps before it were all played, so every count still passes through the engine's ``apply``."""
    if deal.to_move is None:
        return [1] * depth
    legal = deal.legal_actions()
    counts = [len(legal)] + [0] * (depth - 1)
    if depth > 1:
        for action in legal:
            child = deal.copy()
            child.apply(action)
            for d, n in enumerate(perft_counts(child, depth - 1), 1):
                counts[d] += n
    return counts


#: House rules that change what may be done, pinned too: per variant, option sets played at the
#: default table (the file's own rules are always pinned).
OPTION_SETS = {
    "auction-45-merrimack": [{"thirty": "take-over", "sixty_for_120": "take-over", "following": "any-to-plain"},
                             {"four_flip": True}, {"call_partner": True}],
    "auction-45-atlantic": [{"ten": "A+K+Q+J+10+2+3+4+5+6+7+8+9", "thirty": "call"}, {"kitty_shown": True}],
    "auction-45": [{"dealer_robs": True}],
    "twenty-five": [{"best_trump": 5, "jink_wins_game": True}],
}


def positions(vid):
    base = maw_sim.load_variant(vid)
    layouts = [(f"{t}x{s}", t * s) for t, s in base.partnerships]
    setups = [(base, None, base.min_players), (base, None, base.default_players)] + [
        (base, teams, players) for teams, players in layouts[:1]] + [
        (chosen, None, chosen.default_players)
        for chosen in (maw_sim.load_variant(vid, options=o) for o in OPTION_SETS.get(vid, ()))]
    for k, (v, teams, players) in enumerate(setups):
        for stop in (0, 2 * players + 1):
            seed = 100 * k + stop + len(vid)
            deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams)
            rng = random.Random(seed)
            for _ in range(stop):
                if deal.to_move is None:
                    break
                deal.apply(rng.choice(deal.legal_actions()))
            yield deal


def main(ids=None):
    for vid in ids or maw_sim.variant_ids():
        blocks = []
        for deal in positions(vid):
            counts, depth, work = [], 1, 0
            while work < BUDGET and depth <= 5 * deal.players + 2:
                n = perft(deal, depth)
                if n > OVERRUN * BUDGET:
                    break          # an auction's widening: one depth worth many budgets
                counts.append(f"perft {depth} {n}")
                work += n
                depth += 1
                if len(counts) > 1 and counts[-1] == counts[-2]:
                    break          # every line has ended: deeper counts are the same
            blocks.append(GameRecord.of_deal(deal).text() + "\n".join(counts) + "\n")
        (HERE / f"{vid}.perft").write_text("\n".join(blocks), encoding="utf-8")
        print(vid, len(blocks), "positions")


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
