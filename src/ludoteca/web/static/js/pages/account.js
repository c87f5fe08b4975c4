// The account page: sign up or log in (a guest's games come along), change the password, log out,
// download what the site holds about you or delete the account.
import { heldSeats, loadMe, loadProgress, me, renderNav } from "../account.js";
import { api } from "../api.js";
import { app, h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { block } from "../report.js";
import { go } from "../router.js";
import { remindersToggle, unsubscribe } from "../manners.js";

export class AccountPage {
  async show() {
    document.title = `${t("web.account.title")} · Ludoteca`;
    const root = app();
    root.className = "account";
    if (me.name) {
      root.replaceChildren(
        h("section", { class: "panel narrow" },
          h("h1", { text: t("web.account.signed_in_as", { name: me.name }) }),
          h("p", {}, h("a", { href: `/player/${encodeURIComponent(me.name)}`, "data-go": "", text: t("web.account.your_profile") })),
          me.admin ? h("p", {}, h("a", { href: "/admin", "data-go": "", id: "lt-admin-link", text: t("web.mod.admin_link") })) : null,
          this.form("password", t("web.account.change_password"), [
            ["old", t("web.account.current_password"), "password", "current-password"],
            ["new", t("web.account.new_password"), "password", "new-password"],
          ], async (values) => {
            await api("/api/account/password", { json: values });
            toast(t("web.account.password_changed"), "info");
          }),
          h("div", { class: "actions" }, h("button", { id: "lt-logout", text: t("web.account.logout"), onclick: () => this.logout() }))),
        this.recovery(),
        this.blocks(),
        h("section", { class: "panel narrow", id: "lt-your-data", "aria-labelledby": "lt-your-data-title" },
          h("h2", { id: "lt-your-data-title", text: t("web.account.your_data") }),
          h("p", {}, h("a", { href: "/api/account/export", download: "", id: "lt-export", text: t("web.account.export") })),
          this.form("delete", t("web.account.delete"), [
            ["password", t("web.account.current_password"), "password", "current-password"],
          ], (values) => this.remove(values), t("web.account.delete_note"))),
      );
      return;
    }
    root.replaceChildren(
      h("section", { class: "panel narrow" },
        h("h1", { text: t("web.account.title") }),
        h("p", { class: "lead", text: t("web.account.lead") }),
        h("div", { class: "two-forms" },
          // a guest's name typed for its seats is offered as the account's, so the seats keep it
          this.form("signup", t("web.account.signup"), [
            ["name", t("web.account.name"), "text", "username", localStorage.getItem("ludoteca.name") || ""],
            ["password", t("web.account.password"), "password", "new-password"],
          ], (values) => this.enter("/api/account/signup", values), t("web.account.rules")),
          this.form("login", t("web.account.login"), [
            ["name", t("web.account.name"), "text", "username"],
            ["password", t("web.account.password"), "password", "current-password"],
          ], (values) => this.enter("/api/account/login", values)))),
      h("section", { class: "panel narrow", id: "lt-forgot" },
        me.mail
          ? this.form("reset", t("web.account.forgot"), [["name", t("web.account.name"), "text", "username"]],
            async (values, note) => {
              await api("/api/account/reset", { json: values });
              note(t("web.account.reset_sent"));
            }, null, t("web.account.reset_request"))
          : [h("h2", { text: t("web.account.forgot") }), h("p", { class: "note", id: "lt-no-mail", text: t("web.account.no_mail") })]),
    );
  }

  // The players you blocked, each with the button that undoes it (filled in once asked).
  blocks() {
    const section = h("section", { class: "panel narrow", id: "lt-blocks", "aria-labelledby": "lt-blocks-title" },
      h("h2", { id: "lt-blocks-title", text: t("web.mod.your_blocks") }));
    const fill = (names) => section.replaceChildren(section.firstChild,
      names.length
        ? h("ul", { class: "admin-list" }, ...names.map((name) => h("li", {}, h("span", { text: name }),
          h("button", { class: "small", text: t("web.mod.unblock"), "aria-label": t("web.mod.unblock_name", { name }), onclick: async () => fill(await block(name, false)) }))))
        : h("p", { class: "empty", text: t("web.mod.no_blocks") }));
    api("/api/account/blocks").then((answer) => fill(answer.blocked), () => fill([]));
    return section;
  }

  // The account's recovery address (when the site can mail), with whether it is verified.
  recovery() {
    if (!me.mail) {
      return h("section", { class: "panel narrow", id: "lt-recovery" },
        h("h2", { text: t("web.account.email") }), h("p", { class: "note", id: "lt-no-mail", text: t("web.account.no_mail") }));
    }
    const status = me.email
      ? t(me.emailVerified ? "web.account.email_verified" : "web.account.email_unverified", { email: me.email })
      : null;
    const form = this.form("email", t("web.account.email"), [["email", t("web.account.email"), "email", "email"]],
      async (values, note) => {
        const answer = await api("/api/account/email", { json: values });
        Object.assign(me, { email: answer.email, emailVerified: false });
        note(t("web.account.email_unverified", { email: answer.email }));
      }, status, t("web.account.email_save"));
    if (me.email) form.elements.email.value = me.email;
    return h("section", { class: "panel narrow", id: "lt-recovery" }, form, me.emailVerified ? remindersToggle() : null);
  }

  // A form of labelled fields; ``submit(values, say)`` may ``say`` a line of success below it.
  form(id, title, fields, submit, note, button = title) {
    const error = h("p", { class: "form-error", id: `lt-${id}-error`, role: "alert" });
    const said = h("p", { class: "form-said", id: `lt-${id}-said`, role: "status" });
    const inputs = fields.map(([name, label, type, autocomplete, value = ""]) =>
      h("label", { class: "field" }, h("span", { text: label }),
        h("input", { id: `lt-${id}-${name}`, name, type, autocomplete, value, required: true })));
    const form = h("form", { class: "account-form", id: `lt-${id}-form`, "aria-label": title },
      h("h2", { text: title }), ...inputs, note ? h("p", { class: "note", id: `lt-${id}-note`, text: note }) : null, error, said,
      h("button", { class: "primary", type: "submit", id: `lt-${id}-submit`, text: button }));
    form.onsubmit = async (event) => {
      event.preventDefault();
      error.textContent = "";
      said.textContent = "";
      const values = Object.fromEntries(fields.map(([name]) => [name, form.elements[name].value]));
      try {
        await submit(values, (text) => { said.textContent = text; });
      } catch (failure) {
        error.textContent = failure.message;
      }
    };
    return form;
  }

  async enter(path, values) {
    await api(path, { json: { ...values, seats: heldSeats().slice(0, 200) } });
    await loadMe(); // the account as this browser now sees it, its lessons joined with these
    await loadProgress();
    go(`/player/${encodeURIComponent(me.name)}`);
  }

  async remove(values) {
    await api("/api/account/delete", { json: values });
    me.name = null;
    renderNav();
    await loadProgress();
    toast(t("web.account.deleted"), "info");
    go("/");
  }

  async logout() {
    await api("/api/account/logout", { json: {} });
    me.name = null;
    renderNav();
    await loadProgress();
    go("/");
  }

  relabel() {
    this.show();
  }
}

// ``/account/verify?token=…`` and ``/account/reset?token=…``: the pages of the links the site mails.
export class MailLinkPage {
  constructor(kind) {
    this.kind = kind;
  }

  async show() {
    const token = new URLSearchParams(location.search).get("token") || "";
    const root = app();
    root.className = "account";
    const panel = h("section", { class: "panel narrow", id: `lt-${this.kind}-page` });
    root.replaceChildren(panel);
    if (this.kind === "unsubscribe") {
      document.title = `${t("web.account.unsubscribe_title")} · Ludoteca`;
      await unsubscribe(panel, token);
      return;
    }
    if (this.kind === "verify") {
      document.title = `${t("web.account.email")} · Ludoteca`;
      panel.append(h("h1", { text: t("web.account.email") }));
      try {
        await api("/api/account/verify", { json: { token } });
        panel.append(h("p", { id: "lt-verified", role: "status", text: t("web.account.verified_done") }));
        await loadMe();
      } catch (failure) {
        panel.append(h("p", { class: "form-error", role: "alert", text: failure.message }));
      }
      return;
    }
    document.title = `${t("web.account.reset_title")} · Ludoteca`;
    const page = new AccountPage();
    panel.append(h("h1", { text: t("web.account.reset_title") }),
      page.form("new-password", t("web.account.new_password"), [["password", t("web.account.new_password"), "password", "new-password"]],
        async (values, say) => {
          await api("/api/account/reset/confirm", { json: { token, password: values.password } });
          say(t("web.account.reset_done"));
          panel.append(h("p", {}, h("a", { href: "/account", "data-go": "", id: "lt-to-login", text: t("web.account.login") })));
        }, t("web.account.password_rules"), t("web.account.change_password")));
  }

  relabel() {
    this.show();
  }
}
