// The seat palette: chosen once in the header's menu, remembered in localStorage. It sets the
// class ``palette-<name>`` on <html> (style.css colours the page's seats from it) and is sent
// in every hello, so the server draws the pictures in the same colours
// (ludoteca.engine.palette holds the colours; tests/web/test_palette.py keeps the two equal).
import { t } from "./i18n.js";

const KEY = "ludoteca.palette";
export const PALETTES = ["default", "safe", "contrast"];
// each seat's colour as a word ("web.colour.<word>"), the name of a guest who typed none
// (ludoteca.engine.palette.COLOUR_WORDS; tests/engine/test_palette.py keeps the two equal)
const COLOUR_WORDS = {
  default: ["red", "blue", "yellow", "violet", "teal"],
  safe: ["orange", "blue", "green", "yellow", "pink"],
  contrast: ["red", "blue", "yellow", "black", "teal"],
};

export function colourName(seat) {
  const words = COLOUR_WORDS[chosenPalette()];
  return t(`web.colour.${words[seat % words.length]}`);
}

export function chosenPalette() {
  const name = localStorage.getItem(KEY);
  return PALETTES.includes(name) ? name : "default";
}

function apply(name) {
  for (const each of PALETTES) document.documentElement.classList.toggle(`palette-${each}`, each === name);
}

// Fills the menu (again after a change of language); a change is announced to the page shown
// with the event "ludoteca:palette" on window.
export function setupPalette(select) {
  apply(chosenPalette());
  if (!select) return () => {};
  const label = () => {
    select.replaceChildren(...PALETTES.map((name) => {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = t(`web.palette.${name}`);
      return option;
    }));
    select.value = chosenPalette();
    select.setAttribute("aria-label", t("web.nav.palette"));
    select.title = t("web.nav.palette");
  };
  select.addEventListener("change", () => {
    const name = PALETTES.includes(select.value) ? select.value : "default";
    localStorage.setItem(KEY, name);
    apply(name);
    window.dispatchEvent(new Event("ludoteca:palette"));
  });
  label();
  return label;
}
