// The questions of one `ask` (several -q, or --questions LIST), saved as one job of kind
// 'questions' by core's createJob: its runs are stored `queued` with it, read through the job
// driver, and continued as a whole by `memagent resume JOB`.
import { outcomeBeforeStart, type RunOutcome } from '../core/agent/run-outcome.ts';
import { shortJobId, type RunStart } from '../core/use-cases/job-claim.ts';
import { driveJob, type RunControls } from '../core/use-cases/job-group.ts';
import type { LibraryRunParts } from '../core/use-cases/run-parts.ts';
import { createJob } from '../core/use-cases/start-job.ts';
import { createRun, type NewRun } from '../core/use-cases/start-run.ts';
import type { QuestionRun } from './read-questions.ts';
import { resumeCommand, type CliLibrary } from './saved-runs.ts';

/** A saved questions job, as `readQuestions` drives it. */
export interface QuestionsJob {
  library: CliLibrary;
  jobId: string;
  /** The exact command that continues the job. */
  resumeCommand: string;
}

/** What a questions run was started from (its earlier memories complete its output). */
export type QuestionFrom = NonNullable<QuestionRun['from']>;

/** When the drive of a questions job pauses, and when it stops. */
export interface JobSignals {
  /** Ctrl-C: the job pauses (no run starts; those reading stop at their next chunk boundary). */
  pause: AbortSignal;
  /**
   * The command is going away: the job ends `interrupted`, or stays `paused` when `pause` came
   * first (core's driveJob), and its state is kept in the library.
   */
  stop: AbortSignal;
}

/**
 * Reads `runs` (the job's runs not done, in its order) through the job driver, `window` at a
 * time, and resolves with each run's outcome and where it started, in `runs`' order.
 */
export async function driveQuestionsJob(
  job: QuestionsJob,
  runs: readonly QuestionRun[],
  launch: (run: QuestionRun, from: RunStart) => Promise<RunOutcome>,
  controls: RunControls,
  window: number,
  signals: JobSignals,
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
    signal: signals.stop,
    launchRun: (runId: string, start: RunStart) => {
      const run = byId.get(runId);
      if (!run) throw new Error(`run ${runId} is not one of this job's questions`);
      return launch(run, start);
    },
    onRunEnd: (runId, outcome, from) => ended.set(runId, { outcome, from }),
  });
  const pause = () => group.pause();
  if (signals.pause.aborted) pause();
  else signals.pause.addEventListener('abort', pause, { once: true });
  try {
    await group.ended;
  } finally {
    signals.pause.removeEventListener('abort', pause);
  }
  return runs.map((run) => {
    const end = ended.get(run.runId);
    return {
      // A run never launched (the job was paused or interrupted first) ended before its start.
      outcome: end?.outcome ?? outcomeBeforeStart(run.runId, { status: 'cancelled' }, 0),
      ...(end?.from ? { from: end.from } : {}),
    };
  });
}

/**
 * Saves the questions `ask` reads: several (not read with the built-in model, whose runs
 * continue one by one with --model-file) as one questions job (core's createJob, as the app's
 * Jobs screen starts one), a single one as a run, each stored with its chunking. Returns the runs
 * in the questions' order and the job, if one was made.
 */
export function saveQuestions(
  library: CliLibrary,
  parts: LibraryRunParts,
  questions: readonly string[],
  run: Pick<NewRun, 'info' | 'settings' | 'profile' | 'model' | 'chunks'> & {
    concurrency: number;
    asJob: boolean;
  },
): { runs: QuestionRun[]; job?: QuestionsJob } {
  const { info, settings, profile, model, chunks } = run;
  const known = { ...(model !== undefined ? { model } : {}), ...(chunks ? { chunks } : {}) };
  if (questions.length < 2 || !run.asJob) {
    return {
      runs: questions.map((question) => ({
        question,
        runId: createRun(parts, { info, question, settings, profile, origin: 'cli', ...known }).id,
      })),
    };
  }
  const { jobId, runIds } = createJob(parts, {
    kind: 'questions',
    documents: [info],
    questions,
    settings,
    profile,
    origin: 'cli',
    concurrency: run.concurrency,
    prepared: () => known,
  });
  return {
    runs: questions.map((question, i) => ({ question, runId: runIds[i] as string })),
    job: { library, jobId, resumeCommand: resumeCommand(library.choice, shortJobId(jobId)) },
  };
}
