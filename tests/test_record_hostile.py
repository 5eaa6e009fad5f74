"""Hostile records: every malformed shape we could think of, up to 1 MB, is answered in time that
grows with its length only, with a short message naming the line (or the tag) and what was
expected; a record over the size limit is refused unread. The 1 MB parses run in a child process
under a deadline (a guard against a hang, not a timing: the quadratic reader took about an hour
on 1 MB of unclosed braces, the linear one well under a second). benchmarks/record_speed.py times
the same shapes."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from maw_sim.bots import play_match
from maw_sim import Deal, GameRecord, RecordError

ROOT = Path(__file__).resolve().parent.parent
#: Seconds a 1 MB parse may take before it counts as hung.
DEADLINE = 60
#: The longest error message a hostile record may get (it quotes at most 60 characters of it).
LONGEST_MESSAGE = 400

HEAD = ('% MAW 1\n[Variant "spoil-five"]\n[Players "4"]\n[Teams "-"]\n\n[Deal "1"]\n[Dealer "0"]\n'
        '[Hands "2C 3C 4C 5C 6C / 2D 3D 4D 5D 6D / 2H 3H 4H 5H 6H / 2S 3S 4S 5S 6S"]\n[TurnUp "7H"]\n'
        '[Result "*"]\n')

#: Each malformed shape: how to fill ``n`` characters after the head, and what the answer says.
SHAPES = {
    "braces never closed": (lambda n: "{" * n, "line 11: a comment opened with '{' is never closed"),
    "a brace a line, never closed": (lambda n: "{\n" * (n // 2), "line 11: a comment opened with '{'"),
    "a comment of a million lines, never closed": (lambda n: "{" + "\n" * n, "line 11: a comment opened"),
    "a tag's quote never closed": (lambda n: '[Event "' + "x" * n, 'line 11: a tag pair is written [Name "value"]'),
    "a quote a line, never closed": (lambda n: '[E "\n' * (n // 5), 'line 11: a tag pair is written'),
    "backslashes in a tag": (lambda n: '[Event "' + "\\" * n, 'line 11: a tag pair is written'),
    "brackets nested": (lambda n: "[" * n, 'line 11: a tag pair is written'),
    "one huge trick line": (lambda n: "1. " + "0: KC  " * (n // 7), "line 11: a trick line holds 1 to 4 plays"),
    "a million tokens": (lambda n: "1. " + "x " * (n // 2), "line 11: expected 'seat: action' entries"),
    "a long seat number": (lambda n: "1. " + "9" * n + ": KC", "line 11: seat 99999"),
    "digits and no colon": (lambda n: "1. " + "1" * n, "line 11: expected 'seat: action' entries"),
    "digits and spaces, no colon": (lambda n: "1. " + "1" * (n // 2) + " " * (n // 2) + "x",
                                    "line 11: expected 'seat: action' entries"),
    "a long trick number": (lambda n: "9" * n + ". 1: KC", "line 11: trick 99999"),
    "a long card": (lambda n: "1. 1: K" + "C" * n, "line 11: seat 1: unknown card code"),
    "a long number in a tag": (lambda n: '[Scores "' + "9" * n + '"]', "[Scores] gives one whole number per side"),
    "a deal tag a line": (lambda n: '[Deal "1"]\n' * (n // 11), "no [Dealer] tag"),
    "a trick line a line": (lambda n: "".join(f"{k}. 1: 2D  2: 2H  3: 2S  0: 2C\n" for k in range(1, n // 30)),
                            "line 16: a deal has 5 tricks, and this line would be trick 6"),
    "semicolons": (lambda n: ";" * n, None),
    "comment lines": (lambda n: "% x\n" * (n // 4), None),
    "blank lines": (lambda n: "\n" * n, None),
}


def hostile_record(shape: str, size: int) -> str:
    """A record of about ``size`` characters in one of the malformed :data:`SHAPES`."""
    return HEAD + SHAPES[shape][0](max(size - len(HEAD), 0))


def _answer(text: str):
    try:
        GameRecord.parse(text)
    except RecordError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_gets_a_short_answer_naming_where_and_what(shape):
    answer = _answer(hostile_record(shape, 10_000))
    expected = SHAPES[shape][1]
    if expected is None:                     # comments and blank lines: a record, unfinished
        assert answer is None
        return
    assert answer is not None and expected in answer, answer
    assert len(answer) <= LONGEST_MESSAGE, answer


_CHILD = """
import json, sys, time
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/tests"]
from test_record_hostile import hostile_record, _answer
text = hostile_record(sys.argv[2], 1_000_000)
print(json.dumps({"chars": len(text), "answer": _answer(text)}))
"""


@pytest.mark.parametrize("shape", SHAPES)
def test_a_megabyte_of_every_shape_is_answered_without_hanging(shape):
    out = subprocess.run([sys.executable, "-c", _CHILD, str(ROOT), shape], capture_output=True, text=True,
                         timeout=DEADLINE, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    reply = json.loads(out.stdout)
    assert reply["chars"] > 990_000
    expected = SHAPES[shape][1]
    assert (reply["answer"] is None) if expected is None else (expected in reply["answer"]), reply
    assert reply["answer"] is None or len(reply["answer"]) <= LONGEST_MESSAGE


def test_a_record_over_the_limit_is_refused_unread():
    # (Imported here: benchmarks/record_speed.py imports this module's shapes into older trees too.)
    from maw_sim.records import MAX_RECORD_CHARS
    with pytest.raises(RecordError, match=f"at most {MAX_RECORD_CHARS:,}"):
        GameRecord.parse("{" * (MAX_RECORD_CHARS + 1))


def _valid():
    deal = Deal.random("spoil-five", 4, 3)
    deal.apply(deal.legal_actions()[0])
    return GameRecord.of_deal(deal).text()


@pytest.mark.parametrize("old, new, words", [
    ('[Players "4"]', '[Players "٤"]', "[Players]: expected a whole number, 0 or more, of at most 20 digits; got '٤'"),
    ('[Players "4"]', '[Players "²"]', "got '²'"),
    ('[Players "4"]', '[Players "' + "4" * 5000 + '"]', "(5,000 characters)"),
    ('[Seed "3"]', '[Seed "' + "3" * 4400 + '"]', "[Seed]: expected a whole number, 0 or more, of at most 20 digits"),
    ('[Dealer "', '[Dealer "' + "0" * 30, "[Dealer]: expected a whole number"),
    ('[Deal "1"]', '[Deal "١"]', "[Deal]: expected a whole number"),
    ('[Scores "-"]', '[Scores "--5"]', "[Scores] gives one whole number per side"),
    ('[Variant "spoil-five"]', '[Variant "' + "v" * 100_000 + '"]', "unknown variant 'vvvv"),
    ('[TurnUp "', '[TurnUp "' + "Q" * 100_000, "[TurnUp]: unknown card code 'QQQ"),
    ('[Teams "-"]', '[Teams "' + "2" * 100_000 + '"]', "[Teams]: '2222"),
    ('[Teams "-"]', '[Teams "-"]\n[Options "' + "x=" * 50_000 + '"]', "[Options]"),
    ('[Teams "-"]', '[Teams "-"]\n[Options "' + "a" * 50_000 + '=1"]', "[Options]"),
])
def test_numbers_and_names_are_read_as_written_and_refused_in_short(old, new, words):
    text = _valid()
    assert old in text
    answer = _answer(text.replace(old, new, 1))
    assert answer is not None and words in answer, answer
    assert len(answer) <= LONGEST_MESSAGE, answer


@pytest.mark.parametrize("line, words", [
    ("1. ٣: KC", "expected 'seat: action' entries"),      # a seat in Arabic-Indic digits
    ("١. 1: KC", "expected a tag pair, a trick line"),
    ("1. 123: KC", "seat 123 does not exist with 4 players"),
    ("rob 1: rob " + "K" * 100_000, "is not a rob decision"),
])
def test_movetext_numbers_are_ascii_and_short(line, words):
    answer = _answer(HEAD + line + "\n")
    assert answer is not None and words in answer and len(answer) <= LONGEST_MESSAGE, answer


def test_a_comment_over_several_lines_keeps_the_line_numbers():
    text = HEAD.replace('[Dealer "0"]', '{ a comment\r\nover\u2028three lines }[Dealer "0"]')
    answer = _answer(text + "first 1: KC\n")
    assert answer.startswith("line 13: expected a tag pair"), answer


def test_a_bidding_line_with_a_made_up_suit_is_refused_when_read():
    text = HEAD.replace("spoil-five", "one-hundred-and-ten").replace('[TurnUp "7H"]', '[Kitty "7H 8H 9H 10H JH"]')
    assert "is not a trump line's action; expected 'trump H'" in _answer(text + "trump 1: trump CD\n")


def test_a_megabyte_record_the_engine_wrote_reads_back():
    from dataclasses import replace

    from maw_sim import Match
    from maw_sim.bots import get_bot
    match = Match("spoil-five", 4, 5)
    play_match(match, [get_bot("random")] * 4, deals=2600)
    record = GameRecord.of_match(match)
    text = record.text()
    assert len(text) > 1_000_000
    back = GameRecord.parse(text)
    assert back == record
    assert GameRecord.parse(replace(record, deals=record.deals[-3:]).text()).deals[0].number == 2598
