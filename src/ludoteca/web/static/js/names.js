// Names the pages show: games, bots, seats, player counts.
import { hasWord, t } from "./i18n.js";
import { state } from "./router.js";

export function playersText(game) {
  if (game.max_players === 1) return t("web.lobby.solo");
  if (game.min_players === game.max_players) return t("web.lobby.players_fixed", { n: game.min_players });
  return t("web.lobby.players_range", { min: game.min_players, max: game.max_players });
}

export function gameTitle(id) {
  const game = (state.games || []).find((g) => g.id === id);
  return game ? game.title : id;
}

export function botLabel(spec) {
  const key = `web.bot.${spec.replace(":", ".")}`;
  return hasWord(key) ? t(key) : spec;
}

export function seatName(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return botLabel(seat.bot || "random");
  return t("web.seat.player", { n: seat.seat + 1 });
}
