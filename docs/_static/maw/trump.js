// The turn-up's place beside the felt: the card turned (if any) and the trump named. The play table
// (table.js) and the review board (review.js) show it alike. The trump is the engine's {suit,
// symbol, name, red}; the bidding games turn no card up and name no trump until the bidder does.

import { el } from "./dom.js";
import { cardImage } from "./cards.js";

function trumpBadge(trump) {
  if (!trump) return el("span", { class: "maw-trump maw-black", text: "Trumps not named yet" });
  return el("span", { class: `maw-trump ${trump.red ? "maw-red" : "maw-black"}`, text: `Trumps ${trump.symbol}`,
    title: `Trumps: ${trump.name}`, "aria-label": `Trumps: ${trump.name}` });
}

/** The trump badge with the order of the trumps a tap away (a native <details>: keyboard, touch and
 *  screen readers alike). ``order`` is the engine's ranking in force, highest first. */
function trumpReminder(trump, order) {
  if (!trump || !order || !order.length) return trumpBadge(trump);
  const top = order.slice(0, 4).map((c) => c.symbol).join(" ");
  const list = el("ol", { class: "maw-trump-list", "aria-label": "The trumps, highest first" },
    ...order.map((c) => el("li", { class: c.red ? "maw-red" : "maw-black", text: c.symbol, title: c.name })));
  return el("details", { class: "maw-trump-order" },
    // The visible words are the name (no aria-label over them), with the purpose for screen readers.
    el("summary", { class: `maw-trump ${trump.red ? "maw-red" : "maw-black"}`, title: `Trumps: ${trump.name}` },
      `Trumps ${trump.symbol}: ${top} …`, el("span", { class: "maw-sr-only", text: " (show every trump in order)" })),
    list);
}

export class TurnupView {
  constructor() {
    this.node = el("div", { class: "maw-turnup" });
  }

  /** The label (or none), the turn-up (or none) and the trump (or "not named yet"), with the order
   *  of the trumps in force where the engine sends it (the play table). */
  draw(turnup, trump, label = "Turn-up", order = null) {
    const open = this.node.querySelector("details.maw-trump-order")?.open;
    const badge = trumpReminder(trump, order);
    if (open && badge.tagName === "DETAILS") badge.open = true;     // a redraw keeps it open
    this.node.replaceChildren(...[label ? el("span", { class: "maw-label", text: label }) : null,
      turnup ? cardImage(turnup, "maw-small") : null, badge].filter(Boolean));
  }
}
