// What a widget says about itself: that it is starting (with the worker's progress), that it is
// busy, and a message (an error, a warning, a link not followed). The table (table.js) and the
// review board (review.js) each keep one.
//
// It takes the widget's root: the loading line and the message are put at its top (whatever the
// page had there goes), the widget's own parts after them. Hooks: the root's data-busy and
// aria-busy; the loading line is a role="status", the message a role="alert" (read out when it
// changes).

import { el } from "./dom.js";
import { SERVE_HINT } from "./bridge.js";

export class Status {
  constructor(root, startingText = "Starting Python in your browser…") {
    this.root = root;
    this.busy = false;
    this.loadingText = el("span", { text: startingText });
    this.loading = el("p", { class: "maw-loading", role: "status" },
      el("span", { class: "maw-spinner", "aria-hidden": "true" }), this.loadingText);
    this.message = el("p", { class: "maw-message", role: "alert", hidden: true });
    root.replaceChildren(this.loading, this.message);
    // The bridge's progress listener (new Bridge(status.progress)).
    this.progress = (text) => { this.loadingText.textContent = text; };
  }

  loaded() { this.loading.hidden = true; }

  setBusy(busy) {
    this.busy = busy;
    this.root.dataset.busy = String(busy);
    this.root.setAttribute("aria-busy", String(busy));
  }

  /** Say ``text`` (kind: info | warning | error), or nothing. */
  say(text, kind = "info") {
    this.message.hidden = !text;
    this.message.textContent = text || "";
    this.message.dataset.kind = kind;
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
