// Ludoteca's one generic client: lobby, play, replay and rules pages for every game.
// It knows no game: it shows the server's SVG, narrows the legal actions by the ids the
// player clicks (see docs/web.md) and sends an action when one remains.
"use strict";

const LANGS = ["en", "de", "fr", "ru"];
const $ = (selector, root = document) => root.querySelector(selector);
const app = () => document.getElementById("lt-app");

// ---------------------------------------------------------------- words

const words = { lang: "en", strings: {} };

function t(key, params = {}) {
  const text = words.strings[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

async function loadWords(lang) {
  words.lang = LANGS.includes(lang) ? lang : "en";
  words.strings = await api(`/api/i18n/${words.lang}`);
  document.documentElement.lang = words.lang;
  document.querySelectorAll("[data-t]").forEach((el) => (el.textContent = t(el.dataset.t)));
  $("#lt-lang-select").value = words.lang;
}

function chosenLanguage() {
  const saved = localStorage.getItem("ludoteca.lang");
  if (LANGS.includes(saved)) return saved;
  return document.documentElement.dataset.browserLang || "en";
}

// ---------------------------------------------------------------- small helpers

async function api(path, options = {}) {
  const init = { headers: {}, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(options.json);
    init.headers["Content-Type"] = "application/json";
  }
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${words.lang}`, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.message || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

function h(tag, attributes = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "text") el.textContent = value;
    else if (name === "html") el.innerHTML = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let toastTimer = null;
function toast(message, kind = "error") {
  const el = $("#lt-toast");
  el.textContent = message;
  el.className = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 5000);
}

function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

function playersText(game) {
  if (game.max_players === 1) return t("web.lobby.solo");
  if (game.min_players === game.max_players) return t("web.lobby.players_fixed", { n: game.min_players });
  return t("web.lobby.players_range", { min: game.min_players, max: game.max_players });
}

function gameTitle(id) {
  const game = (state.games || []).find((g) => g.id === id);
  return game ? game.title : id;
}

function botLabel(spec) {
  const key = `web.bot.${spec.replace(":", ".")}`;
  return key in words.strings ? t(key) : spec;
}

function seatName(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return botLabel(seat.bot || "random");
  return t("web.seat.player", { n: seat.seat + 1 });
}

// ---------------------------------------------------------------- your seats (localStorage)

const mine = {
  all() {
    try {
      return JSON.parse(localStorage.getItem("ludoteca.seats") || "[]");
    } catch {
      return [];
    }
  },
  save(list) {
    localStorage.setItem("ludoteca.seats", JSON.stringify(list));
  },
  add(entry) {
    const list = mine.all().filter((e) => !(e.room === entry.room && e.seat === entry.seat));
    list.unshift({ ...entry, at: Date.now() });
    mine.save(list.slice(0, 100));
  },
  forRoom(room) {
    return mine.all().filter((e) => e.room === room);
  },
  drop(room) {
    mine.save(mine.all().filter((e) => e.room !== room));
  },
};

// ---------------------------------------------------------------- the router

const state = { games: null, bots: null, page: null };

async function route() {
  if (state.page && state.page.leave) state.page.leave();
  state.page = null;
  const path = location.pathname;
  let match;
  if (!state.games) [state.games, state.bots] = await Promise.all([api("/api/games"), api("/api/bots")]);
  if ((match = path.match(/^\/room\/([\w-]+)$/))) state.page = new PlayPage(match[1]);
  else if ((match = path.match(/^\/replay\/([\w-]+)$/))) state.page = new ReplayPage(match[1]);
  else if (path === "/replay") state.page = new ReplayPage(null);
  else if ((match = path.match(/^\/rules\/([\w-]+)$/))) state.page = new RulesPage(match[1]);
  else state.page = new LobbyPage();
  window.ludoteca.page = state.page;
  window.ludoteca.message = null;
  await state.page.show();
}

function go(path) {
  history.pushState(null, "", path);
  route();
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-go]");
  if (link && !event.ctrlKey && !event.metaKey && event.button === 0) {
    event.preventDefault();
    go(link.getAttribute("href"));
  }
});
window.addEventListener("popstate", route);

// ---------------------------------------------------------------- lobby

class LobbyPage {
  constructor() {
    this.choice = localStorage.getItem("ludoteca.game") || (state.games[0] && state.games[0].id);
    if (!state.games.some((g) => g.id === this.choice)) this.choice = state.games[0] && state.games[0].id;
    this.options = {};
    this.seats = [];
  }

  async show() {
    document.title = "Ludoteca";
    const root = app();
    root.className = "lobby";
    root.replaceChildren(
      h("section", { class: "panel new-game", id: "lt-new-game" },
        h("h1", { text: t("web.lobby.title") }),
        h("p", { class: "lead", text: t("web.lobby.lead") }),
        h("div", { class: "game-list", id: "lt-game-list", role: "radiogroup" }),
        h("div", { id: "lt-game-form" })),
      h("section", { class: "panel side" },
        h("h2", { text: t("web.lobby.your_games") }),
        h("ul", { class: "rooms", id: "lt-my-games" }),
        h("h2", { text: t("web.lobby.open_rooms") }),
        h("ul", { class: "rooms", id: "lt-open-rooms" }),
        h("h2", { text: t("web.lobby.playing") }),
        h("ul", { class: "rooms", id: "lt-playing-rooms" }),
        h("h2", { text: t("web.lobby.finished") }),
        h("ul", { class: "rooms", id: "lt-finished-rooms" }),
        h("h2", { text: t("web.replay.title") }),
        h("label", { class: "button" }, t("web.replay.upload"),
          h("input", { type: "file", id: "lt-upload", accept: ".json,application/json", hidden: true, onchange: (e) => uploadRecord(e.target.files[0]) })),
        lobbyChat()),
    );
    watchWaiting();
    this.renderGames();
    this.renderForm();
    this.loadRooms();
  }

  renderGames() {
    const list = $("#lt-game-list");
    list.replaceChildren(
      ...state.games.map((game) =>
        h("button", {
          class: "game-card" + (game.id === this.choice ? " chosen" : ""),
          role: "radio",
          "aria-checked": game.id === this.choice ? "true" : "false",
          id: `lt-game-${game.id}`,
          onclick: () => {
            this.choice = game.id;
            localStorage.setItem("ludoteca.game", game.id);
            this.options = {};
            this.renderGames();
            this.renderForm();
          },
        },
        h("strong", { text: game.title }),
        h("span", { class: "players", text: playersText(game) }),
        game.summary ? h("span", { class: "summary", text: game.summary }) : null)),
    );
  }

  game() {
    return state.games.find((g) => g.id === this.choice);
  }

  renderForm() {
    const game = this.game();
    const form = $("#lt-game-form");
    if (!game) {
      form.replaceChildren(h("p", { text: t("web.lobby.no_games") }));
      return;
    }
    for (const option of game.options) if (!(option.name in this.options)) this.options[option.name] = option.default;
    const fields = game.options
      .filter((option) => option.choices || option.minimum !== option.maximum)
      .map((option) => this.optionField(game, option));
    form.replaceChildren(
      h("div", { class: "options" }, ...fields),
      h("div", { class: "options table-options", id: "lt-table-options" }),
      h("h3", { text: t("web.lobby.seats") }),
      h("div", { class: "seats", id: "lt-seats" }),
      h("div", { class: "actions" },
        h("button", { class: "primary", id: "lt-create", onclick: () => this.create(), text: t("web.lobby.start") }),
        h("a", { href: `/rules/${game.id}`, "data-go": "", class: "rules-link", text: t("web.lobby.rules") })),
    );
    this.renderSeats();
  }

  optionField(game, option) {
    const id = `lt-opt-${option.name}`;
    let input;
    if (option.choices) {
      input = h("select", { id, name: option.name },
        ...option.choices.map((value, i) => h("option", { value: JSON.stringify(value), text: option.choice_labels[i] })));
      input.value = JSON.stringify(this.options[option.name]);
      input.onchange = () => (this.options[option.name] = JSON.parse(input.value));
    } else if (option.maximum - option.minimum <= 20) {
      input = h("select", { id, name: option.name });
      for (let v = option.minimum; v <= option.maximum; v++) input.append(h("option", { value: v, text: v }));
      input.value = this.options[option.name];
      input.onchange = () => {
        this.options[option.name] = Number(input.value);
        if (option.name === "players") this.renderSeats();
      };
    } else {
      input = h("input", { id, name: option.name, type: "number", min: option.minimum, max: option.maximum, value: this.options[option.name] });
      input.onchange = () => (this.options[option.name] = Number(input.value));
    }
    const label = option.name === "players" ? t("web.lobby.players") : option.label;
    return h("label", { class: "field" }, h("span", { text: label }), input);
  }

  renderSeats() {
    const count = Number(this.options.players || this.game().min_players);
    const defaultBot = state.bots.find((b) => b.startsWith("mcts:easy")) || state.bots[0] || "random";
    while (this.seats.length < count) {
      this.seats.push(this.seats.length === 0 ? { kind: "me" } : { kind: "bot", bot: defaultBot });
    }
    this.seats.length = count;
    const rows = this.seats.map((seat, i) => {
      const kind = h("select", { id: `lt-seat-${i}-kind`, "aria-label": t("web.seat.player", { n: i + 1 }) },
        ...["me", "bot", "invite", "open"].map((k) => h("option", { value: k, text: t(`web.lobby.seat.${k}`) })));
      kind.value = seat.kind;
      kind.onchange = () => {
        seat.kind = kind.value;
        seat.bot = seat.bot || defaultBot;
        this.renderSeats();
      };
      const extra = [];
      if (seat.kind === "bot") {
        const bot = h("select", { id: `lt-seat-${i}-bot` }, ...state.bots.map((b) => h("option", { value: b, text: botLabel(b) })));
        bot.value = seat.bot;
        bot.onchange = () => (seat.bot = bot.value);
        extra.push(bot);
      } else if (seat.kind === "me") {
        const name = h("input", { id: `lt-seat-${i}-name`, placeholder: t("web.lobby.your_name"), value: localStorage.getItem("ludoteca.name") || "" });
        name.onchange = () => localStorage.setItem("ludoteca.name", name.value.trim());
        extra.push(name);
      } else if (seat.kind === "invite") {
        const name = h("input", { id: `lt-seat-${i}-name`, placeholder: t("web.lobby.friend_name"), value: seat.name || "" });
        name.onchange = () => (seat.name = name.value.trim());
        extra.push(name);
      }
      return h("div", { class: "seat-row" }, h("span", { class: `seat-dot s${i}`, text: i + 1 }), kind, ...extra);
    });
    $("#lt-seats").replaceChildren(...rows);
    $("#lt-table-options").replaceChildren(...tableFields(count));
  }

  async create() {
    const game = this.game();
    const myName = localStorage.getItem("ludoteca.name") || "";
    const seats = this.seats.map((seat) => {
      if (seat.kind === "bot") return { kind: "bot", bot: seat.bot };
      if (seat.kind === "me") return { kind: "person", name: myName };
      if (seat.kind === "invite") return { kind: "person", name: seat.name || "" };
      return { kind: "open" };
    });
    try {
      const made = await api("/api/rooms", { json: { game: game.id, options: this.options, seats, table: tableOptions() } });
      // Your own seats: their invitations are opened at once, so their tokens are yours alone.
      // Friends' seats: the invitation links are kept (with the host token that can replace them).
      const claims = this.seats.map(async (seat, i) => {
        const token = made.tokens[String(i)];
        if (!token) return;
        if (seat.kind === "invite") {
          mine.add({ room: made.room, seat: i, token, game: game.id, invite: true, host: made.host });
          return;
        }
        const claimed = await api(`/api/rooms/${made.room}/claim`, { json: { seat: i, token } });
        mine.add({ room: made.room, seat: i, token: claimed.token, game: game.id });
      });
      await Promise.all(claims);
      go(`/room/${made.room}`);
    } catch (error) {
      toast(error.message);
    }
  }

  async loadRooms() {
    const my = mine.all().filter((e) => !e.invite);
    const seen = new Set();
    $("#lt-my-games").replaceChildren(
      ...my.filter((e) => !seen.has(e.room) && seen.add(e.room)).slice(0, 12).map((e) =>
        h("li", {},
          h("a", { href: `/room/${e.room}`, "data-go": "", text: `${gameTitle(e.game)} · ${e.room}` }),
          h("button", { class: "link", title: t("web.lobby.forget"), "aria-label": t("web.lobby.forget"), text: "×",
            onclick: () => { mine.drop(e.room); this.loadRooms(); } }))),
    );
    if (!my.length) $("#lt-my-games").append(h("li", { class: "empty", text: t("web.lobby.none") }));
    let rooms;
    try {
      rooms = await api("/api/rooms");
    } catch (error) {
      toast(error.message);
      return;
    }
    const item = (room, link, label) =>
      h("li", {},
        h("a", { href: link, "data-go": "", text: `${gameTitle(room.game)} · ${room.id}` }),
        label,
        h("span", { class: "who", text: room.seats.map(seatName).join(", ") }));
    const fill = (id, list, make) => {
      const el = $(id);
      el.replaceChildren(...list.map(make));
      if (!list.length) el.append(h("li", { class: "empty", text: t("web.lobby.none") }));
    };
    fill("#lt-open-rooms", rooms.open, (room) =>
      item(room, `/room/${room.id}`,
        h("button", { class: "small", text: t("web.lobby.join"), onclick: () => this.join(room) })));
    fill("#lt-playing-rooms", rooms.playing.slice(0, 12), (room) => item(room, `/room/${room.id}`, h("span", { class: "tag", text: t("web.lobby.watch") })));
    fill("#lt-finished-rooms", rooms.finished.slice(0, 12), (room) => item(room, `/replay/${room.id}`, h("span", { class: "tag", text: t("web.lobby.replay") })));
  }

  async join(room) {
    const seat = room.seats.find((s) => s.kind === "open");
    try {
      const made = await api(`/api/rooms/${room.id}/join`, { json: { seat: seat.seat, name: localStorage.getItem("ludoteca.name") || "" } });
      mine.add({ room: room.id, seat: made.seat, token: made.token, game: room.game });
      go(`/room/${room.id}`);
    } catch (error) {
      toast(error.message);
      this.loadRooms();
    }
  }
}

function uploadRecord(file) {
  if (!file) return;
  file.text().then((text) => {
    try {
      const record = JSON.parse(text);
      sessionStorage.setItem("ludoteca.replay", JSON.stringify(record));
      go("/replay");
    } catch {
      toast(t("web.replay.bad_file"));
    }
  });
}

// ---------------------------------------------------------------- the board (shared by play and replay)

const SVGNS = "http://www.w3.org/2000/svg";

function findById(root, id) {
  for (const el of root.querySelectorAll("[id]")) if (el.id === id) return el;
  return null;
}

// Draws a frame of class ``kind`` around the element ``id`` (warm cells, picks, the hint).
function frame(svg, layer, id, kind) {
  const el = findById(svg, id);
  if (!el || typeof el.getBBox !== "function") return;
  el.classList.add(`lt-${kind}`);
  let box;
  try {
    box = el.getBBox();
  } catch {
    return;
  }
  if (!box.width && !box.height) return;
  const toRoot = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
  const pad = Math.max(2, Math.min(box.width, box.height) * 0.06);
  const rect = document.createElementNS(SVGNS, "rect");
  rect.setAttribute("x", box.x - pad);
  rect.setAttribute("y", box.y - pad);
  rect.setAttribute("width", box.width + 2 * pad);
  rect.setAttribute("height", box.height + 2 * pad);
  rect.setAttribute("rx", Math.min(box.width, box.height) * 0.18 + pad);
  rect.setAttribute("transform", `matrix(${toRoot.a} ${toRoot.b} ${toRoot.c} ${toRoot.d} ${toRoot.e} ${toRoot.f})`);
  rect.setAttribute("class", `lt-frame lt-frame-${kind}`);
  rect.setAttribute("vector-effect", "non-scaling-stroke");
  layer.append(rect);
}

// The game's picture lives in a shadow root: its ids and classes never meet the page's.
const BOARD_CSS = `
  :host { display: block; width: 100%; }
  svg { width: 100%; height: auto; max-height: calc(100vh - 110px); display: block; user-select: none; -webkit-user-select: none; }
  pre.fallback { white-space: pre-wrap; margin: 1rem; font: 14px "DejaVu Sans Mono", monospace; }
  .lt-warm, .lt-hint { cursor: pointer; }
  .lt-layer { pointer-events: none; }
  .lt-frame { fill: none; stroke-width: 3.5px; }
  .lt-frame-warm { stroke: #f4b400; fill: #ffd54f33; animation: lt-glow 1.4s ease-in-out infinite; }
  .lt-frame-picked { stroke: #1b7f5a; stroke-width: 4.5px; fill: #1b7f5a22; }
  .lt-frame-hint { stroke: #1565c0; stroke-dasharray: 6 4; stroke-width: 4px; fill: #1565c018; }
  @keyframes lt-glow { 50% { stroke-opacity: .45; } }
  @media (max-width: 820px) { svg { max-height: none; } }
`;

function showBoard(container, svgText, fallback) {
  const root = container.shadowRoot || container.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${BOARD_CSS}</style>`;
  if (svgText) {
    const holder = document.createElement("template");
    holder.innerHTML = svgText;
    const svg = holder.content.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
      root.append(svg);
      return svg;
    }
  }
  root.append(h("pre", { class: "fallback", text: fallback || "" }));
  return null;
}

function scoreTable(seats, observation, you, online) {
  const scores = observation.scores || [];
  const winners = new Set(observation.winners || []);
  return h("table", { class: "scores" },
    h("tbody", {}, ...seats.map((seat) => {
      const turn = observation.current_player === seat.seat;
      return h("tr", { class: (turn ? "turn " : "") + (seat.seat === you ? "you" : "") },
        h("td", {}, h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 })),
        h("td", { class: "name" },
          online && seat.kind === "person"
            ? h("span", { class: online.includes(seat.seat) ? "presence on" : "presence", title: t(online.includes(seat.seat) ? "web.play.online" : "web.play.offline") })
            : null,
          seatName(seat), seat.seat === you ? h("em", { text: ` (${t("web.play.you")})` }) : null,
          seat.kind === "open" ? h("em", { text: ` — ${t("web.play.free_seat")}` }) : null),
        h("td", { class: "score", text: formatScore(scores[seat.seat]) }),
        h("td", { class: "mark", text: winners.has(seat.seat) ? "★" : turn ? "◀" : "" }));
    })));
}

function formatScore(value) {
  if (value === undefined || value === null) return "";
  return Number.isInteger(value) ? String(value) : Number(value).toFixed(1);
}

function logList(observation) {
  const items = (observation.log || []).map((entry) =>
    h("li", { class: entry.seat >= 0 ? `s${entry.seat}` : "chance" }, entry.text ? entry.text.text : entry.action));
  const list = h("ol", { class: "log", start: Math.max(1, (observation.move_number || 0) - items.length + 1) }, ...items);
  return list;
}

// A game may name its seats' colours (observation key ``seat_colours``); the page follows.
function seatColours(colours) {
  const style = document.documentElement.style;
  for (let i = 0; i < 6; i++) {
    const colour = Array.isArray(colours) ? colours[i] : null;
    if (typeof colour === "string" && /^#[0-9a-fA-F]{3,8}$/.test(colour)) style.setProperty(`--s${i}`, colour);
    else style.removeProperty(`--s${i}`);
  }
}

// ---------------------------------------------------------------- play

class PlayPage {
  constructor(room) {
    this.room = room;
    this.picks = [];
    this.message = null;
    this.hints = localStorage.getItem("ludoteca.hints") === "on";
    this.closed = false;
    this.retry = 500;
    this.endShown = false;
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get("token") && hash.get("seat") !== null) {
      // an invitation: opened (exchanged for this browser's own token) once the page shows
      this.invitation = { seat: Number(hash.get("seat")), token: hash.get("token"), game: hash.get("game") || "" };
      history.replaceState(null, "", location.pathname);
    }
    const seats = mine.forRoom(room).filter((e) => !e.invite);
    this.token = seats.length ? seats[0].token : null;
  }

  // Opening an invitation exchanges its token for a fresh one: from now on only this
  // browser can act for the seat (the link, and whoever created the room, no longer can).
  async openInvitation() {
    const invitation = this.invitation;
    this.invitation = null;
    try {
      const claimed = await api(`/api/rooms/${this.room}/claim`, { json: { seat: invitation.seat, token: invitation.token, name: localStorage.getItem("ludoteca.name") || undefined } });
      mine.save(mine.all().filter((e) => !(e.room === this.room && e.seat === invitation.seat)));
      mine.add({ room: this.room, seat: invitation.seat, token: claimed.token, game: invitation.game });
      this.token = claimed.token;
      return true;
    } catch (error) {
      const held = mine.forRoom(this.room).find((e) => !e.invite && e.seat === invitation.seat);
      if (held) {
        this.token = held.token;  // this browser opened the link before
        return true;
      }
      this.refused(error.message, error.status === 403);
      return false;
    }
  }

  refused(text, offerWatching) {
    this.forbidden = true;
    for (const id of ["#lt-prompt", "#lt-prompt-top"]) {
      $(id).textContent = text;
      $(id).classList.add("bad");
    }
    if (!offerWatching) return;
    $("#lt-choices").replaceChildren(h("button", { id: "lt-watch", text: t("web.play.watch_instead"), onclick: () => {
      this.token = null;
      for (const id of ["#lt-prompt", "#lt-prompt-top"]) $(id).classList.remove("bad");
      $("#lt-choices").replaceChildren();
      this.connect();
    } }));
  }

  async show() {
    const root = app();
    root.className = "play";
    root.replaceChildren(
      h("section", { class: "board-wrap" },
        h("p", { class: "prompt phone-only", id: "lt-prompt-top" }),
        h("div", { class: "board", id: "lt-board", onclick: (e) => this.onBoardClick(e) })),
      h("aside", { class: "panel side", id: "lt-side" },
        h("div", { class: "title-row" }, h("h1", { id: "lt-room-title" }), h("span", { class: "status", id: "lt-status" })),
        h("p", { class: "prompt", id: "lt-prompt" }),
        h("div", { id: "lt-choices", class: "choices" }),
        h("div", { class: "controls" },
          h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "lt-hints", onchange: (e) => this.setHints(e.target.checked) }), h("span", { text: t("web.play.hints") })),
          h("button", { id: "lt-undo", onclick: () => this.undo(), text: t("web.play.undo") }),
          h("button", { id: "lt-clear", onclick: () => this.clearPicks(), text: t("web.play.clear") })),
        h("div", { id: "lt-table", class: "table-moves" }),
        h("p", { id: "lt-result", class: "result" }),
        h("p", { class: "hint-text", id: "lt-hint-text", hidden: true }),
        h("form", { class: "type-move", id: "lt-type-move", onsubmit: (e) => { e.preventDefault(); this.typed(); } },
          h("input", { id: "lt-move-input", list: "lt-legal-list", autocomplete: "off", placeholder: t("web.play.type_move"), "aria-label": t("web.play.type_move") }),
          h("datalist", { id: "lt-legal-list" }),
          h("button", { type: "submit", text: t("web.play.send") })),
        h("div", { id: "lt-clocks", class: "clocks", hidden: true }),
        h("div", { id: "lt-score-box" }),
        h("p", { id: "lt-watchers", class: "watchers" }),
        h("div", { id: "lt-invites" }),
        h("h2", { text: t("web.play.log") }),
        h("div", { id: "lt-log-box" }),
        h("div", { id: "lt-chat-box" }),
        h("div", { class: "controls notify" }, ...notificationToggles()),
        h("p", { class: "links" },
          h("a", { id: "lt-rules-link", target: "_blank", text: t("web.lobby.rules") }),
          h("a", { href: "/", "data-go": "", text: t("web.nav.lobby") }))),
      h("dialog", { id: "lt-end", "aria-labelledby": "lt-end-title" }),
    );
    $("#lt-hints").checked = this.hints;
    for (const id of ["#lt-undo", "#lt-clear", "#lt-move-input"]) $(id).disabled = true;
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
    this.ticker = setInterval(() => renderClocks(this), 250);
    watchWaiting();
    if (this.invitation && !(await this.openInvitation())) return;
    this.connect();
  }

  leave() {
    seatColours(null);
    clearInterval(this.ticker);
    this.closed = true;
    document.removeEventListener("keydown", this.keys);
    if (this.socket) this.socket.close();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/rooms/${this.room}`);
    this.socket = socket;
    this.setStatus(t("web.play.connecting"));
    socket.onopen = () => {
      this.retry = 500;
      socket.send(JSON.stringify({ type: "hello", token: this.token || undefined, lang: words.lang }));
      if (this.hints) socket.send(JSON.stringify({ type: "hints", on: true }));
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (this.closed || this.socket !== socket) return;
      if (event.code >= 4000) {
        this.setStatus(t("web.play.disconnected"));
        return;
      }
      this.setStatus(t("web.play.reconnecting"));
      setTimeout(() => !this.closed && this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      toast(t("web.play.not_connected"));
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  setStatus(text) {
    const el = $("#lt-status");
    if (el) el.textContent = text;
  }

  receive(message) {
    if (message.type === "error") {
      this.pending = null;
      toast(message.message);
      if ((message.code === 403 || message.code === 404 || message.code === 409) && !this.message) {
        const refusedToken = message.code === 403 && this.token;
        // a refused token is forgotten; the room can still be watched
        if (refusedToken) mine.save(mine.all().filter((e) => e.token !== this.token));
        this.refused(message.message, refusedToken);
      }
      return;
    }
    if (message.type === "presence") {
      if (!this.message) return;
      this.message.room.online = message.online;
      this.message.room.spectators = message.spectators;
      this.renderPresence(this.message.room, this.message.observation);
      return;
    }
    if (message.type === "welcome") {
      this.offset = message.now - Date.now() / 1000;
      this.welcomeRoom = message.room;
      this.rematchOffer = message.rematch || null;
      const readOnly = message.seat === null && !message.room.table.spectators_chat;
      $("#lt-chat-box").replaceChildren(chatPanel("lt-chat", (text) => this.send({ type: "chat", text }), readOnly));
      roomChat(this, message.chat || [], true);
      this.seat = message.seat;
      this.setStatus(message.seat === null ? t("web.play.spectator") : t("web.play.connected"));
      return;
    }
    if (message.type === "ack") return;
    if (message.type === "chat") {
      roomChat(this, message.messages, false);
      return;
    }
    if (message.type === "rematch") {
      goRematch(message);
      return;
    }
    if (message.type === "state") {
      if (this.switchSeat(message)) return;
      const before = this.message;
      this.moved = !!before && message.move !== before.move;
      if (this.moved) this.picks = [];
      this.message = message;
      window.ludoteca.message = message;
      this.render();
      noticeChange(this, before, message);
    }
  }

  // Hot seat: when another seat this browser holds is to move, look through its eyes.
  switchSeat(message) {
    const player = message.observation.current_player;
    if (message.seat === player || player < 0) return false;
    const other = mine.forRoom(this.room).find((e) => !e.invite && e.seat === player);
    if (!other || other.token === this.token) return false;
    this.token = other.token;
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
    return true;
  }

  legal() {
    if (!this.message || this.message.room.status !== "playing") return [];
    return this.message.observation.legal || [];
  }

  candidates() {
    const n = this.picks.length;
    return this.legal().filter((entry) => this.picks.every((id, i) => entry.clicks[i] === id) && entry.clicks.length > n);
  }

  render() {
    const message = this.message;
    const observation = message.observation;
    const room = message.room;
    seatColours(observation.seat_colours);
    document.title = `${this.legal().length ? "● " : ""}${gameTitle(room.game)} · Ludoteca`;
    titleCount();
    $("#lt-room-title").textContent = gameTitle(room.game);
    $("#lt-rules-link").href = `/rules/${room.game}`;
    for (const id of ["#lt-prompt", "#lt-prompt-top"]) {
      $(id).textContent = observation.prompt ? observation.prompt.text : "";
      $(id).classList.toggle("mine", this.legal().length > 0);
    }
    $("#lt-undo").disabled = !message.can_undo;
    $("#lt-clear").disabled = this.picks.length === 0;
    this.renderPresence(room, observation);
    if (room.status === "abandoned") {
      for (const id of ["#lt-prompt", "#lt-prompt-top"]) $(id).textContent = t("web.play.abandoned");
    }
    $("#lt-log-box").replaceChildren(logList(observation));
    $("#lt-log-box .log").append(...eventItems(room));
    const box = $("#lt-log-box .log");
    if (box) box.scrollTop = box.scrollHeight;
    $("#lt-legal-list").replaceChildren(...this.legal().slice(0, 300).map((e) => h("option", { value: e.action })));
    $("#lt-move-input").disabled = this.legal().length === 0;
    const hintText = $("#lt-hint-text");
    if (this.hints && message.hint) {
      hintText.hidden = false;
      const entry = observation.legal.find((e) => e.action === message.hint.action);
      const label = entry && entry.label ? entry.label.text : message.hint.action || "";
      hintText.textContent = t("web.play.hint_is", { action: label }) + (message.hint.reason ? ` — ${message.hint.reason}` : "");
    } else if (this.hints && this.legal().length) {
      hintText.hidden = false;
      hintText.textContent = t("web.play.no_hint");
    } else hintText.hidden = true;
    this.renderInvites(room);
    renderTable(this);
    renderClocks(this);
    this.drawBoard();
    if ((observation.terminal || room.result) && room.status !== "abandoned" && !this.endShown) this.showEnd();
  }

  renderPresence(room, observation) {
    $("#lt-score-box").replaceChildren(scoreTable(room.seats, observation, this.message.seat, room.online || []));
    $("#lt-watchers").textContent = room.spectators ? t("web.play.spectators", { n: room.spectators }) : "";
  }

  drawBoard() {
    const message = this.message;
    const old = this.svg;
    const svg = showBoard($("#lt-board"), message.svg, message.observation.prompt && message.observation.prompt.text);
    this.svg = svg;
    const candidates = this.candidates();
    if (svg) {
      const layer = document.createElementNS(SVGNS, "g");
      layer.setAttribute("class", "lt-layer");
      svg.append(layer);
      const warm = new Set(candidates.map((e) => e.clicks[this.picks.length]));
      for (const id of warm) frame(svg, layer, id, "warm");
      for (const id of this.picks) frame(svg, layer, id, "picked");
      if (this.hints && message.hint && message.hint.action) {
        const entry = this.legal().find((e) => e.action === message.hint.action);
        if (entry) for (const id of entry.clicks) frame(svg, layer, id, "hint");
      }
    }
    if (this.moved) animateChange(old, svg); // after the frames: they are drawn where pieces end
    this.moved = false;
    this.renderChoices(candidates);
  }

  renderChoices(candidates) {
    const box = $("#lt-choices");
    if (!candidates.length || (this.picks.length === 0 && candidates.length > 8 && this.svg)) {
      box.replaceChildren();
      return;
    }
    box.replaceChildren(...candidates.slice(0, 24).map((entry) =>
      h("button", { class: "choice", "data-action": entry.action, onclick: () => this.sendAction(entry.action), text: entry.label ? entry.label.text : entry.action })));
  }

  renderInvites(room) {
    const invites = mine.forRoom(this.room).filter((e) => e.invite);
    const box = $("#lt-invites");
    if (!invites.length || room.status === "finished") {
      box.replaceChildren();
      return;
    }
    box.replaceChildren(h("h2", { text: t("web.play.invite") }),
      ...invites.map((e) => {
        const dot = h("span", { class: `seat-dot s${e.seat}`, text: e.seat + 1 });
        const seat = room.seats[e.seat];
        if (seat && seat.claimed) {
          return h("div", { class: "invite claimed", "data-seat": e.seat }, dot, h("span", { text: `${seatName(seat)} · ${t("web.play.seat_claimed")}` }));
        }
        const link = `${location.origin}/room/${this.room}#seat=${e.seat}&game=${e.game}&token=${e.token}`;
        const input = h("input", { readonly: true, value: link, class: "invite-link", "data-seat": e.seat, "aria-label": `${t("web.play.invite")}: ${t("web.seat.player", { n: e.seat + 1 })}`, onclick: (ev) => ev.target.select() });
        return h("div", { class: "invite" }, dot, input,
          h("button", { class: "small", text: t("web.play.copy"), onclick: () => navigator.clipboard && navigator.clipboard.writeText(link).then(() => toast(t("web.play.copied"), "info")) }),
          e.host ? h("button", { class: "small new-link", "data-seat": e.seat, text: t("web.play.new_link"), onclick: () => this.newLink(e) }) : null);
      }));
  }

  // The host replaces an invitation not yet opened: the old link stops working.
  async newLink(entry) {
    try {
      const made = await api(`/api/rooms/${this.room}/revoke`, { json: { seat: entry.seat, host: entry.host } });
      mine.add({ ...entry, token: made.token });
      toast(t("web.play.link_replaced"), "info");
      if (this.message) this.renderInvites(this.message.room);
    } catch (error) {
      toast(error.message);
    }
  }

  onBoardClick(event) {
    if (!this.message || !this.svg || this.pending === this.message.move) return;
    const candidates = this.candidates();
    const next = new Set(candidates.map((e) => e.clicks[this.picks.length]));
    let hit = null;
    const root = this.svg.getRootNode();
    for (const el of root.elementsFromPoint(event.clientX, event.clientY)) {
      for (let node = el; node && node !== root; node = node.parentNode) {
        if (node.id && next.has(node.id)) {
          hit = node.id;
          break;
        }
      }
      if (hit) break;
    }
    if (hit) this.pick(hit);
    else if (this.picks.length) this.clearPicks();
  }

  pick(id) {
    this.picks.push(id);
    const left = this.candidates();
    const done = this.legal().filter((e) => e.clicks.length === this.picks.length && this.picks.every((p, i) => e.clicks[i] === p));
    if (done.length === 1 && !left.length) return this.sendAction(done[0].action);
    if (left.length === 1) return this.sendAction(left[0].action);
    if (!left.length && !done.length) this.picks = [];
    this.drawBoard();
    $("#lt-clear").disabled = this.picks.length === 0;
  }

  clearPicks() {
    this.picks = [];
    if (this.message) this.drawBoard();
    $("#lt-clear").disabled = true;
  }

  sendAction(action) {
    this.picks = [];
    this.pending = this.message.move; // no second action from this position
    this.send({ type: "act", action, move: this.message.move });
  }

  typed() {
    const input = $("#lt-move-input");
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    this.sendAction(text);
  }

  undo() {
    this.send({ type: "undo", move: this.message.move });
  }

  setHints(on) {
    this.hints = on;
    localStorage.setItem("ludoteca.hints", on ? "on" : "off");
    this.send({ type: "hints", on });
  }

  onKey(event) {
    if (event.key === "Escape") {
      this.clearPicks();
      $("#lt-end").open && $("#lt-end").close();
      return;
    }
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName);
    if (!typing && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && this.legal().length) {
      $("#lt-move-input").focus();
    }
  }

  showEnd() {
    this.endShown = true;
    const message = this.message;
    const observation = message.observation;
    const winners = new Set(message.room.result ? message.room.result.winners : observation.winners);
    const rank = (seat) => [winners.has(seat.seat) ? 1 : 0, observation.scores[seat.seat] ?? 0];
    const seats = [...message.room.seats].sort((a, b) => {
      const [wa, sa] = rank(a);
      const [wb, sb] = rank(b);
      return wb - wa || sb - sa;
    });
    const dialog = $("#lt-end");
    const you = message.seat;
    let headline = t("web.end.title");
    if (you !== null && you !== undefined) headline = winners.has(you) ? t("web.end.you_won") : t("web.end.you_lost");
    dialog.replaceChildren(
      h("h2", { id: "lt-end-title", text: headline }),
      message.room.result ? h("p", { class: "result", text: resultText(message.room) }) : null,
      h("table", { class: "sheet" },
        h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: t("web.end.player") }), h("th", { text: t("web.end.score") }))),
        h("tbody", {}, ...seats.map((seat, i) =>
          h("tr", { class: winners.has(seat.seat) ? "winner" : "" },
            h("td", { text: i + 1 }),
            h("td", {}, h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 }), " ", seatName(seat), winners.has(seat.seat) ? " ★" : ""),
            h("td", { class: "score", text: formatScore(observation.scores[seat.seat]) }))))),
      h("div", { class: "actions" },
        h("a", { class: "button primary", href: `/replay/${this.room}`, "data-go": "", text: t("web.end.replay") }),
        h("a", { class: "button", href: `/api/rooms/${this.room}/record`, download: `ludoteca-${message.room.game}-${this.room}.json`, text: t("web.end.download") }),
        you !== null && you !== undefined ? h("button", { class: "primary", id: "lt-end-rematch", text: t("web.table.rematch"), onclick: () => {
          dialog.close();
          this.send({ type: "table", do: "rematch", move: this.message.move });
        } }) : null,
        h("a", { class: "button", href: "/", "data-go": "", text: t("web.end.new_game") }),
        h("button", { onclick: () => dialog.close(), text: t("web.end.close") })),
    );
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }

  relabel() {
    document.removeEventListener("keydown", this.keys);
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.endShown = false;
    this.show();
  }
}

// ---------------------------------------------------------------- replay

class ReplayPage {
  constructor(room) {
    this.room = room;
    this.step = 0;
    this.cache = new Map();
  }

  async show() {
    const root = app();
    root.className = "play replay";
    root.replaceChildren(
      h("section", { class: "board-wrap" }, h("div", { class: "board", id: "lt-board" })),
      h("aside", { class: "panel side" },
        h("h1", { id: "lt-room-title", text: t("web.replay.title") }),
        h("p", { class: "prompt", id: "lt-prompt" }),
        h("div", { class: "stepper" },
          h("button", { id: "lt-first", "aria-label": t("web.replay.first"), title: t("web.replay.first"), text: "|◀", onclick: () => this.go(0) }),
          h("button", { id: "lt-back", "aria-label": t("web.replay.back"), title: t("web.replay.back"), text: "◀", onclick: () => this.go(this.step - 1) }),
          h("span", { id: "lt-step", class: "step" }),
          h("button", { id: "lt-forward", "aria-label": t("web.replay.forward"), title: t("web.replay.forward"), text: "▶", onclick: () => this.go(this.step + 1) }),
          h("button", { id: "lt-last", "aria-label": t("web.replay.last"), title: t("web.replay.last"), text: "▶|", onclick: () => this.go(this.record.actions.length) })),
        h("input", { type: "range", id: "lt-slider", min: 0, value: 0, "aria-label": t("web.replay.position"), oninput: (e) => this.go(Number(e.target.value)) }),
        h("div", { id: "lt-autoplay" }),
        h("div", { id: "lt-score-box" }),
        h("p", { class: "links" },
          h("button", { id: "lt-download", text: t("web.end.download"), onclick: () => download(`ludoteca-${this.record.game}${this.room ? "-" + this.room : ""}.json`, this.record) }),
          h("label", { class: "button" }, t("web.replay.upload"),
            h("input", { type: "file", accept: ".json,application/json", hidden: true, onchange: (e) => uploadRecord(e.target.files[0]) }))),
        h("h2", { text: t("web.replay.moves") }),
        h("div", { id: "lt-move-box", class: "move-box" }),
        h("h2", { text: t("web.play.log") }),
        h("div", { id: "lt-log-box" })),
    );
    this.keys = (event) => {
      if (event.target.tagName === "INPUT") return;
      if (event.key === "ArrowLeft") this.go(this.step - 1);
      if (event.key === "ArrowRight") this.go(this.step + 1);
      if (event.key === "Home") this.go(0);
      if (event.key === "End") this.go(this.record.actions.length);
    };
    document.addEventListener("keydown", this.keys);
    try {
      if (this.room) this.record = await api(`/api/rooms/${this.room}/record`);
      else this.record = JSON.parse(sessionStorage.getItem("ludoteca.replay") || "null");
      if (!this.record) throw new Error(t("web.replay.nothing"));
    } catch (error) {
      $("#lt-prompt").textContent = error.message;
      return;
    }
    $("#lt-slider").max = this.record.actions.length;
    $("#lt-autoplay").replaceChildren(replayControls(this));
    $("#lt-move-box").replaceChildren(moveList(this));
    const names = (this.record.meta && this.record.meta.players) || [];
    const known = (this.record.meta && this.record.meta.seats) || [];
    this.seats = Array.from({ length: Number(this.record.options.players || names.length || 1) },
      (_, i) => known[i] || { seat: i, kind: "person", name: names[i] || "" });
    $("#lt-room-title").textContent = `${t("web.replay.title")}: ${gameTitle(this.record.game)}`;
    await this.go(this.record.actions.length);
  }

  leave() {
    seatColours(null);
    clearTimeout(this.timer);
    document.removeEventListener("keydown", this.keys);
  }

  async go(step) {
    if (!this.record) return;
    step = Math.max(0, Math.min(step, this.record.actions.length));
    this.step = step;
    const key = `${words.lang}/${step}`;
    let view = this.cache.get(key);
    if (!view) {
      try {
        view = await api("/api/replay", { json: { record: this.record, step, lang: words.lang } });
      } catch (error) {
        toast(error.message);
        return;
      }
      this.cache.set(key, view);
    }
    if (this.step !== step) return;
    seatColours(view.observation.seat_colours);
    $("#lt-step").textContent = t("web.replay.step", { step, steps: view.steps });
    $("#lt-slider").value = step;
    $("#lt-prompt").textContent = view.observation.prompt ? view.observation.prompt.text : "";
    const old = this.svg;
    this.svg = showBoard($("#lt-board"), view.svg, "");
    if (old && Math.abs(step - (this.shown ?? step)) === 1) animateChange(old, this.svg);
    this.shown = step;
    markStep(step);
    $("#lt-score-box").replaceChildren(scoreTable(this.seats, view.observation, null));
    $("#lt-log-box").replaceChildren(logList(view.observation));
    $("#lt-back").disabled = $("#lt-first").disabled = step === 0;
    $("#lt-forward").disabled = $("#lt-last").disabled = step === view.steps;
  }

  relabel() {
    this.cache.clear();
    this.show();
  }
}

// ---------------------------------------------------------------- rules

class RulesPage {
  constructor(game) {
    this.game = game;
  }

  async show() {
    const root = app();
    root.className = "rules";
    root.replaceChildren(h("article", { class: "panel rules-text", id: "lt-rules" }, t("web.rules.loading")));
    try {
      const page = await api(`/api/rules/${this.game}`);
      $("#lt-rules").innerHTML = page.html;
      document.title = `${gameTitle(this.game)} · Ludoteca`;
    } catch (error) {
      $("#lt-rules").replaceChildren(h("p", { class: "bad", text: error.message }));
    }
  }

  relabel() {
    this.show();
  }
}

// ---------------------------------------------------------------- start

window.ludoteca = { message: null, page: null, words };

$("#lt-lang-select").addEventListener("change", async (event) => {
  localStorage.setItem("ludoteca.lang", event.target.value);
  await loadWords(event.target.value);
  state.games = await api("/api/games");
  if (state.page && state.page.relabel) state.page.relabel();
  else route();
});

(async () => {
  try {
    await loadWords(chosenLanguage());
    await route();
  } catch (error) {
    app().replaceChildren(h("p", { class: "panel", text: error.message }));
  }
})();
