// The one status line the command line keeps on stderr (chunks read, pages recognised): redrawn
// in place on a terminal, written as a plain line every 10% (or 30 s) into a file or a pipe.
import { visibleText } from '../../shared/visible-text.ts';

export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** "01:05" or "1:02:03"; "--:--" when unknown. */
export function clock(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '--:--';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** "[#####...............]": `done` of `total` in 20 cells (full when total is 0). */
export function bar(done: number, total: number): string {
  const width = 20;
  const filled = total === 0 ? width : Math.round(Math.min(1, Math.max(0, done / total)) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
}

/** Draws a line of text the owner computes; knows when a redraw is due and how to write it. */
export class LiveLine {
  #sink: ProgressSink;
  #tty: boolean;
  #now: () => number;
  #lastDraw = 0;
  #lastPlainDecile = -1;
  #lastPlainAt = 0;
  #drawn = false;

  constructor(sink: ProgressSink, now: () => number) {
    this.#sink = sink;
    this.#tty = sink.isTTY === true;
    this.#now = now;
  }

  /** Redraws now (`force`) or when due; `done` of `total` decides the plain lines' 10% steps. */
  draw(line: () => string, done: number, total: number, force: boolean): void {
    const now = this.#now();
    if (this.#tty) {
      if (!force && now - this.#lastDraw < 100 && done < total) return;
      this.#lastDraw = now;
      const columns = this.#sink.columns || 100; // 0 when the terminal size is unknown
      this.#sink.write(`\r\x1b[2K${line().slice(0, Math.max(20, columns - 1))}`);
      this.#drawn = true;
      return;
    }
    const decile = total === 0 ? 10 : Math.floor((done * 10) / total);
    if (force || decile > this.#lastPlainDecile || now - this.#lastPlainAt > 30_000) {
      this.#lastPlainDecile = decile;
      this.#lastPlainAt = now;
      this.#sink.write(`${line()}\n`);
    }
  }

  /**
   * Writes a message on its own line without breaking the live line. Notes quote model and
   * server text: its control characters are shown, only the line's own redraw is obeyed.
   */
  note(text: string, redraw: () => void): void {
    const shown = visibleText(text);
    if (this.#tty && this.#drawn) {
      this.#sink.write(`\r\x1b[2K${shown}\n`);
      redraw();
    } else {
      this.#sink.write(`${shown}\n`);
    }
  }

  /** Ends the live line, leaving its last state visible (`redraw` draws it with force). */
  finish(redraw: () => void): void {
    if (this.#tty) {
      redraw();
      this.#sink.write('\n');
    } else if (this.#lastPlainDecile < 10) {
      redraw();
    }
  }
}
