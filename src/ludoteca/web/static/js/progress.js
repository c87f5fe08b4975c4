// A player's progress in the games that declare one (the server sends each game's items, see
// ludoteca.engine.traits): stars on the lobby card, the choices of the progress option with
// their stars, and the profile's section. Nothing here knows a game.
import { me, stars } from "./account.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./names.js";
import { state } from "./router.js";
import { formatScore } from "./sheets.js";
import { lessons } from "./store.js";

function progressOf(gameId, progress = me.progress) {
  return (progress && progress[gameId]) || null;
}

// The stars of a game on its lobby card ("★ 3/60"), or null for a game without stars.
export function progressBadge(game) {
  const found = progressOf(game.id);
  if (!found || !found.stars) return null;
  return h("span", { class: "card-stars", id: `lt-${game.id}-stars`, text: `★ ${found.total}/${found.of}` });
}

// The lobby's choice of the progress option, each item with its stars (every item is open).
// Whether it is that option.
export function starChoices(game, option, select) {
  const found = progressOf(game.id);
  if (!found || found.option !== option.name) return false;
  const items = new Map(found.items.map((item) => [item.key, item]));
  for (const choice of select.options) {
    const key = String(JSON.parse(choice.value));
    const item = items.get(key);
    if (item && found.stars) choice.textContent = `${itemLabel(game, option, key)} ${stars(item.stars, found.stars)}`;
  }
  return true;
}

// What an item stands for: the option's choice label, its value, or the game as a whole.
function itemLabel(game, option, key) {
  if (!option) return game ? game.title : "";
  const i = option.choices ? option.choices.map(String).indexOf(key) : -1;
  return i >= 0 ? option.choice_labels[i] : key;
}

// The profile's progress: per game, its levels with stars, or its best scores.
export function progressSection(progress) {
  const parts = [];
  for (const [gameId, found] of Object.entries(progress || {})) {
    const game = state.games.find((g) => g.id === gameId);
    const option = game && found.option ? game.options.find((o) => o.name === found.option) : null;
    const label = (key) => itemLabel(game, option, key);
    parts.push(h("h3", { text: found.stars ? `${gameTitle(gameId)} · ★ ${found.total}/${found.of}` : gameTitle(gameId) }));
    if (found.stars) {
      parts.push(h("ol", { class: "levels", id: `lt-${gameId}-levels` }, ...found.items.map((item) =>
        h("li", { class: "level", "data-level": item.key },
          h("span", { class: "n", text: label(item.key) }),
          h("span", { class: "stars", text: stars(item.stars, found.stars), title: t("web.profile.stars", { n: item.stars }) })))));
    } else if (found.items.length) {
      parts.push(h("table", { class: "sheet", id: `lt-${gameId}-scores` },
        h("thead", {}, h("tr", {}, h("th", { text: option ? option.label : t("web.profile.game") }), h("th", { text: t("web.profile.best") }), h("th", { text: t("web.profile.scores") }))),
        h("tbody", {}, ...found.items.map((item) =>
          h("tr", { "data-key": item.key }, h("td", { text: label(item.key) }), h("td", { text: formatScore(item.best) }), h("td", { text: item.history.map((p) => formatScore(p.score)).join(" · ") }))))));
    } else {
      parts.push(h("p", { class: "empty", text: t("web.lobby.none") }));
    }
  }
  return h("div", { class: "progress" }, ...parts);
}

// The way to a game's guided first game (lobby and rules page), marked once it was finished
// in this browser; null for a game without one.
export function learnLink(game) {
  if (!game || !game.lesson) return null;
  const done = lessons.get(game.id).done;
  const text = done ? `${t("web.learn.link")} ✓` : t("web.learn.link");
  const label = done ? `${t("web.learn.link")} (${t("web.learn.finished")})` : null;
  return h("a", { href: `/learn/${game.id}`, "data-go": "", class: "rules-link learn-link", text, "aria-label": label });
}
