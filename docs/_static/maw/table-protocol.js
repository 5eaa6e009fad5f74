// The play table's protocol: the requests the page sends the engine (maw_sim.web, in the Web
// Worker, or the table server through socket-bridge.js), built here and nowhere else. Each is
// JSON; the engine checks every field and answers {ok, state, events} or {ok: false, error}.

// The review page, at the site's root (this file is in _static/maw/).
const REVIEW_PAGE = new URL("../../review.html", import.meta.url);

/** The first request of a page: the link's parameters (plain strings, which the engine checks in
 * lenient mode) or the game this browser kept, else the page's own settings. "game" is a whole
 * game so far: it wins. ``names``: the names kept at this device, used where the link gives none. */
export function startRequest(params, config, names, randomSeed) {
  const request = {
    op: "new", lenient: true,
    variant: params.variant ?? config.variant,
    players: params.players ?? config.players,
    seed: params.seed ?? config.seed ?? randomSeed(),
    bot: params.bot ?? config.bot,
    teams: params.teams ?? config.teams,
    seat: params.seat ?? 0,
    game: params.game ?? null,
    options: params.options ?? null,
    preset: params.preset ?? null,
    humans: params.humans ?? config.humans,
    names: params.names ?? null,
    default_variant: config.variant,
    default_seed: randomSeed(),
  };
  if (request.players === null) delete request.players;
  if (request.teams === null) delete request.teams;
  const people = String(request.humans ?? "").split(",").filter((part) => part.trim() !== "").length;
  if (people > 1 && request.names === null && names.length === people) request.names = names;
  for (const key of ["game", "options", "preset", "humans", "names"]) if (request[key] === null) delete request[key];
  return request;
}

export const act = (action) => ({ op: "act", action });
export const HINT = { op: "hint" };
export const RECORD = { op: "record" };
export const VARIANTS = { op: "variants" };

/** The kitty or the discard: the cards marked, in the hand's order, as the one action the state's
 * select names (its word, then the cards), or its action for none. */
export function discardAction(s, marked) {
  const cards = s.hand.map((card) => card.code).filter((code) => marked.has(code));
  return act(cards.length ? [s.select.action, ...cards].join(" ") : s.select.none_action ?? s.select.action);
}

/** The review page for the deal of ``s`` just finished (its game's link), or null. */
export function reviewHref(s) {
  if (!(s.outcome && s.link && s.link.game)) return null;
  const review = new URL(REVIEW_PAGE);
  review.searchParams.set("game", s.link.game);
  if (s.seat) review.searchParams.set("seat", String(s.seat));
  // Which seat was yours, so the board marks it "you"; at a table passed round, the people's
  // seats and the names they gave, so the board calls them so.
  if (!s.pass_and_play) review.searchParams.set("you", String(s.seat));
  for (const key of ["humans", "names"]) if (s.pass_and_play && s.link[key]) review.searchParams.set(key, s.link[key]);
  return review.href;
}
