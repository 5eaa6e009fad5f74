"""The notebooks' search-field figures (notebooks/data/search-field-*.json) were written by
``benchmarks/paired_studies.py fields`` as it stands: the same study settings and the same bots'
parameters, and the heuristic field's figures — replayed here on the same deals, which takes
seconds — the same to the last digit."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import paired_studies  # noqa: E402


@pytest.mark.parametrize("name", list(paired_studies.FIELDS))
def test_the_data_file_was_written_by_the_current_settings(name):
    path = paired_studies.DATA / f"search-field-{name}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    settings = paired_studies.field_settings(name)
    assert record["settings"] == settings, f"{path.name} is stale: rerun benchmarks/paired_studies.py fields {name}"
    assert record["deals_played"] == settings["deals"]
    replayed = paired_studies.run_field(name, bots=["heuristic"])["figures"]
    stored = [f for f in record["figures"] if f["bots"] == "heuristic"]
    assert replayed == stored
    # Every field of the settings has its figures, each an estimate inside its interval.
    assert {f["bots"] for f in record["figures"]} == set(settings["bots"])
    assert all(f["low"] <= f["estimate"] <= f["high"] for f in record["figures"])
