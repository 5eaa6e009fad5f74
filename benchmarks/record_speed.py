"""Records and links: what reading a record and answering the play page cost. Prints figures;
asserts nothing.

    .venv/bin/python benchmarks/record_speed.py [--timeout 60] [--skip-parse] [--skip-protocol]

**Parsing.** :meth:`maw_sim.GameRecord.parse` on texts of about 10 KB, 100 KB and 1 MB: a valid
record (a Spoil Five match played by the random bot, cut after whole deals) and malformed ones of
every shape the hostile-input suite tries (comments never closed, a tag's quote never closed, one
huge line, a million tokens, long numbers, nesting: ``tests/test_record_hostile.py``). Each text is parsed in a child process stopped
after ``--timeout`` seconds, so a parser that is slow on some shape is reported as "over N s"
instead of holding the machine. A refusal is timed like a success: how long until the answer.

**The protocol.** :func:`maw_sim.web.handle` on a game restored from a link after 1, 100 and 3,000
deals (the last deal just dealt): the ``state`` reply (the median of five) and an ``act`` reply
(your first legal card, then the bots' moves up to your next turn) — each one builds the state,
and with it the link that saves the game.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

SIZES = (10_000, 100_000, 1_000_000)
#: Malformed records are the hostile-input suite's own shapes.
sys.path.insert(0, os.path.join(ROOT, "tests"))
from test_record_hostile import SHAPES, hostile_record  # noqa: E402


def _child(source: str, size: int) -> None:
    """Parse one text and print the seconds it took (and how it ended), as JSON."""
    from maw_sim.records import GameRecord
    from maw_sim.variants import load_variant
    load_variant("spoil-five")          # the variant files are read once a process: not timed here
    if os.path.exists(source):
        with open(source, encoding="utf-8") as f:
            text = f.read()
    else:
        text = hostile_record(source, size)
    start = time.perf_counter()
    try:
        GameRecord.parse(text)
        verdict = "read"
    except ValueError as exc:
        verdict = "refused: " + str(exc)[:70]
    print(json.dumps({"seconds": time.perf_counter() - start, "chars": len(text), "verdict": verdict}))


def _timed(source: str, size: int, timeout: float) -> str:
    try:
        out = subprocess.run([sys.executable, __file__, "--child", source, str(size)], capture_output=True,
                             text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return f"over {timeout:.0f} s (stopped)"
    if out.returncode != 0:
        return "crashed: " + (out.stderr.strip().splitlines() or ["?"])[-1][:80]
    r = json.loads(out.stdout)
    return f"{r['seconds'] * 1000:9.1f} ms  {r['chars']:>9,} chars  {r['verdict']}"


def valid_records(folder: str) -> dict:
    """Valid records of about each size: the first deals of one long Spoil Five match."""
    from dataclasses import replace
    from maw_sim.bots import get_bot, play_match
    from maw_sim.match import Match
    from maw_sim.records import GameRecord
    match = Match("spoil-five", 4, 2024)
    play_match(match, [get_bot("random")] * 4, deals=2800)
    full = GameRecord.of_match(match)
    per_deal = len(replace(full, deals=full.deals[:50]).text()) / 50
    out = {}
    for size in SIZES:
        deals = max(1, int(size / per_deal))
        path = os.path.join(folder, f"valid-{size}.maw")
        with open(path, "w", encoding="utf-8") as f:
            f.write(replace(full, deals=full.deals[:deals]).text())
        out[size] = path
    return out


def parsing(timeout: float) -> None:
    print("Record parse time (GameRecord.parse), each in a child process:")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        valid = valid_records(folder)
        print(f"  (valid records written in {time.perf_counter() - start:.1f} s)")
        for size in SIZES:
            print(f"  valid, {size // 1000:,} KB: {_timed(valid[size], size, timeout)}")
    for shape in SHAPES:
        for size in SIZES:
            print(f"  {shape}, {size // 1000:,} KB: {_timed(shape, size, timeout)}")


def _link_after(deals: int) -> str:
    """A link to a Spoil Five game after ``deals - 1`` finished deals and one just dealt."""
    from maw_sim.bots import get_bot, play_match
    from maw_sim.match import Match
    from maw_sim.records import to_link
    match = Match("spoil-five", 4, 99)
    play_match(match, [get_bot("random")] * 4, deals=deals - 1)
    match.new_deal()
    return to_link(match)


def protocol() -> None:
    from maw_sim import web
    print("Protocol replies (maw_sim.web.handle) on a game restored from a link:")
    for deals in (1, 100, 3000):
        link = _link_after(deals)
        session = web.Session()
        start = time.perf_counter()
        reply = json.loads(web.handle(json.dumps({"op": "new", "game": link, "seat": 0, "bot": "random"}), session))
        restore = time.perf_counter() - start
        assert reply["ok"], reply

        def timed(request):
            t0 = time.perf_counter()
            answer = json.loads(web.handle(json.dumps(request), session))
            return time.perf_counter() - t0, answer

        states = [timed({"op": "state"})[0] for _ in range(5)]
        acts = []
        state = reply["state"]
        while state["your_turn"] and len(acts) < 3:
            card = next((c["code"] for c in state["hand"] if c["legal"]), None)
            action = card or state["choices"][0]["action"]
            spent, answer = timed({"op": "act", "action": action})
            acts.append(spent)
            state = answer["state"]
        act = f"{statistics.median(acts) * 1000:8.1f} ms" if acts else "   (not your turn)"
        print(f"  after {deals:>5,} deals: restore {restore * 1000:8.1f} ms; state "
              f"{statistics.median(states) * 1000:8.1f} ms; act {act}  (link {len(link):,} chars)")


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        _child(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a parse is stopped")
    parser.add_argument("--skip-parse", action="store_true")
    parser.add_argument("--skip-protocol", action="store_true")
    args = parser.parse_args()
    random.seed(0)
    if not args.skip_protocol:
        protocol()
    if not args.skip_parse:
        parsing(args.timeout)


if __name__ == "__main__":
    main()
