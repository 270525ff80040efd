import { isMemAgentModel } from '../../../shared/backends.ts';
import { isTerminal, type RunEvent, type RunSnapshot } from '../../../shared/model.ts';
import type { ScheduledRunInput } from '../agent/scheduler.ts';
import { RunScheduler } from '../agent/scheduler.ts';
import { CoreError, toAppError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import type { Emit } from './service-deps.ts';

/** What a prepared run needs besides its id, events and persistence. */
export type PreparedRun = Omit<ScheduledRunInput, 'runId' | 'onEvent' | 'onChunkDone' | 'signal'>;

interface LiveRun {
  owner: string;
  controller: AbortController;
  /** The memory streamed so far for the chunk being read. */
  partial: { chunk: number; text: string } | undefined;
  pauseRequested: boolean;
  scheduled: boolean;
  /** The last chunk whose memory `onChunkDone` committed (its `chunk-done` event needs no second write). */
  savedChunk: number;
  terminal: boolean;
  done: Promise<void>;
}

/**
 * Main's registry of runs. Every run event is folded into the database first (memory states
 * before the next request, warnings, the answer, the status), then numbered (`seq`, per run)
 * and sent only to the window that started or continued the run. `snapshot()` reads the same
 * database plus the streamed partial memory and the last `seq`, so a late subscriber that
 * applies only events with a higher `seq` loses nothing and sees nothing twice.
 */
export class RunRegistry {
  #store: Store;
  #emit: Emit;
  #scheduler: RunScheduler;
  #now: () => number;
  #live = new Map<string, LiveRun>();
  #seq = new Map<string, number>();
  #disposed = false;

  constructor(options: { store: Store; emit: Emit; concurrency?: number; now: () => number }) {
    this.#store = options.store;
    this.#emit = options.emit;
    this.#now = options.now;
    this.#scheduler = new RunScheduler(
      options.concurrency === undefined ? {} : { concurrency: options.concurrency },
    );
  }

  isLive(runId: string): boolean {
    return this.#live.has(runId);
  }

  /**
   * Starts (or continues) run `runId`, already stored as `queued`. `prepare` resolves the
   * backend, text and chunking; its failure ends the run with one `error` event.
   */
  launch(
    runId: string,
    owner: string,
    prepare: (signal: AbortSignal) => Promise<PreparedRun>,
  ): void {
    if (this.#disposed) throw new CoreError('Cancelled', 'The app is shutting down.');
    if (this.#live.has(runId)) throw new CoreError('BadUsage', 'This run is already going.');
    const live: LiveRun = {
      owner,
      controller: new AbortController(),
      partial: undefined,
      pauseRequested: false,
      scheduled: false,
      savedChunk: -1,
      terminal: false,
      done: Promise.resolve(),
    };
    this.#live.set(runId, live);
    live.done = this.#drive(runId, live, prepare).finally(() => {
      if (this.#live.get(runId) === live) this.#live.delete(runId);
    });
  }

  async #drive(
    runId: string,
    live: LiveRun,
    prepare: (signal: AbortSignal) => Promise<PreparedRun>,
  ): Promise<void> {
    const signal = live.controller.signal;
    let prepared: PreparedRun;
    try {
      prepared = await prepare(signal);
      if (signal.aborted) throw signal.reason;
    } catch (error) {
      const atChunk = this.#store.runs.memories(runId).length;
      const appError = toAppError(error);
      this.#fold(
        runId,
        live,
        signal.aborted || appError.kind === 'Cancelled'
          ? { type: 'cancelled', runId, atChunk }
          : { type: 'error', runId, error: appError, atChunk },
      );
      return;
    }
    const onEvent = (event: RunEvent) => this.#fold(runId, live, event);
    live.scheduled = true;
    const running = this.#scheduler.start({
      ...prepared,
      runId,
      signal,
      onEvent,
      // Awaited by the run loop before its next request: the checkpoint of ARCHITECTURE.md.
      onChunkDone: async (state) => {
        if (this.#disposed) return;
        this.#store.runs.saveMemory(runId, state);
        live.savedChunk = state.chunk;
      },
    });
    if (live.pauseRequested) this.#scheduler.pause(runId);
    await running;
  }

  /** Applies one event: database first, then the numbered event to the owner. */
  #fold(runId: string, live: LiveRun, event: RunEvent): void {
    // After dispose the process is going away: leave the database as a crash would, so the
    // run is found `interrupted` next time and continues from its last saved memory.
    if (this.#disposed || live.terminal) return;
    const runs = this.#store.runs;
    switch (event.type) {
      case 'started':
        runs.setStatus(runId, live.pauseRequested ? 'paused' : 'running');
        runs.setModel(runId, event.model);
        if (runs.chunks(runId).length !== event.chunkCount) runs.setChunks(runId, event.chunks);
        break;
      case 'chunk-started':
        live.partial = { chunk: event.chunk, text: '' };
        break;
      case 'memory-delta':
        if (live.partial?.chunk === event.chunk) live.partial.text += event.delta;
        break;
      case 'chunk-done':
        if (live.savedChunk !== event.state.chunk) runs.saveMemory(runId, event.state);
        live.partial = undefined;
        break;
      case 'warning': {
        const warning =
          event.chunk === undefined
            ? { code: event.code, message: event.message }
            : { chunk: event.chunk, code: event.code, message: event.message };
        runs.addWarning(runId, warning);
        break;
      }
      case 'paused':
        runs.setStatus(runId, 'paused');
        break;
      case 'resumed':
        runs.setStatus(runId, 'running');
        break;
      case 'answer':
        runs.saveAnswer(runId, {
          answer: event.answer,
          response: event.response,
          usage: event.usage,
          ms: event.ms,
        });
        break;
      case 'finished':
        runs.setStatus(runId, 'done', { finishedAt: this.#now(), error: null });
        break;
      case 'error':
        runs.setStatus(runId, 'error', { finishedAt: this.#now(), error: event.error });
        break;
      case 'cancelled':
        runs.setStatus(runId, 'cancelled', { finishedAt: this.#now(), error: null });
        break;
    }
    if (isTerminal(event)) {
      live.terminal = true;
      live.partial = undefined;
    }
    this.#send(runId, live, event);
    if (event.type === 'started' && !isMemAgentModel(event.model)) {
      const message = `${event.model} is not an RL-MemoryAgent model: the workflow runs, but expect lower accuracy than the trained MemAgent models.`;
      runs.addWarning(runId, { code: 'generic-model', message });
      this.#send(runId, live, { type: 'warning', runId, code: 'generic-model', message });
    }
  }

  #send(runId: string, live: LiveRun, event: RunEvent): void {
    const seq = (this.#seq.get(runId) ?? 0) + 1;
    this.#seq.set(runId, seq);
    this.#emit(live.owner, 'run:event', { seq, event });
  }

  /** A warning that does not come from the run loop (e.g. a retried request). */
  warn(runId: string, event: Extract<RunEvent, { type: 'warning' }>): void {
    const live = this.#live.get(runId);
    if (live) this.#fold(runId, live, event);
  }

  pause(runId: string): void {
    const live = this.#requireLive(runId);
    live.pauseRequested = true;
    if (live.scheduled) this.#scheduler.pause(runId);
  }

  resume(runId: string): void {
    const live = this.#requireLive(runId);
    live.pauseRequested = false;
    if (live.scheduled) this.#scheduler.resume(runId);
  }

  cancel(runId: string): void {
    const live = this.#requireLive(runId);
    // One abort reaches the preparation, the scheduler (which listens to this signal) and
    // every HTTP request of the run.
    live.controller.abort();
  }

  /** Cancels a document's live runs and waits until they have ended. */
  async cancelWhere(match: (runId: string) => boolean): Promise<void> {
    const ended: Promise<void>[] = [];
    for (const [runId, live] of this.#live) {
      if (!match(runId)) continue;
      live.controller.abort();
      ended.push(live.done);
    }
    await Promise.all(ended);
  }

  /** Everything known about a run now; events with `seq` above `snapshot.seq` come after it. */
  snapshot(runId: string): RunSnapshot {
    const runs = this.#store.runs;
    const summary = runs.get(runId);
    if (!summary) throw new CoreError('NotFound', 'This run does not exist.');
    const snapshot: RunSnapshot = {
      summary,
      chunks: runs.chunks(runId),
      memories: runs.memories(runId),
      warnings: runs.warnings(runId),
      seq: this.#seq.get(runId) ?? 0,
    };
    const answer = runs.answer(runId);
    if (answer) snapshot.response = answer.response;
    const partial = this.#live.get(runId)?.partial;
    if (partial) snapshot.partialMemory = partial.text;
    return snapshot;
  }

  /** Stops every run without recording an ending, as a crash would, and waits for them. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    const ended = [...this.#live.values()].map((live) => {
      live.controller.abort();
      return live.done;
    });
    await Promise.all(ended);
  }

  #requireLive(runId: string): LiveRun {
    const live = this.#live.get(runId);
    if (!live) {
      const summary = this.#store.runs.get(runId);
      if (!summary) throw new CoreError('NotFound', 'This run does not exist.');
      throw new CoreError('BadUsage', `This run is not going (it is ${summary.status}).`);
    }
    return live;
  }
}
