// Clocks of a room (the server keeps the time; the page counts down from what it was told)
// and the table's options of the lobby's form.
import { $, h } from "./dom.js";
import { plural, t } from "./i18n.js";
import { botLabel, seatName } from "./names.js";
import { prefs } from "./prefs.js";
import { state } from "./router.js";

export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return daysText(s);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// "2 days 4 hours": the time left of a game with days per move, in words.
export function daysText(seconds) {
  const hours = Math.floor(seconds / 3600);
  const [d, rest] = [Math.floor(hours / 24), hours % 24];
  return [d ? plural("web.words.days", d) : "", rest ? plural("web.words.hours", rest) : ""].filter(Boolean).join(" ");
}

// Seconds left per seat now; ``offset`` = server clock minus this browser's clock.
export function clockLeft(clock, offset) {
  const now = Date.now() / 1000 + offset;
  return clock.left.map((x, seat) => (seat === clock.running ? Math.max(0, x - Math.max(0, now - clock.since)) : x));
}

function lowTime(table, seconds) {
  if (table.clock === "days") return seconds < 6 * 3600;
  return seconds < Math.min(20, table.base * 0.2 + 1);
}

// The clocks of ``room`` (its public facts; null before the first state), counted down from
// the server's time (``offset``: the server's clock minus this browser's, in seconds).
export function renderClocks(room, offset) {
  const box = $("#lt-clocks");
  if (!box || !room) return;
  if (!room.clock) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const left = clockLeft(room.clock, offset || 0);
  const rows = room.seats.map((seat) =>
    h("div", {
      class: "clock" + (room.clock.running === seat.seat ? " running" : "") + (lowTime(room.table, left[seat.seat]) ? " low" : ""),
      "data-seat": seat.seat,
    },
    h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 }),
    h("span", { class: "who", text: seatName(seat, room.seats) }),
    h("span", { class: "time", role: "timer", "aria-label": `${seatName(seat, room.seats)}: ${clockText(left[seat.seat])}`, text: clockText(left[seat.seat]) })));
  const pace = room.table.clock === "days" ? [h("p", { class: "clock-rule", id: "lt-clock-rule", text: plural("web.words.days_per_move", room.table.days) })] : [];
  box.replaceChildren(...pace, ...rows);
}

// The table's options in the lobby's form (remembered): the clock, the takeover bot (three
// players or more) and whether spectators may chat.
const CLOCKS = ["none", "fischer:180:2", "fischer:300:3", "fischer:600:5", "fischer:900:10", "days:1", "days:3", "days:7"];

export function tableFields(players) {
  const clock = h("select", { id: "lt-clock", name: "clock" }, ...CLOCKS.map((value) => {
    const [kind, a, b] = value.split(":");
    const text = kind === "none" ? t("web.lobby.clock.none") : kind === "days" ? plural("web.words.days_per_move", Number(a)) : t("web.lobby.clock.fischer", { m: Number(a) / 60, s: b });
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

export function tableOptions() {
  const [kind, a, b] = ($("#lt-clock") ? $("#lt-clock").value : "none").split(":");
  const table = { spectators_chat: !!($("#lt-spectators-chat") && $("#lt-spectators-chat").checked) };
  if (kind === "fischer") Object.assign(table, { clock: "fischer", base: Number(a), increment: Number(b) });
  if (kind === "days") Object.assign(table, { clock: "days", days: Number(a) });
  if ($("#lt-takeover")) table.takeover = $("#lt-takeover").value;
  return table;
}
