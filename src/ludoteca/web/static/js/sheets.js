// The side panels shared by play and replay: the score table and the log.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";

export function scoreTable(seats, observation, you, online) {
  const scores = observation.scores || [];
  const winners = new Set(seats.length > 1 ? observation.winners || [] : []);  // solo: no star
  return h("table", { class: "scores" },
    h("tbody", {}, ...seats.map((seat) => {
      const turn = observation.current_player === seat.seat;
      return h("tr", { class: (turn ? "turn " : "") + (seat.seat === you ? "you" : "") },
        h("td", {}, h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 })),
        h("td", { class: "name" },
          online && seat.kind === "person"
            ? h("span", { class: online.includes(seat.seat) ? "presence on" : "presence", title: t(online.includes(seat.seat) ? "web.play.online" : "web.play.offline") })
            : null,
          seatName(seat, seats), seat.seat === you ? h("em", { text: ` (${t("web.play.you")})` }) : null,
          seat.kind === "open" ? h("em", { text: ` — ${t("web.play.free_seat")}` }) : null),
        h("td", { class: "score", text: formatScore(scores[seat.seat]) }),
        h("td", { class: "mark", text: winners.has(seat.seat) ? "★" : turn ? "◀" : "" }));
    })));
}

export function formatScore(value) {
  if (value === undefined || value === null) return "";
  return Number.isInteger(value) ? String(value) : Number(value).toFixed(1);
}

export function logList(observation) {
  const items = (observation.log || []).map((entry) =>
    h("li", { class: entry.seat >= 0 ? `s${entry.seat}` : "chance" }, entry.text ? entry.text.text : entry.action));
  // scrollable, so reachable by keyboard (tabindex) and named for screen readers
  return h("ol", { class: "log", tabindex: 0, "aria-label": t("web.play.log"), start: Math.max(1, (observation.move_number || 0) - items.length + 1) }, ...items);
}
