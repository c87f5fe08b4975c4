// The account page: sign up or log in (a guest's games come along), change the password, log out,
// download what the site holds about you or delete the account.
import { heldSeats, loadProgress, me, renderNav } from "../account.js";
import { api } from "../api.js";
import { app, h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { go } from "../router.js";

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
          this.form("password", t("web.account.change_password"), [
            ["old", t("web.account.current_password"), "password", "current-password"],
            ["new", t("web.account.new_password"), "password", "new-password"],
          ], async (values) => {
            await api("/api/account/password", { json: values });
            toast(t("web.account.password_changed"), "info");
          }),
          h("div", { class: "actions" }, h("button", { id: "lt-logout", text: t("web.account.logout"), onclick: () => this.logout() }))),
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
          this.form("signup", t("web.account.signup"), [
            ["name", t("web.account.name"), "text", "username"],
            ["password", t("web.account.password"), "password", "new-password"],
          ], (values) => this.enter("/api/account/signup", values), t("web.account.rules")),
          this.form("login", t("web.account.login"), [
            ["name", t("web.account.name"), "text", "username"],
            ["password", t("web.account.password"), "password", "current-password"],
          ], (values) => this.enter("/api/account/login", values)))),
    );
  }

  form(id, title, fields, submit, note) {
    const error = h("p", { class: "form-error", id: `lt-${id}-error`, role: "alert" });
    const inputs = fields.map(([name, label, type, autocomplete]) =>
      h("label", { class: "field" }, h("span", { text: label }),
        h("input", { id: `lt-${id}-${name}`, name, type, autocomplete, required: true })));
    const form = h("form", { class: "account-form", id: `lt-${id}-form`, "aria-label": title },
      h("h2", { text: title }), ...inputs, note ? h("p", { class: "note", text: note }) : null, error,
      h("button", { class: "primary", type: "submit", id: `lt-${id}-submit`, text: title }));
    form.onsubmit = async (event) => {
      event.preventDefault();
      error.textContent = "";
      const values = Object.fromEntries(fields.map(([name]) => [name, form.elements[name].value]));
      try {
        await submit(values);
      } catch (failure) {
        error.textContent = failure.message;
      }
    };
    return form;
  }

  async enter(path, values) {
    const answer = await api(path, { json: { ...values, seats: heldSeats().slice(0, 200) } });
    me.name = answer.name;
    renderNav();
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
