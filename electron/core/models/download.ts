// Downloads one model file: progress with speed and time left, pause and resume across restarts
// (HTTP Range on the `.part` file, part-file.ts), automatic resumes after a dropped connection or
// a stall, a disk-space check before the first byte, the GGUF signature checked on the first 8
// bytes, size and SHA-256 verified at the end, and the file renamed into place only then.
import type { Hash } from 'node:crypto';
import { createHash } from 'node:crypto';
import { mkdir, open, rename, rm, stat, statfs } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../llm/redact.ts';
import { formatBytes } from '../../../shared/model-catalogue.ts';
import { hostOf, networkError, RESUME_HINT, statusError, writeError } from './download-errors.ts';
import { GGUF_HEAD_BYTES, ggufProblem, notGguf } from './gguf.ts';
import {
  lockPart,
  partPath,
  readPartState,
  rehashPart,
  removePartFiles,
  writePartState,
  type PartState,
} from './part-file.ts';
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
  | { type: 'started'; resumedFrom: number; total?: number }
  /** Starting again from byte 0, and why, in a sentence. */
  | { type: 'restarted'; reason: string }
  /** A dropped connection or a stall, continued automatically. */
  | { type: 'retrying'; attempt: number; of: number; reason: string }
  | { type: 'progress'; progress: DownloadProgress };

export interface DownloadResult {
  path: string;
  bytes: number;
  sha256: string;
  /** What the size and checksum were compared with: what the server or the caller published. */
  sizeVerified: boolean;
  sha256Verified: boolean;
  /** Hugging Face's commit of the repo, when it said. */
  commit?: string;
}

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
const MAX_REDIRECTS = 10;

class StallError extends Error {}
/** Failures another request may get past (a dropped connection, a stall, a 5xx): resumed automatically. */
const RETRYABLE = new WeakSet<CoreError>();
function retryable(error: CoreError): CoreError {
  RETRYABLE.add(error);
  return error;
}
/** The server ignored Range, or the file changed: the caller starts again from zero. */
class Restart extends Error {}

async function defaultFreeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/** The SHA-256 in Hugging Face's X-Linked-Etag (`"<64 hex>"`), if it is one. */
function linkedSha256(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.replace(/^W\//, '').replace(/"/g, '');
  return text !== undefined && /^[0-9a-f]{64}$/.test(text) ? text : undefined;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

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
        if (!(error instanceof CoreError) || !RETRYABLE.has(error) || attempt >= retries)
          throw error;
        attempt += 1;
        this.#emit({ type: 'retrying', attempt, of: retries, reason: error.message });
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
    if (offset > 0 && state?.total === offset) return this.#finish(part, state, offset);
    this.#emit({ type: 'connecting', url: displayUrl(url) });
    const { res, linked, isStalled } = await this.#request(
      offset > 0 ? { from: offset, validator: state?.validator } : undefined,
    );
    const status = res.statusCode ?? 0;
    let total: number | undefined;
    if (status === 416 && offset > 0) {
      res.resume();
      this.#emit({
        type: 'restarted',
        reason: `${hostOf(url)} cannot continue the saved part; starting again from zero.`,
      });
      await removePartFiles(dest);
      throw new Restart();
    } else if (status === 200 && offset > 0) {
      this.#emit({
        type: 'restarted',
        reason: `${hostOf(url)} sent the whole file instead of the rest (it ignores range requests, or the file changed); starting again from zero.`,
      });
      part.hash = createHash('sha256');
      part.bytes = 0;
      part.head = Buffer.alloc(0);
    } else if (status === 206) {
      const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header(res.headers['content-range']) ?? '');
      if (m === null || Number(m[1]) !== offset) {
        res.resume();
        this.#emit({
          type: 'restarted',
          reason: `${hostOf(url)} sent another part of the file than asked for; starting again from zero.`,
        });
        await removePartFiles(dest);
        throw new Restart();
      }
      if (m[3] !== '*') total = Number(m[3]);
    } else if (status !== 200) {
      res.resume();
      const error = statusError(status, url, this.#hasToken());
      throw status >= 500 || status === 429 || status === 408 ? retryable(error) : error;
    }
    const start = part.bytes;
    if (status === 200) {
      const length = Number(header(res.headers['content-length']));
      if (Number.isFinite(length) && header(res.headers['content-length']) !== undefined)
        total = length;
    }
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
    await this.#receive(res, part, size, isStalled);
    return this.#finish(part, newState, size);
  }

  async #receive(
    res: http.IncomingMessage,
    part: { hash: Hash; bytes: number; head: Buffer },
    total: number | undefined,
    isStalled: () => boolean,
  ): Promise<void> {
    const { dest, url } = this.#o;
    const dir = path.dirname(dest);
    let handle;
    try {
      handle = await open(partPath(dest), part.bytes === 0 ? 'w' : 'r+');
      // Bytes past the checked ones (a write cut short by a full disk) are written over.
      if (part.bytes > 0) await handle.truncate(part.bytes);
    } catch (error) {
      res.destroy();
      throw writeError(error, dir);
    }
    this.#meter.reset(part.bytes);
    this.#emit({ type: 'started', resumedFrom: part.bytes, total });
    const progress = (force: boolean) => {
      if (!this.#meter.due() && !force) return;
      const bytesPerSec = this.#meter.perSecond(part.bytes);
      const p: DownloadProgress = { received: part.bytes, bytesPerSec };
      if (total !== undefined) p.total = total;
      if (total !== undefined && bytesPerSec > 0)
        p.etaMs = ((total - part.bytes) / bytesPerSec) * 1000;
      this.#emit({ type: 'progress', progress: p });
    };
    try {
      for await (const chunk of res) {
        const buffer = chunk as Buffer;
        if (part.head.length < GGUF_HEAD_BYTES) {
          part.head = Buffer.concat([
            part.head,
            buffer.subarray(0, GGUF_HEAD_BYTES - part.head.length),
          ]);
          if (part.head.length >= GGUF_HEAD_BYTES) {
            const problem = ggufProblem(part.head);
            if (problem !== null) {
              res.destroy();
              await handle.close();
              await removePartFiles(dest);
              throw notGguf(
                decodeURIComponent(path.posix.basename(new URL(url).pathname)),
                problem,
              );
            }
          }
        }
        try {
          await handle.write(buffer, 0, buffer.length, part.bytes);
        } catch (error) {
          res.destroy();
          throw writeError(error, dir);
        }
        part.hash.update(buffer);
        part.bytes += buffer.length;
        progress(false);
      }
    } catch (error) {
      if (error instanceof CoreError) throw error;
      if (this.#controller.signal.aborted) throw error;
      if (isStalled()) throw this.#stallError();
      throw retryable(networkError(error, url, part.bytes));
    } finally {
      await handle.close().catch(() => undefined);
    }
    progress(true);
    if (this.#controller.signal.aborted) throw new Error('aborted');
    if (total !== undefined && part.bytes < total)
      throw retryable(
        new CoreError(
          'BackendFailed',
          `The connection to ${hostOf(url)} closed after ${formatBytes(part.bytes)} of ${formatBytes(total)}.`,
          { hint: RESUME_HINT },
        ),
      );
  }

  #stallError(): CoreError {
    const ms = this.#o.stallMs ?? 60_000;
    const seconds = ms >= 10_000 ? String(Math.round(ms / 1000)) : (ms / 1000).toFixed(1);
    return retryable(
      new CoreError(
        'BackendFailed',
        `The download stalled: ${hostOf(this.#o.url)} sent nothing for ${seconds} s.`,
        { hint: RESUME_HINT },
      ),
    );
  }

  async #finish(
    part: { hash: Hash; bytes: number; head: Buffer },
    state: PartState,
    size: number | undefined,
  ): Promise<DownloadResult> {
    const { dest } = this.#o;
    const sha256 = part.hash.digest('hex');
    const name = path.basename(dest);
    if (part.bytes < GGUF_HEAD_BYTES || ggufProblem(part.head) !== null) {
      await removePartFiles(dest);
      throw notGguf(name, ggufProblem(part.head) ?? 'it is shorter than a GGUF header');
    }
    if (size !== undefined && part.bytes !== size) {
      await removePartFiles(dest);
      throw new CoreError(
        'Damaged',
        `The downloaded ${name} has ${formatBytes(part.bytes)} where ${formatBytes(size)} were published, so it was removed.`,
        {
          hint: 'Download it again.',
        },
      );
    }
    if (state.sha256 !== undefined && state.sha256 !== sha256) {
      await removePartFiles(dest);
      throw new CoreError(
        'Damaged',
        `The downloaded ${name} does not match its published SHA-256 checksum, so it was removed.`,
        {
          hint: 'Download it again; if it fails the same way, the file on the server may have been replaced or damaged.',
          detail: `expected ${state.sha256}, got ${sha256}`,
        },
      );
    }
    try {
      await rename(partPath(dest), dest);
    } catch (error) {
      throw writeError(error, path.dirname(dest));
    }
    await rm(`${dest}.part.json`, { force: true });
    const result: DownloadResult = {
      path: dest,
      bytes: part.bytes,
      sha256,
      sizeVerified: size !== undefined,
      sha256Verified: state.sha256 !== undefined,
    };
    if (state.commit !== undefined) result.commit = state.commit;
    return result;
  }

  #hasToken(): boolean {
    return Object.keys(this.#o.headers ?? {}).some((k) => k.toLowerCase() === 'authorization');
  }

  /** GET with redirects followed by hand, keeping what Hugging Face says on the way. */
  async #request(range: { from: number; validator: string | undefined } | undefined) {
    const origin = new URL(this.#o.url).origin;
    const linked: { size?: number; sha256?: string; commit?: string } = {};
    let current = this.#o.url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const target = new URL(current);
      const headers: Record<string, string> = {
        'user-agent': 'memagent-desktop',
        'accept-encoding': 'identity',
      };
      if (target.origin === origin) Object.assign(headers, this.#o.headers);
      if (range !== undefined) {
        headers.range = `bytes=${range.from}-`;
        if (range.validator !== undefined) headers['if-range'] = range.validator;
      }
      const got = await this.#get(target, headers);
      const h = got.res.headers;
      const size = Number(header(h['x-linked-size']));
      if (header(h['x-linked-size']) !== undefined && Number.isSafeInteger(size))
        linked.size = size;
      linked.sha256 = linkedSha256(h['x-linked-etag']) ?? linked.sha256;
      linked.commit = header(h['x-repo-commit']) ?? linked.commit;
      const location = header(h.location);
      if ([301, 302, 303, 307, 308].includes(got.res.statusCode ?? 0) && location !== undefined) {
        got.res.resume();
        current = new URL(location, current).toString();
        continue;
      }
      return { ...got, linked };
    }
    throw new CoreError(
      'BackendFailed',
      `${hostOf(this.#o.url)} redirected the download more than ${MAX_REDIRECTS} times.`,
    );
  }

  #get(url: URL, headers: Record<string, string>) {
    return new Promise<{ res: http.IncomingMessage; isStalled: () => boolean }>(
      (resolve, reject) => {
        if (url.protocol !== 'https:' && url.protocol !== 'http:') {
          reject(new CoreError('BadUsage', `${displayUrl(url.toString())} is not an http(s) URL.`));
          return;
        }
        let stalled = false;
        const get = url.protocol === 'https:' ? https.get : http.get;
        const req = get(url, { headers, signal: this.#controller.signal, agent: false }, (res) =>
          resolve({ res, isStalled: () => stalled }),
        );
        req.setTimeout(this.#o.stallMs ?? 60_000, () => {
          stalled = true;
          req.destroy(new StallError());
        });
        req.on('error', (error) => {
          if (this.#controller.signal.aborted) reject(error);
          else if (stalled) reject(this.#stallError());
          else {
            const failure = networkError(error, url.toString(), 0);
            reject(isOffline(error) ? failure : retryable(failure));
          }
        });
      },
    );
  }
}

function isOffline(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNREFUSED';
}
