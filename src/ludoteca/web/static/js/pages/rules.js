// A game's rules page: Markdown rendered by the server.
import { api } from "../api.js";
import { $, app, h } from "../dom.js";
import { t } from "../i18n.js";
import { gameTitle } from "../names.js";
import { showProblem } from "../problem.js";
import { learnLink } from "../progress.js";
import { state } from "../router.js";

export class RulesPage {
  constructor(game) {
    this.game = game;
  }

  async show() {
    const root = app();
    root.className = "rules";
    const game = (state.games || []).find((g) => g.id === this.game);
    const learn = learnLink(game);
    root.replaceChildren(
      learn ? h("p", { class: "panel rules-learn" }, learn) : "",
      h("article", { class: "panel rules-text", id: "lt-rules" }, t("web.rules.loading")));
    try {
      const page = await api(`/api/rules/${this.game}`);
      $("#lt-rules").innerHTML = page.html;
      document.title = `${gameTitle(this.game)} · Ludoteca`;
    } catch (error) {
      showProblem(error.message, { title: t("web.problem.no_rules") });
    }
  }

  relabel() {
    this.show();
  }
}
