// A job over several documents in a real library, entered as the command line and the app
// enter them (core/use-cases: openDocument, createRun): the files on disk, their texts in the
// library's cache, every run `queued` with no chunking yet (made when the run is prepared), as a
// review's cells are. Not a test file itself.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_READING,
  DEFAULT_RUN_SETTINGS,
  type DocumentInfo,
  type RunSettings,
} from '../../shared/model.ts';
import { createDocumentCache } from '../core/documents/cache.ts';
import { extractDocument } from '../core/documents/index.ts';
import { openStore } from '../core/store/store.ts';
import { writeTransaction } from '../core/store/write-transaction.ts';
import { registerWriter } from '../core/store/writers.ts';
import { openDocument, type TextCache } from '../core/use-cases/open-document.ts';
import type { Store } from '../core/store/store.ts';
import { createRun, runBackendOf } from '../core/use-cases/start-run.ts';
import { createCliRunParts, serverProfile } from './cli-run-parts.ts';

export const DOCUMENTS_JOB_SETTINGS: RunSettings = {
  ...DEFAULT_RUN_SETTINGS,
  chunkTokens: 256,
  tokenizer: 'o200k',
};

/** DOCUMENTS_JOB_SETTINGS as command-line flags, with the quote step off. */
export const DOCUMENTS_JOB_FLAGS: readonly string[] = [
  '--chunk-tokens',
  String(DOCUMENTS_JOB_SETTINGS.chunkTokens),
  '--tokenizer',
  DOCUMENTS_JOB_SETTINGS.tokenizer,
  '--quote-check',
  'off',
];

/**
 * `memagent review FILE... --checklist LIST` at DOCUMENTS_JOB_FLAGS, in the library `db`, read
 * from the server at `baseUrl`, then `more`.
 */
export const reviewCommand = (
  review: { files: readonly string[]; checklist: string; db: string; baseUrl: string },
  ...more: string[]
): string[] => [
  'review',
  ...review.files,
  '--checklist',
  review.checklist,
  ...DOCUMENTS_JOB_FLAGS,
  '--db',
  review.db,
  '--base-url',
  review.baseUrl,
  ...more,
];

/** Document `d`: about `paragraphs` paragraphs, its own vault code in the middle. */
export function documentText(d: number, paragraphs: number): string {
  const out: string[] = [];
  for (let i = 0; i < paragraphs; i += 1) {
    if (i === Math.floor(paragraphs / 2)) out.push(`The vault code of site ${d} is ${4700 + d}.`);
    out.push(
      `Site ${d}, paragraph ${i + 1}: the river bends twice before the mill, and travellers talk of the weather and the harvest by the old bridge.`,
    );
  }
  return out.join('\n\n');
}

/**
 * Writes `text` to `file` and enters it in the library as `memagent ask FILE` does
 * (open-document.ts, read by the app's extractor). The CLI tests and the job benchmarks enter
 * their documents through this one path.
 */
export async function enterFile(
  store: Store,
  texts: TextCache,
  file: string,
  text: string,
): Promise<DocumentInfo> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const bytes = fs.readFileSync(file);
  const opened = await openDocument(
    { store, texts, now: Date.now },
    {
      bytes,
      name: path.basename(file),
      path: file,
      reading: DEFAULT_READING,
      extract: () => extractDocument({ bytes, name: path.basename(file) }),
    },
  );
  return opened.info;
}

/**
 * Writes `documents` files into `dir`, enters them in the library `db` (its data folder: the
 * file's folder) and stores one job of every document × `questions` (documents first), read
 * from `baseUrl`. Returns the job's id and its runs in the job's order.
 */
export async function createDocumentsJob(options: {
  dir: string;
  db: string;
  documents: number;
  questions: readonly string[];
  baseUrl: string;
  paragraphs?: number;
}): Promise<{ jobId: string; runIds: string[] }> {
  const { dir, db } = options;
  const store = openStore(path.dirname(db), db);
  const writer = registerWriter(store.db, 'cli');
  const cache = createDocumentCache(path.join(path.dirname(db), 'cache'));
  const texts = { cached: (key: string) => cache.get(key), remember: cache.put.bind(cache) };
  const parts = { ...createCliRunParts({ concurrency: 2 }), store, writer, now: Date.now };
  const profile = serverProfile({ baseUrl: options.baseUrl, timeoutMs: 30_000, maxRetries: 0 });
  try {
    const infos: DocumentInfo[] = [];
    for (let d = 0; d < options.documents; d += 1) {
      const text = documentText(d, (options.paragraphs ?? 20) + d * 12);
      infos.push(await enterFile(store, texts, path.join(dir, `site-${d}.txt`), text));
    }
    const jobId = randomUUID();
    const runIds: string[] = [];
    writeTransaction(store.db, () => {
      store.jobs.create({
        id: jobId,
        kind: 'review',
        title: `${options.documents} documents × ${options.questions.length} questions`,
        createdAt: Date.now(),
        backend: runBackendOf(profile),
        owner: writer.id,
      });
      for (const info of infos) {
        for (const question of options.questions) {
          const run = createRun(parts, {
            info,
            question,
            settings: DOCUMENTS_JOB_SETTINGS,
            profile,
            origin: 'cli',
          });
          store.jobs.addRun(jobId, run.id, runIds.length);
          runIds.push(run.id);
        }
      }
      // As a process that stopped before reading: the job and its runs wait to be continued.
      store.jobs.setState(jobId, 'interrupted', Date.now());
    })();
    return { jobId, runIds };
  } finally {
    await parts.close();
    writer.close();
    store.close();
  }
}
