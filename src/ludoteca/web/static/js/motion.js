// The change from one picture to the next, animated: the pieces of the last action (marked by
// the game's view) pop in one after another or slide from where they were; a die rolls.
import { reducedMotion } from "./prefs.js";

// Animates the change from the picture shown before to the one shown now: the pieces marked as
// the last action (data-last / class "last") and the ones whose place changed glide or pop in,
// one after another (beans pit by pit), in well under a second. A click or key skips it.
export function animateChange(oldSvg, newSvg) {
  if (!oldSvg || !newSvg || reducedMotion() || typeof newSvg.animate !== "function") return [];
  const before = new Map();
  for (const el of oldSvg.querySelectorAll("[id]")) before.set(el.id, box(el));
  const marked = [...newSvg.querySelectorAll('[data-last="1"], .last')].filter((el) => !el.closest(".lt-layer"));
  // Without marks (a view that draws none), the pieces that are new in the picture pop in.
  const pops = marked.length
    ? marked.filter((el) => !marked.some((other) => other !== el && other.contains(el)))
    : [...newSvg.querySelectorAll("[id]")].filter((el) => !before.has(el.id) && !el.closest(".lt-layer"));
  const running = [];
  const total = 650;
  const shown = pops.slice(0, 40);
  const step = shown.length > 1 ? Math.min(90, (total - 300) / shown.length) : 0;
  shown.forEach((el, i) => {
    el.style.transformBox = "fill-box";
    el.style.transformOrigin = "center";
    const old = el.id ? before.get(el.id) : null;
    const now = box(el);
    const die = /die|dice|roll/i.test(`${el.id} ${el.getAttribute("class") || ""}`);
    let frames;
    if (die) frames = [{ transform: "rotate(-270deg) scale(.5)" }, { transform: "rotate(0) scale(1)" }];
    else if (old && now && Math.abs(old.x - now.x) + Math.abs(old.y - now.y) > 1) {
      // the same piece in a new place (a tile from the market): it slides there
      frames = [{ transform: `translate(${old.x - now.x}px, ${old.y - now.y}px)` }, { transform: "translate(0, 0)" }];
    } else frames = [{ transform: "scale(.5)", opacity: 0.3 }, { transform: "scale(1.12)", opacity: 1, offset: 0.7 }, { transform: "scale(1)", opacity: 1 }];
    running.push(el.animate(frames, { duration: 300, delay: i * step, easing: "ease-out", fill: "backwards" }));
  });
  if (running.length) {
    window.ludoteca.animated = (window.ludoteca.animated || 0) + 1;
    const skip = () => running.forEach((a) => a.finish());
    const stop = () => document.removeEventListener("keydown", skip, true);
    document.addEventListener("keydown", skip, true);
    newSvg.addEventListener("pointerdown", skip, true);
    Promise.all(running.map((a) => a.finished.catch(() => null))).then(stop);
  }
  return running;
}

function box(el) {
  try {
    const b = el.getBBox();
    const m = el.getCTM();
    if (!m) return { x: b.x, y: b.y };
    return { x: m.a * b.x + m.c * b.y + m.e, y: m.b * b.x + m.d * b.y + m.f };
  } catch {
    return null;
  }
}
