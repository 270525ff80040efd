import type { Events } from '../../shared/api.ts';
import type { ChunkInfo } from '../../shared/model.ts';
import { applyRunEvent, chunksBehind, emptyRunView, type RunView } from '../../shared/run-view.ts';
import { timeLeftUnknownWords, timeLeftNow } from '../../shared/run-clock.ts';
import { jobTimeLeft, type JobRunClock } from '../core/agent/chunk-time.ts';
import { bar, clock, LiveLine, type ProgressSink } from './live-line.ts';

function rate(tokensPerSec: number): string {
  if (tokensPerSec >= 10_000) return `${(tokensPerSec / 1000).toFixed(0)}k`;
  if (tokensPerSec >= 1000) return `${(tokensPerSec / 1000).toFixed(1)}k`;
  return tokensPerSec.toFixed(0);
}

/**
 * The live progress line on stderr for one or several runs, over the same chunks or (a job over
 * several documents) each run over its own once it is known (`setChunks`): chunks read
 * out of the total, document tokens read per second (of the chunks read in this session: a
 * resumed run's skipped chunks are not read again), elapsed time and the time left as the runs'
 * clocks work it out (electron/core/agent/chunk-time.ts, sent as `time-left` events). On a
 * terminal it redraws one line with \r; otherwise it prints a plain line every 10% or 30 s.
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
  /** Document tokens of the chunks read in this session (the rate's). */
  #readTokens = 0;
  /** Runs reading at once (the job's concurrency). */
  #parallel: number;
  #t0 = performance.now();
  #finished = false;
  #now: () => number;

  constructor(
    sink: ProgressSink,
    chunks: readonly ChunkInfo[],
    runs: number,
    now: () => number = () => performance.now(),
    parallel = runs,
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
    this.#parallel = parallel;
    this.#now = now;
    this.#t0 = now();
  }

  get totalChunks(): number {
    let own = 0;
    for (const tokens of this.#ownTokens.values()) own += tokens.length;
    return this.#chunkTokens.length * (this.#runs - this.#ownTokens.size) + own;
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
    if (event.type !== 'started' && event.type !== 'chunk-done' && event.type !== 'time-left')
      return;
    // A resumed run counts the chunks it skipped as done, but not as read (the rate).
    let chunks = 0;
    let tokens = 0;
    for (const view of this.#views.values()) {
      const of = this.#ownTokens.get(view.id) ?? this.#chunkTokens;
      chunks += chunksBehind(view).length;
      // The views are folded from this session's events only: their memories were read now.
      for (const m of view.memories) if (m) tokens += of[m.chunk] ?? 0;
    }
    this.#doneChunks = chunks;
    this.#readTokens = tokens;
    this.draw(false);
  }

  /** The whole job's time left from its runs' clocks; runs not started count as the known do. */
  #eta(): string {
    const now = this.#now();
    const runs: JobRunClock[] = [];
    for (const view of this.#views.values()) {
      const total = view.chunkCount || (this.#ownTokens.get(view.id) ?? this.#chunkTokens).length;
      const left = view.timeLeft?.left;
      runs.push({
        // Counted down since it came, as the app does.
        left:
          left?.known === true && view.timeLeft !== undefined
            ? { ...left, ms: timeLeftNow(left, view.timeLeft.at, now) ?? left.ms }
            : left,
        chunksLeft: view.endedAt === undefined ? total - chunksBehind(view).length : 0,
      });
    }
    for (let i = this.#views.size; i < this.#runs; i += 1)
      runs.push({ left: undefined, chunksLeft: this.#chunkTokens.length });
    const left = jobTimeLeft(runs, this.#parallel);
    return left.known ? clock(left.ms) : timeLeftUnknownWords(left.reason);
  }

  /** The progress line's text (no control characters). */
  line(): string {
    const elapsed = this.#now() - this.#t0;
    const perSec = elapsed > 0 ? (this.#readTokens / elapsed) * 1000 : 0;
    const total = this.totalChunks;
    const label =
      this.#runs > 1
        ? `chunks ${this.#doneChunks}/${total} (${this.#runs} questions)`
        : `chunk ${this.#doneChunks}/${total}`;
    // Every chunk read: the final answer call is the one thing left.
    const tail =
      total > 0 && this.#doneChunks === total && !this.#finished
        ? ' · answering'
        : ` · ETA ${this.#eta()}`;
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
