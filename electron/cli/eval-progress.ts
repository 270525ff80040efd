// The progress line of `memagent eval` on stderr: rows done of the total, accuracy so far,
// context tokens read per second, elapsed time and ETA (redrawn on a terminal, a plain line
// every 10% or 30 s otherwise).
import type { RowResult } from '../core/eval/results-file.ts';
import { bar, clock, LiveLine, type ProgressSink } from './live-line.ts';

export class EvalProgress {
  #line: LiveLine;
  #now: () => number;
  #t0: number;
  #total: number;
  /** Rows found done in --out, counted as done from the start. */
  #done = 0;
  /** Rows read in this session, and their context tokens (the rate and ETA are of these). */
  #read = 0;
  #tokens = 0;
  #subEm = 0;
  #scoredRows = 0;
  #failed = 0;
  #running = 0;

  constructor(sink: ProgressSink, total: number, now: () => number = () => performance.now()) {
    this.#line = new LiveLine(
      sink,
      { text: () => this.line(), position: () => ({ done: this.#done, total: this.#total }) },
      now,
    );
    this.#now = now;
    this.#t0 = now();
    this.#total = total;
  }

  /** A row done in an earlier session (in --out). */
  earlier(result: RowResult): void {
    this.#done += 1;
    this.#count(result);
  }

  started(): void {
    this.#running += 1;
    this.draw();
  }

  finished(result: RowResult): void {
    this.#running -= 1;
    this.#done += 1;
    this.#read += 1;
    this.#tokens += result.length;
    this.#count(result);
    this.draw();
  }

  #count(result: RowResult): void {
    this.#scoredRows += 1;
    if (result.error !== null) this.#failed += 1;
    else this.#subEm += result.sub_em;
  }

  line(): string {
    const elapsed = this.#now() - this.#t0;
    const left = this.#total - this.#done;
    const eta = this.#read === 0 ? Number.NaN : (elapsed / this.#read) * left;
    const accuracy =
      this.#scoredRows === 0
        ? 'sub-EM --'
        : `sub-EM ${((100 * this.#subEm) / this.#scoredRows).toFixed(1)}%`;
    const rate = elapsed > 0 ? Math.round((this.#tokens * 1000) / elapsed) : 0;
    const parts = [
      `eval ${bar(this.#done, this.#total)} ${this.#done}/${this.#total} rows`,
      accuracy,
      `${rate.toLocaleString('en-US')} tok/s`,
      `${clock(elapsed)} elapsed`,
      `ETA ${clock(eta)}`,
    ];
    if (this.#running > 0) parts.push(`${this.#running} reading`);
    if (this.#failed > 0) parts.push(`${this.#failed} failed`);
    return parts.join(' · ');
  }

  draw(force = false): void {
    this.#line.draw(force);
  }

  note(text: string): void {
    this.#line.note(text);
  }

  finish(): void {
    this.#line.finish();
  }
}
