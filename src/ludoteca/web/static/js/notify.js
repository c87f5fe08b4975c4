// Telling a player when it becomes their move or the game ends: a sound made with WebAudio, a
// browser notification (with permission), and the tab title counting the rooms waiting.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./names.js";
import { prefs } from "./prefs.js";
import { mine } from "./store.js";

let audio = null;
export function beep(kind) {
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

export function notify(kind, title) {
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
export function noticeChange(before, after) {
  if (!before || before.move === after.move) return;
  const title = gameTitle(after.room.game);
  const ended = (after.observation.terminal || after.room.status !== "playing") && !(before.observation.terminal || before.room.status !== "playing");
  if (ended) notify("end", title);
  else if (after.observation.legal.length && !before.observation.legal.length) notify("move", title);
}

export function notificationToggles() {
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

export function titleCount() {
  const base = document.title.replace(/^\(\d+\) /, "");
  document.title = waiting.count ? `(${waiting.count}) ${base}` : base;
}

export function watchWaiting() {
  if (waiting.timer) return;
  countWaiting();
  waiting.timer = setInterval(countWaiting, 20000);
}
