"""What the bidding games' match-level customs change: whole games played under each reading.

Some house rules act on the game, not on one deal: a side near the target may score only as the
bidder (the Atlantic "freeze" at 100 and the "105 rule"), a player may go out only by bidding
(One-Hundred-and-Ten's cap at 105). A deal study cannot see them, and a game costs fifteen deals or
so, more than the site build can afford; this script plays them offline and writes its figures,
with its settings, to ``notebooks/data/match-customs.json``, which the page on house rules reads.

Each game is played once under every reading of the custom, from the same seed (so the first
deal's cards are the same, and every game is paired with itself), with heuristic bots in every seat
at the ruleset's usual table. For each game it keeps the number of deals, whether the side that
won the game won it as defenders of the last deal's contract, and whether the side first to reach
100 went on to win. Differences between readings are taken game by game, with 95% intervals.

    .venv/bin/python benchmarks/match_customs.py                # the published figures
    .venv/bin/python benchmarks/match_customs.py --games 20     # a quick look (written elsewhere)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from maw_sim import Match, load_variant  # noqa: E402
from maw_sim.bots import get_bot, play_match  # noqa: E402
from maw_sim.stats import clustered_mean_interval  # noqa: E402

DATA = ROOT / "notebooks" / "data" / "match-customs.json"

#: (ruleset, option): every reading of the option is played.
CUSTOMS = (("auction-45-atlantic", "non_bidder"), ("one-hundred-and-ten", "go_out"))
GAMES = 300
SEED = 8800
MEASURES = ("deals", "won_defending", "first_to_100_wins")


def settings(games: int = GAMES) -> dict:
    return {"customs": [list(c) for c in CUSTOMS], "games": games, "seed": SEED, "bots": "heuristic",
            "table": "the ruleset's usual table", "deals_cap": 400}


def play_game(variant, seed: int) -> dict:
    """One game to its end; what it keeps of it."""
    bot = get_bot("heuristic")
    players = variant.default_players
    match = Match(variant, players, seed=SEED + seed, teams=variant.default_teams(players))
    play_match(match, [bot] * players, deals=400)
    assert match.over, (variant.id, seed)
    winner = match.game_won_by
    last = match.deals[-1].contract
    first_to_100 = next((side for standing in match.standings
                         for side, score in enumerate(standing["scores"]) if score >= 100), None)
    return {"deals": len(match.results),
            "won_defending": int(last is not None and last.side != winner),
            "first_to_100_wins": None if first_to_100 is None else int(first_to_100 == winner)}


def run(games: int = GAMES, first: int = 0) -> dict:
    """Every reading of every custom, games ``first`` … ``first + games - 1``: per-game rows."""
    out = {}
    for variant_id, option in CUSTOMS:
        base = load_variant(variant_id)
        out[f"{variant_id}:{option}"] = {
            str(value): [play_game(base.with_options({option: value}), first + g) for g in range(games)]
            for value in base.options[option].values}
    return out


def figures(games_by_reading: dict) -> list:
    """Each reading's mean per game and its difference from the ruleset's own reading, paired by game."""
    rows = []
    for custom, readings in games_by_reading.items():
        variant_id, option = custom.split(":")
        default = str(load_variant(variant_id).options[option].default)
        for value, games in readings.items():
            for measure in MEASURES:
                pairs = [(g[measure], d[measure]) for g, d in zip(games, readings[default])
                         if g[measure] is not None and d[measure] is not None]
                mean, low, high = clustered_mean_interval([[a] for a, _ in pairs])
                row = {"custom": custom, "reading": value, "measure": measure, "games": len(pairs),
                       "mean": mean, "low": low, "high": high}
                if value != default:
                    row["difference"] = dict(zip(("estimate", "low", "high"),
                                                 clustered_mean_interval([[a - b] for a, b in pairs])))
                rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--out", type=Path, default=None,
                        help=f"where to write (default {DATA.relative_to(ROOT)} at the published size)")
    args = parser.parse_args()
    start = time.perf_counter()
    games = run(args.games)
    record = {"settings": settings(args.games), "figures": figures(games), "games": games}
    out = args.out or (DATA if args.games == GAMES else Path(f"match-customs-{args.games}.json"))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    for f in record["figures"]:
        diff = f.get("difference")
        extra = "" if diff is None else (f"   − ruleset's own: {diff['estimate']:+.3f} "
                                         f"[{diff['low']:+.3f}, {diff['high']:+.3f}]")
        print(f"{f['custom']:34} {f['reading']:18} {f['measure']:18} {f['mean']:.3f} "
              f"[{f['low']:.3f}, {f['high']:.3f}] over {f['games']}{extra}")
    print(f"wrote {out} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
