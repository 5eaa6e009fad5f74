// Bot move time inside Pyodide (under Node), against the same measurement in CPython
// (benchmarks/bot_speed.py): five-handed Spoil Five (median, 90th percentile and slowest move), then every bidding game the engine has, with
// the time of each phase's decisions (bid, trump, kitty, discard, play). Prints; asserts nothing.
//
//   make wheel && node benchmarks/pyodide_bot_speed.mjs [deals]
//   WHEEL_DIR=/tmp/dist node benchmarks/pyodide_bot_speed.mjs [deals] [spoil-five [bot,bot,...]]
//   (a wheel built elsewhere; "spoil-five": that game only, not the bidding games; then only the bots named)
//
// Pyodide from node_modules, the engine from the wheel in dist/ (or WHEEL_DIR): nothing is downloaded.
// The learned bots are timed too, and the learned network alone (its Q of every legal card of a
// play decision, features included).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");
const wheelDir = process.env.WHEEL_DIR || path.join(root, "dist");
const wheel = fs.readdirSync(wheelDir).find((f) => f.endsWith(".whl"));
if (!wheel) throw new Error(`no engine wheel in ${wheelDir}: run \`make wheel\` first`);
const deals = Number(process.argv[2] || 20);
const spoilFiveOnly = process.argv[3] === "spoil-five";
const only = JSON.stringify(process.argv[4] ? process.argv[4].split(",") : null);

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
await pyodide.loadPackage(path.join(wheelDir, wheel), { messageCallback: () => {} });

const report = pyodide.runPython(`
import random, statistics, time
from maw_sim import Deal, load_variant
from maw_sim.bots import get_bot

def move_times(name, deals):
    """Seat 0 played by the bot, the others by the heuristic bot: the bot's time per decision."""
    bot, other, v = get_bot(name), get_bot("heuristic"), load_variant("spoil-five")
    times = []
    for k in range(${deals}):
        deal, rng = Deal.random(v, 5, 1000 + k), random.Random(k)
        while deal.to_move is not None:
            seat = deal.to_move
            if seat == 0:
                start = time.perf_counter()
                action = bot(deal.view(0), rng)
                times.append(time.perf_counter() - start)
            else:
                action = other(deal.view(seat), rng)
            deal.apply(action)
    times.sort()
    over = sum(t > 0.1 for t in times) / len(times)    # the issue's limit: 100 ms a move
    return statistics.median(times) * 1000, times[int(0.9 * len(times))] * 1000, times[-1] * 1000, over

def decision_times(name, variant, players, teams, deals):
    """The bidding games: seat k % players played by the bot, the others by the heuristic bot; the
    bot's time per decision, all phases together and by phase."""
    bot, other, v = get_bot(name), get_bot("heuristic"), load_variant(variant)
    times, by_phase = [], {}
    for k in range(deals):
        deal, rng, me = Deal.random(v, players, 2000 + k, k % players, teams=teams), random.Random(k), k % players
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            if seat == me:
                start = time.perf_counter()
                action = bot(view, rng)
                ms = (time.perf_counter() - start) * 1000
                times.append(ms)
                by_phase.setdefault(view.phase, []).append(ms)
            else:
                action = other(view, rng)
            deal.apply(action)
    times.sort()
    phases = " ".join(f"{p} {statistics.median(t):.1f}" for p, t in by_phase.items())
    return statistics.median(times), times[int(0.9 * len(times))], phases

def network_times(deals):
    """The learned network alone: its values of every legal card of seat 0's play decisions."""
    from maw_sim.bots.learned import shipped
    network, other, v = shipped(), get_bot("heuristic"), load_variant("spoil-five")
    times = []
    for k in range(deals):
        deal, rng = Deal.random(v, 5, 1000 + k), random.Random(k)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if view.seat == 0 and view.phase == "play" and len(view.legal) > 1:
                start = time.perf_counter()
                network.values(view, rng)
                times.append(time.perf_counter() - start)
            deal.apply(other(view, rng))
    times.sort()
    return statistics.median(times) * 1000, times[int(0.9 * len(times))] * 1000

lines = []
names = ["random", "heuristic", "pimc", "ismcts", "best"]
from maw_sim.bots import study_bot_names
if "learned" in study_bot_names():
    median, p90 = network_times(${deals})
    lines.append(f"{'network':>14}: median {median:6.2f} ms, p90 {p90:6.2f} ms per play decision (the learned Q of every legal card)")
    names += ["learned", "learned-search", "learned-blend"]
only = ${only}
for name in (names if only is None else [n for n in names if n in only]):
    median, p90, slowest, over = move_times(name, ${deals})
    lines.append(f"{name:>14}: median {median:6.2f} ms, p90 {p90:6.2f} ms, max {slowest:6.1f} ms per move, "
                 f"{100 * over:.1f}% over 100 ms (Pyodide, 5-player Spoil Five)")

from maw_sim import variant_ids
for variant, players, teams in (("one-hundred-and-ten", 4, None), ("auction-45", 4, "2x2"),
                                ("auction-45-merrimack", 4, "2x2"), ("auction-45-atlantic", 4, "2x2")):
    if ${spoilFiveOnly ? "True" : "False"} or variant not in variant_ids():
        continue
    for name in ("heuristic", "pimc", "ismcts"):
        median, p90, phases = decision_times(name, variant, players, teams, max(2, ${deals} // 4))
        lines.append(f"{name:>10}: median {median:6.2f} ms, p90 {p90:6.2f} ms per decision "
                     f"({variant}, {players} players; by phase, median ms: {phases})")
"\\n".join(lines)
`);
console.log(report);
