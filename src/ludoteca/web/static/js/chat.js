// Chat of a room (over its socket) and of the lobby (asked of the server now and then).
// A message is only ever shown as text, never read as markup.
import { api } from "./api.js";
import { $, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { prefs } from "./prefs.js";
import { reportLine } from "./report.js";

export function chatPanel(id, onSend, readOnly) {
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

// Adds messages to a chat list (text only: a message is never read as markup); each line of
// room ``roomId`` ("" for the lobby) may be reported to the administrators.
export function addChat(listId, messages, replace, nameOf, roomId = "") {
  const list = $(`#${listId}`);
  if (!list) return;
  if (replace) list.replaceChildren();
  const muted = prefs.muted();
  for (const m of messages) {
    const name = nameOf(m);
    const who = `name:${name}`; // a person is muted by name, in every room and the lobby
    const hidden = muted.has(who);
    const label = t(hidden ? "web.chat.unmute" : "web.chat.mute", { name });
    const mute = h("button", { class: "link mute", title: label, "aria-label": label, text: t(hidden ? "web.chat.unmute_button" : "web.chat.mute_button"), onclick: () => {
      prefs.mute(who, !hidden);
      addChat(listId, [...list.children].map((item) => item.message), true, nameOf, roomId);
    } });
    const reportLabel = t("web.mod.report_line", { name });
    const report = h("button", { class: "link report", title: reportLabel, "aria-label": reportLabel, text: t("web.mod.report"), onclick: () => reportLine(roomId, m.id) });
    const item = h("li", { class: (hidden ? "muted " : "") + (m.seat !== null && m.seat !== undefined ? `s${m.seat}` : ""), "data-who": who, "data-id": m.id },
      h("strong", { class: "from", text: name }), " ",
      h("span", { class: "text", text: hidden ? t("web.chat.muted") : m.text }), mute, report);
    item.message = m;
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

// Chat ``messages`` of ``room`` (its public facts: the seats' names) added to its list.
export function roomChat(room, messages, replace) {
  const nameOf = (m) => {
    if (m.seat === null || m.seat === undefined) return t("web.chat.spectator");
    const seat = room && room.seats[m.seat];
    return m.name || (seat ? seatName(seat) : t("web.seat.player", { n: m.seat + 1 }));
  };
  addChat("lt-chat-list", messages, replace, nameOf, room ? room.id : "");
}

export function lobbyChat() {
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
      for (const id of found.hidden || []) {
        panel.querySelector(`li[data-id="${Number(id)}"]`)?.remove();
      }
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
