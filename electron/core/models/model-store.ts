// The models on this computer: files downloaded into `{dataDir}/models/` and files elsewhere the
// user added by reference (never copied: a 5 GB file is not duplicated). Their records are a
// small JSON index in that folder, `models.json`, replaced atomically (written beside, renamed).
//
// Why not the SQLite library: the CLI's `--db` points runs at another library, but models belong
// to the data folder; the library may be moved aside when damaged, which must not lose track of
// gigabytes of files; the model host process reads the list without opening the database; and a
// few records need no queries. A lost or damaged index loses nothing but sources and checksums:
// GGUF files in the folder without a record are listed as found.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { checkGgufFile } from './gguf.ts';
import { writeError } from './download-errors.ts';

export const MODELS_FOLDER = 'models';
export const INDEX_FILE = 'models.json';

/** The models folder of a data folder (the app's userData, or `appDataDir()` in the CLI). */
export function modelsDirIn(dataDir: string): string {
  return path.join(dataDir, MODELS_FOLDER);
}

const sourceSchema = z.discriminatedUnion('kind', [
  /** Downloaded from the catalogue (`id`) through its `hf:` URI. */
  z.object({ kind: z.literal('catalogue'), id: z.string(), uri: z.string() }),
  z.object({ kind: z.literal('hf'), uri: z.string() }),
  /** An http(s) URL, kept without its query (which may carry a signature). */
  z.object({ kind: z.literal('url'), url: z.string() }),
  /** Added from disk by reference. */
  z.object({ kind: z.literal('file') }),
  /** A GGUF file in the models folder with no record (the index was lost, or it was copied in). */
  z.object({ kind: z.literal('found') }),
]);
export type ModelSource = z.infer<typeof sourceSchema>;

const recordSchema = z.object({
  /** What `--model` and `models --builtin --remove` take. */
  id: z.string().min(1),
  /** Absolute path of the GGUF file. */
  file: z.string(),
  bytes: z.number().int().nonnegative(),
  source: sourceSchema,
  /** SHA-256 of the file's bytes as downloaded or added. */
  sha256: z.string().optional(),
  /** The size and checksum matched what the server published (downloads only). */
  sizeVerified: z.boolean(),
  sha256Verified: z.boolean(),
  /** Hugging Face's commit of the repo it came from, when known. */
  commit: z.string().optional(),
  /** Milliseconds since 1970. */
  addedAt: z.number(),
});
export type ModelRecord = z.infer<typeof recordSchema>;

const indexSchema = z.object({ version: z.literal(1), models: z.array(recordSchema) });

/** A record as listed: `missing` when its file is gone (moved, deleted, an unplugged disk). */
export type ModelListing = ModelRecord & { missing: boolean };

export interface ModelStore {
  readonly dir: string;
  /** Every model: recorded ones (in the order added), then GGUF files found in the folder. */
  list(): Promise<ModelListing[]>;
  /** The record with this id (case-insensitive), or undefined. */
  get(id: string): Promise<ModelRecord | undefined>;
  /**
   * Records a GGUF file on disk by reference (not copied): checks its signature and computes
   * its SHA-256 (seconds for gigabytes). Adding the same file again returns its record.
   */
  add(file: string): Promise<ModelRecord>;
  /** Records a verified download (replacing a record of the same id). */
  put(record: ModelRecord): Promise<void>;
  /**
   * Forgets a model. A file in the models folder is deleted with its record; a file added by
   * reference is left where it is (`deletedFile` false). Throws NotFound for an unknown id.
   */
  remove(id: string): Promise<{ record: ModelRecord; deletedFile: boolean }>;
}

/** A model id from a file name, typed in a shell: `My Model-Q4_K_M.gguf` → `my-model-q4_k_m`. */
export function idFromFileName(file: string): string {
  return path
    .basename(file)
    .replace(/\.gguf$/i, '')
    .toLowerCase()
    .replace(/\s+/g, '-');
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The store over `dir` (created on first write). */
export function openModelStore(dir: string): ModelStore {
  const indexFile = path.join(dir, INDEX_FILE);
  // Writes within this process one at a time; another process (the app while a terminal pulls)
  // re-reads the index before each change, so only truly simultaneous changes can race.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function read(): Promise<ModelRecord[]> {
    let text: string;
    try {
      text = await readFile(indexFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new CoreError('LibraryUnavailable', `The model list ${indexFile} cannot be read.`, {
        detail: String(error),
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = indexSchema.safeParse(json);
    if (!parsed.success)
      throw new CoreError('Damaged', `The model list ${indexFile} is damaged.`, {
        hint: 'Delete it: downloaded models stay in their folder and are listed again (as found); models added from elsewhere need adding again.',
      });
    return parsed.data.models;
  }

  async function write(models: ModelRecord[]): Promise<void> {
    const temp = `${indexFile}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(temp, `${JSON.stringify({ version: 1, models }, null, 2)}\n`);
      await rename(temp, indexFile);
    } catch (error) {
      await rm(temp, { force: true });
      throw writeError(error, dir);
    }
  }

  const exists = (file: string) =>
    stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
  const find = (models: ModelRecord[], id: string) =>
    models.find((m) => m.id === id.trim().toLowerCase());

  async function list(): Promise<ModelListing[]> {
    const models = await read();
    const listed: ModelListing[] = [];
    for (const m of models) listed.push({ ...m, missing: !(await exists(m.file)) });
    const known = new Set(models.map((m) => path.resolve(m.file)));
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const file = path.join(dir, name);
      if (!/\.gguf$/i.test(name) || known.has(file)) continue;
      const s = await stat(file).catch(() => undefined);
      if (!s?.isFile()) continue;
      let id = idFromFileName(name);
      while (listed.some((m) => m.id === id)) id = `${id}-found`;
      listed.push({
        id,
        file,
        bytes: s.size,
        source: { kind: 'found' },
        sizeVerified: false,
        sha256Verified: false,
        addedAt: s.mtimeMs,
        missing: false,
      });
    }
    return listed;
  }

  return {
    dir,
    list,
    async get(id) {
      const recorded = find(await read(), id);
      if (recorded !== undefined) return recorded;
      return (await list()).find((m) => m.id === id.trim().toLowerCase());
    },
    add(file) {
      return serial(async () => {
        const absolute = path.resolve(file);
        const bytes = await checkGgufFile(absolute);
        const models = await read();
        const same = models.find((m) => path.resolve(m.file) === absolute);
        if (same !== undefined && same.bytes === bytes) return same;
        const base = idFromFileName(absolute);
        let id = base;
        for (let n = 2; models.some((m) => m.id === id && m !== same); n += 1) id = `${base}-${n}`;
        const inFolder = path.dirname(absolute) === path.resolve(dir);
        const record: ModelRecord = {
          id,
          file: absolute,
          bytes,
          source: inFolder ? { kind: 'found' } : { kind: 'file' },
          sha256: await sha256Of(absolute),
          sizeVerified: false,
          sha256Verified: false,
          addedAt: Date.now(),
        };
        await write([...models.filter((m) => m !== same), record]);
        return record;
      });
    },
    put(record) {
      return serial(async () => {
        const models = (await read()).filter(
          (m) => m.id !== record.id && path.resolve(m.file) !== path.resolve(record.file),
        );
        await write([...models, record]);
      });
    },
    remove(id) {
      return serial(async () => {
        const models = await read();
        const record =
          find(models, id) ?? (await list()).find((m) => m.id === id.trim().toLowerCase());
        if (record === undefined)
          throw new CoreError('NotFound', `There is no model "${id}" on this computer.`, {
            hint: '`memagent models --builtin` lists them.',
          });
        const inFolder = path.dirname(path.resolve(record.file)) === path.resolve(dir);
        if (inFolder) {
          try {
            await rm(record.file, { force: true });
          } catch (error) {
            throw writeError(error, dir);
          }
        }
        await write(models.filter((m) => m.id !== record.id));
        return { record: { ...record }, deletedFile: inFolder };
      });
    },
  };
}
