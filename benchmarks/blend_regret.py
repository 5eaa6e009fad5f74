"""What mixing the network's values with rollouts costs, by a slow teacher's values.

The teacher's rows (``scripts/teach_learned_bot.py collect``) hold, for each decision of its seat,
every legal card's visits and mean value after the teacher's search, and (rows written since the
actions were recorded) the deal's actions, from which the seat's views are rebuilt. For each such
decision this measures the regret of a choice (the teacher's value of the card it tried most, less
its value of the card chosen) when the card is chosen by the highest

    (1 − share) · Q + share · R,

Q the shipped network's value and R the mean of PIMC rollouts from deals imagined from the view
(``--budget`` rollouts, no later turn searched, our later cards played by the network), for each
share from 0 (the network alone) to 1 (the rollouts alone): R is ``learned-blend``'s own search
(:meth:`~maw_sim.bots.learned.LearnedBlend.rollouts`). The decisions' views are rebuilt from the
rows, never from the teacher's hidden hands. The 95% intervals are clustered by deal (a deal's
decisions share its cards). Prints; asserts nothing. Exploratory: it chose what plan 5
(``protocol_plans.md``) took to the held-out deals.

    .venv/bin/python benchmarks/blend_regret.py --rows build/teacher/ismcts10k-rows.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from maw_sim import load_variant  # noqa: E402
from maw_sim.bots.learned import LearnedBlend, shipped  # noqa: E402
from maw_sim.stats import clustered_mean_interval  # noqa: E402
from teach_learned_bot import decision_views  # noqa: E402

SHARES = (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)


def judged(rows: Path, budget: int) -> list:
    """(its deal, the teacher's visits and values, Q, R) of every decision whose view can be rebuilt."""
    variant, network, blend = load_variant("spoil-five"), shipped(), LearnedBlend(budget=budget)
    out = []
    with rows.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if "actions" not in row:
                continue
            views = decision_views(variant, row["seed"], row)
            if len(views) != len(row["decisions"]):
                raise SystemExit(f"deal {row['deal']}: {len(views)} views rebuilt for {len(row['decisions'])} rows")
            for view, decision in zip(views, row["decisions"]):
                q = network.values(view, random.Random(0))
                search = blend.rollouts(view, network)
                rolled = search.evaluate(view, random.Random(row["deal"] * 100 + len(out))).rolled
                teacher = {a: (c["visits"], c["value"]) for a, c in decision.items()}
                out.append((row["deal"], teacher, q, rolled))
    return out


def regret(teacher: dict, score: dict) -> float:
    tried_most = max(teacher, key=lambda a: teacher[a][0])
    chosen = max(score, key=score.__getitem__)
    return teacher[tried_most][1] - teacher[chosen][1]


def by_deal(deals: list, xs: list) -> str:
    """The mean of ``xs`` and its 95% interval, the decisions of one deal one cluster."""
    clusters = {}
    for deal, x in zip(deals, xs):
        clusters.setdefault(deal, []).append(x)
    mean, low, high = clustered_mean_interval(clusters.values())
    return f"{mean:+.4f} [{low:+.4f}, {high:+.4f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--budget", type=int, default=300)
    args = parser.parse_args()
    decisions = judged(args.rows, args.budget)
    if len(decisions) < 2:
        raise SystemExit(f"{args.rows} has {len(decisions)} decisions with their deal's actions; need two or more")
    deals = [deal for deal, *_ in decisions]
    alone = [regret(t, q) for _, t, q, _ in decisions]
    print(f"{len(decisions)} decisions of {len(set(deals))} deals; regret a decision (the teacher's values), "
          f"95% clustered by deal")
    for share in SHARES:
        costs = [regret(t, {a: (1 - share) * q[a] + share * r[a] for a in q}) for _, t, q, r in decisions]
        print(f"share {share:4.2f}: {by_deal(deals, costs)}   less the network alone "
              f"{by_deal(deals, [c - a for c, a in zip(costs, alone)])}")


if __name__ == "__main__":
    main()
