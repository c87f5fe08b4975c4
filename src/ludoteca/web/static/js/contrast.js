// The high-contrast option: a toggle in the header, remembered in localStorage; it sets the
// class ``contrast`` on <html> (style.css and the board's frames follow it).
import { t } from "./i18n.js";

const KEY = "ludoteca.contrast";

function apply(on) {
  document.documentElement.classList.toggle("contrast", on);
}

export function setupContrast(button) {
  apply(localStorage.getItem(KEY) === "on");
  if (!button) return;
  const label = () => {
    const on = document.documentElement.classList.contains("contrast");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.title = t("web.nav.contrast");
  };
  button.addEventListener("click", () => {
    const on = !document.documentElement.classList.contains("contrast");
    localStorage.setItem(KEY, on ? "on" : "off");
    apply(on);
    label();
  });
  label();
  return label;
}
