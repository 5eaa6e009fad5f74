// Solver time per position on the review page, inside Pyodide (under Node): the same measurement
// as benchmarks/review_speed.py in CPython, whose code it runs. Prints; asserts nothing.
//
//   make wheel && node benchmarks/pyodide_review_speed.mjs [deals] [players]
//
// Pyodide from node_modules, the engine from the wheel in dist/: nothing is downloaded.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");
const wheel = fs.readdirSync(path.join(root, "dist")).find((f) => f.endsWith(".whl"));
if (!wheel) throw new Error("no engine wheel in dist/: run `make wheel` first");
const deals = Number(process.argv[2] || 10);
const players = Number(process.argv[3] || 5);

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
await pyodide.loadPackage(path.join(root, "dist", wheel), { messageCallback: () => {} });
// The CPython benchmark's own code, so both measure the same thing.
pyodide.FS.writeFile("/home/pyodide/review_speed.py", fs.readFileSync(path.join(here, "review_speed.py"), "utf8"));

for (const vid of ["spoil-five", "forty-five"]) {
  const line = pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
import review_speed
review_speed.report("${vid}", ${players}, ${deals}, "Pyodide " + sys.version.split()[0])
`);
  console.log(line);
}
