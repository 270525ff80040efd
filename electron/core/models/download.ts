// Downloads one model file: progress with speed and time left, pause and resume across restarts
// (HTTP Range on the `.part` file, part-file.ts), automatic resumes after a dropped connection or
// a stall, a disk-space check before the first byte, the GGUF signature checked on the first 8
// bytes, size and SHA-256 verified at the end, and the file renamed into place only then.
import { createHash, type Hash } from 'node:crypto';
import { mkdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '../../../shared/model-catalogue.ts';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';
import { hostOf, isRetryable, writeError } from './download-errors.ts';
import { DEFAULT_STALL_MS, header, openResponse } from './http-get.ts';
import {
  finishPart,
  lockPart,
  partPath,
  readPartState,
  rehashPart,
  removePartFiles,
  writePartState,
  type FinishedPart,
  type PartState,
} from './part-file.ts';
import { receiveBody } from './receive-body.ts';
import { responseStart } from './response-start.ts';
import { SpeedMeter } from './speed-meter.ts';

export interface DownloadProgress {
  /** Bytes of the file on disk so far (a resumed download counts the earlier ones). */
  received: number;
  /** The whole file, when the server says. */
  total?: number;
  /** Over the last few seconds; 0 until measured. */
  bytesPerSec: number;
  /** Time left at that speed, when both are known. */
  etaMs?: number;
}

export type DownloadEvent =
  | { type: 'connecting'; url: string }
  /** Reading a part saved earlier again to rebuild its checksum. */
  | { type: 'rehashing'; bytes: number }
  | { type: 'started'; resumedFrom: number; total?: number | undefined }
  /** Starting again from byte 0, and why, in a sentence. */
  | { type: 'restarted'; reason: string }
  /** A dropped connection or a stall, continued automatically. */
  | { type: 'retrying'; attempt: number; of: number; reason: string; received: number }
  | { type: 'progress'; progress: DownloadProgress };

/** The verified file: its size and SHA-256, and whether they matched what was published. */
export type DownloadResult = FinishedPart;

export interface DownloadOptions {
  url: string;
  /** The final path; the part and its state live beside it until the file is verified. */
  dest: string;
  /**
   * Extra request headers (a Hugging Face token as `authorization`): sent to the URL's own
   * origin only, never to another host a redirect leads to (Hugging Face's CDN).
   */
  headers?: Record<string, string>;
  /** Size and SHA-256 published elsewhere (Hugging Face's file list); else the server's headers. */
  expected?: { bytes?: number; sha256?: string };
  /** No byte for this long is a stall (default 60 s). */
  stallMs?: number;
  /** Automatic resumes after a dropped connection, a stall or a 5xx (default 3). */
  retries?: number;
  /** First wait before an automatic resume, doubled each time (default 1 s). */
  retryDelayMs?: number;
  /** Free bytes on the disk holding `dir` (default `fs.statfs`); tests pass their own. */
  freeBytes?: (dir: string) => Promise<number>;
  onEvent?: (event: DownloadEvent) => void;
  now?: () => number;
}

/** Space left free beyond the file, so a download never fills a disk to the last byte. */
const SPACE_MARGIN = 64 * 1024 * 1024;

/** The server ignored Range, or the file changed: the caller starts again from zero. */
class Restart extends Error {}

async function defaultFreeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/**
 * One model file's download. `start()` downloads (continuing a part left by an earlier process);
 * `pause()` stops and keeps the part; `cancel()` stops and removes it. A new object with the same
 * URL and destination continues a paused download.
 */
export class ModelDownload {
  readonly #o: DownloadOptions;
  readonly #controller = new AbortController();
  #stop: 'pause' | 'cancel' | undefined;
  #running: Promise<DownloadResult> | undefined;
  #meter: SpeedMeter;

  constructor(options: DownloadOptions) {
    this.#o = options;
    this.#meter = new SpeedMeter(options.now ?? (() => performance.now()));
  }

  /** Stops, keeping the part for a later `start()` (here or in another process). */
  pause(): void {
    this.#stop ??= 'pause';
    this.#controller.abort();
  }

  /** Stops and removes the part and its state; also removes a part left by an earlier process. */
  async cancel(): Promise<void> {
    this.#stop = 'cancel';
    this.#controller.abort();
    await this.#running?.catch(() => undefined);
    await removePartFiles(this.#o.dest);
  }

  /**
   * Downloads to `dest`. Aborting `signal` pauses. Throws CoreError: `Cancelled` (paused or
   * cancelled), NotFound (404), BackendRejected (401/403: a token is needed), BackendUnavailable
   * (offline), BackendFailed (stalled or dropped after the retries), LibraryUnavailable (no space,
   * disk full), Unsupported (not GGUF), Damaged (size or checksum differ; the file is removed).
   */
  start(signal?: AbortSignal): Promise<DownloadResult> {
    if (this.#running !== undefined) throw new Error('This download has already been started.');
    const onAbort = () => this.pause();
    if (signal?.aborted) this.pause();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#running = this.#run().finally(() => signal?.removeEventListener('abort', onAbort));
    return this.#running;
  }

  #emit(event: DownloadEvent): void {
    this.#o.onEvent?.(event);
  }

  #stopped(): CoreError {
    return this.#stop === 'cancel'
      ? new CoreError('Cancelled', 'The download was cancelled and its partial file removed.')
      : new CoreError(
          'Cancelled',
          'The download was paused; it continues from the bytes saved next time.',
        );
  }

  async #run(): Promise<DownloadResult> {
    const { dest } = this.#o;
    const dir = path.dirname(dest);
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      throw writeError(error, dir);
    }
    let lock;
    try {
      lock = await lockPart(dest);
    } catch (error) {
      throw writeError(error, dir);
    }
    if ('heldBy' in lock)
      throw new CoreError(
        'BadUsage',
        `${path.basename(dest)} is already being downloaded${lock.heldBy === process.pid ? ' here' : lock.heldBy > 0 ? ` by another process (pid ${lock.heldBy})` : ''}.`,
        {
          hint: 'Wait for that download to finish, or stop it first (the app or another terminal).',
        },
      );
    try {
      return await this.#download();
    } finally {
      await lock.release();
    }
  }

  async #download(): Promise<DownloadResult> {
    const { dest } = this.#o;
    let state = await readPartState(dest);
    const saved = await stat(partPath(dest)).then(
      (s) => s.size,
      () => 0,
    );
    if (saved > 0 && state?.url !== this.#o.url) {
      this.#emit({
        type: 'restarted',
        reason:
          'A partial file with no record of where it came from was found; starting again from zero.',
      });
      await removePartFiles(dest);
      state = undefined;
    } else if (saved > 0) {
      this.#emit({ type: 'rehashing', bytes: saved });
    }
    let part =
      saved > 0 && state !== undefined
        ? await rehashPart(dest)
        : { hash: createHash('sha256'), bytes: 0, head: Buffer.alloc(0) };
    const retries = this.#o.retries ?? 3;
    let attempt = 0;
    for (;;) {
      try {
        return await this.#attempt(part, state);
      } catch (error) {
        if (this.#controller.signal.aborted) {
          if (this.#stop === 'cancel') await removePartFiles(dest);
          throw this.#stopped();
        }
        if (error instanceof Restart) {
          part = { hash: createHash('sha256'), bytes: 0, head: Buffer.alloc(0) };
          state = undefined;
          continue;
        }
        if (!(error instanceof CoreError) || !isRetryable(error) || attempt >= retries) throw error;
        attempt += 1;
        this.#emit({
          type: 'retrying',
          attempt,
          of: retries,
          reason: error.message,
          received: part.bytes,
        });
        await this.#wait((this.#o.retryDelayMs ?? 1000) * 2 ** (attempt - 1));
        if (this.#controller.signal.aborted) throw this.#stopped();
        state = await readPartState(dest);
      }
    }
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#controller.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }

  /** One request from `part.bytes` on; returns when the file is verified and in place. */
  async #attempt(
    part: { hash: Hash; bytes: number; head: Buffer },
    state: PartState | undefined,
  ): Promise<DownloadResult> {
    const { dest, url } = this.#o;
    const dir = path.dirname(dest);
    const offset = part.bytes;
    // Every byte is already here (stopped between the last byte and the rename): verify it.
    if (offset > 0 && state?.total === offset) return finishPart(this.#o.dest, part, state, offset);
    this.#emit({ type: 'connecting', url: displayUrl(url) });
    const request: Parameters<typeof openResponse>[1] = {
      signal: this.#controller.signal,
      stallMs: this.#o.stallMs ?? DEFAULT_STALL_MS,
    };
    if (this.#o.headers !== undefined) request.headers = this.#o.headers;
    if (offset > 0) request.range = { from: offset, validator: state?.validator };
    const { res, linked, isStalled } = await openResponse(url, request);
    const begin = (() => {
      try {
        return responseStart(res, offset, url, this.#hasToken());
      } catch (error) {
        res.resume();
        throw error;
      }
    })();
    if (begin.kind === 'restart') {
      res.resume();
      this.#emit({ type: 'restarted', reason: begin.reason });
      await removePartFiles(dest);
      throw new Restart();
    }
    if (begin.restarted !== undefined) {
      this.#emit({ type: 'restarted', reason: begin.restarted });
      part.hash = createHash('sha256');
      part.bytes = 0;
      part.head = Buffer.alloc(0);
    }
    const { total } = begin;
    const start = part.bytes;
    const publishedSha = this.#o.expected?.sha256 ?? linked.sha256 ?? state?.sha256;
    const publishedSize = this.#o.expected?.bytes ?? linked.size ?? undefined;
    if (
      state?.sha256 !== undefined &&
      linked.sha256 !== undefined &&
      state.sha256 !== linked.sha256 &&
      start > 0
    ) {
      res.resume();
      this.#emit({
        type: 'restarted',
        reason:
          'The file changed on the server since the download began; starting again from zero.',
      });
      await removePartFiles(dest);
      throw new Restart();
    }
    if (publishedSize !== undefined && total !== undefined && publishedSize !== total) {
      res.resume();
      throw new CoreError(
        'Damaged',
        `${hostOf(url)} sends ${formatBytes(total)} where ${formatBytes(publishedSize)} were published for this file.`,
        {
          hint: 'The file may have been replaced; try again later, or check the URL.',
        },
      );
    }
    const size = publishedSize ?? total;
    // The space check, before the first byte is written.
    if (size !== undefined) {
      const needed = size - start;
      const free = await (this.#o.freeBytes ?? defaultFreeBytes)(dir);
      if (free < needed + SPACE_MARGIN) {
        res.destroy();
        throw new CoreError(
          'LibraryUnavailable',
          `Not enough disk space for the model: it needs ${formatBytes(needed)} more, and the disk holding ${dir} has ${formatBytes(free)} free.`,
          {
            hint: 'Free some space (or set MEMAGENT_USER_DATA_DIR to a folder on a larger disk), then try again.',
          },
        );
      }
    }
    const newState: PartState = { version: 1, url };
    const validator = header(res.headers.etag) ?? header(res.headers['last-modified']);
    if (validator !== undefined && !validator.startsWith('W/')) newState.validator = validator;
    if (size !== undefined) newState.total = size;
    if (publishedSha !== undefined) newState.sha256 = publishedSha;
    const commit = linked.commit ?? state?.commit;
    if (commit !== undefined) newState.commit = commit;
    try {
      await writePartState(dest, newState);
    } catch (error) {
      res.destroy();
      throw writeError(error, dir);
    }
    await receiveBody(res, part, {
      dest,
      url,
      total: size,
      isStalled,
      signal: this.#controller.signal,
      stallMs: this.#o.stallMs ?? DEFAULT_STALL_MS,
      meter: this.#meter,
      emit: (event) => this.#emit(event),
    });
    return finishPart(dest, part, newState, size);
  }

  #hasToken(): boolean {
    return Object.keys(this.#o.headers ?? {}).some((k) => k.toLowerCase() === 'authorization');
  }
}
