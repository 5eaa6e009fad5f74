// The cards on the table: each lies toward the seat that played it, named under it, the winner's
// marked with a star; a line of words below (who won, or that the table is empty). The play table
// (table.js) and the review board (review.js) draw every trick with it.
//
// The words come from the engine (the state's trick note, an event's text, a review position);
// the names are the caller's (the play page's "You" and "Bot 2", the review board's seats).
// Hook: [data-maw-trick]; each card a <figure data-seat> with a named role="img" inside.

import { el } from "./dom.js";
import { cardImage, placeToward } from "./cards.js";

export class TrickView {
  constructor(label = "The trick on the table") {
    this.node = el("div", { class: "maw-trick", "data-maw-trick": "", role: "group", "aria-label": label });
  }

  /**
   * trick: {plays: [{seat, card}], winner (a seat, or null while open)}
   * seen:  {me: the seat at the bottom, players, nameOf(seat), note: words under the cards,
   *         newest: the last card slides in from its seat}
   */
  draw(trick, { me, players, nameOf, note = "", newest = false }) {
    const winner = trick.winner ?? null;
    this.node.replaceChildren(
      ...trick.plays.map((play, i) => {
        const won = play.seat === winner;
        const last = newest && i === trick.plays.length - 1;
        return placeToward(el("figure", { class: `maw-play${won ? " maw-winner" : ""}${last ? " maw-new" : ""}`, "data-seat": play.seat },
          cardImage(play.card), el("figcaption", { text: nameOf(play.seat) + (won ? " ★" : "") })), play.seat, me, players);
      }),
      el("p", { class: "maw-trick-note", text: note }));
  }
}
