// Starting a job group: every question about every document entered as one stored job, its runs
// `queued` with it in one transaction (a kill leaves no job, or one that continues as a whole).
// The app's Jobs screen and `memagent ask -q A -q B` both start their jobs here.
import { randomUUID } from 'node:crypto';
import type { DocumentInfo, RunSettings } from '../../../shared/model.ts';
import type { JobKind } from '../../../shared/jobs.ts';
import { plural } from '../../../shared/plural.ts';
import type { StoredProfile } from '../store/columns.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { LibraryRunParts } from './run-parts.ts';
import { createRun, runBackendOf, type NewRun } from './start-run.ts';

export interface NewJob {
  kind: JobKind;
  documents: readonly DocumentInfo[];
  questions: readonly string[];
  settings: RunSettings;
  profile: StoredProfile;
  origin: 'app' | 'cli';
  /** The limit it is read at, kept with the job (`memagent jobs --json` shows it). */
  concurrency?: number;
  /**
   * What is already known of a document's runs: the CLI resolves the model and chunks before it
   * saves, so each run is stored with its chunking and a kill leaves it resumable from chunk 1.
   */
  prepared?: (info: DocumentInfo) => Pick<NewRun, 'model' | 'chunks'>;
}

/**
 * "3 questions about report.pdf", "2 questions × 4 documents". One document is named by its file
 * name, the name it was chosen by (and what `memagent ask FILE` was given), in the app as in
 * `memagent jobs`: they list the same stored jobs.
 */
export function jobTitle(documents: readonly DocumentInfo[], questions: number): string {
  const [only] = documents;
  if (documents.length === 1 && only)
    return `${plural(questions, 'question')} about ${only.fileName || only.title}`;
  return `${plural(questions, 'question')} × ${plural(documents.length, 'document')}`;
}

/**
 * Stores a job of `kind` whose items are every document × every question (documents first),
 * each run created as `createRun` does, owned by this process; a job on a profile kept in the
 * library remembers it (`settings.profileId`) to be continued with. Returns its id and runs in
 * order.
 */
export function createJob(
  parts: LibraryRunParts,
  job: NewJob,
): { jobId: string; runIds: string[] } {
  const { store, writer } = parts;
  const jobId = randomUUID();
  // The CLI's connection flags are an in-memory profile: nothing to continue with by id.
  const stored = store.settings.profile(job.profile.id) !== undefined;
  const runIds = writeTransaction(store.db, () => {
    store.jobs.create({
      id: jobId,
      kind: job.kind,
      title: jobTitle(job.documents, job.questions.length),
      createdAt: parts.now(),
      backend: runBackendOf(job.profile),
      settings: {
        ...(stored ? { profileId: job.profile.id } : {}),
        ...(job.concurrency !== undefined ? { concurrency: job.concurrency } : {}),
      },
      owner: writer.id,
    });
    const ids: string[] = [];
    for (const info of job.documents) {
      const known = job.prepared?.(info) ?? {};
      for (const question of job.questions) {
        const run = createRun(parts, {
          info,
          question,
          settings: job.settings,
          profile: job.profile,
          origin: job.origin,
          ...known,
        });
        store.jobs.addRun(jobId, run.id, ids.length);
        ids.push(run.id);
      }
    }
    return ids;
  })();
  return { jobId, runIds };
}
