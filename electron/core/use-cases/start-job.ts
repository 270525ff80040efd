// Starting a job group: every question about every document entered as one stored job, its runs
// `queued` with it in one transaction (a kill leaves no job, or one that continues as a whole).
import { randomUUID } from 'node:crypto';
import type { DocumentInfo, RunSettings } from '../../../shared/model.ts';
import type { JobKind } from '../../../shared/jobs.ts';
import { plural } from '../../../shared/plural.ts';
import type { StoredProfile } from '../store/columns.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { LibraryRunParts } from './run-parts.ts';
import { createRun, runBackendOf } from './start-run.ts';

export interface NewJob {
  kind: JobKind;
  documents: readonly DocumentInfo[];
  questions: readonly string[];
  settings: RunSettings;
  profile: StoredProfile;
  origin: 'app' | 'cli';
}

/** "3 questions about report.pdf", "2 questions × 4 documents". */
export function jobTitle(documents: readonly DocumentInfo[], questions: number): string {
  const [only] = documents;
  if (documents.length === 1 && only)
    return `${plural(questions, 'question')} about ${only.title || only.fileName}`;
  return `${plural(questions, 'question')} × ${plural(documents.length, 'document')}`;
}

/**
 * Stores a job of `kind` whose items are every document × every question (documents first),
 * each run created as `createRun` does, owned by this process; the job remembers the profile
 * (`settings.profileId`) it is continued with. Returns its id and runs in order.
 */
export function createJob(
  parts: LibraryRunParts,
  job: NewJob,
): { jobId: string; runIds: string[] } {
  const { store, writer } = parts;
  const jobId = randomUUID();
  const runIds = writeTransaction(store.db, () => {
    store.jobs.create({
      id: jobId,
      kind: job.kind,
      title: jobTitle(job.documents, job.questions.length),
      createdAt: parts.now(),
      backend: runBackendOf(job.profile),
      settings: { profileId: job.profile.id },
      owner: writer.id,
    });
    const ids: string[] = [];
    for (const info of job.documents) {
      for (const question of job.questions) {
        const run = createRun(parts, {
          info,
          question,
          settings: job.settings,
          profile: job.profile,
          origin: job.origin,
        });
        store.jobs.addRun(jobId, run.id, ids.length);
        ids.push(run.id);
      }
    }
    return ids;
  })();
  return { jobId, runIds };
}
