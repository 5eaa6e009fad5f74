// The Experiment widget: a small study run in the reader's browser, with progress and a chart.
//
// No rule and no statistics live here. The engine (maw_sim.web → maw_sim.studies.browser, in
// Python, in the Web Worker) checks the parameters, plays the deals one step (≤ 100 deals) at a
// time and sends back the summary so far — rates with their 95% intervals. This file draws the
// form, the progress bar, a bar chart (inline SVG, drawn here: no chart library, nothing fetched)
// and a table of the same numbers for screen readers and for copying.
//
// Stable hooks (tests rely on them):
//   root:     [data-maw-experiment] with data-state = loading | ready | running | stopped | done | error
//   form:     [name=experiment|variant|players|bot|deals|seed], button[data-action=run|stop]
//   progress: <progress data-maw-progress>, result table [data-maw-results] rows [data-measure][data-key]
//   link:     a[data-maw-study-link] (this study as a link), [data-maw-link-warning] (a link not followed)

import { Bridge, el, SERVE_HINT } from "./bridge.js";

const EXPERIMENTS = {
  "spoil-rate": "How often is a deal spoilt?",
  "top-trumps": "What is each top trump worth?",
  "robbing": "Is robbing worth it? Which seat wins most?",
  "fairness": "Does the seat matter? How soon is a deal decided?",
};

// What each experiment charts: the measures (and keys) that are shares of deals, in order. The
// table below the chart lists every figure, averages included.
const LABELS = {
  spoil: () => "deal spoilt (nobody took three tricks)",
  jink: () => "someone took all five tricks",
  win_holding: (key) => `holder of ${key === "any hand" || key === "no top trump" ? "" : "the "}${key} wins`,
  win_if_rob: (key) => `${key} robs: wins`,
  win_if_pass: (key) => `${key} passes: wins`,
  win_by_position: (key, players) => `seat ${key}${key === "1" ? " (elder hand)" : Number(key) === players ? " (dealer)" : ""} wins`,
  tricks_holding: (key) => `holder of ${key}: tricks taken`,
  tricks_if_rob: (key) => `${key} robs: tricks taken`,
  tricks_if_pass: (key) => `${key} passes: tricks taken`,
  decided_at: () => "trick after which the result was settled",
  lead_changes: () => "changes of leader in a deal",
};
const CHART = {
  "spoil-rate": ["spoil", "jink"],
  "top-trumps": ["win_holding"],
  "robbing": ["win_if_rob", "win_if_pass", "win_by_position"],
  "fairness": ["win_by_position", "spoil"],
};
const KEY_ORDER = ["five of trumps", "knave of trumps", "ace of hearts", "ace of trumps", "any hand",
  "no top trump", "ace holder", "dealer"];

// Top trumps in rank order, robbers, then seats by number.
const keyRank = (key) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : 100 + Number(key || 0));

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

const percent = (x) => `${(100 * x).toFixed(1)}%`;

class ExperimentWidget {
  constructor(root) {
    this.root = root;
    this.stopped = false;
    this.variants = [];
    this.build();
    this.bridge = new Bridge((text) => { this.status.textContent = text; });
    this.bridge.ready
      .then(() => this.bridge.call({ op: "variants" }))
      .then((reply) => this.ready(reply))
      .catch((error) => this.fail(`The experiment could not start: ${error.message}. ${SERVE_HINT}`));
  }

  field(name, label, input) {
    input.name = name;
    input.id = `${this.root.id || "maw-experiment"}-${name}`;
    return el("div", { class: "maw-exp-field" }, el("label", { for: input.id, text: label }), input);
  }

  build() {
    const d = this.root.dataset;
    this.inputs = {
      experiment: el("select", {}, ...Object.entries(EXPERIMENTS).map(([id, text]) =>
        el("option", { value: id, text: `${id}: ${text}`, selected: id === d.experiment }))),
      variant: el("select", {}, el("option", { value: d.variant, text: d.variant, selected: true })),
      compare: el("select", {}, el("option", { value: "", text: "(nothing)", selected: true })),
      players: el("input", { type: "number", min: 2, max: 10, value: d.players, inputmode: "numeric" }),
      bot: el("select", {}, ...["random", "heuristic"].map((b) =>
        el("option", { value: b, text: b, selected: b === d.bot }))),
      deals: el("input", { type: "number", min: 1, max: 20000, value: d.deals, inputmode: "numeric" }),
      seed: el("input", { type: "number", min: 0, value: d.seed, inputmode: "numeric" }),
    };
    const i = this.inputs;
    this.runButton = el("button", { type: "submit", "data-action": "run", text: "Run", disabled: true });
    this.stopButton = el("button", { type: "button", "data-action": "stop", text: "Stop", disabled: true });
    this.form = el("form", { class: "maw-exp-form" },
      this.field("experiment", "Experiment", i.experiment), this.field("variant", "Variant", i.variant),
      this.field("compare", "Compare with (same deals)", i.compare),
      this.field("players", "Players", i.players), this.field("bot", "Bots (every seat)", i.bot),
      this.field("deals", "Deals", i.deals), this.field("seed", "Seed", i.seed),
      el("div", { class: "maw-exp-buttons" }, this.runButton, this.stopButton));
    // The engine checks every value and says what is allowed, in the page's words: one source of
    // truth for the limits, so the browser's own form validation is off.
    this.form.noValidate = true;
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.run(); });
    this.stopButton.addEventListener("click", () => { this.stopped = true; });
    this.progress = el("progress", { "data-maw-progress": true, max: 1, value: 0, "aria-label": "deals played" });
    this.progressText = el("span", { class: "maw-exp-progress-text", text: "" });
    this.status = el("p", { class: "maw-exp-status", role: "status", "aria-live": "polite", text: "Starting Python in your browser…" });
    this.error = el("p", { class: "maw-message", "data-kind": "error", role: "alert", hidden: true });
    this.warning = el("p", { class: "maw-message", "data-kind": "warning", "data-maw-link-warning": true, hidden: true });
    this.link = el("a", { class: "maw-exp-link", "data-maw-study-link": true, hidden: true, text: "Link to this study" });
    this.chart = el("figure", { class: "maw-exp-chart", hidden: true });
    this.table = el("table", { class: "maw-exp-table", "data-maw-results": true, hidden: true });
    this.root.replaceChildren(this.warning, this.form, el("div", { class: "maw-exp-progress" }, this.progress, this.progressText),
      this.status, this.error, this.chart, this.table, this.link);
    this.root.dataset.state = "loading";
  }

  ready(reply) {
    if (!reply.ok) return this.fail(reply.error);
    this.variants = reply.variants;
    const wanted = this.root.dataset.variant;
    this.inputs.variant.replaceChildren(...reply.variants.map((v) =>
      el("option", { value: v.id, text: `${v.name} (${v.era})`, selected: v.id === wanted })));
    const against = this.root.dataset.compare || "";
    this.inputs.compare.replaceChildren(el("option", { value: "", text: "(nothing)", selected: !against }),
      ...reply.variants.map((v) => el("option", { value: v.id, text: `${v.name} (${v.era})`, selected: v.id === against })));
    return this.followLink().then(() => {
      this.runButton.disabled = false;
      this.root.dataset.state = "ready";
      this.status.textContent = "Ready: choose the rules and press Run.";
    });
  }

  // A study can be shared as a link: ?experiment=robbing&variant=twenty-five&players=4&deals=2000&seed=5
  // fills the form (it does not run until Run is pressed). The engine checks the values; a link it
  // refuses leaves the page's own study in the form and says why.
  async followLink() {
    const params = new URLSearchParams(location.search);
    const known = Object.keys(this.inputs);
    const unknown = [...params.keys()].filter((key) => !known.includes(key));
    const given = known.filter((key) => params.has(key));
    const notes = unknown.map((key) => `unknown link parameter '${key}' (allowed: ${known.join(", ")})`);
    if (given.length) {
      const saved = Object.fromEntries(known.map((key) => [key, this.inputs[key].value]));
      for (const key of given) this.setValue(key, params.get(key));
      const reply = await this.bridge.call(this.request());
      if (!reply.ok) {
        this.root.querySelectorAll("option[data-from-link]").forEach((option) => option.remove());
        for (const key of known) this.setValue(key, saved[key]);
        notes.push(`its study could not be used: ${reply.error} The form shows this page's own study.`);
      }
    }
    if (notes.length) {
      this.warning.textContent = "This link could not be followed exactly: " + notes.join("; ");
      this.warning.hidden = false;
    }
  }

  setValue(key, value) {
    const input = this.inputs[key];
    if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === value)) {
      // Keep the value so the engine names it in its message (an unknown variant, say).
      input.append(el("option", { value, text: value, "data-from-link": true }));
    }
    input.value = value;
  }

  updateLink(study) {
    const params = new URLSearchParams({ experiment: study.experiment, variant: study.variant,
      ...(study.compare ? { compare: study.compare } : {}),
      players: study.players, bot: study.bot, deals: study.deals, seed: study.seed });
    this.link.href = `${location.pathname}?${params}`;
    this.link.hidden = false;
  }

  fail(message) {
    this.root.dataset.state = "error";
    this.error.hidden = false;
    this.error.textContent = message;
    this.status.textContent = "";
  }

  request() {
    // Numbers as the reader typed them: the engine checks them and says what is allowed.
    const number = (input) => (input.value.trim() === "" ? input.value : Number(input.value));
    const i = this.inputs;
    return { op: "study", experiment: i.experiment.value, variant: i.variant.value, compare: i.compare.value || null, players: number(i.players),
      bot: i.bot.value, deals: number(i.deals), seed: number(i.seed) };
  }

  async run() {
    this.error.hidden = true;
    const started = await this.bridge.call(this.request());
    if (!started.ok) {
      this.fail(started.error);
      this.root.dataset.state = "ready";
      return;
    }
    this.stopped = false;
    this.runButton.disabled = true;
    this.stopButton.disabled = false;
    this.root.dataset.state = "running";
    let study = started.study;
    this.updateLink(study);
    this.show(study);
    const t0 = performance.now();
    while (!study.finished && !this.stopped) {
      const reply = await this.bridge.call({ op: "study_step" });
      if (!reply.ok) { this.fail(reply.error); break; }
      study = reply.study;
      this.show(study);
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    this.runButton.disabled = false;
    this.stopButton.disabled = true;
    if (this.root.dataset.state === "error") return;
    this.root.dataset.state = study.finished ? "done" : "stopped";
    this.status.textContent = study.finished
      ? `Done: ${study.done} deals in ${seconds} s.`
      : `Stopped after ${study.done} of ${study.deals} deals; the figures are those deals'.`;
    window.mawStats = window.mawStats || { requests: [] };
    window.mawStats.experiment = { deals: study.done, seconds: Number(seconds) };
  }

  show(study) {
    this.progress.max = study.deals;
    this.progress.value = study.done;
    this.progressText.textContent = `${study.done} of ${study.deals} deals`;
    this.status.textContent = `Playing: ${this.describe(study)}`;
    if (!study.cells.length) return;
    this.drawChart(study);
    this.drawTable(study);
  }

  describe(study) {
    const names = this.variantsOf(study).map((id) => this.variantName(id)).join(" compared with ");
    return `${names}, ${study.players} players, '${study.bot}' bots in every seat, seed ${study.seed}`;
  }

  ordered(cells) {
    return [...cells].sort((a, b) => keyRank(a.key) - keyRank(b.key));
  }

  variantsOf(study) {
    return [study.variant, study.compare].filter(Boolean);
  }

  variantName(id) {
    const v = this.variants.find((x) => x.id === id);
    return v ? v.name : id;
  }

  drawChart(study) {
    // One row per figure; with a comparison, one bar per variant in each row (the same deals).
    const variants = this.variantsOf(study);
    const rows = [];
    for (const measure of CHART[study.experiment]) {
      for (const cell of this.ordered(study.cells.filter((c) => c.measure === measure && c.variant === study.variant))) {
        rows.push(variants.map((v) => study.cells.find((c) => c.measure === cell.measure && c.key === cell.key && c.variant === v)));
      }
    }
    const shown = rows.flat().filter(Boolean);
    const labelWidth = 300, barWidth = 360, barStep = 18, top = variants.length > 1 ? 26 : 8;
    const rowHeight = 8 + barStep * variants.length;
    const height = top + rows.length * rowHeight + 28;
    // The axis ends at the next tenth above the highest interval: ticks at round percentages.
    const scale = Math.min(1, Math.ceil(10 * Math.max(0.01, ...shown.map((c) => c.high))) / 10);
    const x = (value) => labelWidth + (barWidth * value) / scale;
    const words = (c) => `${this.label(c, study)}${variants.length > 1 ? ` (${this.variantName(c.variant)})` : ""} ${percent(c.mean)}`;
    const chart = svg("svg", { viewBox: `0 0 ${labelWidth + barWidth + 70} ${height}`, role: "img",
      "aria-label": `Bar chart: ${shown.map(words).join("; ")}` });
    if (variants.length > 1) {
      variants.forEach((v, i) => {
        chart.append(svg("rect", { x: labelWidth + i * 180, y: 4, width: 12, height: 12, class: `maw-exp-bar maw-exp-bar-v${i}` }));
        chart.append(svg("text", { x: labelWidth + i * 180 + 18, y: 14, class: "maw-exp-label" }, this.variantName(v)));
      });
    }
    rows.forEach((group, k) => {
      const y0 = top + k * rowHeight;
      chart.append(svg("text", { x: labelWidth - 8, y: y0 + 4 + (barStep * variants.length) / 2 + 4, "text-anchor": "end",
        class: "maw-exp-label" }, this.label(group.find(Boolean), study)));
      group.forEach((c, i) => {
        if (!c) return;
        const y = y0 + i * barStep;
        const colour = variants.length > 1 ? `maw-exp-bar-v${i}` : `maw-exp-bar-${c.measure}`;
        chart.append(svg("rect", { x: labelWidth, y: y + 4, width: Math.max(1, x(c.mean) - labelWidth), height: 14,
          class: `maw-exp-bar ${colour}`, "data-measure": c.measure, "data-key": c.key, "data-variant": c.variant }));
        // The 95% interval as a whisker.
        chart.append(svg("line", { x1: x(c.low), x2: x(c.high), y1: y + 11, y2: y + 11, class: "maw-exp-whisker" }));
        for (const end of [c.low, c.high]) chart.append(svg("line", { x1: x(end), x2: x(end), y1: y + 6, y2: y + 16, class: "maw-exp-whisker" }));
        chart.append(svg("text", { x: x(c.high) + 6, y: y + 15, class: "maw-exp-value" }, percent(c.mean)));
      });
    });
    const axisY = top + rows.length * rowHeight + 4;
    chart.append(svg("line", { x1: labelWidth, x2: labelWidth + barWidth, y1: axisY, y2: axisY, class: "maw-exp-axis" }));
    for (const tick of [0, 0.5, 1]) {
      chart.append(svg("text", { x: labelWidth + barWidth * tick, y: axisY + 16, "text-anchor": "middle", class: "maw-exp-tick" }, percent(scale * tick)));
    }
    const caption = el("figcaption", { text: `${this.describe(study)}: ${study.done} deals` +
      `${variants.length > 1 ? " of each rule set, the same deals for both" : ""}. Bars: share of deals; whiskers: 95% confidence interval.` });
    this.chart.replaceChildren(chart, caption);
    this.chart.hidden = false;
  }

  label(cell, study) {
    const make = LABELS[cell.measure];
    return make ? make(cell.key, study.players) : `${cell.measure} ${cell.key}`;
  }

  drawTable(study) {
    const variants = this.variantsOf(study);
    const columns = ["Figure", ...(variants.length > 1 ? ["Rules"] : []), "Value", "95% interval", "Observations"];
    const head = el("thead", {}, el("tr", {}, ...columns.map((t) => el("th", { scope: "col", text: t }))));
    const body = el("tbody");
    const shares = new Set(["spoil", "jink", "win_holding", "win_if_rob", "win_if_pass", "win_by_position"]);
    const cells = [...study.cells].sort((a, b) => a.measure.localeCompare(b.measure) || keyRank(a.key) - keyRank(b.key)
      || variants.indexOf(a.variant) - variants.indexOf(b.variant));
    for (const c of cells) {
      const fmt = shares.has(c.measure) ? percent : (v) => v.toFixed(2);
      body.append(el("tr", { "data-measure": c.measure, "data-key": c.key, "data-variant": c.variant,
        "data-mean": c.mean, "data-low": c.low, "data-high": c.high },
        el("th", { scope: "row", text: this.label(c, study) }),
        variants.length > 1 ? el("td", { text: this.variantName(c.variant) }) : null,
        el("td", { text: fmt(c.mean) }), el("td", { text: `${fmt(c.low)} – ${fmt(c.high)}` }),
        el("td", { text: String(c.n) })));
    }
    this.table.replaceChildren(el("caption", { text: `All figures: ${this.describe(study)}` }), head, body);
    this.table.hidden = false;
  }
}

document.querySelectorAll("[data-maw-experiment]").forEach((root) => new ExperimentWidget(root));
