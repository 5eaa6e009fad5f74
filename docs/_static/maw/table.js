// The Maw table, page side: draws what the engine says and animates the bots' moves.
//
// No rule lives here. The engine (maw_sim.web, in Python, in a Web Worker) says which cards are
// legal and why the others are not, what the bots did and who won; this file only draws that,
// speaks the JSON protocol and handles clicks and keys.
//
// Every text that comes from a link or from the engine is set with textContent (never innerHTML),
// so a URL parameter can never become markup.
//
// Stable hooks (tests and assistive technology rely on them):
//   root:   [data-maw-table] with data-phase = loading | rob | play | jink | over, data-busy, and in
//           the bidding games bid | trump | kitty | discard
//   cards:  <button data-card="5H" data-legal="true|false" aria-label="five of hearts">; in the kitty
//           and discard steps they are marked with aria-pressed="true|false" and data-marked
//   other:  <button data-action="pass|rob 7C|jink|claim|bid 20|hold|trump H|discard none|
//           confirm-discard|new-deal|new-game|next-game|download-record">
//   choose: [data-maw-select] with data-min / data-max (how many cards to mark) in the kitty and
//           discard steps
//   rules:  [data-maw-house-rules] (the house rules in play, with their sources), [data-maw-auction],
//           [data-maw-contract], [data-maw-sheet] (the score sheet, a <details>)
//   review: <a data-maw-review-link> (a finished deal, on the review page)
//   result: [data-maw-outcome]
//   table:  [data-maw-hand] (the human's hand), [data-maw-trick] (the cards on the table),
//           [data-seat] on each seat; [data-maw-pass] the cover shown between two people's turns
//           (pass-and-play), with <button data-action="reveal">

import { Bridge, el, SERVE_HINT } from "./bridge.js";
import { cardImage, cardFaceSvg, cardBackSvg, seatDirection } from "./cards.js";

// The review page, at the site's root (this file is in _static/maw/).
const REVIEW_PAGE = new URL("../../review.html", import.meta.url);

// Reduced motion (a reader's setting, and the browser tests) plays the bots' moves without pauses.
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const PAUSE_MS = { play: 380, trick: 900, other: 500 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : ms));

// Measurements for benchmarks/browser_speed.py (never asserted).
window.mawStats = window.mawStats || { requests: [] };

// -- small DOM helpers ----------------------------------------------------------------------------

function cardFace(card, extraClass = "") {
  // Rank and suit drawn on the face (cards.js), and named for a screen reader.
  return cardImage(card, extraClass);
}


// People at one device (pass-and-play): k people spread round n seats, the first at seat 0, so
// two people at a four-hand partnership table are partners (seats 0 and 2).
function spreadSeats(people, players) {
  const seats = [];
  for (let i = 0; i < people; i++) seats.push(Math.round((i * players) / people));
  return seats;
}

// -- one table ----------------------------------------------------------------------------------------

class Table {
  constructor(root, useLinkParameters) {
    this.root = root;
    this.config = {
      variant: root.dataset.variant || "spoil-five",
      players: root.dataset.players ? Number(root.dataset.players) : null,
      seed: root.dataset.seed ? Number(root.dataset.seed) : null,
      bot: root.dataset.bot || "heuristic",
      teams: root.dataset.teams || null,
      humans: root.dataset.humans || null,
    };
    // Pass-and-play: the seat whose player has tapped to see their hand (null: nobody yet).
    this.revealedSeat = null;
    this.useLinkParameters = useLinkParameters;
    this.state = null;
    this.busy = false;
    this.variants = [];
    this.build();
    this.setPhase("loading");
    this.bridge = new Bridge((text) => { this.loadingText.textContent = text; });
    this.start();
  }

  // The skeleton, once; render() fills it from each state.
  build() {
    const root = this.root;
    root.replaceChildren();
    root.classList.add("maw-table");
    this.loadingText = el("span", { text: "Starting Python in your browser…" });
    this.loading = el("p", { class: "maw-loading", role: "status" }, el("span", { class: "maw-spinner", "aria-hidden": "true" }), this.loadingText);
    this.title = el("p", { class: "maw-title" });
    this.link = el("a", { class: "maw-link", text: "Link to this deal" });
    this.message = el("p", { class: "maw-message", role: "alert", hidden: true });
    this.seats = el("ol", { class: "maw-seats", "aria-label": "Players round the table" });
    this.turnup = el("div", { class: "maw-turnup" });
    this.trick = el("div", { class: "maw-trick", "data-maw-trick": "", "aria-label": "The trick on the table", role: "group" });
    this.scores = el("div", { class: "maw-scores" });
    // The house rules in play, in words with their sources (empty: the file's own rules).
    this.houseRules = el("div", { class: "maw-house-rules", "data-maw-house-rules": "", hidden: true });
    // The bidding games: the contract beside the turn-up's place, the auction so far, the hold
    // explained beside its button, and the count of cards to choose in the kitty and discard steps.
    this.contract = el("div", { class: "maw-contract", "data-maw-contract": "", hidden: true });
    this.auction = el("ol", { class: "maw-auction", "data-maw-auction": "", "aria-label": "The auction so far", hidden: true });
    this.holdNote = el("p", { class: "maw-hold-note", hidden: true });
    this.selectNote = el("p", { class: "maw-select-note", "aria-live": "polite" });
    this.confirm = el("button", { type: "button", class: "maw-button maw-confirm", "data-action": "confirm-discard", text: "Confirm" });
    this.confirm.addEventListener("click", () => this.confirmDiscard());
    this.select = el("div", { class: "maw-select", "data-maw-select": "", role: "group", "aria-label": "Your discard", hidden: true }, this.selectNote, this.confirm);
    this.marked = new Set();
    this.prompt = el("p", { class: "maw-prompt", "aria-live": "polite" });
    this.hand = el("div", { class: "maw-hand", "data-maw-hand": "", role: "group", "aria-label": "Your hand" });
    // Pass-and-play: between two people's turns the hand is covered until its player taps.
    this.passText = el("span", { class: "maw-pass-text" });
    this.passButton = el("button", { type: "button", class: "maw-button maw-pass-button", "data-action": "reveal" }, this.passText);
    this.passButton.addEventListener("click", () => this.reveal());
    this.passCover = el("div", { class: "maw-pass", "data-maw-pass": "", hidden: true }, this.passButton);
    this.choices = el("div", { class: "maw-choices", role: "group", "aria-label": "Your choices" });
    this.outcome = el("p", { class: "maw-outcome", "data-maw-outcome": "", "aria-live": "polite", hidden: true });
    this.newDeal = el("button", { type: "button", class: "maw-button", "data-action": "new-deal", text: "New deal", hidden: true });
    this.newDeal.addEventListener("click", () => this.nextDeal());
    // A game over (a points game): the next one, the session's tally of games kept.
    this.nextGame = el("button", { type: "button", class: "maw-button", "data-action": "next-game", text: "Next game", hidden: true });
    this.nextGame.addEventListener("click", () => this.nextGameOfSession());
    // A finished deal: review it card by card (the review page opens the game's link), or keep its
    // record as a .maw file (the engine writes it: op "record").
    this.reviewLink = el("a", { class: "maw-button maw-review-link", "data-maw-review-link": "", text: "Review this deal", hidden: true });
    this.download = el("button", { type: "button", class: "maw-button", "data-action": "download-record", text: "Download the record", hidden: true });
    this.download.addEventListener("click", () => this.downloadRecord());

    this.seedInput = el("input", { type: "text", inputmode: "numeric", class: "maw-seed", name: "seed", "aria-label": "Seed" });
    this.playersSelect = el("select", { name: "players", "aria-label": "Players" });
    this.botSelect = el("select", { name: "bot", "aria-label": "Bot level" });
    this.teamsSelect = el("select", { name: "teams", "aria-label": "Partnerships" });
    this.peopleSelect = el("select", { name: "people", "aria-label": "People at this device" });
    this.playersSelect.addEventListener("change", () => { this.fillTeams(null, true); this.fillPeople(1); if (this.state) this.fillRules(this.state); });
    // House rules: a preset, and each option the variant declares; choosing one starts a new game.
    this.presetSelect = el("select", { name: "preset", "aria-label": "House rules preset" });
    this.presetSelect.addEventListener("change", () => this.presetChosen());
    this.optionFields = el("div", { class: "maw-options" });
    this.rulesFieldset = el("fieldset", { class: "maw-rules-fieldset" },
      el("legend", { text: "House rules (a change starts a new game)" }),
      el("label", {}, "Preset ", this.presetSelect), this.optionFields);
    const newGame = el("button", { type: "submit", class: "maw-button", "data-action": "new-game", text: "New game" });
    this.form = el("form", { class: "maw-form" },
      el("label", {}, "Seed ", this.seedInput), " ",
      el("label", {}, "Players ", this.playersSelect), " ",
      el("label", {}, "Partners ", this.teamsSelect), " ",
      el("label", {}, "Bots ", this.botSelect), " ",
      el("label", {}, "People at this device ", this.peopleSelect), " ", newGame, this.rulesFieldset);
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.newGameFromForm(); });

    this.log = el("ol", { class: "maw-log-list" });
    // Folded: the table, not the log, is what a player looks at (on a phone, above all).
    const log = el("details", { class: "maw-log" }, el("summary", { text: "Log of the deal" }), this.log);
    const settings = el("details", { class: "maw-settings" },
      el("summary", { text: "New game: seed, players, partners, bots, people at this device, house rules" }), this.form);
    // The score sheet: a row for each deal, and the games won in this session.
    this.sheetBody = el("div", { class: "maw-sheet-body" });
    this.sheet = el("details", { class: "maw-sheet", "data-maw-sheet": "" }, el("summary", { text: "Score sheet" }), this.sheetBody);

    this.felt = el("div", { class: "maw-felt" },
      this.seats, el("div", { class: "maw-centre" }, this.trick));
    // The turn-up and the score beside the table, not on it: on a small table they would sit
    // under a seat; here they are always in view, whatever the number of players.
    this.board = el("div", { class: "maw-board", hidden: true },
      el("div", { class: "maw-head" }, this.title, this.link),
      this.felt, el("div", { class: "maw-status" }, this.turnup, this.contract, this.scores), this.auction,
      this.prompt, this.passCover, this.hand, this.select, this.choices, this.holdNote, this.outcome,
      el("div", { class: "maw-controls" }, this.newDeal, this.nextGame, this.reviewLink, this.download),
      // Below the hand, so that on a phone the table and the hand still fit one screen.
      this.houseRules, this.sheet, settings, log);
    root.append(this.loading, this.message, this.board);
    // Remember that the reader uses the table, so redraws may move focus within it (never before).
    root.addEventListener("focusin", () => { root.dataset.focused = "true"; });

    // Keyboard: Tab reaches the hand and the choices; arrows move within them; Enter/Space play.
    for (const group of [this.hand, this.choices]) {
      group.addEventListener("keydown", (event) => this.arrowKeys(event, group));
    }
  }

  setPhase(phase) { this.root.dataset.phase = phase; }
  setBusy(busy) {
    this.busy = busy;
    this.root.dataset.busy = String(busy);
    this.root.setAttribute("aria-busy", String(busy));
  }

  showMessage(text, kind = "info") {
    if (!text) { this.message.hidden = true; this.message.textContent = ""; return; }
    this.message.hidden = false;
    this.message.dataset.kind = kind;
    this.message.textContent = text;
  }

  // -- start-up ------------------------------------------------------------------------------------
  linkParameters() {
    // Read ?variant=&players=&seed=&bot=&teams=&seat=&game= as plain strings; Python validates them
    // (lenient mode). "game" is a whole game so far (maw_sim.records.to_link): it wins over the rest.
    const params = new URLSearchParams(location.search);
    const out = {};
    for (const key of ["variant", "players", "seed", "bot", "teams", "seat", "game", "options", "preset", "humans"]) if (params.has(key)) out[key] = params.get(key);
    return out;
  }

  async start() {
    this.setBusy(true);
    try {
      const ms = await this.bridge.ready;
      this.loading.hidden = true;
      const info = await this.bridge.call({ op: "variants" });
      this.variants = info.variants;
      this.botSelect.replaceChildren(...info.bots.map((b) => el("option", { value: b, text: b })));
      const params = this.useLinkParameters ? this.linkParameters() : {};
      const request = {
        op: "new", lenient: true,
        variant: params.variant ?? this.config.variant,
        players: params.players ?? this.config.players,
        seed: params.seed ?? this.config.seed ?? randomSeed(),
        bot: params.bot ?? this.config.bot,
        teams: params.teams ?? this.config.teams,
        seat: params.seat ?? 0,
        game: params.game ?? null,
        options: params.options ?? null,
        preset: params.preset ?? null,
        humans: params.humans ?? this.config.humans,
        default_variant: this.config.variant,
        default_seed: randomSeed(),
      };
      if (request.players === null) delete request.players;
      if (request.teams === null) delete request.teams;
      for (const key of ["game", "options", "preset", "humans"]) if (request[key] === null) delete request[key];
      const reply = await this.bridge.call(request);
      if (!reply.ok) throw new Error(reply.error);
      if (reply.warnings.length) {
        this.showMessage("This link could not be followed exactly: " + reply.warnings.join(" "), "warning");
      }
      this.log.replaceChildren();
      performance.mark("maw-playable-start");
      await this.play(reply, { skipAnimation: true });
      performance.mark("maw-playable");
      console.debug(`maw: Python ready in ${Math.round(ms)} ms`);
    } catch (error) {
      this.failed(error);
    }
  }

  failed(error) {
    this.setBusy(false);
    this.setPhase("error");
    this.loading.hidden = true;
    this.showMessage(`The table could not start: ${error.message}. ${SERVE_HINT}`, "error");
  }

  // -- requests --------------------------------------------------------------------------------------
  async send(request) {
    if (this.busy) return;
    this.setBusy(true);
    try {
      const reply = await this.bridge.call(request);
      if (!reply.ok) {
        this.showMessage(reply.error, "error");
        this.setBusy(false);
        this.render();
        return;
      }
      await this.play(reply, {});
    } catch (error) {
      this.failed(error);
    }
  }

  async downloadRecord() {
    if (this.busy) return;
    const reply = await this.bridge.call({ op: "record" });
    if (!reply.ok) { this.showMessage(reply.error, "error"); return; }
    const record = reply.record;
    // A file made in the page (a data: URL, a few kilobytes), so nothing is fetched from anywhere.
    const a = el("a", { href: "data:text/plain;charset=utf-8," + encodeURIComponent(record.deal), download: record.filename, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
  }

  act(action) {
    this.showMessage("");
    this.marked.clear();
    this.send({ op: "act", action });
  }

  // The kitty and the discard: the marked cards as one action; the engine says if it is refused.
  confirmDiscard() {
    if (this.busy || !this.state || !this.state.select) return;
    const hand = this.state.hand.map((card) => card.code);
    const cards = hand.filter((code) => this.marked.has(code));
    const action = cards.length ? "discard " + cards.join(" ") : "discard none";
    this.showMessage("");
    // A refused discard keeps the marks, so the player can change them.
    this.send({ op: "act", action }).then(() => {
      if (this.state && !this.state.select) this.marked.clear();
    });
  }

  toggleMark(card) {
    if (this.marked.has(card.code)) this.marked.delete(card.code);
    else this.marked.add(card.code);
    this.showMessage("");
    this.drawHand(this.state);
    this.drawSelect(this.state);
    const button = this.hand.querySelector(`[data-card="${CSS.escape(card.code)}"]`);
    if (button) button.focus();
  }

  nextGameOfSession() {
    this.showMessage("");
    this.log.replaceChildren();
    this.send({ op: "next_game" });
  }

  // House rules chosen in the settings: a preset (or the file's own rules), or one option.
  presetChosen() {
    const preset = this.presetSelect.value;
    if (preset === "custom") return;
    this.newGameFromForm({ preset: preset || null, options: null });
  }

  optionsFromForm() {
    const pairs = [];
    for (const select of this.optionFields.querySelectorAll("select[data-option]")) {
      if (select.value !== select.dataset.default) pairs.push(`${select.dataset.option}=${select.value}`);
    }
    return pairs.length ? pairs.join(",") : null;
  }

  reveal() {
    if (!this.state) return;
    this.revealedSeat = this.state.seat;
    this.render();
    const target = this.choices.querySelector("button") || this.hand.querySelector('button[tabindex="0"]');
    if (target) target.focus();
  }

  nextDeal() {
    this.showMessage("");
    this.log.replaceChildren();
    this.send({ op: "next" });
  }

  newGameFromForm(rules = null) {
    const seedText = this.seedInput.value.trim();
    this.showMessage("");
    this.log.replaceChildren();
    this.marked.clear();
    const players = Number(this.playersSelect.value);
    const people = Number(this.peopleSelect.value) || 1;
    this.revealedSeat = null;
    const { options, preset } = rules || { options: this.optionsFromForm(), preset: null };
    const request = {
      op: "new", variant: this.state ? this.state.variant.id : this.config.variant,
      players, bot: this.botSelect.value,
      teams: this.teamsSelect.value || null,
      seed: seedText === "" ? randomSeed() : seedText,
      humans: spreadSeats(people, players),
    };
    if (options) request.options = options;
    if (preset) request.preset = preset;
    this.send(request);
  }

  // Animate the events, then draw the new state.
  async play(reply, { skipAnimation }) {
    const events = reply.events || [];
    const animate = !skipAnimation && !reducedMotion();
    let shownTrick = animate && this.state && this.state.trick && this.state.trick.winner === null
      ? [...this.state.trick.plays] : [];
    for (const event of events) {
      this.logEvent(event);
      if (!animate) continue;
      if (event.kind === "deal") { shownTrick = []; this.drawTrick({ plays: [] }); }
      if (event.kind === "play") {
        if (shownTrick.length && shownTrick.done) shownTrick = [];
        shownTrick.push({ seat: event.seat, card: event.card });
        // Your own card leaves your hand as it reaches the table (the state redraws the rest).
        if (this.state && event.seat === this.state.seat && !this.state.pass_and_play) {
          const played = this.hand.querySelector(`[data-card="${CSS.escape(event.card.code)}"]`);
          if (played) played.remove();
        }
        this.drawTrick({ plays: shownTrick, winner: null }, true);
        this.prompt.textContent = event.text;
        await sleep(PAUSE_MS.play);
      } else if (event.kind === "trick") {
        this.drawTrick({ plays: shownTrick, winner: event.seat });
        this.prompt.textContent = event.text;
        shownTrick = Object.assign([], { done: true });
        await sleep(PAUSE_MS.trick);
      } else if (event.kind !== "deal") {
        this.prompt.textContent = event.text;
        await sleep(PAUSE_MS.other);
      }
    }
    this.state = reply.state;
    this.setBusy(false);
    this.render();
  }

  logEvent(event) {
    this.log.append(el("li", { class: `maw-log-${event.kind}`, text: event.text }));
  }

  // -- drawing ---------------------------------------------------------------------------------------
  render() {
    const s = this.state;
    if (!s) return;
    // Redrawing replaces the buttons: keep the keyboard user's place at the table.
    const hadFocus = this.root.contains(document.activeElement) || document.activeElement === document.body;
    this.board.hidden = false;
    this.setPhase(s.phase);
    const games = s.sheet ? s.sheet.games.length + (s.match_over ? 0 : 1) : 1;
    this.title.textContent = `${s.variant.name} · ${games > 1 ? `game ${games} · ` : ""}deal ${s.deal_number} · ${s.players} players · seed ${s.seed}`;
    const url = new URL(location.href);
    url.search = "";
    for (const [key, value] of Object.entries(s.link)) url.searchParams.set(key, String(value));
    if (s.seat) url.searchParams.set("seat", String(s.seat));
    url.searchParams.set("bot", s.bot);
    url.hash = "";
    this.link.href = url.href;

    this.seats.replaceChildren(...s.seats.map((seat) => {
      const where = seatDirection(seat.seat, s.seat, s.players);
      const li = el("li", {
        class: `maw-seat${seat.you ? " maw-you" : ""}${seat.to_move ? " maw-to-move" : ""}${seat.partner ? " maw-is-partner" : ""}`,
        "data-seat": seat.seat,
        "aria-current": seat.to_move ? "true" : null,
      },
      el("span", { class: "maw-seat-name", text: seat.name }),
      seat.dealer ? el("span", { class: "maw-badge", title: "Dealer", text: "dealer" }) : null,
      seat.partner ? el("span", { class: "maw-badge maw-partner", title: "Your partner", text: "partner" }) : null,
      seat.to_move ? el("span", { class: "maw-badge maw-turn", text: "to move" }) : null,
      seat.bidder ? el("span", { class: "maw-badge maw-bidder", text: "bidder" }) : null,
      seat.call && !(s.bidding && s.bidding.contract) ? el("span", { class: "maw-badge maw-call", text: seat.call }) : null,
      seat.exchanged !== null && seat.exchanged !== undefined ? el("span", { class: "maw-badge maw-exchanged", text: `drew ${seat.exchanged}` }) : null,
      el("span", { class: "maw-seat-info" },
        seat.you ? null : el("span", { class: "maw-seat-backs", "aria-hidden": "true" }, cardBackSvg()),
        `${seat.tricks} trick${seat.tricks === 1 ? "" : "s"} · ${seat.cards} card${seat.cards === 1 ? "" : "s"}`));
      li.style.setProperty("--maw-x", String(where.x));
      li.style.setProperty("--maw-y", String(where.y));
      return li;
    }));

    const trump = s.trump
      ? el("span", { class: `maw-trump ${s.trump.red ? "maw-red" : "maw-black"}`, text: `Trumps ${s.trump.symbol}`, title: `Trumps: ${s.trump.name}`, "aria-label": `Trumps: ${s.trump.name}` })
      : el("span", { class: "maw-trump maw-black", text: "Trumps not named yet" });
    if (s.turnup) {
      this.turnup.replaceChildren(el("span", { class: "maw-label", text: "Turn-up" }), cardFace(s.turnup, "maw-small"), trump);
    } else {
      // The bidding games turn no card up: the contract and the trump named stand in its place.
      const kitty = s.bidding && s.bidding.kitty_size;
      this.turnup.replaceChildren(el("span", { class: "maw-label", text: kitty ? `No turn-up · kitty of ${kitty}` : "No turn-up" }), trump);
    }
    this.drawContract(s);
    this.drawTrick(s.trick || { plays: [] });
    this.drawScores(s);
    this.drawHouseRules(s);
    this.drawSheet(s);

    // Pass-and-play: a new player's hand stays covered until they tap; at the end nobody's is shown.
    const covered = Boolean(s.pass_and_play) && (s.phase === "over" || s.seat !== this.revealedSeat);
    this.passCover.hidden = !(s.pass_and_play && s.phase !== "over" && covered);
    if (!this.passCover.hidden) this.passText.textContent = `Pass to Seat ${s.seat} — tap to see your hand`;
    this.prompt.textContent = covered && s.phase !== "over" ? `Seat ${s.seat} to move.` : s.prompt;
    if (!s.select) this.marked.clear();
    this.drawHand(covered ? { hand: [] } : s);
    this.drawSelect(covered ? { select: null } : s);
    this.drawChoices(covered ? { choices: [] } : s);
    const holdNote = s.bidding && s.bidding.hold_note;
    this.holdNote.hidden = covered || !holdNote;
    this.holdNote.textContent = (!covered && holdNote) || "";

    this.outcome.hidden = !s.outcome;
    this.outcome.textContent = s.outcome ? s.outcome.text : "";
    this.newDeal.hidden = !(s.phase === "over" && !s.match_over);
    this.nextGame.hidden = !(s.phase === "over" && s.match_over);
    const over = s.phase === "over";
    this.reviewLink.hidden = this.download.hidden = !over;
    if (over && s.link && s.link.game) {
      const review = new URL(REVIEW_PAGE);
      review.searchParams.set("game", s.link.game);
      if (s.seat) review.searchParams.set("seat", String(s.seat));
      this.reviewLink.href = review.href;
    }

    // The form mirrors the current game, for a new one with a changed seed.
    this.seedInput.value = String(s.seed);
    // The player counts these house rules deal for (the engine's one check of a table).
    this.playersSelect.replaceChildren(...s.variant.table.players.map((n) => el("option", { value: n, text: n })));
    this.playersSelect.value = String(s.players);
    this.fillTeams(s.teams);
    this.fillPeople((s.humans || [s.seat]).length);
    this.botSelect.value = s.bot;
    this.fillRules(s);

    if (hadFocus && !this.root.contains(document.activeElement) && this.root.dataset.focused) {
      const target = this.choices.querySelector("button") || this.hand.querySelector('button[tabindex="0"]')
        || (this.passCover.hidden ? null : this.passButton) || (this.newDeal.hidden ? null : this.newDeal)
        || (this.nextGame.hidden ? null : this.nextGame);
      if (target) target.focus();
    }
  }

  // The partnership layouts this variant allows at the chosen number of players (from the engine).
  fillTeams(current, byDefault = false) {
    const variant = this.variants.find((v) => this.state && v.id === this.state.variant.id);
    const players = Number(this.playersSelect.value);
    // A new number of players: the layout the ruleset's file names for it, if any.
    if (byDefault) current = (variant && variant.default_teams && variant.default_teams[String(players)]) || "singles";
    const forms = (variant ? variant.partnerships : []).filter((form) => {
      const [sides, size] = form.split("x").map(Number);
      return sides * size === players;
    });
    // "singles" asks for each player alone even where the ruleset's file names a default layout.
    this.teamsSelect.replaceChildren(el("option", { value: "singles", text: "none (each for himself)" }),
      ...forms.map((form) => el("option", { value: form, text: form.replace("x", " sides of ") })));
    this.teamsSelect.value = forms.includes(current) ? current : "singles";
    this.teamsSelect.disabled = forms.length === 0;
  }

  // How many people share this device (1: you against the bots), up to the number of players.
  fillPeople(current) {
    const players = Number(this.playersSelect.value) || 2;
    const options = [];
    for (let k = 1; k <= players; k++) {
      options.push(el("option", { value: k, text: k === 1 ? "1 (you against bots)" : `${k}: seats ${spreadSeats(k, players).join(", ")}` }));
    }
    this.peopleSelect.replaceChildren(...options);
    this.peopleSelect.value = String(Math.min(current, players));
  }

  drawTrick(trick, newest = false) {
    const s = this.state;
    const nameOf = (seat) => (s && s.seats[seat] ? s.seats[seat].name : `Bot ${seat}`);
    // Before the play of a bidding game there is nothing to say about the table (the auction is below).
    const bidding = s && ["bid", "trump", "kitty", "discard"].includes(s.phase);
    const label = trick.plays.length === 0 ? (bidding ? "" : "No cards on the table.")
      : trick.winner !== null && trick.winner !== undefined ? `${nameOf(trick.winner)} won this trick.` : "";
    const me = s ? s.seat : 0;
    const players = s ? s.players : Math.max(2, ...trick.plays.map((p) => p.seat + 1));
    this.trick.replaceChildren(
      ...trick.plays.map((play, i) => {
        // Each card lies toward the seat that played it; the latest one slides in from there.
        const where = seatDirection(play.seat, me, players);
        const last = newest && i === trick.plays.length - 1;
        const figure = el("figure", { class: `maw-play${play.seat === trick.winner ? " maw-winner" : ""}${last ? " maw-new" : ""}`, "data-seat": play.seat },
          cardFace(play.card),
          el("figcaption", { text: nameOf(play.seat) + (play.seat === trick.winner ? " ★" : "") }));
        figure.style.setProperty("--maw-x", String(where.x));
        figure.style.setProperty("--maw-y", String(where.y));
        return figure;
      }),
      el("p", { class: "maw-trick-note", text: label }));
  }

  drawScores(s) {
    const sc = s.scores;
    const names = s.seats.map((seat) => seat.name);
    if (sc.kind === "pool") {
      const chips = sc.chips.length ? " · chips: " + sc.chips.map((c, i) => `${names[i]} ${c}`).join(", ") : "";
      this.scores.textContent = `Pool: ${sc.pool ?? "–"}${chips}`;
    } else {
      const sides = sc.names || names;
      this.scores.textContent = `Points (game ${sc.target}): ` + sc.scores.map((p, i) => `${sides[i] ?? "Side " + (i + 1)} ${p}`).join(", ");
    }
  }

  // The house rules in play, each in words with its sources; nothing when the file's own rules hold.
  drawHouseRules(s) {
    const rules = s.variant.house_rules || [];
    this.houseRules.hidden = rules.length === 0;
    if (!rules.length) { this.houseRules.replaceChildren(); return; }
    const preset = (s.variant.presets || []).find((p) => p.name === s.variant.preset);
    this.houseRules.replaceChildren(
      el("p", { class: "maw-house-rules-title", text: preset ? `House rules: ${preset.label}` : "House rules" }),
      el("ul", {}, ...rules.map((rule) => el("li", { "data-option": rule.name },
        el("span", { text: rule.text + "." }), " ",
        el("span", { class: "maw-source", text: `Source: ${rule.sources.join("; ")}.` })))));
  }

  // The bidding games: the contract (bidder, bid, trumps) and the auction so far.
  drawContract(s) {
    const b = s.bidding;
    const auction = b ? b.auction : [];
    this.auction.hidden = !b || auction.length === 0;
    this.auction.replaceChildren(...auction.map((call) => el("li", { "data-seat": call.seat, text: call.text })));
    this.contract.hidden = !b;
    if (!b) { this.contract.replaceChildren(); return; }
    const c = b.contract;
    const parts = [el("span", { class: "maw-label", text: "Contract" })];
    if (c) {
      parts.push(el("strong", { text: c.text }));
      // What the contract is worth: its own value, or (made_value null) what the side takes.
      parts.push(el("span", { text: `made: ${c.made_value === null ? "what it takes" : `+${c.made_value}`} · failed: −${c.failed_value}` }));
    } else {
      parts.push(el("span", { text: s.phase === "bid" ? "The auction is on." : "No contract." }));
    }
    if (s.phase === "discard" && b.stock_left !== null && b.stock_left !== undefined) {
      parts.push(el("span", { text: `${b.stock_left} card${b.stock_left === 1 ? "" : "s"} left in the stock` }));
    }
    this.contract.replaceChildren(...parts);
  }

  // The score sheet: points (and the contract) or the pool and chips, a row a deal; the games won.
  drawSheet(s) {
    const sheet = s.sheet;
    if (!sheet) { this.sheet.hidden = true; return; }
    this.sheet.hidden = false;
    const names = sheet.names;
    const pool = sheet.kind === "pool";
    const head = ["Deal"];
    if (sheet.contracts) head.push("Contract");
    if (pool) head.push("Result", "Pool");
    head.push(...names);
    const rows = sheet.rows.map((row) => {
      const cells = [String(row.deal)];
      if (sheet.contracts) {
        const c = row.contract;
        cells.push(c ? `${c.name} ${c.call}${c.held ? " (held)" : ""}: ${c.made === true ? "made" : c.made === false ? "failed" : "–"}` : "–");
      }
      if (pool) {
        cells.push(row.spoilt ? "spoilt" : `${names[row.winner] ?? "?"}${row.jinked ? " (jink)" : ""}`, String(row.pool));
        cells.push(...row.chips.map((c) => (c > 0 ? `+${c}` : String(c))));
      } else {
        cells.push(...row.points.map((p, i) => `${p > 0 ? "+" : ""}${p} → ${row.totals[i] ?? "?"}`));
      }
      return el("tr", {}, ...cells.map((text, i) => el(i === 0 ? "th" : "td", i === 0 ? { scope: "row", text } : { text })));
    });
    const caption = el("p", { class: "maw-sheet-caption", text: pool ? "Each deal: who took the pool, the pool left, each player's chips after it."
      : "Each deal: each side's points, then → its total." });
    const table = el("table", { class: "maw-sheet-table", "aria-label": "Score sheet" },
      el("thead", {}, el("tr", {}, ...head.map((text) => el("th", { scope: "col", text })))),
      el("tbody", {}, ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: head.length, text: "No deal finished yet." }))])));
    const parts = [caption, el("div", { class: "maw-sheet-scroll" }, table)];
    if (!pool) {
      const won = sheet.games.length
        ? "Games won this session: " + sheet.games_won.map((n, i) => `${names[i]} ${n}`).join(", ") + ` (of ${sheet.games.length}).`
        : "No game finished yet this session.";
      parts.push(el("p", { class: "maw-games", text: won }));
      // A robber (Bruff): a match of several games, its standing in words from the engine.
      if (sheet.robber) parts.push(el("p", { class: "maw-robber", "data-maw-robber": "", text: sheet.robber.text }));
    }
    this.sheetBody.replaceChildren(...parts);
  }

  // The kitty and the discard-and-draw steps: how many to mark, and the Confirm button.
  drawSelect(s) {
    const select = s.select;
    this.select.hidden = !select;
    if (!select) return;
    this.select.dataset.min = String(select.min);
    this.select.dataset.max = String(select.max);
    const n = this.marked.size;
    this.selectNote.textContent = `${select.words} Marked: ${n}. Tap cards to mark or unmark them, then confirm.`;
    this.confirm.textContent = n ? `Confirm: put out ${n}` : (select.none ? "Confirm: keep my hand" : "Confirm");
    this.confirm.disabled = this.busy;
  }

  // The settings' house rules: the presets and each option, mirroring the game in play.
  fillRules(s) {
    const options = s.variant.options || [];
    const presets = s.variant.presets || [];
    this.rulesFieldset.hidden = options.length === 0 && presets.length === 0;
    // A choice the engine would refuse at the chosen number of players is offered disabled.
    const players = Number(this.playersSelect.value) || s.players;
    const table = s.variant.table;
    const presetOptions = [el("option", { value: "", text: "the rules file's own" }),
      ...presets.map((p) => el("option", { value: p.name, text: p.label, disabled: !table.preset_players[p.name].includes(players) }))];
    const custom = !s.variant.preset && Object.keys(s.variant.choices || {}).length > 0;
    if (custom) presetOptions.push(el("option", { value: "custom", text: "your own choice (below)" }));
    this.presetSelect.replaceChildren(...presetOptions);
    this.presetSelect.value = s.variant.preset || (custom ? "custom" : "");
    this.presetSelect.disabled = presets.length === 0;
    this.optionFields.replaceChildren(...options.map((option) => {
      const select = el("select", { name: `option-${option.name}`, "data-option": option.name, "aria-label": option.label });
      select.dataset.default = option.value_texts[0];
      // Each reading in words (the value itself where it says enough: "20", "yes"); the link writes the value.
      select.replaceChildren(...option.value_texts.map((value, i) => el("option", {
        value, text: option.value_words[i].charAt(0).toUpperCase() + option.value_words[i].slice(1),
        disabled: !table.option_players[option.name][value].includes(players) })));
      select.value = option.chosen_text;
      select.addEventListener("change", () => this.newGameFromForm({ options: this.optionsFromForm(), preset: null }));
      return el("label", { title: option.note || "" }, `${option.label} `, select);
    }));
  }

  drawHand(s) {
    const focusedCard = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    if (s.select) { this.drawMarkableHand(s, focusedCard); return; }
    // The auction and the trump: the hand is shown to bid on, no card is to be played yet.
    const resting = ["bid", "trump"].includes(s.phase);
    const buttons = s.hand.map((card) => {
      const button = el("button", {
        type: "button", class: `maw-card-button ${card.red ? "maw-red" : "maw-black"}${card.legal ? "" : resting ? " maw-resting" : " maw-illegal"}`,
        "data-card": card.code, "data-legal": String(card.legal), "aria-label": card.name,
        "aria-disabled": card.legal ? null : "true", title: card.legal ? `Play the ${card.name}` : card.reason,
      }, cardFaceSvg(card), card.legal || resting ? null : el("span", { class: "maw-cross", "aria-hidden": "true", text: "✕" }));
      button.addEventListener("click", () => {
        if (this.busy) return;
        // An illegal card stays clickable, to say why: the reason is the engine's explain().
        if (!card.legal) this.showMessage(card.reason || "You may not play that card now.", "illegal");
        else this.act(card.code);
      });
      return button;
    });
    this.hand.replaceChildren(...buttons);
    this.rovingTabIndex(this.hand, focusedCard ? `[data-card="${CSS.escape(focusedCard)}"]` : null);
  }

  // Choose, then confirm: each card toggles its mark (aria-pressed); nothing is sent until Confirm.
  drawMarkableHand(s, focusedCard) {
    const buttons = s.hand.map((card) => {
      const marked = this.marked.has(card.code);
      const button = el("button", {
        type: "button", class: `maw-card-button maw-markable ${card.red ? "maw-red" : "maw-black"}${marked ? " maw-marked" : ""}`,
        "data-card": card.code, "data-legal": String(card.legal), "data-marked": String(marked),
        "aria-pressed": String(marked), "aria-label": `${card.name}${marked ? ", marked to put out" : ""}`,
        title: marked ? `Keep the ${card.name}` : `Mark the ${card.name} to put out`,
      }, cardFaceSvg(card), marked ? el("span", { class: "maw-mark", "aria-hidden": "true", text: "✓" }) : null);
      button.addEventListener("click", () => { if (!this.busy) this.toggleMark(card); });
      return button;
    });
    this.hand.replaceChildren(...buttons);
    this.rovingTabIndex(this.hand, focusedCard ? `[data-card="${CSS.escape(focusedCard)}"]` : null);
  }

  drawChoices(s) {
    const buttons = s.choices.map((choice) => {
      const button = el("button", { type: "button", class: `maw-button${choice.action.startsWith("trump ") ? ` maw-suit-button ${"DH".includes(choice.action.slice(-1)) ? "maw-red" : "maw-black"}` : ""}`, "data-action": choice.action, text: choice.label });
      button.addEventListener("click", () => { if (!this.busy) this.act(choice.action); });
      return button;
    });
    this.choices.replaceChildren(...buttons);
    this.choices.hidden = buttons.length === 0;
    this.rovingTabIndex(this.choices, null);
  }

  // One Tab stop per group (the legal card first); arrows move inside the group.
  rovingTabIndex(group, preferredSelector) {
    const items = [...group.querySelectorAll("button")];
    if (!items.length) return;
    const preferred = (preferredSelector && group.querySelector(preferredSelector))
      || group.querySelector('[data-legal="true"]') || items[0];
    for (const item of items) item.tabIndex = item === preferred ? 0 : -1;
  }

  arrowKeys(event, group) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!(event.key in keys)) return;
    const items = [...group.querySelectorAll("button")];
    const here = items.indexOf(document.activeElement);
    if (here < 0) return;
    event.preventDefault();
    const step = keys[event.key];
    const next = step === -Infinity ? 0 : step === Infinity ? items.length - 1 : (here + step + items.length) % items.length;
    for (const item of items) item.tabIndex = -1;
    items[next].tabIndex = 0;
    items[next].focus();
  }
}

function randomSeed() {
  // A fresh seed for a new game; shown on the page and put in the link so the deal can be shared.
  return Math.floor(Math.random() * 1_000_000);
}

// Only the first table on a page follows the link's parameters (a page usually has one).
document.querySelectorAll("[data-maw-table]").forEach((root, index) => new Table(root, index === 0));
