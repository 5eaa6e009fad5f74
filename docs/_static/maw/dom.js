// Building the page's elements: HTML with el(), SVG with svgEl(). Every widget (table.js,
// review.js, experiment-widget.js) and every shared part builds its nodes with these.
//
// Texts from links or from the engine are set with textContent (never innerHTML), so a URL
// parameter or a record can never become markup.

const SVG = "http://www.w3.org/2000/svg";
// Attributes set as such (the others are properties of the node: onclick, disabled, selected…).
const ATTRIBUTES = new Set(["role", "type", "title", "id", "for", "href", "value", "min", "max", "name",
  "inputmode", "tabindex", "hidden"]);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || ATTRIBUTES.has(key)) node.setAttribute(key, value === true ? "" : String(value));
    else node[key] = value;
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}
