// Names the pages show: games, bots, seats, player counts.
import { hasWord, t } from "./i18n.js";
import { colourName } from "./palette.js";
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

function ownName(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return botLabel(seat.bot || "random");
  return colourName(seat.seat);
}

// A seat's name; given all the room's ``seats``, a name two seats share is followed by the
// seat's number ("Bot: easy (2)"), as the server writes it in logs and pictures.
export function seatName(seat, seats) {
  const name = ownName(seat);
  if (!seats || seats.filter((other) => other && ownName(other) === name).length < 2) return name;
  return t("web.seat.numbered", { name, n: seat.seat + 1 });
}
