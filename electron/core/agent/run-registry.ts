import type { Events } from '../../../shared/api.ts';
import { genericModelWarning } from '../../../shared/backends.ts';
import type { RunEvent, RunSnapshot } from '../../../shared/model.ts';
import { applyRunEvent, emptyRunView, type RunView } from '../../../shared/run-view.ts';
import { throwIfAborted } from '../abort.ts';
import { CoreError, toAppError } from '../errors.ts';
import { ConcurrencyLimiter } from './concurrency-limiter.ts';
import { createPauseGate, type ControllablePauseGate } from './pause-gate.ts';
import { outcomeBeforeStart, terminalEvent, type RunOutcome } from './run-outcome.ts';
import { runMemAgent, type RunInput } from './run.ts';

/** What a run needs besides what the registry gives it (id, signal, pause gate, sink). */
export type PreparedRun = Omit<RunInput, 'runId' | 'signal' | 'gate' | 'report'>;

/** What is stored about a run: a snapshot without the live parts the registry adds. */
export type StoredRun = Omit<RunSnapshot, 'seq' | 'partialMemory' | 'pauseRequested'>;

/**
 * Where a registry persists its runs. `record` is synchronous: when it returns, the event is
 * committed (a `chunk-done` is the checkpoint the run waits for before its next request).
 */
export interface RunJournal {
  record(runId: string, event: RunEvent): void;
  /** What is stored about a run; undefined when the run is unknown. */
  stored(runId: string): StoredRun | undefined;
}

/** A journal that keeps nothing: runs live only as long as the process. */
export const NO_JOURNAL: RunJournal = { record: () => undefined, stored: () => undefined };

export interface LaunchOptions {
  /** Who receives the run's events (a window's sender id, or any name the emitter knows). */
  owner: string;
  /** Runs waiting for a slot go higher priority first, then in launch order (default 0). */
  priority?: number;
  /**
   * Resolves the backend, text and chunking before the run waits for a slot; aborted when the
   * run is cancelled. A failure ends the run with an `error` event.
   */
  prepare(signal: AbortSignal): Promise<PreparedRun> | PreparedRun;
}

export interface RunRegistryOptions {
  /** Sends one numbered event of a run to its owner. A throwing emitter never ends a run. */
  emit: (owner: string, payload: Events['run:event']) => void;
  journal?: RunJournal;
  /** Runs reading at once (each run is sequential). Default 4. */
  concurrency?: number;
  now?: () => number;
  /** The run loop; tests may wrap `runMemAgent`. */
  run?: (input: RunInput) => Promise<RunOutcome>;
}

interface LiveRun {
  owner: string;
  /** The one abort of the run: preparation, the wait for a slot, every request and the pause gate. */
  controller: AbortController;
  gate: ControllablePauseGate;
  /** Every event sent so far, folded: the streamed partial memory and a pending pause. */
  view: RunView;
  ended: boolean;
  done: Promise<RunOutcome>;
}

/**
 * The owner of every live run. A run is launched here, waits for a slot of the concurrency
 * limiter, runs the MemAgent loop, and ends with exactly one terminal event, sent from one
 * place (`#end`) whether the run finished, failed, was cancelled while queued or could not be
 * prepared. Every event is recorded in the journal first (memory states before the next
 * request), then numbered (`seq`, per run) and sent to the run's owner only. `snapshot()` reads
 * the journal plus the live view, so a late subscriber that applies only events with a higher
 * `seq` loses nothing and sees nothing twice.
 */
export class RunRegistry {
  #emit: RunRegistryOptions['emit'];
  #journal: RunJournal;
  #limiter: ConcurrencyLimiter;
  #now: () => number;
  #run: (input: RunInput) => Promise<RunOutcome>;
  #live = new Map<string, LiveRun>();
  /** The last `seq` of each run seen by this process: a continued run keeps counting. */
  #lastSeq = new Map<string, number>();
  #disposed = false;
  /** Endings the library refused (busy, full): written again until it takes them. */
  #unrecorded = new Map<string, RunEvent>();
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(options: RunRegistryOptions) {
    this.#emit = options.emit;
    this.#journal = options.journal ?? NO_JOURNAL;
    this.#limiter = new ConcurrencyLimiter(options.concurrency);
    this.#now = options.now ?? Date.now;
    this.#run = options.run ?? runMemAgent;
  }

  get concurrency(): number {
    return this.#limiter.concurrency;
  }

  /** Runs reading now, and runs waiting for a slot. */
  get counts(): { running: number; queued: number } {
    return { running: this.#limiter.running, queued: this.#limiter.queued };
  }

  isLive(runId: string): boolean {
    return this.#live.has(runId);
  }

  /**
   * Starts (or continues) run `runId` and resolves with its outcome once its terminal event is
   * sent; never rejects. Throws `BadUsage` when the run is already live.
   */
  launch(runId: string, options: LaunchOptions): Promise<RunOutcome> {
    if (this.#disposed) throw new CoreError('Cancelled', 'The app is shutting down.');
    if (this.#live.has(runId)) throw new CoreError('BadUsage', 'This run is already going.');
    const view = emptyRunView(runId, this.#now());
    const live: LiveRun = {
      owner: options.owner,
      controller: new AbortController(),
      gate: createPauseGate(),
      view: { ...view, lastSeq: this.#lastSeq.get(runId) ?? 0 },
      ended: false,
      done: Promise.resolve(undefined as never),
    };
    this.#live.set(runId, live);
    live.done = this.#drive(runId, live, options).finally(() => {
      if (this.#live.get(runId) === live) this.#live.delete(runId);
    });
    return live.done;
  }

  async #drive(runId: string, live: LiveRun, options: LaunchOptions): Promise<RunOutcome> {
    const { signal } = live.controller;
    let outcome: RunOutcome;
    let release: (() => void) | undefined;
    try {
      const prepared = await options.prepare(signal);
      throwIfAborted(signal);
      release = await this.#limiter.acquire({ priority: options.priority ?? 0, signal });
      outcome = await this.#run({
        ...prepared,
        runId,
        signal,
        gate: live.gate,
        report: (event) => this.#deliver(runId, live, event),
      });
    } catch (error) {
      // Preparation failed, or the run was cancelled before its loop began.
      const appError = toAppError(error);
      const ending =
        signal.aborted || appError.kind === 'Cancelled'
          ? ({ status: 'cancelled' } as const)
          : ({ status: 'error', error: appError } as const);
      outcome = outcomeBeforeStart(runId, ending, this.#chunksStored(runId));
    } finally {
      release?.();
    }
    this.#end(runId, live, outcome);
    return outcome;
  }

  #chunksStored(runId: string): number {
    try {
      return this.#journal.stored(runId)?.memories.length ?? 0;
    } catch {
      return 0;
    }
  }

  /** The run's sink: journal first, then the numbered event to the owner. */
  #deliver(runId: string, live: LiveRun, event: RunEvent): void {
    // After dispose the process is going away: leave the journal as a crash would, so the run
    // is found interrupted next time and continues from its last saved memory.
    if (this.#disposed || live.ended) return;
    this.#journal.record(runId, event);
    this.#send(runId, live, event);
    if (event.type === 'started') {
      const message = genericModelWarning(event.model);
      if (message !== null) {
        this.#deliver(runId, live, { type: 'warning', runId, code: 'generic-model', message });
      }
    }
  }

  #send(runId: string, live: LiveRun, event: RunEvent): void {
    const seq = live.view.lastSeq + 1;
    this.#lastSeq.set(runId, seq);
    live.view = applyRunEvent(live.view, { seq, event }, this.#now());
    try {
      this.#emit(live.owner, { seq, event });
    } catch {
      // The owner is gone (a closed window): the run goes on, and the journal keeps everything.
    }
  }

  /** The one place a terminal event is sent. */
  #end(runId: string, live: LiveRun, outcome: RunOutcome): void {
    if (this.#disposed || live.ended) return;
    const event = terminalEvent(outcome);
    try {
      this.#journal.record(runId, event);
    } catch {
      // The ending could not be stored (the library busy, the disk full): still tell the owner
      // how the run ended, and store it once the library takes it, or the run would stay
      // "running" and could never be continued.
      this.#unrecorded.set(runId, event);
      this.#recordLater();
    }
    this.#send(runId, live, event);
    live.ended = true;
  }

  #recordLater(attempt = 1): void {
    if (this.#retry !== undefined || this.#disposed) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      for (const [runId, event] of this.#unrecorded) {
        try {
          this.#journal.record(runId, event);
          this.#unrecorded.delete(runId);
        } catch {
          // Still refused: the next attempt tries again.
        }
      }
      // About ten minutes of attempts; after that the run is found interrupted on the next start.
      if (this.#unrecorded.size > 0 && attempt < 300) this.#recordLater(attempt + 1);
    }, 2000);
    this.#retry.unref?.();
  }

  /** A warning that does not come from the run loop (e.g. a retried request). */
  warn(runId: string, event: Extract<RunEvent, { type: 'warning' }>): void {
    const live = this.#live.get(runId);
    if (live) this.#deliver(runId, live, event);
  }

  /** Pauses a run at its next chunk boundary (a queued run pauses as soon as it starts). */
  pause(runId: string): void {
    const live = this.#requireLive(runId);
    if (live.gate.paused) return;
    live.gate.pause();
    this.#deliver(runId, live, { type: 'pause-requested', runId, requested: true });
  }

  resume(runId: string): void {
    const live = this.#requireLive(runId);
    if (!live.gate.paused) return;
    live.gate.resume();
    // A run waiting at the gate reports `resumed` itself; a pause that had not taken effect
    // yet is withdrawn.
    if (live.view.status !== 'paused') {
      this.#deliver(runId, live, { type: 'pause-requested', runId, requested: false });
    }
  }

  /** Cancels a run wherever it is (preparing, queued, reading, paused); its `cancelled` event follows promptly. */
  cancel(runId: string): void {
    this.#requireLive(runId).controller.abort();
  }

  /** Cancels the live runs `match` selects and waits until they have ended. */
  async cancelWhere(match: (runId: string) => boolean): Promise<void> {
    const ended: Promise<RunOutcome>[] = [];
    for (const [runId, live] of this.#live) {
      if (!match(runId)) continue;
      live.controller.abort();
      ended.push(live.done);
    }
    await Promise.all(ended);
  }

  /** Everything known about a run now; events with `seq` above `snapshot.seq` come after it. */
  snapshot(runId: string): RunSnapshot {
    const stored = this.#journal.stored(runId);
    if (!stored) throw new CoreError('NotFound', 'This run does not exist.');
    const snapshot: RunSnapshot = { ...stored, seq: this.#lastSeq.get(runId) ?? 0 };
    const view = this.#live.get(runId)?.view;
    if (view && view.partial !== '') snapshot.partialMemory = view.partial;
    if (view?.pauseRequested) snapshot.pauseRequested = true;
    return snapshot;
  }

  /** Stops every run without recording an ending, as a crash would, and waits for them. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    clearTimeout(this.#retry);
    const ended = [...this.#live.values()].map((live) => {
      live.controller.abort();
      return live.done;
    });
    await Promise.all(ended);
  }

  #requireLive(runId: string): LiveRun {
    const live = this.#live.get(runId);
    if (live) return live;
    const summary = this.#journal.stored(runId)?.summary;
    if (!summary) throw new CoreError('NotFound', 'This run does not exist.');
    throw new CoreError('BadUsage', `This run is not going (it is ${summary.status}).`);
  }
}
