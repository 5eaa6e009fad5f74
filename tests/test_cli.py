"""The maw-sim command line."""
import io
import re
import json
import subprocess
import sys

import pytest

import maw_sim

from maw_sim.cli import main, wilson


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "maw_sim.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_variants_lists_every_id():
    out = run("variants")
    assert out.returncode == 0 and "cotton-1674" in out.stdout and "atlantic" in out.stdout


def test_ranking_prints_cotton_order_with_suit_symbols():
    out = run("ranking", "cotton-1674", "--trump", "H")
    assert out.returncode == 0
    assert "trumps    5♥ A♥ J♥ K♥" in out.stdout and "A♦" in out.stdout


def test_simulate_reports_rates_with_confidence_intervals():
    out = run("simulate", "spoil-five", "--players", "5", "--deals", "300", "--seed", "1", "--json")
    assert out.returncode == 0
    result = json.loads(out.stdout)
    lo, hi = result["spoil_ci95"]
    assert lo <= result["spoil_rate"] <= hi
    assert abs(sum(r["rate"] for r in result["wins_by_position"]) + result["spoil_rate"] - 1) < 1e-9
    assert abs(sum(r["rate"] for r in result["tricks_distribution"]) - 1) < 1e-9


def test_simulate_is_reproducible():
    a = run("simulate", "forty-five", "--players", "4", "--deals", "100", "--seed", "9", "--bot", "heuristic", "--json")
    b = run("simulate", "forty-five", "--players", "4", "--deals", "100", "--seed", "9", "--bot", "heuristic", "--json")
    assert a.stdout == b.stdout


@pytest.mark.parametrize("args,message", [
    (("ranking", "whist"), "known variants"),
    (("ranking", "maw", "--trump", "X"), "use C, D, H or S"),
    (("simulate", "spoil-five", "--players", "5", "--deals", "0"), "deals must be"),
    (("simulate", "cotton-1674", "--players", "5", "--deals", "10"), "2 to 2 players"),
    (("simulate", "spoil-five", "--players", "5", "--deals", "10", "--bot", "genius"), "known bots"),
    (("simulate", "spoil-five", "--players", "5", "--deals", "10", "--seed", "-1"), "seed must be"),
    (("frobnicate",), "invalid choice"),
])
def test_bad_arguments_give_usage_and_exit_2(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert "usage:" in out.stderr and message in out.stderr


def test_play_in_the_terminal_explains_an_illegal_choice(monkeypatch, capsys):
    # Seed 3: seat 0 holds the ace of trumps, so the deal opens with the robbing decision.
    monkeypatch.setattr(sys, "stdin", io.StringIO("KC\npass\n" + "\n".join(["xx"] * 3) + "\nquit\n"))
    assert main(["play", "spoil-five", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Not allowed: Before the first lead" in out
    assert "Not allowed: 'xx' is not a card" in out


def test_play_a_whole_deal_by_always_choosing_the_first_legal_action(monkeypatch, capsys):
    class FirstLegal(io.StringIO):
        def readline(self, *args):
            return ""      # EOF ends the session cleanly
    monkeypatch.setattr(sys, "stdin", FirstLegal())
    assert main(["play", "twenty-five", "--players", "4", "--seed", "5", "--seat", "3"]) == 0
    assert "Seed 5 reproduces this game" in capsys.readouterr().out


def test_play_never_prints_a_card_a_bot_put_out_face_down(monkeypatch):
    seed = next(s for s in range(500) if (d := maw_sim.Deal.random("spoil-five", 5, s)).phase == "rob"
                and d.to_move != 0)
    shown = io.StringIO()

    def first_legal(prompt=""):
        offered = [l for l in shown.getvalue().splitlines() if l.startswith("You may: ")][-1]
        return offered[len("You may: "):].split(", ")[0]
    monkeypatch.setattr(sys, "stdout", shown)
    monkeypatch.setattr("builtins.input", first_legal)
    assert main(["play", "spoil-five", "--players", "5", "--seed", str(seed), "--deals", "3"]) == 0
    # The bots' robs, in the words of the play page: the card put out is face down, never named.
    out = shown.getvalue()
    robs = re.findall(r"^Bot (\d+) robs: takes the turn-up \S+ and puts out (.+) face down\.$", out, re.M)
    assert robs and all(card == "a card" for seat, card in robs), robs
    assert "You " in out and "wins trick 1 with" in out


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(hi - lo, 2) == 0.19
    assert wilson(0, 10)[0] == 0.0


@pytest.mark.parametrize("vid,seat", [("one-hundred-and-ten", 0), ("auction-45-merrimack", 2),
                                      ("auction-45", 1), ("auction-45-atlantic", 3)])
def test_play_a_bidding_game_in_the_terminal(monkeypatch, vid, seat):
    """Calls, the trump, the kitty and the discards are typed like cards; the bots do the rest,
    and another seat's discards and draws are only counted."""
    shown = io.StringIO()
    typed = []

    def choose(prompt=""):
        offered = [l for l in shown.getvalue().splitlines() if "You may: " in l][-1]
        options = offered.split("You may: ")[1].split(", ")
        # Bid when the auction allows it, else the first thing offered; first a wrong word.
        if not typed:
            typed.append("bid 7")
            return "bid 7"
        if offered.startswith("Put out up to"):
            typed.append(re.search(r"e\.g\. '([^']+)'", offered).group(1))   # change one card
            return typed[-1]
        bids = [o for o in options if o.startswith("bid ")]
        typed.append(bids[0] if bids and len(typed) < 3 else options[0])
        return typed[-1]
    monkeypatch.setattr(sys, "stdout", shown)
    monkeypatch.setattr("builtins.input", choose)
    assert main(["play", vid, "--seed", "11", "--seat", str(seat)]) == 0
    out = shown.getvalue()
    assert "Not allowed:" in out and "turn-up" not in out
    assert "Contract: seat" in out and re.search(r"^You (bid|pass|hold)", out, re.M)
    assert re.search(r"(made|failed)", out) and "Scores (" in out
    if vid == "auction-45":
        # Everyone changes cards here, the human too: its own draw is named.
        assert re.search(r"^You put out \S+[♣♦♥♠] face down\. You draw \S+[♣♦♥♠] from the stock\.$", out, re.M), out
    for line in out.splitlines():
        m = re.match(r"^Bot (\d+) puts out (.*) face down\. Bot \d+ draws (.*) from the stock\.$", line)
        if m:
            assert re.fullmatch(r"\d+ cards?", m.group(2)) and re.fullmatch(r"\d+ cards?", m.group(3)), line
        assert not re.match(r"^Bot \d+ takes the kitty .*[♣♦♥♠]", line), line


def test_simulate_a_bidding_game_reports_the_contracts(capsys):
    assert main(["simulate", "auction-45", "--players", "4", "--deals", "40", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["contracts"] + round(result["thrown_in_rate"] * 40) == 40
    assert 0 <= result["contract_made_rate"] <= 1 and len(result["bidder_by_position"]) == 4
    assert main(["simulate", "auction-45", "--players", "4", "--deals", "20"]) == 0
    out = capsys.readouterr().out
    assert "Contracts made:" in out and "Spoil rate" not in out and "The auction won by position" in out
