// What to export, chosen by the user (one run, one question's every run, a whole document) and
// resolved against the library; then the session gathered with the texts the runs read.
import type { DocumentInfo, DocumentText } from '../../../shared/model.ts';
import { createDocumentCache } from '../documents/cache.ts';
import { backfillEvidence } from '../store/evidence-backfill.ts';
import { findDocument, findRun } from '../store/lookup.ts';
import type { Store } from '../store/store.ts';
import {
  buildSessionExport,
  documentGone,
  selectedRuns,
  type ExportScope,
  type SessionExport,
} from './session.ts';

/** A run id (`run`, `question`: that run's question) or a document id; unique prefixes do. */
export type ExportSelection = { run: string } | { question: string } | { document: string };

export interface ResolvedSelection {
  documentId: string;
  /** Oldest first; undefined for the whole document. */
  runIds: string[] | undefined;
  scope: ExportScope;
}

/** Resolves a selection to a document and its runs, refusing unknown or ambiguous ids. */
export function resolveSelection(store: Store, selection: ExportSelection): ResolvedSelection {
  if ('document' in selection) {
    const documentId = findDocument(store, selection.document).id;
    return { documentId, runIds: undefined, scope: 'document' };
  }
  const run = findRun(store, 'run' in selection ? selection.run : selection.question);
  if ('run' in selection) return { documentId: run.documentId, runIds: [run.id], scope: 'run' };
  const runIds = store.runs
    .listByDocument(run.documentId)
    .filter((r) => r.question === run.question)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((r) => r.id);
  return { documentId: run.documentId, runIds, scope: 'question' };
}

/**
 * The session of a selection, with the passages stored with its runs. `load` is asked only for
 * the document's current text (the pages OCR read) and for a run answered before evidence was
 * kept, whose passages are found once (evidence-backfill.ts); undefined from it: not at hand.
 */
export async function collectSession(
  store: Store,
  selection: ResolvedSelection,
  now: number,
  load: TextLoader,
): Promise<SessionExport> {
  const info = store.documents.get(selection.documentId);
  if (!info) throw documentGone();
  const runIds = selectedRuns(store, info.id, selection.runIds).map((run) => run.id);
  await backfillEvidence(store, load, { runIds });
  // The OCR note names the pages and their confidence when the current text is at hand.
  const current = await load(info, info.textKey ?? info.id);
  return buildSessionExport(
    store,
    selection.documentId,
    selection.runIds,
    now,
    current,
    selection.scope,
  );
}

/** The texts a selection's runs read, by text key; a text `load` cannot have is left out. */
export async function loadRunTexts(
  store: Store,
  info: DocumentInfo,
  selection: ResolvedSelection,
  load: TextLoader,
): Promise<Map<string, DocumentText>> {
  const runs = selectedRuns(store, info.id, selection.runIds);
  const runTexts = new Map<string, DocumentText>();
  for (const key of new Set(runs.map((run) => run.textKey ?? info.id))) {
    const read = await load(info, key);
    if (read) runTexts.set(key, read);
  }
  return runTexts;
}

/** Loads the text a run read (by text key), or undefined when it cannot be had. */
export type TextLoader = (info: DocumentInfo, textKey: string) => Promise<DocumentText | undefined>;

/**
 * Texts from a library's cache folder only (`{dataDir}/cache`), never extracted again: what the
 * command line has without the app's OCR and extraction workers. A text not there is undefined.
 */
export function cachedTexts(cacheDir: string): TextLoader {
  const cache = createDocumentCache(cacheDir);
  return async (_info, textKey) => {
    try {
      return await cache.get(textKey);
    } catch {
      return undefined;
    }
  };
}
