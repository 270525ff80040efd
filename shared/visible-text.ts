// Text from documents, models and servers shown to people: control and bidi characters made visible.

/**
 * C0 and C1 controls and DEL (`\p{Cc}`), and the bidi controls (`\p{Bidi_Control}`: U+061C,
 * U+200E/F, U+202A–U+202E, U+2066–U+2069). On a terminal a control can set the title, clear the
 * screen or write the clipboard (OSC 52); a bidi override makes `report\u202Eexe.txt` read as
 * `reporttxt.exe`.
 */
const INVISIBLE = /[\p{Cc}\p{Bidi_Control}]/gu;

/**
 * Returns `text` with every control character and bidi control written as a visible `\uXXXX`
 * escape (ESC becomes the six characters `\u001b`), so it can neither drive a terminal nor
 * reorder what surrounds it. Newlines, tabs and the CR of a CRLF stay as they are: they only lay
 * text out. The escape is JSON's own, so applied to `JSON.stringify` output the result is still
 * JSON and parses to the same value. Idempotent.
 */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (c: string, offset: number) => {
    if (c === '\n' || c === '\t' || (c === '\r' && text[offset + 1] === '\n')) return c;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
