// The questions of one `ask` (several -q, or --questions LIST), saved as one job of kind
// 'questions': its runs are stored `queued` with it, read through the job driver, and continued
// as a whole by `memagent resume JOB`.
import { randomUUID } from 'node:crypto';
import { plural } from '../../shared/plural.ts';
import { outcomeBeforeStart, type RunOutcome } from '../core/agent/run-outcome.ts';
import { shortJobId, type RunStart } from '../core/use-cases/job-claim.ts';
import { driveJob, type RunControls } from '../core/use-cases/job-group.ts';
import { writeTransaction } from '../core/store/write-transaction.ts';
import type { QuestionRun } from './read-questions.ts';
import type { RunBackend } from '../../shared/model.ts';
import { resumeCommand, type CliLibrary } from './saved-runs.ts';

/** Enters one question's run (core/use-cases/start-run.ts createRun) and returns its id. */
export type NewQuestionRun = (question: string) => string;

/** A saved questions job, as `readQuestions` drives it. */
export interface QuestionsJob {
  library: CliLibrary;
  jobId: string;
  /** The exact command that continues the job. */
  resumeCommand: string;
}

/**
 * Stores a job of `questions` over one document and a run for each question (with the
 * chunking), owned by this process, in one transaction: a kill at any point leaves no job, or
 * one whose every question `memagent resume JOB` can read. Returns the job's id and its runs'
 * ids in the questions' order.
 */
export function createQuestionsJob(
  library: CliLibrary,
  newRun: NewQuestionRun,
  job: { fileName: string; concurrency: number; backend: RunBackend },
  questions: readonly string[],
  now: number,
): { jobId: string; runIds: string[] } {
  const { store, writer } = library;
  const jobId = randomUUID();
  const runIds = writeTransaction(store.db, () => {
    store.jobs.create({
      id: jobId,
      kind: 'questions',
      title: `${plural(questions.length, 'question')} about ${job.fileName}`,
      createdAt: now,
      backend: job.backend,
      settings: { concurrency: job.concurrency },
      owner: writer.id,
    });
    return questions.map((question, item) => {
      const id = newRun(question);
      store.jobs.addRun(jobId, id, item);
      return id;
    });
  })();
  return { jobId, runIds };
}

/** What a questions run was started from (its earlier memories complete its output). */
export type QuestionFrom = NonNullable<QuestionRun['from']>;

/**
 * Reads `runs` (the job's runs not done, in its order) through the job driver, `window` at a
 * time, and resolves with each run's outcome and where it started, in `runs`' order. The job
 * ends `interrupted` when `signal` aborts (Ctrl-C), and its state is kept in the library.
 */
export async function driveQuestionsJob(
  job: QuestionsJob,
  runs: readonly QuestionRun[],
  launch: (run: QuestionRun, from: RunStart) => Promise<RunOutcome>,
  controls: RunControls,
  window: number,
  signal: AbortSignal,
): Promise<{ outcome: RunOutcome; from?: QuestionFrom }[]> {
  const byId = new Map(runs.map((r) => [r.runId, r]));
  // The few runs of one `ask`: their outcomes are printed, so they are kept here.
  const ended = new Map<string, { outcome: RunOutcome; from: RunStart | undefined }>();
  const group = driveJob({
    store: job.library.store,
    writer: job.library.writer,
    jobId: job.jobId,
    controls,
    window,
    signal,
    launchRun: (runId: string, start: RunStart) => {
      const run = byId.get(runId);
      if (!run) throw new Error(`run ${runId} is not one of this job's questions`);
      return launch(run, start);
    },
    onRunEnd: (runId, outcome, from) => ended.set(runId, { outcome, from }),
  });
  await group.ended;
  return runs.map((run) => {
    const end = ended.get(run.runId);
    return {
      // A run never launched (the job was interrupted first) ended before its start.
      outcome: end?.outcome ?? outcomeBeforeStart(run.runId, { status: 'cancelled' }, 0),
      ...(end?.from ? { from: end.from } : {}),
    };
  });
}

/**
 * Saves the questions `ask` reads: several (not read with the built-in model, whose runs
 * continue one by one with --model-file) as one questions job, a single one as a run. Returns
 * the runs in the questions' order and the job, if one was made.
 */
export function saveQuestions(
  library: CliLibrary,
  newRun: NewQuestionRun,
  questions: readonly string[],
  options: { fileName: string; concurrency: number; backend: RunBackend; asJob: boolean },
  now: number,
): { runs: QuestionRun[]; job?: QuestionsJob } {
  if (questions.length < 2 || !options.asJob) {
    return { runs: questions.map((question) => ({ question, runId: newRun(question) })) };
  }
  const { jobId, runIds } = createQuestionsJob(library, newRun, options, questions, now);
  return {
    runs: questions.map((question, i) => ({ question, runId: runIds[i] as string })),
    job: { library, jobId, resumeCommand: resumeCommand(library.choice, shortJobId(jobId)) },
  };
}
