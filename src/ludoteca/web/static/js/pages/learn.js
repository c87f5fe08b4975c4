// A game's guided first game (/learn/<game>): one rule a step, the step's words above the
// game's picture, the picture playable by click and keyboard as on the play page (board.js),
// a refused move explained, "Step k of n" and "Next", and at the end a short game against the
// easiest bot. The server is stateless (POST /api/lessons/<game>/try): this page holds the
// step and the moves accepted so far, remembered in localStorage (store.js ``lessons``) and,
// signed in, on the account (account.js ``keepLesson``).
import { keepLesson } from "../account.js";
import { api } from "../api.js";
import { candidates, chosen, hitTarget, nameBoard, NARROW, narrowScreen, playable, showBoard } from "../board.js";
import { $, app, h, toast } from "../dom.js";
import { t, words } from "../i18n.js";
import { gameTitle } from "../names.js";
import { openRoom } from "../newroom.js";
import { chosenPalette } from "../palette.js";
import { showProblem } from "../problem.js";
import { state } from "../router.js";
import { lessons } from "../store.js";

export class LearnPage {
  constructor(game) {
    this.game = game;
    this.picks = [];
    this.answer = null;
  }

  async show() {
    const root = app();
    root.className = "play learn";
    root.replaceChildren(h("section", { class: "panel", id: "lt-learn-loading" }, t("web.learn.loading")));
    try {
      this.lesson = await api(`/api/lessons/${this.game}`);
    } catch (error) {
      showProblem(error.message, { title: t("web.problem.title") });
      return;
    }
    document.title = `${this.lesson.title} · ${gameTitle(this.game)} · Ludoteca`;
    root.replaceChildren(
      h("section", { class: "board-wrap" },
        h("div", { class: "lesson-head" },
          h("h1", { id: "lt-learn-title", text: this.lesson.title }),
          h("p", { class: "lesson-progress", id: "lt-learn-progress" })),
        h("p", { class: "lesson-say", id: "lt-learn-say" }),
        h("p", { class: "lesson-feedback", id: "lt-learn-feedback", role: "status", "aria-live": "polite" }),
        h("div", { class: "board", id: "lt-board", onclick: (e) => this.onBoardClick(e) })),
      h("aside", { class: "panel side", id: "lt-side" },
        h("div", { class: "controls lesson-controls" },
          h("button", { id: "lt-learn-back", text: t("web.learn.back"), onclick: () => this.go(this.step - 1) }),
          h("button", { class: "primary", id: "lt-learn-next", text: t("web.learn.next"), onclick: () => this.next() })),
        h("div", { id: "lt-learn-end", class: "lesson-end", hidden: true },
          h("p", { text: t("web.learn.done") }),
          h("button", { class: "primary", id: "lt-learn-play", text: t("web.learn.play_bot"), onclick: () => this.playBot() })),
        h("form", { class: "type-move", id: "lt-type-move", onsubmit: (e) => { e.preventDefault(); this.typed(); } },
          h("input", { id: "lt-move-input", autocomplete: "off", placeholder: t("web.play.type_move"), "aria-label": t("web.play.type_move") }),
          h("button", { type: "submit", text: t("web.play.send") })),
        h("details", { id: "lt-text-board", class: "text-board" },
          h("summary", { text: t("web.play.text_board") }),
          h("pre", { id: "lt-text-board-text" })),
        h("p", { class: "links" },
          h("button", { class: "small", id: "lt-learn-again", text: t("web.learn.again"), onclick: () => this.go(0, []) }),
          h("a", { href: `/rules/${this.game}`, "data-go": "", text: t("web.learn.rules") }),
          h("a", { href: "/", "data-go": "", text: t("web.nav.lobby") }))),
    );
    this.keys = (event) => {
      if (event.key === "Escape" && this.picks.length) this.clearPicks();
    };
    document.addEventListener("keydown", this.keys);
    this.resized = () => this.load();
    NARROW.addEventListener("change", this.resized);
    window.addEventListener("ludoteca:palette", this.resized);
    const saved = lessons.get(this.game);
    this.step = Math.min(Math.max(saved.step, 0), this.lesson.steps - 1);
    this.actions = saved.actions;
    this.done = !!saved.done;
    await this.load();
  }

  leave() {
    document.removeEventListener("keydown", this.keys);
    NARROW.removeEventListener("change", this.resized);
    window.removeEventListener("ludoteca:palette", this.resized);
  }

  relabel() {
    this.leave();
    this.show();
  }

  // Asks the server for the step as it stands, or for its verdict on ``action``.
  async ask(action) {
    // the moves of the steps before this one (the saved ones may hold this step's own too)
    const actions = this.actions.slice(0, this.asked(this.step));
    const body = { step: this.step, actions, lang: words.lang, narrow: narrowScreen(), palette: chosenPalette() };
    if (action !== undefined) body.action = action;
    return api(`/api/lessons/${this.game}/try`, { json: body });
  }

  async load() {
    this.picks = [];
    try {
      this.render(await this.ask());
    } catch (error) {
      if (error.status === 400 && (this.step || this.actions.length)) return this.go(0, []); // a lesson changed since
      toast(error.message);
    }
  }

  // To step ``step`` (with ``actions``: the moves accepted before it), remembered.
  async go(step, actions = this.actions.slice(0, this.asked(step))) {
    this.step = Math.max(0, step);
    this.actions = actions;
    this.remember();
    $("#lt-learn-end").hidden = true;
    await this.load();
  }

  asked(step) {
    return this.lesson.asks.slice(0, step).filter(Boolean).length;
  }

  remember() {
    keepLesson(this.game, { step: this.step, actions: this.actions, done: this.done });
  }

  waiting() {
    return this.answer && this.answer.asks && !this.answer.accepted;
  }

  legal() {
    return this.waiting() ? this.answer.observation.legal || [] : [];
  }

  render(answer, feedback = "") {
    this.answer = answer;
    $("#lt-learn-progress").textContent = t("web.learn.progress", { step: answer.step + 1, steps: answer.steps });
    $("#lt-learn-say").textContent = answer.say;
    const line = $("#lt-learn-feedback");
    line.textContent = feedback || (this.waiting() ? t("web.learn.your_move") : "");
    line.classList.toggle("bad", answer.accepted === false);
    $("#lt-learn-back").disabled = answer.step === 0;
    $("#lt-learn-next").disabled = this.waiting();
    $("#lt-move-input").disabled = !this.waiting();
    $("#lt-text-board-text").textContent = answer.observation.text || "";
    this.drawBoard();
  }

  drawBoard() {
    const host = $("#lt-board");
    const refocus = host.contains(document.activeElement) || (host.shadowRoot && host.shadowRoot.activeElement);
    const svg = showBoard(host, this.answer.svg, this.answer.observation.text);
    this.svg = svg;
    if (!svg) return;
    const { els } = playable(svg, this.legal(), this.picks, (id) => this.pick(id));
    nameBoard(svg, `${gameTitle(this.game)}: ${this.answer.say}`, els.length > 0);
    if (refocus && els.length) els[0].focus();
  }

  onBoardClick(event) {
    if (!this.svg || !this.waiting()) return;
    const hit = hitTarget(this.svg, event, this.legal(), this.picks);
    if (hit) this.pick(hit);
    else if (this.picks.length) this.clearPicks();
  }

  pick(id) {
    this.picks.push(id);
    const action = chosen(this.legal(), this.picks);
    if (action) return this.tryAction(action);
    if (!candidates(this.legal(), this.picks).length) this.picks = [];
    this.drawBoard();
  }

  clearPicks() {
    this.picks = [];
    if (this.answer) this.drawBoard();
  }

  typed() {
    const input = $("#lt-move-input");
    const text = input.value.trim();
    input.value = "";
    if (text) this.tryAction(text);
  }

  async tryAction(action) {
    this.picks = [];
    let answer;
    try {
      answer = await this.ask(action);
    } catch (error) {
      toast(error.message);
      return;
    }
    if (answer.accepted) {
      this.actions = [...this.actions.slice(0, this.asked(this.step)), answer.action];
      this.remember();
      this.render(answer, t("web.learn.well_done"));
      $("#lt-learn-next").focus();
    } else {
      this.render(answer, t("web.learn.refused", { reason: answer.refusal || "" }));
    }
  }

  async next() {
    if (this.step + 1 < this.lesson.steps) return this.go(this.step + 1);
    this.done = true;
    this.remember();
    $("#lt-learn-end").hidden = false;
    $("#lt-learn-play").focus();
  }

  // The short game against the easiest bot that follows the lesson: the learner's seat is
  // the player's, every other seat the first bot the server lists (the weakest).
  async playBot() {
    const bot = (state.bots || [])[0] || "random";
    const seats = Array.from({ length: this.lesson.players }, (_, i) => (i === this.lesson.learner ? { kind: "me" } : { kind: "bot", bot }));
    try {
      await openRoom(this.game, this.lesson.then, seats, { rated: false });
    } catch (error) {
      toast(error.message);
    }
  }
}
