// "Play with friends": one table across several devices, on the table server (maw_server).
//
// The page finds the server by asking it (askServer: its own address, then GET /api/server): on a
// static host this file adds nothing to the page. Where it answers:
//   offerFriends(table)  a "Play with friends" button under the table: a dialog with the rules as
//                        the table has them, your seat and your name; it creates the table on the
//                        server and opens this page again with ?table=CODE.
//   joinTable(root, …)   the page opened with ?table=CODE: the lobby (the code, the link, its QR
//                        code, the seats filling), a form to take a seat, then the same table as
//                        against bots, driven by the server's pushes (socket-bridge.js).
// A seat's token is kept in this browser per table code (localStorage), so a reload comes back
// to the same seat at once. The creator's token carries the host's rights: start, a bot in a
// seat or the seat given back, end the table.
//
// Names are people's own words: every one is set with textContent, never as markup.
//
// Hooks: [data-maw-friends] with data-status = join | lobby | playing | ended and data-connection
// = up | down; buttons data-action = friends | create-table | join | watch | start | seat-bot |
// seat-person | end-table | copy-table-link; [data-maw-lobby-seats] li[data-seat][data-kind].

import { el } from "./dom.js";
import { SocketBridge } from "./socket-bridge.js";

const SITE = new URL("../../", import.meta.url);
const TOKEN_PREFIX = "maw-friends:";
const NAME_KEY = "maw-friends-name";
const CLASS_KEY = "maw-class";
const LOBBY_POLL_MS = 3000;
const MAX_NAME = 24;

export function apiUrl(path) {
  return new URL(`api/${path}`, SITE);
}

/** The server's answer to GET /api/server, or null where there is no table server (a static host,
 * a page offline, any other answer than the Maw server's own).
 *
 * Asked in two steps, so that a static host's console stays clean: Chromium reports every 404 as a
 * console error ("Failed to load resource"), so the page first asks for its own address (HEAD:
 * every host has it) and only where the answer carries the table server's mark, X-Maw-Server,
 * asks the server itself. Offline it asks nothing (the page may come from the service worker). */
export async function askServer() {
  if (location.protocol === "file:" || navigator.onLine === false) return null;
  try {
    const page = await fetch(location.href, { method: "HEAD", cache: "no-store" });
    if (!page.headers.get("x-maw-server")) return null;
    const response = await fetch(apiUrl("server"), { headers: { accept: "application/json" }, cache: "no-store" });
    if (!response.ok) return null;
    const info = await response.json();
    return info && info.server === "maw" ? info : null;
  } catch (error) {
    return null;
  }
}

/** GET (no body) or POST a JSON body; the reply, or an Error with the server's own words. */
export async function api(path, body) {
  const init = body === undefined ? { headers: { accept: "application/json" }, cache: "no-store" }
    : { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(apiUrl(path), init);
  let reply = null;
  try {
    reply = await response.json();
  } catch (error) { /* not JSON: said below by its status */ }
  if (!response.ok) {
    const error = new Error((reply && reply.error) || `the table server answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return reply;
}

// -- what this browser keeps ---------------------------------------------------------------------------

function stored(storage, key) {
  try {
    return storage.getItem(key);
  } catch (error) {
    return null;   // storage off (a private window): the seat lasts as long as the page
  }
}

function store(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) { /* as above */ }
}

const memory = new Map();

function keptSeat(code) {
  if (memory.has(code)) return memory.get(code);
  try {
    const seat = JSON.parse(stored(localStorage, TOKEN_PREFIX + code) || "null");
    return seat && typeof seat.token === "string" ? seat : null;
  } catch (error) {
    return null;
  }
}

function keepSeat(code, seat) {
  memory.set(code, seat);
  store(localStorage, TOKEN_PREFIX + code, seat ? JSON.stringify(seat) : null);
}

function keptName() { return stored(localStorage, NAME_KEY) || ""; }

/** The class this tab plays for: ?class= on the page (kept for the tab, as the table's own
 * address replaces the page's), or the one seen before in this tab. */
function classCode(link) {
  const given = link.get("class");
  if (given) store(sessionStorage, CLASS_KEY, given.trim().toUpperCase());
  return stored(sessionStorage, CLASS_KEY);
}

/** This play page with ?table=CODE and nothing else. */
export function tableLink(code) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("table", code);
  return url;
}

function seatLabel(seat) { return `Seat ${seat + 1}`; }

function checkedName(text) {
  const name = text.trim();
  if (!name) return "Type your name (what the others will see on your seat).";
  if (name.length > MAX_NAME) return `A name has at most ${MAX_NAME} characters.`;
  return null;
}

/** The name typed, trimmed and kept for next time; or null, with what is wrong said in ``error``
 * and the focus back in the field. */
function takeName(input, error) {
  const wrong = checkedName(input.value);
  error.hidden = !wrong;
  error.textContent = wrong || "";
  if (wrong) { input.focus(); return null; }
  const name = input.value.trim();
  store(localStorage, NAME_KEY, name);
  return name;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return "Link copied.";
  } catch (error) {
    return `Copy this link: ${text}`;
  }
}

// -- "Play with friends" on a table against bots -----------------------------------------------------

export async function offerFriends(table, link) {
  const klass = classCode(link);
  const info = await askServer();
  if (!info) return;   // a static host: nothing of friends
  const button = el("button", { type: "button", class: "maw-button maw-friends-button", "data-action": "friends", text: "Play with friends" });
  button.addEventListener("click", () => openDialog(table, info, klass));
  table.controls.append(button);
  if (klass) {
    table.controls.append(el("span", { class: "maw-friends-class", "data-maw-class-note": "",
      text: `Class ${klass}: a table made here is listed on the teacher's page.` }));
  }
}

function rulesInWords(table, s) {
  const words = [`${s.variant.name}, ${s.players} players`];
  const teams = table.teamsSelect.selectedOptions[0];
  if (teams && table.teamsSelect.value !== "singles") words.push(`partners: ${teams.textContent}`);
  const preset = (s.variant.presets || []).find((p) => p.name === s.variant.preset);
  const rules = (s.variant.house_rules || []).map((rule) => rule.text);
  if (preset) words.push(`house rules: ${preset.label}`);
  else if (rules.length) words.push(`house rules: ${rules.join("; ")}`);
  else words.push("the rules file's own rules");
  return words.join(" · ") + ".";
}

function openDialog(table, info, klass) {
  const s = table.state;
  if (!s) return;   // the table has not started yet: the button does nothing until it has
  const name = el("input", { type: "text", name: "name", maxLength: MAX_NAME, autocomplete: "nickname", value: keptName() });
  const seat = el("select", { name: "seat" });
  for (let i = 0; i < s.players; i++) seat.append(el("option", { value: String(i), text: seatLabel(i) }));
  seat.value = String(s.seat || 0);
  const error = el("p", { class: "maw-message", "data-kind": "error", role: "alert", hidden: true });
  const create = el("button", { type: "submit", class: "maw-button", "data-action": "create-table", text: "Create the table" });
  const cancel = el("button", { type: "button", class: "maw-button", text: "Cancel" });
  const form = el("form", { class: "maw-friends-form" },
    el("h2", { text: "Play with friends" }),
    el("p", { text: `Rules: ${rulesInWords(table, s)}` }),
    el("p", { class: "maw-friends-small", text: "To play other rules, close this and choose them under “New game” first. "
      + "Each friend opens the table's link (or its QR code) on their own device and takes a seat; "
      + "seats nobody takes are played by bots." }),
    el("label", {}, "Your name ", name), " ",
    el("label", {}, "Your seat ", seat),
    klass ? el("p", { class: "maw-friends-small", text: `For class ${klass}.` }) : null,
    error,
    el("p", { class: "maw-friends-buttons" }, create, " ", cancel));
  const dialog = el("dialog", { class: "maw-friends-dialog", "aria-label": "Play with friends" }, form);
  document.body.append(dialog);
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const who = takeName(name, error);
    if (who === null) return;
    const request = {
      variant: s.variant.id, players: s.players, name: who, seat: Number(seat.value),
      bot: table.botSelect.value || s.bot,
    };
    const teams = table.teamsSelect.value;
    if (teams) request.teams = teams;
    const options = table.optionsFromForm();
    if (options) request.options = options;
    if (s.variant.preset) request.preset = s.variant.preset;
    if (klass) request.class = klass;
    create.disabled = true;
    try {
      const made = await api("tables", request);
      keepSeat(made.code, { token: made.token, seat: made.seat, name: request.name });
      location.assign(tableLink(made.code).href);
    } catch (failure) {
      create.disabled = false;
      error.hidden = false;
      error.textContent = `The table could not be made: ${failure.message}`;
    }
  });
  dialog.showModal();
  name.focus();
}

// -- a table on the server -------------------------------------------------------------------------------

/** The page opened with ?table=CODE: the lobby, a seat, then the table itself. ``Table`` is
 * table.js's class (passed in, so that this module imports nothing of the table's). */
export async function joinTable(root, Table, code) {
  const friends = new FriendsTable(root, Table, code.trim().toUpperCase());
  await friends.open();
  return friends;
}

class FriendsTable {
  constructor(root, Table, code) {
    this.root = root;
    this.Table = Table;
    this.code = code;
    this.table = null;
    this.bridge = null;
    this.seat = null;
    this.host = false;
    this.lobby = null;
    this.friends = null;
    this.ending = false;
    this.panel = el("section", { class: "maw-friends", "data-maw-friends": "", "data-status": "join", "aria-label": `Table ${code}` });
    this.reconnecting = el("p", { class: "maw-reconnecting", role: "status", hidden: true, text: "Reconnecting…" });
    this.message = el("p", { class: "maw-message", role: "alert", hidden: true });
    root.classList.add("maw-table");
    root.dataset.phase = "lobby";
    root.replaceChildren(this.message, this.panel, this.reconnecting);
  }

  say(text, kind = "error") {
    this.message.hidden = !text;
    this.message.textContent = text || "";
    this.message.dataset.kind = kind;
  }

  async open() {
    if (!(await askServer())) {
      this.say(`This page was opened for table ${this.code}, but the site is not served by the table server here, `
        + "so there is no table to join. The table server runs with `make serve` in the repository.");
      return;
    }
    try {
      this.lobby = await api(`tables/${encodeURIComponent(this.code)}`);
    } catch (failure) {
      this.say(failure.status === 404
        ? `There is no table ${this.code} on this server: check the code (six letters and digits), or ask for the link again.`
        : `Table ${this.code} could not be opened: ${failure.message}`);
      this.panel.replaceChildren(this.botsLink());
      return;
    }
    const kept = keptSeat(this.code);
    if (kept) this.connect({ token: kept.token });
    else this.showJoin();
  }

  botsLink() {
    const url = new URL(location.href);
    url.search = "";
    return el("p", {}, el("a", { href: url.href, text: "Play against bots instead" }));
  }

  // -- before a seat is taken: the lobby as anyone may see it, and the form ---------------------------
  showJoin(note = "", typed = null) {
    this.panel.dataset.status = "join";
    this.root.dataset.phase = "lobby";
    const lobby = this.lobby;
    if (lobby.status === "ended") {
      this.stopPolling();
      this.panel.replaceChildren(el("p", { class: "maw-friends-ended", text: `Table ${this.code} has ended. Its record is kept.` }), this.botsLink());
      return;
    }
    const open = lobby.seats.filter((seat) => seat.kind === "open");
    const name = el("input", { type: "text", name: "name", maxLength: MAX_NAME, autocomplete: "nickname", value: typed ?? keptName() });
    const seat = el("select", { name: "seat" }, ...open.map((s) => el("option", { value: String(s.seat), text: `${seatLabel(s.seat)} (free)` })));
    const error = el("p", { class: "maw-message", "data-kind": "error", role: "alert", hidden: !note, text: note });
    const join = el("button", { type: "submit", class: "maw-button", "data-action": "join", text: "Take this seat" });
    const watch = el("button", { type: "button", class: "maw-button", "data-action": "watch", text: "Just watch" });
    watch.addEventListener("click", () => { this.stopPolling(); this.connect({ watch: true }); });
    const form = el("form", { class: "maw-friends-form" },
      el("label", {}, "Your name ", name), " ",
      open.length ? el("label", {}, "Seat ", seat) : el("p", { text: "Every seat is taken." }), " ",
      error, el("p", { class: "maw-friends-buttons" }, open.length ? join : null, " ", watch));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const who = takeName(name, error);
      if (who === null) return;
      join.disabled = true;
      try {
        const taken = await api(`tables/${encodeURIComponent(this.code)}/seats`, { seat: Number(seat.value), name: who });
        keepSeat(this.code, { token: taken.token, seat: taken.seat, name: who });
        this.stopPolling();
        this.connect({ token: taken.token });
      } catch (failure) {
        join.disabled = false;
        await this.refreshLobby();
        this.showJoin(`That seat could not be taken: ${failure.message}`);
      }
    });
    this.panel.replaceChildren(
      el("h2", { class: "maw-friends-title", text: `Table ${lobby.code}: ${lobby.variant.name}, ${lobby.players} players` }),
      el("p", { text: lobby.status === "lobby" ? "Type your name and choose a seat." : "The game is on: take a free seat, or watch." }),
      form, this.seatList(lobby.seats, false));
    this.startPolling(() => {
      // Redrawn only when the seats change, so that a name being typed is not lost.
      const free = this.lobby.seats.filter((s) => s.kind === "open").map((s) => s.seat).join();
      if (free !== open.map((s) => s.seat).join() || this.lobby.status === "ended") this.showJoin("", name.value);
      else this.panel.querySelector("[data-maw-lobby-seats]").replaceWith(this.seatList(this.lobby.seats, false));
    });
  }

  async refreshLobby() {
    try {
      this.lobby = await api(`tables/${encodeURIComponent(this.code)}`);
    } catch (error) { /* the next poll tries again */ }
  }

  startPolling(then) {
    this.stopPolling();
    this.poll = setInterval(async () => { await this.refreshLobby(); then(); }, LOBBY_POLL_MS);
  }

  stopPolling() {
    clearInterval(this.poll);
    this.poll = null;
  }

  // -- seated (or watching): the socket ----------------------------------------------------------------
  connect(hello) {
    this.bridge = new SocketBridge(this.code, hello, {
      onPush: (push) => this.update(push),
      onConnection: (up) => this.connection(up),
      onRefused: (reply) => this.refused(reply, hello),
    });
    this.panel.dataset.connection = "down";
    this.bridge.ready.then((reply) => {
      this.seat = reply.seat ?? null;
      this.host = Boolean(reply.host);
      this.update(reply);
    }, () => {});
  }

  refused(reply, hello) {
    if (reply.closed) {      // the server closed the table's socket for good: the table is gone
      this.stopPolling();
      this.reconnecting.hidden = true;
      this.say(`Table ${this.code} is no longer open on this server (${reply.error}).`);
      this.panel.replaceChildren(this.botsLink());
      return;
    }
    if (hello.token) keepSeat(this.code, null);   // a token the table does not know: forget it
    this.refreshLobby().then(() => this.showJoin(`Your seat could not be taken up again: ${reply.error || "the table refused it"}. Take a seat again.`));
  }

  connection(up) {
    this.panel.dataset.connection = up ? "up" : "down";
    // Said only once the table had been reached: the first connection has its own words.
    this.reconnecting.hidden = up || !this.friends;
  }

  // A hello's reply or a push: {state (null before the start), events, lobby} (push "update"), or
  // {lobby} alone (push "lobby": someone came or went).
  update(push) {
    const state = push.state || null;
    if (push.lobby) this.lobby = push.lobby;
    const friends = (state && state.friends) || (this.lobby && {
      code: this.code, status: this.lobby.status, host: this.host, seats: this.lobby.seats, open_words: this.lobby.open_words });
    if (!friends) return;
    if (typeof friends.host === "boolean") this.host = friends.host;
    this.friends = friends;
    this.panel.dataset.status = friends.status;
    if (friends.status === "ended") {
      this.ended(push);
      return;
    }
    if (!state && this.table) {         // someone came or went during play: the seats only
      this.drawBar(friends);
      return;
    }
    if (friends.status === "lobby" || !state) {
      this.showLobby(friends);
      return;
    }
    this.stopPolling();
    if (!this.table) this.startTable();
    this.drawBar(friends);
    if (!state.hand) state.hand = [];        // a spectator: the public table only
    if (!state.choices) state.choices = [];
    this.table.receive(push);
  }

  startTable() {
    this.table = new this.Table(this.root, false, { bridge: this.bridge, startingText: "Joining the table…" });
    this.table.status.loaded();
    this.table.status.setBusy(false);
    // The table's parts are the root's now: ours go back in, the bar below the hand.
    this.root.prepend(this.message);
    this.root.append(this.reconnecting);
    this.table.houseRules.before(this.panel);
  }

  // The code, the link and its QR code, to bring the others in.
  invitation() {
    const link = tableLink(this.code).href;
    const note = el("span", { class: "maw-share-note", role: "status" });
    const copyButton = el("button", { type: "button", class: "maw-button", "data-action": "copy-table-link", text: "Copy link" });
    copyButton.addEventListener("click", async () => { note.textContent = await copy(link); });
    return el("div", { class: "maw-friends-invite" },
      el("img", { class: "maw-friends-qr", src: apiUrl(`tables/${encodeURIComponent(this.code)}/qr.svg`).href,
        alt: `QR code of the link to table ${this.code}`, width: 168, height: 168 }),
      el("div", {},
        el("p", {}, "Table code ", el("strong", { class: "maw-friends-code", "data-maw-table-code": "", text: this.code })),
        el("p", {}, el("a", { href: link, class: "maw-friends-link", text: link })),
        el("p", {}, copyButton, " ", note)));
  }

  showLobby(friends) {
    this.root.dataset.phase = "lobby";
    const parts = [
      el("h2", { class: "maw-friends-title", text: `Table ${this.code}${this.lobby ? `: ${this.lobby.variant.name}, ${this.lobby.players} players` : ""}` }),
      this.invitation(),
      this.seatList(friends.seats, this.host),
    ];
    if (this.host) {
      const start = el("button", { type: "button", class: "maw-button maw-friends-start", "data-action": "start", text: "Start" });
      start.addEventListener("click", () => this.send({ op: "start" }, start));
      parts.push(el("p", {}, start, " ", el("span", { text: friends.open_words })));
      parts.push(this.endButton());
    } else {
      parts.push(el("p", { class: "maw-friends-wait", text: "Waiting for the host to start the game." }));
    }
    this.panel.replaceChildren(...parts);
  }

  // During play: the table's code and its seats, folded below the hand.
  drawBar(friends) {
    const open = this.panel.querySelector("details") ? this.panel.querySelector("details").open : false;
    const details = el("details", { class: "maw-friends-bar", open },
      el("summary", { text: `Table ${this.code}: ${friends.seats.map((s) => s.name || seatLabel(s.seat)).join(", ")}` }),
      this.invitation(), this.seatList(friends.seats, this.host), this.host ? this.endButton() : null);
    this.panel.replaceChildren(details);
  }

  endButton() {
    const end = el("button", { type: "button", class: "maw-button maw-friends-end", "data-action": "end-table", text: "End the table" });
    end.addEventListener("click", () => {
      // Two taps, in words: an ended table cannot be opened again (its record is kept).
      if (!this.ending) {
        this.ending = true;
        end.textContent = "End the table for everyone? Tap again";
        return;
      }
      this.send({ op: "end" }, end);
    });
    return el("p", {}, end);
  }

  seatList(seats, host) {
    return el("ol", { class: "maw-friends-seats", "data-maw-lobby-seats": "", "aria-label": "Seats" }, ...seats.map((seat) => {
      const you = this.seat !== null && seat.seat === this.seat;
      const who = seat.kind === "open" ? "free" : seat.name || (seat.kind === "bot" ? `Bot (${seat.bot})` : "someone");
      const item = el("li", { "data-seat": seat.seat, "data-kind": seat.kind },
        el("span", { class: "maw-friends-seat", text: `${seatLabel(seat.seat)}: ` }),
        el("span", { class: "maw-friends-name", text: who }),
        you ? el("span", { class: "maw-badge", text: "you" }) : null,
        seat.kind === "person" && !seat.connected && !you ? el("span", { class: "maw-badge maw-away", text: "away" }) : null);
      if (host && !you) {
        if (seat.kind === "bot" && seat.kept_for) {
          const back = el("button", { type: "button", class: "maw-button maw-small", "data-action": "seat-person", text: `Give back to ${seat.kept_for}` });
          back.addEventListener("click", () => this.send({ op: "seat", seat: seat.seat, to: "person" }, back));
          item.append(" ", back);
        } else if (seat.kind !== "bot") {
          const bot = el("button", { type: "button", class: "maw-button maw-small", "data-action": "seat-bot", text: "Put a bot here" });
          bot.addEventListener("click", () => this.send({ op: "seat", seat: seat.seat, to: "bot" }, bot));
          item.append(" ", bot);
        }
      }
      return item;
    }));
  }

  async send(request, button) {
    if (button) button.disabled = true;
    const reply = await this.bridge.call(request);
    if (button) button.disabled = false;
    if (!reply.ok && !reply.dropped) this.say(reply.error);
    else this.say("");
    if (reply.ok && reply.state) this.update(reply);
  }

  ended(push) {
    this.stopPolling();
    if (this.bridge) this.bridge.close();
    this.reconnecting.hidden = true;
    this.root.dataset.phase = "ended";
    if (this.table && push.state) this.table.receive(push);
    this.panel.replaceChildren(
      el("p", { class: "maw-friends-ended", text: `The host ended table ${this.code}. Its record is kept.` }),
      this.botsLink());
  }
}
