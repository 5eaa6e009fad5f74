"""An honest protocol for comparing bots: seeds fixed before any result, every variant tried counted.

A bot is tuned by trying variants and keeping the best; measured again on the deals it was tuned on,
the best of many looks better than it is. So the deals are split once, here, in advance:

- **development** (tournament seed ``DEVELOPMENT_SEED``): try as many variants as you like;
- **held-out** (tournament seed ``HELD_OUT_SEED``): a variant is measured there once it is chosen,
  and the held-out figure is the one reported.

The two seeds share no deal (a tournament's deals are hashed from its seed and the group,
:func:`maw_sim.tournament._base_seed`). Every comparison is paired — both bots play the same
``DEALS`` deals from the same seats against the same field (:func:`maw_sim.tournament.compare`),
the interval clustered by deal — and every run, development or held-out, is appended to
``protocol_log.jsonl`` with the bots' settings and its result. ``count`` tells how many distinct
variants were tried on the development deals: a held-out interval should be read against that
number (with k variants, a 1 − 0.05/k interval keeps the chance of a false "better" to 5%).

    nice -n 10 .venv/bin/python benchmarks/protocol.py compare heuristic-deciding heuristic --split development
    nice -n 19 .venv/bin/python benchmarks/protocol.py ceiling --iterations 10000 --deals 3000
    .venv/bin/python benchmarks/protocol.py ceiling --iterations 10000 --deals 150 --summary
    .venv/bin/python benchmarks/protocol.py count

``ceiling`` measures the fair ceiling: a slow, strong fair bot (ISMCTS at many iterations, seeing
only its own view) in one seat against a field of heuristic players on the held-out deals, paired
with the heuristic in that seat. No variant tuned on the development deals can honestly claim more
than that bot takes without being a better player than it. At about ten CPU-seconds a deal it runs
for hours, so it writes each deal's row to ``fair_ceiling_deals.jsonl`` as it goes and resumes
after the last row written; ``--summary`` logs the paired difference over the first ``--deals``
rows (whole groups of replays) without playing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from maw_sim.bots.learned import ROLLOUT_OTHERS  # noqa: E402
from maw_sim.tournament import compare  # noqa: E402

DEVELOPMENT_SEED = 2026
HELD_OUT_SEED = 4242
DEALS = 3000
SPLITS = {"development": DEVELOPMENT_SEED, "held-out": HELD_OUT_SEED}
LOG = Path(__file__).resolve().parent / "protocol_log.jsonl"
CEILING_ROWS = Path(__file__).resolve().parent / "fair_ceiling_deals.jsonl"


def settings_of(bot) -> dict:
    """A bot's name and parameters, as the log keeps them."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from paired_studies import bot_settings
    if isinstance(bot, str):
        return bot_settings(bot)
    from paired_studies import parameters
    return {"name": type(bot).__name__, "kind": type(bot).__name__, **parameters(bot)}


def with_weights(name: str, weights: Path | None, others: str | None = None, others_weights: Path | None = None,
                 network_budget: int | None = None):
    """The learned bot ``name`` with the network read from ``weights`` (logged by its digest) and,
    for learned-blend, ``others`` playing the other seats in its rollouts, by the network read from
    ``others_weights`` where they play by a network, in ``network_budget`` rollouts at full weight
    (all logged too)."""
    from maw_sim.bots.learned import LearnedBlend, LearnedBot, LearnedSearch, read_weights
    kinds = {"learned": LearnedBot, "learned-search": LearnedSearch, "learned-blend": LearnedBlend}
    if name not in kinds:
        raise SystemExit(f"--weights and --others are for a learned bot ({', '.join(kinds)}), not {name!r}")
    settings = {} if weights is None else {"network": read_weights(weights.read_text(encoding="utf-8"))}
    if others is not None:
        if name != "learned-blend":
            raise SystemExit(f"--others is for learned-blend's rollouts, not {name!r}")
        settings["others"] = others
    by_network = {"--others-weights": others_weights, "--network-budget": network_budget}
    given = [option for option, value in by_network.items() if value is not None]
    if given and others in (None, "heuristic"):
        *ways, last = (way for way in ROLLOUT_OTHERS if way != "heuristic")
        ways = f"{', '.join(ways)} or {last}"
        raise SystemExit(f"{' and '.join(given)} {'are' if len(given) > 1 else 'is'} for the rollouts where a network "
                         f"plays the other seats: give --others {ways} with it")
    if others_weights is not None:
        settings["others_network"] = read_weights(others_weights.read_text(encoding="utf-8"))
    if network_budget is not None:
        settings["network_budget"] = network_budget
    return kinds[name](**settings)


def run(first, second, field, split: str, deals: int = DEALS, variant="spoil-five", players: int = 5,
        note: str = "", log: Path = LOG, start: int = 0) -> dict:
    """One paired comparison on one split of the deals (``deals`` of them from index ``start``),
    appended to the log."""
    seed = SPLITS[split]
    clock = time.process_time()
    result = compare(variant, players, first, second, field, deals, seed, start)
    entry = {"when": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
             "split": split, "seed": seed, "variant": result["variant"], "players": players, "deals": deals,
             "start": start, "first": settings_of(first), "second": settings_of(second), "field": settings_of(field),
             "difference": result["difference"], "ci95": result["ci95"],
             "first_rate": result["first_rate"], "second_rate": result["second_rate"],
             "cpu_seconds": round(time.process_time() - clock), "note": note}
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return entry


def ceiling_rows(rows: Path = CEILING_ROWS) -> dict:
    """The fair ceiling's deals played so far, by index."""
    if not rows.exists():
        return {}
    return {r["index"]: r for r in map(json.loads, rows.read_text(encoding="utf-8").splitlines())}


def ceiling_prefix(rows: Path = CEILING_ROWS) -> list:
    """The rows a summary may use: the unbroken run of deals from the first (processes sharing the
    work append them out of order), cut to whole groups of five replays."""
    done = ceiling_rows(rows)
    played = 0
    while played in done:
        played += 1
    return [done[i] for i in range(played - played % 5)]


def play_ceiling(iterations: int, deals: int, rows: Path = CEILING_ROWS, share: tuple = (0, 1)) -> None:
    """Play the fair ceiling's held-out deals not yet in ``rows``, a row each as it is finished:
    the strong bot's result and the heuristic's in the same seat of the same deal. ``share``
    ``(i, k)``: only the groups of replays ``g`` with ``g % k == i``, so that ``k`` processes can
    share the work (each appends whole lines)."""
    part, parts = share
    from maw_sim.bots.ismcts import ISMCTS
    from maw_sim.tournament import play_one
    from maw_sim.variants import load_variant
    variant, bot, done = load_variant("spoil-five"), ISMCTS(iterations=iterations), ceiling_rows(rows)
    for index in range(deals):
        if index in done or (index // 5) % parts != part:
            continue
        start = time.process_time()
        strong = play_one(variant, 5, bot, "heuristic", HELD_OUT_SEED, index)
        heuristic = play_one(variant, 5, "heuristic", "heuristic", HELD_OUT_SEED, index)
        row = json.dumps({"index": index, "iterations": iterations, "first": strong[0], "second": heuristic[0],
                          "cpu": round(time.process_time() - start, 1)})
        # Opened for each row: a file held open for hours keeps writing to a deleted copy if the
        # file is replaced meanwhile (a git checkout or stash of the tree), and its rows are lost.
        with rows.open("a", encoding="utf-8") as out:
            out.write(row + "\n")


def summarise_ceiling(iterations: int, deals: int, rows: Path = CEILING_ROWS, log: Path = LOG,
                      against: str = "heuristic") -> dict:
    """The paired difference over the first ``deals`` rows (whole groups of five replays), logged:
    the strong bot less ``against`` in the same seat of the same deals (the heuristic's results are
    in the rows; another bot is played here, on those deals)."""
    from maw_sim.stats import clustered_mean_interval
    from maw_sim.tournament import _by_deal
    picked = ceiling_prefix(rows)[:deals]
    deals = len(picked)
    if deals == 0:
        raise SystemExit("no whole group of five deals played yet")
    if {r["iterations"] for r in picked} != {iterations}:
        raise SystemExit(f"the rows were not all played at {iterations} iterations")
    first, second = [r["first"] for r in picked], [r["second"] for r in picked]
    if against != "heuristic":
        from maw_sim.tournament import play_one
        from maw_sim.variants import load_variant
        variant = load_variant("spoil-five")
        second = [play_one(variant, 5, against, "heuristic", HELD_OUT_SEED, i)[0] for i in range(deals)]
    difference, low, high = clustered_mean_interval(_by_deal([a - b for a, b in zip(first, second)], 5))
    from maw_sim.bots.ismcts import ISMCTS
    settings = settings_of(ISMCTS(iterations=iterations))
    entry = {"when": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
             "split": "held-out", "seed": HELD_OUT_SEED, "variant": "spoil-five", "players": 5, "deals": deals,
             "first": settings, "second": settings_of(against), "field": settings_of("heuristic"),
             "difference": difference, "ci95": [low, high], "first_rate": sum(first) / deals,
             "second_rate": sum(second) / deals, "cpu_seconds": round(sum(r["cpu"] for r in picked)),
             "note": f"fair ceiling: ISMCTS at {iterations} iterations, rows in {rows.name}"}
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return entry


def variants_tried(log: Path = LOG) -> int:
    """How many distinct (first bot, its settings) were tried on the development deals."""
    if not log.exists():
        return 0
    seen = set()
    for line in log.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["split"] == "development":
            seen.add(json.dumps(entry["first"], sort_keys=True))
    return len(seen)


def _show(entry: dict) -> None:
    print(f"{entry['split']} (seed {entry['seed']}), {entry['variant']}, {entry['players']} players, "
          f"{entry['deals']} deals from {entry.get('start', 0)}: {entry['first']['name']} − {entry['second']['name']} "
          f"{entry['difference']:+.4f} [{entry['ci95'][0]:+.4f}, {entry['ci95'][1]:+.4f}] "
          f"(pool {entry['first_rate']:.4f} vs {entry['second_rate']:.4f}; {entry['cpu_seconds']} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compare", help="a paired comparison on one split, logged")
    c.add_argument("first")
    c.add_argument("second")
    c.add_argument("--field", default="heuristic")
    c.add_argument("--split", choices=list(SPLITS), required=True)
    c.add_argument("--deals", type=int, default=DEALS)
    c.add_argument("--from", dest="start", type=int, default=0,
                   help="the first deal's index (deals no earlier run on this split has played)")
    c.add_argument("--note", default="")
    c.add_argument("--weights", type=Path, help="the first bot (learned, learned-search or learned-blend) reads its network "
                   "from this weights file, not the shipped one")
    c.add_argument("--others", choices=ROLLOUT_OTHERS, help="the first bot, learned-blend: who plays the other seats in "
                   "its rollouts (heuristic players unless given)")
    c.add_argument("--others-weights", type=Path, help="with --others network, read or weighed: the network those "
                   "seats play by (maw_sim/bots/data/learned-spoil-five-searchers.json: players who search), not "
                   "learned-blend's own")
    c.add_argument("--network-budget", type=int, help="with --others network, read or weighed: the rollouts that "
                   "play the other seats by a network, at full weight (learned-blend's budget unless given)")
    f = sub.add_parser("ceiling", help="the fair ceiling: ISMCTS at many iterations on the held-out deals")
    f.add_argument("--iterations", type=int, default=10_000)
    f.add_argument("--deals", type=int, default=DEALS)
    f.add_argument("--summary", action="store_true", help="log the rows played so far; play nothing")
    f.add_argument("--against", default="heuristic", help="with --summary: the bot the ceiling is compared with")
    f.add_argument("--share", default="0/1", help="i/k: play only every k-th group of replays, from the i-th")
    sub.add_parser("count", help="variants tried on the development deals")
    args = parser.parse_args()
    if args.command == "compare":
        learned_options = (args.weights, args.others, args.others_weights, args.network_budget)
        tuned = any(option is not None for option in learned_options)
        first = with_weights(args.first, *learned_options) if tuned else args.first
        _show(run(first, args.second, args.field, args.split, args.deals, note=args.note, start=args.start))
    elif args.command == "ceiling":
        if not args.summary:
            part, parts = (int(x) for x in args.share.split("/"))
            play_ceiling(args.iterations, args.deals, share=(part, parts))
        _show(summarise_ceiling(args.iterations, args.deals, against=args.against))
    print(f"variants tried on the development deals so far: {variants_tried()}")


if __name__ == "__main__":
    main()
