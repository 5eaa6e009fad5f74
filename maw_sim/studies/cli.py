"""The ``tournament`` and ``study`` commands of ``maw-sim`` (added by :func:`register`).

    maw-sim tournament spoil-five --players 5 --challenger best --field heuristic --deals 1000 --seed 1
    maw-sim study list
    maw-sim study spoil-rate --players 3,4,5 --deals 5000 --out spoil.csv
    maw-sim study robbing --scheduler tcp://10.0.0.5:8786 --out robbing.jsonl

Tasks run on every core (``--workers``) or on a Dask cluster (``--scheduler``); rows are written as
tasks finish, so Ctrl-C keeps everything finished so far.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..bots import get_bot, study_bot_names
from ..variants import load_variant, variant_ids
from .runner import check_scheduler, completed


def _argtype(check):
    def parse(text):
        try:
            return check(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return parse


def _whole(what: str, low: int):
    def check(text):
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low:
            raise ValueError(f"{what} must be a whole number, {low} or more; got {text!r}")
        return value
    return check


def _players_list(text: str) -> list:
    """``5``, ``3,4,5`` or ``2-6``."""
    out = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        try:
            values = range(int(low), int(high) + 1) if dash else [int(part)]
        except ValueError:
            raise ValueError(f"bad player counts {text!r}: use a number, a list (3,4,5) or a range (2-6)") from None
        if not values or min(values) < 2:
            raise ValueError(f"bad player counts {text!r}: every count must be 2 or more")
        out.extend(values)
    return out


def _names(kind: str, known):
    def check(text: str) -> list:
        names = [n.strip() for n in text.split(",") if n.strip()]
        for n in names:
            if n not in known():
                raise ValueError(f"unknown {kind} {n!r}; known {kind}s: {', '.join(known())}")
        return names
    return check


def _variant_id(text: str) -> str:
    return load_variant(text).id


def _bot(text: str) -> str:
    get_bot(text)
    return text


def register(sub, parser_class) -> None:
    from ..inputs import count_argument
    p = sub.add_parser("tournament", help="one challenger bot against a field, duplicate deals, 95%% CI")
    p.add_argument("variant", type=_argtype(_variant_id), help="variant id: " + ", ".join(variant_ids()))
    p.add_argument("--players", type=count_argument("players", 2), help="players (default: the variant's usual number)")
    p.add_argument("--challenger", type=_argtype(_bot), default="best", help="the bot measured (default best)")
    p.add_argument("--field", type=_argtype(_bot), default="heuristic", help="the bot in every other seat "
                   "(default heuristic); bots: " + ", ".join(study_bot_names()))
    p.add_argument("--deals", type=count_argument("deals", 1), default=200, help="deals in all, replays included")
    p.add_argument("--seed", type=count_argument("seed", 0), default=0)
    _runner_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_tournament)

    from .experiments import EXPERIMENTS
    p = sub.add_parser("study", help="a named experiment over variants, player counts and bots; tidy rows out",
                       description="Experiments: " + "; ".join(f"{e.name} — {e.question}" for e in EXPERIMENTS.values())
                       + " ('maw-sim study list' describes them.)")
    p.add_argument("experiment", type=_argtype(_experiment_or_list),
                   help="experiment: " + ", ".join(EXPERIMENTS) + " (or 'list')")
    p.add_argument("--variants", type=_argtype(_names("variant", variant_ids)), help="comma-separated variant ids")
    p.add_argument("--players", type=_argtype(_players_list), help="player counts: 5, 3,4,5 or 2-6")
    p.add_argument("--bots", type=_argtype(_names("bot", study_bot_names)), help="comma-separated bots (the policy of every seat)")
    p.add_argument("--deals", type=count_argument("deals", 1), help="deals per cell (variant × players × bot)")
    p.add_argument("--seed", type=count_argument("seed", 0), default=0)
    p.add_argument("--chunk", type=count_argument("chunk", 1), help="deals per task (default: about a second's work)")
    p.add_argument("--out", default="-", help="file for the rows (.csv or .jsonl); default: standard output")
    p.add_argument("--format", choices=("csv", "jsonl"), help="rows format (default: from --out, else csv)")
    _runner_options(p)
    p.set_defaults(handler=cmd_study)


def _runner_options(p) -> None:
    from ..inputs import count_argument
    p.add_argument("--workers", type=count_argument("workers", 1), help="processes (default: one per core)")
    p.add_argument("--scheduler", type=_argtype(check_scheduler),
                   help="run the tasks on a Dask cluster: tcp://host:port of its scheduler")


def _experiment_or_list(text: str) -> str:
    from .experiments import get_experiment
    return text if text == "list" else get_experiment(text).name


class _Bar:
    def __init__(self, total, label):
        from ..progress import Progress
        self.bar, self.done = Progress(total, label), 0

    def __call__(self, done, total):
        self.bar.advance(done - self.done)
        self.done = done


# -- tournament -----------------------------------------------------------------------------


def cmd_tournament(args) -> int:
    from ..tournament import check_arguments, play_range, summarise
    v = load_variant(args.variant)
    players = args.players if args.players is not None else v.default_players
    try:
        check_arguments(v, players, args.challenger, args.field, args.deals, args.seed)
    except ValueError as exc:
        return _refuse("tournament", exc)
    size = 50 if args.challenger in ("random", "heuristic") else 4
    jobs = [(v.id, players, args.challenger, args.field, args.seed, first, min(size, args.deals - first))
            for first in range(0, args.deals, size)]
    bar = _Bar(args.deals, f"{args.challenger} vs {args.field}")
    results = {}
    try:
        for part in completed(play_range, jobs, args.workers, args.scheduler):
            results.update(part)
            bar(len(results), args.deals)
    except KeyboardInterrupt:
        bar.bar.close()
        if not results:
            raise
        print(f"\ninterrupted: the report covers the {len(results)} of {args.deals} deals finished", file=sys.stderr)
    except RuntimeError as exc:
        return _refuse("tournament", exc)
    bar.bar.close()
    report = summarise(v, players, args.challenger, args.field, [results[i] for i in sorted(results)])
    report["seed"] = args.seed
    if args.json:
        keys = ("challenger", "field", "deals", "win_rate", "ci95", "field_win_rate", "spoil_rate",
                "variant", "players", "measure", "seed")
        print(json.dumps({k: report[k] for k in keys}))
    else:
        low, high = report["ci95"]
        print(f"{v.name}, {players} players, {report['deals']} deals (seed {args.seed}): "
              f"challenger '{args.challenger}' against a field of '{args.field}'")
        print(f"  challenger: {report['measure']} {report['win_rate']:.3f}  95% CI [{low:.3f}, {high:.3f}]")
        print(f"  field, per seat: {report['field_win_rate']:.3f}")
        print(f"  spoil rate: {report['spoil_rate']:.3f}")
    return 130 if len(results) < args.deals else 0


def _stop_on_ctrl_c() -> None:
    """Ctrl-C stops a long study whatever started it: a process launched by another that ignores
    or blocks the interrupt (a test runner's worker, a batch script) inherits that, and the study
    would then run on to its last deal."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        return
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _refuse(command: str, exc) -> int:
    print(f"maw-sim {command}: error: {exc}", file=sys.stderr)
    return 2


# -- study ----------------------------------------------------------------------------------


def cmd_study(args) -> int:
    from . import run_study, summarise
    from .experiments import EXPERIMENTS, plan
    from .tally import RowWriter
    if args.experiment == "list":
        for e in EXPERIMENTS.values():
            print(f"{e.name:11} {e.question}\n{'':11} defaults: {', '.join(e.variants)}; players "
                  f"{', '.join(map(str, e.players))}; bots {', '.join(e.bots)}; {e.deals} deals a cell")
        return 0
    try:
        tasks = plan(args.experiment, args.variants, args.players, args.bots, args.deals, args.seed, args.chunk)
    except ValueError as exc:
        return _refuse("study", exc)
    fmt = args.format or ("jsonl" if args.out.endswith((".jsonl", ".json")) else "csv")
    to_stdout = args.out == "-"
    try:
        stream = sys.stdout if to_stdout else open(args.out, "w", encoding="utf-8", newline="")
    except OSError as exc:
        return _refuse("study", f"cannot write {args.out}: {exc.strerror}")
    report = sys.stderr if to_stdout else sys.stdout
    writer = RowWriter(stream, fmt)
    total = sum(t.count for t in tasks)
    cells = len({(t.variant, t.players, t.bot) for t in tasks})
    print(f"{args.experiment}: {cells} cells, {total} deals in {len(tasks)} tasks"
          + (f" on the Dask cluster at {args.scheduler}" if args.scheduler else ""), file=sys.stderr)
    bar = _Bar(total, args.experiment)
    rows, status = [], 0
    _stop_on_ctrl_c()
    try:
        rows = run_study(args.experiment, variants=args.variants, players=args.players, bots=args.bots,
                         deals=args.deals, seed=args.seed, workers=args.workers, scheduler=args.scheduler,
                         chunk=args.chunk, writer=_Keep(writer, rows), progress=bar)
    except KeyboardInterrupt:
        status = 130
    except RuntimeError as exc:
        return _refuse("study", exc)
    finally:
        bar.bar.close()
        if not to_stdout:
            stream.close()
    finished = len({r["task"] for r in rows})
    if status:
        print(f"\ninterrupted: {finished} of {len(tasks)} tasks finished; their rows are in "
              f"{'the output' if to_stdout else args.out}", file=sys.stderr)
    _print_summary(summarise(rows), report)
    return status


class _Keep:
    """A writer that also keeps the rows, so an interrupted study can still be summed up."""

    def __init__(self, writer, rows: list):
        self.writer, self.rows = writer, rows

    def write(self, rows) -> None:
        self.writer.write(rows)
        self.rows.extend(rows)


def _print_summary(cells, out) -> None:
    if not cells:
        return
    print(f"{'variant':14} {'players':>7} {'bots':10} {'measure':15} {'key':16} {'mean':>7}  95% CI{'':11} n",
          file=out)
    for c in sorted(cells, key=lambda c: (c["measure"], c["variant"], int(c["players"]), c["bots"], c["key"])):
        print(f"{c['variant']:14} {c['players']:>7} {c['bots']:10} {c['measure']:15} {c['key']:16} "
              f"{c['mean']:7.3f}  [{c['low']:.3f}, {c['high']:.3f}]  {c['n']}", file=out)
