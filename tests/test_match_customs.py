"""The house-rules page's figures for whole games (notebooks/data/match-customs.json) were written
by ``benchmarks/match_customs.py`` as it stands: the same settings, the figures the same function
makes of the stored games, and the first games of every reading played again here the same."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import match_customs  # noqa: E402


def test_the_data_file_was_written_by_the_current_script():
    record = json.loads(match_customs.DATA.read_text(encoding="utf-8"))
    assert record["settings"] == match_customs.settings(), "stale: rerun benchmarks/match_customs.py"
    assert record["figures"] == match_customs.figures(record["games"])
    for readings in record["games"].values():
        assert all(len(games) == match_customs.GAMES for games in readings.values())
    for custom, readings in match_customs.run(games=2).items():
        for reading, games in readings.items():
            assert record["games"][custom][reading][:2] == games, (custom, reading)
