// Opening a record file (lobby and replay page): kept for this tab, then replayed.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { showProblem } from "./problem.js";
import { go } from "./router.js";

// "Open a record file": a label-button around a hidden file input.
export function uploadButton(id = undefined) {
  return h("label", { class: "button upload" }, t("web.replay.upload"),
    h("input", { type: "file", id, accept: ".json,application/json", class: "sr", onchange: (e) => uploadRecord(e.target.files[0]) }));
}

export function uploadRecord(file) {
  if (!file) return;
  file.text().then((text) => {
    try {
      const record = JSON.parse(text);
      if (!record || typeof record !== "object" || !Array.isArray(record.actions)) throw new Error();
      sessionStorage.setItem("ludoteca.replay", JSON.stringify(record));
      go("/replay");
    } catch {
      showProblem(t("web.replay.bad_file"), { title: t("web.problem.bad_file"), extra: [uploadButton()] });
    }
  });
}
