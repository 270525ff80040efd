// The one-time back-fill of evidence for runs answered before evidence was kept with a run
// (migration 9 lists them). Their passages need the text they read, which the SQL migration
// cannot reach (the text cache on disk, or the document's file extracted again), so they are
// found here, after the library is open: the app goes through the whole list in the background,
// and a view of one waiting run (`runs:get`, `memagent show`, an export) finds that run's first.
// Each run leaves the list once tried, so no text is loaded for it again.
import type { DocumentInfo, DocumentText, Evidence } from '../../../shared/model.ts';
import { runEvidence } from '../agent/run-evidence.ts';
import type { Store } from './store.ts';

/** Loads the text a run read (by text key), or undefined when it cannot be had. */
export type EvidenceTextLoader = (
  info: DocumentInfo,
  textKey: string,
) => Promise<DocumentText | undefined>;

export interface BackfillOptions {
  /** Only these runs (those a view is about to show); all waiting runs without. */
  runIds?: readonly string[];
  /** Stops between runs (the library is closing). */
  signal?: AbortSignal;
}

/**
 * Finds and stores the passages of the waiting runs (all, or `runIds`), one text load per text
 * key, and takes each off the waiting list whether or not its text could be had. Resolves with
 * the passages found, by run id, also those a read-only library could not store (a view shows
 * them all the same). Never rejects: a run that cannot be back-filled keeps no evidence.
 */
export async function backfillEvidence(
  store: Store,
  load: EvidenceTextLoader,
  options: BackfillOptions = {},
): Promise<Map<string, Evidence[]>> {
  const found = new Map<string, Evidence[]>();
  try {
    await backfill(store, load, options, found);
  } catch {
    // The library closed under the pass (the app quitting): the rest waits for the next open.
  }
  return found;
}

async function backfill(
  store: Store,
  load: EvidenceTextLoader,
  options: BackfillOptions,
  found: Map<string, Evidence[]>,
): Promise<void> {
  const queue = store.evidenceQueue;
  const waiting =
    options.runIds === undefined ? queue.pending() : options.runIds.filter((id) => queue.has(id));
  // Grouped by the text they read: one text in memory at a time, loaded once.
  const byKey = new Map<string, { info: DocumentInfo; runIds: string[] }>();
  for (const runId of waiting) {
    const run = store.runs.get(runId);
    const info = run && store.documents.get(run.documentId);
    if (!run || !info) {
      settle(store, runId);
      continue;
    }
    const key = run.textKey ?? info.id;
    const group = byKey.get(key) ?? { info, runIds: [] };
    group.runIds.push(runId);
    byKey.set(key, group);
  }
  for (const [key, { info, runIds }] of byKey) {
    if (options.signal?.aborted) break;
    const text = await load(info, key).catch(() => undefined);
    if (options.signal?.aborted) break;
    for (const runId of runIds) {
      try {
        const evidence = text && evidenceOf(store, runId, text);
        if (evidence) {
          found.set(runId, evidence);
          store.runs.setEvidence(runId, evidence);
        }
      } catch {
        // A read-only library cannot store them: the view shows what was found all the same.
      }
      settle(store, runId);
    }
  }
}

/** The passages of a stored run in `text`; undefined when its chunks do not fit that text. */
function evidenceOf(store: Store, runId: string, text: DocumentText): Evidence[] | undefined {
  const run = store.runs.get(runId);
  const answer = store.runs.answer(runId);
  if (!run || !answer) return undefined;
  const chunks = store.runs.chunks(runId);
  if (chunks.some((c) => c.end > text.text.length)) return undefined;
  return runEvidence({
    question: run.question,
    answer: answer.answer,
    memories: store.runs.memories(runId),
    chunks,
    document: text,
    quotes: store.quotes.get(runId)?.quotes ?? [],
  });
}

function settle(store: Store, runId: string): void {
  try {
    store.evidenceQueue.done(runId);
  } catch {
    // Read-only, or closed: it is tried again by the next process that can write the library.
  }
}
