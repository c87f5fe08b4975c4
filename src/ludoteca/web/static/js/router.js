// The router: one page object at a time (lobby, play, replay, rules), chosen by the address.
// Pages are registered by main.js, so page modules can import ``go`` without a cycle.
import { api } from "./api.js";

// What every page shares: the games and bots the server offers, and the page shown.
export const state = { games: null, bots: null, page: null };

const routes = [];

// ``addRoute(/^\/room\/([\w-]+)$/, (id) => new PlayPage(id))``; the first match wins.
export function addRoute(pattern, make) {
  routes.push([pattern, make]);
}

let fallback = null;
export function setFallback(make) {
  fallback = make;
}

export async function loadCatalogue() {
  [state.games, state.bots] = await Promise.all([api("/api/games"), api("/api/bots")]);
}

export async function route() {
  if (state.page && state.page.leave) state.page.leave();
  state.page = null;
  const path = location.pathname;
  if (!state.games) await loadCatalogue();
  for (const [pattern, make] of routes) {
    const match = path.match(pattern);
    if (match) {
      state.page = make(...match.slice(1));
      break;
    }
  }
  if (!state.page) state.page = fallback();
  window.ludoteca.page = state.page;
  window.ludoteca.message = null;
  await state.page.show();
}

export function go(path) {
  history.pushState(null, "", path);
  route();
}

// Links marked ``data-go`` change the page without reloading it.
export function followLinks() {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-go]");
    if (link && !event.ctrlKey && !event.metaKey && event.button === 0) {
      event.preventDefault();
      go(link.getAttribute("href"));
    }
  });
  window.addEventListener("popstate", route);
}
