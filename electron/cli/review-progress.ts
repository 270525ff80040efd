// The progress line of `memagent review` on stderr: cells done of the whole review, cells
// reading now, time left (the whole-job clock over the cells' run clocks,
// electron/core/agent/chunk-time.ts) and, for a priced backend, the cost so far. Drawn by the
// one LiveLine; fed by the runs' events and the driver's run ends.
import type { Events } from '../../shared/api.ts';
import { formatMoney } from '../../shared/estimate-cost.ts';
import type { Usage } from '../../shared/model.ts';
import type { RunOutcome } from '../core/agent/run-outcome.ts';
import { estimateCost, type Prices } from '../core/llm/cost.ts';
import { jobTimeLeft, type JobRunClock } from '../core/agent/chunk-time.ts';
import { timeLeftUnknownWords, timeLeftNow, type TimeLeft } from '../../shared/run-clock.ts';
import { bar, clock, LiveLine, type ProgressSink } from './live-line.ts';

export interface ReviewProgressStart {
  /** Cells in the review. */
  cells: number;
  /** Cells answered before this command (kept, not read again). */
  doneBefore: number;
  /** Chunk requests left to make over every cell this command reads. */
  chunksLeft: number;
  /** The backend's prices, when it has them: the line shows the cost so far. */
  prices?: Prices | undefined;
}

export class ReviewProgress {
  #line: LiveLine;
  #start: ReviewProgressStart;
  #now: () => number;
  #t0: number;
  #done: number;
  #chunksRead = 0;
  #reading = new Set<string>();
  #usage = new Map<string, Usage>();
  /** Cells reading: chunks each has left, and its clock's last figure and when it came. */
  #clocks = new Map<string, { chunksLeft: number; left?: TimeLeft; at: number }>();

  constructor(sink: ProgressSink, start: ReviewProgressStart, now: () => number = Date.now) {
    this.#start = start;
    this.#now = now;
    this.#t0 = now();
    this.#done = start.doneBefore;
    this.#line = new LiveLine(
      sink,
      {
        text: () => this.line(),
        position: () => ({ done: this.#done, total: this.#start.cells }),
      },
      now,
    );
  }

  /** A run event: a cell starts reading, a chunk was read, usage was counted. */
  onEvent({ event }: Events['run:event']): void {
    if (event.type === 'started') {
      this.#reading.add(event.runId);
      this.#clocks.set(event.runId, {
        chunksLeft: event.chunkCount - event.startChunk,
        at: this.#now(),
      });
    }
    if (event.type === 'chunk-done') {
      this.#chunksRead += 1;
      this.#add(event.runId, event.state.usage);
      const clock = this.#clocks.get(event.runId);
      if (clock) clock.chunksLeft = Math.max(0, clock.chunksLeft - 1);
    }
    if (event.type === 'time-left') {
      const clock = this.#clocks.get(event.runId);
      if (clock) Object.assign(clock, { left: event.left, at: this.#now() });
    }
    if (event.type === 'finished') this.#add(event.runId, event.usage);
    this.#line.draw(false);
  }

  /** A cell's run ended (answered, failed, stopped). */
  cellEnded(runId: string, outcome: RunOutcome): void {
    this.#reading.delete(runId);
    this.#clocks.delete(runId);
    if (outcome.status === 'done') this.#done += 1;
    this.#line.draw(false);
  }

  /** Cells answered, this time and before. */
  get done(): number {
    return this.#done;
  }

  /** The cost of what this command read, when the backend has prices. */
  cost(): number | undefined {
    if (this.#start.prices === undefined) return undefined;
    let total = 0;
    for (const usage of this.#usage.values()) total += estimateCost(usage, this.#start.prices) ?? 0;
    return total;
  }

  /** The whole review's time left: the cells reading by their clocks, the rest as they go. */
  #left(): string {
    const now = this.#now();
    const runs: JobRunClock[] = [];
    let reading = 0;
    for (const clock of this.#clocks.values()) {
      reading += clock.chunksLeft;
      const { left } = clock;
      runs.push({
        chunksLeft: clock.chunksLeft,
        left: left?.known ? { ...left, ms: timeLeftNow(left, clock.at, now) ?? left.ms } : left,
      });
    }
    const notStarted = this.#start.chunksLeft - this.#chunksRead - reading;
    if (notStarted > 0) runs.push({ left: undefined, chunksLeft: notStarted });
    const left = jobTimeLeft(runs, Math.max(1, this.#reading.size));
    return left.known ? `${clock(left.ms)} left` : `time left ${timeLeftUnknownWords(left.reason)}`;
  }

  line(): string {
    const { cells } = this.#start;
    const elapsed = this.#now() - this.#t0;
    const cost = this.cost();
    return [
      `${bar(this.#done, cells)} cells ${this.#done}/${cells}`,
      `${this.#reading.size} reading`,
      `${clock(elapsed)} elapsed`,
      this.#left(),
      ...(cost === undefined ? [] : [`${formatMoney(cost)} so far`]),
    ].join(' · ');
  }

  draw(force: boolean): void {
    this.#line.draw(force);
  }

  note(text: string): void {
    this.#line.note(text);
  }

  finish(): void {
    this.#line.finish();
  }

  #add(runId: string, usage: Usage | undefined): void {
    if (usage === undefined) return;
    const before = this.#usage.get(runId);
    this.#usage.set(
      runId,
      before === undefined
        ? { ...usage }
        : {
            promptTokens: before.promptTokens + usage.promptTokens,
            completionTokens: before.completionTokens + usage.completionTokens,
          },
    );
  }
}
