// Text from documents and models written into a spreadsheet cell (CSV, XLSX): never a formula.
import { visibleText } from './visible-text.ts';

/**
 * The characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a
 * formula or a DDE call when it opens a CSV: `=HYPERLINK(...)`, `+cmd|' /C calc'!A0`, `@SUM(1)`,
 * `-2+3`, and a leading tab or CR that some of them skip before looking (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Returns `text` so that no spreadsheet evaluates it: a cell that starts with a formula trigger
 * gets a leading apostrophe, which spreadsheets show as text and hide (`'=1+1` shows `=1+1`).
 * Every other cell is unchanged, so numbers and words read as written. The one rule for every
 * CSV the app writes.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A string from a document or a model for a spreadsheet people read: controls and bidi
 * overrides made visible (shared/visible-text.ts), then formula triggers neutralised.
 */
export function spreadsheetText(text: string): string {
  return neutralizeFormula(visibleText(text));
}
