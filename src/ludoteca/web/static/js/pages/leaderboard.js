// The leaderboard of a game (without one: the first game of several players): rated
// accounts, best first, and the bots' fixed anchors.
import { ratingText } from "../account.js";
import { api } from "../api.js";
import { app, h } from "../dom.js";
import { t } from "../i18n.js";
import { botLabel, gameTitle } from "../names.js";
import { go, state } from "../router.js";

export class LeaderboardPage {
  constructor(game) {
    this.game = game;
  }

  async show() {
    const root = app();
    root.className = "leaderboard";
    const rated = state.games.filter((g) => g.max_players > 1);
    if (!this.game) this.game = rated.length ? rated[0].id : "";
    const choose = h("select", { id: "lt-board-game", "aria-label": t("web.profile.game") },
      ...rated.map((g) => h("option", { value: g.id, text: g.title })));
    choose.value = this.game;
    choose.onchange = () => go(`/leaderboard/${choose.value}`);
    let board;
    try {
      board = await api(`/api/leaderboard/${encodeURIComponent(this.game)}`);
    } catch (error) {
      root.replaceChildren(h("p", { class: "panel bad", text: error.message }));
      return;
    }
    document.title = `${t("web.board.title")} · ${gameTitle(this.game)} · Ludoteca`;
    root.replaceChildren(
      h("section", { class: "panel narrow" },
        h("h1", { text: `${t("web.board.title")} · ${gameTitle(this.game)}` }),
        h("label", { class: "field" }, h("span", { text: t("web.profile.game") }), choose),
        board.players.length
          ? h("table", { class: "sheet", id: "lt-board" },
            h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: t("web.end.player") }), h("th", { text: t("web.profile.rating") }), h("th", { text: t("web.profile.played") }))),
            h("tbody", {}, ...board.players.map((row, i) =>
              h("tr", {}, h("td", { text: i + 1 }),
                h("td", {}, h("a", { href: `/player/${encodeURIComponent(row.name)}`, "data-go": "", text: row.name })),
                h("td", { class: "rating", text: ratingText(row) }), h("td", { text: row.games })))))
          : h("p", { class: "empty", text: t("web.board.empty") }),
        h("h2", { text: t("web.board.anchors") }),
        h("p", { class: "note", text: t("web.board.anchors_note") }),
        h("ul", { class: "rooms" }, ...board.anchors.map((a) => h("li", {}, h("span", { text: botLabel(a.bot) }), h("span", { class: "tag", text: a.rating }))))),
    );
  }

  relabel() {
    this.show();
  }
}
