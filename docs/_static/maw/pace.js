// How fast the bots' moves are shown: slow, normal, fast or instant, the reader's choice, kept in
// the browser (localStorage) for every table of the site. Reduced motion (a reader's setting, and
// the browser tests) starts at instant. Only the pauses between moves change, never the moves.
// And a learner's pace: "Play this card?" asked before the first card of each deal (off unless
// chosen, kept the same way).

import { el } from "./dom.js";

const KEY = "maw-speed";
// Milliseconds after a card played, after a trick won (it stays until the next card is played;
// "Continue" goes on at once), after any other move. Slow waits for "Continue" after a trick.
const SPEEDS = {
  slow: { label: "Slow (each trick waits for Continue)", card: 900, trick: Infinity, other: 1000 },
  normal: { label: "Normal", card: 450, trick: 1800, other: 600 },
  fast: { label: "Fast", card: 150, trick: 700, other: 200 },
  instant: { label: "Instant", card: 0, trick: 0, other: 0 },
};

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function stored() {
  try { return localStorage.getItem(KEY); } catch (error) { return null; }   // storage may be off
}

export function speed() {
  const chosen = stored();
  return chosen in SPEEDS ? chosen : reducedMotion() ? "instant" : "normal";
}

export function animates() { return speed() !== "instant"; }

/** Whether a trick won waits for "Continue" (Slow) rather than for a moment. */
export function waitsForContinue() { return !Number.isFinite(SPEEDS[speed()].trick); }

/** A <select> of the speeds, showing the one in use; a change is kept for the whole site. */
export function speedSelect() {
  const select = el("select", { name: "speed", "aria-label": "Speed of the bots' moves" },
    ...Object.entries(SPEEDS).map(([value, s]) => el("option", { value, text: s.label })));
  select.value = speed();
  select.addEventListener("change", () => {
    try { localStorage.setItem(KEY, select.value); } catch (error) { /* kept for this page only */ }
  });
  return select;
}

/** Wait after a move of this kind (card | trick | other); ``skip`` (a promise) ends it early. */
export function pause(kind, skip = null) {
  const ms = SPEEDS[speed()][kind];
  if (!ms) return Promise.resolve();
  const waits = [skip].filter(Boolean);
  // "Slow" waits for Continue; without a Continue to press it waits as long as three tricks at normal.
  const wait = Number.isFinite(ms) ? ms : skip ? null : 3 * SPEEDS.normal.trick;
  if (wait !== null) waits.push(new Promise((resolve) => setTimeout(resolve, wait)));
  return Promise.race(waits);
}

const ASK_KEY = "maw-ask-first-card";

/** Whether the learner asked to confirm the first card of each deal. */
export function askFirst() {
  try { return localStorage.getItem(ASK_KEY) === "yes"; } catch (error) { return false; }
}

/** The checkbox for it, kept for the whole site. */
export function askFirstBox() {
  const box = el("input", { type: "checkbox", name: "ask-first" });
  box.checked = askFirst();
  box.addEventListener("change", () => {
    try { localStorage.setItem(ASK_KEY, box.checked ? "yes" : "no"); } catch (error) { /* this page only */ }
  });
  return el("label", { class: "maw-ask-first" }, box, " Ask “Play this card?” before my first card of each deal");
}
