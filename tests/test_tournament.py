"""Tournaments: arguments refused before any work, the report's shape, luck cancelled by replays,
and the ladder of bots ranked with significance."""

from __future__ import annotations

import pytest

from maw_sim.tournament import compare, run_tournament


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
    """random < heuristic < pimc, each step a paired difference on the same deals whose 95%
    interval (clustered by deal) lies wholly above zero (fixed seeds, so the result is reproducible;
    it holds at seeds 12 and 13 as well). Each step is measured where it shows quickly: heuristic
    over random in two-handed Spoil Five against random play (about +0.13 of pools a deal); pimc
    over heuristic in the three-handed game against heuristic players (about +0.1; the search
    bot's deals are the slowest part of the suite). Paired, 90 deals do what 400 a bot did when
    the two bots' separate intervals had to clear each other."""
    low = compare("spoil-five", 2, "heuristic", "random", "random", 200, 11)
    assert low["ci95"][0] > 0, low
    high = compare("spoil-five", 3, "pimc", "heuristic", "heuristic", 90, 11)
    assert high["ci95"][0] > 0, high
    assert high["first_rate"] > high["second_rate"]


def test_a_bot_compared_with_itself_differs_by_nothing():
    """The same bot on both sides of a paired comparison plays the same deals the same way: the
    difference is exactly zero, however lucky the deals."""
    report = compare("spoil-five", 4, "heuristic", "heuristic", "random", 24, 3)
    assert report["difference"] == 0 and report["ci95"] == [0, 0]


def test_a_comparison_can_start_on_deals_no_earlier_run_played():
    """``start`` plays deals from that index on: the same deals as the tail of a longer run (so a
    second look uses fresh deals), and a start inside a group of replays is refused with what is allowed."""
    from maw_sim.tournament import play_one
    tail = compare("spoil-five", 4, "heuristic", "random", "random", 8, 3, start=8)
    firsts = [play_one("spoil-five", 4, "heuristic", "random", 3, i)[0] for i in range(8, 16)]
    assert tail["first_rate"] == sum(firsts) / 8
    assert compare("spoil-five", 4, "heuristic", "random", "random", 8, 3)["first_rate"] != tail["first_rate"]
    with pytest.raises(ValueError, match="a group of replays"):
        compare("spoil-five", 4, "heuristic", "random", "random", 8, 3, start=6)


def test_the_interval_counts_deals_not_replays():
    """The replays of one deal share its cards: the interval takes each deal as one observation
    (clustered), so a figure copied onto every replay of its deal gets the interval of one value a
    deal, not a narrower one from counting it five times."""
    from maw_sim.stats import clustered_mean_interval
    per_deal = [0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0]
    _, low1, high1 = clustered_mean_interval([[x] for x in per_deal])
    _, low5, high5 = clustered_mean_interval([[x] * 5 for x in per_deal])
    assert high5 - low5 == pytest.approx(high1 - low1)
