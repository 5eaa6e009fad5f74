// A seat as the play table and the review board draw it: an <li data-seat> with the seat's name,
// its badges (dealer, to move, partner…) and a line of counts in the engine's words, then
// whatever the caller adds (the review board's open hand). One drawing for both, so a seat looks
// and reads the same wherever it is shown; what each badge says is the caller's, from the state.

import { el } from "./dom.js";

/** A seat's item: ``badges`` as [text, extra class, title] (null ones left out), ``info`` the
 * counts' node, ``classes`` more classes (" maw-is-partner"), ``after`` nodes after the counts. */
export function seatItem(seat, { badges = [], info = null, classes = "", after = [] } = {}) {
  return el("li", {
    class: `maw-seat${seat.you ? " maw-you" : ""}${seat.to_move ? " maw-to-move" : ""}${classes}`,
    "data-seat": seat.seat, "aria-current": seat.to_move ? "true" : null,
  },
  el("span", { class: "maw-seat-name", text: seat.name }),
  ...badges.filter(Boolean).map(([text, extra, title]) => el("span", { class: extra ? `maw-badge ${extra}` : "maw-badge", title: title || null, text })),
  info, ...after);
}
