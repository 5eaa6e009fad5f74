"""Expert iteration for the learned bot: distil a slow ISMCTS into the network.

The shipped network (``scripts/train_learned_bot.py``) learnt from deals played by itself and by
heuristic players, so its values are those of a weak table's play. A slow ISMCTS plays better
(the fair ceiling, ``benchmarks/protocol.py ceiling``), and its search leaves, for every card it
could play, how often it tried that card and how the imagined deals went after it. This script
fits the network to those values.

``collect`` plays five-handed Spoil Five deals drawn from ``--seed`` (raw deal seeds, never the
protocol's development or held-out tournaments), one learning seat played by ISMCTS at
``--iterations``, the other four by a field: heuristic players on even deals, ``pimc`` players on
odd ones (the protocol's two fields). At each of the learning seat's play decisions among two or
more cards it writes one row: for each legal card, its features (read from that seat's view only),
the teacher's visits and its mean value; and the deal's actions, so that its decisions can be
read again with other features (:func:`decision_views`). Rows go to ``--rows`` one at a time, so
runs resume where they stopped and ``--share i/k`` splits the deals between processes.

``fit`` starts from the shipped weights and fits Q to the teacher's mean values, each card weighted
by its share of the decision's visits (a card the search soon left counts little). A tenth of the
deals is held back; it reports, epoch by epoch, the weighted error, how often the network's best
card is the teacher's, and the regret (the teacher's value of its own card less its value of the
network's), keeps the epoch of least regret, and writes its weights, with the data's size and the
curves, to ``--out``. Needs numpy (the ``train`` extra).

``observe`` writes rows of the same kind from deals with a field's player in every seat (``pimc``
by default; a search bot with ``evaluate``), drawn from ``--seed`` as ``collect``'s are: at each
play decision of any seat among two or more cards, for each legal card its features from that
seat's view, visits 1 for the card the player chose and 0 for the others, and the player's own
rollout mean. Fitted with ``--loss policy --mix 1.0``, the network learns to foresee how such
players play (learned-blend's ``others_network``), not how to play well.

    nice -n 5 .venv/bin/python scripts/teach_learned_bot.py collect --deals 2000 --share 0/2
    .venv/bin/python scripts/teach_learned_bot.py fit --out /tmp/taught.json
    .venv/bin/python scripts/teach_learned_bot.py observe --deals 6000 --share 0/2
    .venv/bin/python scripts/teach_learned_bot.py fit --rows build/teacher/pimc-choices.jsonl \
        --loss policy --mix 1.0 --epochs 12 --out /tmp/searchers.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from maw_sim import Deal, load_variant  # noqa: E402
from maw_sim.bots.features import covers, features  # noqa: E402
from maw_sim.bots.ismcts import ISMCTS, most_visited  # noqa: E402
from maw_sim.bots import get_bot  # noqa: E402

ROWS = ROOT / "build" / "teacher" / "ismcts-rows.jsonl"
SEED = 20261128
#: ``observe``'s rows and seed (another seed than the teacher's: other deals).
OBSERVED_ROWS = ROOT / "build" / "teacher" / "pimc-choices.jsonl"
OBSERVED_SEED = 20261129
FIELDS = ("heuristic", "pimc")


def deal_seed(seed: int, index: int) -> int:
    """Deal ``index``'s shuffle: hashed from the run's seed, so any process can play any deal."""
    return int.from_bytes(hashlib.sha256(b"maw-teacher:%d:%d" % (seed, index)).digest()[:6], "big")


def done_deals(rows: Path) -> set:
    if not rows.exists():
        return set()
    with rows.open(encoding="utf-8") as f:
        return {json.loads(line)["deal"] for line in f if line.strip()}


def dealt(variant, seed: int, index: int) -> tuple:
    """Deal ``index`` of a run as it starts: (the deal, the learning seat, its shuffle)."""
    shuffle = deal_seed(seed, index)
    return Deal.random(variant, 5, shuffle, dealer=(index // 5) % 5), index % 5, shuffle


def is_decision(view) -> bool:
    """Is this a decision the teacher's rows hold (a play among two or more cards the features
    describe)?"""
    return view.phase == "play" and len(view.legal) > 1 and covers(view)


def play_taught(variant, seed: int, index: int, teacher: ISMCTS) -> tuple:
    """One deal, the learning seat played by ``teacher``; its rows (one a decision) and its result."""
    deal, seat, shuffle = dealt(variant, seed, index)
    field = FIELDS[index % len(FIELDS)]
    other = get_bot(field)
    rng = random.Random(shuffle)
    rows, actions = [], []
    while deal.to_move is not None:
        s = deal.to_move
        view = deal.view(s)
        if s == seat and is_decision(view):
            values = teacher.root_values(view, rng)
            feats = features(view)
            rows.append({a: {"x": [round(v, 6) for v in feats[a]], "visits": n,
                             "value": round(total / n, 6) if n else 0.0} for a, (n, total) in values.items()})
            action = most_visited(values)
        elif s == seat:
            action = teacher(view, rng)
        else:
            action = other(view, rng)
        deal.apply(action)
        actions.append(action)
    won = variant.scorer.seat_score(deal.outcome, seat, deal.side_of)[0]
    return rows, field, won, actions


def decision_views(variant, seed: int, row: dict) -> list:
    """The learning seat's views at a collected deal's decisions, in the order of its rows, the
    deal played again from its recorded actions: features other than those the rows hold can be
    read from them later without running the teacher again. Rows written before the actions were
    recorded have none, and give no views."""
    deal, seat, _ = dealt(variant, seed, row["deal"])
    views = []
    for action in row.get("actions", ()):
        if deal.to_move == seat:
            view = deal.view(seat)
            if is_decision(view):
                views.append(view)
        deal.apply(action)
    return views


def deals_to_play(deals: int, rows: Path, share: tuple):
    """The deals 0 … ``deals`` − 1 not yet in ``rows`` that are this process's (``share``
    ``(i, k)``: those ``d`` with ``d % k == i``)."""
    part, parts = share
    done = done_deals(rows)
    rows.parent.mkdir(parents=True, exist_ok=True)
    return [index for index in range(deals) if index not in done and index % parts == part]


def append_row(rows: Path, row: dict) -> None:
    # Opened for each row, as the fair ceiling's rows are: a file replaced meanwhile loses nothing.
    with rows.open("a", encoding="utf-8") as out:
        out.write(json.dumps(row, separators=(",", ":")) + "\n")


def collect(deals: int, iterations: int, seed: int, rows: Path, share: tuple) -> None:
    variant, teacher = load_variant("spoil-five"), ISMCTS(iterations=iterations)
    for index in deals_to_play(deals, rows, share):
        start = time.process_time()
        decisions, field, won, actions = play_taught(variant, seed, index, teacher)
        append_row(rows, {"deal": index, "seed": seed, "iterations": iterations, "field": field, "won": won,
                          "cpu": round(time.process_time() - start, 1), "decisions": decisions, "actions": actions})


def play_observed(variant, seed: int, index: int, player) -> tuple:
    """One deal with ``player`` (a search bot) in every seat: its rows (one a play decision of any
    seat) and its actions."""
    deal, _, shuffle = dealt(variant, seed, index)
    rng = random.Random(shuffle)
    rows, actions = [], []
    while deal.to_move is not None:
        view = deal.view(deal.to_move)
        if is_decision(view):
            judged = player.evaluate(view, rng)
            action = judged.choice      # as the player chooses
            feats = features(view)
            rows.append({a: {"x": [round(v, 6) for v in feats[a]], "visits": int(a == action),
                             "value": round(judged.rolled[a], 6)} for a in view.legal})
        else:
            action = player(view, rng)
        deal.apply(action)
        actions.append(action)
    return rows, actions


def observe(deals: int, player: str, seed: int, rows: Path, share: tuple) -> None:
    """Write ``play_observed``'s rows of deals not yet in ``rows`` (``share`` as ``collect``'s)."""
    variant, bot = load_variant("spoil-five"), get_bot(player)
    for index in deals_to_play(deals, rows, share):
        decisions, actions = play_observed(variant, seed, index, bot)
        append_row(rows, {"deal": index, "seed": seed, "player": player, "decisions": decisions, "actions": actions})


def _read_lines(rows: Path, deals: int | None) -> dict:
    """The rows of one file by deal, those of deals 0 … ``deals`` − 1 (all if None; refused if one
    of them is missing)."""
    lines = {}
    with rows.open(encoding="utf-8") as f:
        for line in f:
            index = json.loads(line)["deal"]
            if deals is None or index < deals:
                lines[index] = line.rstrip("\n")
    if deals is not None and len(lines) < deals:
        missing = sorted(set(range(deals)) - set(lines))
        raise SystemExit(f"{len(missing)} of deals 0-{deals - 1} are not in {rows} yet (the first: {missing[0]})")
    return lines


def load_rows(rows, deals=None):
    """(deal, features, values, weights, visits, decision) arrays, one line a legal card; a digest
    of the rows used; and how many rows (a deal of one file) they are. ``rows``: a rows file, or a list of them (two teachers' rows, say);
    ``deals``: for each file, its deals 0 … ``deals`` − 1 only (None: all its rows), one number for
    one file or a list beside the list of files. A deal's number is kept, so a deal held back
    (:func:`fit`) is held back in every file."""
    import numpy as np
    files = [rows] if isinstance(rows, Path) else list(rows)
    counts = deals if isinstance(deals, (list, tuple)) else [deals] * len(files)
    if len(counts) != len(files):
        raise SystemExit(f"{len(counts)} deal counts for {len(files)} rows files: give one for each, in their order")
    xs, ys, ws, vs, deal_of, decision_of = [], [], [], [], [], []
    k = 0
    digests = []
    n_rows = 0
    for path, count in zip(files, counts):
        lines = _read_lines(path, count)
        n_rows += len(lines)
        digests.append(hashlib.sha256("\n".join(lines[i] for i in sorted(lines)).encode("utf-8")).hexdigest()[:12])
        for index in sorted(lines):
            row = json.loads(lines[index])
            for decision in row["decisions"]:
                total = sum(c["visits"] for c in decision.values())
                for card in decision.values():
                    xs.append(card["x"])
                    ys.append(card["value"])
                    ws.append(card["visits"] / total)
                    vs.append(card["visits"])
                    deal_of.append(row["deal"])
                    decision_of.append(k)
                k += 1
    # One file keeps its own digest (the shipped weights record one so); several, a digest of theirs.
    digest = digests[0] if len(digests) == 1 else hashlib.sha256(" ".join(digests).encode()).hexdigest()[:12]
    return (np.asarray(deal_of), np.asarray(xs, dtype=np.float64), np.asarray(ys), np.asarray(ws),
            np.asarray(vs), np.asarray(decision_of)), digest, n_rows


def regret(q, values, visits, decision) -> float:
    """The teacher's value of the card it tried most less its value of the card with the highest
    ``q``, averaged over the decisions: what following the network costs, by the teacher's lights."""
    import numpy as np
    total, n = 0.0, 0
    for d in np.unique(decision):
        idx = np.flatnonzero(decision == d)
        total += values[idx][np.argmax(visits[idx])] - values[idx][np.argmax(q[idx])]
        n += 1
    return total / max(1, n)


def agreement(q, visits, decision) -> float:
    """How often the card with the highest ``q`` is the one the teacher tried most, over the
    decisions where it preferred one (a lost deal's cards are all tried alike)."""
    import numpy as np
    hits = seen = 0
    for d in np.unique(decision):
        idx = np.flatnonzero(decision == d)
        v = visits[idx]
        if v.max() == v.min():
            continue
        seen += 1
        hits += int(v[np.argmax(q[idx])] == v.max())
    return hits / max(1, seen)


def fit_policy(mlp, x, y, visits, decision, epochs: int, batch: int, lr: float, rng, mix: float,
               temperature: float) -> None:
    """Fit the ranking the teacher's search made: at each decision, the softmax of Q / ``temperature``
    over its cards is drawn towards the share of visits each card had (cross-entropy), and, with
    weight ``1 - mix``, Q towards the card's mean value as in the value fit. ``batch`` decisions a
    step; ``decision`` must list each decision's cards together."""
    import numpy as np
    starts = np.flatnonzero(np.r_[True, decision[1:] != decision[:-1]])
    ends = np.r_[starts[1:], len(decision)]
    totals = np.add.reduceat(visits, starts)
    share = visits / np.repeat(totals, ends - starts)
    for _ in range(epochs):
        order = rng.permutation(len(starts))
        for first in range(0, len(order), batch):
            picked = order[first:first + batch]
            idx = np.concatenate([np.arange(starts[k], ends[k]) for k in picked])
            sizes = ends[picked] - starts[picked]
            bounds = np.r_[0, np.cumsum(sizes)[:-1]]
            q, z, h = mlp.forward(x[idx])
            logits = q / temperature
            logits = logits - np.repeat(np.maximum.reduceat(logits, bounds), sizes)
            e = np.exp(logits)
            p = e / np.repeat(np.add.reduceat(e, bounds), sizes)
            d = mix * (p - share[idx]) / temperature / len(picked)
            d += (1.0 - mix) * 2.0 * share[idx] * (q - y[idx]) / len(picked)
            mlp.descend(x[idx], z, h, d, lr)


def fit(rows, out: Path, epochs: int, lr: float, batch: int, seed: int, log=print,
        loss: str = "value", mix: float = 0.5, temperature: float = 0.05, deals=None) -> dict:
    """Fit the shipped network to the rows of ``rows`` (one file or a list, ``deals`` as
    :func:`load_rows` takes them) and write it to ``out``; returns the weights file's contents."""
    import numpy as np
    sys.path.insert(0, str(ROOT / "scripts"))
    from train_learned_bot import MLP, write_weights
    from maw_sim.bots.learned import _shipped_text
    (deal, x, y, w, visits, decision), digest, n_rows = load_rows(rows, deals)
    test = deal % 10 == 0
    mlp = MLP.from_dict(json.loads(_shipped_text()))
    nrng = np.random.default_rng(seed)

    def measure(epoch):
        q = mlp.forward(x[test])[0]
        return {"epoch": epoch, "test_loss": round(mlp.loss(x[test], y[test], w[test]), 6),
                "train_loss": round(mlp.loss(x[~test], y[~test], w[~test]), 6),
                "test_agreement": round(agreement(q, visits[test], decision[test]), 4),
                "test_regret": round(regret(q, y[test], visits[test], decision[test]), 5)}
    curves = [measure(0)]
    log(json.dumps(curves[-1]))
    # The weights are those of the epoch whose choices cost least on the held-back deals.
    kept, kept_params = curves[0], {k: v.copy() for k, v in mlp.params.items()}
    for e in range(1, epochs + 1):
        if loss == "value":
            mlp.fit(x[~test], y[~test], 1, batch, lr, nrng, w[~test] * len(np.unique(decision[~test])) / (~test).sum())
        else:
            fit_policy(mlp, x[~test], y[~test], visits[~test], decision[~test], 1, max(1, batch // 4), lr, nrng,
                       mix, temperature)
        curves.append(measure(e))
        log(json.dumps(curves[-1]))
        if curves[-1]["test_regret"] < kept["test_regret"]:
            kept, kept_params = curves[-1], {k: v.copy() for k, v in mlp.params.items()}
    mlp.params = kept_params
    data = mlp.as_dict()
    data["training"] = {**json.loads(_shipped_text()).get("training", {}),
                        "taught": {"script": "scripts/teach_learned_bot.py", "rows": n_rows,
                                   "rows_digest": digest, "deals": deals,
                                   **({} if isinstance(rows, Path) else {"files": [str(p) for p in rows]}),
                                   "decisions": int(len(np.unique(decision))), "cards": int(len(y)),
                                   "epochs": epochs, "lr": lr, "batch": batch, "seed": seed, "loss": loss, "kept_epoch": kept["epoch"],
                                   **({"mix": mix, "temperature": temperature} if loss == "policy" else {}),
                                   "curves": curves}}
    write_weights(data, out, log)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play deals with the ISMCTS teacher and write its root values")
    c.add_argument("--deals", type=int, default=2000)
    c.add_argument("--iterations", type=int, default=3000)
    c.add_argument("--seed", type=int, default=SEED)
    c.add_argument("--rows", type=Path, default=ROWS)
    c.add_argument("--share", default="0/1", help="i/k: play only deals d with d % k == i")
    o = sub.add_parser("observe", help="play deals with a search bot in every seat and write its choices")
    o.add_argument("--deals", type=int, default=6000)
    o.add_argument("--player", default="pimc")
    o.add_argument("--seed", type=int, default=OBSERVED_SEED)
    o.add_argument("--rows", type=Path, default=OBSERVED_ROWS)
    o.add_argument("--share", default="0/1", help="i/k: play only deals d with d % k == i")
    f = sub.add_parser("fit", help="fit the shipped network to the collected values")
    f.add_argument("--rows", type=Path, action="append",
                   help=f"a rows file (default {ROWS.relative_to(ROOT)}); give it again to fit on several")
    f.add_argument("--out", type=Path, required=True)
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--lr", type=float, default=3e-4)
    f.add_argument("--batch", type=int, default=256)
    f.add_argument("--seed", type=int, default=SEED)
    f.add_argument("--deals", type=int, action="append",
                   help="fit on deals 0 … N-1 only (every one of them collected); with several --rows, "
                        "the i-th --deals is the i-th file's (a file without one: all its rows)")
    f.add_argument("--loss", choices=("value", "policy"), default="value",
                   help="value: Q to the teacher's mean values; policy: the ranking to its visits")
    f.add_argument("--mix", type=float, default=0.5, help="policy loss: the ranking's share (the rest: values)")
    f.add_argument("--temperature", type=float, default=0.05, help="policy loss: softmax temperature of Q")
    args = parser.parse_args()
    if args.command in ("collect", "observe"):
        share = tuple(int(v) for v in args.share.split("/"))
        if args.command == "collect":
            collect(args.deals, args.iterations, args.seed, args.rows, share)
        else:
            observe(args.deals, args.player, args.seed, args.rows, share)
    else:
        files = args.rows or [ROWS]
        counts = (args.deals or []) + [None] * (len(files) - len(args.deals or []))
        if len(counts) > len(files):
            parser.error(f"{len(counts)} --deals for {len(files)} rows files")
        fit(files[0] if len(files) == 1 else files, args.out, args.epochs, args.lr, args.batch, args.seed,
            log=lambda s: print(s, flush=True), loss=args.loss, mix=args.mix, temperature=args.temperature,
            deals=counts[0] if len(files) == 1 else counts)


if __name__ == "__main__":
    main()
