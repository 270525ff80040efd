import type { Events } from '../../shared/api.ts';
import type { ChunkInfo } from '../../shared/model.ts';
import { applyRunEvent, chunksBehind, emptyRunView, type RunView } from '../../shared/run-view.ts';
import { bar, clock, LiveLine, type ProgressSink } from './live-line.ts';

function rate(tokensPerSec: number): string {
  if (tokensPerSec >= 10_000) return `${(tokensPerSec / 1000).toFixed(0)}k`;
  if (tokensPerSec >= 1000) return `${(tokensPerSec / 1000).toFixed(1)}k`;
  return tokensPerSec.toFixed(0);
}

/**
 * The live progress line on stderr for one or several runs, over the same chunks or (a job over
 * several documents) each run over its own once it is known (`setChunks`): chunks read
 * out of the total, document tokens read per second, elapsed time and ETA. On a terminal it
 * redraws one line with \r; otherwise it prints a plain line every 10% or 30 s.
 */
export class ProgressView {
  #line: LiveLine;
  #chunkTokens: number[];
  /** Runs whose chunking is their own (a job over several documents). */
  #ownTokens = new Map<string, number[]>();
  #runs: number;
  /** Each run's events folded the way the app folds them. */
  #views = new Map<string, RunView>();
  #doneChunks = 0;
  #doneTokens = 0;
  #t0 = performance.now();
  #finished = false;
  #now: () => number;

  constructor(
    sink: ProgressSink,
    chunks: readonly ChunkInfo[],
    runs: number,
    now: () => number = () => performance.now(),
  ) {
    this.#line = new LiveLine(
      sink,
      {
        text: () => this.line(),
        position: () => ({ done: this.#doneChunks, total: this.totalChunks }),
      },
      now,
    );
    this.#chunkTokens = chunks.map((c) => c.tokens);
    this.#runs = runs;
    this.#now = now;
    this.#t0 = now();
  }

  get totalChunks(): number {
    let own = 0;
    for (const tokens of this.#ownTokens.values()) own += tokens.length;
    return this.#chunkTokens.length * (this.#runs - this.#ownTokens.size) + own;
  }

  get #totalTokens(): number {
    const sum = (tokens: readonly number[]) => tokens.reduce((a, b) => a + b, 0);
    let own = 0;
    for (const tokens of this.#ownTokens.values()) own += sum(tokens);
    return sum(this.#chunkTokens) * (this.#runs - this.#ownTokens.size) + own;
  }

  /** Run `runId` reads these chunks, not the shared ones (known once it is prepared). */
  setChunks(runId: string, chunks: readonly ChunkInfo[]): void {
    this.#ownTokens.set(
      runId,
      chunks.map((c) => c.tokens),
    );
    this.draw(false);
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
      const of = this.#ownTokens.get(view.id) ?? this.#chunkTokens;
      for (const k of chunksBehind(view)) {
        chunks += 1;
        tokens += of[k] ?? 0;
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
    const label =
      this.#runs > 1
        ? `chunks ${this.#doneChunks}/${total} (${this.#runs} questions)`
        : `chunk ${this.#doneChunks}/${total}`;
    // Every chunk read: the final answer call is the one thing left.
    const tail =
      total > 0 && this.#doneChunks === total && !this.#finished
        ? ' · answering'
        : ` · ETA ${this.#doneChunks === 0 ? '--:--' : clock(eta)}`;
    return `${bar(this.#doneChunks, total)} ${label} · ${rate(perSec)} tok/s · ${clock(elapsed)} elapsed${tail}`;
  }

  /** Redraws now (`force`) or when due. */
  draw(force: boolean): void {
    this.#line.draw(force);
  }

  /** Writes a message (model and server text: shown, not obeyed) on its own line. */
  note(text: string): void {
    this.#line.note(text);
  }

  /** Ends the live line (leaves the last state visible). */
  finish(): void {
    this.#finished = true;
    this.#line.finish();
  }
}
