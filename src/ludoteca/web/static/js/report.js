// Reporting to the site's administrators (a chat line or a player, with an optional reason)
// and blocking a player: what a player can do about someone (docs/moderation.md).
import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

// Asks for the reason in a dialog of its own: resolves the reason ("" for none) or null.
function askReason(title) {
  const reason = h("textarea", { id: "lt-report-reason", maxlength: 500, rows: 3 });
  const dialog = h("dialog", { id: "lt-report", "aria-labelledby": "lt-report-title" });
  document.body.append(dialog);
  return new Promise((resolve) => {
    const answer = (value) => {
      dialog.onclose = null;
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    dialog.append(
      h("h2", { id: "lt-report-title", text: title }),
      h("label", { class: "field" }, h("span", { text: t("web.mod.reason") }), reason),
      h("div", { class: "actions" },
        h("button", { class: "primary", id: "lt-report-send", text: t("web.mod.report_send"), onclick: () => answer(reason.value.trim()) }),
        h("button", { id: "lt-report-cancel", text: t("web.confirm.no"), onclick: () => answer(null) })));
    dialog.onclose = () => answer(null); // Escape
    dialog.showModal();
    reason.focus();
  });
}

async function send(json) {
  try {
    await api("/api/reports", { json });
    toast(t("web.mod.reported"), "info");
  } catch (error) {
    toast(error.message);
  }
}

export async function reportLine(room, chat) {
  const reason = await askReason(t("web.mod.report_line_title"));
  if (reason !== null) await send({ room, chat, reason });
}

export async function reportPlayer(player) {
  const reason = await askReason(t("web.mod.report_player_title", { name: player }));
  if (reason !== null) await send({ player, reason });
}

// Blocks ``name`` (or undoes it): resolves the names blocked now.
export async function block(name, on) {
  const answer = await api("/api/account/blocks", { json: { name, on } });
  toast(t(on ? "web.mod.blocked" : "web.mod.unblocked", { name }), "info");
  return answer.blocked;
}
