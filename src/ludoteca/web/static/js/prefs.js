// Choices remembered in this browser: sound, notifications, animation, people muted in chats.
export const prefs = {
  get(name, fallback) {
    const value = localStorage.getItem(`ludoteca.${name}`);
    return value === null ? fallback : value === "on";
  },
  set(name, on) {
    localStorage.setItem(`ludoteca.${name}`, on ? "on" : "off");
  },
  muted() {
    try {
      return new Set(JSON.parse(localStorage.getItem("ludoteca.muted") || "[]"));
    } catch {
      return new Set();
    }
  },
  mute(who, on) {
    const set = prefs.muted();
    if (on) set.add(who);
    else set.delete(who);
    localStorage.setItem("ludoteca.muted", JSON.stringify([...set]));
  },
};

export function reducedMotion() {
  return !prefs.get("motion", true) || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
