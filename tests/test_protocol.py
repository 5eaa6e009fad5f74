"""benchmarks/protocol.py: the development and held-out deals are fixed and disjoint, and every
comparison run is logged with its bots' settings, so the variants tried can be counted."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import protocol  # noqa: E402

from maw_sim.tournament import _base_seed  # noqa: E402


def test_the_splits_share_no_deal():
    dev = {_base_seed(protocol.DEVELOPMENT_SEED, g) for g in range(protocol.DEALS // 5)}
    held = {_base_seed(protocol.HELD_OUT_SEED, g) for g in range(protocol.DEALS // 5)}
    assert not dev & held and protocol.DEALS == 3000


def test_every_run_is_logged_and_the_variants_tried_are_counted(tmp_path):
    log = tmp_path / "log.jsonl"
    assert protocol.variants_tried(log) == 0
    a = protocol.run("heuristic", "random", "heuristic", "development", deals=10, log=log)
    protocol.run("heuristic", "random", "heuristic", "development", deals=10, log=log)
    protocol.run("heuristic-soft", "heuristic", "heuristic", "development", deals=10, log=log)
    protocol.run("heuristic-soft", "heuristic", "heuristic", "held-out", deals=10, log=log)
    assert len(log.read_text().splitlines()) == 4
    assert protocol.variants_tried(log) == 2
    assert a["seed"] == protocol.DEVELOPMENT_SEED and a["first"]["name"] == "heuristic"
    assert a["ci95"][0] <= a["difference"] <= a["ci95"][1]
