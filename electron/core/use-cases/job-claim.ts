// Taking a stored job to drive it: who may (no other live process is reading it or one of its
// runs), what is left (every run not done), and where each run picks up again.
import type { ChunkInfo, MemoryState, RunStatus } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { resumePoint } from './resume-point.ts';
import type { JobState } from '../store/job-repo.ts';
import type { Store } from '../store/store.ts';
import { beingReadError, describeWriter, otherLiveReader, type Writer } from '../store/writers.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** Where a run of a job starts: from the beginning, or after its last saved memory. */
export interface RunStart {
  /** The saved chunking (undefined: none saved, the launcher chunks the text). */
  chunks?: ChunkInfo[];
  /** The first chunk to read (0: from the beginning). */
  startChunk: number;
  /** The memory after chunk `startChunk - 1`; undefined when starting from the beginning. */
  startMemory?: string;
  /** The memories of chunks before `startChunk` (the run's trail, for the quote step and output). */
  earlierMemories: MemoryState[];
}

/** The run's resume point as stored now (resume-point.ts). */
export function runStartOf(store: Store, runId: string): RunStart {
  const summary = store.runs.get(runId);
  const memories = store.runs.memories(runId);
  const point = resumePoint(store.runs.chunks(runId), summary?.chunkCount ?? 0, memories);
  return {
    ...(point.chunks ? { chunks: point.chunks } : {}),
    startChunk: point.startChunk,
    ...(point.startMemory !== undefined ? { startMemory: point.startMemory } : {}),
    earlierMemories: memories.filter((m) => m.chunk < point.startChunk),
  };
}

const ACTIVE_JOB = new Set<JobState>(['queued', 'running', 'paused']);

/** Short ids in sentences: the first 8 characters, as `memagent jobs` shows them. */
export const shortJobId = (id: string): string => id.slice(0, 8);

/**
 * Makes `writer` the one driver of job `jobId` and of every run of it not done, in one write
 * transaction taken at once (two terminals continuing the same job cannot both pass), and
 * returns those runs in the job's order, each set `queued` again. Refuses a job another live
 * process drives, or one of whose runs another live process reads, and a job with nothing left.
 */
export function claimJob(store: Store, writer: Writer, jobId: string, now: number): string[] {
  return writeTransaction(store.db, () => {
    const job = store.jobs.get(jobId);
    if (!job) throw new CoreError('NotFound', `No job ${shortJobId(jobId)} in this library.`);
    const owner = store.jobs.owner(jobId);
    if (owner !== undefined && owner !== writer.id && ACTIVE_JOB.has(job.state)) {
      const info = writer.isAlive(owner) ? writer.info(owner) : undefined;
      if (info) {
        throw new CoreError(
          'BadUsage',
          `Job ${shortJobId(jobId)} is being read by ${describeWriter(info)}.`,
          {
            hint:
              info.kind === 'app'
                ? 'Wait until it finishes, or pause or cancel it in the app first.'
                : 'Wait until it finishes, or stop it with Ctrl-C in that terminal first.',
          },
        );
      }
    }
    const left = store.jobs.runs(jobId).filter((r) => r.status !== 'done');
    if (left.length === 0) {
      throw new CoreError(
        'BadUsage',
        `Job ${shortJobId(jobId)} is already done: every question in it has its answer.`,
        { hint: '`memagent runs` lists its runs; `memagent show RUN_ID` prints an answer.' },
      );
    }
    for (const run of left) {
      const reader = otherLiveReader(writer, store.runs.owner(run.id), run.status as RunStatus);
      if (reader) throw beingReadError(reader);
    }
    for (const run of left) {
      store.runs.setStatus(run.id, 'queued', { error: null });
      store.runs.setOwner(run.id, writer.id);
    }
    store.jobs.setOwner(jobId, writer.id);
    store.jobs.setState(jobId, 'running', now);
    return left.map((r) => r.id);
  })();
}
