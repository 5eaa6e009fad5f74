"""benchmarks/protocol.py: the development and held-out deals are fixed and disjoint, and every
comparison run is logged with its bots' settings, so the variants tried can be counted."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import protocol  # noqa: E402

from maw_sim.bots.heuristic import heuristic_bot  # noqa: E402
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


def test_the_fair_ceiling_resumes_after_its_last_row_and_logs_whole_groups(tmp_path):
    rows, log = tmp_path / "rows.jsonl", tmp_path / "log.jsonl"
    protocol.play_ceiling(2, 4, rows)            # two iterations a decision: a check, not a ceiling
    protocol.play_ceiling(2, 12, rows, share=(1, 2))   # resumes, the second process's share: 5 to 9
    protocol.play_ceiling(2, 12, rows, share=(0, 2))   # the first's: 4, 10 and 11
    assert [json.loads(line)["index"] for line in rows.read_text().splitlines()] == [0, 1, 2, 3, *range(5, 10), 4, 10, 11]
    entry = protocol.summarise_ceiling(2, 3000, rows, log)
    assert entry["deals"] == 10 and entry["split"] == "held-out"    # two whole groups of five replays
    assert entry["first"]["iterations"] == 2 and entry["ci95"][0] <= entry["difference"] <= entry["ci95"][1]
    assert len(log.read_text().splitlines()) == 1
    # Against a bot played here on the same deals: the heuristic played again gives the rows' own figure.
    again = protocol.summarise_ceiling(2, 10, rows, log, against=lambda view, rng: heuristic_bot(view, rng))
    assert (again["difference"], again["ci95"]) == (entry["difference"], entry["ci95"])


def test_a_learned_bot_is_logged_with_its_weights_and_no_address():
    """A result is tied to the network that made it (the shipped weights' digest), and a bot held
    as a parameter is named, not printed with its memory address, so two runs log the same settings."""
    import hashlib

    import maw_sim.bots.learned as learned
    weights = Path(learned.__file__).parent / "data" / learned.WEIGHTS
    digest = hashlib.sha256(weights.read_bytes()).hexdigest()[:12]
    settings = protocol.settings_of("learned-search")
    assert settings["weights"] == digest and settings["fallback"] == "best"
    assert protocol.settings_of(learned.LearnedSearch())["weights"] == digest
    assert protocol.settings_of(learned.LearnedBot(learned.shipped()))["weights"] == digest
    data = json.loads(weights.read_text(encoding="utf-8"))
    assert protocol.settings_of(learned.LearnedBot(learned.from_dict(data)))["weights"] == "weights of no file"
    assert "0x" not in json.dumps(settings)


def test_a_learned_bot_can_be_compared_with_other_weights(tmp_path):
    """``compare --weights``: the first bot reads another weights file, and the log names that file's
    digest; only a learned bot can take one."""
    import hashlib

    import maw_sim.bots.learned as learned
    data = json.loads((Path(learned.__file__).parent / "data" / learned.WEIGHTS).read_text(encoding="utf-8"))
    data["b2"] += 0.25
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    bot = protocol.with_weights("learned-search", other)
    digest = hashlib.sha256(other.read_bytes()).hexdigest()[:12]
    assert isinstance(bot, learned.LearnedSearch) and protocol.settings_of(bot)["weights"] == digest
    assert digest != learned.shipped_digest()
    blend = protocol.with_weights("learned-blend", other)
    assert isinstance(blend, learned.LearnedBlend) and protocol.settings_of(blend)["weights"] == digest
    with pytest.raises(SystemExit, match="learned-search"):
        protocol.with_weights("best", other)


def test_learned_blend_can_be_compared_with_the_others_imagined_another_way():
    """``compare --others``: learned-blend's rollouts play the other seats another way, and the log
    says which; no other bot takes the option."""
    import maw_sim.bots.learned as learned
    blend = protocol.with_weights("learned-blend", None, "read")
    assert isinstance(blend, learned.LearnedBlend) and protocol.settings_of(blend)["others"] == "read"
    assert protocol.settings_of(blend)["weights"] == learned.shipped_digest()
    with pytest.raises(SystemExit, match="learned-blend's rollouts"):
        protocol.with_weights("learned", None, "network")


def test_the_other_seats_network_is_read_from_its_file_and_logged_by_digest():
    import maw_sim.bots.learned as learned
    path = Path(learned.__file__).parent / "data" / learned.SEARCHERS_WEIGHTS
    blend = protocol.with_weights("learned-blend", None, "weighed", path)
    assert protocol.settings_of(blend)["others_weights"] == learned.searchers().digest
    assert protocol.settings_of(blend)["others_weights"] != learned.shipped_digest()
    with pytest.raises(SystemExit, match="give --others network, read or weighed"):
        protocol.with_weights("learned-blend", None, None, path)
    cheaper = protocol.with_weights("learned-blend", None, "weighed", path, 100)
    assert protocol.settings_of(cheaper)["network_budget"] == 100 and cheaper.budget == 300
    with pytest.raises(SystemExit, match="--network-budget is for the rollouts where a network plays"):
        protocol.with_weights("learned-blend", None, "heuristic", None, 100)
