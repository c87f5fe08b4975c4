// The one list of the client's languages (code, and the language's own name for the menu).
// It matches the server's ludoteca.engine.LANGUAGES (a test checks both agree).
export const LANGUAGES = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["ru", "Русский"],
];

export const CODES = LANGUAGES.map(([code]) => code);
