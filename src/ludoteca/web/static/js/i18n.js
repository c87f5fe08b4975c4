// The page's words: the ``web`` catalog of the chosen language, served as JSON by the server.
import { CODES, LANGUAGES } from "./langs.js";

export const words = { lang: "en", strings: {} };

// ``t("web.x", {n: 2})``: the text of a key with its ``{name}`` fields filled in.
export function t(key, params = {}) {
  const text = words.strings[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

// ``plural("web.words.days", 3)``: the text of ``key.one``, ``.few``, ``.many`` or ``.other``
// as the language's plural rule picks for ``n`` ("3 days", "3 дня", "5 дней").
export function plural(key, n) {
  const form = new Intl.PluralRules(words.lang).select(n);
  return t(`${key}.${hasWord(`${key}.${form}`) ? form : "other"}`, { n });
}

export function hasWord(key) {
  return key in words.strings;
}

export async function loadWords(lang) {
  words.lang = CODES.includes(lang) ? lang : "en";
  const response = await fetch(`/api/i18n/${words.lang}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  words.strings = await response.json();
  document.documentElement.lang = words.lang;
  document.querySelectorAll("[data-t]").forEach((el) => (el.textContent = t(el.dataset.t)));
  const select = document.getElementById("lt-lang-select");
  if (select) {
    select.value = words.lang;
    select.setAttribute("aria-label", t("web.nav.language"));
  }
}

// The saved choice, else the language the server picked from the browser's Accept-Language.
export function chosenLanguage() {
  const saved = localStorage.getItem("ludoteca.lang");
  if (CODES.includes(saved)) return saved;
  return document.documentElement.dataset.browserLang || "en";
}

// Fills the header's language menu from the one list.
export function fillLanguageMenu(select) {
  select.replaceChildren(
    ...LANGUAGES.map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    }),
  );
}
