// The play table's rendering: the skeleton, once, and each state drawn into it.
//
// Nothing here listens, asks the engine or waits: table-input.js turns clicks and keys into the
// controller's calls (table.js), table-animation.js plays the moves, table-settings.js holds the
// settings form. What the view draws comes from the engine's page state (maw_sim.page_state) and
// from ``ui``, what this device alone knows: the cards marked, the hint's values, whether the hand
// is covered (pass-and-play) and whether the last trick is shown again.
//
// Every text that comes from a link or from the engine is set with textContent (never innerHTML).

import { el } from "./dom.js";
import { cardButton, cardBackSvg, placeToward } from "./cards.js";
import { seatItem } from "./seat-view.js";
import { TrickView } from "./trick-view.js";
import { TurnupView } from "./trump.js";
import { speedSelect } from "./pace.js";
import { AnswerSheet } from "./answer.js";
import { BigMode } from "./big-table.js";

// More choices than this at once (a card to call for a partner): the first few are buttons, the
// rest a list, so that the hand and the choices still fit a phone's screen.
const MANY_CHOICES = 12;
const MANY_CHOICES_SHOWN = 4;
// The felt is fitted to the window (fit()): never lower than this, nor higher than the largest
// height the seats and the trick need, in rem.
const FELT_MIN_REM = 7.5;
const FELT_MAX_REM = 22;
const FELT_MAX_PHONE_REM = 20;

/** "Play the ten of hearts", "Play the joker" (a name that has its article already). */
export function playWords(card) {
  return /^the /i.test(card.name) ? `Play ${card.name}` : `Play the ${card.name}`;
}

/** What the hint's numbers on the cards mean, said where they appear. */
export function hintKey(kind) {
  if (kind === "points") return " The number on each card or button: the points it made on average in those deals (the higher, the better); the best is outlined in white.";
  if (kind === "pool") return " The percentage on each card or button: how often it took the pool in those deals; the best is outlined in white.";
  return "";
}

export class TableView {
  // ``settings``: the settings form's node (table-settings.js), placed under the table.
  constructor(root, settings) {
    this.root = root;
    root.classList.add("maw-table");
    this.title = el("p", { class: "maw-title" });
    this.link = el("a", { class: "maw-link", text: "Link to this deal" });
    // Share the game in play (the address bar carries it too), and say so.
    this.share = el("button", { type: "button", class: "maw-button maw-share", "data-action": "share-game", text: "Copy link" });
    this.shareNote = el("span", { class: "maw-share-note", role: "status" });
    // The big table: the whole screen, cards and words scaled to it (for a projector).
    this.big = new BigMode(root, () => this.fit());
    this.seats = el("ol", { class: "maw-seats", "aria-label": "Players round the table" });
    this.turnupView = new TurnupView();
    this.trickView = new TrickView();
    // Beside the trick: the last trick again, and (after a trick, while the bots wait) Continue.
    this.lastTrick = el("button", { type: "button", class: "maw-button maw-last-trick", "data-action": "last-trick",
      "aria-pressed": "false", text: "Last trick", disabled: true });
    this.continueButton = el("button", { type: "button", class: "maw-button maw-continue", "data-action": "continue", text: "Continue", hidden: true });
    // A learner's hint: the engine's strongest search, from this seat's view alone (maw_sim.hint).
    this.hintButton = el("button", { type: "button", class: "maw-button maw-hint", "data-action": "hint", text: "Hint", disabled: true });
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
    this.select = el("div", { class: "maw-select", "data-maw-select": "", role: "group", "aria-label": "Your discard", hidden: true }, this.selectNote, this.confirm);
    this.prompt = el("p", { class: "maw-prompt", "aria-live": "polite" });
    this.hand = el("div", { class: "maw-hand", "data-maw-hand": "", role: "group", "aria-label": "Your hand" });
    // Pass-and-play: between two people's turns the hand is covered until its player taps.
    this.passText = el("span", { class: "maw-pass-text" });
    this.passButton = el("button", { type: "button", class: "maw-button maw-pass-button", "data-action": "reveal" }, this.passText);
    this.passCover = el("div", { class: "maw-pass", "data-maw-pass": "", hidden: true }, this.passButton);
    this.choices = el("div", { class: "maw-choices", role: "group", "aria-label": "Your choices" });
    // The rest of a long list of choices, outside the group's one Tab stop.
    this.more = el("div", { class: "maw-choices maw-more-choices", hidden: true });
    // "New game" in plain view: the same rules and players, a new seed (the settings below change them).
    this.newRandom = el("button", { type: "button", class: "maw-button", "data-action": "new-random", text: "New game" });
    this.outcome = el("p", { class: "maw-outcome", "data-maw-outcome": "", "aria-live": "polite", hidden: true });
    this.newDeal = el("button", { type: "button", class: "maw-button", "data-action": "new-deal", text: "New deal", hidden: true });
    // A game over (a points game): the next one, the session's tally of games kept.
    this.nextGame = el("button", { type: "button", class: "maw-button", "data-action": "next-game", text: "Next game", hidden: true });
    // A finished deal: review it card by card (the review page opens the game's link), or keep its
    // record as a .maw file (the engine writes it: op "record").
    this.reviewLink = el("a", { class: "maw-button maw-review-link", "data-maw-review-link": "", text: "Review this deal", hidden: true });
    this.download = el("button", { type: "button", class: "maw-button", "data-action": "download-record", text: "Download the record", hidden: true });

    this.log = el("ol", { class: "maw-log-list" });
    // Folded: the table, not the log, is what a player looks at (on a phone, above all).
    const log = el("details", { class: "maw-log" }, el("summary", { text: "Log of the deal" }), this.log);
    this.settings = el("details", { class: "maw-settings" },
      el("summary", { text: "New game: seed, players, partners, bots, people at this device, house rules" }), settings);
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
      this.houseRules, this.sheet, this.settings, log, this.answer.node);
    root.append(this.board);
  }

  setPhase(phase) { this.root.dataset.phase = phase; }

  logEvent(event) {
    this.log.append(el("li", { class: `maw-log-${event.kind}`, text: event.text }));
  }

  // -- a whole state ---------------------------------------------------------------------------------
  /** Draw the state ``s``; ``ui``: {covered, marked, hints, showingLastTrick, busy, remote,
   * reviewHref}. */
  draw(s, ui) {
    this.board.hidden = false;
    this.setPhase(s.phase);
    const games = s.sheet ? s.sheet.games.length + (s.match_over ? 0 : 1) : 1;
    this.title.textContent = `${s.variant.name} · ${games > 1 ? `game ${games} · ` : ""}deal ${s.deal_number} · ${s.players} players`
      + (ui.remote ? "" : ` · seed ${s.seed}`);
    this.drawSeats(s);

    // The bidding games turn no card up: the contract and the trump named stand in its place.
    // Where the kitty's top card lies face up, it is shown there until the bidder takes the kitty.
    const kitty = s.bidding && s.bidding.kitty_size;
    const shown = kitty && s.bidding.kitty_shown && !s.bidding.kitty_taken ? s.bidding.kitty_shown : null;
    this.turnupView.draw(s.turnup || shown, s.trump,
      s.turnup ? "Turn-up" : shown ? `Kitty of ${kitty}, top card face up` : kitty ? `No turn-up · kitty of ${kitty}` : "No turn-up",
      s.trump_order);
    this.drawContract(s);
    this.drawTrick(s, ui);
    this.drawScores(s);
    this.drawHouseRules(s);
    this.drawSheet(s);

    // Pass-and-play: a new player's hand stays covered until they tap; at the end nobody's is shown.
    const over = Boolean(s.outcome);
    const covered = ui.covered;
    this.passCover.hidden = !(s.pass_and_play && !over && covered);
    // The people at the device by their names: who takes it next, whose turn it is.
    const mover = moverName(s);
    if (!this.passCover.hidden) this.passText.textContent = `Pass to ${mover} — tap to see your hand`;
    this.prompt.textContent = covered && !over ? `${mover} to move.`
      : s.pass_and_play && s.your_turn && !over ? `${mover}: ${s.prompt}` : s.prompt;
    this.drawHand(covered ? { hand: [], choices: [] } : s, ui);
    this.drawSelect(covered ? { select: null } : s, ui);
    this.drawChoices(covered ? { choices: [] } : s, ui);
    const holdNote = s.bidding && s.bidding.hold_note;
    this.holdNote.hidden = covered || !holdNote;
    this.holdNote.textContent = (!covered && holdNote) || "";

    this.outcome.hidden = !s.outcome;
    this.outcome.textContent = s.outcome ? s.outcome.text : "";
    // A contract failed reads as failed (its colour and its mark), not as a success.
    const row = s.sheet && over ? s.sheet.rows.find((r) => r.deal === s.deal_number) : null;
    const made = row && row.contract ? row.contract.made : null;
    if (made === false) this.outcome.dataset.result = "failed";
    else delete this.outcome.dataset.result;
    this.newDeal.hidden = !(over && !s.match_over);
    this.nextGame.hidden = !(over && s.match_over);
    this.reviewLink.hidden = this.download.hidden = !over;
    // A server's table sends no link code (it would carry the seed): its record is the download.
    if (ui.remote) this.reviewLink.hidden = !(over && s.link && s.link.game);
    if (ui.reviewHref) this.reviewLink.href = ui.reviewHref;
  }

  drawSeats(s) {
    this.seats.replaceChildren(...s.seats.map((seat) => placeToward(seatItem(seat, {
      classes: seat.partner ? " maw-is-partner" : "",
      badges: [
        seat.dealer ? ["dealer", null, "Dealer"] : null,
        seat.partner ? ["partner", "maw-partner", "Your partner"] : null,
        seat.to_move ? ["to move", "maw-turn"] : null,
        seat.bidder ? ["bidder", "maw-bidder"] : null,
        seat.called_partner ? ["called partner", "maw-partner", "Holds the card the bidder called"] : null,
        seat.call && !(s.bidding && s.bidding.contract) ? [seat.call, "maw-call"] : null,
        seat.exchanged !== null && seat.exchanged !== undefined ? [`drew ${seat.exchanged}`, "maw-exchanged"] : null,
      ],
      info: el("span", { class: "maw-seat-info" },
        seat.you ? null : el("span", { class: "maw-seat-backs", "aria-hidden": "true" }, cardBackSvg()), seat.info),
    }), seat.seat, s.seat, s.players)));
  }

  // The trick on the felt (or, after "Last trick", the last one taken), with the engine's words.
  drawTrick(s, ui) {
    const last = ui.showingLastTrick ? s.last_trick : null;
    this.lastTrick.disabled = !s.last_trick;
    this.hintButton.disabled = !s.your_turn || ui.covered;
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
      parts.push(el("span", { text: b.no_contract }));
    }
    // "Call for your partner": the card called, and who holds it once this seat may know.
    if (b.called) parts.push(el("span", { "data-maw-called": b.called.code, text: b.called_words }));
    if (b.stock_words) parts.push(el("span", { text: b.stock_words }));
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
  drawSelect(s, ui) {
    const select = s.select;
    this.select.hidden = !select;
    if (!select) return;
    this.select.dataset.min = String(select.min);
    this.select.dataset.max = String(select.max);
    const n = ui.marked.size;
    // (On a phone the prompt says how: the "how" gives its line to the hand.)
    this.selectNote.replaceChildren(`${select.words} Marked: ${n}. `,
      el("span", { class: "maw-select-how", text: "Tap cards to mark or unmark them, then confirm." }));
    this.confirm.textContent = n ? `Confirm: put out ${n}` : (select.none ? "Confirm: keep my hand" : "Confirm");
    this.confirm.disabled = ui.busy;
  }

  // A hint's value on a card or a button, where the reader asked for one.
  hintMark(s, ui, action) {
    const hint = ui.hints && ui.hints.get(action);
    if (!hint || hint.value === null) return null;
    const kind = s.scores && s.scores.kind === "pool" ? "pool" : "points";
    const value = kind === "pool" ? `${Math.round(100 * Math.min(hint.value, 1))}%` : `${Math.round(hint.value)}`;
    return el("span", { class: `maw-hint-mark${hint.best ? " maw-hint-best" : ""}`, text: value,
      title: hint.text, "aria-label": `Hint: ${hint.text}${hint.best ? " (the best)" : ""}` });
  }

  drawHand(s, ui) {
    const focusedCard = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    if (s.select) { this.drawMarkableHand(s, ui, focusedCard); return; }
    // The auction, the trump, the kitty, the discard: the hand is shown, no card is played yet.
    const resting = Boolean(s.before_play);
    const buttons = s.hand.map((card) => {
      // Robbing: a card you may put out for the turn-up is put out by tapping it, as by its button.
      const rob = s.choices.find((choice) => choice.card === card.code);
      const legal = card.legal || Boolean(rob);
      return cardButton(card, {
        after: legal ? "" : resting ? " maw-resting" : " maw-illegal",
        "data-legal": String(legal), "data-action": rob ? rob.action : null,
        "aria-label": rob ? `${card.name}: ${rob.label}` : card.name,
        "aria-disabled": legal ? null : "true",
        title: rob ? rob.label : card.legal ? playWords(card) : resting ? null : card.reason_plain || card.reason,
      }, legal || resting ? null : el("span", { class: "maw-cross", "aria-hidden": "true", text: "✕" }),
      card.legal ? this.hintMark(s, ui, card.code) : rob ? this.hintMark(s, ui, rob.action) : null);
    });
    this.hand.replaceChildren(...buttons);
    this.hand.style.setProperty("--maw-hand-size", String(buttons.length));
    rovingTabIndex(this.hand, focusedCard ? `[data-card="${CSS.escape(focusedCard)}"]` : null);
  }

  // Choose, then confirm: each card toggles its mark (aria-pressed); nothing is sent until Confirm.
  drawMarkableHand(s, ui, focusedCard) {
    const buttons = s.hand.map((card) => {
      const marked = ui.marked.has(card.code);
      return cardButton(card, {
        before: "maw-markable", after: marked ? " maw-marked" : "",
        "data-legal": String(card.legal), "data-marked": String(marked),
        "aria-pressed": String(marked), "aria-label": `${card.name}${marked ? ", marked to put out" : ""}`,
        title: marked ? `Keep the ${card.name}` : `Mark the ${card.name} to put out`,
      }, marked ? el("span", { class: "maw-mark", "aria-hidden": "true", text: "✓" }) : null);
    });
    this.hand.replaceChildren(...buttons);
    this.hand.style.setProperty("--maw-hand-size", String(buttons.length));
    rovingTabIndex(this.hand, focusedCard ? `[data-card="${CSS.escape(focusedCard)}"]` : null);
  }

  drawChoices(s, ui) {
    // Many choices (a card to call for a partner): the first few as buttons, the rest in a list.
    const many = s.choices.length > MANY_CHOICES;
    const shown = many ? s.choices.slice(0, MANY_CHOICES_SHOWN) : s.choices;
    // A card to put out (robbing) is a tap on that card too: on a phone its button gives its row
    // to the felt (table.css), the card and "Don't rob" stay.
    const inHand = new Set((s.hand || []).map((card) => card.code));
    const buttons = shown.map((choice) => el("button", {
      type: "button", "data-action": choice.action, text: choice.label,
      class: `maw-button${choice.card && inHand.has(choice.card) ? " maw-by-card" : ""}${choice.suit ? ` maw-suit-button ${choice.red ? "maw-red" : "maw-black"}` : ""}`,
    }, this.hintMark(s, ui, choice.action)));
    this.choices.replaceChildren(...buttons);
    this.choices.hidden = buttons.length === 0;
    rovingTabIndex(this.choices, null);
    this.more.hidden = !many;
    this.more.replaceChildren();
    if (many) {
      const list = el("select", { name: "more-choices" },
        ...s.choices.slice(MANY_CHOICES_SHOWN).map((choice) => el("option", { value: choice.action, text: choice.label })));
      const go = el("button", { type: "button", class: "maw-button maw-more-go", text: "Choose" });
      this.more.append(el("label", {}, "or another: ", list), go);
    }
  }

  // The felt takes the height the window leaves once the title, the status, the prompt, the hand
  // and the buttons (at the deal's end, the result and "New deal") are counted, so that all of
  // them are in view together: at the page's top as it opens, or, lower down a page, under the
  // site's sticky header. The felt's top never moves; the page is never scrolled.
  fit() {
    if (this.board.hidden) return;
    const big = this.big.on;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const over = !this.outcome.hidden;
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
}

// The name of the seat to move, as the table shows it ("Ann", or "Seat 2" if none was given).
export function moverName(s) {
  const seat = s.seats[s.seat];
  return seat ? seat.name : `Seat ${s.seat}`;
}

// One Tab stop per group (the legal card first); arrows move inside the group (table-input.js).
export function rovingTabIndex(group, preferredSelector) {
  const items = [...group.querySelectorAll("button")];
  if (!items.length) return;
  const preferred = (preferredSelector && group.querySelector(preferredSelector))
    || group.querySelector('[data-legal="true"]') || items[0];
  for (const item of items) item.tabIndex = item === preferred ? 0 : -1;
}
