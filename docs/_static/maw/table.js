// The Maw table, page side: the controller. It wires the engine's state to the drawing and the
// reader's input to the protocol, and nothing else:
//
//   table-view.js       rendering: the skeleton, and each state drawn into it (seat-view.js,
//                       trick-view.js, trump.js and cards.js are shared with the review board)
//   table-input.js      input: clicks and keys turned into this controller's calls
//   table-protocol.js   protocol: the requests sent to the engine
//   table-animation.js  animation: the moves of a reply shown one by one
//   table-settings.js   the settings form: a new game's seed, players, bots, people, house rules
//
// No rule lives here. The engine (maw_sim.web, in Python, in a Web Worker) says which cards are
// legal and why the others are not, what the bots did and who won, and gives every word.
//
// Stable hooks (tests and assistive technology rely on them):
//   root:   [data-maw-table] with data-phase = loading | error | the engine's phase, data-busy
//   cards:  <button data-card="5H" data-legal="true|false" aria-label="five of hearts">; in the kitty
//           and discard steps they are marked with aria-pressed="true|false" and data-marked
//   other:  <button data-action="(a choice's action)|confirm-discard|new-deal|new-game|new-random|
//           next-game|download-record|share-game|last-trick (aria-pressed)|continue">; the speed:
//           <select name="speed">
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
import { Status } from "./status.js";
import { animates, askFirst, waitsForContinue } from "./pace.js";
import { SavedGame, gameUrl, shareOrCopy } from "./saved-game.js";
import { TableView, hintKey, playWords } from "./table-view.js";
import { SettingsForm, randomSeed } from "./table-settings.js";
import { listen } from "./table-input.js";
import { showMoves } from "./table-animation.js";
import * as protocol from "./table-protocol.js";

export { spreadSeats } from "./table-settings.js";

// How long "Link copied" stays under the title, in milliseconds.
const NOTE_MS = 4000;

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
    this.useLinkParameters = useLinkParameters;
    this.saved = new SavedGame();
    this.state = null;
    // What this device alone knows: the seat whose player has tapped to see their hand
    // (pass-and-play; null: nobody yet), the cards marked to put out, the hint's values, and
    // whether the last trick lies on the felt again ("Last trick"), until the next move.
    this.revealedSeat = null;
    this.marked = new Set();
    this.hints = null;
    this.showingLastTrick = false;
    this.settings = new SettingsForm(this.saved, (request) => this.newGame(request));
    this.settings.defaultVariant = this.config.variant;
    this.view = new TableView(root, this.settings.form);
    if (remote) for (const part of [this.view.link, this.view.share, this.view.hintButton, this.view.newRandom, this.view.settings]) part.hidden = true;
    listen(this.view, this);
    this.view.setPhase("loading");
    this.bridge = remote ? remote.bridge : new Bridge(this.status.progress);
    if (!remote) this.start();
  }

  // What friends.js reaches: the table's buttons row, its house rules, and the settings it copies.
  get controls() { return this.view.controls; }
  get houseRules() { return this.view.houseRules; }
  get botSelect() { return this.settings.botSelect; }
  get teamsSelect() { return this.settings.teamsSelect; }
  optionsFromForm() { return this.settings.optionsFromForm(); }

  get busy() { return this.status.busy; }

  // -- start-up ------------------------------------------------------------------------------------
  start() {
    return this.status.start(this.bridge, "The table", async () => {
      this.settings.offer(await this.bridge.call(protocol.VARIANTS));
      const params = this.useLinkParameters ? this.saved.load() : {};
      const reply = await this.bridge.call(protocol.startRequest(params, this.config, this.saved.loadNames(), randomSeed));
      if (!reply.ok) throw new Error(reply.error);
      if (reply.warnings.length) {
        this.status.say("This link could not be followed exactly: " + reply.warnings.join(" "), "warning");
      }
      this.view.log.replaceChildren();
      await this.play(reply, { skipAnimation: true });
    }, () => this.view.setPhase("error"));
  }

  failed(error) {
    this.view.setPhase("error");
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
    const reply = await this.bridge.call(protocol.RECORD);
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
    this.view.answer.hide();
    this.hints = null;
    this.marked.clear();
    this.send(protocol.act(action));
  }

  // A card of the hand tapped: marked (the kitty, the discard), played, put out (robbing), or,
  // refused, the engine's reason beside it; while the others' moves are shown, what the table
  // waits for.
  tapCard(code, button) {
    const s = this.state;
    const card = s && s.hand.find((c) => c.code === code);
    if (!card) return;
    if (s.select) { if (!this.status.busy) this.toggleMark(card); return; }
    if (this.status.busy) { this.sayWaiting(button); return; }
    const rob = s.choices.find((choice) => choice.card === card.code);
    if (!(card.legal || rob)) this.refuse(card, button);
    else if (rob) this.act(rob.action);
    else this.playCard(card, button);
  }

  // A card played, or, for a learner who asked for it, first the question "Play this card?" beside
  // it: the first card of each deal waits for a second tap (or Enter) on the same card.
  playCard(card, button) {
    const deal = this.state ? this.state.deal_number : null;
    if (askFirst() && this.confirmedDeal !== deal && this.pendingCard !== card.code) {
      this.pendingCard = card.code;
      this.view.answer.show(button, `${playWords(card)}? Tap it again to play it, or choose another card.`);
      return;
    }
    this.confirmedDeal = deal;
    this.pendingCard = null;
    this.act(card.code);
  }

  // A refused card: the engine's sentence beside the card, its sources a tap away. Before the play
  // (the auction, the trump, robbing) no card is played: the engine's note points to the buttons.
  refuse(card, button) {
    if (this.state && this.state.resting_note) {
      this.view.answer.show(button, this.state.resting_note);
      return;
    }
    const sentence = card.reason_plain || card.reason || "You may not play that card now.";
    this.view.answer.show(button, sentence, card.reason_sources || null, card.rule || null);
  }

  async shareGame() {
    if (!this.state) return;
    const note = this.view.shareNote;
    note.textContent = await shareOrCopy(gameUrl(this.state).href, document.title);
    clearTimeout(this.shareNoteTimer);
    this.shareNoteTimer = setTimeout(() => { note.textContent = ""; }, NOTE_MS);
  }

  // A card tapped while the others' moves are shown: what the table is waiting for.
  sayWaiting(button) {
    const cont = this.view.continueButton;
    const paused = !cont.hidden;
    // Said beside Continue while a trick is held, so the sheet never covers the button it names.
    this.view.answer.show(paused ? cont : button, paused && waitsForContinue() ? "The trick stays on the table until you press Continue."
      : paused ? "The trick stays on the table for a moment (Continue goes on at once)." : "The others are still playing: wait for your turn.");
  }

  // Pass-and-play: the hand of the seat to move is still covered (its player has not tapped).
  isCovered(s = this.state) {
    return Boolean(s && s.pass_and_play) && (Boolean(s.outcome) || s.seat !== this.revealedSeat);
  }

  // The hint: each choice's value marked on its card or button, the reason beside the Hint button.
  async showHint() {
    // Nothing of a covered hand, not even a hint, before its player has taken the device.
    if (this.status.busy || !this.state || !this.state.your_turn || this.isCovered()) return;
    this.status.setBusy(true);
    try {
      const reply = await this.bridge.call(protocol.HINT);
      this.status.setBusy(false);
      if (!reply.ok) { this.status.say(reply.error, "error"); return; }
      this.hints = new Map(reply.hint.choices.map((c) => [c.action, c]));
      this.render();
      this.view.answer.show(this.view.hintButton, reply.hint.text + hintKey(reply.hint.kind), null);
    } catch (error) {
      this.failed(error);
    }
  }

  // "Last trick": the last trick taken lies on the felt again, until pressed again or the next move.
  toggleLastTrick() {
    if (!this.state || !this.state.last_trick) return;
    this.showingLastTrick = !this.showingLastTrick;
    this.view.drawTrick(this.state, this.ui());
    // The button is under the felt: bring the felt into view if the page has scrolled past it.
    if (this.showingLastTrick) this.view.felt.scrollIntoView({ block: "nearest" });
  }

  // The kitty and the discard: the marked cards as one action; the engine says if it is refused.
  confirmDiscard() {
    if (this.status.busy || !this.state || !this.state.select) return;
    this.status.say("");
    // A refused discard keeps the marks, so the player can change them.
    this.send(protocol.discardAction(this.state, this.marked)).then(() => {
      if (this.state && !this.state.select) this.marked.clear();
    });
  }

  toggleMark(card) {
    if (this.marked.has(card.code)) this.marked.delete(card.code);
    else this.marked.add(card.code);
    this.status.say("");
    const ui = this.ui();
    this.view.drawHand(this.state, ui);
    this.view.drawSelect(this.state, ui);
    this.view.fit();
    const button = this.view.hand.querySelector(`[data-card="${CSS.escape(card.code)}"]`);
    if (button) button.focus({ preventScroll: true });
  }

  reveal() {
    if (!this.state) return;
    this.revealedSeat = this.state.seat;
    this.render();
    const target = this.view.choices.querySelector("button") || this.view.hand.querySelector('button[tabindex="0"]');
    // Never a scroll: the table stays where the player left it.
    if (target) target.focus({ preventScroll: true });
  }

  // The next deal of the match ("next"), or the next game of the session ("next_game").
  nextDeal(op = "next") {
    this.status.say("");
    this.view.log.replaceChildren();
    this.send({ op });
  }

  // A new game, from the settings form or "New game" (``request``: table-settings.js).
  newGame(request) {
    this.status.say("");
    this.view.log.replaceChildren();
    this.marked.clear();
    this.revealedSeat = null;
    this.send(request);
  }

  // Animate the events, then draw the new state.
  async play(reply, { skipAnimation }) {
    const events = reply.events || [];
    this.showingLastTrick = false;
    await showMoves(this.view, events, this.state, reply.state, !skipAnimation && animates());
    this.state = reply.state;
    this.status.setBusy(false);
    this.render();
  }

  // A table on the server: each update it pushes ({state, events}), played in turn, the player's
  // own move included; the first (or the one after a reconnection) drawn without animation.
  receive(update) {
    this.updates = (this.updates || Promise.resolve()).then(async () => {
      const next = update.state;
      // A new deal, or the whole deal so far again (a new connection's first state): a fresh log.
      if (update.again || (this.state && next.deal_number !== this.state.deal_number)) this.view.log.replaceChildren();
      this.status.setBusy(true);
      try {
        await this.play(update, { skipAnimation: !this.state || Boolean(update.again) });
      } catch (error) {
        this.failed(error);
      }
    });
    return this.updates;
  }

  // What the view draws besides the state: this device's own knowledge.
  ui() {
    return { covered: this.isCovered(), marked: this.marked, hints: this.hints, showingLastTrick: this.showingLastTrick,
      busy: this.status.busy, remote: Boolean(this.remote), reviewHref: protocol.reviewHref(this.state || {}) };
  }

  // -- drawing ---------------------------------------------------------------------------------------
  render() {
    const s = this.state;
    if (!s) return;
    // Redrawing replaces the buttons: keep the keyboard user's place at the table.
    const hadFocus = this.root.contains(document.activeElement) || document.activeElement === document.body;
    // The game in the address bar and in the browser's storage, so that it survives a reload.
    if (!this.remote) this.view.link.href = (this.useLinkParameters ? this.saved.save(s) : gameUrl(s)).href;
    if (!s.select) this.marked.clear();
    this.view.draw(s, this.ui());
    // The form mirrors the current game, for a new one with a changed seed (a server's table has none).
    if (!this.remote) this.settings.mirror(s);

    const v = this.view;
    if (hadFocus && !this.root.contains(document.activeElement) && this.root.dataset.focused) {
      const target = v.choices.querySelector("button") || v.hand.querySelector('button[tabindex="0"]')
        || (v.passCover.hidden ? null : v.passButton) || (v.newDeal.hidden ? null : v.newDeal)
        || (v.nextGame.hidden ? null : v.nextGame);
      // Focus kept at the table without a scroll: the page stays where the player has it.
      if (target) target.focus({ preventScroll: true });
    }
    delete this.root.dataset.waiting;
    v.fit();
  }
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
