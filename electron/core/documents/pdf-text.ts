/** The parts of a pdf.js text item that page layout needs. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/**
 * Joins a page's text items (in content-stream order, which is reading order for nearly all
 * generated PDFs) into lines: a new line where pdf.js marks an end of line or the baseline moves
 * by more than half the font size; a space where items on one line leave a visible gap; a blank
 * line where the vertical gap looks like a paragraph break. Line-end hyphens are left for
 * `dehyphenate`, which needs the whole document's words.
 */
export function pageText(items: readonly PdfTextItem[]): string {
  const lines: string[] = [];
  let line = '';
  let lineEnded = false;
  let prev: { x: number; y: number; size: number } | undefined;
  let lastLineY: number | undefined;
  const endLine = (): void => {
    lines.push(line.trimEnd());
    line = '';
    lineEnded = true;
  };
  for (const item of items) {
    const [a = 0, b = 0, , , e = 0, f = 0] = item.transform;
    const size = Math.max(Math.hypot(a, b), item.height, 1);
    if (item.str !== '') {
      if (prev !== undefined && !lineEnded && line !== '') {
        const dy = Math.abs(f - prev.y);
        if (dy > Math.max(prev.size, size) * 0.5) {
          endLine();
        } else if (
          e - prev.x > Math.max(prev.size, size) * 0.15 &&
          !line.endsWith(' ') &&
          !item.str.startsWith(' ')
        ) {
          line += ' ';
        }
      }
      if (line === '' && lineEnded && lastLineY !== undefined && prev !== undefined) {
        // A gap of more than ~1.7 line heights between baselines: a new paragraph.
        if (Math.abs(lastLineY - f) > Math.max(prev.size, size) * 1.7) lines.push('');
      }
      if (line === '') lastLineY = f;
      line += item.str;
      lineEnded = false;
      prev = { x: e + item.width, y: f, size };
    }
    if (item.hasEOL && line !== '') endLine();
  }
  if (line !== '') endLine();
  return lines
    .join('\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
