import type { RunEvent } from '../../../shared/model.ts';
import { CoreError, toAppError } from '../errors.ts';
import { createPauseGate, type ControllablePauseGate } from './pause-gate.ts';
import { runMemAgent, type RunInput, type RunOutcome } from './run.ts';

/** What a scheduled run needs: a run input without the scheduler's own signal and gate. */
export type ScheduledRunInput = Omit<RunInput, 'gate'>;

export interface RunSchedulerOptions {
  /** Runs executing at once; each run is itself sequential. Default 4. */
  concurrency?: number;
  /** Injected for tests; defaults to `runMemAgent`. */
  run?: (input: RunInput) => Promise<RunOutcome>;
}

interface Entry {
  input: ScheduledRunInput;
  controller: AbortController;
  gate: ControllablePauseGate;
  state: 'queued' | 'running';
  resolve: (outcome: RunOutcome) => void;
  promise: Promise<RunOutcome>;
  unlink: () => void;
}

/**
 * Runs several questions at once (a vLLM server batches them), at most `concurrency` at a time
 * in start order; the rest wait in a queue. Pause takes effect at the next chunk boundary.
 * Every started run ends with exactly one terminal event, also when cancelled while queued.
 */
export class RunScheduler {
  readonly concurrency: number;
  #run: (input: RunInput) => Promise<RunOutcome>;
  #entries = new Map<string, Entry>();
  #queue: Entry[] = [];
  #running = 0;

  constructor(options: RunSchedulerOptions = {}) {
    const concurrency = options.concurrency ?? 4;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new CoreError(
        'BadUsage',
        `Concurrency must be a whole number of at least 1, not ${concurrency}.`,
      );
    }
    this.concurrency = concurrency;
    this.#run = options.run ?? runMemAgent;
  }

  /**
   * Queues a run and resolves with its outcome once it has ended. Throws `BadUsage` when a run
   * with the same id is queued or running.
   */
  start(input: ScheduledRunInput): Promise<RunOutcome> {
    if (this.#entries.has(input.runId)) {
      throw new CoreError('BadUsage', 'This run is already queued or running.', {
        detail: input.runId,
      });
    }
    const controller = new AbortController();
    const outer = input.signal;
    const onOuterAbort = () => this.cancel(input.runId);
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    let resolve!: (outcome: RunOutcome) => void;
    const promise = new Promise<RunOutcome>((r) => (resolve = r));
    const entry: Entry = {
      input,
      controller,
      gate: createPauseGate(),
      state: 'queued',
      resolve,
      promise,
      unlink: () => outer?.removeEventListener('abort', onOuterAbort),
    };
    this.#entries.set(input.runId, entry);
    this.#queue.push(entry);
    if (outer?.aborted) this.cancel(input.runId);
    else this.#pump();
    return promise;
  }

  /** Pauses a run at its next chunk boundary (a queued run pauses as soon as it starts). */
  pause(runId: string): boolean {
    const entry = this.#entries.get(runId);
    if (!entry) return false;
    entry.gate.pause();
    return true;
  }

  resume(runId: string): boolean {
    const entry = this.#entries.get(runId);
    if (!entry) return false;
    entry.gate.resume();
    return true;
  }

  /** Cancels a queued or running run; its `cancelled` event follows promptly. */
  cancel(runId: string): boolean {
    const entry = this.#entries.get(runId);
    if (!entry) return false;
    if (entry.state === 'queued') {
      this.#queue = this.#queue.filter((e) => e !== entry);
      const atChunk = entry.input.startChunk ?? 0;
      this.#finish(entry, {
        runId,
        status: 'cancelled',
        model: null,
        answer: null,
        response: null,
        memories: [],
        memory: entry.input.startMemory ?? '',
        usage: { promptTokens: 0, completionTokens: 0 },
        elapsedMs: 0,
        warnings: [],
        atChunk,
      });
      entry.input.onEvent({ type: 'cancelled', runId, atChunk } satisfies RunEvent);
      return true;
    }
    entry.controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const runId of [...this.#entries.keys()]) this.cancel(runId);
  }

  has(runId: string): boolean {
    return this.#entries.has(runId);
  }

  get runningCount(): number {
    return this.#running;
  }

  get queuedCount(): number {
    return this.#queue.length;
  }

  #finish(entry: Entry, outcome: RunOutcome): void {
    this.#entries.delete(entry.input.runId);
    entry.unlink();
    entry.resolve(outcome);
  }

  #pump(): void {
    while (this.#running < this.concurrency && this.#queue.length > 0) {
      const entry = this.#queue.shift() as Entry;
      entry.state = 'running';
      this.#running += 1;
      void this.#execute(entry);
    }
  }

  async #execute(entry: Entry): Promise<void> {
    let outcome: RunOutcome;
    try {
      outcome = await this.#run({
        ...entry.input,
        signal: entry.controller.signal,
        gate: entry.gate,
      });
    } catch (error) {
      // Only a throwing event listener gets here (runs report failures as outcomes); the run
      // has ended either way, so free its slot and report the failure as its outcome.
      outcome = {
        runId: entry.input.runId,
        status: 'error',
        model: null,
        answer: null,
        response: null,
        memories: [],
        memory: '',
        usage: { promptTokens: 0, completionTokens: 0 },
        elapsedMs: 0,
        warnings: [],
        error: toAppError(error),
      };
    }
    this.#running -= 1;
    this.#finish(entry, outcome);
    this.#pump();
  }
}
