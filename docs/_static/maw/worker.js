// The Maw table's Web Worker: runs the engine (maw_sim) in Pyodide, so the page never freezes.
//
// Everything is loaded from this site's own _static/ folder, found relative to this file:
// the Pyodide runtime in _static/pyodide/ and the engine wheel in _static/wheels/ (both copied in
// by scripts/vendor_site.py). No CDN, no micropip, no package fetched by name: no request ever
// leaves the site's origin.
//
// Messages: the page sends {id, request} where request is a JSON string for maw_sim.web.handle;
// the worker answers {type: "reply", id, reply, ms}. At start-up it sends {type: "progress", text}
// as it goes, then {type: "ready", ms} or {type: "failed", error}.

const STATIC = new URL("../", import.meta.url);   // .../_static/
const started = performance.now();
let handle = null;

function progress(text) {
  postMessage({ type: "progress", text });
}

async function boot() {
  progress("Loading Python (Pyodide)…");
  // Ask for the wheel's name now, while Pyodide downloads and compiles.
  const manifestPromise = fetch(new URL("wheels/manifest.json", STATIC));
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", STATIC).href);
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", STATIC).href,
    // Python's own prints go to the console as plain logs, never as errors.
    stdout: (line) => console.log(line),
    stderr: (line) => console.log(line),
  });
  progress("Loading the Maw engine…");
  const manifestResponse = await manifestPromise;
  if (!manifestResponse.ok) {
    throw new Error(`wheels/manifest.json: HTTP ${manifestResponse.status} (was the site built with make site?)`);
  }
  const manifest = await manifestResponse.json();
  // A same-origin URL of a pure-Python wheel: Pyodide installs it without asking any index.
  await pyodide.loadPackage(new URL(`wheels/${manifest.wheel}`, STATIC).href, {
    messageCallback: () => {},
    errorCallback: (message) => console.warn(message),
  });
  handle = pyodide.pyimport("maw_sim.web").handle;
}

const booting = boot().then(
  () => postMessage({ type: "ready", ms: performance.now() - started }),
  (error) => postMessage({ type: "failed", error: String(error && error.message || error) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  await booting;
  if (!handle) {
    postMessage({ type: "reply", id, reply: JSON.stringify({ ok: false, error: "Python did not start" }), ms: 0 });
    return;
  }
  const t0 = performance.now();
  const reply = handle(request);   // maw_sim.web.handle never raises: errors come back as JSON
  postMessage({ type: "reply", id, reply, ms: performance.now() - t0 });
};
