// What every Maw widget shares: the Web Worker that runs the engine, spoken to as promises, and a
// small DOM helper. The table (table.js) and the experiment (experiment-widget.js) import it; a
// page with both starts one worker for each.
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

// offline.js registers the service worker once an engine has started, so that its install finds
// the runtime in the HTTP cache rather than downloading it beside the worker.
function engineStarted() {
  if (window.mawEngineStarted) return;
  window.mawEngineStarted = true;
  window.dispatchEvent(new Event("maw:engine-started"));
}

// -- the worker, as promises ------------------------------------------------------------------------

export class Bridge {
  constructor(onProgress) {
    this.pending = new Map();
    this.nextId = 1;
    if (location.protocol === "file:") {
      this.ready = Promise.reject(new Error("this page was opened from a file (file://), where browsers do not let a page start Python"));
      return;
    }
    // The worker early.js started while the page was parsed, if any (the first widget takes it).
    const early = window.mawEarlyWorker;
    if (early && !early.taken) {
      early.taken = true;
      this.worker = early.worker;
    } else {
      try {
        performance.mark("maw-worker-start");
        this.worker = new Worker(WORKER_URL, { type: "module" });
      } catch (error) {
        this.ready = Promise.reject(error);
        return;
      }
    }
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (event) => {
        const message = event.data;
        if (message.type === "progress") onProgress(message.text);
        else if (message.type === "ready") {
          // Where the start-up went, for benchmarks/browser_speed.py (never asserted).
          window.mawStats = window.mawStats || { requests: [] };
          window.mawStats.boot = { ...message.boot, workerMs: message.ms };
          performance.mark("maw-engine-ready");
          engineStarted();
          resolve(message.ms);
        }
        else if (message.type === "failed") { engineStarted(); reject(new Error(message.error)); }
        else if (message.type === "reply") {
          const entry = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (entry) entry.resolve({ reply: JSON.parse(message.reply), ms: message.ms });
        }
      };
      const onError = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the Python worker could not start"));
      };
      if (this.worker === (early && early.worker)) {
        // What the early worker said before this page's modules ran, in order, then live.
        this.worker.removeEventListener("message", early.keep);
        this.worker.removeEventListener("error", early.keep);
        for (const event of early.events) (event.type === "error" ? onError : onMessage)(event);
        early.events = [];
      }
      this.worker.addEventListener("message", onMessage);
      this.worker.addEventListener("error", onError);
    });
  }

  async call(request) {
    await this.ready;
    const id = this.nextId++;
    const answer = await new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ id, request: JSON.stringify(request) });
    });
    window.mawStats = window.mawStats || { requests: [] };
    window.mawStats.requests.push({ op: request.op, ms: answer.ms, events: (answer.reply.events || []).length });
    return answer.reply;
  }
}

