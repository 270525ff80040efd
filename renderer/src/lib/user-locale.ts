// The user's locale: the one the renderer's own Intl uses when a view passes none (dates in the
// Jobs screen, the library's times: `toLocaleString()`), i.e. the app's UI language. Views that
// main formats for (the review table's answers and its reports) send this, so every date and
// amount on screen is in one locale.

/** The UI's locale as a BCP 47 tag ("de-DE"). */
export function userLocale(): string {
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}
