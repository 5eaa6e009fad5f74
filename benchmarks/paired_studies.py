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

Every headline against stronger players: ``fields`` plays each notebook's central figure again
with a search bot in every seat (and the heuristic on the same deals, so the two fields are
compared deal by deal), and writes the figures with their settings to ``notebooks/data/``, which
the notebooks read and show beside their own::

    nice -n 10 .venv/bin/python benchmarks/paired_studies.py fields spoil     # one field study
    nice -n 10 .venv/bin/python benchmarks/paired_studies.py fields all       # all (about an hour of CPU)

A search field costs about 1.4 s of CPU a deal at five players, so these run at a few hundred
deals; the intervals say what that buys. ``tests/test_search_fields.py`` checks that each data file
was written by the settings and the bots as they stand.
"""

from __future__ import annotations

import argparse
import hashlib
import json
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
    def arm(v, key):
        return {"variant": v.id, "measure": "win_holding", "key": key}
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
        def arm(m, k, v=v):
            return {"variant": v, "measure": m, "key": k}
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
    def seat(keys):
        return {"measure": "win_by_position", "key": keys}
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


# -- every headline against a search field ----------------------------------------------------------

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"

#: Each field study: the notebook's own experiment and seed, at the size a search field affords.
#: ``bots``: the fields compared (every seat the same bot), all on the same deals.
FIELDS = {
    "spoil": {"experiment": "spoil-rate", "variants": ["spoil-five"], "players": [5],
              "bots": ["heuristic", "pimc", "pimc-spoil"], "deals": 150, "seed": 1864, "by_deal": ["spoil"]},
    "robbing": {"experiment": "robbing", "variants": ["spoil-five"], "players": [5], "bots": ["heuristic", "pimc"],
                "deals": 150, "seed": 1600,
                "by_deal": ["win_if_rob", "win_if_pass", "tricks_if_rob", "tricks_if_pass", "win_by_position",
                            "dealer_edge"]},
    "toptrumps": {"experiment": "top-trumps", "variants": ["modern", "cotton"], "players": [5],
                  "bots": ["heuristic", "pimc"], "deals": 150, "seed": 1674, "by_deal": ["win_holding"]},
    # The auction is the same evaluator in both fields (the search bots bid as the heuristic does):
    # what changes is the play of the hands the auction made, and so what a contract is worth.
    "hold": {"experiment": "dealer-hold", "variants": ["one-hundred-and-ten", "auction-45-atlantic"], "players": [4],
             "bots": ["heuristic", "pimc"], "deals": 150, "seed": 4500, "by_deal": ["dealer_points", "dealer_bids"]},
}


def bot_settings(name: str) -> dict:
    """What a bot is, as far as a figure depends on it: a function's name, or a search bot's class
    and parameters (its rollout policy by name)."""
    import types

    from maw_sim.bots import get_bot
    bot = get_bot(name)
    if isinstance(bot, types.FunctionType):
        return {"name": name, "kind": bot.__name__}
    return {"name": name, "kind": type(bot).__name__, **parameters(bot)}


def parameters(bot) -> dict:
    """A bot object's parameters as a log keeps them: callables by name, a learned bot's network
    by its weights' digest (the shipped weights when it holds none of its own)."""
    params = {}
    for k, v in sorted(vars(bot).items()):
        if k == "_network":
            from maw_sim.bots.learned import shipped_digest
            params["weights"] = shipped_digest() if v is None else v.digest or "weights of no file"
        elif k == "_others_network":
            # learned-blend's network for the other seats of its rollouts, when not its own.
            if v is not None:
                params["others_weights"] = v.digest or "weights of no file"
        else:
            params[k] = _name_of(v) if callable(v) else v
    return params


def _name_of(bot) -> str:
    """A callable parameter by name: a function's own, a bot object's registered one (an object's
    repr would carry its address, different at every run)."""
    if hasattr(bot, "__name__"):
        return bot.__name__
    from maw_sim.bots.registry import BOTS, STUDY_BOTS
    for name, registered in (BOTS | STUDY_BOTS).items():
        if registered is bot:
            return name
    return type(bot).__name__


def field_settings(name: str) -> dict:
    """The settings a field study's data file must have been written with: the study, its bots'
    parameters, and a hash of the two."""
    study = FIELDS[name]
    settings = {**study, "bot_settings": [bot_settings(b) for b in study["bots"]]}
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]
    return {**settings, "hash": digest}


def _field_variants(name: str) -> list:
    study = FIELDS[name]
    if study["experiment"] == "top-trumps":
        return [spoil_five_with_order(v) for v in study["variants"]]
    return list(study["variants"])


def _fig(label: str, bots: str, est: dict, value: str = "mean") -> dict:
    """One figure of a field: the estimate and its 95% interval, clustered by deal."""
    key = {"mean": "mean", "difference": "difference", "ratio": "ratio"}[value]
    out = {"figure": label, "bots": bots, "estimate": est[key], "low": est["low"], "high": est["high"]}
    if "n" in est:
        out["n"] = est["n"]
    return out


def field_figures(name: str, rows: list, bots: list) -> list:
    """The central figures of one field study, for each field of ``bots`` (and, for the spoil rate,
    each field less the heuristic's, deal by deal)."""
    figures = []
    if name == "spoil":
        for b in bots:
            figures.append(_fig("spoil rate, 5 players", b, one(summarise(rows), bots=b, measure="spoil")))
        for b in bots[1:]:
            figures.append(_fig("spoil rate, 5 players, less the heuristic field's", b, difference(
                rows, {"bots": b, "measure": "spoil"}, {"bots": "heuristic", "measure": "spoil"}), "difference"))
        if {"pimc", "pimc-spoil"} <= set(bots):
            figures.append(_fig("spoil rate, spoil-aware less plain PIMC", "pimc-spoil", difference(
            rows, {"bots": "pimc-spoil", "measure": "spoil"}, {"bots": "pimc", "measure": "spoil"}), "difference"))
    elif name == "robbing":
        for b in bots:
            def arm(m, who, b=b):
                return {"bots": b, "measure": m, "key": who}
            figures.append(_fig("ace holder's win, rob less pass", b, difference(
                rows, arm("win_if_rob", "ace holder"), arm("win_if_pass", "ace holder")), "difference"))
            figures.append(_fig("ace holder's win, rob ÷ pass", b, ratio(
                rows, arm("win_if_rob", "ace holder"), arm("win_if_pass", "ace holder")), "ratio"))
            figures.append(_fig("ace holder's tricks, rob less pass", b, difference(
                rows, arm("tricks_if_rob", "ace holder"), arm("tricks_if_pass", "ace holder")), "difference"))
            figures.append(_fig("dealer's win less the average other seat's", b, difference(
                rows, {"bots": b, "measure": "win_by_position", "key": "5"},
                {"bots": b, "measure": "win_by_position", "key": ["1", "2", "3", "4"]}), "difference"))
            for turned in ("ace turned", "no ace turned"):
                figures.append(_fig(f"dealer's edge, {turned}", b,
                                    one(summarise(rows), bots=b, measure="dealer_edge", key=turned)))
    elif name == "toptrumps":
        for v in _field_variants(name):
            for b in bots:
                def arm(key, v=v, b=b):
                    return {"variant": v.id, "bots": b, "measure": "win_holding", "key": key}
                for key in ("five of trumps", "knave of trumps", "ace of hearts", "ace of trumps"):
                    figures.append(_fig(f"{v.id}: {key} ÷ any hand", b, ratio(rows, arm(key), arm("any hand")), "ratio"))
                figures.append(_fig(f"{v.id}: five of trumps less ace of trumps", b, difference(
                    rows, arm("five of trumps"), arm("ace of trumps")), "difference"))
    elif name == "hold":
        for v in _field_variants(name):
            for b in bots:
                def arm(measure, key, v=v, b=b):
                    return {"variant": v, "bots": b, "measure": measure, "key": key}
                figures.append(_fig(f"{v}: dealer's points, hold less no hold", b, difference(
                    rows, arm("dealer_points", "hold"), arm("dealer_points", "no hold")), "difference"))
                figures.append(_fig(f"{v}: dealer wins the auction, hold less no hold", b, difference(
                    rows, arm("dealer_bids", "hold"), arm("dealer_bids", "no hold")), "difference"))
    return figures


def run_field(name: str, deals: int | None = None, bots: list | None = None, workers: int = 1) -> dict:
    """Play one field study and return its record. ``deals`` and ``bots``: fewer than its settings,
    for a check (the heuristic field alone replays in seconds)."""
    study = FIELDS[name]
    bots = bots or study["bots"]
    start = _cpu()
    rows = run_study(study["experiment"], variants=_field_variants(name), players=study["players"],
                     bots=bots, deals=deals or study["deals"], seed=study["seed"], by_deal=study["by_deal"],
                     workers=workers)
    return {"study": name, "script": "benchmarks/paired_studies.py fields " + name,
            "settings": field_settings(name), "deals_played": deals or study["deals"],
            "cpu_seconds": round(_cpu() - start), "figures": field_figures(name, rows, bots)}


def _cpu() -> float:
    """CPU seconds of this process and its finished worker processes."""
    import resource
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def fields(which: str, workers: int = 1) -> None:
    DATA.mkdir(exist_ok=True)
    for name in FIELDS if which == "all" else [which]:
        record = run_field(name, workers=workers)
        path = DATA / f"search-field-{name}.json"
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}: {record['deals_played']} deals, {record['cpu_seconds']} s of CPU -> {path}")
        for f in record["figures"]:
            print(f"  {f['bots']:11} {f['figure']:55} {f['estimate']:+.3f} [{f['low']:+.3f}, {f['high']:+.3f}]")


STUDIES = {"toptrumps": (toptrumps, 30000), "hold": (hold, 4000), "orders": (orders, 10000),
           "dealer": (dealer, 20000)}


def main() -> None:
    if sys.argv[1:2] == ["fields"]:
        fields_parser = argparse.ArgumentParser(description="every headline against a search field")
        fields_parser.add_argument("which", choices=[*FIELDS, "all"])
        fields_parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
        fields_args = fields_parser.parse_args(sys.argv[2:])
        fields(fields_args.which, fields_args.workers)
        return
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
