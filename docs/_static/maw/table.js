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
//           confirm-discard|new-deal|new-game|new-random|next-game|download-record|share-game|
//           last-trick (aria-pressed)|continue">; the speed: <select name="speed">
//   answer: [data-maw-answer] (role="alert"): why a card tapped is refused, beside the card
//   choose: [data-maw-select] with data-min / data-max (how many cards to mark) in the kitty and
//           discard steps
//   rules:  [data-maw-house-rules] (the house rules in play, with their sources), [data-maw-auction],
//           [data-maw-contract], [data-maw-sheet] (the score sheet, a <details>)
//   review: <a data-maw-review-link> (a finished deal, on the review page)
//   result: [data-maw-outcome]
//   table:  [data-maw-hand] (the human's hand), [data-maw-trick] (the cards on the table),
//           [data-seat] on each seat; [data-maw-pass] the cover shown between two people's turns
//           (pass-and-play), with <button data-action="reveal">

import { Bridge } from "./bridge.js";
import { el } from "./dom.js";
import { cardFaceSvg, cardBackSvg, placeToward } from "./cards.js";
import { Status } from "./status.js";
import { TrickView } from "./trick-view.js";
import { TurnupView } from "./trump.js";
import { animates, askFirst, askFirstBox, pause, speedSelect, waitsForContinue } from "./pace.js";
import { AnswerSheet } from "./answer.js";
import { SavedGame, gameUrl, shareOrCopy } from "./saved-game.js";
import { BigMode } from "./big-table.js";

// The review page, at the site's root (this file is in _static/maw/).
const REVIEW_PAGE = new URL("../../review.html", import.meta.url);
// More choices than this at once (a card to call for a partner): the first few are buttons, the
// rest a list, so that the hand and the choices still fit a phone's screen.
const MANY_CHOICES = 12;
const MANY_CHOICES_SHOWN = 4;
// The felt is fitted to the window (fit()): never lower than this, nor higher than the largest
// height the seats and the trick need, in rem.
const FELT_MIN_REM = 7.5;
const FELT_MAX_REM = 22;
const FELT_MAX_PHONE_REM = 20;
// How long "Link copied" stays under the title, in milliseconds.
const NOTE_MS = 4000;

// People at one device (pass-and-play): k people spread round n seats, the first at seat 0, so
// two people at a four-hand partnership table are partners (seats 0 and 2).
export function spreadSeats(people, players) {
  const seats = [];
  for (let i = 0; i < people; i++) seats.push(Math.round((i * players) / people));
  return seats;
}

// -- one table ----------------------------------------------------------------------------------------

export class Table {
  // ``remote``: a table on the table server (friends.js): {bridge, startingText}. Its bridge is the
  // server's (socket-bridge.js), its states come as pushes (receive), and the settings, the seed
  // and the hint, which are this device's own business against bots, are not offered.
  constructor(root, useLinkParameters, remote = null) {
    this.root = root;
    this.remote = remote;
    this.status = new Status(root, ...(remote ? [remote.startingText] : []));
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
    this.saved = new SavedGame();
    this.state = null;
    this.variants = [];
    // The last trick shown again on the felt ("Last trick"), until the next move or a second press.
    this.showingLastTrick = false;
    this.build();
    this.setPhase("loading");
    this.bridge = remote ? remote.bridge : new Bridge(this.status.progress);
    if (!remote) this.start();
  }

  // The skeleton, once; render() fills it from each state.
  build() {
    const root = this.root;
    root.classList.add("maw-table");
    this.title = el("p", { class: "maw-title" });
    this.link = el("a", { class: "maw-link", text: "Link to this deal" });
    // Share the game in play (the address bar carries it too), and say so.
    this.share = el("button", { type: "button", class: "maw-button maw-share", "data-action": "share-game", text: "Copy link" });
    this.share.addEventListener("click", () => this.shareGame());
    this.shareNote = el("span", { class: "maw-share-note", role: "status" });
    // The big table: the whole screen, cards and words scaled to it (for a projector).
    this.big = new BigMode(root, () => this.fit());
    this.seats = el("ol", { class: "maw-seats", "aria-label": "Players round the table" });
    this.turnupView = new TurnupView();
    this.trickView = new TrickView();
    // Beside the trick: the last trick again, and (after a trick, while the bots wait) Continue.
    this.lastTrick = el("button", { type: "button", class: "maw-button maw-last-trick", "data-action": "last-trick",
      "aria-pressed": "false", text: "Last trick", disabled: true });
    this.lastTrick.addEventListener("click", () => this.toggleLastTrick());
    this.continueButton = el("button", { type: "button", class: "maw-button maw-continue", "data-action": "continue", text: "Continue", hidden: true });
    // A learner's hint: the engine's strongest search, from this seat's view alone (maw_sim.hint).
    this.hintButton = el("button", { type: "button", class: "maw-button maw-hint", "data-action": "hint", text: "Hint", disabled: true });
    this.hintButton.addEventListener("click", () => this.showHint());
    this.hints = null;
    this.trickTools = el("div", { class: "maw-trick-tools" }, this.lastTrick, this.hintButton, this.continueButton);
    // The bots' speed, with the settings below the table: it is chosen once, not at every turn.
    this.speed = el("label", { class: "maw-speed" }, "Speed ", speedSelect());
    this.answer = new AnswerSheet();
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
    // The rest of a long list of choices, outside the group's one Tab stop.
    this.more = el("div", { class: "maw-choices maw-more-choices", hidden: true });
    // "New game" in plain view: the same rules and players, a new seed (the settings below change them).
    this.newRandom = el("button", { type: "button", class: "maw-button", "data-action": "new-random", text: "New game" });
    this.newRandom.addEventListener("click", () => this.newGameFromForm(null, true));
    this.outcome = el("p", { class: "maw-outcome", "data-maw-outcome": "", "aria-live": "polite", hidden: true });
    this.newDeal = el("button", { type: "button", class: "maw-button", "data-action": "new-deal", text: "New deal", hidden: true });
    this.newDeal.addEventListener("click", () => this.nextDeal("next"));
    // A game over (a points game): the next one, the session's tally of games kept.
    this.nextGame = el("button", { type: "button", class: "maw-button", "data-action": "next-game", text: "Next game", hidden: true });
    this.nextGame.addEventListener("click", () => this.nextDeal("next_game"));
    // A finished deal: review it card by card (the review page opens the game's link), or keep its
    // record as a .maw file (the engine writes it: op "record").
    this.reviewLink = el("a", { class: "maw-button maw-review-link", "data-maw-review-link": "", text: "Review this deal", hidden: true });
    this.download = el("button", { type: "button", class: "maw-button", "data-action": "download-record", text: "Download the record", hidden: true });
    this.download.addEventListener("click", () => this.downloadRecord());

    this.seedInput = el("input", { type: "text", inputmode: "numeric", class: "maw-seed", name: "seed", "aria-label": "Seed" });
    this.playersSelect = el("select", { name: "players", "aria-label": "Players" });
    this.botSelect = el("select", { name: "bot", "aria-label": "Bot level" });
    this.botNote = el("span", { class: "maw-bot-note", "aria-live": "polite" });
    this.botSelect.addEventListener("change", () => this.describeBot());
    this.teamsSelect = el("select", { name: "teams", "aria-label": "Partnerships" });
    this.peopleSelect = el("select", { name: "people", "aria-label": "People at this device" });
    // At a shared device, a name for each person's seat (optional; the browser keeps them).
    this.namesFields = el("div", { class: "maw-names", hidden: true });
    this.peopleSelect.addEventListener("change", () => this.fillNames());
    this.playersSelect.addEventListener("change", () => { this.fillTeams(null, true); this.fillPeople(1); if (this.state) this.fillRules(this.state); });
    // House rules: a preset, and each option the variant declares; choosing one starts a new game.
    this.presetSelect = el("select", { name: "preset", "aria-label": "House rules preset" });
    this.presetSelect.addEventListener("change", () => this.presetChosen());
    this.optionFields = el("div", { class: "maw-options" });
    this.rulesFieldset = el("fieldset", { class: "maw-rules-fieldset" },
      el("legend", { text: "House rules (a change starts a new game)" }),
      el("label", {}, "Preset ", this.presetSelect), this.optionFields);
    const newGame = el("button", { type: "submit", class: "maw-button", "data-action": "new-game", text: "New game" });
    const asking = askFirstBox();
    this.form = el("form", { class: "maw-form" },
      el("label", {}, "Seed ", this.seedInput), " ",
      el("label", {}, "Players ", this.playersSelect), " ",
      el("label", {}, "Partners ", this.teamsSelect), " ",
      el("label", {}, "Bots ", this.botSelect), " ", this.botNote, " ",
      el("label", {}, "People at this device ", this.peopleSelect), " ", this.namesFields, " ", asking, " ", newGame,
      this.rulesFieldset);
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
      this.seats, el("div", { class: "maw-centre" }, this.trickView.node));
    // The turn-up and the score beside the table, not on it: on a small table they would sit
    // under a seat; here they are always in view, whatever the number of players.
    this.board = el("div", { class: "maw-board", hidden: true },
      el("div", { class: "maw-head" }, this.title, this.link, this.share, this.big.button, this.shareNote),
      // The trick's tools (last trick, hint, continue) beside the turn-up and the score: one row less.
      this.felt, el("div", { class: "maw-status" }, this.turnupView.node, this.contract, this.scores, this.trickTools), this.auction,
      this.prompt, this.passCover, this.hand, this.select, this.choices, this.more, this.holdNote, this.outcome,
      this.controls = el("div", { class: "maw-controls" }, this.newDeal, this.nextGame, this.reviewLink, this.download, this.newRandom),
      el("div", { class: "maw-prefs" }, this.speed),
      // Below the hand, so that on a phone the table and the hand still fit one screen.
      this.houseRules, this.sheet, settings, log, this.answer.node);
    root.append(this.board);
    if (this.remote) for (const part of [this.link, this.share, this.hintButton, this.newRandom, settings]) part.hidden = true;
    // Remember that the reader uses the table, so redraws may move focus within it (never before).
    root.addEventListener("focusin", () => { root.dataset.focused = "true"; });

    // The felt follows the window's height (a phone turned, a toolbar shown, full screen).
    window.addEventListener("resize", () => this.fit());
    // Keyboard: Tab reaches the hand and the choices; arrows move within them; Enter/Space play.
    for (const group of [this.hand, this.choices]) {
      group.addEventListener("keydown", (event) => this.arrowKeys(event, group));
    }
  }

  setPhase(phase) { this.root.dataset.phase = phase; }

  // -- start-up ------------------------------------------------------------------------------------
  start() {
    return this.status.start(this.bridge, "The table", async () => {
      const info = await this.bridge.call({ op: "variants" });
      this.variants = info.variants;
      // Bots by strength and style, with a visible line on how each plays (touch has no hover).
      this.botLevels = new Map(info.bot_levels.map((b) => [b.name, b]));
      this.botSelect.replaceChildren(...info.bot_levels.map((b) => el("option", { value: b.name, text: `${b.label} (${b.name})` })));
      // ?variant=&players=&seed=&bot=&teams=&seat=&game= as plain strings (Python validates them, in
      // lenient mode), else the game this page kept. "game" is a whole game so far: it wins.
      const params = this.useLinkParameters ? this.saved.load() : {};
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
        names: params.names ?? null,
        default_variant: this.config.variant,
        default_seed: randomSeed(),
      };
      if (request.players === null) delete request.players;
      if (request.teams === null) delete request.teams;
      const people = String(request.humans ?? "").split(",").filter((part) => part.trim() !== "").length;
      const names = this.saved.loadNames();
      if (people > 1 && request.names === null && names.length === people) request.names = names;
      for (const key of ["game", "options", "preset", "humans", "names"]) if (request[key] === null) delete request[key];
      const reply = await this.bridge.call(request);
      if (!reply.ok) throw new Error(reply.error);
      if (reply.warnings.length) {
        this.status.say("This link could not be followed exactly: " + reply.warnings.join(" "), "warning");
      }
      this.log.replaceChildren();
      await this.play(reply, { skipAnimation: true });
    }, () => this.setPhase("error"));
  }

  failed(error) {
    this.setPhase("error");
    this.status.failed("The table", error);
  }

  // -- requests --------------------------------------------------------------------------------------
  async send(request) {
    if (this.status.busy) return;
    this.status.setBusy(true);
    try {
      const reply = await this.bridge.call(request);
      if (!reply.ok) {
        // A dropped connection says so itself, and the state comes again when it is back.
        if (!reply.dropped) this.status.say(reply.error, "error", reply.rule);
        this.status.setBusy(false);
        this.render();
        return;
      }
      // The server answers yes and pushes what changed (receive); the worker answers with it.
      if (reply.state) await this.play(reply, {});
    } catch (error) {
      this.failed(error);
    }
  }

  async downloadRecord() {
    if (this.status.busy) return;
    const reply = await this.bridge.call({ op: "record" });
    if (!reply.ok) { this.status.say(reply.error, "error"); return; }
    const record = reply.record;
    // A file made in the page (a data: URL, a few kilobytes), so nothing is fetched from anywhere.
    const a = el("a", { href: "data:text/plain;charset=utf-8," + encodeURIComponent(record.deal), download: record.filename, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
  }

  act(action) {
    this.status.say("");
    this.answer.hide();
    this.hints = null;
    this.marked.clear();
    this.send({ op: "act", action });
  }

  // A card played, or, for a learner who asked for it, first the question "Play this card?" beside
  // it: the first card of each deal waits for a second tap (or Enter) on the same card.
  playCard(card, button) {
    const deal = this.state ? this.state.deal_number : null;
    if (askFirst() && this.confirmedDeal !== deal && this.pendingCard !== card.code) {
      this.pendingCard = card.code;
      this.answer.show(button, `${playWords(card)}? Tap it again to play it, or choose another card.`);
      return;
    }
    this.confirmedDeal = deal;
    this.pendingCard = null;
    this.act(card.code);
  }

  // A refused card: the engine's sentence beside the card, its sources a tap away. Before the play
  // (the auction, the trump, robbing) no card is played: the answer points to the buttons instead
  // of the engine's refusal of a card as a call.
  refuse(card, button) {
    if (this.state && this.state.before_play) {
      const what = this.state.phase === "bid" ? "the auction is on: choose your call with the buttons below"
        : this.state.phase === "trump" ? "choose trumps with the buttons below" : "choose with the buttons below";
      this.answer.show(button, `No card is played yet: ${what}.`);
      return;
    }
    const sentence = card.reason_plain || card.reason || "You may not play that card now.";
    this.answer.show(button, sentence, card.reason_sources || null, card.rule || null);
  }

  async shareGame() {
    if (!this.state) return;
    this.shareNote.textContent = await shareOrCopy(gameUrl(this.state).href, document.title);
    clearTimeout(this.shareNoteTimer);
    this.shareNoteTimer = setTimeout(() => { this.shareNote.textContent = ""; }, NOTE_MS);
  }

  // A card tapped while the others' moves are shown: what the table is waiting for.
  sayWaiting(button) {
    const paused = !this.continueButton.hidden;
    // Said beside Continue while a trick is held, so the sheet never covers the button it names.
    this.answer.show(paused ? this.continueButton : button, paused && waitsForContinue() ? "The trick stays on the table until you press Continue."
      : paused ? "The trick stays on the table for a moment (Continue goes on at once)." : "The others are still playing: wait for your turn.");
  }

  // Pass-and-play: the hand of the seat to move is still covered (its player has not tapped).
  isCovered(s = this.state) {
    return Boolean(s && s.pass_and_play) && (s.phase === "over" || s.seat !== this.revealedSeat);
  }

  // The name of the seat to move, as the table shows it ("Ann", or "Seat 2" if none was given).
  moverName(s) {
    const seat = s.seats[s.seat];
    return seat ? seat.name : `Seat ${s.seat}`;
  }

  describeBot() {
    const level = this.botLevels && this.botLevels.get(this.botSelect.value);
    this.botNote.textContent = level ? level.text : "";
  }

  // The hint: each choice's value marked on its card or button, the reason beside the Hint button.
  async showHint() {
    // Nothing of a covered hand, not even a hint, before its player has taken the device.
    if (this.status.busy || !this.state || !this.state.your_turn || this.isCovered()) return;
    this.status.setBusy(true);
    try {
      const reply = await this.bridge.call({ op: "hint" });
      this.status.setBusy(false);
      if (!reply.ok) { this.status.say(reply.error, "error"); return; }
      this.hints = new Map(reply.hint.choices.map((c) => [c.action, c]));
      this.render();
      this.answer.show(this.hintButton, reply.hint.text + hintKey(reply.hint.kind), null);
    } catch (error) {
      this.failed(error);
    }
  }

  hintMark(action) {
    const hint = this.hints && this.hints.get(action);
    if (!hint || hint.value === null) return null;
    const kind = this.state.scores && this.state.scores.kind === "pool" ? "pool" : "points";
    const value = kind === "pool" ? `${Math.round(100 * Math.min(hint.value, 1))}%` : `${Math.round(hint.value)}`;
    return el("span", { class: `maw-hint-mark${hint.best ? " maw-hint-best" : ""}`, text: value,
      title: hint.text, "aria-label": `Hint: ${hint.text}${hint.best ? " (the best)" : ""}` });
  }

  // "Last trick": the last trick taken lies on the felt again, until pressed again or the next move.
  toggleLastTrick() {
    if (!this.state || !this.state.last_trick) return;
    this.showingLastTrick = !this.showingLastTrick;
    this.drawTrick();
    // The button is under the felt: bring the felt into view if the page has scrolled past it.
    if (this.showingLastTrick) this.felt.scrollIntoView({ block: "nearest" });
  }

  // The kitty and the discard: the marked cards as one action; the engine says if it is refused.
  confirmDiscard() {
    if (this.status.busy || !this.state || !this.state.select) return;
    const hand = this.state.hand.map((card) => card.code);
    const cards = hand.filter((code) => this.marked.has(code));
    const action = cards.length ? "discard " + cards.join(" ") : "discard none";
    this.status.say("");
    // A refused discard keeps the marks, so the player can change them.
    this.send({ op: "act", action }).then(() => {
      if (this.state && !this.state.select) this.marked.clear();
    });
  }

  toggleMark(card) {
    if (this.marked.has(card.code)) this.marked.delete(card.code);
    else this.marked.add(card.code);
    this.status.say("");
    this.drawHand(this.state);
    this.drawSelect(this.state);
    this.fit();
    const button = this.hand.querySelector(`[data-card="${CSS.escape(card.code)}"]`);
    if (button) button.focus({ preventScroll: true });
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
    // Never a scroll: the table stays where the player left it.
    if (target) target.focus({ preventScroll: true });
  }

  // The next deal of the match ("next"), or the next game of the session ("next_game").
  nextDeal(op = "next") {
    this.status.say("");
    this.log.replaceChildren();
    this.send({ op });
  }

  newGameFromForm(rules = null, freshSeed = false) {
    const seedText = freshSeed ? "" : this.seedInput.value.trim();
    this.status.say("");
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
    if (people > 1) {
      // A person who gives no name is "Player 2", never a seat's number.
      const typed = [...this.namesFields.querySelectorAll("input")].map((input) => input.value.trim());
      request.names = typed.map((name, i) => name || `Player ${i + 1}`);
      this.saved.saveNames(typed);
    }
    if (options) request.options = options;
    if (preset) request.preset = preset;
    this.send(request);
  }

  // Animate the events, then draw the new state. A trick won stays on the felt, with who won it,
  // until the next card is played: while the bots go on, for the speed's pause or until the player
  // presses Continue (at "Slow", until then).
  async play(reply, { skipAnimation }) {
    const events = reply.events || [];
    const next = reply.state;
    const animate = !skipAnimation && animates();
    let shown = animate && this.state && this.state.trick && this.state.trick.winner === null
      ? [...this.state.trick.plays] : [];
    let taken = false;
    this.showingLastTrick = false;
    // While the moves are shown, the hand and the seats are last turn's: marked as waiting, so no
    // card looks playable and no seat says "to move" (render() draws the new turn).
    if (animate && events.length) this.root.dataset.waiting = "true";
    for (const [i, event] of events.entries()) {
      this.logEvent(event);
      if (!animate) continue;
      if (event.kind === "deal") {
        shown = [];
        this.drawTrickOf(next, { plays: [] }, "");
      } else if (event.kind === "play") {
        if (taken) { shown = []; taken = false; }
        shown.push({ seat: event.seat, card: event.card });
        // Your own card leaves your hand as it reaches the table (the state redraws the rest).
        if (this.state && event.seat === this.state.seat && !this.state.pass_and_play) {
          const played = this.hand.querySelector(`[data-card="${CSS.escape(event.card.code)}"]`);
          if (played) played.remove();
        }
        this.drawTrickOf(next, { plays: shown, winner: null }, "", true);
        this.prompt.textContent = event.text;
        await pause("play");
      } else if (event.kind === "trick") {
        this.drawTrickOf(next, { plays: shown, winner: event.seat }, event.text);
        this.prompt.textContent = event.text;
        taken = true;
        // The last event: the new state shows this trick until the next card; else the bots wait.
        if (i < events.length - 1) await this.holdTrick();
      } else {
        this.prompt.textContent = event.text;
        await pause("other");
      }
    }
    this.state = next;
    this.status.setBusy(false);
    this.render();
  }

  // A table on the server: each update it pushes ({state, events}), played in turn, the player's
  // own move included; the first (or the one after a reconnection) drawn without animation.
  receive(update) {
    this.updates = (this.updates || Promise.resolve()).then(async () => {
      const next = update.state;
      // A new deal, or the whole deal so far again (a new connection's first state): a fresh log.
      if (update.again || (this.state && next.deal_number !== this.state.deal_number)) this.log.replaceChildren();
      this.status.setBusy(true);
      try {
        await this.play(update, { skipAnimation: !this.state || Boolean(update.again) });
      } catch (error) {
        this.failed(error);
      }
    });
    return this.updates;
  }

  async holdTrick() {
    this.continueButton.hidden = false;
    // The pause says what it waits for: at Slow, the Continue button; else a moment.
    const words = this.prompt.textContent;
    this.prompt.textContent = `${words} ${waitsForContinue() ? "Press Continue to go on." : "The play goes on in a moment (or press Continue)."}`;
    const pressed = new Promise((resolve) => this.continueButton.addEventListener("click", resolve, { once: true }));
    await pause("trick", pressed);
    this.continueButton.hidden = true;
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
    this.title.textContent = `${s.variant.name} · ${games > 1 ? `game ${games} · ` : ""}deal ${s.deal_number} · ${s.players} players`
      + (this.remote ? "" : ` · seed ${s.seed}`);
    // The game in the address bar and in the browser's storage, so that it survives a reload.
    if (!this.remote) this.link.href = (this.useLinkParameters ? this.saved.save(s) : gameUrl(s)).href;

    this.seats.replaceChildren(...s.seats.map((seat) => {
      return placeToward(el("li", {
        class: `maw-seat${seat.you ? " maw-you" : ""}${seat.to_move ? " maw-to-move" : ""}${seat.partner ? " maw-is-partner" : ""}`,
        "data-seat": seat.seat,
        "aria-current": seat.to_move ? "true" : null,
      },
      el("span", { class: "maw-seat-name", text: seat.name }),
      seat.dealer ? el("span", { class: "maw-badge", title: "Dealer", text: "dealer" }) : null,
      seat.partner ? el("span", { class: "maw-badge maw-partner", title: "Your partner", text: "partner" }) : null,
      seat.to_move ? el("span", { class: "maw-badge maw-turn", text: "to move" }) : null,
      seat.bidder ? el("span", { class: "maw-badge maw-bidder", text: "bidder" }) : null,
      seat.called_partner ? el("span", { class: "maw-badge maw-partner", title: "Holds the card the bidder called", text: "called partner" }) : null,
      seat.call && !(s.bidding && s.bidding.contract) ? el("span", { class: "maw-badge maw-call", text: seat.call }) : null,
      seat.exchanged !== null && seat.exchanged !== undefined ? el("span", { class: "maw-badge maw-exchanged", text: `drew ${seat.exchanged}` }) : null,
      el("span", { class: "maw-seat-info" },
        seat.you ? null : el("span", { class: "maw-seat-backs", "aria-hidden": "true" }, cardBackSvg()),
        `${seat.tricks} trick${seat.tricks === 1 ? "" : "s"} · ${seat.cards} card${seat.cards === 1 ? "" : "s"}`)),
      seat.seat, s.seat, s.players);
    }));

    // The bidding games turn no card up: the contract and the trump named stand in its place.
    // Where the kitty's top card lies face up, it is shown there until the bidder takes the kitty.
    const kitty = s.bidding && s.bidding.kitty_size;
    const shown = kitty && s.bidding.kitty_shown && !s.bidding.kitty_taken ? s.bidding.kitty_shown : null;
    this.turnupView.draw(s.turnup || shown, s.trump,
      s.turnup ? "Turn-up" : shown ? `Kitty of ${kitty}, top card face up` : kitty ? `No turn-up · kitty of ${kitty}` : "No turn-up",
      s.trump_order);
    this.drawContract(s);
    this.drawTrick();
    this.drawScores(s);
    this.drawHouseRules(s);
    this.drawSheet(s);

    // Pass-and-play: a new player's hand stays covered until they tap; at the end nobody's is shown.
    const covered = Boolean(s.pass_and_play) && (s.phase === "over" || s.seat !== this.revealedSeat);
    this.passCover.hidden = !(s.pass_and_play && s.phase !== "over" && covered);
    // The people at the device by their names: who takes it next, whose turn it is.
    const mover = this.moverName(s);
    if (!this.passCover.hidden) this.passText.textContent = `Pass to ${mover} — tap to see your hand`;
    this.prompt.textContent = covered && s.phase !== "over" ? `${mover} to move.`
      : s.pass_and_play && s.your_turn && s.phase !== "over" ? `${mover}: ${s.prompt}` : s.prompt;
    if (!s.select) this.marked.clear();
    this.drawHand(covered ? { hand: [] } : s);
    this.drawSelect(covered ? { select: null } : s);
    this.drawChoices(covered ? { choices: [] } : s);
    const holdNote = s.bidding && s.bidding.hold_note;
    this.holdNote.hidden = covered || !holdNote;
    this.holdNote.textContent = (!covered && holdNote) || "";

    this.outcome.hidden = !s.outcome;
    this.outcome.textContent = s.outcome ? s.outcome.text : "";
    // A contract failed reads as failed (its colour and its mark), not as a success.
    const row = s.sheet && s.phase === "over" ? s.sheet.rows.find((r) => r.deal === s.deal_number) : null;
    const made = row && row.contract ? row.contract.made : null;
    if (made === false) this.outcome.dataset.result = "failed";
    else delete this.outcome.dataset.result;
    this.newDeal.hidden = !(s.phase === "over" && !s.match_over);
    this.nextGame.hidden = !(s.phase === "over" && s.match_over);
    const over = s.phase === "over";
    this.reviewLink.hidden = this.download.hidden = !over;
    // A server's table sends no link code (it would carry the seed): its record is the download.
    if (this.remote) this.reviewLink.hidden = !(over && s.link && s.link.game);
    if (over && s.link && s.link.game) {
      const review = new URL(REVIEW_PAGE);
      review.searchParams.set("game", s.link.game);
      if (s.seat) review.searchParams.set("seat", String(s.seat));
      // Which seat was yours, so the board marks it "you" (a bot-free table has none).
      if (!s.pass_and_play) review.searchParams.set("you", String(s.seat));
      this.reviewLink.href = review.href;
    }

    // The form mirrors the current game, for a new one with a changed seed (a server's table has none).
    if (!this.remote) {
      this.seedInput.value = String(s.seed);
      // The player counts these house rules deal for (the engine's one check of a table).
      this.playersSelect.replaceChildren(...s.variant.table.players.map((n) => el("option", { value: n, text: n })));
      this.playersSelect.value = String(s.players);
      this.fillTeams(s.teams);
      this.fillPeople((s.humans || [s.seat]).length);
      this.botSelect.value = s.bot;
      this.describeBot();
      this.fillRules(s);
    }

    if (hadFocus && !this.root.contains(document.activeElement) && this.root.dataset.focused) {
      const target = this.choices.querySelector("button") || this.hand.querySelector('button[tabindex="0"]')
        || (this.passCover.hidden ? null : this.passButton) || (this.newDeal.hidden ? null : this.newDeal)
        || (this.nextGame.hidden ? null : this.nextGame);
      // Focus kept at the table without a scroll: the page stays where the player has it.
      if (target) target.focus({ preventScroll: true });
    }
    delete this.root.dataset.waiting;
    this.fit();
  }

  // The felt takes the height the window leaves once the title, the status, the prompt, the hand
  // and the buttons (at the deal's end, the result and "New deal") are counted, so that all of
  // them are in view together: at the page's top as it opens, or, lower down a page, under the
  // site's sticky header. The felt's top never moves; the page is never scrolled.
  fit() {
    if (this.board.hidden) return;
    const big = this.big.on;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const over = this.root.dataset.phase === "over";
    const shown = (part) => part && !part.hidden && part.getBoundingClientRect().height > 0;
    // (At the deal's end "New deal" or "Next game" counts, not the other buttons of its row.)
    // (On a phone the hold's explanation may lie under the fold: its button is in view.)
    const phone = !big && window.innerWidth <= 30 * rem;
    const lowest = [over ? this.nextGame : null, over ? this.newDeal : null, this.outcome, phone ? null : this.holdNote, this.more,
      this.choices, this.select, this.hand, this.passCover, this.prompt].find(shown);
    if (!lowest) return;
    const board = this.board.getBoundingClientRect();
    const felt = this.felt.getBoundingClientRect();
    const rest = lowest.getBoundingClientRect().bottom - board.top - felt.height;
    const header = document.querySelector("header");
    const headerHeight = header ? header.getBoundingClientRect().height : 0;
    const pageTop = board.top + window.scrollY;
    const top = big ? board.top + this.root.scrollTop : pageTop < window.innerHeight / 2 ? pageTop : headerHeight;
    const room = window.innerHeight - top - rest - 0.5 * rem;
    const max = big ? Infinity : (phone ? FELT_MAX_PHONE_REM : FELT_MAX_REM) * rem;
    this.felt.style.height = `${Math.floor(Math.max(FELT_MIN_REM * rem, Math.min(room, max)))}px`;
  }

  // The partnership layouts this variant allows at the chosen number of players (from the engine).
  fillTeams(current, byDefault = false) {
    const variant = this.variants.find((v) => this.state && v.id === this.state.variant.id);
    const players = this.playersSelect.value;
    // A new number of players: the layout the ruleset's file names for it, if any.
    if (byDefault) current = (variant && variant.default_teams && variant.default_teams[players]) || "singles";
    const layouts = (this.state && this.state.variant.layouts[players]) || [];
    // "singles" asks for each player alone even where the ruleset's file names a default layout.
    this.teamsSelect.replaceChildren(el("option", { value: "singles", text: "none (each for himself)" }),
      ...layouts.map((layout) => el("option", { value: layout.value, text: layout.text })));
    this.teamsSelect.value = layouts.some((layout) => layout.value === current) ? current : "singles";
    this.teamsSelect.disabled = layouts.length === 0;
  }

  // A name field for each person's seat at a shared device, filled with the names the table has
  // (or those the browser kept); blank leaves "Seat N".
  fillNames() {
    const players = Number(this.playersSelect.value) || 2;
    const people = Number(this.peopleSelect.value) || 1;
    const seats = people > 1 ? spreadSeats(people, players) : [];
    const given = (this.state && this.state.names) || {};
    const kept = this.saved.loadNames();
    this.namesFields.hidden = seats.length === 0;
    this.namesFields.replaceChildren(...seats.map((seat, i) => el("label", {}, `Player ${i + 1}'s name `,
      el("input", { type: "text", name: `name-${seat}`, maxLength: 20, placeholder: `Player ${i + 1}`, autocomplete: "off",
        value: given[String(seat)] ?? (kept.length === seats.length ? kept[i] : "") }))));
  }

  // How many people share this device (1: you against the bots), up to the number of players.
  fillPeople(current) {
    const players = Number(this.playersSelect.value) || 2;
    const options = [];
    for (let k = 1; k <= players; k++) {
      options.push(el("option", { value: k, text: k === 1 ? "1 (you against bots)"
        : k === players ? `${k} (no bots)` : `${k} (bots in the other ${players - k} seats)` }));
    }
    this.peopleSelect.replaceChildren(...options);
    this.peopleSelect.value = String(Math.min(current, players));
    this.fillNames();
  }

  // The trick on the felt (or, after "Last trick", the last one taken), with the engine's words.
  drawTrick() {
    const s = this.state;
    const last = this.showingLastTrick ? s.last_trick : null;
    this.lastTrick.disabled = !s.last_trick;
    this.hintButton.disabled = !s.your_turn || this.isCovered(s);
    this.lastTrick.setAttribute("aria-pressed", String(Boolean(last)));
    if (last) this.drawTrickOf(s, last, last.text);
    else this.drawTrickOf(s, s.trick || { plays: [] }, s.trick_note);
  }

  // A trick as seen from the seat of ``s`` (the state it belongs to), named as its seats are.
  drawTrickOf(s, trick, note, newest = false) {
    this.trickView.draw(trick, { me: s.seat, players: s.players, nameOf: (seat) => s.seats[seat].name, note, newest });
  }

  drawScores(s) {
    const sc = s.scores;
    const names = s.seats.map((seat) => seat.name);
    if (sc.kind === "pool") {
      const chips = sc.chips.length ? " · chips: " + sc.chips.map((c, i) => `${names[i]} ${c}`).join(", ") : "";
      this.scores.textContent = `Pool: ${sc.pool ?? "–"}${chips}`;
    } else {
      const sides = sc.names || names;
      // The deal's points so far, as the table counts them (the engine's; the best trump's bonus
      // only once this seat can know it), beside each side's score.
      const now = sc.this_deal;
      this.scores.textContent = `Points (to ${sc.target}): ` + sc.scores.map((p, i) =>
        `${sides[i] ?? "Side " + (i + 1)} ${p}${now && now[i] ? ` (+${now[i]} this deal)` : ""}`).join(", ");
    }
  }

  // The house rules in play, each in words with its evidence badge (drawn as the site's pages draw
  // it) and its sources; nothing when the file's own rules hold.
  drawHouseRules(s) {
    const rules = s.variant.house_rules || [];
    this.houseRules.hidden = rules.length === 0;
    if (!rules.length) { this.houseRules.replaceChildren(); return; }
    const preset = (s.variant.presets || []).find((p) => p.name === s.variant.preset);
    this.houseRules.replaceChildren(
      el("p", { class: "maw-house-rules-title", text: preset ? `House rules: ${preset.label}` : "House rules" }),
      el("ul", {}, ...rules.map((rule) => el("li", { "data-option": rule.name },
        el("span", { class: `maw-evidence maw-evidence-${rule.evidence}` },
          el("span", { class: "maw-evidence-mark", text: rule.evidence_mark }), ` ${rule.evidence}`), " ",
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
      // Who holds it, what they need, what it scores made and failed: the engine's sentence. On a
      // phone the short form ("You: 25"), the sentence a tap away, so the hand keeps its room.
      parts.push(el("span", { class: "maw-contract-words", text: c.words }),
        el("details", { class: "maw-contract-short" }, el("summary", { text: c.text }), el("span", { text: c.words })));
    } else {
      parts.push(el("span", { text: s.phase === "bid" ? "The auction is on." : "No contract." }));
    }
    // "Call for your partner": the card called, and who holds it once this seat may know.
    if (b.called) {
      const holder = s.seats.find((seat) => seat.called_partner);
      parts.push(el("span", { "data-maw-called": b.called.code,
        text: `Called ${b.called.symbol}: ${holder ? `${holder.name} ${holder.you ? "hold" : "holds"} it` : "its holder is not known yet"}` }));
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
    // A phone shows the first columns: the others are a slide away, and it says so.
    if (head.length > 4) parts.splice(1, 0, el("p", { class: "maw-sheet-slide", text: "Slide the table sideways for every column →" }));
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
    // (On a phone the prompt says how: the "how" gives its line to the hand.)
    this.selectNote.replaceChildren(`${select.words} Marked: ${n}. `,
      el("span", { class: "maw-select-how", text: "Tap cards to mark or unmark them, then confirm." }));
    this.confirm.textContent = n ? `Confirm: put out ${n}` : (select.none ? "Confirm: keep my hand" : "Confirm");
    this.confirm.disabled = this.status.busy;
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
      // A closed menu shows only the start of a long reading on a phone: the whole of it under it.
      const chosen = option.value_texts.indexOf(option.chosen_text);
      const said = chosen >= 0 ? option.value_words[chosen] : "";
      return el("label", { title: option.note || "" }, `${option.label} `, select,
        said ? el("span", { class: "maw-option-said", text: said.charAt(0).toUpperCase() + said.slice(1) + "." }) : null);
    }));
  }

  drawHand(s) {
    const focusedCard = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    if (s.select) { this.drawMarkableHand(s, focusedCard); return; }
    // The auction, the trump, the kitty, the discard: the hand is shown, no card is played yet.
    const resting = Boolean(s.before_play);
    const buttons = s.hand.map((card) => {
      // Robbing: a card you may put out for the turn-up is put out by tapping it, as by its button.
      const rob = s.choices.find((choice) => choice.action === `rob ${card.code}`);
      const legal = card.legal || Boolean(rob);
      const button = el("button", {
        type: "button", class: `maw-card-button ${card.red ? "maw-red" : "maw-black"}${legal ? "" : resting ? " maw-resting" : " maw-illegal"}`,
        "data-card": card.code, "data-legal": String(legal), "data-action": rob ? rob.action : null,
        "aria-label": rob ? `${card.name}: ${rob.label}` : card.name,
        "aria-disabled": legal ? null : "true",
        title: rob ? rob.label : card.legal ? playWords(card) : resting ? null : card.reason_plain || card.reason,
      }, cardFaceSvg(card), legal || resting ? null : el("span", { class: "maw-cross", "aria-hidden": "true", text: "✕" }),
      card.legal ? this.hintMark(card.code) : rob ? this.hintMark(rob.action) : null);
      button.addEventListener("click", () => {
        if (this.status.busy) { this.sayWaiting(button); return; }
        // An illegal card stays clickable, to say why, beside it: the reason is the engine's.
        if (!legal) this.refuse(card, button);
        else if (rob) this.act(rob.action);
        else this.playCard(card, button);
      });
      return button;
    });
    this.hand.replaceChildren(...buttons);
    this.hand.style.setProperty("--maw-hand-size", String(buttons.length));
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
      button.addEventListener("click", () => { if (!this.status.busy) this.toggleMark(card); });
      return button;
    });
    this.hand.replaceChildren(...buttons);
    this.hand.style.setProperty("--maw-hand-size", String(buttons.length));
    this.rovingTabIndex(this.hand, focusedCard ? `[data-card="${CSS.escape(focusedCard)}"]` : null);
  }

  drawChoices(s) {
    // Many choices (a card to call for a partner): the first few as buttons, the rest in a list.
    const many = s.choices.length > MANY_CHOICES;
    const shown = many ? s.choices.slice(0, MANY_CHOICES_SHOWN) : s.choices;
    // A card to put out (robbing) is a tap on that card too: on a phone its button gives its row
    // to the felt (table.css), the card and "Don't rob" stay.
    const inHand = new Set((s.hand || []).map((card) => `rob ${card.code}`));
    const buttons = shown.map((choice) => {
      const button = el("button", { type: "button", class: `maw-button${inHand.has(choice.action) ? " maw-by-card" : ""}${choice.action.startsWith("trump ") ? ` maw-suit-button ${"DH".includes(choice.action.slice(-1)) ? "maw-red" : "maw-black"}` : ""}`, "data-action": choice.action, text: choice.label },
        this.hintMark(choice.action));
      button.addEventListener("click", () => { if (!this.status.busy) this.act(choice.action); });
      return button;
    });
    this.choices.replaceChildren(...buttons);
    this.choices.hidden = buttons.length === 0;
    this.rovingTabIndex(this.choices, null);
    this.more.hidden = !many;
    this.more.replaceChildren();
    if (many) {
      const list = el("select", { name: "more-choices" },
        ...s.choices.slice(MANY_CHOICES_SHOWN).map((choice) => el("option", { value: choice.action, text: choice.label })));
      const go = el("button", { type: "button", class: "maw-button", text: "Choose" });
      go.addEventListener("click", () => { if (!this.status.busy) this.act(list.value); });
      this.more.append(el("label", {}, "or another: ", list), go);
    }
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

// "Play the ten of hearts", "Play the joker" (a name that has its article already).
function playWords(card) {
  return /^the /i.test(card.name) ? `Play ${card.name}` : `Play the ${card.name}`;
}

// What the hint's numbers on the cards mean, said where they appear.
function hintKey(kind) {
  if (kind === "points") return " The number on each card or button: the points it made on average in those deals (the higher, the better); the best is outlined in white.";
  if (kind === "pool") return " The percentage on each card or button: how often it took the pool in those deals; the best is outlined in white.";
  return "";
}

function randomSeed() {
  // A fresh seed for a new game; shown on the page and put in the link so the deal can be shared.
  return Math.floor(Math.random() * 1_000_000);
}

// Only the first table on a page follows the link's parameters (a page usually has one); it is also
// the one a table server can share with friends (friends.js: nothing at all where there is none),
// and ?table=CODE opens a table on that server in its place.
const linkAtLoad = new URLSearchParams(location.search);
document.querySelectorAll("[data-maw-table]").forEach((root, index) => {
  if (index === 0 && linkAtLoad.get("table")) {
    import("./friends.js").then((friends) => friends.joinTable(root, Table, linkAtLoad.get("table")));
    return;
  }
  const table = new Table(root, index === 0);
  if (index === 0) import("./friends.js").then((friends) => friends.offerFriends(table, linkAtLoad));
});
