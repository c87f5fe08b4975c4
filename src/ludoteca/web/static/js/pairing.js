// Quick pairing in the lobby (docs/web.md, "Quick pairing"): ask for the game chosen in the
// form and be seated with the next player asking for the same, or join a listed request.
// The seek is polled (each answer waits up to a second on the server) until it is paired;
// its secret then holds the seat, so the page goes straight to the room.
import { me } from "./account.js";
import { api } from "./api.js";
import { $, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./names.js";
import { go, state } from "./router.js";
import { mine } from "./store.js";

const BOTS_AFTER = [null, 15, 30, 60, 120];
const RANGES = [null, 100, 200, 400];

// The "Play now" box under the form; ``wanted()`` says what the form asks for.
export function quickPairing(store, wanted) {
  const bots = h("select", { id: "lt-seek-bots" },
    ...BOTS_AFTER.map((n) => h("option", { value: n ?? "", text: n ? t("web.lobby.quick.seconds", { n }) : t("web.lobby.quick.bots_never") })));
  bots.value = localStorage.getItem("ludoteca.seek_bots") ?? "";
  bots.onchange = () => localStorage.setItem("ludoteca.seek_bots", bots.value);
  const range = h("select", { id: "lt-seek-range", disabled: !me.name },
    ...RANGES.map((n) => h("option", { value: n ?? "", text: n ? t("web.lobby.quick.range_within", { n }) : t("web.lobby.quick.range_any") })));
  range.value = me.name ? localStorage.getItem("ludoteca.seek_range") ?? "" : "";
  range.onchange = () => localStorage.setItem("ludoteca.seek_range", range.value);
  const status = h("p", { class: "seek-status", id: "lt-seek-status", role: "status", "aria-live": "polite" });
  const ask = h("button", { class: "primary", id: "lt-seek", text: t("web.lobby.quick.ask"),
    onclick: () => seekGame(store, { ...wanted(), bots_after: numberOf(bots.value), rating_range: numberOf(range.value) }) });
  const withdraw = h("button", { id: "lt-seek-withdraw", hidden: true, text: t("web.lobby.quick.withdraw"), onclick: () => withdrawSeek(store) });
  store.on((part) => part === "seeking" && showSeeking(store));
  return h("section", { class: "quick", id: "lt-quick", "aria-labelledby": "lt-quick-title" },
    h("h2", { id: "lt-quick-title", text: t("web.lobby.quick.title") }),
    h("p", { class: "lead", text: t("web.lobby.quick.lead") }),
    h("div", { class: "options" },
      h("label", { class: "field" }, h("span", { text: t("web.lobby.quick.bots") }), bots),
      h("label", { class: "field" }, h("span", { text: t("web.lobby.quick.range") }), range)),
    me.name ? null : h("p", { class: "hint", text: t("web.lobby.quick.login_for_rated") }),
    h("div", { class: "actions" }, ask, withdraw),
    status);
}

function numberOf(value) {
  return value === "" ? null : Number(value);
}

// What the lobby's form asks for, as a seek's body (a guest's seek is never rated).
export function seekBody(game, options, table, rated) {
  const body = { game: game.id, options, table, rated: Boolean(me.name) && rated };
  if (!me.name) body.name = localStorage.getItem("ludoteca.name") || "";
  return body;
}

async function seekGame(store, body) {
  if (store.seeking) return;
  if (body.bots_after) body.bot = state.bots.find((b) => b.startsWith("mcts:easy")) || state.bots[0] || "random";
  if (body.bots_after === null) delete body.bots_after;
  if (body.rating_range === null || !me.name) delete body.rating_range;
  try {
    store.set("seeking", { ...(await api("/api/seeks", { json: body })), since: Date.now() });
  } catch (error) {
    toast(error.message);
    return;
  }
  follow(store);
}

// Join a listed request: a seek of the same kind, seated with that one first.
export async function joinSeek(store, listed) {
  const body = { game: listed.game, options: listed.options, table: listed.table, rated: listed.rated, join: listed.id };
  if (!me.name) body.name = localStorage.getItem("ludoteca.name") || "";
  await seekGame(store, body);
}

async function follow(store) {
  while (store.seeking && !store.left) {
    const seeking = store.seeking;
    if (seeking.status === "paired") {
      mine.add({ room: seeking.room, seat: seeking.seat, token: seeking.token, game: seeking.game });
      store.set("seeking", null);
      go(`/room/${seeking.room}`);
      return;
    }
    if (seeking.status !== "open") {
      store.set("seeking", null);
      $("#lt-seek-status") && ($("#lt-seek-status").textContent = t("web.lobby.quick.lapsed"));
      return;
    }
    try {
      const found = await api(`/api/seeks/${seeking.seek}?wait=true`, { headers: { "X-Seek-Token": seeking.token } });
      if (store.seeking === seeking) store.set("seeking", { ...seeking, ...found });
    } catch (error) {
      toast(error.message);
      store.set("seeking", null);
    }
  }
}

async function withdrawSeek(store) {
  const seeking = store.seeking;
  if (!seeking) return;
  store.set("seeking", null);
  try {
    await api(`/api/seeks/${seeking.seek}/withdraw`, { json: { token: seeking.token } });
  } catch (error) {
    toast(error.message);
  }
}

function showSeeking(store) {
  const seeking = store.seeking;
  if (!$("#lt-seek")) return;
  $("#lt-seek").hidden = Boolean(seeking);
  $("#lt-seek-withdraw").hidden = !seeking;
  if (seeking) waiting(store, seeking);
  else $("#lt-seek-status").textContent = "";
}

// The seconds waited, counted on the page while the seek is open.
function waiting(store, seeking) {
  const show = () => {
    if (store.seeking !== seeking && !(store.seeking && store.seeking.seek === seeking.seek)) return;
    const status = $("#lt-seek-status");
    if (!status) return;
    status.textContent = t("web.lobby.quick.waiting", { s: Math.floor((Date.now() - seeking.since) / 1000) });
    setTimeout(show, 1000);
  };
  if (!seeking.counting) {
    seeking.counting = true;
    show();
  }
}

// The open requests of others, with a button to sit with one.
export function seekItem(store, seek) {
  const who = seek.name || t("web.lobby.guest");
  const rated = seek.rated ? h("span", { class: "tag", text: t("web.lobby.rated_tag") }) : null;
  const rating = seek.rating ? ` (${seek.rating})` : "";
  const facts = [t("web.lobby.players_fixed", { n: seek.players }), clockWords(seek.table)];
  if (seek.bots_after) facts.push(`${t("web.lobby.quick.bots")} ${t("web.lobby.quick.seconds", { n: seek.bots_after })}`);
  const own = store.seeking && store.seeking.seek === seek.id;
  return h("li", { "data-seek": seek.id },
    h("strong", { text: t("web.lobby.table_of", { host: who + rating, game: gameTitle(seek.game) }) }),
    rated,
    own ? null : h("button", { class: "small", text: t("web.lobby.seek_join"), onclick: () => joinSeek(store, seek) }),
    h("span", { class: "who", text: facts.join(" · ") }));
}

function clockWords(table) {
  if (table.clock === "fischer") return t("web.lobby.clock.fischer", { m: table.base / 60, s: table.increment });
  if (table.clock === "days") return t("web.lobby.clock.days", { n: table.days });
  return t("web.lobby.clock.none");
}
