// The play table's animation: the moves of a reply (the engine's events) shown one by one on the
// felt, at the reader's speed (pace.js), before the new state is drawn. A trick won stays on the
// felt, with who won it, until the next card is played: while the bots go on, for the speed's
// pause or until the player presses Continue (at "Slow", until then).
//
// Which event lays a card on the trick and which takes a trick is the engine's word (each
// event's ``laid`` and its kind "trick"); the words shown are the events' own.

import { pause, waitsForContinue } from "./pace.js";

/** Show ``events`` on ``view`` (a TableView), from ``before`` (the state drawn so far, or null)
 * to ``next`` (the reply's state); each event is logged, and shown one by one where ``animate``. */
export async function showMoves(view, events, before, next, animate) {
  let shown = animate && before && before.trick && before.trick.winner === null ? [...before.trick.plays] : [];
  let taken = false;
  // While the moves are shown, the hand and the seats are last turn's: marked as waiting, so no
  // card looks playable and no seat says "to move" (the new state's drawing clears it).
  if (animate && events.length) view.root.dataset.waiting = "true";
  for (const [i, event] of events.entries()) {
    view.logEvent(event);
    if (!animate) continue;
    if (event.kind === "deal") {
      shown = [];
      view.drawTrickOf(next, { plays: [] }, "");
    } else if (event.laid) {
      if (taken) { shown = []; taken = false; }
      shown.push({ seat: event.seat, card: event.card });
      // Your own card leaves your hand as it reaches the table (the state redraws the rest).
      if (before && event.seat === before.seat && !before.pass_and_play) {
        const played = view.hand.querySelector(`[data-card="${CSS.escape(event.card.code)}"]`);
        if (played) played.remove();
      }
      view.drawTrickOf(next, { plays: shown, winner: null }, "", true);
      view.prompt.textContent = event.text;
      await pause("card");
    } else if (event.kind === "trick") {
      view.drawTrickOf(next, { plays: shown, winner: event.seat }, event.text);
      view.prompt.textContent = event.text;
      taken = true;
      // The last event: the new state shows this trick until the next card; else the bots wait.
      if (i < events.length - 1) await holdTrick(view);
    } else {
      view.prompt.textContent = event.text;
      await pause("other");
    }
  }
}

async function holdTrick(view) {
  const button = view.continueButton;
  button.hidden = false;
  // The pause says what it waits for: at Slow, the Continue button; else a moment.
  const words = view.prompt.textContent;
  view.prompt.textContent = `${words} ${waitsForContinue() ? "Press Continue to go on." : "The play goes on in a moment (or press Continue)."}`;
  const pressed = new Promise((resolve) => button.addEventListener("click", resolve, { once: true }));
  await pause("trick", pressed);
  button.hidden = true;
}
