// The live table around a game: clocks, resign / draw / abandon / rematch, chat (room and
// lobby), notifications (sound, browser notification, tab title) and the animation of each
// change. It uses app.js's helpers (h, t, $, api, toast, seatName, mine); app.js calls in.
"use strict";

// ---------------------------------------------------------------- remembered choices

const prefs = {
  get(name, fallback) {
    const value = localStorage.getItem(`ludoteca.${name}`);
    return value === null ? fallback : value === "on";
  },
  set(name, on) {
    localStorage.setItem(`ludoteca.${name}`, on ? "on" : "off");
  },
  muted() {
    try {
      return new Set(JSON.parse(localStorage.getItem("ludoteca.muted") || "[]"));
    } catch {
      return new Set();
    }
  },
  mute(who, on) {
    const set = prefs.muted();
    if (on) set.add(who);
    else set.delete(who);
    localStorage.setItem("ludoteca.muted", JSON.stringify([...set]));
  },
};

function reducedMotion() {
  return !prefs.get("motion", true) || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// ---------------------------------------------------------------- clocks

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return t("web.clock.days", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// Seconds left per seat now; ``offset`` = server clock minus this browser's clock.
function clockLeft(clock, offset) {
  const now = Date.now() / 1000 + offset;
  return clock.left.map((x, seat) => (seat === clock.running ? Math.max(0, x - Math.max(0, now - clock.since)) : x));
}

function lowTime(table, seconds) {
  if (table.clock === "days") return seconds < 6 * 3600;
  return seconds < Math.min(20, table.base * 0.2 + 1);
}

function renderClocks(page) {
  const box = $("#lt-clocks");
  if (!box || !page.message) return;
  const room = page.message.room;
  if (!room.clock) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const left = clockLeft(room.clock, page.offset || 0);
  const rows = room.seats.map((seat) =>
    h("div", {
      class: "clock" + (room.clock.running === seat.seat ? " running" : "") + (lowTime(room.table, left[seat.seat]) ? " low" : ""),
      "data-seat": seat.seat,
    },
    h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 }),
    h("span", { class: "who", text: seatName(seat) }),
    h("span", { class: "time", role: "timer", "aria-label": `${seatName(seat)}: ${clockText(left[seat.seat])}`, text: clockText(left[seat.seat]) })));
  box.replaceChildren(...rows);
}

// The table's options in the lobby's form (remembered): the clock, the takeover bot (three
// players or more) and whether spectators may chat.
const CLOCKS = ["none", "fischer:180:2", "fischer:300:3", "fischer:600:5", "fischer:900:10", "days:1", "days:3", "days:7"];

function tableFields(players) {
  const clock = h("select", { id: "lt-clock", name: "clock" }, ...CLOCKS.map((value) => {
    const [kind, a, b] = value.split(":");
    const text = kind === "none" ? t("web.lobby.clock.none") : kind === "days" ? t("web.lobby.clock.days", { n: a }) : t("web.lobby.clock.fischer", { m: Number(a) / 60, s: b });
    return h("option", { value, text });
  }));
  clock.value = localStorage.getItem("ludoteca.clock") || "none";
  clock.onchange = () => localStorage.setItem("ludoteca.clock", clock.value);
  const fields = [h("label", { class: "field" }, h("span", { text: t("web.lobby.clock") }), clock)];
  if (players >= 3) {
    const bot = h("select", { id: "lt-takeover", name: "takeover" }, ...state.bots.map((b) => h("option", { value: b, text: botLabel(b) })));
    bot.value = localStorage.getItem("ludoteca.takeover") || "random";
    bot.onchange = () => localStorage.setItem("ludoteca.takeover", bot.value);
    fields.push(h("label", { class: "field" }, h("span", { text: t("web.lobby.takeover") }), bot));
  }
  const chat = h("input", { type: "checkbox", id: "lt-spectators-chat", onchange: (e) => prefs.set("spectators_chat", e.target.checked) });
  chat.checked = prefs.get("spectators_chat", false);
  fields.push(h("label", { class: "toggle" }, chat, h("span", { text: t("web.lobby.spectators_chat") })));
  return fields;
}

function tableOptions() {
  const [kind, a, b] = ($("#lt-clock") ? $("#lt-clock").value : "none").split(":");
  const table = { spectators_chat: !!($("#lt-spectators-chat") && $("#lt-spectators-chat").checked) };
  if (kind === "fischer") Object.assign(table, { clock: "fischer", base: Number(a), increment: Number(b) });
  if (kind === "days") Object.assign(table, { clock: "days", days: Number(a) });
  if ($("#lt-takeover")) table.takeover = $("#lt-takeover").value;
  return table;
}

// ---------------------------------------------------------------- resign, draw, abandon, rematch

function tableMove(page, what) {
  const asks = { resign: "web.table.confirm_resign", draw: "web.table.confirm_draw", abandon: "web.table.confirm_abandon" };
  if (asks[what] && !window.confirm(t(asks[what]))) return;
  page.send({ type: "table", do: what, move: page.message.move });
}

function renderTable(page) {
  const box = $("#lt-table");
  if (!box || !page.message) return;
  const message = page.message;
  const room = message.room;
  const seat = message.seat;
  const holder = seat !== null && seat !== undefined && room.seats[seat] && room.seats[seat].kind === "person";
  const buttons = [];
  const playing = room.status === "playing" && !message.observation.terminal;
  if (holder && playing) {
    const draw = room.draw || [];
    if (draw.length && !draw.includes(seat)) {
      buttons.push(h("span", { class: "offer", text: t("web.table.draw_offered") }),
        h("button", { id: "lt-agree", class: "small primary", text: t("web.table.agree"), onclick: () => tableMove(page, "agree") }),
        h("button", { id: "lt-decline", class: "small", text: t("web.table.decline"), onclick: () => tableMove(page, "decline") }));
    } else if (room.draws) {
      buttons.push(h("button", { id: "lt-draw", class: "small", disabled: draw.length > 0, text: draw.length ? t("web.table.draw_waiting") : t("web.table.offer_draw"), onclick: () => tableMove(page, "draw") }));
    }
    buttons.push(h("button", { id: "lt-resign", class: "small", text: t("web.table.resign"), onclick: () => tableMove(page, "resign") }));
    if (mayAbandon(room, seat)) buttons.push(h("button", { id: "lt-abandon", class: "small", text: t("web.table.abandon"), onclick: () => tableMove(page, "abandon") }));
  }
  const over = room.status === "finished";
  if (holder && over) buttons.push(...rematchButtons(page));
  box.replaceChildren(...buttons);
  $("#lt-result").textContent = resultText(room);
}

function mayAbandon(room, seat) {
  return (room.may_abandon || []).includes(seat);
}

function rematchButtons(page) {
  const room = page.message.room;
  const seat = page.message.seat;
  const offer = page.rematchOffer;
  if (offer) return [h("button", { id: "lt-go-rematch", class: "small primary", text: t("web.table.go_rematch"), onclick: () => goRematch(offer) })];
  const votes = (room.rematch && room.rematch.votes) || [];
  if (votes.includes(seat)) return [h("span", { class: "offer", text: t("web.table.rematch_waiting") })];
  const list = [h("button", { id: "lt-rematch", class: "small primary", text: votes.length ? t("web.table.accept_rematch") : t("web.table.rematch"), onclick: () => page.send({ type: "table", do: "rematch", move: page.message.move }) })];
  if (votes.length) list.push(h("button", { id: "lt-no-rematch", class: "small", text: t("web.table.decline"), onclick: () => page.send({ type: "table", do: "no_rematch", move: page.message.move }) }));
  return list;
}

function goRematch(offer) {
  mine.add({ room: offer.room, seat: offer.seat, token: offer.token, game: offer.game });
  go(`/room/${offer.room}`);
}

function resultText(room) {
  const result = room.result;
  if (!result) return "";
  const who = room.seats[result.seat] ? seatName(room.seats[result.seat]) : "";
  return t(`web.table.result.${result.reason}`, { name: who });
}

// Table events (resign, time-out, draw offers …) as lines of the game log.
function eventText(room, event) {
  const seat = room.seats[event.seat];
  return t(`web.table.event.${event.kind}`, { name: seat ? seatName(seat) : "" });
}

function eventItems(room) {
  return (room.events || []).map((event) => h("li", { class: `s${event.seat} table-event`, text: eventText(room, event) }));
}

// ---------------------------------------------------------------- chat

function chatPanel(id, onSend, readOnly) {
  const list = h("ol", { class: "chat-list", id: `${id}-list`, "aria-live": "polite" });
  const input = h("input", { id: `${id}-input`, maxlength: 500, autocomplete: "off", placeholder: t("web.chat.placeholder"), "aria-label": t("web.chat.placeholder"), disabled: readOnly });
  const form = h("form", { class: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    onSend(text);
  } }, input, h("button", { type: "submit", disabled: readOnly, text: t("web.chat.send") }));
  return h("section", { class: "chat", id },
    h("h2", { text: t("web.chat.title") }), list,
    readOnly ? h("p", { class: "muted-note", text: t("web.chat.read_only") }) : form);
}

// Adds messages to a chat list (text only: a message is never read as markup).
function addChat(listId, messages, replace, nameOf) {
  const list = $(`#${listId}`);
  if (!list) return;
  if (replace) list.replaceChildren();
  const muted = prefs.muted();
  for (const m of messages) {
    const who = m.seat === null || m.seat === undefined ? `name:${m.name}` : `seat:${m.seat}:${m.name}`;
    const name = nameOf(m);
    const hidden = muted.has(who);
    const mute = h("button", { class: "link mute", title: t(hidden ? "web.chat.unmute" : "web.chat.mute", { name }), "aria-label": t(hidden ? "web.chat.unmute" : "web.chat.mute", { name }), text: hidden ? "🔈" : "🔇", onclick: () => {
      prefs.mute(who, !hidden);
      for (const item of list.querySelectorAll("li")) if (item.dataset.who === who) item.classList.toggle("muted", !hidden);
      addChat(listId, [], false, nameOf);
    } });
    const item = h("li", { class: (hidden ? "muted " : "") + (m.seat !== null && m.seat !== undefined ? `s${m.seat}` : ""), "data-who": who, "data-id": m.id },
      h("strong", { class: "from", text: name }), " ",
      h("span", { class: "text", text: hidden ? t("web.chat.muted") : m.text }), mute);
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

function roomChat(page, messages, replace) {
  const room = page.message ? page.message.room : page.welcomeRoom;
  const nameOf = (m) => {
    if (m.seat === null || m.seat === undefined) return t("web.chat.spectator");
    const seat = room && room.seats[m.seat];
    return m.name || (seat ? seatName(seat) : t("web.seat.player", { n: m.seat + 1 }));
  };
  addChat("lt-chat-list", messages, replace, nameOf);
}

function lobbyChat() {
  const panel = chatPanel("lt-lobby-chat", async (text) => {
    try {
      const said = await api("/api/lobby/chat", { json: { name: localStorage.getItem("ludoteca.name") || "", text } });
      addChat("lt-lobby-chat-list", [said], false, lobbyName);
      panel.last = Math.max(panel.last || 0, said.id);
    } catch (error) {
      toast(error.message);
    }
  }, false);
  panel.last = 0;
  const poll = async () => {
    if (!panel.isConnected && panel.started) return;
    panel.started = true;
    try {
      const found = await api(`/api/lobby/chat?after=${panel.last}`);
      const fresh = found.messages.filter((m) => m.id > panel.last);
      if (fresh.length) {
        addChat("lt-lobby-chat-list", fresh, false, lobbyName);
        panel.last = fresh[fresh.length - 1].id;
      }
    } catch {
      // the next poll tries again
    }
    if (panel.isConnected) setTimeout(poll, 4000);
  };
  setTimeout(poll, 0);
  return panel;
}

function lobbyName(m) {
  return m.name || t("web.chat.guest");
}

// ---------------------------------------------------------------- notifications

let audio = null;
function beep(kind) {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    const notes = kind === "end" ? [523, 659, 784] : [660, 880];
    notes.forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.18, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.18);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.2);
    });
  } catch {
    // no sound in this browser
  }
}

function notify(kind, title) {
  window.ludoteca.notified = (window.ludoteca.notified || []).concat([kind]);
  if (prefs.get("sound", true)) beep(kind);
  if (prefs.get("notify", false) && "Notification" in window && Notification.permission === "granted" && document.hidden) {
    try {
      new Notification(title, { body: t(kind === "end" ? "web.notify.game_over" : "web.notify.your_move"), tag: "ludoteca" });
    } catch {
      // some browsers allow notifications only from a service worker
    }
  }
}

// Called with each new state: tells the player when it becomes their move or the game ends.
function noticeChange(page, before, after) {
  if (!before || before.move === after.move) return;
  const title = gameTitle(after.room.game);
  const ended = (after.observation.terminal || after.room.status !== "playing") && !(before.observation.terminal || before.room.status !== "playing");
  if (ended) notify("end", title);
  else if (after.observation.legal.length && !before.observation.legal.length) notify("move", title);
}

function notificationToggles() {
  const sound = h("input", { type: "checkbox", id: "lt-sound", onchange: (e) => prefs.set("sound", e.target.checked) });
  sound.checked = prefs.get("sound", true);
  const note = h("input", { type: "checkbox", id: "lt-notify", onchange: async (e) => {
    let on = e.target.checked;
    if (on && "Notification" in window && Notification.permission !== "granted") {
      on = (await Notification.requestPermission()) === "granted";
      e.target.checked = on;
    }
    prefs.set("notify", on);
  } });
  note.checked = prefs.get("notify", false);
  const motion = h("input", { type: "checkbox", id: "lt-motion", onchange: (e) => prefs.set("motion", e.target.checked) });
  motion.checked = prefs.get("motion", true);
  return [
    h("label", { class: "toggle" }, sound, h("span", { text: t("web.notify.sound") })),
    h("label", { class: "toggle" }, note, h("span", { text: t("web.notify.browser") })),
    h("label", { class: "toggle" }, motion, h("span", { text: t("web.notify.motion") })),
  ];
}

// The tab title counts your rooms waiting for your move (asked of the server now and then).
const waiting = { count: 0, timer: null };
async function countWaiting() {
  const entries = mine.all().filter((e) => !e.invite);
  const byRoom = new Map();
  for (const e of entries.slice(0, 30)) byRoom.set(e.room, (byRoom.get(e.room) || new Set()).add(e.seat));
  let count = 0;
  await Promise.all([...byRoom].map(async ([room, seats]) => {
    try {
      const info = await api(`/api/rooms/${room}`);
      if (info.status === "playing" && seats.has(info.to_move)) count += 1;
    } catch {
      // a room gone is not waiting
    }
  }));
  waiting.count = count;
  titleCount();
}

function titleCount() {
  const base = document.title.replace(/^\(\d+\) /, "");
  document.title = waiting.count ? `(${waiting.count}) ${base}` : base;
}

function watchWaiting() {
  if (waiting.timer) return;
  countWaiting();
  waiting.timer = setInterval(countWaiting, 20000);
}

// ---------------------------------------------------------------- animation

// Animates the change from the picture shown before to the one shown now: the pieces marked as
// the last action (data-last / class "last") and the ones whose place changed glide or pop in,
// one after another (beans pit by pit), in well under a second. A click or key skips it.
function animateChange(oldSvg, newSvg) {
  if (!oldSvg || !newSvg || reducedMotion() || typeof newSvg.animate !== "function") return [];
  const before = new Map();
  for (const el of oldSvg.querySelectorAll("[id]")) before.set(el.id, box(el));
  const marked = [...newSvg.querySelectorAll('[data-last="1"], .last')].filter((el) => !el.closest(".lt-layer"));
  // Without marks (a view that draws none), the pieces that are new in the picture pop in.
  const pops = marked.length
    ? marked.filter((el) => !marked.some((other) => other !== el && other.contains(el)))
    : [...newSvg.querySelectorAll("[id]")].filter((el) => !before.has(el.id) && !el.closest(".lt-layer"));
  const running = [];
  const total = 650;
  const shown = pops.slice(0, 40);
  const step = shown.length > 1 ? Math.min(90, (total - 300) / shown.length) : 0;
  shown.forEach((el, i) => {
    el.style.transformBox = "fill-box";
    el.style.transformOrigin = "center";
    const old = el.id ? before.get(el.id) : null;
    const now = box(el);
    const die = /die|dice|roll/i.test(`${el.id} ${el.getAttribute("class") || ""}`);
    let frames;
    if (die) frames = [{ transform: "rotate(-270deg) scale(.5)" }, { transform: "rotate(0) scale(1)" }];
    else if (old && now && Math.abs(old.x - now.x) + Math.abs(old.y - now.y) > 1) {
      // the same piece in a new place (a tile from the market): it slides there
      frames = [{ transform: `translate(${old.x - now.x}px, ${old.y - now.y}px)` }, { transform: "translate(0, 0)" }];
    } else frames = [{ transform: "scale(.5)", opacity: 0.3 }, { transform: "scale(1.12)", opacity: 1, offset: 0.7 }, { transform: "scale(1)", opacity: 1 }];
    running.push(el.animate(frames, { duration: 300, delay: i * step, easing: "ease-out", fill: "backwards" }));
  });
  if (running.length) {
    window.ludoteca.animated = (window.ludoteca.animated || 0) + 1;
    const skip = () => running.forEach((a) => a.finish());
    const stop = () => document.removeEventListener("keydown", skip, true);
    document.addEventListener("keydown", skip, true);
    newSvg.addEventListener("pointerdown", skip, true);
    Promise.all(running.map((a) => a.finished.catch(() => null))).then(stop);
  }
  return running;
}

function box(el) {
  try {
    const b = el.getBBox();
    const m = el.getCTM();
    if (!m) return { x: b.x, y: b.y };
    return { x: m.a * b.x + m.c * b.y + m.e, y: m.b * b.x + m.d * b.y + m.f };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- replays that play

function replayControls(page) {
  const speed = h("select", { id: "lt-speed", "aria-label": t("web.replay.speed") },
    ...[["2000", "0.5×"], ["1000", "1×"], ["500", "2×"], ["250", "4×"]].map(([ms, label]) => h("option", { value: ms, text: label })));
  speed.value = localStorage.getItem("ludoteca.replay_speed") || "1000";
  speed.onchange = () => localStorage.setItem("ludoteca.replay_speed", speed.value);
  const play = h("button", { id: "lt-play", "aria-label": t("web.replay.play"), text: "⏵ " + t("web.replay.play"), onclick: () => toggleAutoplay(page, play) });
  return h("div", { class: "stepper autoplay" }, play, h("label", { class: "field inline" }, h("span", { text: t("web.replay.speed") }), speed));
}

function toggleAutoplay(page, button) {
  if (page.timer) {
    clearTimeout(page.timer);
    page.timer = null;
    button.textContent = "⏵ " + t("web.replay.play");
    return;
  }
  if (page.step >= page.record.actions.length) page.go(0);
  button.textContent = "⏸ " + t("web.replay.pause");
  const tick = async () => {
    if (!page.record || page.step >= page.record.actions.length || !button.isConnected) {
      page.timer = null;
      button.textContent = "⏵ " + t("web.replay.play");
      return;
    }
    await page.go(page.step + 1);
    page.timer = setTimeout(tick, Number($("#lt-speed").value || 1000));
  };
  page.timer = setTimeout(tick, 50);
}

function moveList(page) {
  const actions = page.record.actions;
  const list = h("ol", { class: "moves", id: "lt-moves" },
    ...actions.map((action, i) => h("li", {}, h("button", { class: "link step-link", "data-step": i + 1, text: action, onclick: () => page.go(i + 1) }))));
  return list;
}

function markStep(step) {
  for (const el of document.querySelectorAll("#lt-moves .step-link")) {
    const on = Number(el.dataset.step) === step;
    el.classList.toggle("current", on);
    if (on) el.setAttribute("aria-current", "step");
    else el.removeAttribute("aria-current");
  }
  const current = $("#lt-moves .current");
  if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
}
