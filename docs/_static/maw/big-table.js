// The big table: a table or the review board over the whole screen, its cards and words scaled to
// it, so that a class reads it from the back of a room on a projector.
//
// The Fullscreen API where the browser has it; else (a phone's browser without it, a page in a
// frame) the widget covers the window instead. Everything on the table is sized in rem, so while
// it is big the page's root font size is raised: the cards, the felt and the words grow together.
//
// Hook: <button data-action="big-table" aria-pressed>; the widget's root gets the class maw-big.

import { el } from "./dom.js";

// The root font size while big: the window's height in about forty lines, its width in sixty,
// never smaller than the page's own nor larger than 40 px.
const LINES_HIGH = 42;
const LINES_WIDE = 60;
const LARGEST_PX = 40;

export class BigMode {
  /** ``root``: the widget to show big; ``changed``: called after each change of size. */
  constructor(root, changed = () => {}) {
    this.root = root;
    this.changed = changed;
    this.on = false;
    this.button = el("button", { type: "button", class: "maw-button maw-big-button", "data-action": "big-table",
      "aria-pressed": "false", text: "Full screen", title: "Show the table over the whole screen (Escape leaves)" });
    this.button.addEventListener("click", () => (this.on ? this.leave() : this.enter()));
    document.addEventListener("fullscreenchange", () => {
      if (this.on && document.fullscreenElement !== this.root) this.set(false);
    });
    window.addEventListener("resize", () => { if (this.on) this.scale(); });
    document.addEventListener("keydown", (event) => {
      // The fallback has no browser Escape of its own.
      if (event.key === "Escape" && this.on && !document.fullscreenElement) this.leave();
    });
  }

  async enter() {
    this.set(true);
    if (this.root.requestFullscreen) {
      try { await this.root.requestFullscreen({ navigationUI: "hide" }); } catch (error) { /* the window instead */ }
    }
    this.scale();
  }

  async leave() {
    if (document.fullscreenElement === this.root) {
      try { await document.exitFullscreen(); } catch (error) { /* left already */ }
    }
    this.set(false);
  }

  set(on) {
    this.on = on;
    this.root.classList.toggle("maw-big", on);
    this.button.setAttribute("aria-pressed", String(on));
    this.button.textContent = on ? "Leave full screen" : "Full screen";
    if (!on) document.documentElement.style.removeProperty("font-size");
    this.scale();
  }

  scale() {
    if (this.on) {
      const px = Math.min(LARGEST_PX, window.innerHeight / LINES_HIGH, window.innerWidth / LINES_WIDE);
      if (px > 16) document.documentElement.style.fontSize = `${px.toFixed(1)}px`;
      else document.documentElement.style.removeProperty("font-size");
    }
    this.changed();
  }
}
