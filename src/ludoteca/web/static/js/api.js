// The JSON API: every request carries the reader's language; a refusal becomes an Error
// with the server's message (already in that language) and the HTTP status.
import { words } from "./i18n.js";

// The CSRF token: the server's script-readable cookie, repeated in a header on every unsafe
// request (docs/accounts.md).
export function csrfToken() {
  const found = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith("ludoteca_csrf="));
  return found ? decodeURIComponent(found.slice("ludoteca_csrf=".length)) : "";
}

export async function api(path, options = {}) {
  const init = { headers: {}, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(options.json);
    init.headers["Content-Type"] = "application/json";
  }
  if (init.method && init.method !== "GET") init.headers["X-CSRF-Token"] = csrfToken();
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${words.lang}`, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.message || `HTTP ${response.status}`);
    error.status = response.status;
    error.key = body.key;
    throw error;
  }
  return body;
}
