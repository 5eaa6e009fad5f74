// What every Maw widget shares: the Web Worker that runs the engine, spoken to as promises, and a
// small DOM helper. The table (table.js) and the experiment (experiment-widget.js) import it; a
// page with both starts one worker, and each widget has its own session in it.
//
// Texts from links or from the engine are set with textContent (never innerHTML).

const WORKER_URL = new URL("worker.js", import.meta.url);
export const SERVE_HINT = "Python runs in the browser only when the site is served over HTTP: " +
  "run `make serve` in the repository and open http://127.0.0.1:8000/ " +
  "(or serve docs/_build/html with any static web server).";


// -- small DOM helpers ----------------------------------------------------------------------------

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || ["role", "type", "title", "id", "for", "href", "value", "min", "max", "name", "inputmode", "tabindex", "hidden"].includes(key)) node.setAttribute(key, value === true ? "" : String(value));
    else node[key] = value;
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
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
  try {
    shared.worker = new Worker(WORKER_URL, { type: "module" });
  } catch (error) {
    shared.ready = Promise.reject(error);
    return shared;
  }
  shared.ready = new Promise((resolve, reject) => {
    shared.worker.addEventListener("message", (event) => {
      const message = event.data;
      if (message.type === "progress") for (const listener of shared.listeners) listener(message.text);
      else if (message.type === "ready") resolve(message.ms);
      else if (message.type === "failed") reject(new Error(message.error));
      else if (message.type === "reply") {
        const entry = shared.pending.get(message.id);
        shared.pending.delete(message.id);
        if (entry) entry.resolve({ reply: JSON.parse(message.reply), ms: message.ms });
      }
    });
    shared.worker.addEventListener("error", (event) => {
      event.preventDefault();
      reject(new Error(event.message || "the Python worker could not start"));
    });
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
    const answer = await new Promise((resolve) => {
      this.shared.pending.set(id, { resolve });
      this.shared.worker.postMessage({ id, request: JSON.stringify({ ...request, table: this.table }) });
    });
    window.mawStats = window.mawStats || { requests: [] };
    window.mawStats.requests.push({ op: request.op, ms: answer.ms, events: (answer.reply.events || []).length });
    return answer.reply;
  }
}
