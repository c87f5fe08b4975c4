// A room: the game's picture to click, the prompt, choices, hints, undo, typed moves, the
// score table, invitations and the log; the end dialog when the game is over. What the server
// said lives in the room's store (roomstore.js); the page keeps only what is being clicked.
import { api } from "../api.js";
import { candidates, chosen, frame, hitTarget, nameBoard, NARROW, narrowScreen, playable, showBoard } from "../board.js";
import { askToEnd, showEnd } from "../dialogs.js";
import { $, app, h, toast } from "../dom.js";
import { t, words } from "../i18n.js";
import { gameTitle, seatName } from "../names.js";
import { logList, scoreTable } from "../sheets.js";
import { chosenPalette } from "../palette.js";
import { RoomSocket } from "../socket.js";
import { showProblem } from "../problem.js";
import { RoomStore } from "../roomstore.js";
import { mine } from "../store.js";
import { chatPanel, roomChat } from "../chat.js";
import { renderClocks } from "../clocks.js";
import { animateChange } from "../motion.js";
import { noticeChange, notificationToggles, titleCount, watchWaiting } from "../notify.js";
import { eventItems, goRematch, mayClaim, renderTable, resultText } from "../table.js";
import { confirmToggle, moveConfirmed, paceControl } from "../manners.js";

const STATUS_KEYS = {
  connecting: "web.play.connecting",
  open: "web.play.connecting",
  reconnecting: "web.play.reconnecting",
  closed: "web.play.disconnected",
};

export class PlayPage {
  constructor(room) {
    this.room = room;
    this.picks = [];
    this.store = new RoomStore();
    this.store.subscribe((state, before, message) => this.update(state, before, message));
    this.hints = localStorage.getItem("ludoteca.hints") === "on";
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
      h("div", { class: "banner", id: "lt-banner", role: "status", hidden: true }),
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
          h("button", { id: "lt-clear", onclick: () => this.clearPicks(), text: t("web.play.clear") }),
          confirmToggle()),
        h("div", { id: "lt-table", class: "table-moves" }),
        h("div", { id: "lt-pace-box" }),
        h("p", { id: "lt-result", class: "result" }),
        h("p", { class: "hint-text", id: "lt-hint-text", hidden: true }),
        h("form", { class: "type-move", id: "lt-type-move", onsubmit: (e) => { e.preventDefault(); this.typed(); } },
          h("input", { id: "lt-move-input", list: "lt-legal-list", autocomplete: "off", placeholder: t("web.play.type_move"), "aria-label": t("web.play.type_move") }),
          h("datalist", { id: "lt-legal-list" }),
          h("button", { type: "submit", text: t("web.play.send") })),
        h("div", { id: "lt-clocks", class: "clocks", hidden: true }),
        h("div", { id: "lt-score-box" }),
        h("details", { id: "lt-text-board", class: "text-board" },
          h("summary", { text: t("web.play.text_board") }),
          h("pre", { id: "lt-text-board-text" })),
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
      h("dialog", { id: "lt-confirm", "aria-labelledby": "lt-confirm-title" }),
    );
    $("#lt-hints").checked = this.hints;
    for (const id of ["#lt-undo", "#lt-clear", "#lt-move-input"]) $(id).disabled = true;
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
    this.resized = () => this.send(this.hello()); // a phone turned: the picture laid out anew
    NARROW.addEventListener("change", this.resized);
    window.addEventListener("ludoteca:palette", this.resized);
    clearInterval(this.ticker);
    this.ticker = setInterval(() => {
      this.renderClocks();
      const state = this.store.state;
      if (state.message && mayClaim(state.room, state.message.seat, state.offset) !== !!this.claimShown) this.renderTable();
    }, 250);
    watchWaiting();
    if (this.invitation && !(await this.openInvitation())) return;
    this.connect();
  }

  leave() {
    clearInterval(this.ticker);
    document.removeEventListener("keydown", this.keys);
    NARROW.removeEventListener("change", this.resized);
    window.removeEventListener("ludoteca:palette", this.resized);
    if (this.socket) this.socket.close();
    this.socket = null;
  }

  connect() {
    if (this.socket) this.socket.close();
    this.socket = new RoomSocket(this.room, {
      hello: () => [
        this.hello(),
        ...(this.hints ? [{ type: "hints", on: true }] : []),
      ],
      onMessage: (message) => this.receive(message),
      onStatus: (status, delay) => this.onStatus(status, delay),
    });
    this.socket.open();
  }

  // The hello of this page: its seat, language and screen (a phone gets a narrow picture).
  hello() {
    return { type: "hello", token: this.token || undefined, lang: words.lang, narrow: narrowScreen(), palette: chosenPalette() };
  }

  send(message) {
    if (!this.socket || !this.socket.send(message)) toast(t("web.play.not_connected"));
  }

  // The connection's state: a word by the title, and a banner while it is lost.
  onStatus(status, delay) {
    this.setStatus(t(STATUS_KEYS[status]));
    const banner = $("#lt-banner");
    if (!banner) return;
    if (status === "open" || (status === "connecting" && banner.hidden)) {
      banner.hidden = true;
      return;
    }
    banner.hidden = false;
    banner.className = `banner ${status}`;
    if (status === "closed") {
      banner.replaceChildren(h("span", { text: t("web.banner.closed") }),
        h("a", { class: "button", href: location.pathname, text: t("web.banner.reload") }),
        h("a", { class: "button", href: "/", "data-go": "", text: t("web.nav.lobby") }));
    } else if (status === "reconnecting") {
      const seconds = Math.max(1, Math.round(delay / 1000));
      banner.replaceChildren(h("span", { text: t("web.banner.lost", { n: seconds }) }),
        h("button", { id: "lt-retry", text: t("web.banner.retry"), onclick: () => this.socket && this.socket.retryNow() }));
    } else {
      banner.replaceChildren(h("span", { text: t("web.banner.connecting") }));
    }
  }

  setStatus(text) {
    const el = $("#lt-status");
    if (el) el.textContent = text;
  }

  // The latest state message (the store's).
  get message() {
    return this.store.state.message;
  }

  receive(message) {
    if (message.type === "state" && this.switchSeat(message)) return;
    this.store.dispatch(message);
  }

  // What the page shows after each message of the server, read from the store's state.
  update(state, before, message) {
    if (message.type === "error") this.onError(message, before);
    else if (message.type === "presence" && state.message) this.renderPresence(state.room, state.message.observation);
    else if (message.type === "welcome") {
      const readOnly = state.seat === null && !state.room.table.spectators_chat;
      $("#lt-chat-box").replaceChildren(chatPanel("lt-chat", (text) => this.send({ type: "chat", text }), readOnly));
      roomChat(state.room, state.chatNews.messages, true);
      this.setStatus(state.seat === null ? t("web.play.spectator") : t("web.play.connected"));
    } else if (message.type === "chat" || message.type === "chat_hidden") roomChat(state.room, state.chatNews.messages, state.chatNews.replace);
    else if (message.type === "rematch") goRematch(state.rematchOffer);
    else if (message.type === "rematch_votes" && state.message) {
      window.ludoteca.message = state.message;
      this.renderTable();
    }
    else if (message.type === "state") {
      if (state.moved) this.picks = [];
      this.moved = state.moved;
      window.ludoteca.message = state.message;
      this.render();
      noticeChange(before.message, state.message);
    }
  }

  onError(message, before) {
    this.pending = null;
    if (message.code === 404 && !before.message) {
      this.leave();
      showProblem(message.message, { title: t("web.problem.no_room") });
      return;
    }
    toast(message.message);
    if ((message.code === 403 || message.code === 409) && !before.message) {
      const refusedToken = message.code === 403 && this.token;
      // a refused token is forgotten; the room can still be watched
      if (refusedToken) mine.save(mine.all().filter((e) => e.token !== this.token));
      this.refused(message.message, refusedToken);
    }
  }

  // Hot seat: when another seat this browser holds is to move, look through its eyes.
  switchSeat(message) {
    const player = message.observation.current_player;
    if (message.seat === player || player < 0) return false;
    const other = mine.forRoom(this.room).find((e) => !e.invite && e.seat === player);
    if (!other || other.token === this.token) return false;
    this.token = other.token;
    this.socket.restart();
    return true;
  }

  legal() {
    if (!this.message || this.message.room.status !== "playing") return [];
    return this.message.observation.legal || [];
  }

  candidates() {
    return candidates(this.legal(), this.picks);
  }

  render() {
    const message = this.message;
    const observation = message.observation;
    const room = message.room;
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
      hintText.textContent = hintWords(label, message.hint.reason);
    } else if (this.hints && this.legal().length) {
      hintText.hidden = false;
      hintText.textContent = t("web.play.no_hint");
    } else hintText.hidden = true;
    this.renderInvites(room);
    $("#lt-text-board-text").textContent = observation.text || "";
    $("#lt-text-board").hidden = !observation.text;
    const prompt = observation.prompt ? observation.prompt.text : "";
    if (prompt !== this.announced) announce((this.announced = prompt));
    this.renderTable();
    $("#lt-pace-box").replaceChildren(paceControl(this.room, room) || "");
    this.renderClocks();
    this.drawBoard();
    if ((observation.terminal || room.result) && room.status !== "abandoned" && !this.endShown) {
      this.endShown = true;
      showEnd(ended(message), this.room, this.endButtons());
    }
  }

  // The rematch, asked from the end dialog by a seat's holder.
  endButtons() {
    const you = this.message.seat;
    if (you === null || you === undefined) return [];
    return [h("button", { class: "primary", id: "lt-end-rematch", text: t("web.table.rematch"), onclick: () => {
      $("#lt-end").close();
      this.send({ type: "table", do: "rematch", move: this.message.move });
    } })];
  }

  // The table's buttons (also after a rematch vote, and once a win may be claimed).
  renderTable() {
    const state = this.store.state;
    const message = state.message;
    const view = { room: state.room, seat: message.seat, terminal: message.observation.terminal, move: message.move, rematchOffer: state.rematchOffer, offset: state.offset, canTakeBack: message.can_take_back };
    this.claimShown = renderTable(view, (m) => this.send(m));
  }

  renderClocks() {
    const state = this.store.state;
    renderClocks(state.message && state.room, state.offset);
  }

  renderPresence(room, observation) {
    $("#lt-score-box").replaceChildren(scoreTable(room.seats, observation, this.message.seat, room.online || []));
    $("#lt-watchers").textContent = room.spectators ? t("web.play.spectators", { n: room.spectators }) : "";
  }

  // The picture, its glow (the client alone draws it: frames round the next possible clicks,
  // the picks and the hint) and its keyboard buttons, each named by the actions it leads to.
  drawBoard() {
    const message = this.message;
    const host = $("#lt-board");
    // keyboard players keep their place: the focus returns to the picture when it can be played
    const active = document.activeElement;
    const keep = active === host || (this.boardFocus && (active === document.body || active === null));
    this.boardFocus = keep;
    const prompt = message.observation.prompt ? message.observation.prompt.text : "";
    const old = this.svg;
    const svg = showBoard(host, message.svg, prompt);
    this.svg = svg;
    const candidates = this.candidates();
    if (svg) {
      const { layer, els } = playable(svg, this.legal(), this.picks, (id) => this.pick(id, true));
      nameBoard(svg, `${gameTitle(message.room.game)}: ${prompt}`, els.length > 0);
      if (keep && els.length) els[0].focus();
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
        const input = h("input", { readonly: true, value: link, class: "invite-link", "data-seat": e.seat, "aria-label": `${t("web.play.invite")}: ${seat ? seatName(seat) : t("web.seat.player", { n: e.seat + 1 })}`, onclick: (ev) => ev.target.select() });
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
    const hit = hitTarget(this.svg, event, this.legal(), this.picks);
    if (hit) this.pick(hit);
    else if (this.picks.length) this.clearPicks();
  }

  pick(id, byKeyboard = false) {
    if (byKeyboard && this.pending === this.message.move) return;
    this.picks.push(id);
    const action = chosen(this.legal(), this.picks);
    if (action) return this.sendAction(action);
    if (!this.candidates().length) this.picks = [];
    this.drawBoard();
    $("#lt-clear").disabled = this.picks.length === 0;
  }

  clearPicks() {
    this.picks = [];
    if (this.message) this.drawBoard();
    $("#lt-clear").disabled = true;
  }

  async sendAction(action) {
    const entry = this.legal().find((e) => e.action === action);
    const label = entry && entry.label ? entry.label.text : action;
    if (entry && entry.ends ? !(await askToEnd(label)) : !(await moveConfirmed(label))) {
      this.clearPicks();
      return;
    }
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
    const active = document.activeElement;
    // Keys a focused control uses stay there; a control disabled while it had the focus
    // (undo, once used) uses none. The picture uses arrows, Home, End, Enter and Space, so a
    // letter typed there starts a move in the input.
    const control = ["INPUT", "SELECT", "TEXTAREA", "BUTTON", "A", "SUMMARY"].includes(active.tagName);
    const onBoard = $("#lt-board").contains(active);
    const typing = (control && !active.disabled) || (onBoard && event.key === " ");
    if (!typing && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && this.legal().length) {
      $("#lt-move-input").focus();
    }
  }

  relabel() {
    this.leave();
    this.endShown = false;
    this.show();
  }
}

// A game ended at the table (resigned, time, a draw agreed) as the end dialog tells it: the
// table's winners, and why in words.
function ended(message) {
  const result = message.room.result;
  if (!result) return message;
  const observation = { ...message.observation, winners: result.winners, prompt: { key: "table-result", text: resultText(message.room) } };
  return { ...message, observation };
}

// "Hint: X", and the bot's reason unless it only says X again.
function hintWords(label, reason) {
  const said = t("web.play.hint_is", { action: label });
  if (!reason) return said;
  const plain = (text) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  if (plain(reason).includes(plain(label))) return reason;
  return `${said} — ${reason}`;
}

// Said by screen readers (a polite live region): the prompt when it changes.
function announce(text) {
  const live = document.getElementById("lt-live");
  if (live) live.textContent = text;
}
