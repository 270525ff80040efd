// Starting a run: the run entered in the library (queued, owned by this process), and its plan.
// The app's "Ask" and `memagent ask` enter runs the same way.
import { randomUUID } from 'node:crypto';
import type {
  ChunkInfo,
  DocumentInfo,
  RunBackend,
  RunSettings,
  RunSummary,
} from '../../../shared/model.ts';
import { displayUrl } from '../redact.ts';
import type { StoredProfile } from '../store/columns.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { RunPlan } from './prepare-run.ts';
import type { LibraryRunParts } from './run-parts.ts';

/**
 * How a run remembers its backend: never a key, a URL without credentials or query. Several
 * servers are named by the first, "+N more" (continuing reads from the first unless told more).
 */
export function runBackendOf(profile: StoredProfile): RunBackend {
  const more = profile.extraBaseUrls?.length ?? 0;
  return {
    kind: profile.kind,
    name: more > 0 ? `${profile.name} +${more} more` : profile.name,
    baseUrl: displayUrl(profile.baseUrl),
  };
}

export interface NewRun {
  info: DocumentInfo;
  /** The text the run reads; default the document's current one. */
  textKey?: string;
  question: string;
  settings: RunSettings;
  profile: StoredProfile;
  /** Who started it: the app, or a terminal. */
  origin: 'app' | 'cli';
  /** The model, when already known (the CLI resolves it before it chunks). */
  model?: string;
  /** The chunking, when already made: stored with the run, so a kill leaves it resumable. */
  chunks?: readonly ChunkInfo[];
}

/**
 * Enters a run as `queued`, owned by this process, in one transaction (with its chunking when
 * given): a kill at any point leaves either no run or one that can be continued from chunk 1.
 * Only a profile kept in the library is named by the run; the CLI's in-memory one is recorded
 * as its backend only.
 */
export function createRun(
  parts: Pick<LibraryRunParts, 'store' | 'writer' | 'now'>,
  run: NewRun,
): RunSummary {
  const { store, writer } = parts;
  const id = randomUUID();
  const model = run.model ?? run.profile.model;
  const stored = store.settings.profile(run.profile.id) !== undefined;
  writeTransaction(store.db, () => {
    store.runs.create({
      id,
      documentId: run.info.id,
      textKey: run.textKey ?? run.info.textKey ?? run.info.id,
      question: run.question,
      settings: run.settings,
      ...(stored ? { profileId: run.profile.id } : {}),
      ...(model ? { model } : {}),
      status: 'queued',
      createdAt: parts.now(),
      origin: run.origin,
      backend: runBackendOf(run.profile),
    });
    if (run.chunks !== undefined) store.runs.setChunks(id, run.chunks);
    store.runs.setOwner(id, writer.id);
  })();
  return store.runs.get(id) as RunSummary;
}

/** The plan of a run just created: read from chunk 1, chunked when it is prepared. */
export function newRunPlan(summary: RunSummary, profile: StoredProfile): RunPlan {
  return {
    runId: summary.id,
    question: summary.question,
    settings: summary.settings,
    profile,
    model: undefined,
    textKey: summary.textKey ?? summary.documentId,
    from: { chunks: undefined, startChunk: 0, startMemory: undefined },
  };
}
