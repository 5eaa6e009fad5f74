// A table on the table server, spoken to as the worker's Bridge is: call(request) -> Promise<reply>.
//
// Where bridge.js runs the engine in this browser, this runs it on the server (maw_server, issue
// 25), over the table's WebSocket (/api/tables/{code}/socket). The server is the referee: a reply
// to "act" only says yes or no, and what changed arrives as a push ({"push": "update", state,
// events, lobby}) to every seat, the actor's included ({"push": "lobby", lobby} when someone comes
// or goes). Pushes go to the listener given (onPush).
//
// A dropped connection (a phone asleep, the Wi-Fi, the server restarted) is taken up again by
// itself, with a growing pause between tries, and "hello" is said again with the seat's token:
// the server answers with the state as it is now, which is handed to onPush like any update, so
// the players notice only a pause. onConnection(up) says when the link goes down and comes back.
// A request made while down waits for the new connection; one in flight when the link dropped is
// answered {ok: false, dropped: true} (whether it arrived is unknown: the new state says).

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 8000;
// No answer within this long: the connection is taken as dead (a phone's socket can hang open).
// Longer than the server lets a lead wait for another seat's silent decision to rob (60 s).
const REPLY_TIMEOUT_MS = 90000;

/** The WebSocket address of table ``code`` on the site's own server (this file is in _static/maw/). */
export function socketUrl(code) {
  const url = new URL(`../../api/tables/${encodeURIComponent(code)}/socket`, import.meta.url);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

export class SocketBridge {
  /** ``hello``: what to say first ({token} for a seat, {watch: true} for a spectator). */
  constructor(code, hello, { onPush = () => {}, onConnection = () => {}, onRefused = () => {} } = {}) {
    this.code = code;
    this.hello = hello;
    this.onPush = onPush;
    this.onConnection = onConnection;
    this.onRefused = onRefused;
    this.pending = new Map();
    this.waiting = [];       // requests made while down, sent once "hello" is answered again
    this.nextId = 1;
    this.retryMs = FIRST_RETRY_MS;
    this.closed = false;
    this.up = false;
    this.socket = null;
    // The first hello's reply ({seat, host, state, events}); the table waits for it, as for the worker.
    this.ready = new Promise((resolve, reject) => { this.greeted = resolve; this.refused = reject; });
    this.ready.catch(() => {});
    // A phone woken, or its network back: try at once rather than at the end of the pause.
    this.wake = () => {
      if (this.timer && document.visibilityState === "visible") {
        clearTimeout(this.timer);
        this.timer = null;
        this.retryMs = FIRST_RETRY_MS;
        this.connect();
      }
    };
    document.addEventListener("visibilitychange", this.wake);
    window.addEventListener("online", this.wake);
    this.connect();
  }

  connect() {
    if (this.closed) return;
    let socket;
    try {
      socket = new WebSocket(socketUrl(this.code));
    } catch (error) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => this.greet(socket));
    socket.addEventListener("message", (event) => this.received(socket, event.data));
    socket.addEventListener("close", (event) => this.dropped(socket, event));
    socket.addEventListener("error", () => { /* "close" follows and says it */ });
  }

  greet(socket) {
    const id = this.nextId++;
    this.pending.set(id, { resolve: (reply) => this.welcomed(socket, reply), hello: true });
    socket.send(JSON.stringify({ id, op: "hello", ...this.hello }));
  }

  welcomed(socket, reply) {
    if (socket !== this.socket) return;
    if (!reply.ok) {
      // A token the server does not know (the table ended, the seat given to someone else): no
      // retry will change that.
      this.close();
      this.refused(new Error(reply.error || "the table refused this seat"));
      this.onRefused(reply);
      return;
    }
    this.retryMs = FIRST_RETRY_MS;
    const first = !this.everUp;
    this.up = this.everUp = true;
    this.onConnection(true);
    if (first) this.greeted(reply);
    else this.onPush({ push: "update", state: reply.state, events: reply.events || [], again: true });
    const waiting = this.waiting;
    this.waiting = [];
    for (const entry of waiting) this.send(entry);
  }

  received(socket, data) {
    if (socket !== this.socket) return;
    let message;
    try {
      message = JSON.parse(data);
    } catch (error) {
      return;   // the server only sends JSON; anything else is not ours to read
    }
    if (message.push) {
      this.onPush(message);
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    clearTimeout(entry.timer);
    entry.resolve(message);
  }

  dropped(socket, event) {
    if (socket !== this.socket) return;
    // Closed by the server for good (1008: no such table, or a page of another site): no retry.
    if (event && event.code === 1008) {
      this.close();
      this.refused(new Error(event.reason || "the table server refused this connection"));
      this.onRefused({ ok: false, error: event.reason || "the table server refused this connection", closed: true });
    }
    this.socket = null;
    const wasUp = this.up;
    this.up = false;
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      if (!entry.hello) entry.resolve({ id, ok: false, dropped: true, error: "The connection to the table dropped; it is being taken up again." });
    }
    this.pending.clear();
    if (this.closed) return;
    if (wasUp || !this.everUp) this.onConnection(false);
    this.retry();
  }

  retry() {
    if (this.closed) return;
    // A little randomness, so that a room of phones does not knock at the same instant.
    const wait = this.retryMs * (0.8 + 0.4 * Math.random());
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
    this.timer = setTimeout(() => { this.timer = null; this.connect(); }, wait);
  }

  send(entry) {
    const socket = this.socket;
    if (!this.up || !socket || socket.readyState !== WebSocket.OPEN) {
      this.waiting.push(entry);
      return;
    }
    const id = this.nextId++;
    entry.timer = setTimeout(() => { if (this.socket === socket) socket.close(); }, REPLY_TIMEOUT_MS);
    this.pending.set(id, entry);
    socket.send(JSON.stringify({ ...entry.request, id }));
  }

  /** One request ({op: "act", action: "5H"}, {op: "start"}, …) and the server's reply. */
  async call(request) {
    if (this.closed) return { ok: false, error: "This table is closed." };
    return new Promise((resolve) => this.send({ request, resolve }));
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = null;
    document.removeEventListener("visibilitychange", this.wake);
    window.removeEventListener("online", this.wake);
    this.up = false;
    if (this.socket) this.socket.close();
    this.socket = null;
  }
}
