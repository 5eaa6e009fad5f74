"""The experiments' figures at the sample sizes their sentences need, too large for the site build.

The notebooks run at the size the build can afford (the whole suite, site included, must finish in
15 minutes on two cores); where a sentence needs more deals than that, the page cites this script's
figures as measured offline. Every comparison is paired: both arms play the same deals, and the
interval is the difference's own, clustered by deal (:mod:`maw_sim.studies.paired`).

    .venv/bin/python benchmarks/paired_studies.py toptrumps    # 30,000 deals, 5 players
    .venv/bin/python benchmarks/paired_studies.py hold         # 4,000 deals a game
    .venv/bin/python benchmarks/paired_studies.py orders       # all four trump orders, 10,000 deals
    .venv/bin/python benchmarks/paired_studies.py dealer       # the dealer's edge, 20,000 deals
    .venv/bin/python benchmarks/paired_studies.py all --deals-scale 0.1   # a quick look

Each prints the command's figures; ``--seed`` shifts the seeds (the published figures use 0).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from maw_sim import load_variant  # noqa: E402
from maw_sim.studies import difference, one, ratio, run_study, summarise  # noqa: E402
from maw_sim.studies.paired import describe  # noqa: E402
from maw_sim.variants import parse_variant  # noqa: E402

ORDERS = {   # the trump orders of the rule files, each put into Spoil Five's rules
    "modern": ('["5", "J", "AH", "A"]', '["5", "J", "AH"]'),
    "engraving": ('["5", "AH", "J", "A"]', '["5", "AH", "J"]'),
    "cotton": ('["5", "AH", "A", "J"]', '["5", "AH", "A"]'),
}


def spoil_five_with_order(name: str):
    """Spoil Five with only its top trumps (and the reneging privilege, which goes with rank)
    changed to another order, as ``five-fingers-to-knave`` does for Cotton's."""
    modern = load_variant("spoil-five")
    if name == "modern":
        return modern
    top, renege = ORDERS[name]
    text = (modern.path.read_text(encoding="utf-8")
            .replace('id = "spoil-five"', f'id = "spoil-five-{name}-order"')
            .replace('top = ["5", "J", "AH", "A"]', f"top = {top}")
            .replace('cards = ["5", "J", "AH"]', f"cards = {renege}"))
    return parse_variant(text, Path(f"spoil-five-{name}-order.toml"))


def toptrumps(deals: int, seed: int) -> None:
    variants = [spoil_five_with_order("modern"), spoil_five_with_order("cotton")]
    rows = run_study("top-trumps", variants=variants, players=[5], deals=deals, seed=1674 + seed,
                     by_deal=["win_holding"])
    arm = lambda v, key: {"variant": v.id, "measure": "win_holding", "key": key}
    print(f"top-trumps, Spoil Five, 5 players, {deals} deals, seed {1674 + seed}")
    for v in variants:
        print(f"  {v.id}")
        print("    five − ace of hearts:", describe(difference(rows, arm(v, "five of trumps"), arm(v, "ace of hearts")), True))
        print("    five − ace of trumps:", describe(difference(rows, arm(v, "five of trumps"), arm(v, "ace of trumps")), True))
        for key in ("five of trumps", "knave of trumps", "ace of hearts", "ace of trumps"):
            print(f"    {key} ÷ any hand:", describe(ratio(rows, arm(v, key), arm(v, "any hand"))))
    print("  knave, Cotton − modern:", describe(difference(
        rows, arm(variants[1], "knave of trumps"), arm(variants[0], "knave of trumps")), True))


def hold(deals: int, seed: int) -> None:
    rows = run_study("dealer-hold", variants=["one-hundred-and-ten", "auction-45-atlantic"], players=[4],
                     deals=deals, seed=4500 + seed, by_deal=["dealer_points", "dealer_margin"])
    print(f"dealer-hold, 4 players, {deals} deals, seed {4500 + seed}")
    for v in ("one-hundred-and-ten", "auction-45-atlantic"):
        arm = lambda m, k: {"variant": v, "measure": m, "key": k}
        pts = [arm("dealer_points", k) for k in ("hold", "no hold")]
        print(f"  {v}: dealer's points, hold − no hold:", describe(difference(rows, *pts), digits=2),
              "| hold ÷ no hold:", describe(ratio(rows, *pts)))
        for k in ("hold", "no hold"):
            c = one(summarise(rows), variant=v, measure="dealer_margin", key=k)
            print(f"    dealer's margin over the table's average, {k}: {c['mean']:+.2f} [{c['low']:+.2f}, {c['high']:+.2f}]")


def orders(deals: int, seed: int) -> None:
    # No order at all is the family game: Spoil Five with every suit in its ordinary order.
    variants = [spoil_five_with_order(name) for name in ORDERS] + [load_variant("family")]
    rows = run_study("fairness", variants=variants, players=[5], deals=deals, seed=1593 + seed,
                     by_deal=["spoil", "win_by_position"])
    cells = summarise(rows)
    print(f"fairness, Spoil Five with each trump order, 5 players, {deals} deals, seed {1593 + seed}")
    for v in variants:
        spoil = one(cells, variant=v.id, measure="spoil")
        line = f"  {v.id:28} spoil {spoil['mean']:.1%}"
        if v.id != "spoil-five":
            line += " | − modern: " + describe(difference(rows, {"variant": v.id, "measure": "spoil"},
                                                          {"variant": "spoil-five", "measure": "spoil"}), True)
            line += " | dealer wins − modern: " + describe(difference(
                rows, {"variant": v.id, "measure": "win_by_position", "key": "5"},
                {"variant": "spoil-five", "measure": "win_by_position", "key": "5"}), True)
        print(line)


def dealer(deals: int, seed: int) -> None:
    rows = run_study("robbing", variants=["spoil-five"], players=[5], deals=deals, seed=1600 + seed,
                     by_deal=["dealer_edge", "win_by_position"])
    print(f"robbing, Spoil Five, 5 players, {deals} deals, seed {1600 + seed}")
    seat = lambda keys: {"measure": "win_by_position", "key": keys}
    print("  dealer − average other seat:", describe(difference(rows, seat("5"), seat(["1", "2", "3", "4"])), True))
    for turned in ("ace turned", "no ace turned"):
        c = one(summarise(rows), measure="dealer_edge", key=turned)
        print(f"  dealer's edge when {turned}: {c['mean']:+.1%} [{c['low']:+.1%}, {c['high']:+.1%}] over {c['n']} deals")
    # The share of the edge earned in deals with a turned ace: those deals' edge, counted over every
    # deal (0 in the others), over every deal's edge.
    from_aces = [dict(r, key="from turned aces", total=r["total"] if r["key"] == "ace turned" else 0)
                 for r in rows if r["measure"] == "dealer_edge"]
    print("  share of the edge from deals with a turned ace:",
          describe(ratio(rows + from_aces, {"measure": "dealer_edge", "key": "from turned aces"},
                         {"measure": "dealer_edge", "key": ["ace turned", "no ace turned"]})))


STUDIES = {"toptrumps": (toptrumps, 30000), "hold": (hold, 4000), "orders": (orders, 10000),
           "dealer": (dealer, 20000)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("study", choices=[*STUDIES, "all"])
    parser.add_argument("--seed", type=int, default=0, help="added to every study's seed (default 0)")
    parser.add_argument("--deals-scale", type=float, default=1.0, help="multiply every study's deals (default 1)")
    args = parser.parse_args()
    for name in STUDIES if args.study == "all" else [args.study]:
        study, deals = STUDIES[name]
        start = time.perf_counter()
        study(max(2, round(deals * args.deals_scale)), args.seed)
        print(f"  ({time.perf_counter() - start:.0f} s)\n", flush=True)


if __name__ == "__main__":
    main()
