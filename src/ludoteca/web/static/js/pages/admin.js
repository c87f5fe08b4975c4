// The admin page (``/admin``, administrators only): open reports, rooms in play, the latest
// chat lines and the audit log; mute or ban an account, ban a guest's address, hide a line,
// close a room. Everything done is written to the audit log by the server.
import { api } from "../api.js";
import { app, h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { gameTitle, seatName } from "../names.js";

const COMMAND_LINE = "(command line)"; // the actor of what ``ludoteca admin`` did
const when = (at) => at.slice(0, 16).replace("T", " ");

export class AdminPage {
  async show() {
    document.title = `${t("web.admin.title")} · Ludoteca`;
    const root = app();
    root.className = "admin";
    let found;
    try {
      found = await api("/api/admin");
    } catch (error) {
      root.replaceChildren(h("section", { class: "panel narrow", id: "lt-admin-refused" },
        h("h1", { text: t("web.admin.title") }), h("p", { class: "bad", text: error.message })));
      return;
    }
    root.replaceChildren(
      h("h1", { class: "page-title", text: t("web.admin.title") }),
      this.someone(),
      this.section("reports", t("web.admin.reports"), found.reports, (r) => this.report(r)),
      this.section("rooms", t("web.admin.rooms"), found.rooms, (r) => this.room(r)),
      this.section("chat", t("web.admin.chat"), found.chat, (m) => this.line(m)),
      this.sanctions(found),
      this.section("audit", t("web.admin.audit"), found.audit, (a) =>
        h("li", {}, h("time", { text: when(a.at) }), " ", h("strong", { text: a.actor === COMMAND_LINE ? t("web.admin.command_line") : a.actor }), " ",
          t(`web.admin.did.${a.action}`), " ", h("span", { class: "target", text: a.target }))),
    );
  }

  section(id, title, items, item) {
    return h("section", { class: "panel", id: `lt-admin-${id}`, "aria-labelledby": `lt-admin-${id}-title` },
      h("h2", { id: `lt-admin-${id}-title`, text: title }),
      items.length ? h("ul", { class: "admin-list" }, ...items.map(item)) : h("p", { class: "empty", text: t("web.admin.none") }));
  }

  // A button that asks the server ``path`` with ``json``, then shows the page afresh.
  act(label, path, json, id) {
    return h("button", { class: "small", id, text: label, onclick: async () => {
      try {
        await api(`/api/admin/${path}`, { json });
        toast(t("web.admin.done"), "info");
        await this.show();
      } catch (error) {
        toast(error.message);
      }
    } });
  }

  // Mute or ban an account by its name.
  someone() {
    const input = h("input", { id: "lt-admin-name", autocomplete: "off", maxlength: 40 });
    const go = (path) => async () => {
      try {
        await api(`/api/admin/${path}`, { json: { name: input.value.trim(), on: true } });
        toast(t("web.admin.done"), "info");
        await this.show();
      } catch (error) {
        toast(error.message);
      }
    };
    return h("section", { class: "panel", id: "lt-admin-someone", "aria-labelledby": "lt-admin-someone-title" },
      h("h2", { id: "lt-admin-someone-title", text: t("web.admin.account") }),
      h("div", { class: "admin-row" },
        h("label", { class: "field" }, h("span", { text: t("web.account.name") }), input),
        h("button", { id: "lt-admin-mute", class: "small", text: t("web.admin.mute"), onclick: go("mute") }),
        h("button", { id: "lt-admin-ban", class: "small", text: t("web.admin.ban"), onclick: go("ban") })));
  }

  report(r) {
    return h("li", { "data-report": r.id },
      h("time", { text: when(r.at) }), " ",
      h("strong", { text: r.name || t("web.chat.guest") }), " ",
      r.room ? h("a", { href: `/room/${r.room}`, "data-go": "", text: r.room }) : null, " ",
      h("span", { class: "reason", text: r.reason || t("web.admin.no_reason") }),
      h("span", { class: "admin-actions" },
        r.chat ? this.act(t("web.admin.hide"), "hide", { chat: r.chat }) : null,
        r.account ? this.act(t("web.admin.mute"), "mute", { name: r.name, on: true }) : null,
        this.act(t("web.admin.resolve"), "resolve", { report: r.id }, `lt-admin-resolve-${r.id}`)));
  }

  room(r) {
    const names = r.seats.map((seat) => seatName(seat, r.seats)).join(", ");
    return h("li", { "data-room": r.id },
      h("a", { href: `/room/${r.id}`, "data-go": "", text: `${gameTitle(r.game)} · ${r.id}` }), " ",
      h("span", { text: names }), " ",
      h("span", { class: "muted-note", text: t("web.admin.watching", { n: r.watching }) }),
      h("span", { class: "admin-actions" }, this.act(t("web.admin.close"), "close", { room: r.id }, `lt-admin-close-${r.id}`)));
  }

  line(m) {
    const who = m.account || m.name || t("web.chat.guest");
    return h("li", { "data-chat": m.id, class: m.hidden ? "hidden-line" : "" },
      h("time", { text: when(m.at) }), " ",
      h("strong", { text: who }), " ",
      h("span", { class: "muted-note", text: m.room ? m.room : t("web.admin.lobby") }), " ",
      h("span", { class: "text", text: m.text }),
      m.hidden ? h("span", { class: "badge", text: t("web.admin.hidden") }) : null,
      h("span", { class: "admin-actions" },
        m.hidden ? null : this.act(t("web.admin.hide"), "hide", { chat: m.id }, `lt-admin-hide-${m.id}`),
        m.account ? this.act(t("web.admin.mute"), "mute", { name: m.account, on: true }) : null,
        m.account ? this.act(t("web.admin.ban"), "ban", { name: m.account, on: true }) : null,
        m.address ? this.act(t("web.admin.ban_address"), "address", { address: m.address, on: true }) : null));
  }

  // Who is muted or banned, each with the button that lifts it.
  sanctions(found) {
    const items = [
      ...found.muted.map((name) => [t("web.admin.muted", { name }), this.act(t("web.admin.lift"), "mute", { name, on: false })]),
      ...found.banned.map((name) => [t("web.admin.banned", { name }), this.act(t("web.admin.lift"), "ban", { name, on: false })]),
      ...found.addresses.map((address) => [t("web.admin.banned", { name: address }), this.act(t("web.admin.lift"), "address", { address, on: false })]),
    ];
    return this.section("sanctions", t("web.admin.sanctions"), items, ([text, button]) =>
      h("li", {}, h("span", { text }), h("span", { class: "admin-actions" }, button)));
  }

  relabel() {
    this.show();
  }
}
