"""Tournaments: arguments refused before any work, the report's shape, luck cancelled by replays,
and the ladder of bots ranked with significance."""

from __future__ import annotations

import pytest

from maw_sim.tournament import run_tournament


def _never(done, total):
    raise AssertionError("a deal was played before the arguments were checked")


@pytest.mark.parametrize("change,words", [
    ({"challenger": "nobody"}, "known bots: random, heuristic"),
    ({"field": "nobody"}, "known bots"),
    ({"players": 11}, "2 to 10 players"),
    ({"players": 3, "variant": "cotton-1674"}, "2 to 2 players"),
    ({"deals": 0}, "deals"),
    ({"seed": -1}, "seed"),
    ({"variant": "whist"}, "spoil-five"),
])
def test_bad_arguments_are_refused_before_any_work(change, words):
    args = dict(variant="spoil-five", players=5, challenger="random", field="heuristic", deals=10, seed=1)
    args.update(change)
    with pytest.raises(ValueError, match=words):
        run_tournament(**args, progress=_never)


def test_report_shape_and_reproducible():
    seen = []
    report = run_tournament("spoil-five", 4, "heuristic", "random", 20, 7,
                            progress=lambda d, t: seen.append((d, t)))
    assert set(report) >= {"challenger", "field", "deals", "win_rate", "ci95", "field_win_rate",
                           "spoil_rate", "measure"}
    assert report["challenger"] == "heuristic" and report["field"] == "random"
    assert report["deals"] == 20 and seen[-1] == (20, 20) and len(seen) == 20
    low, high = report["ci95"]
    assert 0 <= low <= report["win_rate"] <= high <= 1
    assert "pool" in report["measure"]
    assert report == run_tournament("spoil-five", 4, "heuristic", "random", 20, 7)


def test_points_games_measure_points_per_deal():
    report = run_tournament("forty-five", 4, "heuristic", "random", 16, 2)
    assert report["measure"] == "points per deal"
    low, high = report["ci95"]
    assert low <= report["win_rate"] <= high
    # Five points a trick (and five for the best trump): a deal is worth 25 or 30 in all.
    assert 0 <= report["win_rate"] <= 30


def test_replays_cancel_luck():
    """The same bot as challenger and field: over whole groups of replays every seat of every deal is
    the challenger's once, so its figure is exactly the field's."""
    report = run_tournament("spoil-five", 5, "heuristic", "heuristic", 50, 3)
    assert report["win_rate"] == pytest.approx(report["field_win_rate"])


def test_ladder_is_ranked_with_significance():
    """random < heuristic < pimc, each step with the 95% intervals clear of each other (fixed seeds,
    so the result is reproducible). Each step is measured where it shows quickly: heuristic over
    random in two-handed Spoil Five against random play (about 0.58 against 0.45 of pools);
    pimc over heuristic in the three-handed game against heuristic players (about 0.34 against
    0.24; the search bot's deals are the slowest part of the suite, and a three-handed one costs
    half as much as a five-handed one, where the step is about 0.17 against 0.08)."""
    low = {b: run_tournament("spoil-five", 2, b, "random", 600, 11) for b in ("random", "heuristic")}
    assert low["heuristic"]["ci95"][0] > low["random"]["ci95"][1], low
    high = {b: run_tournament("spoil-five", 3, b, "heuristic", 400, 11) for b in ("heuristic", "pimc")}
    assert high["pimc"]["ci95"][0] > high["heuristic"]["ci95"][1], high
