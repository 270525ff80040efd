/** One line of a page as PDFium reports it, with the union of its character boxes. */
export interface RawLine {
  text: string;
  /** x0, y0, x1, y1 in PDF points (PDF user space: origin at the bottom left, y upwards). */
  box: readonly number[];
  /** The line ended in a hyphen PDFium marked as hyphenation (its last character). */
  hyphen: boolean;
}

/** Numbers per line in `layoutLines`' spans: start, end, x0, y0, x1, y1. */
export const LINE_FIELDS = 6;

/**
 * Joins a page's lines (PDFium's reading order) into its text: one line per line, a blank line
 * where the gap between two lines is wider than ~0.8 of the taller line (a paragraph or heading
 * break). A hyphenation mark becomes "-" at the line end, left for `dehyphenate`, which needs
 * the whole document's words to decide. Returns the text and, per line kept, its character span
 * in that text and its box (`LINE_FIELDS` numbers a line).
 */
export function layoutLines(lines: readonly RawLine[]): { text: string; spans: Float64Array } {
  const spans: number[] = [];
  let text = '';
  let prev: readonly number[] | undefined;
  for (const line of lines) {
    let body = line.text.replace(/[\t\u00a0]/g, ' ');
    if (line.hyphen) body = body.slice(0, -1) + '-';
    body = body.trim();
    if (body === '') continue;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = line.box;
    if (text !== '') {
      text += '\n';
      if (prev !== undefined) {
        const gap = (prev[1] ?? 0) - y1;
        const taller = Math.max((prev[3] ?? 0) - (prev[1] ?? 0), y1 - y0);
        if (gap > taller * 0.8) text += '\n';
      }
    }
    spans.push(text.length, text.length + body.length, x0, y0, x1, y1);
    text += body;
    prev = line.box;
  }
  return { text, spans: Float64Array.from(spans) };
}
