// The JSON API: every request carries the reader's language; a refusal becomes an Error
// with the server's message (already in that language) and the HTTP status.
import { words } from "./i18n.js";

export async function api(path, options = {}) {
  const init = { headers: {}, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(options.json);
    init.headers["Content-Type"] = "application/json";
  }
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
