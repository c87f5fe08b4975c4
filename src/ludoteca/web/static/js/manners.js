// Manners at the table: takebacks asked and answered, "confirm my move" (remembered in this
// browser), and the host's choice of how fast the room's bots move.
import { api } from "./api.js";
import { ask } from "./dialogs.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { prefs } from "./prefs.js";
import { mine } from "./store.js";

// The takeback buttons for ``view`` ({room, seat, move, canTakeBack}): ask to take back your
// last decision, or answer the request of the seat that made the last one.
export function takebackButtons(view, send) {
  const { room, seat, move } = view;
  const offer = room.takeback;
  const say = (what) => () => send({ type: "takeback", do: what, move });
  if (offer && offer.seat === seat) return [h("span", { class: "offer", id: "lt-takeback-waiting", text: t("web.takeback.waiting") })];
  if (offer && room.to_move === seat) {
    const who = room.seats[offer.seat] ? seatName(room.seats[offer.seat]) : "";
    return [
      h("span", { class: "offer", id: "lt-takeback-asked", text: t("web.takeback.asked", { name: who }) }),
      h("button", { id: "lt-takeback-accept", class: "small primary", text: t("web.takeback.accept"), onclick: say("accept") }),
      h("button", { id: "lt-takeback-decline", class: "small", text: t("web.takeback.decline"), onclick: say("decline") }),
    ];
  }
  if (view.canTakeBack) return [h("button", { id: "lt-takeback", class: "small", text: t("web.takeback.offer"), onclick: say("offer") })];
  return [];
}

// "Confirm my move": a toggle kept in this browser; when on, every move is asked about first.
export function confirmToggle() {
  const box = h("input", { type: "checkbox", id: "lt-confirm-move", onchange: (e) => prefs.set("confirm_move", e.target.checked) });
  box.checked = prefs.get("confirm_move", false);
  return h("label", { class: "toggle" }, box, h("span", { text: t("web.play.confirm_move") }));
}

// True if the move ``label`` is to be sent (asked first when the player wants to confirm).
export async function moveConfirmed(label) {
  if (!prefs.get("confirm_move", false)) return true;
  const words = { title: "web.play.confirm_move_title", yes: "web.play.confirm_move_yes", no: "web.play.confirm_move_no" };
  return ask(t("web.play.confirm_move_text", { move: label }), words);
}

// The host's pace of the room's bots (shown to the host of a room with bots only).
export function paceControl(roomId, room) {
  const host = mine.forRoom(roomId).find((e) => e.host);
  if (!host || !room.seats.some((s) => s.kind === "bot") || room.status !== "playing") return null;
  const select = h("select", { id: "lt-pace", onchange: async () => {
    try {
      await api(`/api/rooms/${roomId}/pace`, { json: { host: host.host, pace: select.value } });
    } catch (error) {
      select.value = room.table.pace || "normal";
      toast(error.message);
    }
  } }, ...["quick", "normal", "slow"].map((value) => h("option", { value, text: t(`web.pace.${value}`) })));
  select.value = (room.table && room.table.pace) || "normal";
  return h("label", { class: "field pace" }, h("span", { text: t("web.pace.label") }), select);
}

// The account page's choice of "your move" mails (games with days per move), asked of the server.
export function remindersToggle() {
  const box = h("input", { type: "checkbox", id: "lt-reminders", disabled: true, onchange: async (e) => {
    try {
      await api("/api/account/reminders", { json: { on: e.target.checked } });
    } catch (error) {
      e.target.checked = !e.target.checked;
      toast(error.message);
    }
  } });
  api("/api/account/reminders").then((found) => {
    box.checked = found.on;
    box.disabled = false;
  }).catch(() => null);
  return h("label", { class: "toggle", id: "lt-reminders-row" }, box, h("span", { text: t("web.account.reminders") }));
}

// ``/account/unsubscribe?token=…``: the one click of a mail's unsubscribe link (no log-in).
export async function unsubscribe(panel, token) {
  panel.append(h("h1", { text: t("web.account.unsubscribe_title") }));
  try {
    await api("/api/account/unsubscribe", { json: { token } });
    panel.append(h("p", { id: "lt-unsubscribed", role: "status", text: t("web.account.unsubscribed") }));
  } catch (failure) {
    panel.append(h("p", { class: "form-error", role: "alert", text: failure.message }));
  }
}
