// The end of a game: the score sheet (winners first) and what to do next.
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { formatScore } from "./sheets.js";

export function showEnd(message, roomId) {
  const observation = message.observation;
  const winners = new Set(observation.winners);
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
    h("h2", { text: headline }),
    h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: t("web.end.player") }), h("th", { text: t("web.end.score") }))),
      h("tbody", {}, ...seats.map((seat, i) =>
        h("tr", { class: winners.has(seat.seat) ? "winner" : "" },
          h("td", { text: i + 1 }),
          h("td", {}, h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 }), " ", seatName(seat), winners.has(seat.seat) ? " ★" : ""),
          h("td", { class: "score", text: formatScore(observation.scores[seat.seat]) }))))),
    h("div", { class: "actions" },
      h("a", { class: "button primary", href: `/replay/${roomId}`, "data-go": "", text: t("web.end.replay") }),
      h("a", { class: "button", href: `/api/rooms/${roomId}/record`, download: `ludoteca-${message.room.game}-${roomId}.json`, text: t("web.end.download") }),
      h("a", { class: "button", href: "/", "data-go": "", text: t("web.end.new_game") }),
      h("button", { onclick: () => dialog.close(), text: t("web.end.close") })),
  );
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}
