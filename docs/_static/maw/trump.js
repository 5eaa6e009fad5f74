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

export class TurnupView {
  constructor() {
    this.node = el("div", { class: "maw-turnup" });
  }

  /** The label (or none), the turn-up (or none) and the trump (or "not named yet"). */
  draw(turnup, trump, label = "Turn-up") {
    this.node.replaceChildren(...[label ? el("span", { class: "maw-label", text: label }) : null,
      turnup ? cardImage(turnup, "maw-small") : null, trumpBadge(trump)].filter(Boolean));
  }
}
