// Card faces drawn by the project, as SVG: the play table (table.js) and the review board
// (review.js) both import them, so a card looks the same wherever it is shown.
//
// A face is built from the engine's card info ({code, symbol, name, suit, red}): the rank is the
// code less its suit letter, the suit symbol is the last character of "symbol". Nothing here knows
// a rule. Colours come from CSS custom properties (table.css), so dark mode restyles every card.
// Every text is set with textContent.

import { el, svgEl } from "./dom.js";

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const W = 60;
const H = 84;

// Pip positions (x, y) in the 60×84 box for the number cards, the usual layouts of a printed deck.
const L = 19, M = 30, R = 41;
const PIPS = {
  2: [[M, 20], [M, 64]],
  3: [[M, 20], [M, 42], [M, 64]],
  4: [[L, 20], [R, 20], [L, 64], [R, 64]],
  5: [[L, 20], [R, 20], [M, 42], [L, 64], [R, 64]],
  6: [[L, 20], [R, 20], [L, 42], [R, 42], [L, 64], [R, 64]],
  7: [[L, 20], [R, 20], [M, 31], [L, 42], [R, 42], [L, 64], [R, 64]],
  8: [[L, 20], [R, 20], [M, 31], [L, 42], [R, 42], [M, 53], [L, 64], [R, 64]],
  9: [[L, 18], [R, 18], [L, 33], [R, 33], [M, 42], [L, 51], [R, 51], [L, 66], [R, 66]],
  10: [[L, 18], [R, 18], [M, 26], [L, 33], [R, 33], [L, 51], [R, 51], [M, 58], [L, 66], [R, 66]],
};


function frame(extraClass) {
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: `maw-svg-card ${extraClass}`, "aria-hidden": "true", focusable: "false" });
  svg.append(svgEl("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 5, class: "maw-card-paper" }));
  return svg;
}

/** The rank as printed ("10", "Q", "A") and the suit symbol, from the engine's card info. */
export function rankAndSuit(card) {
  if (!card.suit) return { rank: "JK", suit: "" };
  return { rank: card.code.slice(0, -1), suit: SUIT_SYMBOL[card.suit] || card.symbol.slice(-1) };
}

/** An SVG card face: indices in two corners, pips (number cards) or a framed letter (court cards). */
export function cardFaceSvg(card) {
  const { rank, suit } = rankAndSuit(card);
  if (!card.suit) return jokerSvg(card);
  const svg = frame(`maw-svg-face ${card.red ? "maw-red" : "maw-black"}`);
  const ink = { class: "maw-card-ink" };
  // Corner indices: the top one is what a fanned or small card shows, so it is the largest text.
  const index = (x, y, rotate) => {
    const g = svgEl("g", rotate ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {});
    g.append(svgEl("text", { ...ink, x, y, "font-size": rank.length > 1 ? 14 : 16, "font-weight": 700, "text-anchor": "middle" }, rank));
    g.append(svgEl("text", { ...ink, x, y: y + 13, "font-size": 13, "text-anchor": "middle" }, suit));
    return g;
  };
  svg.append(index(10, 17, false), index(10, 17, true));
  const pips = PIPS[Number(rank)];
  if (pips) {
    for (const [x, y] of pips) {
      svg.append(svgEl("text", { ...ink, x, y: y + 5, "font-size": 13, "text-anchor": "middle" }, suit));
    }
  } else if (rank === "A") {
    svg.append(svgEl("text", { ...ink, x: W / 2, y: H / 2 + 11, "font-size": 32, "text-anchor": "middle" }, suit));
  } else {
    // A court card: a framed panel with its letter and suit (a drawn figure would not read at 44 px).
    svg.append(svgEl("rect", { x: 17, y: 15, width: 26, height: 54, rx: 3, class: "maw-card-court" }));
    svg.append(svgEl("text", { ...ink, x: W / 2, y: 43, "font-size": 20, "font-weight": 700, "text-anchor": "middle" }, rank));
    svg.append(svgEl("text", { ...ink, x: W / 2, y: 61, "font-size": 14, "text-anchor": "middle" }, suit));
  }
  return svg;
}

function jokerSvg(card) {
  const svg = frame("maw-svg-face maw-svg-joker maw-black");
  const ink = { class: "maw-card-ink", "text-anchor": "middle" };
  svg.append(svgEl("text", { ...ink, x: 10, y: 17, "font-size": 12, "font-weight": 700 }, "JK"));
  svg.append(svgEl("text", { ...ink, x: W - 10, y: H - 8, "font-size": 12, "font-weight": 700 }, "JK"));
  svg.append(svgEl("text", { ...ink, x: W / 2, y: H / 2 + 9, "font-size": 26 }, card.symbol || "★"));
  svg.append(svgEl("text", { ...ink, x: W / 2, y: H / 2 + 24, "font-size": 8, "letter-spacing": 1 }, "JOKER"));
  return svg;
}

/** The back of a card (a hidden card): the same size, a lattice, no information. */
let backs = 0;

export function cardBackSvg() {
  const svg = frame("maw-svg-back");
  // The lattice is clipped to the inner panel (a clip id unique in the document).
  const id = `maw-back-clip-${++backs}`;
  const clip = svgEl("clipPath", { id });
  clip.append(svgEl("rect", { x: 5, y: 5, width: W - 10, height: H - 10, rx: 3 }));
  const lattice = svgEl("g", { "clip-path": `url(#${id})` });
  lattice.append(svgEl("rect", { x: 5, y: 5, width: W - 10, height: H - 10, class: "maw-card-back-panel" }));
  for (let i = -H; i < W + H; i += 8) {
    lattice.append(svgEl("line", { x1: i, y1: 0, x2: i + H, y2: H, class: "maw-card-back-line" }));
    lattice.append(svgEl("line", { x1: i + H, y1: 0, x2: i, y2: H, class: "maw-card-back-line" }));
  }
  svg.append(svgEl("defs"), lattice);
  svg.firstElementChild.nextElementSibling.append(clip);
  return svg;
}

/** Where a seat sits round a table seen from seat ``me``: ``me`` at the bottom, the others
 * clockwise from its left. Unit offsets from the centre (x to the right, y downwards). */
export function seatDirection(seat, me, players) {
  const k = (seat - me + players) % players;
  const angle = (2 * Math.PI * k) / players;
  return { x: -Math.sin(angle), y: Math.cos(angle) };
}

/** Lay ``node`` toward the seat ``seat`` (CSS reads --maw-x and --maw-y: see seatDirection). */
export function placeToward(node, seat, me, players) {
  const where = seatDirection(seat, me, players);
  node.style.setProperty("--maw-x", String(where.x));
  node.style.setProperty("--maw-y", String(where.y));
  return node;
}

/** A card on the table (not a button): a figure-ready element named for a screen reader. */
export function cardImage(card, extraClass = "") {
  const wrap = document.createElement("span");
  wrap.className = `maw-card ${card.red ? "maw-red" : "maw-black"} ${extraClass}`.trim();
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", card.name);
  wrap.dataset.code = card.code;
  wrap.append(cardFaceSvg(card));
  return wrap;
}

/** A card in a hand, as a button: its face, ``data-card``, the classes ``before`` its colour and
 * ``after`` it (" maw-illegal"), the other attributes as given, then ``extra`` nodes (marks). The
 * play table and the review board draw every card they let a reader tap with it. */
export function cardButton(card, { before = "", after = "", ...attrs } = {}, ...extra) {
  return el("button", {
    type: "button", class: `maw-card-button ${before ? before + " " : ""}${card.red ? "maw-red" : "maw-black"}${after}`,
    "data-card": card.code, ...attrs,
  }, cardFaceSvg(card), ...extra);
}
