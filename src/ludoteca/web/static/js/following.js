// The lobby follows the account and the site: the account's games from the server (the same on
// every browser where it is logged in, "your move" first), who is online with their games in
// play (watchable), and the rooms' readable names ("Ann · <game>") with an honest rated tag.
import { me, playerName } from "./account.js";
import { api } from "./api.js";
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle, seatName } from "./names.js";
import { seekItem } from "./pairing.js";

const REFRESH_MS = 5000;

// A room by its host (the first person seat with a name) and its game, never by its id.
export function tableName(room) {
  const seats = room.seats || [];
  const host = seats.find((s) => s.kind === "person" && s.name) || seats.find((s) => s.kind === "person") || seats[0];
  const name = host ? seatName(host) : t("web.lobby.guest");
  return t("web.lobby.table_of", { host: name, game: gameTitle(room.game) });
}

// Rated only when it can count: the host asked for it, there is more than one seat and no
// seat is held by a guest already (solitaires and games with guests never count).
export function countsRated(room) {
  const seats = room.seats || [];
  if (!room.rated || seats.length < 2) return false;
  return !seats.some((s) => s.kind === "person" && s.claimed && !s.account);
}

// The side panel's live parts: requests for a game and who is online, refreshed while shown.
export function liveParts(store) {
  store.on((part) => {
    if (part === "seeks" || part === "seeking") renderSeeks(store);
    if (part === "online") renderOnline(store);
  });
  const refresh = async () => {
    if (store.left) return;
    const [seeks, online] = await Promise.allSettled([api("/api/seeks"), api("/api/online")]);
    if (store.left) return;
    if (seeks.status === "fulfilled") store.set("seeks", seeks.value.seeks);
    if (online.status === "fulfilled") store.set("online", online.value);
    setTimeout(refresh, REFRESH_MS);
  };
  refresh();
  return [
    h("h2", { text: t("web.lobby.seeks") }),
    h("ul", { class: "rooms", id: "lt-seeks" }),
    h("h2", { id: "lt-online-title", text: t("web.lobby.online", { n: "…" }) }),
    h("ul", { class: "rooms", id: "lt-online" }),
  ];
}

function renderSeeks(store) {
  const list = $("#lt-seeks");
  if (!list) return;
  list.replaceChildren(...store.seeks.map((seek) => seekItem(store, seek)));
  if (!list.children.length) list.append(h("li", { class: "empty", text: t("web.lobby.none") }));
}

function renderOnline(store) {
  const list = $("#lt-online");
  if (!list || !store.online) return;
  $("#lt-online-title").textContent = t("web.lobby.online", { n: store.online.count });
  list.replaceChildren(...store.online.players.map((player) =>
    h("li", { "data-player": player.name },
      h("a", { href: `/player/${encodeURIComponent(player.name)}`, "data-go": "", text: player.name }),
      ...(player.playing.length
        ? player.playing.map((game) => h("a", { href: `/room/${game.room}`, "data-go": "", class: "tag", text: `${gameTitle(game.game)} · ${t("web.lobby.watch")}` }))
        : [h("span", { class: "who", text: t("web.lobby.online_idle") })]))));
  if (!list.children.length) list.append(h("li", { class: "empty", text: t("web.lobby.none") }));
}

// The account's games: asked of the server (a guest's come from this browser's memory).
export async function loadAccountGames(store) {
  if (!me.name) return;
  try {
    store.set("account", await api("/api/account/games"));
  } catch {
    store.set("account", null);
  }
}

// The account's games in play as the lobby's "your games" list wants them.
export function accountRooms(store) {
  const account = store.account;
  if (!account) return null;
  return account.playing.map((entry) => ({ entry: { room: entry.room, game: entry.game }, yourMove: entry.your_move }));
}

export function finishedList(store) {
  const account = store.account;
  if (!account) return [];
  return [
    h("h2", { text: t("web.lobby.your_finished") }),
    h("ul", { class: "rooms", id: "lt-my-finished" },
      ...(account.finished.length
        ? account.finished.slice(0, 12).map((entry) =>
          h("li", {},
            h("a", { href: `/replay/${entry.room}`, "data-go": "", text: gameTitle(entry.game) }),
            entry.rated && entry.names && entry.names.length > 1 ? h("span", { class: "tag", text: t("web.lobby.rated_tag") }) : null,
            h("span", { class: "tag", text: entry.won ? t("web.lobby.won") : t("web.lobby.not_won") }),
            h("span", { class: "who", text: (entry.names || []).map(playerName).join(", ") })))
        : [h("li", { class: "empty", text: t("web.lobby.none") })])),
  ];
}
