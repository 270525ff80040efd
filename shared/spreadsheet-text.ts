// Text from documents and models written into a spreadsheet cell (CSV, XLSX): never a formula.
import { visibleText } from './visible-text.ts';

/**
 * The characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a
 * formula or a DDE call when it opens a CSV: `=HYPERLINK(...)`, `+cmd|' /C calc'!A0`, `@SUM(1)`,
 * `-2+3`, and a leading tab or CR that some of them skip before looking (OWASP, "CSV Injection"),
 * after any apostrophes: text that already starts with apostrophes before a trigger ("'=x") gets
 * one more too, so that restoreFormula gives back exactly what was written.
 */
const GUARDED = /^'*[=+\-@\t\r]/;

/**
 * Returns `text` so that no spreadsheet evaluates it: a cell that starts with a formula trigger
 * gets a leading apostrophe, which spreadsheets show as text and hide (`'=1+1` shows `=1+1`).
 * Every other cell is unchanged, so numbers and words read as written. The one rule for every
 * CSV and spreadsheet the app writes (review reports, checklists).
 */
export function neutralizeFormula(text: string): string {
  return GUARDED.test(text) ? `'${text}` : text;
}

/**
 * The text neutralizeFormula was given, for a file the app reads back (a checklist's CSV): one
 * apostrophe fewer before a formula trigger; other text as it is.
 */
export function restoreFormula(text: string): string {
  return GUARDED.test(text) && text.startsWith("'") ? text.slice(1) : text;
}

/**
 * A string from a document or a model for a spreadsheet people read: controls and bidi
 * overrides made visible (shared/visible-text.ts), then formula triggers neutralised.
 */
export function spreadsheetText(text: string): string {
  return neutralizeFormula(visibleText(text));
}
