// A seat's moves at the table rather than in the game: resign, offer or answer a draw,
// abandon, rematch; and how the room ended, in words.
import { ask } from "./dialogs.js";
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { go } from "./router.js";
import { mine } from "./store.js";
import { takebackButtons } from "./manners.js";

// Resign, a draw offered and abandon are asked about first (they cannot be taken back).
async function tableMove(send, what, move) {
  const asks = { resign: "web.table.confirm_resign", draw: "web.table.confirm_draw", abandon: "web.table.confirm_abandon", claim: "web.table.confirm_claim" };
  if (asks[what] && !(await ask(t(asks[what])))) return;
  send({ type: "table", do: what, move });
}

// The table's buttons for ``view`` ({room, seat, terminal, move, rematchOffer, offset});
// ``send`` sends a message on the room's socket. True when the claim button is shown.
export function renderTable(view, send) {
  const box = $("#lt-table");
  if (!box || !view) return;
  const { room, seat, move } = view;
  const holder = seat !== null && seat !== undefined && room.seats[seat] && room.seats[seat].kind === "person";
  const buttons = [];
  const playing = room.status === "playing" && !view.terminal;
  const table = (what) => () => tableMove(send, what, move);
  // a solitaire has nobody to resign to or to leave waiting: it is simply left
  if (holder && playing && room.seats.length > 1) {
    const draw = room.draw || [];
    if (draw.length && !draw.includes(seat)) {
      buttons.push(h("span", { class: "offer", text: t("web.table.draw_offered") }),
        h("button", { id: "lt-agree", class: "small primary", text: t("web.table.agree"), onclick: table("agree") }),
        h("button", { id: "lt-decline", class: "small", text: t("web.table.decline"), onclick: table("decline") }));
    } else if (room.draws) {
      buttons.push(h("button", { id: "lt-draw", class: "small", disabled: draw.length > 0, text: draw.length ? t("web.table.draw_waiting") : t("web.table.offer_draw"), onclick: table("draw") }));
    }
    buttons.push(h("button", { id: "lt-resign", class: "small", text: t("web.table.resign"), onclick: table("resign") }));
    if (mayAbandon(room, seat)) buttons.push(h("button", { id: "lt-abandon", class: "small", text: t("web.table.abandon"), onclick: table("abandon") }));
    buttons.push(...takebackButtons(view, send)); // after resign: an answer is not a click away from it
  }
  const claim = holder && playing && mayClaim(room, seat, view.offset || 0);
  if (claim) buttons.push(h("button", { id: "lt-claim", class: "small", text: t("web.table.claim"), onclick: table("claim") }));
  const over = room.status === "finished";
  if (holder && over) buttons.push(...rematchButtons(view, send));
  box.replaceChildren(...buttons);
  $("#lt-result").textContent = resultText(room);
  return claim;
}

// The seat may claim the win from the seat to move, gone or stalling (``claim_at``: from when,
// on the server's clock; ``offset``: the server's clock minus this browser's).
export function mayClaim(room, seat, offset) {
  if (!room || room.claim_at === null || room.claim_at === undefined || room.to_move === seat) return false;
  if (seat === null || seat === undefined || room.status !== "playing") return false;
  return Date.now() / 1000 + offset >= room.claim_at;
}

function mayAbandon(room, seat) {
  return (room.may_abandon || []).includes(seat);
}

function rematchButtons(view, send) {
  const { room, seat, move } = view;
  const offer = view.rematchOffer;
  if (offer) return [h("button", { id: "lt-go-rematch", class: "small primary", text: t("web.table.go_rematch"), onclick: () => goRematch(offer) })];
  const votes = (room.rematch && room.rematch.votes) || [];
  if (votes.includes(seat)) return [h("span", { class: "offer", text: t("web.table.rematch_waiting") })];
  const list = [h("button", { id: "lt-rematch", class: "small primary", text: votes.length ? t("web.table.accept_rematch") : t("web.table.rematch"), onclick: () => send({ type: "table", do: "rematch", move }) })];
  if (votes.length) list.push(h("button", { id: "lt-no-rematch", class: "small", text: t("web.table.decline"), onclick: () => send({ type: "table", do: "no_rematch", move }) }));
  return list;
}

export function goRematch(offer) {
  mine.add({ room: offer.room, seat: offer.seat, token: offer.token, game: offer.game });
  go(`/room/${offer.room}`);
}

export function resultText(room) {
  const result = room.result;
  if (!result) return "";
  const who = room.seats[result.seat] ? seatName(room.seats[result.seat], room.seats) : "";
  return t(`web.table.result.${result.reason}`, { name: who });
}

// Table events (resign, time-out, draw offers …) as lines of the game log.
function eventText(room, event) {
  const seat = room.seats[event.seat];
  return t(`web.table.event.${event.kind}`, { name: seat ? seatName(seat, room.seats) : "" });
}

export function eventItems(room) {
  return (room.events || []).map((event) => h("li", { class: `s${event.seat} table-event`, text: eventText(room, event) }));
}
