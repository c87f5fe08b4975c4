// Players: accounts (sign up, log in, log out, password), profiles with rating charts,
// leaderboards, solo progress (Hares stars, Habanero scores) and the lobby's at-a-glance parts.
// Loaded after app.js and uses its helpers (h, t, api, go, toast, mine, state, gameTitle).
"use strict";

const me = { name: null, progress: null };

// The CSRF token: the server's script-readable cookie, repeated in a header (docs/accounts.md).
function csrfToken() {
  const found = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith("ludoteca_csrf="));
  return found ? decodeURIComponent(found.slice("ludoteca_csrf=".length)) : "";
}

// The seats this browser holds as a guest: sent at sign-up and log-in, so they become the account's.
function heldSeats() {
  return mine.all().filter((e) => !e.invite && e.token).map((e) => ({ room: e.room, seat: e.seat, token: e.token }));
}

async function loadMe() {
  try {
    me.name = (await api("/api/account")).name;
  } catch {
    me.name = null;
  }
  renderNav();
}

function renderNav() {
  const link = $("#lt-nav-account");
  if (!link) return;
  link.textContent = me.name || t("web.nav.login");
  link.setAttribute("href", me.name ? `/player/${encodeURIComponent(me.name)}` : "/account");
}

// Solo progress: the account's (server), a guest's from the seats its browser holds; the last
// answer is kept in the browser so the lobby shows it at once.
async function loadProgress() {
  try {
    me.progress = await api("/api/progress", { json: { seats: me.name ? [] : heldSeats().slice(0, 200) } });
    localStorage.setItem("ludoteca.progress", JSON.stringify(me.progress));
  } catch {
    try {
      me.progress = JSON.parse(localStorage.getItem("ludoteca.progress") || "null");
    } catch {
      me.progress = null;
    }
  }
  return me.progress;
}

function stars(n, of = 3) {
  return "★".repeat(n) + "☆".repeat(Math.max(0, of - n));
}

// A name kept in a finished game's record: a bot's is its level ("mcts:hard").
function playerName(name, i) {
  if (!name) return t("web.seat.player", { n: i + 1 });
  return state.bots && state.bots.includes(name) ? botLabel(name) : name;
}

function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? "?" : ""}`;
}

// ---------------------------------------------------------------- lobby parts

// A game card's picture (the game's own view of an opening position) and, for Hares, the stars.
function cardExtras(game) {
  const extras = [h("img", { class: "card-picture", src: `/api/games/${game.id}/picture?lang=${words.lang}`, alt: "", loading: "lazy" })];
  const hares = me.progress && me.progress.hares;
  if (game.id === "hares" && hares) {
    extras.push(h("span", { class: "card-stars", id: "lt-hares-stars", text: `★ ${hares.total}/${hares.of}` }));
  }
  return extras;
}

// The level choice of Hares: levels open in order, each with its best stars.
function lockLevels(select) {
  const hares = (me.progress && me.progress.hares) || { stars: {}, unlocked: 1 };
  for (const option of select.options) {
    const level = Number(option.value);
    const best = hares.stars[String(level)] || 0;
    option.disabled = level > hares.unlocked;
    option.textContent = level > hares.unlocked ? `${level} (${t("web.profile.locked_short")})` : `${level} ${stars(best)}`;
  }
  if (Number(select.value) > hares.unlocked) select.value = String(hares.unlocked);
}

function seatsText(room) {
  return room.seats.map((seat) => seatName(seat) + (seat.kind === "open" ? ` (${t("web.play.free_seat")})` : "")).join(", ");
}

function optionsText(room) {
  const game = state.games.find((g) => g.id === room.game);
  if (!game) return "";
  return game.options
    .filter((o) => o.name !== "players" && room.options[o.name] !== undefined && room.options[o.name] !== o.default)
    .map((o) => {
      const i = o.choices ? o.choices.indexOf(room.options[o.name]) : -1;
      return `${o.label}: ${i >= 0 ? o.choice_labels[i] : room.options[o.name]}`;
    }).join(" · ");
}

function resultText(room) {
  const winners = room.winners || [];
  if (!winners.length) return "";
  return t("web.lobby.won_by", { names: winners.map((i) => seatName(room.seats[i] || { seat: i, kind: "person", name: "" })).join(", ") });
}

// Your rooms in play: "your move" first, with a count in the heading.
function yourRooms(rooms) {
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

function lobbyFilter(onchange) {
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

// ---------------------------------------------------------------- account page

class AccountPage {
  async show() {
    document.title = `${t("web.account.title")} · Ludoteca`;
    const root = app();
    root.className = "account";
    if (me.name) {
      root.replaceChildren(
        h("section", { class: "panel narrow" },
          h("h1", { text: t("web.account.signed_in_as", { name: me.name }) }),
          h("p", {}, h("a", { href: `/player/${encodeURIComponent(me.name)}`, "data-go": "", text: t("web.account.your_profile") })),
          this.form("password", t("web.account.change_password"), [
            ["old", t("web.account.current_password"), "password", "current-password"],
            ["new", t("web.account.new_password"), "password", "new-password"],
          ], async (values) => {
            await api("/api/account/password", { json: values });
            toast(t("web.account.password_changed"), "info");
          }),
          h("div", { class: "actions" }, h("button", { id: "lt-logout", text: t("web.account.logout"), onclick: () => this.logout() }))),
      );
      return;
    }
    root.replaceChildren(
      h("section", { class: "panel narrow" },
        h("h1", { text: t("web.account.title") }),
        h("p", { class: "lead", text: t("web.account.lead") }),
        h("div", { class: "two-forms" },
          this.form("signup", t("web.account.signup"), [
            ["name", t("web.account.name"), "text", "username"],
            ["password", t("web.account.password"), "password", "new-password"],
          ], (values) => this.enter("/api/account/signup", values), t("web.account.rules")),
          this.form("login", t("web.account.login"), [
            ["name", t("web.account.name"), "text", "username"],
            ["password", t("web.account.password"), "password", "current-password"],
          ], (values) => this.enter("/api/account/login", values)))),
    );
  }

  form(id, title, fields, submit, note) {
    const error = h("p", { class: "form-error", id: `lt-${id}-error`, role: "alert" });
    const inputs = fields.map(([name, label, type, autocomplete]) =>
      h("label", { class: "field" }, h("span", { text: label }),
        h("input", { id: `lt-${id}-${name}`, name, type, autocomplete, required: true })));
    const form = h("form", { class: "account-form", id: `lt-${id}-form`, "aria-label": title },
      h("h2", { text: title }), ...inputs, note ? h("p", { class: "note", text: note }) : null, error,
      h("button", { class: "primary", type: "submit", id: `lt-${id}-submit`, text: title }));
    form.onsubmit = async (event) => {
      event.preventDefault();
      error.textContent = "";
      const values = Object.fromEntries(fields.map(([name]) => [name, form.elements[name].value]));
      try {
        await submit(values);
      } catch (failure) {
        error.textContent = failure.message;
      }
    };
    return form;
  }

  async enter(path, values) {
    const answer = await api(path, { json: { ...values, seats: heldSeats().slice(0, 200) } });
    me.name = answer.name;
    renderNav();
    await loadProgress();
    go(`/player/${encodeURIComponent(me.name)}`);
  }

  async logout() {
    await api("/api/account/logout", { json: {} });
    me.name = null;
    renderNav();
    await loadProgress();
    go("/");
  }

  relabel() {
    this.show();
  }
}

// ---------------------------------------------------------------- profile page

class ProfilePage {
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
        profile.own && profile.playing ? this.playing(profile.playing) : null,
        h("h2", { text: t("web.profile.games") }),
        games.length ? this.gameTable(profile, games) : h("p", { class: "empty", text: t("web.profile.no_games") }),
        ...Object.entries(profile.ratings).map(([game, rating]) => this.chart(game, rating)),
        h("h2", { text: t("web.profile.progress") }),
        this.progress(profile.progress),
        h("h2", { text: t("web.profile.recent") }),
        this.recent(profile)),
    );
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

  progress(progress) {
    const hares = progress.hares;
    const cards = [];
    for (let level = 1; level <= hares.of / 3; level++) {
      const best = hares.stars[String(level)] || 0;
      const open = level <= hares.unlocked;
      cards.push(h("li", { class: open ? "level" : "level locked", "data-level": level },
        h("span", { class: "n", text: level }), h("span", { class: "stars", text: open ? stars(best) : t("web.profile.locked_short"), title: open ? t("web.profile.stars", { n: best }) : t("web.profile.locked") })));
    }
    const habanero = Object.entries(progress.habanero);
    return h("div", { class: "progress" },
      h("h3", { text: `${gameTitle("hares")} · ★ ${hares.total}/${hares.of}` }),
      h("ol", { class: "levels", id: "lt-hares-levels" }, ...cards),
      h("h3", { text: gameTitle("habanero") }),
      habanero.length
        ? h("table", { class: "sheet", id: "lt-habanero-scores" },
          h("thead", {}, h("tr", {}, h("th", { text: t("web.profile.campesinos") }), h("th", { text: t("web.profile.best") }), h("th", { text: t("web.profile.scores") }))),
          h("tbody", {}, ...habanero.map(([n, found]) =>
            h("tr", {}, h("td", { text: n }), h("td", { text: formatScore(found.best) }), h("td", { text: found.history.map((p) => formatScore(p.score)).join(" · ") })))))
        : h("p", { class: "empty", text: t("web.lobby.none") }));
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

// ---------------------------------------------------------------- leaderboard page

class LeaderboardPage {
  constructor(game) {
    this.game = game;
  }

  async show() {
    const root = app();
    root.className = "leaderboard";
    const choose = h("select", { id: "lt-board-game", "aria-label": t("web.profile.game") },
      ...state.games.filter((g) => g.max_players > 1).map((g) => h("option", { value: g.id, text: g.title })));
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
