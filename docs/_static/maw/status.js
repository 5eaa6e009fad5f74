// What a widget says about itself: that it is starting (with the worker's progress), that it is
// busy, and a message (an error, a warning, a link not followed). The table (table.js) and the
// review board (review.js) each keep one.
//
// It takes the widget's root: the loading line and the message are put at its top (whatever the
// page had there goes), the widget's own parts after them. Hooks: the root's data-busy and
// aria-busy; the loading line is a role="status", under it a role="progressbar" (the bytes of a
// first visit, in megabytes and percent), the message a role="alert" (read out when it changes).

import { el } from "./dom.js";
import { SERVE_HINT } from "./bridge.js";

export class Status {
  constructor(root, startingText = "Starting Python in your browser…") {
    this.root = root;
    this.busy = false;
    this.loadingText = el("span", { text: startingText });
    this.barFill = el("span", { class: "maw-bar-fill" });
    this.barText = el("span", { class: "maw-bar-text" });
    this.bar = el("span", { class: "maw-bar", role: "progressbar", "aria-label": "Downloading Python and the engine",
      "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": "0", hidden: true }, this.barFill);
    // Only the line of words is a live region: the figures change ten times a second.
    this.loading = el("div", { class: "maw-loading" },
      el("p", { role: "status" }, el("span", { class: "maw-spinner", "aria-hidden": "true" }), this.loadingText),
      el("p", { class: "maw-bar-line" }, this.bar, this.barText));
    this.message = el("p", { class: "maw-message", role: "alert", hidden: true });
    root.replaceChildren(this.loading, this.message);
    // The bridge's progress listener (new Bridge(status.progress)).
    this.progress = (text, loaded, total) => {
      this.loadingText.textContent = text;
      if (total > 0) this.showBytes(Math.min(loaded, total), total);
    };
  }

  showBytes(loaded, total) {
    const percent = Math.floor((100 * loaded) / total);
    const mb = (n) => (n / 1e6).toFixed(1);
    const said = `${mb(loaded)} of ${mb(total)} MB (${percent}%)`;
    this.bar.hidden = false;
    this.bar.setAttribute("aria-valuenow", String(percent));
    this.bar.setAttribute("aria-valuetext", said);
    this.barFill.style.width = `${percent}%`;
    this.barText.textContent = said;
  }

  loaded() { this.loading.hidden = true; }

  setBusy(busy) {
    this.busy = busy;
    this.root.dataset.busy = String(busy);
    this.root.setAttribute("aria-busy", String(busy));
  }

  /** Say ``text`` (kind: info | warning | error), or nothing. */
  // ``rule``: a refused move's rule id (maw_sim.refusals.RULES), kept as data-rule for the tests.
  say(text, kind = "info", rule = null) {
    this.message.hidden = !text;
    this.message.textContent = text || "";
    this.message.dataset.kind = kind;
    if (rule) this.message.dataset.rule = rule;
    else delete this.message.dataset.rule;
  }

  /** Wait for the engine, then do ``work``; a failure is said as ``what`` could not start, and
   * ``onFailure`` (the widget marking itself as failed) runs. Busy from the start. */
  async start(bridge, what, work, onFailure) {
    this.setBusy(true);
    try {
      await bridge.ready;
      this.loaded();
      await work();
    } catch (error) {
      onFailure();
      this.failed(what, error);
    }
  }

  /** The widget could not start: what failed, and how to serve the site so that Python runs. */
  failed(what, error) {
    this.setBusy(false);
    this.loaded();
    this.say(`${what} could not start: ${error.message}. ${SERVE_HINT}`, "error");
  }
}
