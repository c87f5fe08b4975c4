// A finished game (or an uploaded record) step by step: buttons, slider, arrow keys.
import { api } from "../api.js";
import { $, app, download, h, toast } from "../dom.js";
import { showBoard } from "../board.js";
import { t, words } from "../i18n.js";
import { gameTitle } from "../names.js";
import { logList, scoreTable } from "../sheets.js";
import { chosenPalette } from "../palette.js";
import { NARROW, nameBoard, narrowScreen } from "../board.js";
import { showProblem } from "../problem.js";
import { uploadButton } from "../upload.js";
import { markStep, moveList, replayControls } from "../autoplay.js";
import { animateChange } from "../motion.js";
import { analysisPanel, bestAt, forgetAnalysis, loadAnalysis, showBest } from "../analysis.js";

export class ReplayPage {
  constructor(room) {
    this.room = room;
    this.step = 0;
    this.cache = new Map();
  }

  async show() {
    const root = app();
    root.className = "play replay";
    root.replaceChildren(
      h("section", { class: "board-wrap" }, h("div", { class: "board", id: "lt-board" })),
      h("aside", { class: "panel side" },
        h("h1", { id: "lt-room-title", text: t("web.replay.title") }),
        h("p", { class: "prompt", id: "lt-prompt" }),
        h("div", { class: "stepper" },
          h("button", { id: "lt-first", "aria-label": t("web.replay.first"), title: t("web.replay.first"), text: "|◀", onclick: () => this.go(0) }),
          h("button", { id: "lt-back", "aria-label": t("web.replay.back"), title: t("web.replay.back"), text: "◀", onclick: () => this.go(this.step - 1) }),
          h("span", { id: "lt-step", class: "step" }),
          h("button", { id: "lt-forward", "aria-label": t("web.replay.forward"), title: t("web.replay.forward"), text: "▶", onclick: () => this.go(this.step + 1) }),
          h("button", { id: "lt-last", "aria-label": t("web.replay.last"), title: t("web.replay.last"), text: "▶|", onclick: () => this.go(this.record.actions.length) })),
        h("input", { type: "range", id: "lt-slider", min: 0, value: 0, "aria-label": t("web.replay.position"), oninput: (e) => this.go(Number(e.target.value)) }),
        h("div", { id: "lt-autoplay" }),
        h("div", { id: "lt-score-box" }),
        analysisPanel(this),
        h("p", { class: "links" },
          h("button", { id: "lt-download", text: t("web.end.download"), onclick: () => download(`ludoteca-${this.record.game}${this.room ? "-" + this.room : ""}.json`, this.record) }),
          uploadButton()),
        h("details", { id: "lt-text-board", class: "text-board" },
          h("summary", { text: t("web.play.text_board") }),
          h("pre", { id: "lt-text-board-text" })),
        h("h2", { text: t("web.replay.moves") }),
        h("div", { id: "lt-move-box", class: "move-box" }),
        h("h2", { text: t("web.play.log") }),
        h("div", { id: "lt-log-box" })),
    );
    this.keys = (event) => {
      if (event.target.tagName === "INPUT") return;
      if (event.key === "ArrowLeft") this.go(this.step - 1);
      if (event.key === "ArrowRight") this.go(this.step + 1);
      if (event.key === "Home") this.go(0);
      if (event.key === "End") this.go(this.record.actions.length);
    };
    document.addEventListener("keydown", this.keys);
    this.resized = () => this.go(this.step);  // a phone turned: the picture laid out anew
    NARROW.addEventListener("change", this.resized);
    window.addEventListener("ludoteca:palette", this.resized);
    try {
      if (this.room) this.record = await api(`/api/rooms/${this.room}/record`);
      else this.record = JSON.parse(sessionStorage.getItem("ludoteca.replay") || "null");
      if (!this.record) throw new Error(t("web.replay.nothing"));
    } catch (error) {
      this.leave();
      const title = this.room ? t("web.problem.no_record") : t("web.problem.bad_file");
      showProblem(error.message, { title, extra: [uploadButton()] });
      return;
    }
    $("#lt-slider").max = this.record.actions.length;
    $("#lt-autoplay").replaceChildren(replayControls(this));
    $("#lt-move-box").replaceChildren(moveList(this));
    const names = (this.record.meta && this.record.meta.players) || [];
    const known = (this.record.meta && this.record.meta.seats) || [];
    this.seats = Array.from({ length: Number(this.record.options.players || names.length || 1) },
      (_, i) => known[i] || { seat: i, kind: "person", name: names[i] || "" });
    $("#lt-room-title").textContent = `${t("web.replay.title")}: ${gameTitle(this.record.game)}`;
    await this.go(this.record.actions.length);
    await loadAnalysis(this);
  }

  leave() {
    clearTimeout(this.timer);
    forgetAnalysis(this);
    document.removeEventListener("keydown", this.keys);
    NARROW.removeEventListener("change", this.resized);
    window.removeEventListener("ludoteca:palette", this.resized);
  }

  async go(step) {
    if (!this.record) return;
    step = Math.max(0, Math.min(step, this.record.actions.length));
    this.step = step;
    const mark = bestAt(this, step)?.best;  // the analysis's best move, marked on the picture
    const key = `${words.lang}/${narrowScreen()}/${chosenPalette()}/${step}/${mark || ""}`;
    let view = this.cache.get(key);
    if (!view) {
      try {
        view = await api("/api/replay", { json: { record: this.record, step, lang: words.lang, narrow: narrowScreen(), palette: chosenPalette(), mark } });
      } catch (error) {
        if (this.cache.size) toast(error.message);
        else {
          this.leave();
          showProblem(error.message, { title: t("web.problem.bad_file"), extra: [uploadButton()] });
        }
        return;
      }
      this.cache.set(key, view);
    }
    if (this.step !== step || !$("#lt-step")) return;  // moved on, or the page was left meanwhile
    $("#lt-step").textContent = t("web.replay.step", { step, steps: view.steps });
    $("#lt-slider").value = step;
    $("#lt-prompt").textContent = view.observation.prompt ? view.observation.prompt.text : "";
    const old = this.svg;
    const svg = showBoard($("#lt-board"), view.svg, view.observation.text || "");
    this.svg = svg;
    if (old && Math.abs(step - (this.shown ?? step)) === 1) animateChange(old, svg);
    this.shown = step;
    markStep(step);
    if (svg) nameBoard(svg, `${gameTitle(this.record.game)}: ${$("#lt-step").textContent}`, false);
    $("#lt-text-board-text").textContent = view.observation.text || "";
    // the server names the seats as the record's room did (a guest by its colour, bots numbered)
    const seats = (view.names || []).length ? view.names.map((name, seat) => ({ seat, kind: "person", name })) : this.seats;
    $("#lt-score-box").replaceChildren(scoreTable(seats, view.observation, null));
    $("#lt-log-box").replaceChildren(logList(view.observation));
    showBest(this, step, (action) => action);
    $("#lt-back").disabled = $("#lt-first").disabled = step === 0;
    $("#lt-forward").disabled = $("#lt-last").disabled = step === view.steps;
  }

  relabel() {
    this.cache.clear();
    this.judged = null;  // shown again in the new language once loaded
    this.show();
  }
}
