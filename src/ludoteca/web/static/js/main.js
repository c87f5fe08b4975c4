// Ludoteca's one generic client: lobby, play, replay and rules pages for every game.
// It knows no game: it shows the server's SVG, narrows the legal actions by the ids the
// player clicks (see docs/web.md) and sends an action when one remains.
// This module starts the page; docs/web-client.md describes every module.
import { loadMe, loadProgress, renderNav } from "./account.js";
import { api } from "./api.js";
import { $, app, h } from "./dom.js";
import { chosenLanguage, fillLanguageMenu, loadWords, words } from "./i18n.js";
import { AccountPage, MailLinkPage } from "./pages/account.js";
import { AdminPage } from "./pages/admin.js";
import { LearnPage } from "./pages/learn.js";
import { LeaderboardPage } from "./pages/leaderboard.js";
import { LobbyPage } from "./pages/lobby.js";
import { PlayPage } from "./pages/play.js";
import { ProfilePage } from "./pages/profile.js";
import { PuzzlePage } from "./pages/puzzle.js";
import { ReplayPage } from "./pages/replay.js";
import { RulesPage } from "./pages/rules.js";
import { NotFoundPage, showProblem } from "./problem.js";
import { addRoute, followLinks, route, setFallback, state } from "./router.js";
import { setupContrast } from "./contrast.js";
import { setupPalette } from "./palette.js";

// For tests and the curious: the page shown and the last state message of a room.
window.ludoteca = { message: null, page: null, words };

addRoute(/^\/room\/([\w-]+)$/, (id) => new PlayPage(id));
addRoute(/^\/replay\/([\w-]+)$/, (id) => new ReplayPage(id));
addRoute(/^\/replay$/, () => new ReplayPage(null));
addRoute(/^\/puzzles\/([\w-]+)\/(\d+)$/, (id, n) => new PuzzlePage(id, n));
addRoute(/^\/rules\/([\w-]+)$/, (id) => new RulesPage(id));
addRoute(/^\/learn\/([\w-]+)$/, (id) => new LearnPage(id));
addRoute(/^\/player\/([^/]+)$/, (name) => new ProfilePage(decodeURIComponent(name)));
addRoute(/^\/leaderboard\/([\w-]+)$/, (id) => new LeaderboardPage(id));
addRoute(/^\/leaderboard$/, () => new LeaderboardPage(null));
addRoute(/^\/account$/, () => new AccountPage());
addRoute(/^\/admin$/, () => new AdminPage());
addRoute(/^\/account\/verify$/, () => new MailLinkPage("verify"));
addRoute(/^\/account\/reset$/, () => new MailLinkPage("reset"));
addRoute(/^\/account\/unsubscribe$/, () => new MailLinkPage("unsubscribe"));
addRoute(/^\/$/, () => new LobbyPage());
setFallback(() => new NotFoundPage());
followLinks();

const select = $("#lt-lang-select");
fillLanguageMenu(select);
const contrastLabel = setupContrast($("#lt-contrast"));
const paletteLabel = setupPalette($("#lt-palette-select"));
// the header's own words, again once the catalog of the language is loaded
const relabelHeader = () => {
  if (contrastLabel) contrastLabel();
  paletteLabel();
};
select.addEventListener("change", async (event) => {
  localStorage.setItem("ludoteca.lang", event.target.value);
  await loadWords(event.target.value);
  renderNav();
  relabelHeader();
  state.games = await api("/api/games");
  if (state.page && state.page.relabel) state.page.relabel();
  else route();
});

try {
  await loadWords(chosenLanguage());
  relabelHeader();
  await loadMe();
  await loadProgress();
  await route();
} catch (error) {
  // the server could not be reached or refused: say so, with a way to try again
  const retry = h("a", { class: "button", href: location.href, text: words.strings["web.banner.reload"] || "↻" });
  if (Object.keys(words.strings).length) showProblem(error.message, { extra: [retry] });
  else app().replaceChildren(h("section", { class: "panel", role: "alert" }, h("p", { text: error.message }), retry));
}
