// The Experiment widget: a small study run in the reader's browser, with progress and a chart.
//
// No rule and no statistics live here. The engine (maw_sim.web → maw_sim.studies.browser, in
// Python, in the Web Worker) says which studies, bots and limits it offers (op "studies"), checks
// the parameters, plays the deals one step (≤ 100 deals) at a time and sends back the summary so
// far — each figure with its label, its 95% interval, and the rows to chart, in order. This file
// draws the form, the progress bar, a bar chart (inline SVG, drawn here: no chart library, nothing
// fetched) and a table of the same numbers for screen readers and for copying.
//
// Stable hooks (tests rely on them):
//   root:     [data-maw-experiment] with data-state = loading | ready | running | stopped | done | error
//   form:     [name=experiment|variant|players|bot|deals|seed], button[data-action=run|stop]
//   progress: <progress data-maw-progress>, result table [data-maw-results] rows [data-measure][data-key]
//   link:     a[data-maw-study-link] (this study as a link), [data-maw-link-warning] (a link not followed)

import { Bridge, SERVE_HINT } from "./bridge.js";
import { el, svgEl as svg } from "./dom.js";

const percent = (x) => `${(100 * x).toFixed(1)}%`;

class ExperimentWidget {
  constructor(root) {
    this.root = root;
    this.stopped = false;
    this.variants = [];
    this.build();
    this.bridge = new Bridge((text) => { this.status.textContent = text; });
    this.bridge.ready
      .then(() => Promise.all([this.bridge.call({ op: "variants" }), this.bridge.call({ op: "studies" })]))
      .then(([variants, studies]) => this.ready(variants, studies))
      .catch((error) => this.fail(`The experiment could not start: ${error.message}. ${SERVE_HINT}`));
  }

  field(name, label, input) {
    input.name = name;
    input.id = `${this.root.id || "maw-experiment"}-${name}`;
    return el("div", { class: "maw-exp-field" }, el("label", { for: input.id, text: label }), input);
  }

  build() {
    const d = this.root.dataset;
    // The choices and limits are filled from the engine once it has started (ready()).
    this.inputs = {
      experiment: el("select", {}, el("option", { value: d.experiment, text: d.experiment, selected: true })),
      variant: el("select", {}, el("option", { value: d.variant, text: d.variant, selected: true })),
      compare: el("select", {}, el("option", { value: "", text: "(nothing)", selected: true })),
      players: el("input", { type: "number", value: d.players, inputmode: "numeric" }),
      bot: el("select", {}, el("option", { value: d.bot, text: d.bot, selected: true })),
      deals: el("input", { type: "number", min: 1, value: d.deals, inputmode: "numeric" }),
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

  ready(reply, studies) {
    if (!reply.ok) return this.fail(reply.error);
    if (!studies.ok) return this.fail(studies.error);
    const offer = studies.studies;
    const d = this.root.dataset;
    this.inputs.experiment.replaceChildren(...offer.experiments.map((e) =>
      el("option", { value: e.id, text: `${e.id}: ${e.question}`, selected: e.id === d.experiment })));
    this.inputs.bot.replaceChildren(...offer.bots.map((b) => el("option", { value: b, text: b, selected: b === d.bot })));
    Object.assign(this.inputs.players, { min: offer.players.min, max: offer.players.max });
    this.inputs.deals.max = offer.max_deals;
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
  }

  show(study) {
    this.progress.max = study.deals;
    this.progress.value = study.done;
    this.progressText.textContent = `${study.done} of ${study.deals} deals`;
    this.status.textContent = `Playing: ${study.description}`;
    if (!study.cells.length) return;
    this.drawChart(study);
    this.drawTable(study);
  }

  variantsOf(study) {
    return [study.variant, study.compare].filter(Boolean);
  }

  drawChart(study) {
    // One row per figure; with a comparison, one bar per variant in each row (the same deals).
    const variants = this.variantsOf(study);
    const name = (v) => study.variant_names[v];
    const rows = study.chart.map((row) =>
      variants.map((v) => study.cells.find((c) => c.measure === row.measure && c.key === row.key && c.variant === v)));
    const shown = rows.flat().filter(Boolean);
    const labelWidth = 300, barWidth = 360, barStep = 18, top = variants.length > 1 ? 26 : 8;
    const rowHeight = 8 + barStep * variants.length;
    const height = top + rows.length * rowHeight + 28;
    // The axis ends at the next tenth above the highest interval: ticks at round percentages.
    const scale = Math.min(1, Math.ceil(10 * Math.max(0.01, ...shown.map((c) => c.high))) / 10);
    const x = (value) => labelWidth + (barWidth * value) / scale;
    const words = (c) => `${c.label}${variants.length > 1 ? ` (${name(c.variant)})` : ""} ${percent(c.mean)}`;
    const chart = svg("svg", { viewBox: `0 0 ${labelWidth + barWidth + 70} ${height}`, role: "img",
      "aria-label": `Bar chart: ${shown.map(words).join("; ")}` });
    if (variants.length > 1) {
      variants.forEach((v, i) => {
        chart.append(svg("rect", { x: labelWidth + i * 180, y: 4, width: 12, height: 12, class: `maw-exp-bar maw-exp-bar-v${i}` }));
        chart.append(svg("text", { x: labelWidth + i * 180 + 18, y: 14, class: "maw-exp-label" }, name(v)));
      });
    }
    rows.forEach((group, k) => {
      const y0 = top + k * rowHeight;
      chart.append(svg("text", { x: labelWidth - 8, y: y0 + 4 + (barStep * variants.length) / 2 + 4, "text-anchor": "end",
        class: "maw-exp-label" }, group.find(Boolean).label));
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
    const caption = el("figcaption", { text: `${study.description}: ${study.done} deals` +
      `${variants.length > 1 ? " of each rule set, the same deals for both" : ""}. Bars: share of deals; whiskers: 95% confidence interval.` });
    this.chart.replaceChildren(chart, caption);
    this.chart.hidden = false;
  }

  drawTable(study) {
    const variants = this.variantsOf(study);
    const columns = ["Figure", ...(variants.length > 1 ? ["Rules"] : []), "Value", "95% interval", "Observations"];
    const head = el("thead", {}, el("tr", {}, ...columns.map((t) => el("th", { scope: "col", text: t }))));
    const body = el("tbody");
    // The cells come in reading order; a share of deals is written as a percentage.
    for (const c of study.cells) {
      const fmt = c.share ? percent : (v) => v.toFixed(2);
      body.append(el("tr", { "data-measure": c.measure, "data-key": c.key, "data-variant": c.variant,
        "data-mean": c.mean, "data-low": c.low, "data-high": c.high },
        el("th", { scope: "row", text: c.label }),
        variants.length > 1 ? el("td", { text: study.variant_names[c.variant] }) : null,
        el("td", { text: fmt(c.mean) }), el("td", { text: `${fmt(c.low)} – ${fmt(c.high)}` }),
        el("td", { text: String(c.n) })));
    }
    this.table.replaceChildren(el("caption", { text: `All figures: ${study.description}` }), head, body);
    this.table.hidden = false;
  }
}

document.querySelectorAll("[data-maw-experiment]").forEach((root) => new ExperimentWidget(root));
