// A page that cannot be shown (unknown room, bad record file, refusal, lost server) says so
// in words, with a way back: never an empty page.
import { app, h } from "./dom.js";
import { t } from "./i18n.js";

// ``extra``: more elements for the way out (a "watch instead" or "open another file" button).
export function showProblem(text, { title = t("web.problem.title"), extra = [] } = {}) {
  const root = app();
  root.className = "problem";
  root.replaceChildren(
    h("section", { class: "panel problem-box", id: "lt-problem", role: "alert" },
      h("h1", { text: title }),
      h("p", { class: "problem-text", text }),
      h("p", { class: "actions" },
        h("a", { class: "button primary", href: "/", "data-go": "", id: "lt-back-lobby", text: t("web.problem.back") }),
        ...extra)),
  );
  document.title = `${title} · Ludoteca`;
}

// The page for an address the client does not know.
export class NotFoundPage {
  show() {
    showProblem(t("web.error.not_found"), { title: t("web.problem.not_found") });
  }

  relabel() {
    this.show();
  }
}
