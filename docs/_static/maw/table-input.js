// The play table's input: clicks and keys on the view (table-view.js) turned into the
// controller's calls (table.js). The listeners are set once, on the skeleton, and find what was
// tapped by its hooks (data-card, data-action), so the drawing never binds a handler and a
// redraw never loses one. Keyboard: Tab reaches the hand and the choices; arrows move within them
// (one Tab stop a group, rovingTabIndex in table-view.js); Enter and Space press.

/** Listen on ``view`` for the reader; ``table``: the controller. */
export function listen(view, table) {
  const on = (node, handler) => node.addEventListener("click", handler);
  on(view.share, () => table.shareGame());
  on(view.lastTrick, () => table.toggleLastTrick());
  on(view.hintButton, () => table.showHint());
  on(view.confirm, () => table.confirmDiscard());
  on(view.passButton, () => table.reveal());
  on(view.newRandom, () => table.newGame(table.settings.request(null, true)));
  on(view.newDeal, () => table.nextDeal("next"));
  on(view.nextGame, () => table.nextDeal("next_game"));
  on(view.download, () => table.downloadRecord());
  // A card of the hand: played, put out (robbing), marked, or, refused, why beside it.
  on(view.hand, (event) => {
    const button = event.target.closest("button[data-card]");
    if (button && view.hand.contains(button)) table.tapCard(button.dataset.card, button);
  });
  on(view.choices, (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && !table.busy) table.act(button.dataset.action);
  });
  on(view.more, (event) => {
    const list = view.more.querySelector("select");
    if (event.target.closest(".maw-more-go") && list && !table.busy) table.act(list.value);
  });
  // Remember that the reader uses the table, so redraws may move focus within it (never before).
  view.root.addEventListener("focusin", () => { view.root.dataset.focused = "true"; });
  // The felt follows the window's height (a phone turned, a toolbar shown, full screen).
  window.addEventListener("resize", () => view.fit());
  for (const group of [view.hand, view.choices]) group.addEventListener("keydown", (event) => arrowKeys(event, group));
}

function arrowKeys(event, group) {
  const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  if (!(event.key in keys)) return;
  const items = [...group.querySelectorAll("button")];
  const here = items.indexOf(document.activeElement);
  if (here < 0) return;
  event.preventDefault();
  const step = keys[event.key];
  const next = step === -Infinity ? 0 : step === Infinity ? items.length - 1 : (here + step + items.length) % items.length;
  for (const item of items) item.tabIndex = -1;
  items[next].tabIndex = 0;
  items[next].focus();
}
