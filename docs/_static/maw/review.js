// The review board, page side: steps through a recorded deal and draws what the engine says.
//
// No rule lives here. The engine (maw_sim.review, in Python, in the Web Worker) replays the record,
// says what each seat could see, narrates the log and values every legal card with the exact
// solver; this file asks for one position at a time and draws it.
//
// Texts from links, files or the engine are set with textContent (never innerHTML).
//
// Stable hooks (tests and assistive technology rely on them):
//   root:     [data-maw-review] with data-state = loading | empty | ready | error, data-step,
//             data-steps, data-marks = none | pending | done | too-long, data-busy
//   cards:    <button data-card="5H" data-legal="true|false" data-verdict="best|tricks|points|result">
//             (data-verdict only on the legal cards of the player to move, hands open)
//   other:    <button data-action="first|back|forward|last|open-text|analyse-anyway"> and, for a decision such as
//             robbing, <button data-action="rob 7C" data-verdict="…">
//   seats:    [data-seat]; the trick: [data-maw-trick]; the result: [data-maw-outcome]
//   bidding games (One-Hundred-and-Ten, the Auction Forty-Fives): [data-maw-bidding] holding
//             [data-maw-auction] (the calls so far), [data-maw-contract], [data-maw-kitty]
//             (data-taken), [data-maw-stock], [data-maw-score] (the score sheet's line, at the end)
//             and [data-maw-decision] (what the player to move decides before the play)

import { Bridge } from "./bridge.js";
import { el } from "./dom.js";
import { cardImage, cardButton, cardBackSvg } from "./cards.js";
import { seatItem } from "./seat-view.js";
import { Status } from "./status.js";
import { TrickView } from "./trick-view.js";
import { TurnupView } from "./trump.js";
import { BigMode } from "./big-table.js";

// Every marked card is allowed: the marks say what it is worth, never that it is forbidden (so
// no cross: a pupil reads a cross as "not allowed").
const VERDICT_WORDS = { best: "keeps the best result", tricks: "allowed, the same result, fewer tricks made sure of",
  points: "allowed, costs points", result: "allowed, but changes the result" };
const VERDICT_SIGN = { best: "✓", tricks: "↓", points: "−", result: "!" };   // a shape as well as a colour
const SWIPE_PX = 40;

// A selector that finds an element of the board again after a redraw: a card by its code, a decision
// by its action, a log line by its step.
function focusPlace(element) {
  const card = element.closest("[data-card]");
  if (card) return `[data-card="${card.dataset.card}"]`;
  const choice = element.closest(".maw-review-choice[data-action]");
  if (choice) return `.maw-review-choice[data-action="${choice.dataset.action}"]`;
  const line = element.closest("li[data-step]");
  if (line) return `li[data-step="${line.dataset.step}"] button`;
  return null;
}

class ReviewBoard {
  constructor(root, useLinkParameters) {
    this.root = root;
    this.useLinkParameters = useLinkParameters;
    this.status = new Status(root);
    this.summary = null;
    this.position = null;
    this.step = 0;
    this.view = "open";
    this.asked = 0;          // the number of the latest position asked for: older replies are dropped
    this.build();
    this.setState("loading");
    this.bridge = new Bridge(this.status.progress);
    this.start();
  }

  setState(state) { this.root.dataset.state = state; }

  // -- the skeleton, once -----------------------------------------------------------------------------
  build() {
    const root = this.root;
    root.classList.add("maw-table", "maw-review");

    // Opening a record: pasted text, a file, or a link.
    this.textInput = el("textarea", { name: "record", rows: 6, class: "maw-review-text",
      "aria-label": "A record in the Maw notation", placeholder: "% MAW 1\n[Variant \"spoil-five\"]\n…" });
    this.fileInput = el("input", { type: "file", name: "file", accept: ".maw,text/plain" });
    this.linkInput = el("input", { type: "text", name: "link", class: "maw-review-link",
      "aria-label": "A link to a deal", placeholder: "a link to a deal (…?game=m1.…)" });
    const openButton = el("button", { type: "submit", class: "maw-button", "data-action": "open-text", text: "Open" });
    this.openForm = el("form", { class: "maw-review-open" },
      el("label", {}, "Paste a record ", this.textInput),
      el("label", {}, "or a link ", this.linkInput),
      el("label", {}, "or open a file ", this.fileInput),
      openButton);
    this.openForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const link = this.linkInput.value.trim();
      this.stepInAddress = false;      // a record pasted here is not in the address
      if (link) this.open({ link });
      else this.open({ text: this.textInput.value });
    });
    this.fileInput.addEventListener("change", async () => {
      const file = this.fileInput.files[0];
      if (file) { this.stepInAddress = false; this.open({ text: await file.text() }); }
    });
    this.opener = el("details", { class: "maw-review-opener" }, el("summary", { text: "Open a record" }), this.openForm);

    // The board.
    this.title = el("p", { class: "maw-title" });
    this.stepLabel = el("span", { class: "maw-review-step", "aria-live": "polite" });
    const control = (action, text, label) => {
      const button = el("button", { type: "button", class: "maw-button", "data-action": action, text, "aria-label": label, title: label });
      button.addEventListener("click", () => this.move(action));
      return button;
    };
    this.seatSelect = el("select", { name: "seat", "aria-label": "Seen from" });
    this.seatSelect.addEventListener("change", () => { this.view = this.seatSelect.value; this.goTo(this.step); });
    // A record of a match holds several deals: one is reviewed at a time.
    this.dealSelect = el("select", { name: "deal", "aria-label": "Deal" });
    this.dealSelect.addEventListener("change", () => this.open({ ...this.source, deal: Number(this.dealSelect.value) }));
    this.dealLabel = el("label", { hidden: true }, this.dealSelect);
    // Play on from here: while pressed, a legal card or decision of the player to move is played
    // (op review_play) and the bots answer; the record branches at that step.
    this.playing = false;
    this.playOnButton = el("button", { type: "button", class: "maw-button maw-play-on", "data-action": "play-on",
      "aria-pressed": "false", text: "Play on from here" });
    this.playOnButton.addEventListener("click", () => this.togglePlayOn());
    this.branchNote = el("p", { class: "maw-review-branch", "data-maw-branch": "", hidden: true });
    // What "Play on from here" asks, said under the controls, where the reader is looking.
    this.playOnNote = el("p", { class: "maw-review-playon", role: "status", hidden: true });
    // The board over the whole screen, for a class.
    this.big = new BigMode(root);
    this.controls = el("div", { class: "maw-controls maw-review-controls" },
      control("first", "«", "To the start (Home)"), control("back", "◀", "Back one card (←)"),
      this.stepLabel,
      control("forward", "▶", "Forward one card (→)"), control("last", "»", "To the end (End)"),
      el("label", {}, "Seen from ", this.seatSelect), this.dealLabel, this.playOnButton, this.big.button);
    this.trickView = new TrickView();
    this.turnupView = new TurnupView();
    this.seats = el("ol", { class: "maw-seats maw-review-seats", "aria-label": "Players" });
    this.choices = el("div", { class: "maw-choices", role: "group", "aria-label": "Decisions open to the player to move" });
    this.marks = el("div", { class: "maw-review-marks", "aria-live": "polite" });
    // The bidding games: the auction, the contract, the kitty, the stock and the score sheet.
    this.bidding = el("div", { class: "maw-review-bidding", "data-maw-bidding": "", hidden: true });
    this.decision = el("p", { class: "maw-review-decision", "data-maw-decision": "", hidden: true });
    this.marksScope = el("p", { class: "maw-review-scope", hidden: true });
    this.outcome = el("p", { class: "maw-outcome", "data-maw-outcome": "", hidden: true });
    this.log = el("ul", { class: "maw-log-list maw-review-log" });
    // The felt with the step controls right under it (on a phone too), and a swipe on it steps.
    this.felt = el("div", { class: "maw-felt maw-review-felt" }, this.turnupView.node, el("div", { class: "maw-centre" }, this.trickView.node));
    this.listenForSwipes(this.felt);
    this.board = el("div", { class: "maw-board", hidden: true },
      el("div", { class: "maw-head" }, this.title),
      // The marks and their legend right under the controls, beside the hands they mark.
      this.seats, this.felt, this.controls, this.playOnNote, this.branchNote, this.marks,
      this.bidding, this.decision, this.choices, this.marksScope, this.outcome,
      el("details", { class: "maw-log", open: true }, el("summary", { text: "Log of the deal (click a line to go there)" }), this.log));
    root.append(this.board, this.opener);

    // Arrow keys step through the deal, except while typing.
    root.tabIndex = -1;
    document.addEventListener("keydown", (event) => {
      if (!this.summary || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const action = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
      if (!action) return;
      // Home and End scroll the page, unless the reader is on the board.
      if ((event.key === "Home" || event.key === "End") && !this.root.contains(target)) return;
      event.preventDefault();
      this.move(action);
    });
  }

  // A horizontal swipe of 40 px or more on the felt: to the left, forward a step (as a page is
  // turned); to the right, back. A vertical drag still scrolls the page.
  listenForSwipes(felt) {
    let from = null;
    felt.addEventListener("pointerdown", (event) => { from = { x: event.clientX, y: event.clientY }; });
    felt.addEventListener("pointercancel", () => { from = null; });
    felt.addEventListener("pointerup", (event) => {
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      from = null;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) this.move(dx < 0 ? "forward" : "back");
    });
  }

  // -- start-up -------------------------------------------------------------------------------------------
  async start() {
    await this.status.start(this.bridge, "The review board", async () => {
      const params = this.useLinkParameters ? new URLSearchParams(location.search) : new URLSearchParams();
      let request = null;
      // A link to a deal still being played opens as its seat knows it (the engine decides).
      if (params.get("game")) request = { link: params.get("game"), seat: /^\d+$/.test(params.get("seat") || "") ? Number(params.get("seat")) : 0 };
      else if (params.get("record")) request = { text: params.get("record") };
      else if (this.root.dataset.record) request = { text: this.root.dataset.record };
      // A table passed round: its people's seats and names, as its own link carries them.
      if (request && request.link) for (const key of ["humans", "names"]) if (params.has(key)) request[key] = params.get(key);
      if (request && /^\d+$/.test(params.get("deal") || "")) request.deal = Number(params.get("deal"));
      // The step from the address: ?step=9, or #step=9.
      const hashStep = this.useLinkParameters ? /^#step=(\d+)$/.exec(location.hash) : null;
      const step = params.has("step") ? Number(params.get("step")) : hashStep ? Number(hashStep[1]) : null;
      // The seat the reader played, from a play page's "Review this deal" (?you=2): marked "you".
      this.youSeat = /^\d+$/.test(params.get("you") || "") ? Number(params.get("you")) : null;
      // A record from the address or the page: its step is kept in the address as the reader steps.
      this.stepInAddress = Boolean(request) && this.useLinkParameters;
      if (request) await this.open(request, step);
      if (!this.summary) {
        this.setState("empty");
        this.opener.open = true;
      }
    }, () => this.setState("error"));
    this.status.setBusy(false);
  }

  // -- requests -----------------------------------------------------------------------------------------
  async open(request, step = null) {
    const reply = await this.bridge.call({ op: "review_open", ...request });
    if (!reply.ok) {
      // The engine says what is wrong; a record already open stays open.
      this.status.say(reply.error, "error");
      return;
    }
    this.status.say("");
    this.summary = reply.review;
    this.source = request;             // kept to open another deal of the same match
    const s = this.summary;
    this.dealSelect.replaceChildren(...Array.from({ length: s.deals }, (_, k) =>
      el("option", { value: String(k + 1), text: `Deal ${k + 1} of ${s.deals}` })));
    this.dealSelect.value = String(s.deal);
    this.dealLabel.hidden = s.deals < 2;
    const options = [];
    if (!s.redacted) options.push(el("option", { value: "open", text: "All hands open (solver marks)" }));
    for (let seat = 0; seat < s.players; seat++) {
      if (s.redacted && seat !== s.observer) continue;
      options.push(el("option", { value: String(seat), text: `${s.names[seat]} only` }));
    }
    this.seatSelect.replaceChildren(...options);
    this.view = s.redacted ? String(s.observer) : "open";
    this.seatSelect.value = this.view;
    this.title.textContent = `${s.variant.name} · ${s.players} players · ${s.dealer_says}`
      + (s.deals > 1 ? ` · deal ${s.deal} of ${s.deals}` : "");
    if (s.note) this.status.say(s.note, "warning");
    // What the solver's marks cover, said once (the bidding games: the play only).
    this.marksScope.hidden = !s.marks_note;
    this.marksScope.textContent = s.marks_note || "";
    this.opener.open = false;
    this.board.hidden = false;
    this.playing = false;      // a record opened: reviewing, not playing on
    this.playOnButton.setAttribute("aria-pressed", "false");
    this.drawBranch();
    this.root.dataset.steps = String(s.steps);
    // A finished deal opens at its start; an exercise or a deal in progress where it stops.
    await this.goTo(Number.isInteger(step) && step >= 0 && step <= s.steps ? step : s.finished ? 0 : s.steps);
  }

  togglePlayOn() {
    this.playing = !this.playing;
    this.playOnButton.setAttribute("aria-pressed", String(this.playing));
    this.playOnNote.hidden = !this.playing;
    this.playOnNote.textContent = this.playing
      ? "Play on: tap a card (or a decision) of the player to move, above; the bots answer for the other seats." : "";
  }

  // The step in the address (?step=9), so that a reload, a bookmark or a teacher's link opens it.
  keepStep(step) {
    if (!this.stepInAddress) return;
    const url = new URL(location.href);
    url.searchParams.set("step", String(step));
    if (this.summary && this.summary.deals > 1) url.searchParams.set("deal", String(this.summary.deal));
    if (/^#step=/.test(url.hash)) url.hash = "";
    if (url.href !== location.href) history.replaceState(history.state, "", url);
  }

  // A move of the reader's own, from the step shown: the record branches there.
  async playOnWith(action) {
    this.status.setBusy(true);
    const reply = await this.bridge.call({ op: "review_play", step: this.step, action });
    if (!reply.ok) {
      this.status.say(reply.error, "error");
      this.status.setBusy(false);
      return;
    }
    this.status.say("");
    this.summary = reply.review;
    this.root.dataset.steps = String(this.summary.steps);
    this.drawBranch();
    await this.goTo(this.summary.steps);
  }

  // Where the record was left, and the branch as a record to keep.
  drawBranch() {
    const s = this.summary;
    this.branchNote.hidden = s.branch === null || s.branch === undefined;
    if (this.branchNote.hidden) { this.branchNote.replaceChildren(); return; }
    if (this.branchUrl) URL.revokeObjectURL(this.branchUrl);
    this.branchUrl = URL.createObjectURL(new Blob([s.text], { type: "text/plain" }));
    this.branchNote.replaceChildren(
      `Played on from step ${s.branch}: the moves after it are new, the bots playing the other seats. `,
      el("a", { href: this.branchUrl, download: "played-on.maw", text: "Save this record" }));
  }

  move(action) {
    if (!this.summary) return;
    const n = this.summary.steps;
    const step = { first: 0, back: this.step - 1, forward: this.step + 1, last: n }[action];
    if (step === undefined || step < 0 || step > n || step === this.step && action !== "first" && action !== "last") return;
    this.goTo(step);
  }

  async goTo(step, patient = false) {
    this.step = step;
    const asked = ++this.asked;
    const where = this.view === "open" ? { open: true } : { seat: Number(this.view) };
    this.status.setBusy(true);
    const reply = await this.bridge.call({ op: "review_at", step, ...where });
    if (asked !== this.asked) return;             // the reader has moved on
    if (!reply.ok) { this.status.say(reply.error, "error"); this.status.setBusy(false); return; }
    this.position = reply.position;
    this.render();
    this.setState("ready");
    this.keepStep(step);
    this.status.setBusy(false);
    // The solver's marks are asked for separately, so stepping never waits for them.
    if (this.view === "open" && reply.position.legal.length) {
      this.root.dataset.marks = "pending";
      this.marks.textContent = "Working out what each card is worth…";
      const valued = await this.bridge.call({ op: "review_at", step, ...where, analyse: true, patient });
      if (asked !== this.asked) return;
      if (!valued.ok) { this.status.say(valued.error, "error"); this.root.dataset.marks = "none"; return; }
      this.position = valued.position;
      this.render();
    }
  }

  // -- drawing ----------------------------------------------------------------------------------------------
  render() {
    // A redraw replaces the cards, the decisions and the log: the keyboard's place is kept on the
    // same card, decision or log line (the solver's numbers arrive while a reader tabs about).
    const focused = document.activeElement;
    const place = focused && this.board.contains(focused) && !this.controls.contains(focused) ? focusPlace(focused) : null;
    this.draw();
    if (place) {
      const again = this.board.querySelector(place);
      if (again) again.focus({ preventScroll: true });
    }
  }

  draw() {
    const p = this.position;
    const s = this.summary;
    this.root.dataset.step = String(p.step);
    this.root.dataset.view = this.view === "open" ? "open" : "seat";     // the room kept for the marks
    this.stepLabel.textContent = `Step ${p.step} of ${p.steps}`;
    const [first, back, forward, last] = ["first", "back", "forward", "last"].map((a) => this.controls.querySelector(`[data-action="${a}"]`));
    first.disabled = back.disabled = p.step === 0;
    forward.disabled = last.disabled = p.step === p.steps;

    const legalByAction = new Map(p.legal.map((x) => [x.action, x]));
    // Before the play of a bidding game no card is "illegal": the mover bids, names or discards.
    const cardsChosen = !p.before_play;
    this.seats.replaceChildren(...p.seats.map((seat) => {
      const hand = seat.cards === null
        ? el("span", { class: "maw-review-hidden" },
          // Backs only: how many cards, never which.
          el("span", { class: "maw-review-backs", "aria-hidden": "true" }, ...Array.from({ length: seat.count }, () => cardBackSvg())),
          seat.hidden)
        : el("div", { class: "maw-hand maw-review-hand", role: "group", "aria-label": `${seat.name}: cards` },
          ...seat.cards.map((card) => this.cardButton(card, seat.to_move ? legalByAction.get(card.code) : undefined, seat.to_move && cardsChosen)));
      return seatItem(seat, {
        badges: [
          seat.dealer ? ["dealer"] : null,
          seat.seat === this.youSeat && seat.name !== "You" ? ["you", "maw-you-badge"] : null,
          seat.you ? ["seen from here", "maw-partner"] : null,
          seat.to_move ? ["to move", "maw-turn"] : null,
        ],
        info: el("span", { class: "maw-seat-info", text: seat.info }),
        after: [hand],
      });
    }));

    // No turn-up in the bidding games: the trump appears once the bidder names it.
    this.turnupView.draw(p.turnup, p.trump, p.turnup ? "Turn-up" : null);
    this.drawBidding(p);
    // The trick lies as round a table seen from the seat chosen (seat 0 with every hand open).
    const t = p.trick || { plays: [], winner: null };
    const nameOf = (seat) => p.seats[seat].name;
    this.trickView.draw(t, {
      me: /^\d+$/.test(this.view) ? Number(this.view) : 0, players: p.seats.length, nameOf,
      note: t.plays.length === 0 ? "No cards on the table." : t.winner !== null ? `${nameOf(t.winner)} won trick ${t.number}.` : `Trick ${t.number}.`,
    });

    // Decisions that are not a card (robbing, jinking), with their marks.
    const decisions = p.legal.filter((x) => x.card === null);
    this.choices.replaceChildren(...decisions.map((x) => {
      const button = el("button", { type: "button", class: "maw-button maw-review-choice", "data-action": x.action,
        "data-verdict": x.verdict || null, title: x.text || null, text: x.label + (x.verdict ? ` ${VERDICT_SIGN[x.verdict]}` : "") });
      button.addEventListener("click", () => (this.playing ? this.playOnWith(x.action) : this.explainMark(x, button)));
      return button;
    }));
    this.choices.hidden = decisions.length === 0;

    this.drawMarks(p);
    this.outcome.hidden = !p.outcome;
    this.outcome.textContent = p.outcome ? p.outcome.text : "";

    this.log.replaceChildren(...p.log.map((entry) => {
      const line = el("button", { type: "button", class: "maw-review-logline", text: entry.text, title: `Go to step ${entry.step}` });
      line.addEventListener("click", () => this.goTo(entry.step));
      return el("li", { class: `maw-log-${entry.kind}`, "data-step": entry.step, "aria-current": entry.step === p.step ? "step" : null }, line);
    }));
    // The log scrolls in its own box to the latest line; the page stays where the reader put it.
    const current = this.log.lastElementChild;
    if (current) this.log.scrollTop = current.offsetTop + current.offsetHeight - this.log.clientHeight;
    if (s && s.redacted) this.root.dataset.marks = "none";
  }

  // The bidding games' part of the board, from what this view may know (the engine decides).
  drawBidding(p) {
    this.decision.hidden = !p.decision;
    this.decision.textContent = p.decision || "";
    const b = p.bidding;
    this.bidding.hidden = !b;
    if (!b) { this.bidding.replaceChildren(); return; }
    const parts = [];
    parts.push(el("p", { class: "maw-review-auction", "data-maw-auction": "" },
      el("span", { class: "maw-label", text: "Auction: " }),
      b.auction.length ? b.auction.map((x) => `${p.seats[x.seat].name} ${x.label.toLowerCase()}`).join(" · ") : "no call yet"));
    if (b.contract) parts.push(el("p", { class: "maw-review-contract", "data-maw-contract": "", "data-bidder": b.contract.bidder },
      b.contract.text));
    const k = b.kitty;
    if (k.size) {
      const shown = k.cards
        ? el("span", { class: "maw-review-cards" }, ...k.cards.map((c) => cardImage(c, "maw-small")))
        : el("span", { class: "maw-review-backs", "aria-hidden": "true" }, ...Array.from({ length: k.size }, () => cardBackSvg()));
      const where = k.taken ? "taken by the bidder" : "face down";
      parts.push(el("div", { class: "maw-review-kitty", "data-maw-kitty": "", "data-taken": String(k.taken) },
        el("span", { class: "maw-label", text: `Kitty (${k.size} cards, ${where})${k.cards ? "" : ", unseen"}: ` }), shown,
        k.put_out ? el("span", { class: "maw-review-put-out" }, " put out: ", ...k.put_out.map((c) => cardImage(c, "maw-small"))) : null));
    }
    if (b.stock.left || b.exchanged.length) {
      const drawn = b.exchanged.map((x) => `${p.seats[x.seat].name} ${x.count === 0 ? "kept the hand" : `changed ${x.count}`}`).join(" · ");
      parts.push(el("div", { class: "maw-review-stock", "data-maw-stock": "" },
        el("span", { class: "maw-label", text: b.stock.words }),
        b.stock.cards ? el("span", { class: "maw-review-cards" }, " ", ...b.stock.cards.map((c) => cardImage(c, "maw-small"))) : null,
        drawn ? el("span", { text: ` (${drawn})` }) : null));
    }
    if (b.score) parts.push(el("p", { class: "maw-review-score", "data-maw-score": "", "data-made": String(b.score.made) }, b.score.text));
    this.bidding.replaceChildren(...parts);
  }

  cardButton(card, legal, toMove) {
    const verdict = legal && legal.verdict;
    // The number the card keeps, under the card (never over its pips), with its mark.
    const badge = verdict ? el("span", { class: "maw-verdict-badge", "data-maw-number": legal.number, "aria-hidden": "true" },
      el("span", { class: "maw-verdict-number", text: legal.number }), el("span", { class: "maw-verdict", text: VERDICT_SIGN[verdict] })) : null;
    const button = cardButton(card, {
      after: toMove && !legal ? " maw-illegal" : "",
      "data-legal": String(Boolean(legal)), "data-verdict": verdict || null,
      "aria-label": card.name + (verdict ? `: ${legal.number}, ${legal.text}` : ""), title: verdict ? legal.text : card.name,
    }, badge);
    if (legal) button.addEventListener("click", () => (this.playing ? this.playOnWith(legal.action) : this.explainMark(legal, button)));
    return button;
  }

  // A marked card clicked: its value in words next to it (under the hand or the decisions).
  explainMark(x, button = null) {
    if (!x.verdict) return;
    const home = button && button.closest("li[data-seat]");
    if (home) home.append(this.marksNote);
    else if (button) this.choices.after(this.marksNote);
    this.marksNote.textContent = `${x.label}: ${x.text} (${x.words}).`;
  }

  drawMarks(p) {
    this.marksNote = el("p", { class: "maw-review-note" });
    if (p.analysis) {
      this.root.dataset.marks = "done";
      const legend = el("ul", { class: "maw-review-legend" },
        ...Object.entries(VERDICT_WORDS).filter(([verdict]) => p.analysis.verdicts.includes(verdict)).map(([verdict, words]) => el("li", { "data-verdict": verdict },
          el("span", { class: "maw-verdict", "aria-hidden": "true", text: VERDICT_SIGN[verdict] }), ` ${words}`)));
      this.marks.replaceChildren(
        el("p", { class: "maw-review-numbers", text: p.analysis.legend }),
        el("p", { text: p.analysis.sentence }),
        legend, this.marksNote, el("p", { class: "maw-review-caveat", text: p.analysis.caveat }));
    } else {
      this.root.dataset.marks = p.analysis_too_long ? "too-long" : "none";
      let anyway = null;
      if (p.analysis_too_long) {
        anyway = el("button", { type: "button", class: "maw-button", "data-action": "analyse-anyway", text: "Work it out anyway" });
        anyway.addEventListener("click", () => this.goTo(this.step, true));
      }
      // (Said once: the same words as the scope line under the board are not said again.)
      const said = p.analysis_note && !(this.summary && this.summary.marks_note === p.analysis_note);
      const note = said ? el("p", { class: "maw-review-note", text: p.analysis_note }) : null;
      this.marks.replaceChildren(...[note, anyway, this.marksNote].filter(Boolean));
    }
  }
}

// Only the first board on a page follows the link's parameters (a page usually has one).
document.querySelectorAll("[data-maw-review]").forEach((root, index) => new ReviewBoard(root, index === 0));
