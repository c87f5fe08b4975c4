// The game's picture (shared by play and replay): the server's SVG in a shadow root, and the
// frames the client draws over it (the next possible clicks, the picks, the hint).
import { h } from "./dom.js";

export const SVGNS = "http://www.w3.org/2000/svg";

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
  @keyframes lt-glow { 50% { stroke-opacity: .45; } }
  @media (max-width: 820px) { svg { max-height: none; } }
`;

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
      root.append(svg);
      return svg;
    }
  }
  root.append(h("pre", { class: "fallback", text: fallback || "" }));
  return null;
}
