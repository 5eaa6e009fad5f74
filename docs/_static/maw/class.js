// The teacher's page: every table of a class on the table server, refreshed while the page is open.
//
// A class is a code (POST /api/classes); tables made from a play page opened with ?class=CODE are
// the class's (friends.js passes the code on). The list (GET /api/classes/CODE) gives each table's
// ruleset, players, score and who is to move, and each finished deal's link code, which opens on
// the review board (review.html?game=…); every record of the class downloads as one .maw file.
// Without the table server (a static host) the page says so and does nothing else.
//
// Names are people's words: set with textContent only.
// Hooks: [data-maw-class] with data-state = no-server | choose | open; [data-maw-class-code];
// [data-maw-class-tables] rows tr[data-table]; a[data-maw-records]; button[data-action=new-class].

import { el } from "./dom.js";
import { api, askServer, apiUrl } from "./friends.js";

const SITE = new URL("../../", import.meta.url);
const REFRESH_MS = 4000;
const TEACHER_PREFIX = "maw-class-teacher:";

function teacherToken(code, token) {
  try {
    if (token) localStorage.setItem(TEACHER_PREFIX + code, token);
  } catch (error) { /* storage off: the code is enough to watch */ }
}

class ClassPage {
  constructor(root) {
    this.root = root;
    try {
      this.variants = JSON.parse(root.dataset.variants || "[]");
    } catch (error) {
      this.variants = [];
    }
    this.message = el("p", { class: "maw-message", role: "alert", hidden: true });
    this.body = el("div", { class: "maw-class-body" });
    root.replaceChildren(this.message, this.body);
    this.timer = null;
  }

  say(text, kind = "error") {
    this.message.hidden = !text;
    this.message.textContent = text || "";
    this.message.dataset.kind = kind;
  }

  async start() {
    if (!(await askServer())) {
      this.root.dataset.state = "no-server";
      this.say("This page needs the table server, and this site is served without it: run `make serve` "
        + "in the repository (`make serve HOST=0.0.0.0` for the classroom's network) and open this page there.", "warning");
      return;
    }
    const code = new URLSearchParams(location.search).get("class");
    if (code) this.open(code.trim().toUpperCase());
    else this.choose();
  }

  choose() {
    this.root.dataset.state = "choose";
    const create = el("button", { type: "button", class: "maw-button", "data-action": "new-class", text: "Start a new class" });
    create.addEventListener("click", async () => {
      create.disabled = true;
      try {
        const made = await api("classes", {});
        teacherToken(made.class, made.token);
        this.open(made.class);
      } catch (failure) {
        create.disabled = false;
        this.say(`The class could not be made: ${failure.message}`);
      }
    });
    const input = el("input", { type: "text", name: "class", autocomplete: "off", maxLength: 12, "aria-label": "Class code" });
    const form = el("form", { class: "maw-friends-form" }, el("label", {}, "Class code ", input), " ",
      el("button", { type: "submit", class: "maw-button", text: "Open" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (input.value.trim()) this.open(input.value.trim().toUpperCase());
    });
    this.body.replaceChildren(el("p", {}, create), el("p", { text: "or open a class made before:" }), form);
  }

  open(code) {
    this.code = code;
    this.root.dataset.state = "open";
    const url = new URL(location.href);
    url.search = "";
    url.searchParams.set("class", code);
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    this.say("");
    const pick = el("select", { name: "ruleset", "aria-label": "Ruleset" },
      ...this.variants.map((v) => el("option", { value: v.id, text: v.name })));
    const pupils = el("a", { "data-maw-class-play": "" });
    const note = el("span", { class: "maw-share-note", role: "status" });
    const copyButton = el("button", { type: "button", class: "maw-button", "data-action": "copy-class-link", text: "Copy link" });
    const setLink = () => {
      const link = new URL(`play/${pick.value}.html`, SITE);
      link.searchParams.set("class", code);
      pupils.href = link.href;
      pupils.textContent = link.href;
    };
    pick.addEventListener("change", setLink);
    if (this.variants.some((v) => v.id === "spoil-five")) pick.value = "spoil-five";
    setLink();
    copyButton.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(pupils.href);
        note.textContent = "Link copied.";
      } catch (error) {
        note.textContent = `Copy this link: ${pupils.href}`;
      }
    });
    this.tables = el("tbody");
    this.updated = el("p", { class: "maw-friends-small", role: "status" });
    this.body.replaceChildren(
      el("p", {}, "Class code ", el("strong", { class: "maw-friends-code", "data-maw-class-code": "", text: code })),
      el("p", {}, el("label", {}, "Pupils play ", pick), " from this link, then press “Play with friends”: ",
        pupils, " ", copyButton, " ", note),
      el("p", {}, el("a", { class: "maw-button", "data-maw-records": "", download: `class-${code}.maw`,
        href: apiUrl(`classes/${encodeURIComponent(code)}/records.maw`).href, text: "Download all records (.maw)" })),
      el("div", { class: "maw-class-scroll" }, el("table", { class: "maw-class-tables", "data-maw-class-tables": "", "aria-label": "The class's tables" },
        el("thead", {}, el("tr", {}, ...["Table", "Ruleset", "Players", "Score", "To move", "Finished deals"].map((text) => el("th", { scope: "col", text })))),
        this.tables)),
      this.updated);
    this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  async refresh() {
    let reply;
    try {
      reply = await api(`classes/${encodeURIComponent(this.code)}`);
    } catch (failure) {
      if (failure.status === 404) {
        clearInterval(this.timer);
        this.say(`There is no class ${this.code} on this server: check the code.`);
        this.choose();
      } else {
        this.updated.textContent = `Not refreshed: ${failure.message}. Trying again…`;
      }
      return;
    }
    const tables = reply.tables || [];
    this.tables.replaceChildren(...(tables.length ? tables.map((t) => this.row(t))
      : [el("tr", {}, el("td", { colspan: 6, text: "No table yet: the pupils' tables appear here as they are made." }))]));
    this.updated.textContent = `${reply.count_words} · refreshed ${new Date().toLocaleTimeString()}`;
  }

  row(t) {
    const names = Array.isArray(t.players) ? t.players : (t.seats || []).map((s) => s.name || `Seat ${s.seat + 1}`);
    const variant = t.variant && typeof t.variant === "object" ? t.variant.name : t.variant;
    const status = { lobby: "waiting to start", playing: "playing", ended: "ended" }[t.status] || t.status || "";
    const deals = (t.finished_deals || []).map((deal, i) => {
      const games = t.games && t.games.length ? `game ${deal.game}, ` : "";
      const words = `${games}deal ${deal.deal ?? i + 1}` + (typeof deal.winner === "number" ? `: ${names[deal.winner] ?? "?"} won` : "");
      const text = words.charAt(0).toUpperCase() + words.slice(1);
      if (!deal.link) return el("li", { text });
      // The deal alone, every hand open: it is over, so nothing in it is hidden any more.
      const review = new URL("review.html", SITE);
      review.searchParams.set("game", deal.link);
      return el("li", {}, el("a", { href: review.href, "data-maw-review-link": "", text }));
    });
    return el("tr", { "data-table": t.code },
      el("td", {}, el("span", { text: t.code }), el("br"), el("span", { class: "maw-friends-small", text: status })),
      el("td", { text: variant || "" }),
      el("td", { text: peopleText(t, names) }),
      el("td", { text: scoreText(t.scores ?? t.score, names) }),
      el("td", { text: t.to_move_name || toMoveText(t.to_move, names) }),
      el("td", {}, deals.length ? el("ul", { class: "maw-class-deals" }, ...deals) : "–"));
  }
}

// Who sits at the table: the people and bots by name, the seats nobody has taken yet counted.
function peopleText(t, names) {
  if (!Array.isArray(t.seats)) return names.join(", ");
  const seated = t.seats.filter((s) => s.kind !== "open").map((s) => s.name);
  return [...seated, ...(t.free_words ? [t.free_words] : [])].join(", ");
}

function scoreText(score, names) {
  if (score === null || score === undefined) return "–";
  if (typeof score === "string") return score;
  if (score.text) return score.text;
  const list = Array.isArray(score) ? score : score.scores || score.chips;
  if (!Array.isArray(list)) return "–";
  const sides = score.names || names;
  const each = list.map((p, i) => `${sides[i] ?? `Side ${i + 1}`} ${p}`).join(", ");
  return score.kind === "pool" ? `Pool ${score.pool ?? "–"} · chips: ${each}` : `Points: ${each}`;
}

function toMoveText(toMove, names) {
  if (toMove === null || toMove === undefined) return "–";
  if (typeof toMove === "number") return names[toMove] ?? `Seat ${toMove + 1}`;
  return toMove.name || String(toMove);
}

document.querySelectorAll("[data-maw-class]").forEach((root) => new ClassPage(root).start());
