// Launching any stored run of a job from where it stopped: the launcher `driveJob` takes, for
// jobs over one document or many. Each run waits for its backend's slot holding nothing; only
// then is its document's text loaded (through the shared text cache: one load per text however
// many runs read it) and its saved chunking checked against it.
import type { RunSummary } from '../../../shared/model.ts';
import type { PreparedRun, RunRegistry } from '../agent/run-registry.ts';
import type { RunOutcome } from '../agent/run-outcome.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { RunStart } from './job-claim.ts';
import { prepareRun, type PrepareHooks, type ReadyRun, type RunPlan } from './prepare-run.ts';
import type { LibraryRunParts } from './run-parts.ts';

export interface JobLauncherOptions {
  parts: LibraryRunParts;
  registry: Pick<RunRegistry, 'launch'>;
  /** The shared text cache (caches/document-texts.ts). */
  texts: Pick<DocumentTexts, 'load'>;
  jobId: string;
  /** The backend every run of the job reads with. */
  profile: StoredProfile;
  /** Who receives the runs' events (a window, or the command's name). */
  owner: string;
  /** Read with this model on purpose; default each run's own on its own backend. */
  model?: string | undefined;
  /** A run's warnings and retries (default: none). */
  hooks?: (runId: string) => PrepareHooks;
  /**
   * A run is prepared and about to read: its text, chunking and where it starts. The caller may
   * adjust `ready.prepared` (e.g. stream the memory or not) and keep what it prints.
   */
  onPrepared?: (runId: string, ready: ReadyRun) => void;
}

/**
 * Makes the `launchRun` of `driveJob` (job-group.ts) for job `jobId`: run `runId` is launched in
 * the registry in the job's group (so the job takes turns with other work on the backend) on
 * `profile`'s limiter, and prepared only once it holds a slot. A run whose document left the
 * library, or whose saved chunking no longer fits its text, fails with one sentence; the job
 * goes on with its other runs.
 */
export function jobLauncher(
  options: JobLauncherOptions,
): (runId: string, from: RunStart) => Promise<RunOutcome> {
  const { parts, profile } = options;
  const { store } = parts;
  return (runId, from) => {
    const summary = store.runs.get(runId);
    if (!summary) throw new CoreError('NotFound', 'This question of the job no longer exists.');
    const info = store.documents.get(summary.documentId);
    if (!info) {
      throw new CoreError(
        'NotFound',
        'The document of this question is no longer in the library.',
        {
          hint: 'Ask the question again as a new run.',
        },
      );
    }
    const plan: RunPlan = {
      runId,
      question: summary.question,
      settings: summary.settings,
      profile,
      model: options.model ?? (sameBackend(summary, profile) ? summary.model : undefined),
      textKey: summary.textKey ?? info.id,
      from: { chunks: from.chunks, startChunk: from.startChunk, startMemory: from.startMemory },
    };
    return options.registry.launch(runId, {
      owner: options.owner,
      backend: profile.id,
      group: options.jobId,
      prepare: async (signal): Promise<PreparedRun> => {
        // prepareRun refuses a saved chunking that does not fit the text it loads.
        const ready = await prepareRun(
          parts,
          plan,
          (s) => options.texts.load(info, { textKey: plan.textKey, signal: s }),
          options.hooks?.(runId) ?? { note: () => undefined },
          signal,
        );
        options.onPrepared?.(runId, ready);
        return ready.prepared;
      },
    });
  };
}

/** The run read with `profile` before (its profile, or the same server): its model still holds. */
function sameBackend(summary: RunSummary, profile: StoredProfile): boolean {
  if (summary.profileId !== undefined) return summary.profileId === profile.id;
  const url = summary.backend?.baseUrl;
  return url !== undefined && profile.kind !== 'builtin' && url === displayUrl(profile.baseUrl);
}
