// The answer to a refused move, where the player looks: a small sheet beside the card they tapped
// (above it where there is room, else below it), always inside the window. One plain sentence
// first, from the engine; the sources it rests on a tap away (a <details>); read out to screen
// readers (role="alert"). It goes when the player moves, presses OK or Escape.
//
// Hook: [data-maw-answer] (role="alert"), its sentence and a "Sources" disclosure; data-rule: the
// refusing rule's id (maw_sim.refusals.RULES), as the engine sent it.

import { el } from "./dom.js";

const MARGIN = 8;

export class AnswerSheet {
  constructor() {
    this.sentence = el("p", { class: "maw-answer-sentence" });
    this.sources = el("p", { class: "maw-answer-sources" });
    this.more = el("details", { class: "maw-answer-more" }, el("summary", { text: "Sources" }), this.sources);
    const ok = el("button", { type: "button", class: "maw-button maw-answer-ok", text: "OK", "aria-label": "Close this answer" });
    ok.addEventListener("click", () => this.hide());
    this.node = el("div", { class: "maw-answer", "data-maw-answer": "", role: "alert", hidden: true },
      this.sentence, this.more, ok);
    this.near = null;
    this.place = () => this.position();
    this.more.addEventListener("toggle", this.place);
    // Escape closes it wherever the focus is (it stays on the card tapped, not on the sheet).
    this.escape = (event) => { if (event.key === "Escape") this.hide(); };
  }

  /** Answer beside ``near`` (the card tapped): ``sentence`` first, ``sources`` (or none) behind a tap;
   * ``rule``: the id of the rule that refuses the card (data-rule), where a rule does. */
  show(near, sentence, sources = null, rule = null) {
    this.near = near;
    this.sentence.textContent = sentence;
    if (rule) this.node.dataset.rule = rule;
    else delete this.node.dataset.rule;
    this.sources.textContent = sources || "";
    this.more.hidden = !sources;
    this.more.open = false;
    this.node.hidden = false;
    this.position();
    document.addEventListener("keydown", this.escape);
    window.addEventListener("scroll", this.place, { passive: true });
    window.addEventListener("resize", this.place);
  }

  hide() {
    if (this.node.hidden) return;
    this.node.hidden = true;
    document.removeEventListener("keydown", this.escape);
    window.removeEventListener("scroll", this.place);
    window.removeEventListener("resize", this.place);
    if (this.near && this.near.isConnected) this.near.focus({ preventScroll: true });
    this.near = null;
  }

  // Fixed to the window, beside the card: above it where it fits, else below, never outside.
  position() {
    if (this.node.hidden || !this.near || !this.near.isConnected) return;
    const card = this.near.getBoundingClientRect();
    const box = this.node.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    // The site's sticky header covers the top of the window: the sheet stays below it.
    const header = document.querySelector("header");
    const ceiling = Math.max(0, header ? header.getBoundingClientRect().bottom : 0) + MARGIN;
    let top = card.top - box.height - MARGIN;
    if (top < ceiling) top = card.bottom + MARGIN;
    top = Math.max(ceiling, Math.min(top, height - box.height - MARGIN));
    const left = Math.max(MARGIN, Math.min(card.left + card.width / 2 - box.width / 2, width - box.width - MARGIN));
    this.node.style.top = `${Math.round(top)}px`;
    this.node.style.left = `${Math.round(left)}px`;
  }
}
