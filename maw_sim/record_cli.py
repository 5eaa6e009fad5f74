"""The ``replay`` and ``analyse`` commands of ``maw-sim`` (added by :func:`register`).

    maw-sim replay game.maw                 the deal trick by trick, every hand open, and its result
    maw-sim replay game.maw --seat 2        as seat 2 knew it: its own hand, the cards played
    maw-sim analyse game.maw                every position's legal actions, valued double dummy
    maw-sim replay - < game.maw             a record from standard input

A record of several deals (a match) shows its last deal unless ``--deal N`` says which. The words
are the review page's (:mod:`maw_sim.review`), so the terminal and the browser tell one story.

Whatever the file holds, the answer is the deal or one line saying what is wrong (exit status 2):
never a traceback. A record longer than :data:`maw_sim.records.MAX_RECORD_CHARS` is refused
after reading only that much of it.
"""

from __future__ import annotations

import sys


def register(sub, parser_class) -> None:
    from .inputs import count_argument
    from .variants import MAX_PLAYERS
    p = sub.add_parser("replay", help="print a recorded deal trick by trick, and its result")
    p.add_argument("file", help="a record in the Maw notation (.maw), or - for standard input")
    p.add_argument("--seat", type=count_argument("seat", 0, MAX_PLAYERS - 1), help="show the deal as this seat knew it")
    p.add_argument("--deal", type=count_argument("deal", 1), help="which deal of a match (default: the last)")
    p.set_defaults(handler=_no_traceback(cmd_replay))

    p = sub.add_parser("analyse", help="every position of a recorded deal: each legal action's exact "
                       "(double dummy) value")
    p.add_argument("file", help="a full record in the Maw notation (.maw), or - for standard input")
    p.add_argument("--deal", type=count_argument("deal", 1), help="which deal of a match (default: the last)")
    p.set_defaults(handler=_no_traceback(cmd_analyse))


def _no_traceback(command):
    """``command``, answering an unforeseen failure (an engine bug met on some record) in one line
    that says so, instead of a traceback."""
    def run(args):
        try:
            return command(args)
        except Exception as exc:     # noqa: BLE001 (every failure gets its line, as promised above)
            return _fail(args, f"internal error while reading this record: {type(exc).__name__}: "
                               f"{str(exc)[:200]} (a bug in maw-sim, not in the record's reading; "
                               "please report it with the record)") or 2
    run.__name__, run.__doc__ = command.__name__, command.__doc__
    return run


def _open(args):
    """(ReviewSession, summary), or None after printing why the record cannot be read."""
    from .records import MAX_RECORD_CHARS
    from .review import ReviewError, ReviewSession
    try:
        # One character more than a record may hold is enough to refuse it (GameRecord.parse
        # says so): a huge file is never read whole.
        if args.file == "-":
            text = sys.stdin.read(MAX_RECORD_CHARS + 1)
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read(MAX_RECORD_CHARS + 1)
    except OSError as exc:
        return _fail(args, f"cannot read {args.file}: {exc.strerror or exc}")
    except UnicodeDecodeError:
        return _fail(args, f"{args.file} is not a text file (a record is UTF-8 text)")
    if len(text) > MAX_RECORD_CHARS:
        return _fail(args, f"{args.file} is too long for a record: more than {MAX_RECORD_CHARS:,} characters")
    review = ReviewSession()
    request = {"text": text}
    if args.deal is not None:
        request["deal"] = args.deal
    try:
        return review, review.open(request)
    except ReviewError as exc:
        return _fail(args, str(exc))


def _fail(args, message):
    print(f"maw-sim {args.command}: error: {message}", file=sys.stderr)
    return None


def _hand(cards) -> str:
    return " ".join(c["symbol"] for c in cards)


def _header(summary, first) -> list:
    deal = f"deal {summary['deal']} of {summary['deals']}, " if summary["deals"] > 1 else ""
    head = f"{summary['variant']['name']}, {summary['players']} players; {deal}seat {summary['dealer']} deals; "
    if first["turnup"] is None:
        # The bidding games: no card is turned; the winner of the auction names trumps.
        kitty = first["bidding"]["kitty"]["size"]
        scores = summary["tags"].get("Scores")
        return [head + "no card is turned: the auction decides who names trumps"
                + (f", and its winner takes the kitty of {kitty}" if kitty else "") + "."
                + (f" Scores before the deal: {scores}." if scores and scores != "-" else "")]
    return [head + f"the turn-up is {first['turnup']['symbol']}, so {first['trump']['name']} "
            f"{first['trump']['symbol']} are trumps."]


def _bidding_lines(first, last) -> tuple:
    """The kitty before the log (where this view sees it), and the contract and score sheet after."""
    before, after = [], []
    b0, b = first["bidding"], last["bidding"]
    if b0 is None:
        return before, after
    if b0["kitty"]["cards"] is not None:
        before.append(f"  kitty:  {_hand(b0['kitty']['cards'])}")
    elif b["kitty"]["cards"] is not None:
        before.append(f"  kitty:  (taken by this seat as bidder) {_hand(b['kitty']['cards'])}")
    if b0["stock"]["cards"]:
        before.append(f"  stock:  {_hand(b0['stock']['cards'])} (top first)")
    if b["contract"] is not None:
        after.append(b["contract"]["text"])
    if b["score"] is not None:
        after.append(b["score"]["text"])
    return before, after


def cmd_replay(args) -> int:
    from .review import ReviewError
    opened = _open(args)
    if opened is None:
        return 2
    review, summary = opened
    seat = args.seat
    if seat is not None and seat >= summary["players"]:
        return _fail(args, f"--seat must be 0 to {summary['players'] - 1}") or 2
    if summary["redacted"]:
        if seat is not None and seat != summary["observer"]:
            return _fail(args, f"this is seat {summary['observer']}'s own record: only --seat "
                               f"{summary['observer']} can be shown") or 2
        seat = summary["observer"]
    where = {"open": True} if seat is None else {"seat": seat}
    try:
        first = review.at({"step": 0, **where})
        last = review.at({"step": summary["steps"], **where})
    except ReviewError as exc:
        return _fail(args, str(exc)) or 2
    out = _header(summary, first)
    if seat is not None:
        out.append(f"Seen by seat {seat}: the other hands are hidden.")
    for s in first["seats"]:
        if s["cards"] is not None:
            out.append(f"  seat {s['seat']}: {_hand(s['cards'])}")
    before, after = _bidding_lines(first, last)
    out += before
    out.append("")
    for entry in last["log"]:
        out.append(("  " if entry["kind"] != "trick" else "  → ") + entry["text"])
        if entry["kind"] == "trick":
            out.append("")
    if last["outcome"] is not None:
        out.append(last["outcome"]["text"])
    else:
        out.append(f"The record stops here: seat {last['to_move']} is to move.")
    out += after
    print("\n".join(out).rstrip("\n").replace("\n\n\n", "\n\n"))
    return 0


def cmd_analyse(args) -> int:
    from .analysis import CAVEAT
    from .review import ReviewError
    opened = _open(args)
    if opened is None:
        return 2
    review, summary = opened
    if summary["redacted"]:
        return _fail(args, "this is one seat's record: the other hands are hidden, and the exact "
                           "solver needs every hand. Analyse the full record.") or 2
    first = review.at({"step": 0, "open": True})
    out = _header(summary, first) + [CAVEAT]
    if summary.get("marks_note"):
        out.append(summary["marks_note"])
    out.append("")
    steps = summary["steps"]
    whole_log = review.at({"step": steps, "open": True})["log"]
    from .steps import is_chance           # the chance events are told with the action before them
    draws = {e["step"] for e in whole_log if e["action"] and is_chance(e["action"])}
    for k in range(steps + 1):
        if k + 1 in draws:
            continue          # a draw is a chance event, told with the discard before it
        try:
            p = review.at({"step": k, "open": True, "analyse": True})
        except ReviewError as exc:
            return _fail(args, str(exc)) or 2
        if p["to_move"] is None:
            break
        played = review.at({"step": k + 1, "open": True})["log"] if k < steps else []
        played_action = None
        if k < steps:
            played_action = next(e for e in played if e["step"] == k + 1 and e["kind"] != "trick")
        mover = p["to_move"]
        if p["bidding"] is not None and p["phase"] != "play":
            # Before the play nothing is valued: the decision as it was taken, and the draw after it.
            told = [e["text"] for e in whole_log if e["step"] in (k + 1, k + 2)
                    and e["kind"] != "contract" and (e["step"] == k + 1 or e["step"] in draws)]
            out.append(f"{k + 1}. " + " ".join(told))
            continue
        if out[-1] != "":
            out.append("")    # the play's blocks stand apart from the decisions before it
        hand = _hand(p["seats"][mover]["cards"])
        out.append(f"{k + 1}. seat {mover} to move, holding {hand}")
        if p["analysis"] is None:
            out.append(f"   {p['analysis_note']}")
            continue
        out.append(f"   best: {p['analysis']['best_words']}")
        width = max(len(x["label"]) for x in p["legal"])
        for x in p["legal"]:
            mark = "*" if played_action is not None and _is(played_action, x) else " "
            out.append(f" {mark} {x['label']:<{width}}  {x['text']}")
        if played_action is not None:
            out.append(f"   played: {played_action['text']}")
        out.append("")
    last = review.at({"step": steps, "open": True})
    if last["outcome"] is not None:
        out.append(last["outcome"]["text"])
    out += _bidding_lines(first, last)[1]
    print("\n".join(out))
    return 0


def _is(entry, legal) -> bool:
    """Whether a log entry is the legal action ``legal`` (the record's own action text)."""
    return entry.get("action") == legal["action"]
