"""Train the learned bot's network (maw_sim/bots/learned.py) by Deep Monte-Carlo, as in DouZero.

Each iteration plays ``--deals`` deals of five-handed Spoil Five and fits the network to them:

- the learning seat plays epsilon-greedy on the current network's Q (the first iteration, before
  there is a network, plays the heuristic's card, or at random with the same epsilon);
- its table is, deal by deal in turn, four heuristic players (half the deals), four softened
  heuristic players (a random card one time in ten: a quarter) or four copies of itself (a
  quarter; every seat learns then), so the values are not those of one fixed opponent only;
- every card a learning seat chose among two or more is one sample: its features
  (:mod:`maw_sim.bots.features`, read from that seat's view only) and, as target, what the deal
  paid that seat (1 for the pool, 0 otherwise);
- the network (one hidden layer of rectified units) is fitted by Adam to the mean squared error
  over this iteration's samples and the previous iteration's, starting from the last weights.

Everything is seeded (``--seed``), so a run reproduces its weights. Needs numpy (the ``train``
extra); the engine and the bot do not. The weights go to ``maw_sim/bots/data/learned-spoil-five.json``
with the run's settings, data size, curves and the git commit it ran on.

    nice -n 10 .venv/bin/python scripts/train_learned_bot.py --iterations 6 --deals 20000
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from maw_sim import Deal, load_variant  # noqa: E402
from maw_sim.bots.features import NAMES, SIZE, covers, features  # noqa: E402
from maw_sim.bots.heuristic import heuristic_bot  # noqa: E402
from maw_sim.bots.learned import WEIGHTS, from_dict  # noqa: E402

OUT = ROOT / "maw_sim" / "bots" / "data" / WEIGHTS
FIELDS = ("heuristic", "heuristic", "soft", "self")


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


class Learner:
    """Epsilon-greedy on the network's Q; each choice among two or more cards is recorded."""

    def __init__(self, network, epsilon: float, samples: list):
        self.network = network
        self.epsilon = epsilon
        self.samples = samples      # (seat, feature vector) of the current deal

    def __call__(self, view, rng):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if not covers(view):
            return heuristic_bot(view, rng)
        feats = features(view, rng)
        if rng.random() < self.epsilon:
            action = legal[int(rng.random() * len(legal))]
        elif self.network is None:
            action = heuristic_bot(view, rng)
        else:
            q = self.network.q
            action = max(legal, key=lambda a: q(feats[a]))
        self.samples.append((view.seat, feats[action]))
        return action


def _soft(view, rng):
    legal = view.legal
    if len(legal) > 1 and rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    return heuristic_bot(view, rng)


def generate(network, deals: int, epsilon: float, rng: random.Random, variant) -> tuple:
    """Play ``deals`` deals; returns (features array, targets array, the learner's pool rate in the
    heuristic field)."""
    xs, ys = [], []
    taken = played = 0
    for i in range(deals):
        field = FIELDS[i % len(FIELDS)]
        deal = Deal.random(variant, 5, rng.getrandbits(48), dealer=rng.randrange(5))
        samples: list = []
        learner = Learner(network, epsilon, samples)
        seat = rng.randrange(5)
        if field == "self":
            bots = [learner] * 5
        else:
            other = heuristic_bot if field == "heuristic" else _soft
            bots = [other] * 5
            bots[seat] = learner
        while deal.to_move is not None:
            s = deal.to_move
            deal.apply(bots[s](deal.view(s), rng))
        outcome = deal.outcome
        for s, x in samples:
            xs.append(x)
            ys.append(float(variant.scorer.seat_score(outcome, s, deal.side_of)[0]))
        if field == "heuristic":
            played += 1
            taken += variant.scorer.seat_score(outcome, seat, deal.side_of)[0]
    return np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64), taken / max(1, played)


class MLP:
    """The network in numpy, for fitting: ``q = b2 + w2 · relu(b1 + W1 x)``, Adam on squared error."""

    def __init__(self, hidden: int, rng: np.random.Generator):
        self.params = {
            "w1": rng.normal(0.0, (2.0 / SIZE) ** 0.5, (hidden, SIZE)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, (1.0 / hidden) ** 0.5, hidden) * 0.1,
            "b2": np.array(0.1),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    @classmethod
    def from_dict(cls, data: dict) -> "MLP":
        """A network to go on fitting from weights already trained (a weights file's contents)."""
        mlp = cls(len(data["b1"]), np.random.default_rng(0))
        mlp.params = {"w1": np.asarray(data["w1"], dtype=np.float64), "b1": np.asarray(data["b1"], dtype=np.float64),
                      "w2": np.asarray(data["w2"], dtype=np.float64), "b2": np.array(float(data["b2"]))}
        return mlp

    def forward(self, x):
        p = self.params
        z = x @ p["w1"].T + p["b1"]
        h = np.maximum(z, 0.0)
        return h @ p["w2"] + p["b2"], z, h

    def loss(self, x, y, w=None) -> float:
        """Mean squared error; ``w``: a weight for each sample (their weighted mean)."""
        e = (self.forward(x)[0] - y) ** 2
        return float(np.mean(e) if w is None else np.sum(w * e) / np.sum(w))

    def step(self, x, y, lr: float, w=None) -> None:
        q, z, h = self.forward(x)
        d = 2.0 * (q - y) / len(y) if w is None else 2.0 * w * (q - y) / len(y)
        self.descend(x, z, h, d, lr)

    def descend(self, x, z, h, d, lr: float) -> None:
        """One Adam step, given the loss's gradient ``d`` with respect to each sample's output."""
        p = self.params
        grads = {"w2": h.T @ d, "b2": np.array(d.sum())}
        dh = np.outer(d, p["w2"]) * (z > 0.0)
        grads["w1"] = dh.T @ x
        grads["b1"] = dh.sum(axis=0)
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9 ** self.t)
            vhat = self.v[k] / (1 - 0.999 ** self.t)
            p[k] = p[k] - lr * mhat / (np.sqrt(vhat) + 1e-8)

    def fit(self, x, y, epochs: int, batch: int, lr: float, rng: np.random.Generator, w=None) -> None:
        for _ in range(epochs):
            order = rng.permutation(len(y))
            for start in range(0, len(y), batch):
                idx = order[start:start + batch]
                self.step(x[idx], y[idx], lr, None if w is None else w[idx])

    def as_dict(self) -> dict:
        p = self.params
        return {"names": list(NAMES), "hidden": len(p["b1"]),
                "w1": [[round(float(w), 6) for w in row] for row in p["w1"]],
                "b1": [round(float(b), 6) for b in p["b1"]],
                "w2": [round(float(w), 6) for w in p["w2"]], "b2": round(float(p["b2"]), 6)}


def train(iterations: int, deals: int, hidden: int, epochs: int, epsilon: float, seed: int,
          out: Path | None = OUT, lr: float = 1e-3, batch: int = 256, log=print) -> dict:
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    variant = load_variant("spoil-five")
    mlp = MLP(hidden, nrng)
    network = None
    previous = None
    curves = []
    total = 0
    start = time.process_time()
    for it in range(iterations):
        t0 = time.process_time()
        x, y, rate = generate(network, deals, epsilon, rng, variant)
        total += len(y)
        t1 = time.process_time()
        fx, fy = (x, y) if previous is None else (np.concatenate([previous[0], x]), np.concatenate([previous[1], y]))
        # A tenth of this iteration's samples held back, to see the fit generalise.
        cut = len(y) // 10
        test_x, test_y = x[:cut], y[:cut]
        train_mask = np.ones(len(fy), dtype=bool)
        train_mask[len(fy) - len(y):len(fy) - len(y) + cut] = False
        before = mlp.loss(test_x, test_y)
        mlp.fit(fx[train_mask], fy[train_mask], epochs, batch, lr, nrng)
        after = mlp.loss(test_x, test_y)
        previous = (x, y)
        network = from_dict(mlp.as_dict())
        row = {"iteration": it, "samples": len(y), "mean_target": round(float(y.mean()), 4),
               "pool_rate_vs_heuristic": round(rate, 4), "test_mse_before_fit": round(before, 5),
               "test_mse_after_fit": round(after, 5), "baseline_mse": round(float(y.var()), 5),
               "play_seconds": round(t1 - t0), "fit_seconds": round(time.process_time() - t1)}
        curves.append(row)
        log(json.dumps(row))
    data = mlp.as_dict()
    data["training"] = {"script": "scripts/train_learned_bot.py", "seed": seed, "iterations": iterations,
                        "deals_per_iteration": deals, "samples": total, "hidden": hidden, "epochs": epochs,
                        "epsilon": epsilon, "lr": lr, "batch": batch, "fields": list(FIELDS),
                        "cpu_seconds": round(time.process_time() - start), "commit": _commit(), "curves": curves}
    if out is not None:
        write_weights(data, out, log)
    return data


def write_weights(data: dict, out: Path, log=print) -> None:
    """A weights file as the bot reads it (``maw_sim.bots.learned.read_weights``): one line of JSON."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    log(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=6)
    parser.add_argument("--deals", type=int, default=20000, help="deals played an iteration")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=4, help="passes over the samples an iteration")
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    train(args.iterations, args.deals, args.hidden, args.epochs, args.epsilon, args.seed, args.out,
          log=lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
