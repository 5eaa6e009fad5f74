"""Duplicate play of the bidding games: the same deals with the seats rotated. Prints; asserts nothing.

    .venv/bin/python benchmarks/bidding_duplicate.py [--deals 200] [--matches 10] [--challenger pimc]

For each bidding game at its usual table:

- **the bidder's make rate** with the heuristic bot in every seat (the auction and the play of the
  evaluator's bots), with its 95% interval, and the mean winning bid;
- **the challenger against the heuristic bot, deal by deal**: each deal is played twice (two
  partnerships: the challenger's side, then the other side) or once per seat (every seat alone:
  the challenger in each seat in turn, heuristic players elsewhere), so both bots hold the same
  cards. Points per deal (as written on the score sheet) for the challenger's side and for the
  heuristic side in the same seats, their difference with a 95% interval, and each side's make
  rate as bidder;
- **games won**: whole games (``maw_sim.Match``) with the same seeds, the challenger's side first
  on one side, then on the other (singles: the challenger in each seat in turn), to the target
  (at most ``--max-deals`` deals a game; unfinished games are counted as unfinished).
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from maw_sim import Deal, Match, load_variant, variant_ids  # noqa: E402
from maw_sim.bots import get_bot, play_match  # noqa: E402
from maw_sim.stats import wilson  # noqa: E402

TABLES = [("one-hundred-and-ten", 3, None), ("auction-45", 4, "2x2"),
          ("auction-45-merrimack", 4, "2x2"), ("auction-45-atlantic", 4, "2x2")]


def _play(deal, bots, seed):
    rng = random.Random(seed)
    while deal.to_move is not None:
        seat = deal.to_move
        deal.apply(bots[seat](deal.view(seat), rng))
    return deal


def _interval(values):
    n = len(values)
    m = statistics.fmean(values)
    if n < 2:
        return m, m, m
    half = 1.96 * statistics.stdev(values) / n ** 0.5
    return m, m - half, m + half


def orientations(players, teams):
    """The seatings: for each, the seats the challenger plays."""
    if teams is None:
        return [{s} for s in range(players)]
    sides = int(teams.split("x")[0])
    return [{s for s in range(players) if s % sides == k} for k in range(sides)]


def duplicate(v, players, teams, deals, challenger, heuristic):
    make, bids = [], []
    diffs, chal_pts, heur_pts = [], [], []
    chal_made, heur_made = [], []
    for k in range(deals):
        seed = 50_000 + k
        dealer = k % players
        base = _play(Deal.random(v, players, seed, dealer, teams=teams), [heuristic] * players, seed)
        if base.contract is not None:
            make.append(1 if base.outcome.contract_made else 0)
            bids.append(base.contract.bid)
        per_deal = []
        for seats in orientations(players, teams):
            bots = [challenger if s in seats else heuristic for s in range(players)]
            d = _play(Deal.random(v, players, seed, dealer, teams=teams), bots, seed)
            pts = d.outcome.points
            mine = d.side_of(next(iter(seats)))
            others = [pts[s] for s in range(len(pts)) if s != mine]
            # The same seats played by the heuristic bot: the baseline deal's points for that side.
            per_deal.append((pts[mine], base.outcome.points[mine], statistics.fmean(others)))
            c = d.contract
            if c is not None:
                (chal_made if d.side_of(c.bidder) == mine else heur_made).append(
                    1 if d.outcome.contract_made else 0)
        chal = statistics.fmean(p[0] for p in per_deal)
        heur = statistics.fmean(p[1] for p in per_deal)
        chal_pts.append(chal)
        heur_pts.append(heur)
        diffs.append(chal - heur)
    return dict(make=make, bids=bids, diffs=diffs, chal=chal_pts, heur=heur_pts,
                chal_made=chal_made, heur_made=heur_made)


def games(v, players, teams, matches, challenger, heuristic, max_deals):
    won = total = unfinished = 0
    lengths = []
    for m in range(matches):
        for seats in orientations(players, teams):
            match = Match(v, players, seed=70_000 + m, teams=teams)
            bots = [challenger if s in seats else heuristic for s in range(players)]
            play_match(match, bots, deals=max_deals)
            total += 1
            if not match.over:
                unfinished += 1
                continue
            lengths.append(match.deals_played)
            side = match.teams[next(iter(seats))] if match.teams is not None else next(iter(seats))
            won += 1 if match.game_won_by == side else 0
    return won, total, unfinished, lengths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--max-deals", type=int, default=80)
    parser.add_argument("--challenger", default="pimc")
    parser.add_argument("--variants", default=None, help="comma-separated variant ids (default: every bidding game)")
    args = parser.parse_args()
    challenger, heuristic = get_bot(args.challenger), get_bot("heuristic")
    wanted = args.variants.split(",") if args.variants else None
    rows = []
    for vid, players, teams in TABLES:
        if vid not in variant_ids() or (wanted and vid not in wanted):
            continue
        v = load_variant(vid)
        t = time.perf_counter()
        r = duplicate(v, players, teams, args.deals, challenger, heuristic)
        won, total, unfinished, lengths = games(v, players, teams, args.matches, challenger, heuristic,
                                                args.max_deals)
        rows.append((vid, players, teams, r, won, total, unfinished, lengths, time.perf_counter() - t))
        n = len(r["make"])
        lo, hi = wilson(sum(r["make"]), n) if n else (0, 0)
        d, dlo, dhi = _interval(r["diffs"])
        print(f"\n{v.name} ({vid}), {players} players{' ' + teams if teams else ', each alone'}: "
              f"{args.deals} deals, {total} games ({time.perf_counter() - t:.0f} s)", flush=True)
        print(f"  heuristic table: contracts {n}, made {sum(r['make']) / max(n, 1):.1%} [{lo:.1%}, {hi:.1%}], "
              f"mean winning bid {statistics.fmean(r['bids']) if r['bids'] else float('nan'):.1f}")
        cm, hm = r["chal_made"], r["heur_made"]
        print(f"  {args.challenger} side {statistics.fmean(r['chal']):6.2f} points a deal, the heuristic bot in "
              f"the same seats {statistics.fmean(r['heur']):6.2f}: difference {d:+.2f} [{dlo:+.2f}, {dhi:+.2f}]")
        print(f"  as bidder: {args.challenger} made {sum(cm)}/{len(cm)}, heuristic (against it) made "
              f"{sum(hm)}/{len(hm)}")
        gl, gh = wilson(won, total - unfinished) if total > unfinished else (0, 0)
        print(f"  games: {args.challenger} side won {won} of {total - unfinished} finished "
              f"({won / max(1, total - unfinished):.0%} [{gl:.0%}, {gh:.0%}]; even is "
              f"{1 / len(orientations(players, teams)):.0%}), {unfinished} unfinished after {args.max_deals} deals, "
              f"median length {statistics.median(lengths) if lengths else float('nan')} deals")
    print("\n| game | table | contracts made (heuristic table) | points/deal "
          f"{args.challenger} | heuristic | difference [95%] | games won by {args.challenger} |")
    print("|---|---|---|---|---|---|---|")
    for vid, players, teams, r, won, total, unfinished, lengths, _ in rows:
        n = len(r["make"])
        d, dlo, dhi = _interval(r["diffs"])
        print(f"| {vid} | {players}{' ' + teams if teams else ' alone'} | {sum(r['make']) / max(n, 1):.0%} of {n} "
              f"| {statistics.fmean(r['chal']):.2f} | {statistics.fmean(r['heur']):.2f} | {d:+.2f} [{dlo:+.2f}, "
              f"{dhi:+.2f}] | {won}/{total - unfinished} |")


if __name__ == "__main__":
    main()
