// The play table's settings form: the seed, the players, the partners, the bots, the people at
// this device (with their names) and the house rules, mirroring the game in play; sent, it asks
// for a new game. What it offers is the engine's (the variant's table choices, its layouts, its
// options and presets, the bot levels): the form decides nothing, it lists.

import { el } from "./dom.js";
import { askFirstBox } from "./pace.js";

// People at one device (pass-and-play): k people spread round n seats, the first at seat 0, so
// two people at a four-hand partnership table are partners (seats 0 and 2).
export function spreadSeats(people, players) {
  const seats = [];
  for (let i = 0; i < people; i++) seats.push(Math.round((i * players) / people));
  return seats;
}

export function randomSeed() {
  // A fresh seed for a new game; shown on the page and put in the link so the deal can be shared.
  return Math.floor(Math.random() * 1_000_000);
}

export class SettingsForm {
  // ``saved``: the page's SavedGame (the names kept); ``newGame(request)``: called with the
  // request for a new game when the form is sent or a house rule is chosen.
  constructor(saved, newGame) {
    this.saved = saved;
    this.newGame = newGame;
    this.state = null;
    this.variants = [];
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
    const send = el("button", { type: "submit", class: "maw-button", "data-action": "new-game", text: "New game" });
    const asking = askFirstBox();
    this.form = el("form", { class: "maw-form" },
      el("label", {}, "Seed ", this.seedInput), " ",
      el("label", {}, "Players ", this.playersSelect), " ",
      el("label", {}, "Partners ", this.teamsSelect), " ",
      el("label", {}, "Bots ", this.botSelect), " ", this.botNote, " ",
      el("label", {}, "People at this device ", this.peopleSelect), " ", this.namesFields, " ", asking, " ", send,
      this.rulesFieldset);
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.newGame(this.request()); });
  }

  /** The engine's answer to "variants": the rulesets and the bots by strength and style. */
  offer(info) {
    this.variants = info.variants;
    // Bots by strength and style, with a visible line on how each plays (touch has no hover).
    this.botLevels = new Map(info.bot_levels.map((b) => [b.name, b]));
    this.botSelect.replaceChildren(...info.bot_levels.map((b) => el("option", { value: b.name, text: `${b.label} (${b.name})` })));
  }

  /** The form mirrors the game in play, for a new one with a changed seed. */
  mirror(s) {
    this.state = s;
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

  describeBot() {
    const level = this.botLevels && this.botLevels.get(this.botSelect.value);
    this.botNote.textContent = level ? level.text : "";
  }

  /** The request for a new game from the form: ``rules`` ({options, preset}) where a house rule
   * was just chosen, ``freshSeed`` for "New game" (the same table, a new seed). */
  request(rules = null, freshSeed = false) {
    const seedText = freshSeed ? "" : this.seedInput.value.trim();
    const players = Number(this.playersSelect.value);
    const people = Number(this.peopleSelect.value) || 1;
    const { options, preset } = rules || { options: this.optionsFromForm(), preset: null };
    const request = {
      op: "new", variant: this.state ? this.state.variant.id : this.defaultVariant,
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
    return request;
  }

  // House rules chosen in the settings: a preset (or the file's own rules), or one option.
  presetChosen() {
    const preset = this.presetSelect.value;
    if (preset === "custom") return;
    this.newGame(this.request({ preset: preset || null, options: null }));
  }

  optionsFromForm() {
    const pairs = [];
    for (const select of this.optionFields.querySelectorAll("select[data-option]")) {
      if (select.value !== select.dataset.default) pairs.push(`${select.dataset.option}=${select.value}`);
    }
    return pairs.length ? pairs.join(",") : null;
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
        : k === players ? `${k} (no bots)` : `${k} (bots in the other seats)` }));
    }
    this.peopleSelect.replaceChildren(...options);
    this.peopleSelect.value = String(Math.min(current, players));
    this.fillNames();
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
      select.addEventListener("change", () => this.newGame(this.request({ options: this.optionsFromForm(), preset: null })));
      // A closed menu shows only the start of a long reading on a phone: the whole of it under it.
      const chosen = option.value_texts.indexOf(option.chosen_text);
      const said = chosen >= 0 ? option.value_words[chosen] : "";
      return el("label", { title: option.note || "" }, `${option.label} `, select,
        said ? el("span", { class: "maw-option-said", text: said.charAt(0).toUpperCase() + said.slice(1) + "." }) : null);
    }));
  }
}
