"""``maw-sim replay`` and ``maw-sim analyse`` on records written to a temporary folder."""

from __future__ import annotations

import subprocess
import sys

import pytest

from maw_sim.analysis import analyse
from maw_sim.cli import main

from test_review import played_deal, robbed_deal


@pytest.fixture
def robbed(tmp_path):
    deal = robbed_deal("spoil-five", 4)
    path = tmp_path / "robbed.maw"
    path.write_text(deal.record().text(), encoding="utf-8")
    return deal, path


def test_replay_prints_every_trick_and_the_result(robbed, capsys):
    deal, path = robbed
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for number, trick in enumerate(deal.tricks, start=1):
        winning = next(c for s, c in trick.plays if s == trick.winner)
        assert f"Seat {trick.winner} wins trick {number} with {winning.symbol}." in out
        for seat, card in trick.plays:
            assert f"Seat {seat} plays {card.symbol}" in out
    seat, put_out = deal.robbed
    assert f"puts out {put_out.symbol}" in out
    assert out.rstrip().endswith(deal.outcome.reason)


def test_replay_for_a_seat_hides_the_other_hands_and_the_face_down_card(robbed, capsys):
    deal, path = robbed
    robber, put_out = deal.robbed
    seat = (robber + 1) % deal.players
    assert main(["replay", str(path), "--seat", str(seat)]) == 0
    out = capsys.readouterr().out
    assert "puts out a card face down" in out and put_out.symbol not in out
    own = " ".join(c.symbol for c in deal.dealt[seat])
    assert f"seat {seat}:" in out
    for other in range(deal.players):
        if other != seat:
            assert f"seat {other}:" not in out
    assert all(c.symbol in own for c in deal.dealt[seat])


def test_replay_of_a_seats_own_record_and_from_stdin(robbed):
    deal, _ = robbed
    seat = (deal.robbed[0] + 2) % deal.players
    text = deal.record().for_seat(seat).text()
    out = subprocess.run([sys.executable, "-m", "maw_sim.cli", "replay", "-"], input=text,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"Seen by seat {seat}" in out.stdout and deal.outcome.reason in out.stdout
    refused = subprocess.run([sys.executable, "-m", "maw_sim.cli", "replay", "-", "--seat", str((seat + 1) % 4)],
                             input=text, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and f"seat {seat}'s own record" in refused.stderr


def test_analyse_values_every_position_as_the_analysis_does(tmp_path, capsys):
    deal = played_deal("forty-five", 3, 5)
    rec = deal.record()
    path = tmp_path / "g.maw"
    path.write_text(rec.text(), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out
    blocks = [b for b in out.split("\n\n") if b.split(".")[0].strip().isdigit()]
    assert len(blocks) == len(rec.actions)
    for k, block in enumerate(blocks):
        a = analyse(rec.replay(upto=k))
        lines = block.splitlines()
        assert lines[0].startswith(f"{k + 1}. seat {a.seat} to move")
        assert lines[1] == f"   best: {a.best_words}"
        marks = [line for line in lines[2:] if not line.startswith("   played")]
        assert len(marks) == len(a.actions)
        for line, x in zip(marks, a.actions):
            assert line.endswith(x.text)
        starred = [line for line in marks if line.startswith(" *")]
        assert len(starred) == 1                        # the action the record played
    assert out.rstrip().endswith(deal.outcome.reason)


@pytest.mark.parametrize("content,args,words", [
    (None, [], "cannot read"),
    ("% MAW 1\n[Variant \"nope\"]\n", [], "expected a [Deal \"1\"] section"),
    ("hello\n", [], "line 1"),
    ("FULL", ["--deal", "3"], "deal must be a whole number from 1 to 1"),
    ("SEAT", [], "one seat's record"),
])
def test_bad_files_get_a_clear_error(tmp_path, content, args, words):
    deal = played_deal("spoil-five", 3, 1)
    path = tmp_path / "x.maw"
    if content == "FULL":
        content = deal.record().text()
    elif content == "SEAT":
        content = deal.record().for_seat(1).text()
    if content is not None:
        path.write_text(content, encoding="utf-8")
    command = "analyse" if content and "Observer" in content else "replay"
    out = subprocess.run([sys.executable, "-m", "maw_sim.cli", command, str(path), *args],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr, out.stderr
