"""``maw-sim replay`` and ``maw-sim analyse`` on records written to a temporary folder."""

from __future__ import annotations

import subprocess
import sys

import pytest

from maw_sim.words import outcome as outcome_words
from maw_sim.records import GameRecord
from maw_sim.analysis import analyse
from maw_sim.cli import main

from test_review import played_deal, robbed_deal


@pytest.fixture
def robbed(tmp_path):
    deal = robbed_deal("spoil-five", 4)
    path = tmp_path / "robbed.maw"
    path.write_text(GameRecord.of_deal(deal).text(), encoding="utf-8")
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
    assert out.rstrip().endswith(outcome_words(deal))


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
    text = GameRecord.of_deal(deal).for_seat(seat).text()
    out = subprocess.run([sys.executable, "-m", "maw_sim.cli", "replay", "-"], input=text,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"Seen by seat {seat}" in out.stdout and outcome_words(deal) in out.stdout
    refused = subprocess.run([sys.executable, "-m", "maw_sim.cli", "replay", "-", "--seat", str((seat + 1) % 4)],
                             input=text, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and f"seat {seat}'s own record" in refused.stderr


def test_analyse_values_every_position_as_the_analysis_does(tmp_path, capsys):
    deal = played_deal("forty-five", 3, 5)
    rec = GameRecord.of_deal(deal)
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
    assert out.rstrip().endswith(outcome_words(deal))


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
        content = GameRecord.of_deal(deal).text()
    elif content == "SEAT":
        content = GameRecord.of_deal(deal).for_seat(1).text()
    if content is not None:
        path.write_text(content, encoding="utf-8")
    command = "analyse" if content and "Observer" in content else "replay"
    out = subprocess.run([sys.executable, "-m", "maw_sim.cli", command, str(path), *args],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr, out.stderr


# -- the bidding games ------------------------------------------------------------------------

HOLD_RECORD = str(__import__("pathlib").Path(__file__).resolve().parent.parent / "docs" / "records" / "one-hundred-and-ten-hold.maw")


def test_replay_of_a_bidding_record_tells_the_auction_the_kitty_and_the_score_sheet(capsys):
    assert main(["replay", HOLD_RECORD]) == 0
    out = capsys.readouterr().out
    assert "no card is turned: the auction decides who names trumps" in out and "turn-up" not in out
    assert "  kitty:  2♣ A♠ 5♣ K♣ Q♠" in out                      # every hand open: the kitty too
    assert "Seat 3 holds: takes the bid at 20 from Seat 2, at the same value" in out
    assert "Seat 3 takes the kitty (5 cards) into hand and puts out 9♦, 8♥, 6♥, 5♥, Q♠ face down." in out
    assert "Seat 3 names clubs ♣ trumps." in out and "Seat 3 wins trick 5 with A♠." in out
    assert "Seat 3 has the contract: 25, held by the dealer" in out
    assert out.rstrip().endswith("Seat 3 0 + 25 = 25.")


def test_replay_of_a_bidding_record_for_a_seat_hides_the_kitty_and_the_discards(capsys):
    assert main(["replay", HOLD_RECORD, "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "puts out 5 cards face down" in out and "kitty:" not in out
    for card in ("9♦", "8♥", "6♥", "5♥", "Q♠"):                    # put out by the bidder, never played
        assert card not in out
    # The bidder sees the kitty it took.
    assert main(["replay", HOLD_RECORD, "--seat", "3"]) == 0
    out = capsys.readouterr().out
    assert "kitty:  (taken by this seat as bidder) 2♣ A♠ 5♣ K♣ Q♠" in out and "puts out 9♦, 8♥" in out


def test_replay_of_a_deal_with_discards_and_draws_for_a_seat(tmp_path, capsys):
    from test_review import bidding_deal
    deal = bidding_deal("auction-45-merrimack", 4, 2)
    rec = GameRecord.of_deal(deal)
    path = tmp_path / "m.maw"
    path.write_text(rec.text(), encoding="utf-8")
    seat = next(s for s, a in rec.actions if a.startswith("draw ") and s != rec.deal.bidder)
    other = next(s for s in range(4) if s != seat and s != rec.deal.bidder)
    assert main(["replay", str(path), "--seat", str(other)]) == 0
    out = capsys.readouterr().out
    drawn = next(a for s, a in rec.actions if s == seat and a.startswith("draw ")).split()[1:]
    assert f"Seat {seat} draws {len(drawn)} card" in out
    played = {a for _, a in rec.actions if len(a.split()) == 1}
    from maw_sim.cards import Card
    assert all(Card.parse(c).symbol not in out for c in drawn if c not in played)
    assert main(["replay", str(path)]) == 0
    assert f"Seat {seat} draws {', '.join(Card.parse(c).symbol for c in drawn)} from the stock." in capsys.readouterr().out


def test_analyse_a_bidding_record_marks_the_play_only(capsys):
    from maw_sim import GameRecord
    rec = GameRecord.parse(open(HOLD_RECORD, encoding="utf-8").read())
    assert main(["analyse", HOLD_RECORD]) == 0
    out = capsys.readouterr().out
    assert "the bids, the trump named, the kitty and the discards are not valued" in out
    lines = out.splitlines()
    assert "4. Seat 3 holds: takes the bid at 20 from Seat 2, at the same value" in "\n".join(lines)
    assert "9. Seat 3 names clubs ♣ trumps." in lines
    blocks = [b for b in out.split("\n\n") if b.split(".")[0].strip().isdigit() and "to move" in b.split("\n")[0]]
    assert len(blocks) == 20                                     # every card of the play
    for block in blocks:
        k = int(block.split(".")[0]) - 1
        a = analyse(rec.replay(upto=k))
        marks = [line for line in block.splitlines()[2:] if not line.startswith("   played")]
        assert [line.split()[-1] for line in marks] and len(marks) == len(a.actions)
        for line, x in zip(marks, a.actions):
            assert line.endswith(x.text)
    assert "Seat 3 bid 25: made." in out


# -- never a traceback ------------------------------------------------------------------------

def _mid_deal_seat_record(players):
    """A seat's own record, three tricks into a deal at ``players`` after a robbery."""
    from test_records import _robbery
    full, robber = _robbery(players)
    return GameRecord.of_deal(GameRecord.of_deal(full).replay(3 * players + 1)).for_seat((robber + 1) % players).text()


@pytest.mark.parametrize("content, words", [
    ("{" * 1_000_000, "line 1: a comment opened with '{' is never closed"),
    ("% MAW 1\n" + "x" * 4_000_001, "more than 4,000,000 characters"),
    ("% MAW 1\n\0\0\0\n", "line 2: moves before any [Deal \"n\"] tag"),
    ("% MAW 1\n[Variant \"spoil-five\"]\n[Players \"" + "9" * 5000 + "\"]\n[Deal \"1\"]\n",
     "[Players]: expected a whole number"),
    ("TEN", None),
])
def test_replay_never_shows_a_traceback(tmp_path, content, words):
    path = tmp_path / "hostile.maw"
    path.write_text(_mid_deal_seat_record(10) if content == "TEN" else content, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "maw_sim.cli", "replay", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert "Traceback" not in out.stderr, out.stderr
    if words is None:          # a valid record: the deal, or one line saying why it cannot be shown
        assert out.returncode == 0 or (out.returncode == 2 and len(out.stderr.splitlines()) == 1), out.stderr
    else:
        assert out.returncode == 2 and words in out.stderr, out.stderr


def test_an_engine_failure_is_one_line_that_says_so(robbed, capsys, monkeypatch):
    from maw_sim.review import ReviewSession

    def broken(self, request):
        raise TypeError("a bug met on this record")
    monkeypatch.setattr(ReviewSession, "open", broken)
    _, path = robbed
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("maw-sim replay: error: internal error while reading this record: TypeError: "
                          "a bug met on this record")
    assert len(err.strip().splitlines()) == 1
