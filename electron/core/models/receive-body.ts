// The body of a download's response written into the part: the GGUF signature checked on the
// first 8 bytes, each chunk written at its offset and then hashed (so hash and file never
// disagree), progress at most every 100 ms, and a body cut short told apart from a stall.
import type { Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { formatBytes } from '../../../shared/model-catalogue.ts';
import { CoreError } from '../errors.ts';
import type { DownloadEvent, DownloadProgress } from './download.ts';
import {
  hostOf,
  networkError,
  RESUME_HINT,
  retryable,
  stallError,
  writeError,
} from './download-errors.ts';
import { GGUF_HEAD_BYTES, ggufProblem, notGguf } from './gguf.ts';
import { partPath, removePartFiles } from './part-file.ts';
import type { SpeedMeter } from './speed-meter.ts';

/** The part so far: its running SHA-256, its length and its first bytes. */
export interface PartSoFar {
  hash: Hash;
  bytes: number;
  head: Buffer;
}

export interface ReceiveOptions {
  dest: string;
  url: string;
  /** The whole file's size, when known. */
  total: number | undefined;
  isStalled: () => boolean;
  signal: AbortSignal;
  stallMs: number;
  meter: SpeedMeter;
  emit: (event: DownloadEvent) => void;
}

/** Writes `res`'s body after `part.bytes` bytes. Throws CoreError (retryable ones included). */
export async function receiveBody(
  res: http.IncomingMessage,
  part: PartSoFar,
  o: ReceiveOptions,
): Promise<void> {
  const { dest, url, total, meter, emit } = o;
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
  meter.reset(part.bytes);
  emit({ type: 'started', resumedFrom: part.bytes, total });
  const progress = (force: boolean) => {
    if (!meter.due() && !force) return;
    const bytesPerSec = meter.perSecond(part.bytes);
    const p: DownloadProgress = { received: part.bytes, bytesPerSec };
    if (total !== undefined) p.total = total;
    if (total !== undefined && bytesPerSec > 0)
      p.etaMs = ((total - part.bytes) / bytesPerSec) * 1000;
    emit({ type: 'progress', progress: p });
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
            throw notGguf(decodeURIComponent(path.posix.basename(new URL(url).pathname)), problem);
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
    if (o.signal.aborted) throw error;
    if (o.isStalled()) throw stallError(url, o.stallMs);
    throw retryable(networkError(error, url, part.bytes));
  } finally {
    await handle.close().catch(() => undefined);
  }
  progress(true);
  if (o.signal.aborted) throw new Error('aborted');
  if (total !== undefined && part.bytes < total)
    throw retryable(
      new CoreError(
        'BackendFailed',
        `The connection to ${hostOf(url)} closed after ${formatBytes(part.bytes)} of ${formatBytes(total)}.`,
        { hint: RESUME_HINT },
      ),
    );
}
