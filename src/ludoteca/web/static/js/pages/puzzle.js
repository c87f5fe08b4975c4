// Learn from the mistakes: the positions of an analysed game where a player lost the most,
// each offered as a puzzle ("find a better move"). The server checks a move tried against the
// analysis and answers with the best move, marked on the picture.
import { api } from "../api.js";
import { $, app, h } from "../dom.js";
import { NARROW, nameBoard, narrowScreen, showBoard } from "../board.js";
import { t } from "../i18n.js";
import { gameTitle } from "../names.js";
import { chosenPalette } from "../palette.js";
import { showProblem } from "../problem.js";

const BUTTONS = 16;  // more legal moves than this: a list to choose from

export class PuzzlePage {
  constructor(room, n) {
    this.room = room;
    this.n = Math.max(1, Number(n) || 1);
  }

  async show() {
    const root = app();
    root.className = "play puzzle";
    const query = `narrow=${narrowScreen()}&palette=${chosenPalette()}`;
    try {
      this.view = await api(`/api/rooms/${this.room}/puzzles/${this.n - 1}?${query}`);
    } catch (error) {
      const back = h("a", { class: "button", href: `/replay/${this.room}`, "data-go": "", text: t("web.puzzle.to_replay") });
      showProblem(error.message, { title: t("web.puzzle.title"), extra: [back] });
      return;
    }
    const view = this.view;
    const mover = view.names[view.puzzle.seat];
    const legal = view.observation.legal || [];
    this.labels = new Map(legal.map((entry) => [entry.action, entry.label ? entry.label.text : entry.action]));
    root.replaceChildren(
      h("section", { class: "board-wrap" }, h("div", { class: "board", id: "lt-board" })),
      h("aside", { class: "panel side" },
        h("h1", { id: "lt-puzzle-title", text: `${t("web.puzzle.title")}: ${gameTitle(view.game)}` }),
        h("p", { class: "step", id: "lt-puzzle-count", text: t("web.puzzle.count", { n: this.n, of: view.of }) }),
        h("p", { class: "prompt mine", id: "lt-prompt", text: t("web.puzzle.find", { player: mover }) }),
        h("p", { id: "lt-puzzle-played", text: t("web.puzzle.played", { player: mover, move: this.label(view.puzzle.played), verdict: view.puzzle.verdict_words }) }),
        h("div", { id: "lt-puzzle-moves", class: "choices", role: "group", "aria-label": t("web.puzzle.moves") }, ...this.choices(legal)),
        h("div", { id: "lt-puzzle-answer", "aria-live": "polite" }),
        h("p", { class: "links" },
          view.of > this.n ? h("a", { id: "lt-next-puzzle", class: "button", href: `/puzzles/${this.room}/${this.n + 1}`, "data-go": "", text: t("web.puzzle.next") }) : null,
          h("a", { id: "lt-to-replay", class: "button", href: `/replay/${this.room}`, "data-go": "", text: t("web.puzzle.to_replay") })),
        h("details", { class: "text-board" },
          h("summary", { text: t("web.play.text_board") }),
          h("pre", { id: "lt-text-board-text", text: view.observation.text || "" }))),
    );
    this.draw(view.svg);
    document.title = `${t("web.puzzle.title")} · Ludoteca`;
    this.resized = () => this.show();
    NARROW.addEventListener("change", this.resized);
  }

  leave() {
    NARROW.removeEventListener("change", this.resized);
  }

  label(action) {
    return this.labels.get(action) || action;
  }

  draw(svgText) {
    const svg = showBoard($("#lt-board"), svgText, this.view.observation.text || "");
    if (svg) nameBoard(svg, `${gameTitle(this.view.game)}: ${$("#lt-prompt").textContent}`, false);
  }

  // The legal moves as buttons, or as a list with a "Try" button when there are many.
  choices(legal) {
    if (legal.length <= BUTTONS) {
      return legal.map((entry) => h("button", { class: "choice", "data-action": entry.action, text: this.label(entry.action), onclick: () => this.attempt(entry.action) }));
    }
    const list = h("select", { id: "lt-puzzle-select", "aria-label": t("web.puzzle.moves") },
      ...legal.map((entry) => h("option", { value: entry.action, text: this.label(entry.action) })));
    return [list, h("button", { id: "lt-puzzle-try", class: "primary", text: t("web.puzzle.try"), onclick: () => this.attempt(list.value) })];
  }

  async attempt(action) {
    const query = `narrow=${narrowScreen()}&palette=${chosenPalette()}`;
    let answer;
    try {
      answer = await api(`/api/rooms/${this.room}/puzzles/${this.n - 1}/try?${query}`, { json: { action } });
    } catch (error) {
      $("#lt-puzzle-answer").replaceChildren(h("p", { class: "problem-text", role: "alert", text: error.message }));
      return;
    }
    const best = this.label(answer.best);
    const words = answer.right
      ? t("web.puzzle.right", { move: this.label(action), best })
      : t("web.puzzle.wrong", { move: this.label(action), best });
    $("#lt-puzzle-answer").replaceChildren(
      h("p", { id: "lt-puzzle-verdict", class: answer.right ? "right" : "wrong", "data-right": String(answer.right) },
        h("strong", { text: answer.right ? t("web.puzzle.right_short") : t("web.puzzle.wrong_short") }), " ", words));
    this.draw(answer.svg);
    for (const button of document.querySelectorAll("#lt-puzzle-moves .choice")) {
      button.classList.toggle("best", button.dataset.action === answer.best);
    }
    if (answer.right && $("#lt-next-puzzle")) $("#lt-next-puzzle").focus();
  }

  relabel() {
    this.show();
  }
}
