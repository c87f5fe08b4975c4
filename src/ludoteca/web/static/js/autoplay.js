// Replays that play: autoplay at a chosen speed and a move list to jump to any step.
import { $, h } from "./dom.js";
import { t } from "./i18n.js";

export function replayControls(page) {
  const speed = h("select", { id: "lt-speed", "aria-label": t("web.replay.speed") },
    ...[["2000", "0.5×"], ["1000", "1×"], ["500", "2×"], ["250", "4×"]].map(([ms, label]) => h("option", { value: ms, text: label })));
  speed.value = localStorage.getItem("ludoteca.replay_speed") || "1000";
  speed.onchange = () => localStorage.setItem("ludoteca.replay_speed", speed.value);
  const play = h("button", { id: "lt-play", "aria-label": t("web.replay.play"), text: "▶ " + t("web.replay.play"), onclick: () => toggleAutoplay(page, play) });
  return h("div", { class: "stepper autoplay" }, play, h("label", { class: "field inline" }, h("span", { text: t("web.replay.speed") }), speed));
}

function toggleAutoplay(page, button) {
  if (page.timer) {
    clearTimeout(page.timer);
    page.timer = null;
    button.textContent = "▶ " + t("web.replay.play");
    return;
  }
  if (page.step >= page.record.actions.length) page.go(0);
  button.textContent = "■ " + t("web.replay.pause");
  const tick = async () => {
    if (!page.record || page.step >= page.record.actions.length || !button.isConnected) {
      page.timer = null;
      button.textContent = "▶ " + t("web.replay.play");
      return;
    }
    await page.go(page.step + 1);
    page.timer = setTimeout(tick, Number($("#lt-speed").value || 1000));
  };
  page.timer = setTimeout(tick, 50);
}

export function moveList(page) {
  const actions = page.record.actions;
  const list = h("ol", { class: "moves", id: "lt-moves" },
    ...actions.map((action, i) => h("li", {}, h("button", { class: "link step-link", "data-step": i + 1, text: action, onclick: () => page.go(i + 1) }))));
  return list;
}

export function markStep(step) {
  for (const el of document.querySelectorAll("#lt-moves .step-link")) {
    const on = Number(el.dataset.step) === step;
    el.classList.toggle("current", on);
    if (on) el.setAttribute("aria-current", "step");
    else el.removeAttribute("aria-current");
  }
  const current = $("#lt-moves .current");
  if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
}
