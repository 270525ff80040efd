// Text laid out for a terminal: display widths (a CJK character takes two columns, a combining
// mark none), cutting to a width, and a table whose flexible columns share the width left.
import { visibleText } from '../../shared/visible-text.ts';

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO = /[\p{M}\u200b-\u200d\ufeff]/u;

/** Columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const c of text) width += ZERO.test(c) ? 0 : WIDE.test(c) ? 2 : 1;
  return width;
}

/** One line: document and model text made visible, whitespace runs (newlines too) one space. */
export function oneLine(text: string): string {
  return visibleText(text).replace(/\s+/g, ' ').trim();
}

/** `text` cut to `width` columns with "…" when it is longer. */
export function cut(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const c of text) {
    const w = ZERO.test(c) ? 0 : WIDE.test(c) ? 2 : 1;
    if (used + w > width - 1) break;
    out += c;
    used += w;
  }
  return `${out}…`;
}

const pad = (text: string, width: number) =>
  text + ' '.repeat(Math.max(0, width - displayWidth(text)));

export interface Column {
  title: string;
  /** Flexible columns share what the fixed ones leave, in proportion to `share`. */
  share?: number;
  /** The least a flexible column gets. */
  min?: number;
}

/**
 * The rows under their titles, two spaces between columns. With `width` (a terminal's), flexible
 * columns are cut so each line fits; without it nothing is cut. The last column is not padded.
 */
export function table(
  columns: readonly Column[],
  rows: readonly string[][],
  width?: number,
): string {
  const natural = columns.map((c, i) =>
    Math.max(displayWidth(c.title), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const widths = [...natural];
  if (width !== undefined) {
    const flexible = columns.map((c, i) => (c.share === undefined ? -1 : i)).filter((i) => i >= 0);
    const fixed = natural.reduce((sum, w, i) => (flexible.includes(i) ? sum : sum + w), 0);
    let left = width - fixed - 2 * (columns.length - 1);
    // Columns narrower than their share give the rest to the others.
    let open = flexible.filter((i) => natural[i] !== undefined);
    for (let changed = true; changed && open.length > 0;) {
      changed = false;
      const shares = open.reduce((sum, i) => sum + (columns[i]?.share ?? 1), 0);
      for (const i of open) {
        const fair = Math.floor((left * (columns[i]?.share ?? 1)) / shares);
        if ((natural[i] ?? 0) <= fair) {
          left -= natural[i] ?? 0;
          open = open.filter((j) => j !== i);
          changed = true;
          break;
        }
      }
    }
    const shares = open.reduce((sum, i) => sum + (columns[i]?.share ?? 1), 0);
    for (const i of open)
      widths[i] = Math.max(
        columns[i]?.min ?? 4,
        Math.floor((left * (columns[i]?.share ?? 1)) / Math.max(1, shares)),
      );
  }
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const w = widths[i] ?? 0;
        const text = cut(cell, w);
        return i === cells.length - 1 ? text : pad(text, w);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), ...rows.map(line)].join('\n');
}

/**
 * "2026-11-23 21:04" in `timeZone` (the command's `TZ`, an IANA name), else in the machine's
 * zone. A process started with `TZ` gets the same from either; a command run inside another
 * process (the tests) gets its own context's zone.
 */
export function localTime(at: number, timeZone?: string): string {
  const zoned = timeZone ? inZone(at, timeZone) : undefined;
  if (zoned !== undefined) return zoned;
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** `localTime` in a named zone; undefined for a `TZ` Intl does not know (Node then uses UTC or the POSIX rule itself). */
function inZone(at: number, timeZone: string): string | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return undefined;
  }
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
