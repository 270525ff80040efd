import type { Events } from '../../shared/api.ts';
import type { ChunkInfo } from '../../shared/model.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { applyRunEvent, chunksBehind, emptyRunView, type RunView } from '../../shared/run-view.ts';

export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

function clock(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '--:--';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

function rate(tokensPerSec: number): string {
  if (tokensPerSec >= 10_000) return `${(tokensPerSec / 1000).toFixed(0)}k`;
  if (tokensPerSec >= 1000) return `${(tokensPerSec / 1000).toFixed(1)}k`;
  return tokensPerSec.toFixed(0);
}

/**
 * The live progress line on stderr for one or several runs over the same chunks: chunks read
 * out of the total, document tokens read per second, elapsed time and ETA. On a terminal it
 * redraws one line with \r; otherwise it prints a plain line every 10% or 30 s.
 */
export class ProgressView {
  #sink: ProgressSink;
  #tty: boolean;
  #chunkTokens: number[];
  #runs: number;
  #totalTokens: number;
  /** Each run's events folded the way the app folds them. */
  #views = new Map<string, RunView>();
  #doneChunks = 0;
  #doneTokens = 0;
  #t0 = performance.now();
  #lastDraw = 0;
  #lastPlainDecile = -1;
  #lastPlainAt = 0;
  #drawn = false;
  #finished = false;
  #now: () => number;

  constructor(
    sink: ProgressSink,
    chunks: readonly ChunkInfo[],
    runs: number,
    now: () => number = () => performance.now(),
  ) {
    this.#sink = sink;
    this.#tty = sink.isTTY === true;
    this.#chunkTokens = chunks.map((c) => c.tokens);
    this.#runs = runs;
    this.#totalTokens = this.#chunkTokens.reduce((a, b) => a + b, 0) * runs;
    this.#now = now;
    this.#t0 = now();
  }

  get totalChunks(): number {
    return this.#chunkTokens.length * this.#runs;
  }

  /** Folds a numbered run event into the run's view and redraws when the counts changed. */
  onEvent(payload: Events['run:event']): void {
    const { event } = payload;
    const before = this.#views.get(event.runId) ?? emptyRunView(event.runId, 0);
    this.#views.set(event.runId, applyRunEvent(before, payload, this.#now()));
    if (event.type !== 'started' && event.type !== 'chunk-done') return;
    // A resumed run counts the chunks it skipped as read.
    let chunks = 0;
    let tokens = 0;
    for (const view of this.#views.values()) {
      for (const k of chunksBehind(view)) {
        chunks += 1;
        tokens += this.#chunkTokens[k] ?? 0;
      }
    }
    this.#doneChunks = chunks;
    this.#doneTokens = tokens;
    this.draw(false);
  }

  /** The progress line's text (no control characters). */
  line(): string {
    const elapsed = this.#now() - this.#t0;
    const perSec = elapsed > 0 ? (this.#doneTokens / elapsed) * 1000 : 0;
    const left = this.#totalTokens - this.#doneTokens;
    const eta = perSec > 0 ? (left / perSec) * 1000 : Number.NaN;
    const total = this.totalChunks;
    const share = total === 0 ? 1 : this.#doneChunks / total;
    const width = 20;
    const filled = Math.round(share * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
    const label =
      this.#runs > 1
        ? `chunks ${this.#doneChunks}/${total} (${this.#runs} questions)`
        : `chunk ${this.#doneChunks}/${total}`;
    // Every chunk read: the final answer call is the one thing left.
    const tail =
      total > 0 && this.#doneChunks === total && !this.#finished
        ? ' · answering'
        : ` · ETA ${this.#doneChunks === 0 ? '--:--' : clock(eta)}`;
    return `${bar} ${label} · ${rate(perSec)} tok/s · ${clock(elapsed)} elapsed${tail}`;
  }

  /** Redraws now (`force`) or when due. */
  draw(force: boolean): void {
    const now = this.#now();
    if (this.#tty) {
      if (!force && now - this.#lastDraw < 100 && this.#doneChunks < this.totalChunks) return;
      this.#lastDraw = now;
      const columns = this.#sink.columns || 100; // 0 when the terminal size is unknown
      this.#sink.write(`\r\x1b[2K${this.line().slice(0, Math.max(20, columns - 1))}`);
      this.#drawn = true;
      return;
    }
    const total = this.totalChunks;
    const decile = total === 0 ? 10 : Math.floor((this.#doneChunks * 10) / total);
    if (force || decile > this.#lastPlainDecile || now - this.#lastPlainAt > 30_000) {
      this.#lastPlainDecile = decile;
      this.#lastPlainAt = now;
      this.#sink.write(`${this.line()}\n`);
    }
  }

  /**
   * Writes a message on its own line without breaking the live line. Notes quote model and
   * server text: its control characters are shown, only the view's own redraw is obeyed.
   */
  note(text: string): void {
    const shown = visibleText(text);
    if (this.#tty && this.#drawn) {
      this.#sink.write(`\r\x1b[2K${shown}\n`);
      this.draw(true);
    } else {
      this.#sink.write(`${shown}\n`);
    }
  }

  /** Ends the live line (leaves the last state visible). */
  finish(): void {
    this.#finished = true;
    if (this.#tty) {
      this.draw(true);
      this.#sink.write('\n');
    } else if (this.#lastPlainDecile < 10) {
      this.draw(true);
    }
  }
}
