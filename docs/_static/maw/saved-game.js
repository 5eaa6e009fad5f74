// A game that survives: the address bar always carries the game in play (history.replaceState:
// no new history entry), so a reload, the Back button and the phone's own Share restore it; the
// browser keeps it as well (localStorage, one game a page), so a closed tab or the page opened
// again without a link goes on where it was. A link in the address bar wins over what is kept.
//
// What is kept is the game's link, exactly as the engine writes it (state.link: the variant, the
// players, the seed, the house rules and "game", the whole game so far), plus the seat and the
// bots: the engine restores the deal, the position and the score sheet from it. The names people
// give their seats at a shared device travel in it too (state.link.names: they were typed to be
// shown at the table, and the link is shared by the people who typed them); the browser also keeps
// them on their own, to fill the form of the next game.

const PREFIX = "maw-game:";
const NAMES_PREFIX = "maw-names:";
// The link parameters a table follows; Python checks each of them.
export const LINK_KEYS = ["variant", "players", "seed", "bot", "teams", "seat", "game", "options", "preset", "humans", "names"];

/** The address of the game in ``state`` (this page, its link's parameters). */
export function gameUrl(state) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  for (const [key, value] of Object.entries(state.link)) url.searchParams.set(key, String(value));
  if (state.seat) url.searchParams.set("seat", String(state.seat));
  url.searchParams.set("bot", state.bot);
  return url;
}

function paramsOf(search) {
  const params = new URLSearchParams(search);
  const out = {};
  for (const key of LINK_KEYS) if (params.has(key)) out[key] = params.get(key);
  return out;
}

export class SavedGame {
  constructor(page = location.pathname) {
    this.key = PREFIX + page;
    this.namesKey = NAMES_PREFIX + page;
  }

  /** The names the people at this device last gave their seats, kept by the browser to fill
   * the form of a new game. */
  loadNames() {
    try {
      const kept = JSON.parse(localStorage.getItem(this.namesKey) || "[]");
      return Array.isArray(kept) ? kept.filter((name) => typeof name === "string") : [];
    } catch (error) {
      return [];
    }
  }

  saveNames(names) {
    try {
      localStorage.setItem(this.namesKey, JSON.stringify(names));
    } catch (error) { /* storage off: the names last until the page is closed */ }
  }

  /** The parameters to start from: the address bar's if it names a game, else the kept game's. */
  load() {
    const given = paramsOf(location.search);
    if (Object.keys(given).length) return given;
    try {
      const kept = localStorage.getItem(this.key);
      return kept ? paramsOf(kept) : {};
    } catch (error) {
      return {};   // storage off (a private window, a policy): the game lives in the address bar only
    }
  }

  /** Keep the game in ``state``: in the address bar and in the browser. */
  save(state) {
    const url = gameUrl(state);
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    try {
      localStorage.setItem(this.key, url.search);
    } catch (error) { /* the address bar still has it */ }
    return url;
  }
}

/** Share the address (the phone's Share sheet), else copy it; says what was done, in words. */
export async function shareOrCopy(url, title) {
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ title, url });
      return "Shared.";
    } catch (error) {
      if (error && error.name === "AbortError") return "";
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return "Link copied: paste it to share this game.";
  } catch (error) {
    return `Copy this link to share the game: ${url}`;
  }
}
