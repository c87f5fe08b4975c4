// The lobby: choose a game, its options and who sits where; your games, open seats, games in
// play and finished ones; open a record file.
import { me } from "../account.js";
import { api } from "../api.js";
import { $, app, h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { cardExtras, lobbyFilter, optionsText, resultText, seatsText, yourRooms } from "../lobbyparts.js";
import { botLabel, gameTitle, playersText } from "../names.js";
import { starChoices } from "../progress.js";
import { go, state } from "../router.js";
import { lobbyStore, mine } from "../store.js";
import { uploadButton } from "../upload.js";
import { openRoom } from "../newroom.js";
import { learnLink } from "../progress.js";
import { lobbyChat } from "../chat.js";
import { tableFields, tableOptions } from "../clocks.js";
import { watchWaiting } from "../notify.js";
import { quickPairing, seekBody } from "../pairing.js";
import { accountRooms, countsRated, finishedList, liveParts, loadAccountGames, tableName } from "../following.js";

export class LobbyPage {
  constructor() {
    this.choice = localStorage.getItem("ludoteca.game") || (state.games[0] && state.games[0].id);
    if (!state.games.some((g) => g.id === this.choice)) this.choice = state.games[0] && state.games[0].id;
    this.options = {};
    this.seats = [];
    this.store = lobbyStore();
    this.store.on((part) => part === "account" && this.rooms && this.renderRooms());
  }

  async show() {
    document.title = "Ludoteca";
    watchWaiting();
    const root = app();
    root.className = "lobby";
    root.replaceChildren(
      h("section", { class: "panel new-game", id: "lt-new-game" },
        h("h1", { text: t("web.lobby.title") }),
        h("p", { class: "lead", text: t("web.lobby.lead") }),
        h("div", { class: "game-list", id: "lt-game-list", role: "radiogroup" }),
        h("div", { id: "lt-game-form" }),
        quickPairing(this.store, () => seekBody(this.game(), this.options, tableOptions(), this.rated !== false))),
      h("section", { class: "panel side" },
        lobbyFilter(() => this.rooms && this.renderRooms()),
        h("h2", { text: t("web.lobby.your_games") }, h("span", { class: "badge", id: "lt-your-move-count", hidden: true })),
        h("ul", { class: "rooms", id: "lt-my-games" }),
        h("div", { id: "lt-my-finished-box" }),
        ...liveParts(this.store),
        h("h2", { text: t("web.lobby.open_rooms") }),
        h("ul", { class: "rooms", id: "lt-open-rooms" }),
        h("h2", { text: t("web.lobby.playing") }),
        h("ul", { class: "rooms", id: "lt-playing-rooms" }),
        h("h2", { text: t("web.lobby.finished") }),
        h("ul", { class: "rooms", id: "lt-finished-rooms" }),
        h("h2", { text: t("web.replay.title") }),
        uploadButton("lt-upload"),
        lobbyChat()),
    );
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
        ...cardExtras(game),
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
    $("#lt-quick").hidden = !game || game.max_players < 2;  // a solitaire needs nobody
    if (!game) {
      form.replaceChildren(h("p", { text: t("web.lobby.no_games") }));
      return;
    }
    for (const option of game.options) if (!(option.name in this.options)) this.options[option.name] = option.default;
    const fields = game.options
      .filter((option) => option.choices || option.minimum !== option.maximum)
      .map((option) => this.optionField(game, option));
    const rated = h("input", { type: "checkbox", id: "lt-rated", checked: this.rated !== false });
    rated.onchange = () => (this.rated = rated.checked);
    form.replaceChildren(
      h("div", { class: "options" }, ...fields),
      h("div", { class: "options table-options", id: "lt-table-options" }),
      h("h2", { text: t("web.lobby.seats") }),
      h("div", { class: "seats", id: "lt-seats" }),
      ...(game.max_players > 1 ? [h("label", { class: "toggle rated" }, rated, h("span", { text: t("web.lobby.rated") }))] : []),
      h("div", { class: "actions" },
        h("button", { class: "primary", id: "lt-create", onclick: () => this.create(), text: t("web.lobby.start") }),
        h("a", { href: `/rules/${game.id}`, "data-go": "", class: "rules-link", text: t("web.lobby.rules") }),
        learnLink(game)),
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
    if (input.tagName === "SELECT" && starChoices(game, option, input)) {
      this.options[option.name] = JSON.parse(input.value);
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
        const bot = h("select", { id: `lt-seat-${i}-bot`, "aria-label": t("web.lobby.bot_level", { n: i + 1 }) }, ...state.bots.map((b) => h("option", { value: b, text: botLabel(b) })));
        bot.value = seat.bot;
        bot.onchange = () => (seat.bot = bot.value);
        extra.push(bot);
      } else if (seat.kind === "me" && me.name) {
        extra.push(h("strong", { class: "account-name", text: me.name }));
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
    try {
      await openRoom(game.id, this.options, this.seats, { rated: this.rated !== false, table: tableOptions() });
    } catch (error) {
      toast(error.message);
    }
  }

  leave() {
    this.left = true;
    this.store.left = true;
  }

  async loadRooms() {
    let rooms;
    try {
      [rooms] = await Promise.all([api("/api/rooms"), loadAccountGames(this.store)]);
    } catch (error) {
      if (!this.left) toast(error.message);
      return;
    }
    this.rooms = rooms;
    // the lobby may be gone meanwhile: routed away, or a bad record file's problem shown
    if (this.left || !$("#lt-my-games")) return;
    this.renderRooms();
  }

  renderRooms() {
    const rooms = this.rooms;
    const only = localStorage.getItem("ludoteca.filter") || "";
    const shown = (room) => !only || room.game === only;
    const yours = (accountRooms(this.store) || yourRooms(rooms)).filter((r) => shown(r.entry));
    const byId = new Map(rooms.playing.map((r) => [r.id, r]));
    const fromAccount = Boolean(accountRooms(this.store));
    const waiting = yours.filter((r) => r.yourMove).length;
    $("#lt-your-move-count").textContent = waiting ? t("web.lobby.your_move_count", { n: waiting }) : "";
    $("#lt-your-move-count").hidden = !waiting;
    $("#lt-my-games").replaceChildren(
      ...yours.slice(0, 12).map(({ entry: e, yourMove }) =>
        h("li", { class: yourMove ? "your-move" : "" },
          h("a", { href: `/room/${e.room}`, "data-go": "", text: byId.has(e.room) ? tableName(byId.get(e.room)) : gameTitle(e.game) }),
          yourMove ? h("span", { class: "badge", text: t("web.lobby.your_move") }) : null,
          fromAccount ? null : h("button", { class: "link", title: t("web.lobby.forget"), "aria-label": t("web.lobby.forget"), text: "×",
            onclick: () => { mine.drop(e.room); this.renderRooms(); } }))),
    );
    if (!yours.length) $("#lt-my-games").append(h("li", { class: "empty", text: t("web.lobby.none") }));
    $("#lt-my-finished-box").replaceChildren(...finishedList(this.store));
    const item = (room, link, label, extra) =>
      h("li", {},
        h("a", { href: link, "data-go": "", text: tableName(room) }),
        countsRated(room) ? h("span", { class: "tag", text: t("web.lobby.rated_tag") }) : null,
        label,
        h("span", { class: "who", text: seatsText(room) }),
        extra ? h("span", { class: "who", text: extra }) : null);
    const fill = (id, list, make) => {
      const el = $(id);
      el.replaceChildren(...list.filter(shown).map(make));
      if (!el.children.length) el.append(h("li", { class: "empty", text: t("web.lobby.none") }));
    };
    fill("#lt-open-rooms", rooms.open, (room) =>
      item(room, `/room/${room.id}`,
        h("button", { class: "small", text: t("web.lobby.join"), onclick: () => this.join(room) }), optionsText(room)));
    fill("#lt-playing-rooms", rooms.playing.slice(0, 12), (room) => item(room, `/room/${room.id}`, h("span", { class: "tag", text: t("web.lobby.watch") })));
    fill("#lt-finished-rooms", rooms.finished.slice(0, 12), (room) => item(room, `/replay/${room.id}`, h("span", { class: "tag", text: t("web.lobby.replay") }), resultText(room)));
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
