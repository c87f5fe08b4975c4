// The game's picture (shared by play and replay): the server's SVG in a shadow root, and the
// frames the client draws over it (the next possible clicks, the picks, the hint).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const SVGNS = "http://www.w3.org/2000/svg";

// A phone's screen: the server lays a wide picture out in one column there (several parks),
// so its tiles stay large enough to read and tap. Same width as the CSS's one-column layout.
export const NARROW = window.matchMedia("(max-width: 820px)");
export const narrowScreen = () => NARROW.matches;

export function findById(root, id) {
  for (const el of root.querySelectorAll("[id]")) if (el.id === id) return el;
  return null;
}

// Draws a frame of class ``kind`` around the element ``id`` (warm cells, picks, the hint).
export function frame(svg, layer, id, kind) {
  const el = findById(svg, id);
  if (!el || typeof el.getBBox !== "function") return;
  el.classList.add(`lt-${kind}`);
  let box;
  try {
    box = el.getBBox();
  } catch {
    return;
  }
  if (!box.width && !box.height) return;
  const toRoot = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
  const pad = Math.max(2, Math.min(box.width, box.height) * 0.06);
  const rect = document.createElementNS(SVGNS, "rect");
  rect.setAttribute("x", box.x - pad);
  rect.setAttribute("y", box.y - pad);
  rect.setAttribute("width", box.width + 2 * pad);
  rect.setAttribute("height", box.height + 2 * pad);
  rect.setAttribute("rx", Math.min(box.width, box.height) * 0.18 + pad);
  rect.setAttribute("transform", `matrix(${toRoot.a} ${toRoot.b} ${toRoot.c} ${toRoot.d} ${toRoot.e} ${toRoot.f})`);
  rect.setAttribute("class", `lt-frame lt-frame-${kind}`);
  rect.setAttribute("vector-effect", "non-scaling-stroke");
  layer.append(rect);
}

// The game's picture lives in a shadow root: its ids and classes never meet the page's.
const BOARD_CSS = `
  :host { display: block; width: 100%; }
  svg { width: 100%; height: auto; max-height: calc(100vh - 110px); display: block; user-select: none; -webkit-user-select: none; }
  pre.fallback { white-space: pre-wrap; margin: 1rem; font: 14px "DejaVu Sans Mono", monospace; }
  .lt-warm, .lt-hint { cursor: pointer; }
  .lt-layer { pointer-events: none; }
  .lt-frame { fill: none; stroke-width: 3.5px; }
  .lt-frame-warm { stroke: #f4b400; fill: #ffd54f33; animation: lt-glow 1.4s ease-in-out infinite; }
  .lt-frame-picked { stroke: #1b7f5a; stroke-width: 4.5px; fill: #1b7f5a22; }
  .lt-frame-hint { stroke: #1565c0; stroke-dasharray: 6 4; stroke-width: 4px; fill: #1565c018; }
  .lt-frame-focus { stroke: #000; stroke-width: 3px; fill: none; outline: 2px solid #fff; }
  [tabindex]:focus { outline: none; }
  :host-context(html.contrast) .lt-frame-warm { stroke: #000; fill: #ffff0040; animation: none; }
  :host-context(html.contrast) .lt-frame-picked { stroke: #000; stroke-width: 6px; }
  @media (prefers-reduced-motion: reduce) { .lt-frame-warm { animation: none; } }
  @keyframes lt-glow { 50% { stroke-opacity: .45; } }
  svg[data-fit="width"] { max-height: none; }  /* a tall picture: the page scrolls instead */
  @media (max-width: 820px) { svg { max-height: none; } }
`;

// A picture that names its least type size (data-least, in its own units) is never shown so
// small that it reads under READABLE CSS px: the board scrolls sideways instead (a phone
// and a park wider than its screen).
const READABLE = 10;
function readable(svg) {
  const least = Number(svg.dataset.least);
  const width = Number((svg.getAttribute("viewBox") || "").split(/[\s,]+/)[2]);
  if (least > 0 && width) svg.style.minWidth = `${Math.ceil((width * READABLE) / least)}px`;
}

// A board that scrolls sideways is a tab stop, so that the keyboard scrolls it too.
function scrollable(container) {
  if (container.scrollWidth > container.clientWidth) container.setAttribute("tabindex", "0");
  else container.removeAttribute("tabindex");
}

export function showBoard(container, svgText, fallback) {
  const root = container.shadowRoot || container.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${BOARD_CSS}</style>`;
  if (svgText) {
    const holder = document.createElement("template");
    holder.innerHTML = svgText;
    const svg = holder.content.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
      readable(svg);
      root.append(svg);
      scrollable(container);
      return svg;
    }
  }
  root.append(h("pre", { class: "fallback", text: fallback || "" }));
  return null;
}

// Names the picture for assistive technology: an image when nothing in it can be played,
// else a group whose playable parts are buttons (see ``keyTargets``).
export function nameBoard(svg, label, interactive) {
  svg.setAttribute("role", interactive ? "group" : "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("tabindex", "-1"); // the tab stop is its first playable part, not the picture
}

// Reading order of the targets: top to bottom, then left to right (rows of 12 px).
function readingOrder(a, b) {
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  return Math.round(ra.top / 12) - Math.round(rb.top / 12) || ra.left - rb.left;
}

// Makes ``targets`` ([{id, label}]) keyboard buttons with one tab stop (roving tabindex):
// arrows, Home and End move between them, Enter or Space plays ``onPick(id)``.
// Returns the targets' elements in their order (for focusing one after a redraw).
export function keyTargets(svg, layer, targets, onPick) {
  const els = [];
  for (const { id, label } of targets) {
    const el = findById(svg, id);
    if (!el) continue;
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
    el.setAttribute("tabindex", "-1");
    el.dataset.ltTarget = id;
    els.push(el);
  }
  els.sort(readingOrder);
  if (els.length) els[0].setAttribute("tabindex", "0");
  const owner = (node) => {
    for (let el = node; el && el !== svg; el = el.parentNode) if (els.includes(el)) return el;
    return null;
  };
  let ring = null;
  svg.addEventListener("focusin", (event) => {
    const el = owner(event.target);
    if (!el) return;
    for (const other of els) other.setAttribute("tabindex", other === el ? "0" : "-1");
    if (ring) ring.remove();
    const before = layer.lastChild;
    frame(svg, layer, el.dataset.ltTarget, "focus");
    ring = layer.lastChild !== before ? layer.lastChild : null;
  });
  svg.addEventListener("focusout", () => {
    if (ring) ring.remove();
    ring = null;
  });
  svg.addEventListener("keydown", (event) => {
    const el = owner(event.target);
    if (!el) return;
    const i = els.indexOf(el);
    const moves = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: els.length - 1 };
    if (event.key in moves) {
      els[(moves[event.key] + els.length) % els.length].focus();
    } else if (event.key === "Enter" || event.key === " ") {
      onPick(el.dataset.ltTarget);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  });
  return els;
}

// The ids to click next, each with the actions it leads to.
export function nextClicks(candidates, n) {
  const next = new Map();
  for (const entry of candidates) {
    const id = entry.clicks[n];
    if (!next.has(id)) next.set(id, []);
    next.get(id).push(entry);
  }
  return next;
}

// What a screen reader says for a part of the picture: the action it plays, or the first
// actions it leads to.
export function targetLabel(entries) {
  const labels = [...new Set(entries.map((e) => (e.label ? e.label.text : e.action)))];
  if (labels.length === 1) return labels[0];
  const shown = labels.slice(0, 3).join("; ");
  return labels.length > 3 ? t("web.board.more", { actions: shown, n: labels.length - 3 }) : shown;
}

// The legal actions (``{action, clicks}``) whose clicks begin with ``picks`` and go further.
export function candidates(legal, picks) {
  return legal.filter((entry) => picks.every((id, i) => entry.clicks[i] === id) && entry.clicks.length > picks.length);
}

// The action ``picks`` choose, when they choose one: the only candidate left, or the one
// action whose clicks they are all.
export function chosen(legal, picks) {
  const left = candidates(legal, picks);
  const done = legal.filter((e) => e.clicks.length === picks.length && picks.every((p, i) => e.clicks[i] === p));
  if (done.length === 1 && !left.length) return done[0].action;
  return left.length === 1 ? left[0].action : null;
}

// Draws what can be played on the picture for ``legal`` after ``picks``: a frame round each
// next click, keyboard buttons named by the actions they lead to (``onPick(id)``), the picks
// framed. Returns the layer of frames and the buttons.
export function playable(svg, legal, picks, onPick) {
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "lt-layer");
  svg.append(layer);
  const next = nextClicks(candidates(legal, picks), picks.length);
  for (const id of next.keys()) frame(svg, layer, id, "warm");
  const targets = [...next].map(([id, entries]) => ({ id, label: targetLabel(entries) }));
  const els = keyTargets(svg, layer, targets, onPick);
  for (const id of picks) frame(svg, layer, id, "picked");
  return { layer, els };
}

// The id of the next click under the pointer of ``event`` (a click on the picture), or null.
export function hitTarget(svg, event, legal, picks) {
  const next = new Set(candidates(legal, picks).map((e) => e.clicks[picks.length]));
  const root = svg.getRootNode();
  for (const el of root.elementsFromPoint(event.clientX, event.clientY)) {
    for (let node = el; node && node !== root; node = node.parentNode) {
      if (node.id && next.has(node.id)) return node.id;
    }
  }
  return null;
}
