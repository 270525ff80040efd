import { CoreError } from '../errors.ts';

/** What a long job is. */
export type JobKind = 'run' | 'eval-row' | 'check' | 'download' | 'extraction';

/** How a job's work ended. */
export type JobEnding<R> =
  | { status: 'done'; value: R }
  /** The work threw while its job was not cancelled. */
  | { status: 'failed'; error: unknown }
  /** The job was cancelled (by `cancel`, its outside signal or `dispose`); `error` is what the work threw, if it threw. */
  | { status: 'cancelled'; reason: string | undefined; error?: unknown };

/** What the registry needs to start a job. */
export interface JobSpec<S, P, R> {
  kind: JobKind;
  /** Unique among live jobs of its kind (a run id, a document id, a model reference). */
  id: string;
  /** Who receives its events (a window's sender id); undefined: every window. */
  owner: string | undefined;
  /** What a late subscriber sees before the job's first update. */
  snapshot: S;
  /** An outside stop (the service closing) that cancels the job too. */
  signal?: AbortSignal;
  /** Sends one event of the job to its owner. A throwing sender never ends a job. */
  emit(owner: string | undefined, payload: P): void;
  /** The job's work; its signal is the job's one cancel. */
  work(job: Job<S, P>): Promise<R>;
  /**
   * The terminal event from how the work ended, called exactly once; undefined sends none (the
   * process is going away and the ending is left to be found later, as after a crash).
   */
  finish(ending: JobEnding<R>, job: Job<S, P>): Promise<P | undefined> | P | undefined;
}

/** A live job as its work and its registry's users see it. */
export interface Job<S, P> {
  readonly kind: JobKind;
  readonly id: string;
  readonly owner: string | undefined;
  /** Aborted once, by the first cancel. */
  readonly signal: AbortSignal;
  /** The reason given to the first `cancel` ('pause', 'shutdown' ...), if any. */
  readonly stopReason: string | undefined;
  /** The latest snapshot (for a late subscriber). */
  readonly snapshot: S;
  /** True once the terminal event was sent: later sends are dropped. */
  readonly ended: boolean;
  /** Replaces the snapshot (nothing once ended). */
  setSnapshot(snapshot: S): void;
  /** Sends a progress event to the owner (nothing once ended). */
  send(payload: P): void;
  /** Aborts the job's work; its terminal event follows. A second cancel changes nothing. */
  cancel(reason?: string): void;
  /** Settles after the terminal event was sent; never rejects. */
  readonly done: Promise<JobEnding<unknown>>;
}

class LiveJob<S, P, R> implements Job<S, P> {
  readonly kind: JobKind;
  readonly id: string;
  readonly owner: string | undefined;
  snapshot: S;
  stopReason: string | undefined;
  ended = false;
  done: Promise<JobEnding<R>> = Promise.resolve({ status: 'cancelled', reason: undefined });
  readonly #controller = new AbortController();
  readonly #emit: JobSpec<S, P, R>['emit'];

  constructor(spec: JobSpec<S, P, R>) {
    this.kind = spec.kind;
    this.id = spec.id;
    this.owner = spec.owner;
    this.snapshot = spec.snapshot;
    this.#emit = spec.emit;
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  setSnapshot(snapshot: S): void {
    if (!this.ended) this.snapshot = snapshot;
  }

  send(payload: P): void {
    if (!this.ended) this.deliver(payload);
  }

  /** Sends without the `ended` check: the registry's terminal send. */
  deliver(payload: P): void {
    try {
      this.#emit(this.owner, payload);
    } catch {
      // The owner is gone (a closed window): the job goes on.
    }
  }

  cancel(reason?: string): void {
    if (this.#controller.signal.aborted) return;
    this.stopReason = reason;
    this.#controller.abort();
  }
}

/**
 * The owner of every live long job of a process: runs, evaluation rows, backend checks, model
 * downloads, extractions. A job has an id (unique per kind among live jobs), a kind, an owner,
 * one cancel (one AbortController, which an outside signal can also abort), a snapshot for a
 * late subscriber, and exactly one terminal event, sent from one place (`#end`) however the
 * work ended. Specialised registries (the run registry) and job managers (check, download,
 * extraction) keep their own meaning on top; none keeps its own live map.
 */
export class JobRegistry {
  #live = new Map<string, LiveJob<unknown, unknown, unknown>>();
  #disposed = false;

  /**
   * Starts a job; returns it at once (its work runs on). Throws BadUsage when a job of that kind
   * and id is live, and Cancelled after `dispose`.
   */
  start<S, P, R>(spec: JobSpec<S, P, R>): Job<S, P> & { done: Promise<JobEnding<R>> } {
    if (this.#disposed) throw new CoreError('Cancelled', 'The app is shutting down.');
    const key = keyOf(spec.kind, spec.id);
    if (this.#live.has(key)) throw new CoreError('BadUsage', 'This job is already going.');
    const job = new LiveJob<S, P, R>(spec);
    const outside = spec.signal;
    const onOutsideAbort = () => job.cancel('shutdown');
    if (outside?.aborted) job.cancel('shutdown');
    else outside?.addEventListener('abort', onOutsideAbort, { once: true });
    this.#live.set(key, job as LiveJob<unknown, unknown, unknown>);
    job.done = this.#drive(job, spec).finally(() =>
      outside?.removeEventListener('abort', onOutsideAbort),
    );
    return job;
  }

  async #drive<S, P, R>(job: LiveJob<S, P, R>, spec: JobSpec<S, P, R>): Promise<JobEnding<R>> {
    let ending: JobEnding<R>;
    try {
      const value = await spec.work(job);
      ending = { status: 'done', value };
    } catch (error) {
      ending = job.signal.aborted
        ? { status: 'cancelled', reason: job.stopReason, error }
        : { status: 'failed', error };
    }
    await this.#end(job, spec, ending);
    return ending;
  }

  /** The one place a terminal event is sent. */
  async #end<S, P, R>(
    job: LiveJob<S, P, R>,
    spec: JobSpec<S, P, R>,
    ending: JobEnding<R>,
  ): Promise<void> {
    let terminal: P | undefined;
    try {
      terminal = await spec.finish(ending, job);
    } catch {
      // A finish that throws is a bug in the job's manager; the job still ends.
    }
    if (job.ended) return;
    job.ended = true;
    // No longer live when its owner hears the ending: a listener may start it again at once.
    const key = keyOf(job.kind, job.id);
    if (this.#live.get(key) === job) this.#live.delete(key);
    if (terminal !== undefined) job.deliver(terminal);
  }

  /** The live job of `kind` with `id`, if any. */
  get<S = unknown, P = unknown>(kind: JobKind, id: string): Job<S, P> | undefined {
    return this.#live.get(keyOf(kind, id)) as Job<S, P> | undefined;
  }

  isLive(kind: JobKind, id: string): boolean {
    return this.#live.has(keyOf(kind, id));
  }

  /** The live jobs of `kind` (every kind when omitted), in start order. */
  list<S = unknown, P = unknown>(kind?: JobKind): Job<S, P>[] {
    const all = [...this.#live.values()] as Job<S, P>[];
    return kind === undefined ? all : all.filter((j) => j.kind === kind);
  }

  /** Cancels the live jobs of `kind` that `match` selects, and waits until they have ended. */
  async cancelWhere(
    kind: JobKind,
    match: (job: Job<unknown, unknown>) => boolean,
    reason?: string,
  ): Promise<void> {
    const ending = this.list(kind).filter(match);
    for (const job of ending) job.cancel(reason);
    await Promise.all(ending.map((j) => j.done));
  }

  /** Refuses new jobs, cancels every live one with reason 'shutdown' and waits for them. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    const all = this.list();
    for (const job of all) job.cancel('shutdown');
    await Promise.all(all.map((j) => j.done));
  }
}

const keyOf = (kind: JobKind, id: string): string => `${kind}\u0000${id}`;
