// The lobby at a glance: game pictures and progress stars on the cards, "your move" first,
// options, seats and results of the rooms, a filter by game.
import { h } from "./dom.js";
import { t, words } from "./i18n.js";
import { seatName } from "./names.js";
import { progressBadge } from "./progress.js";
import { state } from "./router.js";
import { mine } from "./store.js";

// A game card's picture (the game's own view of an opening position) and the player's stars.
export function cardExtras(game) {
  const extras = cardPicture(game);
  const badge = progressBadge(game);
  return badge ? [...extras, badge] : extras;
}

// The picture is drawn by the server's workers once (the game's core may still be compiling
// after an install): until it comes, the card says it is getting ready and asks again.
const RETRY_MS = 2500;

function cardPicture(game) {
  const src = `/api/games/${game.id}/picture?lang=${words.lang}`;
  const note = h("span", { class: "card-getting-ready", text: t("web.lobby.getting_ready"), hidden: true });
  let tries = 0;
  const img = h("img", { class: "card-picture", src, alt: "", loading: "lazy",
    onload: () => { note.hidden = true; img.hidden = false; },
    onerror: () => {
      if (!img.isConnected && tries > 0) return; // the lobby was left
      note.hidden = false;
      img.hidden = true;
      tries += 1;
      setTimeout(() => { img.src = `${src}&try=${tries}`; }, RETRY_MS);
    } });
  return [img, note];
}

export function seatsText(room) {
  return room.seats.map((seat) => seatName(seat, room.seats) + (seat.kind === "open" ? ` (${t("web.play.free_seat")})` : "")).join(", ");
}

export function optionsText(room) {
  const game = state.games.find((g) => g.id === room.game);
  if (!game) return "";
  return game.options
    .filter((o) => o.name !== "players" && room.options[o.name] !== undefined && room.options[o.name] !== o.default)
    .map((o) => {
      const i = o.choices ? o.choices.indexOf(room.options[o.name]) : -1;
      return `${o.label}: ${i >= 0 ? o.choice_labels[i] : room.options[o.name]}`;
    }).join(" · ");
}

export function resultText(room) {
  const winners = room.winners || [];
  if (!winners.length) return "";
  return t("web.lobby.won_by", { names: winners.map((i) => seatName(room.seats[i] || { seat: i, kind: "person", name: "" }, room.seats)).join(", ") });
}

// Your rooms in play: "your move" first, with a count in the heading.
export function yourRooms(rooms) {
  const held = new Map();
  for (const e of mine.all()) if (!e.invite) held.set(`${e.room}/${e.seat}`, e);
  const byId = new Map(rooms.playing.map((r) => [r.id, r]));
  const seen = new Set();
  const found = [];
  for (const e of mine.all()) {
    if (e.invite || seen.has(e.room)) continue;
    seen.add(e.room);
    const room = byId.get(e.room);
    const seats = mine.forRoom(e.room).filter((x) => !x.invite).map((x) => x.seat);
    const yourMove = room && room.to_move !== null && room.to_move !== undefined && seats.includes(room.to_move);
    found.push({ entry: e, room, yourMove: Boolean(yourMove) });
  }
  found.sort((a, b) => Number(b.yourMove) - Number(a.yourMove));
  return found;
}

export function lobbyFilter(onchange) {
  const select = h("select", { id: "lt-room-filter", "aria-label": t("web.lobby.filter") },
    h("option", { value: "", text: t("web.lobby.all_games") }),
    ...state.games.map((g) => h("option", { value: g.id, text: g.title })));
  select.value = localStorage.getItem("ludoteca.filter") || "";
  select.onchange = () => {
    localStorage.setItem("ludoteca.filter", select.value);
    onchange();
  };
  return h("label", { class: "filter" }, h("span", { text: t("web.lobby.filter") }), select);
}
