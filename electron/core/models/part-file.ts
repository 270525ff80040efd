// A download in progress on disk: `NAME.gguf.part` (the bytes so far) and `NAME.gguf.part.json`
// beside it (where they come from and what the server published about them), so a download
// paused, broken or interrupted by a restart continues where it stopped.
//
// The SHA-256 is computed while the bytes arrive; Node cannot save a hash's inner state, so a
// resumed download reads the part once more to rebuild it (0.5-0.6 GB/s measured from a warm page cache on a
// loaded 2-core machine: about 8-10 s for a 4.7 GB part), which
// also makes the check cover bytes written before a crash that the state file never heard of.
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { formatBytes } from '../../../shared/model-catalogue.ts';
import { CoreError } from '../errors.ts';
import { writeError } from './download-errors.ts';
import { damagedGguf, GGUF_HEAD_BYTES, ggufFileFault, ggufProblem, notGguf } from './gguf.ts';

const stateSchema = z.object({
  version: z.literal(1),
  /** The URL asked for (before redirects): a part from another URL is never continued. */
  url: z.string(),
  /** The final response's ETag or Last-Modified, sent back as If-Range. */
  validator: z.string().optional(),
  /** The whole file's size, as the server said. */
  total: z.number().int().nonnegative().optional(),
  /** The SHA-256 the server (Hugging Face's X-Linked-Etag) or the caller published. */
  sha256: z.string().optional(),
  /** Hugging Face's commit of the repo (X-Repo-Commit), recorded with the model. */
  commit: z.string().optional(),
});
export type PartState = z.infer<typeof stateSchema>;

export const partPath = (dest: string) => `${dest}.part`;
export const statePath = (dest: string) => `${dest}.part.json`;

/** The state beside `dest`'s part, or undefined when missing or unreadable (then start over). */
export async function readPartState(dest: string): Promise<PartState | undefined> {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(await readFile(statePath(dest), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the state beside the part: a temporary file renamed over the old one. */
export async function writePartState(dest: string, state: PartState): Promise<void> {
  const file = statePath(dest);
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, `${JSON.stringify(state)}\n`);
  await rename(temp, file);
}

/** Removes the part and its state (a cancelled download, a failed check). */
export async function removePartFiles(dest: string): Promise<void> {
  await rm(partPath(dest), { force: true });
  await rm(statePath(dest), { force: true });
}

/** The part's bytes read again: their hash so far, their count and the first bytes. */
export async function rehashPart(
  dest: string,
): Promise<{ hash: Hash; bytes: number; head: Buffer }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of createReadStream(partPath(dest))) {
      const buffer = chunk as Buffer;
      hash.update(buffer);
      if (head.length < GGUF_HEAD_BYTES)
        head = Buffer.concat([head, buffer.subarray(0, GGUF_HEAD_BYTES - head.length)]);
      bytes += buffer.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { hash, bytes, head };
}

/** The folder a download writes in (for messages and the space check). */
export const folderOf = (dest: string) => path.dirname(dest);

export const lockPath = (dest: string) => `${dest}.part.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dest`'s part for this download, so the app and a terminal never write one part at
 * once: a lock file holding the pid, created exclusively. A lock whose process is gone (a crash,
 * a kill -9) is taken over. Returns the release, or the pid holding it.
 */
export async function lockPart(
  dest: string,
): Promise<{ release: () => Promise<void> } | { heldBy: number }> {
  const file = lockPath(dest);
  for (let tries = 0; tries < 2; tries += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) return { heldBy: pid };
      await rm(file, { force: true });
    }
  }
  return { heldBy: -1 };
}

/** A verified file in place: what `finishPart` checked. */
export interface FinishedPart {
  path: string;
  bytes: number;
  sha256: string;
  sizeVerified: boolean;
  sha256Verified: boolean;
  commit?: string;
}

/**
 * Checks a complete part (GGUF signature, size, SHA-256 against what was published, the GGUF
 * header) and renames it into place; a part that fails is removed, and the sentence says so.
 */
export async function finishPart(
  dest: string,
  part: { hash: Hash; bytes: number; head: Buffer },
  state: PartState,
  size: number | undefined,
): Promise<FinishedPart> {
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
  // The bytes are the ones published, but what was published may still not load (hostile or
  // broken at the source): llama.cpp would abort on some such headers.
  const fault = await ggufFileFault(partPath(dest));
  if (fault !== null) {
    await removePartFiles(dest);
    throw damagedGguf(`The downloaded ${name}`, fault, ', so it was removed');
  }
  try {
    await rename(partPath(dest), dest);
  } catch (error) {
    throw writeError(error, path.dirname(dest));
  }
  await rm(`${dest}.part.json`, { force: true });
  const result: FinishedPart = {
    path: dest,
    bytes: part.bytes,
    sha256,
    sizeVerified: size !== undefined,
    sha256Verified: state.sha256 !== undefined,
  };
  if (state.commit !== undefined) result.commit = state.commit;
  return result;
}
