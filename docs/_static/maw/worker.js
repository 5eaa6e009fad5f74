// The Maw table's Web Worker: runs the engine (maw_sim) in Pyodide, so the page never freezes.
//
// Everything is loaded from this site's own _static/ folder, found relative to this file, at the
// paths wheels/manifest.json names (scripts/vendor_site.py writes them all): the Pyodide runtime
// in _static/pyodide/<version>/, the engine wheel (compiled to bytecode) and a memory snapshot of
// Pyodide with the engine already imported, in _static/wheels/<hash>/. No CDN, no micropip, no
// package fetched by name: no request ever leaves the site's origin.
//
// The snapshot is what makes the start fast: restoring it skips Python's start-up and the engine's
// imports. If it cannot be used (a browser without DecompressionStream, a failed restore), the
// worker starts Pyodide the ordinary way, a little slower, and says so in the console: with the
// site's own lock file (manifest.lock, where the build could write one) it loads the engine by
// name with loadPackage; without, it unpacks the wheel itself.
//
// Messages: the page sends {id, request} where request is a JSON string for maw_sim.web.handle;
// the worker answers {type: "reply", id, reply}. At start-up it sends {type: "progress", text,
// loaded, total} as it goes (bytes received of the bytes a first visit downloads, which the
// manifest gives), then {type: "ready"} or {type: "failed", error}. Nothing here is timed for the
// benchmarks: they read the browser's own resource timings from outside.

const STATIC = new URL("../", import.meta.url);   // .../_static/
let handle = null;

// -- what has arrived, for the page's progress bar ----------------------------------------------------
//
// Every fetch of this worker (ours, and Pyodide's own for its WebAssembly and standard library) is
// counted as its body streams in. The total is what a first visit downloads; a second visit, from
// the caches, fills the bar at once.
const download = { text: "Starting Python in your browser…", loaded: 0, total: 0, sent: 0 };

function progress(text = download.text) {
  download.text = text;
  download.sent = Date.now();
  postMessage({ type: "progress", text, loaded: download.loaded, total: download.total });
}

function counted(response) {
  if (!response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      download.loaded += chunk.byteLength;
      if (Date.now() - download.sent > 100) progress();
      controller.enqueue(chunk);
    },
    flush() { progress(); },   // each file's last bytes are said, whatever the time since the last
  });
  // The same status and headers (WebAssembly's streaming compile reads the Content-Type).
  return new Response(response.body.pipeThrough(counter),
    { status: response.status, statusText: response.statusText, headers: response.headers });
}

const plainFetch = self.fetch.bind(self);
self.fetch = async (...args) => counted(await plainFetch(...args));

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} (was the site built with make site?)`);
  return response;
}

// The snapshot is gzip on the server; the service worker keeps it inflated.
async function inflate(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The wheel is unpacked from JavaScript, with the zip's central directory and the browser's own
// inflater: Python's zipfile under WebAssembly takes several times longer. It is unpacked in both
// ways of starting: the snapshot holds the imported modules, not the files (the variants' TOML
// files are read from beside the package, and some modules are imported only when needed).
async function inflateRaw(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function inflatesRaw() {
  try {
    new DecompressionStream("deflate-raw");
    return true;
  } catch (error) {
    return false;
  }
}

async function unpackWheel(FS, buffer, dir) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let end = bytes.length - 22;   // the end-of-central-directory record, found from the back
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("the engine wheel is not a zip file");
  const names = new TextDecoder();
  const writes = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the engine wheel is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`the engine wheel uses zip method ${method}`);
    writes.push((method === 8 ? inflateRaw(data) : Promise.resolve(data)).then((content) => {
      const path = `${dir}/${name}`;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, content);
    }));
  }
  await Promise.all(writes);
}

// Not importlib.invalidate_caches(): under Pyodide it takes over half a second; dropping the path
// finders (rebuilt on the next import) is enough for Python to see the new files.
const AFTER_INSTALL = `
import random, sys
sys.path_importer_cache.clear()
random.seed()   # a snapshot would otherwise give every visitor the random state it was made with
`;

async function start() {
  progress("Loading Python (Pyodide)…");
  // The manifest is fetched fresh (the server says no-cache) and names every other file by a
  // versioned path, so the rest may come from any cache.
  const manifest = await (await fetchOk(new URL("wheels/manifest.json", STATIC), "wheels/manifest.json")).json();
  const runtime = new URL(manifest.runtime, STATIC);
  // Everything is asked for at once, while Pyodide's own files download and compile.
  const wheel = fetchOk(new URL(manifest.wheel, STATIC), "the engine wheel").then((r) => r.arrayBuffer());
  const useSnapshot = manifest.snapshot && typeof DecompressionStream === "function";
  const bytes = manifest.bytes || {};
  download.total = (bytes.runtime || 0) + (bytes.wheel || 0) + (useSnapshot ? bytes.snapshot || 0 : 0);
  progress();
  const snapshot = useSnapshot
    ? fetchOk(new URL(manifest.snapshot, STATIC), "the engine snapshot").then(inflate)
    : null;
  wheel.catch(() => {});
  if (snapshot) snapshot.catch(() => {});
  const { loadPyodide } = await import(new URL("pyodide.mjs", runtime).href);
  const options = {
    indexURL: runtime.href,
    // Python's own prints go to the console as plain logs, never as errors.
    stdout: (line) => console.log(line),
    stderr: (line) => console.log(line),
  };
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    } catch (error) {
      console.warn(`maw: the engine snapshot could not be used (${error && error.message || error}); starting Python the ordinary way`);
    }
  }
  let byName = false;
  if (!pyodide && manifest.lock) {
    // The site's own lock file (pyodide lockfile add-wheels) names the engine: Pyodide loads it
    // by name, from beside the lock file, and checks its SHA-256.
    pyodide = await loadPyodide({ ...options, lockFileURL: new URL(manifest.lock, STATIC).href });
    progress("Loading the Maw engine…");
    await pyodide.loadPackage("maw-sim", { messageCallback: (line) => console.log(line) });
    byName = true;
  }
  if (!pyodide) {
    pyodide = await loadPyodide(options);
  }
  download.loaded = Math.max(download.loaded, download.total);
  progress("Loading the Maw engine…");
  if (!byName) {
    const wheelBytes = await wheel;
    if (inflatesRaw()) {
      await unpackWheel(pyodide.FS, wheelBytes, manifest.site_packages);
    } else {   // an older browser: Python's zipfile, slower but everywhere
      pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(wheelBytes));
      pyodide.runPython(`import zipfile; zipfile.ZipFile("/tmp/engine.whl").extractall(${JSON.stringify(manifest.site_packages)})`);
    }
  }
  pyodide.runPython(AFTER_INSTALL);
  handle = pyodide.pyimport("maw_sim.web").handle;
}

const booting = start().then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", error: String(error && error.message || error) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  await booting;
  if (!handle) {
    postMessage({ type: "reply", id, reply: JSON.stringify({ ok: false, error: "Python did not start" }) });
    return;
  }
  const reply = handle(request);   // maw_sim.web.handle never raises: errors come back as JSON
  postMessage({ type: "reply", id, reply });
};
