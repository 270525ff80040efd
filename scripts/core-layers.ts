// The layers inside electron/core, written once: eslint.config.ts refuses every import that
// climbs (core-layers-rule.ts) and core-layers.test.ts checks the whole folder graph, including
// that it has no cycle. docs/development.md ("Layers inside core") explains the order.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: this file lives in scripts/. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What `coreFolderOf` calls core's own files, electron/core/*.ts (errors, abort, hash ...). */
export const BASE = '.';

/**
 * core's folders, lowest first. A folder may import only from folders on a lower row, and from
 * shared/; folders on one row know nothing of each other. Above the last row: electron/cli and
 * electron/app, which may import any of core. A folder that is not here is refused until it is
 * placed (jobs/ and use-cases/ are placed before they exist, so the rule holds when they land).
 */
export const CORE_LAYERS: readonly (readonly string[])[] = [
  // errors, abort, user-file, hash, redact, external-url, compile-cache
  [BASE],
  // text out of files; tokenizers; model files (download, GGUF headers); checklists read from
  // and written to files (shared/ shapes, base's CSV and hashing only, so every layer above, a
  // review's store, job, reports and CLI, may use them)
  ['documents', 'tokenize', 'models', 'checklists'],
  // the LLM clients; the built-in model reads its GGUF header (models/)
  ['llm'],
  // the generic job registry, the backends' limiters, job groups
  ['jobs'],
  // MemAgent: templates, chunks, the run loop, the run registry
  ['agent'],
  // SQLite: documents, runs, memories, jobs, settings (stores agent's shapes, e.g. speeds); the
  // run registry's journal; opening the app's library
  ['store'],
  // memory-bounded caches of texts, chunk plans, tokenizers, prompt frames and pages; session
  // and readable exports of stored runs
  ['caches', 'export'],
  // evaluation sets, rows and reports (reports are written with export's HTML and Markdown)
  ['eval'],
  // the backend family behind one client: a client for a profile, the built-in model's hosts,
  // the connection test
  ['backends'],
  // the application layer: open a document, prepare, start, continue a run; job groups
  ['use-cases'],
  // the IPC adapters (parse, call a use case, return) and the app's composition (createService)
  ['ipc'],
];

/** Where core ends, for a path given absolute. */
const CORE_DIR = path.join(REPO_ROOT, 'electron', 'core');
const SHARED_DIR = path.join(REPO_ROOT, 'shared');

/** Tests and their support files (as eslint.config.ts names them): outside the layers. */
export function isTestFile(file: string): boolean {
  return /(\.test|\.test-support|^test-support)\.ts$/.test(path.basename(file));
}

/** core's folder of an absolute path (`BASE` for electron/core/*.ts), or undefined outside core. */
export function coreFolderOf(file: string): string | undefined {
  const relative = path.relative(CORE_DIR, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? BASE : parts[0];
}

/** The row of a core folder in CORE_LAYERS, or undefined for a folder not placed there. */
export function layerOf(folder: string): number | undefined {
  const row = CORE_LAYERS.findIndex((names) => names.includes(folder));
  return row < 0 ? undefined : row;
}

const named = (folder: string): string =>
  folder === BASE ? "core's base files (electron/core/*.ts)" : `${folder}/`;

/** The order as one line, for messages and the docs. */
export function layerOrder(): string {
  return CORE_LAYERS.map((row) =>
    row.map((folder) => (folder === BASE ? 'base' : folder)).join(', '),
  ).join(' < ');
}

/**
 * Why the core file `from` may not import `to` (both absolute), or undefined when it may. Only
 * for product files: tests and test support sit outside the layers (a store test may open the
 * library the way the service does), but product code never imports them.
 */
export function importProblem(from: string, to: string): string | undefined {
  const source = coreFolderOf(from);
  if (source === undefined) return undefined;
  const target = coreFolderOf(to);
  if (target === undefined) {
    if (to === SHARED_DIR || to.startsWith(SHARED_DIR + path.sep)) return undefined;
    return `electron/core imports only core and shared/, not ${path.relative(REPO_ROOT, to)}.`;
  }
  if (isTestFile(to)) return `Product code never imports test code (${path.basename(to)}).`;
  if (target === source) return undefined;
  const sourceRow = layerOf(source);
  const targetRow = layerOf(target);
  const unplaced = sourceRow === undefined ? source : targetRow === undefined ? target : undefined;
  if (unplaced !== undefined || sourceRow === undefined || targetRow === undefined)
    return `electron/core/${unplaced}/ has no place in core's layers: add it to CORE_LAYERS in scripts/core-layers.ts (and docs/development.md).`;
  if (targetRow < sourceRow) return undefined;
  const where = targetRow === sourceRow ? 'beside it' : 'above it';
  return `${named(source)} may not import ${named(target)}, which is ${where} in core's layers (${layerOrder()}): move the shared piece down.`;
}
