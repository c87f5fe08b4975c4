// A player's profile: games played and won, ratings with their history drawn as an SVG chart,
// solo progress, recent games with their replays; your own also lists your games in progress.
import { me, playerName, ratingText } from "../account.js";
import { api } from "../api.js";
import { app, h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { gameTitle } from "../names.js";
import { progressSection } from "../progress.js";
import { block, reportPlayer } from "../report.js";
import { formatScore } from "../sheets.js";

export class ProfilePage {
  constructor(name) {
    this.name = name;
  }

  async show() {
    const root = app();
    root.className = "profile";
    let profile;
    try {
      profile = await api(`/api/players/${encodeURIComponent(this.name)}`);
    } catch (error) {
      root.replaceChildren(h("p", { class: "panel bad", text: error.message }));
      return;
    }
    document.title = `${profile.name} · Ludoteca`;
    const games = Object.keys({ ...profile.games, ...profile.ratings });
    root.replaceChildren(
      h("section", { class: "panel" },
        h("h1", { id: "lt-profile-name", text: profile.name }),
        h("p", { class: "lead", text: t("web.profile.since", { date: profile.since.slice(0, 10) }) }),
        profile.own ? null : this.about(profile.name),
        profile.own && profile.playing ? this.playing(profile.playing) : null,
        h("h2", { text: t("web.profile.games") }),
        games.length ? this.gameTable(profile, games) : h("p", { class: "empty", text: t("web.profile.no_games") }),
        ...Object.entries(profile.ratings).map(([game, rating]) => this.chart(game, rating)),
        h("h2", { text: t("web.profile.progress") }),
        progressSection(profile.progress),
        h("h2", { text: t("web.profile.recent") }),
        this.recent(profile)),
    );
  }

  // Report the player to the administrators; block them (an account only).
  about(name) {
    const blockButton = h("button", { class: "small", id: "lt-profile-block", text: t("web.mod.block"), onclick: async () => {
      try {
        await block(name, true);
      } catch (error) {
        toast(error.message);
      }
    } });
    return h("div", { class: "actions", id: "lt-profile-moderation" },
      h("button", { class: "small", id: "lt-profile-report", text: t("web.mod.report_player"), onclick: () => reportPlayer(name) }),
      me.name ? blockButton : null);
  }

  playing(rooms) {
    const waiting = rooms.filter((r) => r.your_move).length;
    return h("div", {},
      h("h2", { text: t("web.profile.playing") }, waiting ? h("span", { class: "badge", text: t("web.lobby.your_move_count", { n: waiting }) }) : null),
      h("ul", { class: "rooms", id: "lt-profile-playing" }, ...rooms.map((r) =>
        h("li", {}, h("a", { href: `/room/${r.room}`, "data-go": "", text: `${gameTitle(r.game)} · ${r.room}` }),
          r.your_move ? h("span", { class: "badge", text: t("web.lobby.your_move") }) : null))),
      rooms.length ? null : h("p", { class: "empty", text: t("web.lobby.none") }));
  }

  gameTable(profile, games) {
    return h("table", { class: "sheet", id: "lt-profile-games" },
      h("thead", {}, h("tr", {}, ...["web.profile.game", "web.profile.played", "web.profile.won", "web.profile.rating"].map((k) => h("th", { text: t(k) })))),
      h("tbody", {}, ...games.map((game) => {
        const stats = profile.games[game] || { played: 0, won: 0 };
        const rating = profile.ratings[game];
        return h("tr", { "data-game": game },
          h("td", {}, h("a", { href: `/leaderboard/${game}`, "data-go": "", text: gameTitle(game) })),
          h("td", { text: stats.played }), h("td", { text: stats.won }),
          h("td", { class: "rating", text: rating ? ratingText(rating) : "–", title: rating && rating.provisional ? t("web.profile.provisional") : "" }));
      })),
    );
  }

  // The rating history of one game as an inline SVG line chart (drawn here, no library).
  chart(game, rating) {
    const points = rating.history.map((p) => p.rating);
    if (!points.length) return null;
    const width = 480, height = 140, pad = 30;
    const low = Math.min(...points) - 20, high = Math.max(...points) + 20;
    const x = (i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
    const y = (v) => height - pad / 2 - ((v - low) * (height - pad)) / (high - low);
    const ns = "http://www.w3.org/2000/svg";
    const make = (tag, attributes) => {
      const el = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      return el;
    };
    const svg = make("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", role: "img", "aria-label": t("web.profile.chart", { game: gameTitle(game), rating: ratingText(rating) }) });
    for (const v of [low + 20, high - 20]) {
      svg.append(make("line", { x1: pad, x2: width - pad, y1: y(v), y2: y(v), class: "grid" }));
      const label = make("text", { x: 2, y: y(v) + 4, class: "axis" });
      label.textContent = String(Math.round(v));
      svg.append(label);
    }
    svg.append(make("polyline", { points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }));
    points.forEach((v, i) => svg.append(make("circle", { cx: x(i), cy: y(v), r: 3, class: "dot" })));
    return h("figure", { class: "chart", "data-game": game }, h("figcaption", { text: t("web.profile.chart", { game: gameTitle(game), rating: ratingText(rating) }) }), svg);
  }

  recent(profile) {
    if (!profile.recent.length) return h("p", { class: "empty", text: t("web.lobby.none") });
    return h("ul", { class: "rooms", id: "lt-profile-recent" }, ...profile.recent.map((game) =>
      h("li", {},
        h("a", { href: `/replay/${game.room}`, "data-go": "", text: `${gameTitle(game.game)} · ${game.finished_at.slice(0, 10)}` }),
        h("span", { class: game.won ? "tag won" : "tag", text: game.won ? t("web.profile.won_game") : t("web.profile.lost_game") }),
        h("span", { class: "who", text: game.names.map((n, i) => `${playerName(n, i)} ${formatScore(game.scores[i])}`).join(" · ") }))));
  }

  relabel() {
    this.show();
  }
}
