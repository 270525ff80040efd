import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CoreError } from '../errors.ts';
import type { EngineName } from './engines.ts';
import { tokenizerAssetDir } from './qwen-asset.ts';
import type { WorkerReply, WorkerTask } from './tokenize-worker.ts';
import { abortReason } from '../abort.ts';

/** Texts are sent to workers in batches of about this many characters. */
const BATCH_CHARS = 256 * 1024;
const MIN_BATCH_CHARS = 8 * 1024;

/** Default pool size: the cores there are, at most 4 (each worker holds a vocabulary, ~40 MB). */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

interface Pending {
  task: WorkerTask;
  resolve: (reply: WorkerReply) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
}

/**
 * A small pool of tokenizer worker threads for one engine. Work is cut into batches handed to
 * whichever worker is free; results come back in order. Idle workers are unref'd so a forgotten
 * pool never keeps the process alive; `close()` terminates them.
 */
export class TokenizerWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly engineName: EngineName;
  private readonly size: number;

  constructor(engineName: EngineName, size = defaultPoolSize()) {
    this.engineName = engineName;
    this.size = size;
  }

  /** Token counts of `texts`, in order. */
  async count(texts: readonly string[], signal?: AbortSignal): Promise<number[]> {
    const replies = await this.runBatches('count', texts, signal);
    const out: number[] = [];
    for (const r of replies) if ('counts' in r) for (const n of r.counts) out.push(n);
    return out;
  }

  /** Token ids of `texts`, in order. */
  async encode(texts: readonly string[], signal?: AbortSignal): Promise<Uint32Array[]> {
    const replies = await this.runBatches('encode', texts, signal);
    const out: Uint32Array[] = [];
    for (const r of replies) if ('ids' in r) out.push(...r.ids);
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0))
      p.reject(new CoreError('Cancelled', 'The tokenizer was closed.'));
    const slots = this.slots.splice(0);
    for (const s of slots) s.busy?.reject(new CoreError('Cancelled', 'The tokenizer was closed.'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private runBatches(
    op: WorkerTask['op'],
    texts: readonly string[],
    signal?: AbortSignal,
  ): Promise<WorkerReply[]> {
    signal?.throwIfAborted();
    if (this.closed)
      throw new CoreError('Internal', 'The tokenizer was used after it was disposed.');
    // Batches small enough that every worker gets one, large enough to keep messages few.
    let total = 0;
    for (const t of texts) total += t.length;
    const batchChars = Math.max(
      MIN_BATCH_CHARS,
      Math.min(BATCH_CHARS, Math.ceil(total / this.size)),
    );
    const batches: string[][] = [];
    let batch: string[] = [];
    let chars = 0;
    for (const t of texts) {
      if (batch.length > 0 && chars + t.length > batchChars) {
        batches.push(batch);
        batch = [];
        chars = 0;
      }
      batch.push(t);
      chars += t.length;
    }
    if (batch.length > 0) batches.push(batch);
    const mine: Pending[] = [];
    const all = Promise.all(
      batches.map(
        (b) =>
          new Promise<WorkerReply>((resolve, reject) => {
            const p: Pending = { task: { id: this.nextId++, op, texts: b }, resolve, reject };
            mine.push(p);
            this.queue.push(p);
          }),
      ),
    );
    this.pump();
    if (!signal) return all;
    return new Promise<WorkerReply[]>((resolve, reject) => {
      const onAbort = (): void => {
        // Drop what has not started; a batch already running finishes and is ignored.
        for (const p of mine) {
          const i = this.queue.indexOf(p);
          if (i !== -1) this.queue.splice(i, 1);
        }
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      all.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          resolve(v);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const p = this.queue.shift()!;
      slot.busy = p;
      slot.worker.ref();
      slot.worker.postMessage(p.task);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./tokenize-worker.ts', import.meta.url), {
      workerData: { engine: this.engineName, assetDir: tokenizerAssetDir() },
    });
    const slot: Slot = { worker, busy: undefined };
    worker.on('message', (reply: WorkerReply) => {
      const p = slot.busy;
      slot.busy = undefined;
      worker.unref();
      if (p) {
        if (reply.ok) p.resolve(reply);
        else
          p.reject(
            new CoreError('Internal', 'Tokenizing the text failed.', { detail: reply.message }),
          );
      }
      this.pump();
    });
    const fail = (error: unknown): void => {
      const i = this.slots.indexOf(slot);
      if (i !== -1) this.slots.splice(i, 1);
      slot.busy?.reject(
        new CoreError('Internal', 'A tokenizer worker thread stopped unexpectedly.', {
          detail: error instanceof Error ? error.message : String(error),
        }),
      );
      slot.busy = undefined;
      if (!this.closed) this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }
}
