// What every Maw widget shares: the Web Worker that runs the engine, spoken to as promises. The
// table (table.js), the review board (review.js) and the experiment (experiment-widget.js) import
// it; a page with several starts one worker, each widget a session.

const WORKER_URL = new URL("worker.js", import.meta.url);
export const SERVE_HINT = "Python runs in the browser only when the site is served over HTTP: " +
  "run `make serve` in the repository and open http://127.0.0.1:8000/ " +
  "(or serve docs/_build/html with any static web server).";


// offline.js registers the service worker once an engine has started, so that its install finds
// the runtime in the HTTP cache rather than downloading it beside the worker.
function engineStarted() {
  if (window.mawEngineStarted) return;
  window.mawEngineStarted = true;
  window.dispatchEvent(new Event("maw:engine-started"));
}

// -- the worker, as promises ------------------------------------------------------------------------
//
// One worker a page, whatever the number of widgets: Pyodide starts once. Each Bridge is one
// widget's session in it (requests carry "table": its id, and Python keeps a session per id).

let shared = null;

function sharedWorker() {
  if (shared) return shared;
  shared = { pending: new Map(), nextId: 1, listeners: new Set() };
  if (location.protocol === "file:") {
    shared.ready = Promise.reject(new Error("this page was opened from a file (file://), where browsers do not let a page start Python"));
    return shared;
  }
  // The worker early.js started while the page was parsed, if any.
  const early = window.mawEarlyWorker;
  if (early && !early.taken) {
    early.taken = true;
    shared.worker = early.worker;
  } else {
    try {
      shared.worker = new Worker(WORKER_URL, { type: "module" });
    } catch (error) {
      shared.ready = Promise.reject(error);
      return shared;
    }
  }
  shared.ready = new Promise((resolve, reject) => {
    const onMessage = (event) => {
      const message = event.data;
      if (message.type === "progress") {
        for (const listener of shared.listeners) listener(message.text, message.loaded, message.total);
      }
      else if (message.type === "ready") {
        engineStarted();
        resolve();
      }
      else if (message.type === "failed") { engineStarted(); reject(new Error(message.error)); }
      else if (message.type === "reply") {
        const entry = shared.pending.get(message.id);
        shared.pending.delete(message.id);
        if (entry) entry.resolve(JSON.parse(message.reply));
      }
    };
    const onError = (event) => {
      event.preventDefault();
      reject(new Error(event.message || "the Python worker could not start"));
    };
    if (early && shared.worker === early.worker) {
      // What the early worker said before this page's modules ran, in order, then live.
      shared.worker.removeEventListener("message", early.keep);
      shared.worker.removeEventListener("error", early.keep);
      for (const event of early.events) (event.type === "error" ? onError : onMessage)(event);
      early.events = [];
    }
    shared.worker.addEventListener("message", onMessage);
    shared.worker.addEventListener("error", onError);
  });
  return shared;
}

let widgets = 0;

export class Bridge {
  constructor(onProgress) {
    this.table = `widget-${++widgets}`;
    this.shared = sharedWorker();
    this.shared.listeners.add(onProgress);
    this.ready = this.shared.ready;
  }

  async call(request) {
    await this.ready;
    const id = this.shared.nextId++;
    return new Promise((resolve) => {
      this.shared.pending.set(id, { resolve });
      this.shared.worker.postMessage({ id, request: JSON.stringify({ ...request, table: this.table }) });
    });
  }
}
