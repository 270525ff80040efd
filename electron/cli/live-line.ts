// The one status line the command line keeps on stderr (chunks read, pages recognised, rows
// evaluated, bytes downloaded): redrawn in place on a terminal, written as a plain line every 10%
// (or 30 s) into a file, a pipe or a CI log. Commands give it their line's content.
import { visibleText } from '../../shared/visible-text.ts';

export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number | undefined;
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

/** What a command's progress line shows: its text and where it stands. */
export interface LineContent {
  /** The line's text, computed when it is drawn (outside text in it is shown, not obeyed). */
  text(): string;
  /** `done` of `total`: plain lines are written at each 10% step of it. */
  position(): { done: number; total: number };
  /** False while there is nothing to show yet (reading before OCR starts). Default: shown. */
  shown?(): boolean;
}

/**
 * The one live progress line of the command line on stderr. Each command configures it with
 * its content (chunks read, pages recognised, rows evaluated, bytes downloaded); the line decides
 * how and when to draw: on a live terminal it redraws in place at most every 100 ms; into a file,
 * a pipe, a CI log or a dumb terminal (`terminalSink`) it writes a plain line at each 10% step or
 * every 30 s. Its text and notes pass through visibleText: a model name or a server's message can
 * show its control characters, never drive the terminal.
 */
export class LiveLine {
  #sink: ProgressSink;
  #content: LineContent;
  #tty: boolean;
  #now: () => number;
  #lastDraw = 0;
  #lastPlainDecile = -1;
  #lastPlainAt = 0;
  #drawn = false;

  constructor(sink: ProgressSink, content: LineContent, now: () => number) {
    this.#sink = sink;
    this.#content = content;
    this.#tty = sink.isTTY === true;
    this.#now = now;
  }

  /** Redraws now (`force`) or when due. */
  draw(force = false): void {
    if (this.#content.shown?.() === false) return;
    const { done, total } = this.#content.position();
    const now = this.#now();
    if (this.#tty) {
      if (!force && now - this.#lastDraw < 100 && done < total) return;
      this.#lastDraw = now;
      const columns = this.#sink.columns || 100; // 0 when the terminal size is unknown
      const text = visibleText(this.#content.text());
      this.#sink.write(`\r\x1b[2K${text.slice(0, Math.max(20, columns - 1))}`);
      this.#drawn = true;
      return;
    }
    const decile = total === 0 ? 10 : Math.floor((done * 10) / total);
    if (force || decile > this.#lastPlainDecile || now - this.#lastPlainAt > 30_000) {
      this.#lastPlainDecile = decile;
      this.#lastPlainAt = now;
      this.#sink.write(`${visibleText(this.#content.text())}\n`);
    }
  }

  /** Writes a message on its own line without breaking the live line. */
  note(text: string): void {
    const shown = visibleText(text);
    if (this.#tty && this.#drawn) {
      this.#sink.write(`\r\x1b[2K${shown}\n`);
      this.draw(true);
    } else {
      this.#sink.write(`${shown}\n`);
    }
  }

  /** Ends the live line, leaving its last state visible (nothing when it never showed). */
  finish(): void {
    if (this.#content.shown?.() === false) return;
    if (this.#tty) {
      this.draw(true);
      this.#sink.write('\n');
    } else if (this.#lastPlainDecile < 10) {
      this.draw(true);
    }
  }
}

/** `CI` set, as GitHub Actions, GitLab and most runners set it: nobody is at the terminal. */
export function inCi(env: NodeJS.ProcessEnv): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
}

/**
 * stderr as the progress line sees it: a live terminal only when it is a TTY, not a CI log
 * (`CI` set, as GitHub Actions, GitLab and most runners do) and not `TERM=dumb`; anything
 * else gets plain lines. Writes and the width are the stream's own.
 */
export function terminalSink(
  stream: { write(text: string): unknown; isTTY?: boolean; columns?: number },
  env: NodeJS.ProcessEnv,
): ProgressSink {
  const live = stream.isTTY === true && !inCi(env) && env.TERM !== 'dumb';
  return {
    write: (text: string) => stream.write(text),
    isTTY: live,
    get columns() {
      return stream.columns;
    },
  };
}
