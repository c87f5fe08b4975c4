// The dialogs of a room: the end of a game (why, who won, the score sheet, what next) and
// the question before an action that ends the game at once.
import { loadProgress } from "./account.js";
import { $, h } from "./dom.js";
import { hasWord, t } from "./i18n.js";
import { seatName } from "./names.js";
import { formatScore } from "./sheets.js";

function open(dialog) {
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

// Asks before ``label`` ends the game (a stop that ends it at once): resolves true to go on.
export function askToEnd(label) {
  return ask(t("web.confirm.text", { action: label }));
}

// The question now in the confirmation dialog: its answer, until it is given.
let asking = null;

// Asks ``question`` (yes or no) in the room's confirmation dialog: resolves true for yes;
// ``words`` may name the keys of its title and buttons (by default: ending the game).
// A question asked while another is open answers the older one no. A dialog's close event
// comes a task after it closed, so one closed by Escape and at once asked again must not take
// that late event for the new question's Escape: only a close that leaves it shut answers no.
export function ask(question, words = {}) {
  const { title = "web.confirm.title", yes = "web.confirm.yes", no = "web.confirm.no" } = words;
  const dialog = $("#lt-confirm");
  if (asking) asking(false);
  return new Promise((resolve) => {
    const answer = (given) => {
      if (asking !== answer) return;
      asking = null;
      if (dialog.open) dialog.close();
      resolve(given);
    };
    asking = answer;
    dialog.replaceChildren(
      h("h2", { id: "lt-confirm-title", text: t(title) }),
      h("p", { text: question }),
      h("div", { class: "actions" },
        h("button", { class: "primary", id: "lt-confirm-yes", text: t(yes), onclick: () => answer(true) }),
        h("button", { id: "lt-confirm-no", text: t(no), onclick: () => answer(false) })),
    );
    dialog.onclose = () => { if (!dialog.open && asking) asking(false); }; // Escape
    open(dialog);
    $("#lt-confirm-no").focus();
  });
}

// Ranks by (winner, score), ties sharing a rank: 1, 1, 3.
export function ranked(seats, observation) {
  const winners = new Set(observation.winners || []);
  const scores = observation.scores || [];
  const key = (seat) => [winners.has(seat.seat) ? 1 : 0, scores[seat.seat] ?? 0];
  const sorted = [...seats].sort((a, b) => {
    const [wa, sa] = key(a);
    const [wb, sb] = key(b);
    return wb - wa || sb - sa;
  });
  return sorted.map((seat, i) => {
    let rank = i + 1;
    for (let j = i - 1; j >= 0; j--) {
      const [w1, s1] = key(sorted[j]);
      const [w2, s2] = key(seat);
      if (w1 !== w2 || s1 !== s2) break;
      rank = j + 1;
    }
    return { seat, rank, winner: winners.has(seat.seat) };
  });
}

// Who won, in words; a game of one seat ends with a score, not a win.
function outcome(seats, observation, you) {
  const scores = observation.scores || [];
  if (seats.length === 1) {
    return { headline: t("web.end.solo_score", { score: formatScore(scores[0] ?? 0) }), line: "" };
  }
  const winners = seats.filter((seat) => (observation.winners || []).includes(seat.seat));
  const names = winners.map((seat) => seatName(seat, seats)).join(", ");
  let line = "";
  if (winners.length === 0) line = t("web.end.nobody_won");
  else if (winners.length === seats.length) line = t("web.end.all_tied");
  else if (winners.length === 1) line = t("web.end.wins", { name: names });
  else line = t("web.end.share", { names });
  if (you === null || you === undefined) return { headline: line, line: "" };
  const won = winners.some((seat) => seat.seat === you);
  let headline = won ? t("web.end.you_won") : t("web.end.you_lost");
  if (won && winners.length > 1) headline = t("web.end.you_shared");
  return { headline, line };
}

// Why the game ended: the game's own last words, else a word for its end reason.
function why(observation) {
  const prompt = observation.prompt || {};
  if (prompt.text && prompt.key !== "core.prompt.game_over") return prompt.text;
  const key = `web.end.why.${observation.end_reason}`;
  if (observation.end_reason && hasWord(key)) return t(key);
  return prompt.text || "";
}

// ``extra``: more buttons for what next (the rematch).
export function showEnd(message, roomId, extra = []) {
  loadProgress();  // a solo game's stars and scores, for the lobby
  const observation = message.observation;
  const seats = message.room.seats;
  const { headline, line } = outcome(seats, observation, message.seat);
  const dialog = $("#lt-end");
  dialog.replaceChildren(
    h("h2", { id: "lt-end-title", text: headline }),
    // (a solo game has no winners' line: nothing, not a null, which replaceChildren would write)
    ...(line ? [h("p", { class: "end-line", id: "lt-end-winners", text: line })] : []),
    h("p", { class: "end-why", id: "lt-end-why", text: why(observation) }),
    h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: t("web.end.player") }), h("th", { text: t("web.end.score") }))),
      h("tbody", {}, ...ranked(seats, observation).map(({ seat, rank, winner }) =>
        h("tr", { class: winner ? "winner" : "", "data-rank": rank },
          h("td", { class: "rank", text: rank }),
          h("td", {}, h("span", { class: `seat-dot s${seat.seat}`, text: seat.seat + 1 }), " ", seatName(seat, seats), winner && seats.length > 1 ? " ★" : ""),
          h("td", { class: "score", text: formatScore(observation.scores[seat.seat]) }))))),
    h("div", { class: "actions" },
      h("a", { class: "button primary", href: `/replay/${roomId}`, "data-go": "", text: t("web.end.replay") }),
      h("a", { class: "button", href: `/api/rooms/${roomId}/record`, download: `ludoteca-${message.room.game}-${roomId}.json`, text: t("web.end.download") }),
      ...extra,
      h("a", { class: "button", href: "/", "data-go": "", text: t("web.end.new_game") }),
      h("button", { onclick: () => dialog.close(), text: t("web.end.close") })),
  );
  open(dialog);
}
