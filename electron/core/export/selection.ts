// What to export, chosen by the user (one run, one question's every run, a whole document) and
// resolved against the library; then the session gathered with the texts the runs read.
import type { DocumentInfo, DocumentText } from '../../../shared/model.ts';
import { createDocumentCache } from '../documents/cache.ts';
import { CoreError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { buildSessionExport, type ExportScope, type SessionExport } from './session.ts';

/** A run id (`run`, `question`: that run's question) or a document id; unique prefixes do. */
export type ExportSelection = { run: string } | { question: string } | { document: string };

export interface ResolvedSelection {
  documentId: string;
  /** Oldest first; undefined for the whole document. */
  runIds: string[] | undefined;
  scope: ExportScope;
}

/** The one id in `table` that starts with `prefix`, or a sentence saying none or several do. */
function uniqueId(store: Store, table: 'runs' | 'documents', prefix: string): string {
  const what = table === 'runs' ? 'run' : 'document';
  const given = prefix.trim();
  if (given === '') throw new CoreError('BadUsage', `Give a ${what} id.`);
  const like = `${given.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = store.db
    .prepare(`SELECT id FROM ${table} WHERE id LIKE ? ESCAPE '\\' ORDER BY id LIMIT 3`)
    .all(like) as { id: string }[];
  if (rows.length === 0)
    throw new CoreError('NotFound', `No ${what} in the library has an id starting with ${given}.`, {
      hint: table === 'runs' ? 'memagent runs lists them.' : 'Give the document file instead.',
    });
  if (rows.length > 1 && rows[0]?.id !== given)
    throw new CoreError('BadUsage', `Several ${what}s have ids starting with ${given}.`, {
      hint: 'Give more of the id.',
    });
  return rows[0]?.id ?? given;
}

/** Resolves a selection to a document and its runs, refusing unknown or ambiguous ids. */
export function resolveSelection(store: Store, selection: ExportSelection): ResolvedSelection {
  if ('document' in selection) {
    const documentId = uniqueId(store, 'documents', selection.document);
    return { documentId, runIds: undefined, scope: 'document' };
  }
  const runId = uniqueId(store, 'runs', 'run' in selection ? selection.run : selection.question);
  const run = store.runs.get(runId);
  if (run === undefined)
    throw new CoreError('NotFound', 'This run is not in the library any more.');
  if ('run' in selection) return { documentId: run.documentId, runIds: [run.id], scope: 'run' };
  const runIds = store.runs
    .listByDocument(run.documentId)
    .filter((r) => r.question === run.question)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((r) => r.id);
  return { documentId: run.documentId, runIds, scope: 'question' };
}

/**
 * The texts a selection's runs read, by text key, from `load` (which returns undefined for a
 * text it cannot have: those runs go without citations), and the session built from them.
 */
export async function collectSession(
  store: Store,
  selection: ResolvedSelection,
  now: number,
  load: (info: DocumentInfo, textKey: string) => Promise<DocumentText | undefined>,
): Promise<SessionExport> {
  const info = store.documents.get(selection.documentId);
  if (!info) throw new CoreError('NotFound', 'This document is not in the library any more.');
  const runs =
    selection.runIds?.map((id) => store.runs.get(id)) ??
    store.runs.listByDocument(selection.documentId);
  const runTexts = new Map<string, DocumentText>();
  for (const key of new Set(runs.map((run) => run?.textKey ?? info.id))) {
    const read = await load(info, key);
    if (read) runTexts.set(key, read);
  }
  // The OCR note names the pages and their confidence when the current text is at hand.
  const current =
    runTexts.get(info.textKey ?? info.id) ?? (await load(info, info.textKey ?? info.id));
  return buildSessionExport(
    store,
    selection.documentId,
    selection.runIds,
    now,
    current,
    runTexts,
    selection.scope,
  );
}

/**
 * Texts from a library's cache folder only (`{dataDir}/cache`), never extracted again: what the
 * command line has without the app's OCR and extraction workers. A text not there is undefined.
 */
export function cachedTexts(
  cacheDir: string,
): (info: DocumentInfo, textKey: string) => Promise<DocumentText | undefined> {
  const cache = createDocumentCache(cacheDir);
  return async (_info, textKey) => {
    try {
      return await cache.get(textKey);
    } catch {
      return undefined;
    }
  };
}
