// Run the engine's rules tests inside real Pyodide under Node, offline.
//
//   node tests/pyodide/run_tests.mjs '<json config>'
//
// config: {
//   "pyodide": "<dir of the npm package pyodide>",  the runtime (node_modules/pyodide)
//   "wheel": "<path of maw_sim-*.whl>",             the engine, installed as the site installs it
//   "packages": ["<host dir or .py>", ...],          pure-Python test tools copied into Pyodide
//                                                    (pytest and its dependencies, from the venv)
//   "root": "<the checkout>",                       its conf/ is mirrored into Pyodide
//   "tests": ["<host path of a test module>", ...],
//   "extra": ["<host dir beside the tests>", ...],  data and helpers the tests import (tests/perft)
//   "pytest_args": ["-q", ...]
// }
//
// Nothing is downloaded: Pyodide loads from node_modules, the wheel from dist/, and pytest is
// copied from the project's virtual environment (pure Python). Exits with pytest's exit code.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const config = JSON.parse(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(path.join(config.pyodide, "pyodide.mjs")).href);

const pyodide = await loadPyodide({ indexURL: config.pyodide + path.sep });
// Raw writes, not lines: pytest's progress dots stay on one line.
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });

// The engine wheel, by file path: the same loadPackage the browser uses with a same-origin URL.
await pyodide.loadPackage(config.wheel, { messageCallback: () => {} });

// Copy a host file or folder into Pyodide's in-memory file system.
function copyIn(hostPath, pyPath) {
  const stat = fs.statSync(hostPath);
  if (stat.isDirectory()) {
    pyodide.FS.mkdirTree(pyPath);
    for (const name of fs.readdirSync(hostPath)) {
      if (name === "__pycache__") continue;
      copyIn(path.join(hostPath, name), `${pyPath}/${name}`);
    }
  } else {
    pyodide.FS.writeFile(pyPath, fs.readFileSync(hostPath));
  }
}

const SITE = "/tools";
pyodide.FS.mkdirTree(SITE);
for (const hostPath of config.packages) copyIn(hostPath, `${SITE}/${path.basename(hostPath)}`);
// The checkout's layout is mirrored under /repo (tests/ and conf/, never maw_sim/: the engine
// must come from the wheel), so tests that read conf/variants by path find it.
const REPO = "/repo";
pyodide.FS.mkdirTree(`${REPO}/tests`);
if (config.root && fs.existsSync(path.join(config.root, "conf"))) copyIn(path.join(config.root, "conf"), `${REPO}/conf`);
for (const hostPath of config.extra || []) copyIn(hostPath, `${REPO}/tests/${path.basename(hostPath)}`);
const testPaths = config.tests.map((hostPath) => {
  const target = `${REPO}/tests/${path.basename(hostPath)}`;
  copyIn(hostPath, target);
  return target;
});

pyodide.globals.set("test_paths", pyodide.toPy(testPaths));
pyodide.globals.set("pytest_args", pyodide.toPy(config.pytest_args || []));
let code;
try {
  code = await pyodide.runPythonAsync(`
import os, sys
sys.path.insert(0, "${SITE}")
os.chdir("${REPO}")
import maw_sim, pytest
print(f"pyodide: Python {sys.version.split()[0]} on {sys.platform}, maw_sim from {os.path.dirname(maw_sim.__file__)}")
# No cache directory; no conftest.py from the checkout (its site and browser fixtures make no
# sense here), so the rules tests must need only pytest and maw_sim.
int(pytest.main([*pytest_args, "-p", "no:cacheprovider", "--rootdir=${REPO}", *test_paths]))
`);
} catch (error) {
  // A Python error outside the tests (an import, a missing tool): its traceback, not Node's dump.
  console.error(`run_tests.mjs: ${error.message}`);
  code = 3;
}
process.exit(code);
