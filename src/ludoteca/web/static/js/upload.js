// Opening a record file (lobby and replay page): kept for this tab, then replayed.
import { toast } from "./dom.js";
import { t } from "./i18n.js";
import { go } from "./router.js";

export function uploadRecord(file) {
  if (!file) return;
  file.text().then((text) => {
    try {
      const record = JSON.parse(text);
      sessionStorage.setItem("ludoteca.replay", JSON.stringify(record));
      go("/replay");
    } catch {
      toast(t("web.replay.bad_file"));
    }
  });
}
