"""Studies and the tournament command: plans refused before work, measures that add up, the same
rows in one process, on a process pool and on a local Dask cluster, and Ctrl-C keeping what is done."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from maw_sim.cli import main
import maw_sim
from maw_sim.studies import one, plan, read_rows, run_study, run_task, summarise
from maw_sim.studies.experiments import _decided_at, _lead_changes


def _cells(rows) -> dict:
    return {(c["variant"], int(c["players"]), c["bots"], c["measure"], c["key"]): (c["n"], round(c["mean"], 12))
            for c in summarise(rows)}


# -- refused before any work ------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,words", [
    ({"name": "spoils"}, "known experiments: spoil-rate, top-trumps, robbing, fairness, policy"),
    ({"name": "spoil-rate", "bots": ["clever"]}, "known bots: random, heuristic"),
    ({"name": "spoil-rate", "variants": ["whist"]}, "spoil-five"),
    ({"name": "spoil-rate", "variants": ["cotton-1674"], "players": [5]}, "2 to 2 players"),
    ({"name": "spoil-rate", "players": [11]}, "2 to 10 players"),
    ({"name": "spoil-rate", "deals": 0}, "deals must be a whole number"),
    ({"name": "spoil-rate", "seed": -3}, "seed"),
    ({"name": "top-trumps", "variants": ["cotton-1674"], "players": None, "deals": 10}, None),
])
def test_plans_refuse_impossible_parameters(kwargs, words):
    if words is None:                       # defaults keep only the counts a variant allows
        assert {t.players for t in plan(**kwargs)} == {2}
        return
    with pytest.raises(ValueError, match=words):
        plan(**kwargs)


def test_cli_refuses_before_writing_anything(tmp_path, capsys):
    out = tmp_path / "rows.csv"
    assert main(["study", "spoil-rate", "--variants", "cotton-1674", "--players", "4", "--out", str(out)]) == 2
    assert "Five Cards (Cotton, 1674) is played by 2 to 2 players; got 4" in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(SystemExit) as exc:
        main(["study", "robing"])
    assert exc.value.code == 2
    assert "known experiments: spoil-rate, top-trumps, robbing" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["study", "spoil-rate", "--scheduler", "localhost"])
    assert "expected tcp://host:port" in capsys.readouterr().err


# -- the measures ----------------------------------------------------------------------------

def test_decided_at_is_the_trick_after_which_nothing_could_change():
    assert _decided_at([0, 0, 0, 1, 1], 3) == 3          # three straight: decided at the third
    assert _decided_at([0, 1, 2, 0, 1], 3) == 5          # still open until the last trick
    assert _decided_at([0, 1, 2, 3, 0], 5) == 4          # four winners after four: nobody can reach three
    assert _decided_at([0, 1, 1, 0, 1], 2) == 5


def test_lead_changes_count_a_new_sole_leader():
    assert _lead_changes([0, 0, 0], 3) == 0
    assert _lead_changes([0, 1, 1], 3) == 1              # 0 leads, tie, then 1 leads
    assert _lead_changes([0, 1, 1, 0, 0], 2) == 2


def test_rows_add_up_across_measures():
    rows = run_study("fairness", variants=["spoil-five"], players=[4], deals=600, seed=5, workers=1)
    cells = {(c["measure"], c["key"]): c for c in summarise(rows)}
    wins = sum(cells[("win_by_position", str(p))]["mean"] for p in range(1, 5))
    assert wins + cells[("spoil", "")]["mean"] == pytest.approx(1.0)
    assert all(c["n"] == 600 for c in cells.values())
    assert 3 <= cells[("decided_at", "")]["mean"] <= 5
    for c in cells.values():
        assert c["low"] <= c["mean"] <= c["high"]


def test_top_trump_holdings_count_every_hand_once():
    rows = run_study("top-trumps", variants=["spoil-five"], players=[5], deals=400, workers=1)
    cells = {c["key"]: c for c in summarise(rows) if c["measure"] == "win_holding"}
    assert cells["any hand"]["n"] == 400 * 5
    # With hearts trumps the ace of hearts is the ace of trumps: four top trumps, three in hearts.
    held = sum(cells[k]["n"] for k in ("five of trumps", "knave of trumps", "ace of hearts", "ace of trumps"))
    # 25 of the 52 cards are dealt at five players (plus a robbed turn-up): each top trump is in
    # play in about half the deals, and most hands hold none.
    assert 400 * 3 * 0.4 < held < 400 * 4 * 0.6
    assert 2000 * 0.5 < cells["no top trump"]["n"] < 2000
    # The five fingers are the best card in the pack: their holder wins more than any hand.
    assert cells["five of trumps"]["low"] > cells["any hand"]["high"]


def test_robbing_forks_the_same_deal_both_ways():
    rows = run_study("robbing", variants=["spoil-five"], players=[4], deals=500, workers=1)
    cells = {(c["measure"], c["key"]): c for c in summarise(rows)}
    for role in ("ace holder", "dealer"):
        assert cells[("win_if_rob", role)]["n"] == cells[("win_if_pass", role)]["n"] > 0
    assert cells[("win_if_rob", "ace holder")]["n"] < 500


def test_cotton_has_no_partner_layouts_and_two_players_never_spoil():
    rows = run_study("spoil-rate", variants=["cotton-1674", "spoil-five"], players=[2], deals=300, workers=1)
    assert all(c["mean"] == 0 for c in summarise(rows) if c["measure"] == "spoil")


# -- the same rows however they run ---------------------------------------------------------

def test_process_pool_gives_the_rows_of_one_process():
    args = dict(variants=["spoil-five", "heather-1876"], players=[3, 5], deals=300, seed=11, chunk=100)
    here = run_study("fairness", workers=1, **args)
    pooled = run_study("fairness", workers=2, **args)
    assert _cells(here) == _cells(pooled)
    assert len({r["task"] for r in pooled}) == len(plan("fairness", **{k: v for k, v in args.items()}))


def test_a_task_is_reproducible():
    task = plan("robbing", variants=["forty-five"], players=[5], deals=50)[0]
    assert run_task(task) == run_task(task)


def test_study_cli_writes_tidy_csv_and_jsonl(tmp_path, capsys):
    csv_path, jsonl_path = tmp_path / "s.csv", tmp_path / "s.jsonl"
    common = ["--variants", "twenty-five", "--players", "3", "--deals", "200", "--workers", "1"]
    assert main(["study", "spoil-rate", *common, "--out", str(csv_path)]) == 0
    report = capsys.readouterr().out
    assert "twenty-five" in report and "spoil" in report and "95% CI" in report
    assert main(["study", "spoil-rate", *common, "--out", str(jsonl_path)]) == 0
    csv_rows, json_rows = read_rows(csv_path), read_rows(jsonl_path)
    assert csv_path.read_text().startswith("experiment,variant,options,players,bots,measure,key,n,total,total_sq")
    assert _cells(csv_rows) == _cells(json_rows)
    assert json.loads(jsonl_path.read_text().splitlines()[0])["experiment"] == "spoil-rate"


# -- Dask -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def dask_cluster():
    import distributed    # in the study extra, which the test environment installs
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_study_runs_on_a_local_dask_cluster(dask_cluster, tmp_path, capsys):
    out = tmp_path / "dask.csv"
    args = ["--variants", "spoil-five,forty-five", "--players", "4,6", "--deals", "300", "--chunk", "100"]
    assert main(["study", "fairness", *args, "--scheduler", dask_cluster, "--out", str(out)]) == 0
    assert "on the Dask cluster at tcp://127.0.0.1" in capsys.readouterr().err
    local = run_study("fairness", variants=["spoil-five", "forty-five"], players=[4, 6], deals=300, chunk=100,
                      workers=1)
    assert _cells(read_rows(out)) == _cells(local)


def test_tournament_runs_on_a_local_dask_cluster(dask_cluster, capsys):
    args = ["tournament", "spoil-five", "--players", "4", "--challenger", "heuristic", "--field", "random",
            "--deals", "120", "--seed", "2", "--json"]
    assert main([*args, "--scheduler", dask_cluster]) == 0
    on_dask = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out) == on_dask


# -- the tournament command -------------------------------------------------------------------

def test_tournament_json_has_the_promised_keys(capsys):
    assert main(["tournament", "spoil-five", "--players", "5", "--challenger", "heuristic", "--field", "random",
                 "--deals", "100", "--seed", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {"challenger", "field", "deals", "win_rate", "ci95", "field_win_rate", "spoil_rate"} <= set(report)
    assert report["challenger"] == "heuristic" and report["deals"] == 100
    low, high = report["ci95"]
    assert low <= report["win_rate"] <= high


@pytest.mark.parametrize("args,words", [
    (["--players", "11"], "Spoil Five is played by 2 to 10 players; got 11"),
    (["--challenger", "wizard"], "known bots: random, heuristic, pimc, best"),
    (["--deals", "0"], "deals must be a whole number, 1 or more"),
])
def test_tournament_refuses_bad_arguments(args, words, capsys):
    try:
        code = main(["tournament", "spoil-five", *args])
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert words in capsys.readouterr().err


# -- Ctrl-C ---------------------------------------------------------------------------------

def test_ctrl_c_keeps_the_finished_rows(tmp_path):
    out = tmp_path / "long.csv"
    proc = subprocess.Popen([sys.executable, "-m", "maw_sim.cli", "study", "spoil-rate", "--deals", "200000",
                             "--chunk", "100", "--workers", "2", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.time() + 120
        while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < 10):
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:    # whatever happened, no worker of the study is left running on (the rest of the suite)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    assert "interrupted:" in stderr and "tasks finished; their rows are in" in stderr
    rows = read_rows(out)
    finished = {r["task"] for r in rows}
    assert len(finished) >= 1
    # Whole tasks only: every finished task has its spoil and jink rows, each over its 100 deals.
    assert all(int(r["n"]) == 100 for r in rows)
    assert len(rows) == 2 * len(finished)
    assert "spoil" in stdout                   # the summary of what was finished


def test_the_dealer_hold_study_plays_each_deal_both_ways_from_the_same_cards():
    """dealer-hold: the same cards under the ruleset's auction and with the hold taken away; the
    dealer never holds in the second branch, and the counterfactual differs in that rule only."""
    from maw_sim.studies.experiments import without_hold
    v = maw_sim.load_variant("one-hundred-and-ten")
    other = without_hold(v)
    assert other.auction["hold"] == "none" and v.auction["hold"] == "duel"
    assert {k: s for k, s in other.settings.items() if k != "auction"} == \
        {k: s for k, s in v.settings.items() if k != "auction"}
    cells = summarise(run_study("dealer-hold", variants=["one-hundred-and-ten"], players=[4], deals=60,
                                seed=3, workers=1))
    assert one(cells, measure="dealer_holds", key="no hold")["mean"] == 0
    assert one(cells, measure="dealer_bids", key="hold")["n"] == 60


def test_the_contracts_study_keys_by_the_kitty():
    variants = [maw_sim.load_variant("auction-45-atlantic", options={"kitty": k}) for k in (0, 5)]
    cells = summarise(run_study("contracts", variants=variants, players=[4], deals=40, seed=3, workers=1))
    for k in (0, 5):
        thrown = one(cells, measure="thrown_in", key=f"kitty {k}")
        made = one(cells, measure="made", key=f"kitty {k}")
        assert thrown["n"] == 40 and made["n"] + round(thrown["mean"] * 40) == 40


def test_swings_in_forty_five_always_write_thirty_or_twenty_five():
    cells = summarise(run_study("swings", variants=["forty-five"], players=[4], deals=50, seed=3, workers=1))
    written = one(cells, measure="written")
    assert 25 <= written["mean"] <= 30 and one(cells, measure="loss")["mean"] == 0


# -- per-deal rows and paired comparisons ---------------------------------------------------

def test_rows_kept_by_deal_add_up_to_the_same_summary():
    args = dict(variants=["spoil-five"], players=[4], deals=60, seed=5, workers=1)
    plain = run_study("robbing", **args)
    by_deal = run_study("robbing", by_deal=["win_by_position", "dealer_edge"], **args)
    assert _cells(plain) == _cells(by_deal)
    kept = [r for r in by_deal if r.get("deal") is not None]
    assert {r["measure"] for r in kept} == {"win_by_position", "dealer_edge"}
    assert {r["deal"] for r in kept} == set(range(60))
    # The dealer's edge, deal by deal, is his share of the deals won less the other seats' average.
    from maw_sim.studies import difference
    seats = difference(by_deal, {"measure": "win_by_position", "key": "4"},
                       {"measure": "win_by_position", "key": ["1", "2", "3"]})
    edges = [r for r in kept if r["measure"] == "dealer_edge"]
    assert len(edges) == 60 and {r["key"] for r in edges} <= {"ace turned", "no ace turned"}
    assert sum(r["total"] for r in edges) / 60 == pytest.approx(seats["difference"])
    with pytest.raises(ValueError, match="robbing counts no spoil; it counts: win_if_rob"):
        plan("robbing", by_deal=["spoil"])


def test_a_paired_difference_is_the_interval_of_the_per_deal_differences():
    from maw_sim.stats import clustered_mean_interval
    from maw_sim.studies import difference, ratio
    rows = run_study("dealer-hold", variants=["auction-45-atlantic"], players=[4], deals=80, seed=9, workers=1,
                     by_deal=["dealer_points"])
    hold, no_hold = ({"measure": "dealer_points", "key": k} for k in ("hold", "no hold"))
    d = difference(rows, hold, no_hold)
    per_deal = {}
    for r in rows:
        if r["measure"] == "dealer_points":
            per_deal.setdefault(r["deal"], {})[r["key"]] = r["total"]
    mean, low, high = clustered_mean_interval([[p["hold"] - p["no hold"]] for p in per_deal.values()])
    assert d["deals"] == 80
    assert (d["difference"], d["low"], d["high"]) == pytest.approx((mean, low, high))
    r = ratio(rows, hold, no_hold)
    assert r["ratio"] == pytest.approx(d["first"] / d["second"]) and r["low"] < r["ratio"] < r["high"]
    with pytest.raises(ValueError, match="not kept by deal"):
        difference(rows, {"measure": "dealer_bids", "key": "hold"}, no_hold)


def test_a_clustered_difference_counts_deals_not_observations():
    """Two arms with several observations in some deals and none in others: the interval is the
    deals' (here every deal's observations are equal, so ten copies of a deal add nothing)."""
    from maw_sim.studies import difference
    rows = []
    for deal in range(40):
        a, b = deal % 2, (deal // 2) % 2
        rows.append({"players": 4, "deal": deal, "measure": "m", "key": "a", "n": 10, "total": 10 * a})
        if deal % 4:
            rows.append({"players": 4, "deal": deal, "measure": "m", "key": "b", "n": 1, "total": b})
    once = [dict(r, n=1, total=r["total"] / r["n"]) for r in rows]
    many, single = (difference(x, {"key": "a"}, {"key": "b"}) for x in (rows, once))
    assert many["deals"] == 40 and many["difference"] == pytest.approx(single["difference"])
    assert many["high"] - many["low"] == pytest.approx(single["high"] - single["low"])
