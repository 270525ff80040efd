import type { Events } from '../../../shared/api.ts';
import { genericModelNote } from '../../../shared/backends.ts';
import type { RunEvent, RunSnapshot } from '../../../shared/model.ts';
import { applyRunEvent, emptyRunView, type RunView } from '../../../shared/run-view.ts';
import { throwIfAborted } from '../abort.ts';
import { CoreError, toAppError } from '../errors.ts';
import { TextBuilder } from '../text-builder.ts';
import { BackendLimits } from '../jobs/backend-limits.ts';
import { checkConcurrency, type SlotRequest } from '../jobs/concurrency-limiter.ts';
import { JobRegistry, type Job, type JobKind } from '../jobs/job-registry.ts';
import { createPauseGate, type ControllablePauseGate, type PauseGate } from './pause-gate.ts';
import { outcomeBeforeStart, terminalEvent, type RunOutcome } from './run-outcome.ts';
import { runMemAgent, type RunInput } from './run.ts';
import { RunClock, type ClockPrior, type RunClockInput } from './chunk-time.ts';
import type { SpeedSums } from './speed.ts';
import type { TimeLeft } from '../../../shared/run-clock.ts';

/** What a run needs besides what the registry gives it (id, signal, pause gate, sink). */
export type PreparedRun = Omit<RunInput, 'runId' | 'signal' | 'gate' | 'report'> & {
  /**
   * The backend's speed measured outside any run (the built-in model's probe of this computer):
   * the clock's speeds until a run of the backend and model finished, instead of "unknown".
   */
  measuredSpeed?: SpeedSums;
};

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
  /** What earlier runs of the run's backend and `model` tell its clock (chunk-time.ts). */
  clockPrior?(runId: string, model: string): ClockPrior | undefined;
}

/** A journal that keeps nothing: runs live only as long as the process. */
export const NO_JOURNAL: RunJournal = { record: () => undefined, stored: () => undefined };

export interface LaunchOptions {
  /** Who receives the run's events (a window's sender id, or any name the emitter knows). */
  owner: string;
  /**
   * The backend the run reads with (a profile id, or a server URL): the run waits for a slot of
   * that backend's one limiter, shared with everything else in the process that uses it.
   * Without one, the registry's default limiter.
   */
  backend?: string;
  /** Runs waiting for a slot go higher priority first (default 0); `setPriority` changes it. */
  priority?: number;
  /**
   * The job group the run belongs to (the questions asked together, a review): within a
   * priority, groups take turns for slots. Without one, the run is a group of its own.
   */
  group?: string;
  /**
   * Resolves the backend, text and chunking once the run holds a slot (a queued run holds no
   * text and does no work); aborted when the run is cancelled. A failure ends the run with an
   * `error` event.
   */
  prepare(signal: AbortSignal): Promise<PreparedRun> | PreparedRun;
}

export interface RunRegistryOptions {
  /** Sends one numbered event of a run to its owner. A throwing emitter never ends a run. */
  emit: (owner: string, payload: Events['run:event']) => void;
  journal?: RunJournal;
  /**
   * The process's backend limits, shared with checks and evaluations. Default: limits of this
   * registry alone, with `concurrency` as every backend's limit.
   */
  limits?: BackendLimits;
  /** Runs reading at once per backend when no `limits` are given (each run is sequential). Default 4. */
  concurrency?: number;
  /** The process's job registry; default: one of this run registry alone. */
  jobs?: JobRegistry;
  /** The kind its runs have among the jobs (default 'run'; an evaluation's rows: 'eval-row'). */
  kind?: JobKind;
  now?: () => number;
  /** The run loop; tests may wrap `runMemAgent`. */
  run?: (input: RunInput) => Promise<RunOutcome>;
}

/** What the registry keeps of a live run beside its job. */
interface RunState {
  gate: ControllablePauseGate;
  /** Every event sent so far but `memory-delta`, folded: the run's status and a pending pause. */
  view: RunView;
  /** The last `seq` sent. */
  seq: number;
  /**
   * The memory text streamed so far for chunk `chunk`, kept as the fold keeps `partial` (reset
   * where it resets it). Not folded into `view`: a new view of some thirty fields per streamed
   * token, and a cons string per token held for the whole chunk, were most of what a long job
   * allocated and kept alive past V8's young-generation collections.
   */
  partial: { chunk: number | null; text: TextBuilder };
  /** Waiting for a slot, or holding one. */
  phase: 'queued' | 'running';
  /** What the run's clock needs from its preparation, until `started` names the model. */
  clockInput: (Omit<RunClockInput, 'chunkTokens' | 'prior'> & { measured?: SpeedSums }) | undefined;
  /** The run's time model in this session (from `started` on). */
  clock: RunClock | undefined;
  /** The last time left sent, and when (this registry's clock): snapshots carry it. */
  timeLeft: { left: TimeLeft; at: number } | undefined;
  slot: SlotRequest | undefined;
  /** Its place among the runs waiting for a slot (`setPriority`), also when it waits again. */
  priority: number;
}

type RunJob = Job<RunState, Events['run:event']>;

/** Events after which applyRunEvent's `partial` is empty again (and `currentChunk` is set anew). */
const CLEARS_PARTIAL: ReadonlySet<RunEvent['type']> = new Set([
  'started',
  'chunk-started',
  'chunk-done',
  'cancelled',
]);

/**
 * The owner of every live run: a specialisation of the job registry for MemAgent runs. A run
 * is launched here as a job, waits for a slot of its backend's limiter, is prepared, runs the
 * MemAgent loop, and ends with exactly one terminal event, sent from the job registry's one
 * place whether the run finished, failed, was cancelled while queued or could not be prepared.
 * Every event is recorded in the journal first (memory states before the next request), then
 * numbered (`seq`, per run) and sent to the run's owner only. `snapshot()` reads the journal
 * plus the live view, so a late subscriber that applies only events with a higher `seq` loses
 * nothing and sees nothing twice.
 */
export class RunRegistry {
  #emit: RunRegistryOptions['emit'];
  #journal: RunJournal;
  #limits: BackendLimits;
  #jobs: JobRegistry;
  #kind: JobKind;
  #now: () => number;
  #run: (input: RunInput) => Promise<RunOutcome>;
  /** The last `seq` of each run seen by this process: a continued run keeps counting. */
  #lastSeq = new Map<string, number>();
  #disposed = false;
  /** Endings the library refused (busy, full): written again until it takes them. */
  #unrecorded = new Map<string, RunEvent>();
  #retry: ReturnType<typeof setTimeout> | undefined;
  /** Told after each event sent and each run's end (`pauseEvery` waits through it). */
  #watchers = new Set<() => void>();

  constructor(options: RunRegistryOptions) {
    this.#emit = options.emit;
    this.#journal = options.journal ?? NO_JOURNAL;
    this.#limits = options.limits ?? new BackendLimits(checkConcurrency(options.concurrency ?? 4));
    this.#jobs = options.jobs ?? new JobRegistry();
    this.#kind = options.kind ?? 'run';
    this.#now = options.now ?? Date.now;
    this.#run = options.run ?? runMemAgent;
  }

  /** Runs reading at once on a backend whose limit was not set. */
  get concurrency(): number {
    return this.#limits.defaultLimit;
  }

  /** This registry's runs reading now, and those waiting for a slot. */
  get counts(): { running: number; queued: number } {
    const counts = { running: 0, queued: 0 };
    for (const job of this.#runs()) counts[job.snapshot.phase] += 1;
    return counts;
  }

  isLive(runId: string): boolean {
    return this.#jobs.isLive(this.#kind, runId);
  }

  #runs(): RunJob[] {
    return this.#jobs.list<RunState, Events['run:event']>(this.#kind);
  }

  /**
   * Starts (or continues) run `runId` and resolves with its outcome once its terminal event is
   * sent; never rejects. Throws `BadUsage` when the run is already live.
   */
  launch(runId: string, options: LaunchOptions): Promise<RunOutcome> {
    if (this.#disposed) throw new CoreError('Cancelled', 'The app is shutting down.');
    if (this.isLive(runId)) throw new CoreError('BadUsage', 'This run is already going.');
    const view = emptyRunView(runId, this.#now());
    let outcome: RunOutcome | undefined;
    const job = this.#jobs.start<RunState, Events['run:event'], RunOutcome>({
      kind: this.#kind,
      id: runId,
      owner: options.owner,
      snapshot: {
        gate: createPauseGate(),
        view,
        seq: this.#lastSeq.get(runId) ?? 0,
        partial: { chunk: null, text: new TextBuilder() },
        phase: 'queued',
        slot: undefined,
        clockInput: undefined,
        clock: undefined,
        timeLeft: undefined,
        priority: options.priority ?? 0,
      },
      emit: (owner, payload) => this.#emit(owner as string, payload),
      work: (job) => this.#drive(runId, job, options),
      finish: (ending, job) => {
        // #drive turns every failure into an outcome; a throw here is a bug, shown as one.
        outcome =
          ending.status === 'done'
            ? ending.value
            : outcomeBeforeStart(
                runId,
                { status: 'error', error: toAppError(ending.error) },
                this.#chunksStored(runId),
              );
        return this.#terminal(runId, job, outcome);
      },
    });
    return job.done.then(() => {
      this.#changed();
      return outcome as RunOutcome;
    });
  }

  #changed(): void {
    for (const watcher of [...this.#watchers]) watcher();
  }

  async #drive(runId: string, job: RunJob, options: LaunchOptions): Promise<RunOutcome> {
    const { signal } = job;
    const state = job.snapshot;
    let release: (() => void) | undefined;
    const limiter = this.#limits.limiter(options.backend);
    const takeSlot = async () => {
      state.slot = limiter.request({
        priority: state.priority,
        ...(options.group === undefined ? {} : { group: options.group }),
        signal,
      });
      release = await state.slot.granted;
      state.slot = undefined;
    };
    // A paused run holds no slot: the backend's other work (its job's other runs too) reads
    // meanwhile, and once resumed it waits for a slot again, within the backend's limit.
    const gate: PauseGate = {
      get paused() {
        return state.gate.paused;
      },
      async wait(s) {
        if (!state.gate.paused) return;
        release?.();
        release = undefined;
        await state.gate.wait(s);
        await takeSlot();
      },
    };
    try {
      // The slot first: a queued run loads no text and plans no chunks until it may read.
      await takeSlot();
      state.phase = 'running';
      throwIfAborted(signal);
      const prepared = await options.prepare(signal);
      throwIfAborted(signal);
      state.clockInput = {
        memoryTokens: prepared.settings.memoryTokens,
        answerTokens: prepared.settings.answerTokens,
        ...(prepared.earlierMemories === undefined ? {} : { earlier: prepared.earlierMemories }),
        ...(prepared.measuredSpeed === undefined ? {} : { measured: prepared.measuredSpeed }),
      };
      return await this.#run({
        ...prepared,
        runId,
        signal,
        gate,
        report: (event) => this.#deliver(runId, job, event),
      });
    } catch (error) {
      // Preparation failed, or the run was cancelled before its loop began.
      const appError = toAppError(error);
      const ending =
        signal.aborted || appError.kind === 'Cancelled'
          ? ({ status: 'cancelled' } as const)
          : ({ status: 'error', error: appError } as const);
      return outcomeBeforeStart(runId, ending, this.#chunksStored(runId));
    } finally {
      release?.();
    }
  }

  #chunksStored(runId: string): number {
    try {
      return this.#journal.stored(runId)?.memories.length ?? 0;
    } catch {
      return 0;
    }
  }

  /** The run's sink: journal first, then the numbered event to the owner. */
  #deliver(runId: string, job: RunJob, event: RunEvent): void {
    // After dispose the process is going away: leave the journal as a crash would, so the run
    // is found interrupted next time and continues from its last saved memory.
    if (this.#disposed || job.ended) return;
    this.#journal.record(runId, event);
    job.send(this.#numbered(runId, job, event));
    if (event.type === 'paused') this.#changed();
    if (event.type === 'started') {
      // Once per run and model: a resumed run started again with the same model is not warned
      // twice (another model for the rest is a new fact, and is).
      const message = genericModelNote(event.model);
      if (message !== null && !this.#warned(runId, 'generic-model', message)) {
        this.#deliver(runId, job, { type: 'warning', runId, code: 'generic-model', message });
      }
    }
    this.#tick(runId, job, event);
  }

  /**
   * The run's clock: made when the run starts (the model is known then, and with it what
   * earlier runs on the backend measured), fed every chunk read in this session, and its time
   * left sent after `started`, each `chunk-done` and `resumed` (a paused run's figure went stale).
   */
  #tick(runId: string, job: RunJob, event: RunEvent): void {
    const state = job.snapshot;
    if (event.type === 'started' && state.clockInput !== undefined) {
      let prior: ClockPrior | undefined;
      try {
        prior = this.#journal.clockPrior?.(runId, event.model);
      } catch {
        // An unreadable record of earlier speeds: this run's own chunks fit them.
      }
      const { measured, ...input } = state.clockInput;
      // No finished run's speeds yet: a measurement of this computer's, where there is one.
      if (prior?.sums === undefined && measured !== undefined) prior = { ...prior, sums: measured };
      state.clock = new RunClock({
        ...input,
        chunkTokens: event.chunks.map((c) => c.tokens),
        prior,
      });
    } else if (event.type === 'chunk-done') state.clock?.chunkDone(event.state);
    else if (event.type !== 'resumed') return;
    if (state.clock === undefined) return;
    const left = state.clock.timeLeft();
    state.timeLeft = { left, at: this.#now() };
    job.send(this.#numbered(runId, job, { type: 'time-left', runId, left }));
  }

  /** Whether the run already holds this warning (stored by an earlier launch, or this one). */
  #warned(runId: string, code: string, message: string): boolean {
    const same = (w: { code: string; message: string }) => w.code === code && w.message === message;
    if (this.#job(runId)?.snapshot.view.warnings.some(same)) return true;
    try {
      return this.#journal.stored(runId)?.warnings.some(same) ?? false;
    } catch {
      return false;
    }
  }

  /** Numbers an event and folds it into the run's view. */
  #numbered(runId: string, job: RunJob, event: RunEvent): Events['run:event'] {
    const state = job.snapshot;
    const seq = state.seq + 1;
    state.seq = seq;
    this.#lastSeq.set(runId, seq);
    const { partial } = state;
    if (event.type === 'memory-delta') {
      // As applyRunEvent folds it: appended within the current chunk, else the start of one.
      if (event.chunk !== partial.chunk) partial.text.clear();
      partial.text.append(event.delta);
      partial.chunk = event.chunk;
      return { seq, event };
    }
    state.view = applyRunEvent(state.view, { seq, event }, this.#now());
    if (CLEARS_PARTIAL.has(event.type)) {
      partial.text.clear();
      partial.chunk = state.view.currentChunk;
    } else if (event.type === 'finished' || event.type === 'error') {
      partial.chunk = null;
    }
    return { seq, event };
  }

  /** The run's terminal event (the job registry sends it); none after dispose. */
  #terminal(runId: string, job: RunJob, outcome: RunOutcome): Events['run:event'] | undefined {
    if (this.#disposed) return undefined;
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
    return this.#numbered(runId, job, event);
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
    const job = this.#job(runId);
    if (job) this.#deliver(runId, job, event);
  }

  /** Pauses a run at its next chunk boundary (a queued run pauses as soon as it starts). */
  pause(runId: string): void {
    const job = this.#requireLive(runId);
    if (job.snapshot.gate.paused) return;
    job.snapshot.gate.pause();
    this.#deliver(runId, job, { type: 'pause-requested', runId, requested: true });
  }

  resume(runId: string): void {
    const job = this.#requireLive(runId);
    const { gate, view } = job.snapshot;
    if (!gate.paused) return;
    gate.resume();
    // A run waiting at the gate reports `resumed` itself; a pause that had not taken effect
    // yet is withdrawn.
    if (view.status !== 'paused') {
      this.#deliver(runId, job, { type: 'pause-requested', runId, requested: false });
    }
  }

  /**
   * Moves a run waiting for a slot in its backend's queue (what the user is looking at first);
   * a run already reading keeps its slot. Throws as `pause` does for a run that is not going.
   */
  setPriority(runId: string, priority: number): void {
    const state = this.#requireLive(runId).snapshot;
    state.priority = priority;
    state.slot?.setPriority(priority);
  }

  /** Cancels a run wherever it is (queued, preparing, reading, paused); its `cancelled` event follows promptly. */
  cancel(runId: string): void {
    this.#requireLive(runId).cancel();
  }

  /** Cancels the live runs `match` selects and waits until they have ended. */
  async cancelWhere(match: (runId: string) => boolean): Promise<void> {
    await this.#jobs.cancelWhere(this.#kind, (job) => match(job.id));
  }

  /** Everything known about a run now; events with `seq` above `snapshot.seq` come after it. */
  snapshot(runId: string): RunSnapshot {
    const stored = this.#journal.stored(runId);
    if (!stored) throw new CoreError('NotFound', 'This run does not exist.');
    const snapshot: RunSnapshot = { ...stored, seq: this.#lastSeq.get(runId) ?? 0 };
    const state = this.#job(runId)?.snapshot;
    if (state && state.partial.text.length > 0)
      snapshot.partialMemory = state.partial.text.toString();
    if (state?.view.pauseRequested) snapshot.pauseRequested = true;
    if (state?.timeLeft !== undefined)
      snapshot.timeLeft = {
        left: state.timeLeft.left,
        ageMs: Math.max(0, this.#now() - state.timeLeft.at),
      };
    return snapshot;
  }

  /**
   * Pauses every live run at its next chunk boundary, as `pause` does (one waiting for a slot
   * pauses as soon as it starts), and resolves once each is paused there or has ended, with the
   * ids of those paused. A process that then `dispose`s leaves them stored `paused`, every chunk
   * read saved, for any process to continue: Ctrl-C on the command line.
   */
  async pauseEvery(): Promise<string[]> {
    for (const job of this.#runs()) if (!job.ended) this.pause(job.id);
    await new Promise<void>((resolve) => {
      const settled = () => {
        if (!this.#runs().every((job) => job.snapshot.view.status === 'paused')) return;
        this.#watchers.delete(settled);
        resolve();
      };
      this.#watchers.add(settled);
      settled();
    });
    return this.#runs().map((job) => job.id);
  }

  /** Stops every run without recording an ending, as a crash would, and waits for them. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    clearTimeout(this.#retry);
    await this.#jobs.cancelWhere(this.#kind, () => true, 'shutdown');
  }

  #job(runId: string): RunJob | undefined {
    return this.#jobs.get<RunState, Events['run:event']>(this.#kind, runId);
  }

  #requireLive(runId: string): RunJob {
    const job = this.#job(runId);
    if (job) return job;
    const summary = this.#journal.stored(runId)?.summary;
    if (!summary) throw new CoreError('NotFound', 'This run does not exist.');
    throw new CoreError('BadUsage', `This run is not going (it is ${summary.status}).`);
  }
}
