"""The hand evaluator against the exact solver: fit its weights and check them. Prints figures.

    .venv/bin/python benchmarks/bidding_calibration.py fit [--deals 600] [--workers 2]
    .venv/bin/python benchmarks/bidding_calibration.py check [--deals 300]
    .venv/bin/python benchmarks/bidding_calibration.py kitty [--deals 300] [--kitty 3]

``fit``: for each table (players, players a side), random deals; seat 0's hand is played double
dummy (:func:`maw_sim.solver.solve`: its side against every other seat) under each of the four
trump suits, and the weights of :func:`maw_sim.bots.bidding.estimate` are the least-squares fit
of the solver's points (five a trick and five for the best trump), with the weights of the
trumps by place, and of the plain cards by place, made non-increasing (a better card never
weighs less; pool adjacent violators), and the length's non-decreasing (one more trump never
counts against a hand; a length no hand of the sample had takes the one below's). Half the deals fit, the other
half is held out: the figures printed (R², the spread of the error, the solver's mean by bands of
the estimate) are the held-out ones. The spread kept with the weights (``sd``) is the held-out
error's among the hands estimated at 12 points or more — the hands that bid. The weights are printed as Python, to paste into
``maw_sim/bots/bidding.py``.

``check``: the same figures for the weights in the module, on fresh deals (other seeds).

``draw``: everyone throws and draws (Barker's Auction Forty-Fives): seat 0 names the suit with
the best sampled expectation after its own draw, then each seat from the dealer's left throws its
weak cards and draws; compares that expectation with the solver (the others' draws included).

``make``: the bots' chance of making a bid (a normal curve about the expectation) against the
solver's share of deals that reached it, by band of the expectation.

``kitty``: seat 0 takes a kitty of ``--kitty`` cards, names the suit the evaluator likes best and
keeps the best five; the solver then plays the deal. Compares the estimate of the five cards
before the kitty, the sampled expectation of :func:`expected_after_exchange` (what the bidder
can know when bidding) and the solver's points.

The points game used is Forty-Five's ranking and points with the game and robbing switched off
(a turn-up of the chosen suit that is in no hand names the trumps), which is how a deal of the
bidding games plays once trumps are named: the bidding games' own scoring (the contract) only
changes what the points are worth, not how many a hand takes.
"""
import argparse
import dataclasses
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim import Deal, load_variant  # noqa: E402
from maw_sim import solver  # noqa: E402
from maw_sim.bots import bidding  # noqa: E402
from maw_sim.cards import CODES, SUITS  # noqa: E402
from maw_sim.scoring import split_value  # noqa: E402

TABLES = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (4, 2), (6, 3)]
LAYOUT = {(4, 2): "2x2", (6, 3): "2x3", (6, 2): "3x2"}


def points_variant(base="forty-five"):
    """Forty-Five's rankings and points, with no game (the jink does not win it) and no robbing."""
    v = load_variant(base)
    s = dict(v.settings)
    s["scoring"] = dataclasses.replace(s["scoring"], values={**s["scoring"].values, "jink_wins_game": False})
    s["robbing"] = dataclasses.replace(s["robbing"], values={**s["robbing"].values, "rule": "none"})
    return dataclasses.replace(v, settings=s)


def solve_points(v, hands, trump, dealer, layout):
    """Seat 0's side's points, double dummy, with ``trump`` trumps (None if no turn-up can be found)."""
    dealt = {i for h in hands for i in h}
    spare = [c for c in v.trump_ranking(trump)[::-1] if c.index not in dealt and c.code != "AH"
             and c.suit == trump]
    if not spare:
        return None
    deal = Deal(v, [[CODES[i] for i in h] for h in hands], spare[0].code, dealer, teams=layout)
    return split_value(solver.solve(deal, 0))[0]


def sample_rows(args):
    """Rows (features, solver points) for ``count`` deals of one table."""
    players, side, seed, count = args
    v = points_variant()
    layout = LAYOUT.get((players, side))
    rng = random.Random(seed)
    rows = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[5 * s:5 * s + 5] for s in range(players)]
        dealer = rng.randrange(players)
        leads = (dealer + 1) % players == 0
        for trump in SUITS:
            pts = solve_points(v, hands, trump, dealer, layout)
            if pts is not None:
                rows.append((bidding.features(hands[0], v, trump, leads), pts, hands[0], trump, leads))
    return rows


def in_chunks(rows_of, chunks, workers):
    """``rows_of`` over every chunk (in a process pool when ``workers`` > 1), the rows together."""
    if workers == 1:
        parts = [rows_of(c) for c in chunks]
    else:
        import multiprocessing
        with multiprocessing.Pool(workers) as pool:
            parts = pool.map(rows_of, chunks)
    return [r for p in parts for r in p]


def collect(players, side, deals, seed, workers):
    chunks = [(players, side, seed * 1000 + k, deals // workers + (k < deals % workers)) for k in range(workers)]
    return in_chunks(sample_rows, chunks, workers)


def fit(rows):
    import numpy as np
    x = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    # Length 0 is the reference level of the trump-count dummies (the intercept holds it); a
    # length no hand had is left out (its weight then comes from the monotone fix below).
    keep = [i for i in range(x.shape[1]) if i != 7 and x[:, i].any()]
    coef, *_ = np.linalg.lstsq(x[:, keep], y, rcond=None)
    full = [0.0] * x.shape[1]
    for i, c in zip(keep, coef):
        full[i] = float(c)
    if full[12] < full[11]:
        full[12] = full[11]          # five trumps: too rare to fit; at least as good as four
    return {"trump": [round(c, 2) for c in decreasing(full[0:7])],
            "length": [round(-c, 2) for c in decreasing([-x for x in full[7:13]])],
            "plain": [round(c, 2) for c in decreasing(full[13:16])], "lead": round(full[16], 2),
            "base": round(full[17], 2)}


def decreasing(values):
    """The closest non-increasing sequence (pool adjacent violators): a better card never weighs
    less than a worse one, whatever the noise of the fit."""
    blocks = []
    for v in values:
        blocks.append([v, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            v2, n2 = blocks.pop()
            v1, n1 = blocks.pop()
            blocks.append([(v1 * n1 + v2 * n2) / (n1 + n2), n1 + n2])
    out = []
    for v, n in blocks:
        out.extend([v] * n)
    return out


def report(rows, v, players, side, label):
    import numpy as np
    est = np.array([bidding.estimate(r[2], v, r[3], players, side, r[4]) for r in rows])
    y = np.array([r[1] for r in rows], dtype=float)
    err = y - est
    r2 = 1 - err.var() / y.var()
    strong = est >= 12
    sd_strong = float(err[strong].std()) if strong.sum() > 1 else float(err.std())
    print(f"  {label}: n={len(rows)}  solver mean {y.mean():5.2f}  estimate mean {est.mean():5.2f}  "
          f"R² {r2:.3f}  error sd {err.std():.2f} (estimate 12 or more: {sd_strong:.2f}, n={int(strong.sum())})")
    bands = [(-99, 5), (5, 10), (10, 15), (15, 20), (20, 25), (25, 99)]
    cells = []
    for lo, hi in bands:
        m = (est >= lo) & (est < hi)
        if m.sum():
            cells.append(f"[{lo if lo > -99 else '':>3},{hi if hi < 99 else '':>3}) est {est[m].mean():5.1f} "
                         f"solver {y[m].mean():5.1f} (n={int(m.sum())})")
    print("    by band of the estimate: " + "; ".join(cells))
    return sd_strong


def main_fit(args):
    v = points_variant()
    out = {}
    for players, side in TABLES:
        t = time.perf_counter()
        rows = collect(players, side, args.deals, args.seed + players * 10 + side, args.workers)
        train, test = rows[: len(rows) // 2], rows[len(rows) // 2:]
        w = fit(train)
        bidding.WEIGHTS[(players, side)] = dict(w, sd=6.0)
        print(f"{players} players, {side} a side ({time.perf_counter() - t:.0f} s):")
        sd = report(test, v, players, side, "held out")
        w = fit(rows)       # the weights kept: fitted on every deal
        w["sd"] = round(sd, 2)
        bidding.WEIGHTS[(players, side)] = w
        out[(players, side)] = w
        print(f"    {w}", flush=True)
    print("\nWEIGHTS = {")
    for k, w in out.items():
        print(f"    {k}: {w},")
    print("}")


def main_check(args):
    v = points_variant()
    for players, side in TABLES:
        rows = collect(players, side, args.deals, 7_000_000 + args.seed + players * 10 + side, args.workers)
        print(f"{players} players, {side} a side:")
        report(rows, v, players, side, "fresh deals")


def kitty_rows(a):
    players, side, seed, count, kitty = a
    v = points_variant()
    layout = LAYOUT.get((players, side))
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[5 * s:5 * s + 5] for s in range(players)]
        kit = deck[5 * players:5 * players + kitty]
        dealer = rng.randrange(players)
        leads = (dealer + 1) % players == 0
        mine = hands[0]
        unseen = [i for i in range(52) if i not in mine]
        before = bidding.best_trump(mine, v, players, side, leads)[1]
        expected = bidding.expected_after_exchange(mine, unseen, v, None, players, side, leads,
                                                   extra=kitty, rng=rng, samples=24)
        suit, kept, best = None, None, None
        for s in SUITS:
            k5 = bidding.best_five(mine + kit, v, s, players, side)
            e = bidding.estimate(k5, v, s, players, side, leads)
            if best is None or e > best:
                suit, kept, best = s, k5, e
        hands[0] = kept
        pts = solve_points(v, hands, suit, dealer, layout)
        if pts is not None:
            out.append((before, expected, best, pts))
    return out


def draw_rows(a):
    """Seat 0 names the suit the evaluator expects most of after its draw; then every seat, from
    the dealer's left, throws the cards worth less than a blind draw (at most ``limit``) and draws
    as many from the stock; the solver plays the deal."""
    players, side, seed, count, limit = a
    v = points_variant()
    layout = LAYOUT.get((players, side))
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[5 * s:5 * s + 5] for s in range(players)]
        stock = deck[5 * players:]
        dealer = rng.randrange(players)
        leads = (dealer + 1) % players == 0
        mine = hands[0]
        unseen = [i for i in range(52) if i not in mine]
        best = None
        for s in SUITS:
            d = bidding._draw_count(mine, v, s, players, side, limit)
            e = bidding.expected_after_exchange(mine, unseen, v, s, players, side, leads, discard=d,
                                                rng=rng, samples=24)
            if best is None or e > best[1]:
                best = (s, e)
        suit, expected = best
        before = bidding.estimate(mine, v, suit, players, side, leads)
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            h = hands[seat]
            d = bidding._draw_count(h, v, suit, players, side, limit)
            d = min(d, len(stock))
            keep = bidding.best_five(h, v, suit, players, side, keep=len(h) - d)
            hands[seat] = keep + stock[:d]
            stock = stock[d:]
        after = bidding.estimate(hands[0], v, suit, players, side, leads)
        pts = solve_points(v, hands, suit, dealer, layout)
        if pts is not None:
            out.append((before, expected, after, pts))
    return out


def main_draw(args):
    for players, side in TABLES:
        chunks = [(players, side, 8_000_000 + args.seed + k, args.deals // args.workers, args.limit)
                  for k in range(args.workers)]
        rows = in_chunks(draw_rows, chunks, args.workers)
        n = len(rows)
        mean = [sum(r[k] for r in rows) / n for k in range(4)]
        print(f"{players} players, {side} a side, everyone draws (at most {args.limit}): n={n}  the named suit "
              f"before the draw {mean[0]:5.2f}  expected after the draw (sampled) {mean[1]:5.2f}  "
              f"after, the five held {mean[2]:5.2f}  solver {mean[3]:5.2f}", flush=True)


def main_kitty(args):
    for players, side in TABLES:
        if 5 * players + args.kitty > 52:
            continue
        chunks = [(players, side, 9_000_000 + args.seed + k, args.deals // args.workers, args.kitty)
                  for k in range(args.workers)]
        rows = in_chunks(kitty_rows, chunks, args.workers)
        n = len(rows)
        mean = [sum(r[k] for r in rows) / n for k in range(4)]
        sd = (sum((r[3] - r[2]) ** 2 for r in rows) / n) ** 0.5
        print(f"{players} players, {side} a side, kitty {args.kitty}: n={n}  best suit before the kitty "
              f"{mean[0]:5.2f}  expected with the kitty (sampled) {mean[1]:5.2f}  "
              f"after, the five kept {mean[2]:5.2f}  solver {mean[3]:5.2f}  (error sd {sd:.2f})", flush=True)


def main_make(args):
    """The chance of making a bid: the normal curve the bots use (:func:`make_probability`, about
    the sampled expectation with the table's spread) against the solver's share of deals that
    reached the bid, by band of the expectation (kitty ``--kitty``)."""
    for players, side in TABLES:
        rows = kitty_rows((players, side, 4242 + args.seed, args.deals, args.kitty))
        sd = bidding.weights_for(players, side)["sd"]
        for lo, hi in ((15, 20), (20, 25), (25, 28), (28, 31)):
            sel = [r for r in rows if lo <= r[1] < hi]
            if len(sel) < 10:
                continue
            n = len(sel)
            mean = sum(r[1] for r in sel) / n
            solver_rates = " ".join(f"{sum(r[3] >= b for r in sel) / n:.2f}" for b in (15, 20, 25, 30))
            curve = " ".join(f"{bidding.make_probability(mean, b, sd):.2f}" for b in (15, 20, 25, 30))
            print(f"{players} players, {side} a side, kitty {args.kitty}, expectation [{lo},{hi}) n={n}: "
                  f"P(at least 15 20 25 30) solver {solver_rates} | the bots' curve {curve}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["fit", "check", "kitty", "draw", "make"])
    parser.add_argument("--limit", type=int, default=5, help="draw mode: most cards a seat may draw")
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kitty", type=int, default=3)
    parser.add_argument("--tables", default=None, help="e.g. 4x1,6x3 (players x players a side); default: all")
    args = parser.parse_args()
    if args.tables:
        TABLES[:] = [tuple(int(x) for x in t.split("x")) for t in args.tables.split(",")]
    {"fit": main_fit, "check": main_check, "kitty": main_kitty, "draw": main_draw,
     "make": main_make}[args.mode](args)


if __name__ == "__main__":
    main()
