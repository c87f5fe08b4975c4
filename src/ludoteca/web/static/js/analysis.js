// A finished game's analysis on the replay page: the "Analyse" button and its progress bar,
// each move's evaluation and mark in the move list, the chart of the evaluation over the game,
// the best move at the step shown, and each player's accuracy. The server computes it (in a
// bot worker, see docs/web.md); nothing here knows a game.
import { api } from "./api.js";
import { $, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";

const SVGNS = "http://www.w3.org/2000/svg";
const POLL_MS = 1000;
const BAD = ["inaccuracy", "mistake", "blunder"];

// Where the analysis of the page's game is asked for: a room's, or an uploaded record's.
function address(page, key) {
  if (page.room) return `/api/rooms/${page.room}/analysis`;
  return key ? `/api/analysis/${key}` : "/api/analysis";
}

// The panel: a heading, the button (or the progress bar), then the analysis once it is done.
export function analysisPanel(page) {
  const button = h("button", { id: "lt-analyse", class: "primary", text: t("web.analysis.start"), onclick: () => startAnalysis(page) });
  return h("section", { id: "lt-analysis", class: "analysis", "aria-labelledby": "lt-analysis-title" },
    h("h2", { id: "lt-analysis-title", text: t("web.analysis.title") }),
    h("div", { id: "lt-analysis-state" }, button));
}

// A room's analysis done before shows at once (an uploaded record's, once asked for, again
// after the language changed); else the button waits to be pressed.
export async function loadAnalysis(page) {
  if (!page.room && !page.analysisKey) return;
  try {
    follow(page, await api(address(page, page.analysisKey)));
  } catch (error) {
    if (error.status !== 409) toast(error.message);
    $("#lt-analysis")?.remove();  // an unfinished game has nothing to analyse
  }
}

async function startAnalysis(page) {
  const body = page.room ? { method: "POST" } : { json: { record: page.record } };
  try {
    follow(page, await api(address(page), body));
  } catch (error) {
    showFailure(page, error.message);
  }
}

// Show how far the analysis is, and ask again until it is done.
function follow(page, status) {
  clearTimeout(page.analysisTimer);
  if (status.key) page.analysisKey = status.key;
  if (status.state === "done") return showAnalysis(page, status);
  if (status.state === "failed") return showFailure(page, status.message);
  if (status.state === "none") return;
  showProgress(status);
  page.analysisTimer = setTimeout(async () => {
    if (!$("#lt-analysis")) return;  // the page was left
    try {
      follow(page, await api(address(page, status.key)));
    } catch (error) {
      showFailure(page, error.message);
    }
  }, POLL_MS);
}

function showProgress(status) {
  const box = $("#lt-analysis-state");
  if (!box) return;
  const text = status.total ? t("web.analysis.progress", { done: status.done, total: status.total }) : t("web.analysis.queued");
  let bar = $("#lt-analysis-bar");
  if (!bar) {
    bar = h("progress", { id: "lt-analysis-bar", max: 1, "aria-labelledby": "lt-analysis-words" });
    box.replaceChildren(bar, h("p", { id: "lt-analysis-words", class: "muted-note", "aria-live": "polite" }));
  }
  bar.max = Math.max(1, status.total);
  if (status.total) bar.value = status.done;
  else bar.removeAttribute("value");  // not begun: an indeterminate bar
  $("#lt-analysis-words").textContent = text;
}

function showFailure(page, message) {
  const box = $("#lt-analysis-state");
  if (!box) return;
  const again = h("button", { id: "lt-analyse", text: t("web.analysis.again"), onclick: () => startAnalysis(page) });
  box.replaceChildren(h("p", { class: "problem-text", role: "alert", text: message }), again);
}

// The finished analysis: accuracy per player, the chart, the marks in the move list.
function showAnalysis(page, status) {
  page.analysis = status;
  page.judged = new Map(status.analysis.moves.map((move) => [move.ply, move]));
  const box = $("#lt-analysis-state");
  if (!box) return;
  box.replaceChildren(
    accuracyTable(page, status),
    h("p", { class: "muted-note evaluator", id: "lt-evaluator", text: t("web.analysis.evaluator", { evaluator: status.evaluator.join(" · ") }) }),
    evaluationChart(page, status),
    h("p", { id: "lt-best", class: "best-move", "aria-live": "polite" }),
    puzzleLink(page, status),
    definitions(status));
  markMoves(page, status);
  page.go(page.step);
}

function accuracyTable(page, status) {
  const rows = Object.entries(status.accuracy).map(([seat, value]) =>
    h("tr", { "data-seat": seat },
      h("th", { scope: "row" }, h("span", { class: "who" },
        h("span", { class: `seat-dot s${seat}`, "aria-hidden": "true", text: Number(seat) + 1 }), seatLabel(page, Number(seat)))),
      h("td", { class: "accuracy", text: t("web.analysis.percent", { n: value.toFixed(1) }) }),
      ...BAD.map((word) => h("td", { class: "count", text: countOf(status, Number(seat), word) }))));
  return h("table", { class: "sheet accuracy-table", id: "lt-accuracy" },
    h("caption", {}, t("web.analysis.accuracy"), " ",
      h("a", { href: "#lt-definitions", text: t("web.analysis.how"), onclick: () => { $("#lt-definitions").open = true; } })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", text: t("web.analysis.player") }),
      h("th", { scope: "col", text: t("web.analysis.accuracy_short") }),
      // a column a verdict: its mark for the eye (and the tooltip), its word for screen readers
      ...BAD.map((word) => h("th", { scope: "col", class: "count", title: status.verdicts[word] },
        h("span", { "aria-hidden": "true", text: status.marks[word] }),
        h("span", { class: "sr", text: status.verdicts[word] }))))),
    h("tbody", {}, ...rows));
}

function countOf(status, seat, word) {
  return status.analysis.moves.filter((move) => move.seat === seat && move.verdict === word).length;
}

function seatLabel(page, seat) {
  const found = page.seats && page.seats[seat];
  return found ? seatName(found, page.seats) : t("web.seat.player", { n: seat + 1 });
}

// Each judged move in the move list: its mark (with the verdict in words for screen readers)
// and the mover's value after it.
function markMoves(page, status) {
  for (const move of status.analysis.moves) {
    const link = $(`#lt-moves .step-link[data-step="${move.ply + 1}"]`);
    if (!link) continue;
    const item = link.parentElement;
    item.querySelector(".judged")?.remove();
    item.dataset.verdict = move.verdict;
    const mark = status.marks[move.verdict] || "";
    item.append(h("span", { class: `judged ${move.verdict}` },
      mark ? h("span", { class: "mark", "aria-hidden": "true", text: mark }) : null,
      h("span", { class: "sr", text: status.verdicts[move.verdict] }),
      h("span", { class: "value", text: t("web.analysis.percent", { n: Math.round(100 * move.after) }) })));
  }
}

// The best move at ``step`` (the move about to be played there), and what the move played
// there lost: what the page shows beside the picture; the best move is marked on it too.
export function bestAt(page, step) {
  return page.judged ? page.judged.get(step) || null : null;
}

export function showBest(page, step, label) {
  const line = $("#lt-best");
  if (!line) return;
  const move = bestAt(page, step);
  if (!move) {
    line.textContent = step < page.record.actions.length ? t("web.analysis.no_choice") : "";
    return;
  }
  const verdict = page.analysis.verdicts[move.verdict];
  const played = move.action === move.best
    ? t("web.analysis.played_best", { move: label(move.action) })
    : t("web.analysis.played", { move: label(move.action), verdict, loss: Math.round(100 * move.loss) });
  line.replaceChildren(
    h("strong", { text: t("web.analysis.best", { move: label(move.best), value: Math.round(100 * move.before) }) }),
    " ", played);
}

// The chart: each seat's value after each of its moves (0–100 %), one line a seat; a click
// on a point goes to the position after that move. The chart is a picture for the eye; the
// move list says the same in words, and each mistake's point is a button of its own.
function evaluationChart(page, status) {
  const moves = status.analysis.moves;
  const steps = Math.max(1, page.record.actions.length);
  const width = 320, height = 120, pad = 6;
  const x = (ply) => pad + ((width - 2 * pad) * (ply + 1)) / steps;
  const y = (value) => pad + (height - 2 * pad) * (1 - value);
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "evaluation-chart");
  svg.setAttribute("id", "lt-chart");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", t("web.analysis.chart"));
  const title = document.createElementNS(SVGNS, "title");
  title.textContent = t("web.analysis.chart");
  svg.append(title, line(pad, y(0.5), width - pad, y(0.5), "half"));
  const seats = [...new Set(moves.map((move) => move.seat))].sort((a, b) => a - b);
  for (const seat of seats) {
    const mine = moves.filter((move) => move.seat === seat);
    const path = document.createElementNS(SVGNS, "polyline");
    path.setAttribute("points", mine.map((move) => `${x(move.ply).toFixed(1)},${y(move.after).toFixed(1)}`).join(" "));
    path.setAttribute("class", `seat-line s${seat}`);
    svg.append(path);
  }
  for (const move of moves) svg.append(point(page, status, move, x(move.ply), y(move.after)));
  svg.addEventListener("click", (event) => {  // the nearest judged move: points are small
    const box = svg.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * width;
    const near = moves.reduce((a, b) => (Math.abs(x(b.ply) - at) < Math.abs(x(a.ply) - at) ? b : a), moves[0]);
    if (near) page.go(near.ply + 1);
  });
  return h("figure", { class: "chart" }, svg,
    h("figcaption", { class: "muted-note", text: t("web.analysis.chart_caption") }));
}

function line(x1, y1, x2, y2, kind) {
  const el = document.createElementNS(SVGNS, "line");
  for (const [name, value] of Object.entries({ x1, y1, x2, y2 })) el.setAttribute(name, value);
  el.setAttribute("class", kind);
  return el;
}

function point(page, status, move, cx, cy) {
  const bad = BAD.includes(move.verdict);
  const dot = document.createElementNS(SVGNS, "circle");
  dot.setAttribute("cx", cx.toFixed(1));
  dot.setAttribute("cy", cy.toFixed(1));
  dot.setAttribute("r", bad ? 4 : 2.2);
  dot.setAttribute("class", `point s${move.seat} ${move.verdict}`);
  dot.dataset.step = move.ply + 1;
  const name = t("web.analysis.point", { n: move.ply + 1, player: seatLabel(page, move.seat), verdict: status.verdicts[move.verdict], value: Math.round(100 * move.after) });
  const tip = document.createElementNS(SVGNS, "title");
  tip.textContent = name;
  dot.append(tip);
  if (bad) {
    dot.setAttribute("tabindex", "0");
    dot.setAttribute("role", "button");
    dot.setAttribute("aria-label", name);
    dot.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        page.go(move.ply + 1);
      }
    });
  }
  return dot;
}

function puzzleLink(page, status) {
  if (!page.room || !status.puzzles) return null;
  return h("p", {}, h("a", { id: "lt-puzzles", class: "button", href: `/puzzles/${page.room}/1`, "data-go": "", text: t("web.analysis.puzzles", { n: status.puzzles }) }));
}

// What the figures mean (docs/bots.md says the same at length).
function definitions(status) {
  return h("details", { id: "lt-definitions", class: "definitions" },
    h("summary", { text: t("web.analysis.how") }),
    h("p", { text: t("web.analysis.define_value") }),
    h("p", { text: t("web.analysis.define_verdicts", { ...status.verdicts, limit_good: status.limits.good, limit_inaccuracy: status.limits.inaccuracy, limit_mistake: status.limits.mistake }) }),
    h("p", { text: t("web.analysis.define_accuracy") }));
}

export function forgetAnalysis(page) {
  clearTimeout(page.analysisTimer);
}
