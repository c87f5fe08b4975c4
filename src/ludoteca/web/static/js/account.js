// Who this browser is: an account (its name) or a guest; solo progress (the account's, or a
// guest's from the seats its browser holds, kept in localStorage too). docs/accounts.md.
import { api } from "./api.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { botLabel } from "./names.js";
import { state } from "./router.js";
import { lessons, mine } from "./store.js";

// ``mail``: the site can mail (account recovery); ``email``/``emailVerified``: the account's address.
export const me = { name: null, progress: null, mail: false, email: null, emailVerified: false, admin: false };

// The seats this browser holds as a guest: sent at sign-up and log-in, so they become the account's.
export function heldSeats() {
  return mine.all().filter((e) => !e.invite && e.token).map((e) => ({ room: e.room, seat: e.seat, token: e.token }));
}

export async function loadMe() {
  try {
    const answer = await api("/api/account");
    Object.assign(me, { name: answer.name, mail: answer.mail, email: answer.email, emailVerified: answer.email_verified, admin: answer.admin });
    if (me.name) joinLessons(answer.lessons || {});
  } catch {
    me.name = null;
  }
  renderNav();
}

// How far a lesson's entry has gone: finished first, then the step reached.
function reach(entry) {
  return entry ? [entry.done ? 1 : 0, entry.step] : [-1, -1];
}

function further(a, b) {
  const [x, y] = [reach(a), reach(b)];
  return x[0] !== y[0] ? x[0] > y[0] : x[1] > y[1];
}

// A signed-in browser and its account share the lessons: where the account has gone further,
// this browser takes its entry; where this browser has (a guest's lessons before signing in),
// the account is told.
function joinLessons(kept) {
  const here = lessons.all();
  for (const game of new Set([...Object.keys(kept), ...Object.keys(here)])) {
    if (further(kept[game], here[game])) lessons.save(game, kept[game]);
    else if (further(here[game], kept[game])) sendLesson(game, lessons.get(game));
  }
}

function sendLesson(game, entry) {
  // kept in this browser already: an account that cannot take it now is told at the next visit
  api(`/api/lessons/${game}/progress`, { method: "PUT", json: entry }).catch(() => {});
}

// Where the learner stands in a game's lesson: kept in this browser, and on the account.
export function keepLesson(game, entry) {
  lessons.save(game, entry);
  if (me.name) sendLesson(game, entry);
}

export function renderNav() {
  const link = $("#lt-nav-account");
  if (!link) return;
  link.textContent = me.name || t("web.nav.login");
  link.setAttribute("href", me.name ? `/player/${encodeURIComponent(me.name)}` : "/account");
}

// Solo progress: the account's (server), a guest's from the seats its browser holds; the last
// answer is kept in the browser so the lobby shows it at once.
export async function loadProgress() {
  try {
    me.progress = await api("/api/progress", { json: { seats: me.name ? [] : heldSeats().slice(0, 200) } });
    localStorage.setItem("ludoteca.progress", JSON.stringify(me.progress));
  } catch {
    try {
      me.progress = JSON.parse(localStorage.getItem("ludoteca.progress") || "null");
    } catch {
      me.progress = null;
    }
  }
  return me.progress;
}

export function stars(n, of = 3) {
  return "★".repeat(n) + "☆".repeat(Math.max(0, of - n));
}

// A name kept in a finished game's record: a bot's is its level ("mcts:hard").
export function playerName(name, i) {
  if (!name) return t("web.seat.player", { n: i + 1 });
  return state.bots && state.bots.includes(name) ? botLabel(name) : name;
}

export function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? "?" : ""}`;
}
