// The learner's hint (maw_sim.hint) in real Pyodide under Node: the time of one hint, at the first
// decision of the play of several rulesets. Prints figures; asserts nothing.
//
//   node benchmarks/hint_speed.mjs node_modules/pyodide dist/maw_sim-*.whl
//
// The engine is the wheel the site ships, loaded as the site loads it (loadPackage by path);
// nothing is downloaded.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
console.log(await pyodide.runPythonAsync(`
import random, statistics, time
import maw_sim
from maw_sim.hint import hint

def positions(vid, players, count):
    v = maw_sim.load_variant(vid)
    out, seed = [], 0
    while len(out) < count:
        deal = maw_sim.Deal.random(v, players, seed)
        rng = random.Random(seed)
        moves = rng.randrange(0, 12)
        while deal.to_move is not None and (deal.phase != "play" or moves):
            if deal.phase == "play":
                moves -= 1
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.to_move is not None and len(deal.legal_actions()) > 1:
            out.append(deal.view(deal.to_move))
        seed += 1
    return out

lines = []
for vid, players in (("spoil-five", 5), ("twenty-five", 4), ("forty-five", 4), ("one-hundred-and-ten", 4)):
    times = []
    for view in positions(vid, players, 12):
        start = time.perf_counter()
        hint(view)
        times.append(1000 * (time.perf_counter() - start))
    lines.append(f"{vid:22} {players} players: hint median {statistics.median(times):6.0f} ms, "
                 f"max {max(times):6.0f} ms over {len(times)} positions")
"\\n".join(lines)
`));
