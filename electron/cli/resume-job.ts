// `memagent resume JOB_ID`: continues a whole questions job — its runs stopped part-way from
// their last saved memory, its queued ones from the start, none that is done — through the job
// driver, and prints the answers as `ask` does.
import type { DocumentText, RunSummary } from '../../shared/model.ts';
import { plural } from '../../shared/plural.ts';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import { CoreError } from '../core/errors.ts';
import { claimJob, shortJobId } from '../core/use-cases/job-claim.ts';
import { displayUrl } from '../core/redact.ts';
import { sameChunking } from '../core/use-cases/resume-point.ts';
import type { JobSummary } from '../core/store/job-repo.ts';
import type { CliContext } from './context.ts';
import { readQuestions, shortId, type Notes } from './read-questions.ts';
import type { ResumeOptions } from './resume-args.ts';
import { savedText } from './saved-text.ts';
import { cliJournal, resumeCommand, type CliLibrary } from './saved-runs.ts';
import { serversClient } from './servers-client.ts';
import type { TraceFile } from './trace-file.ts';

/** What `resume` has opened already (it closes them). */
export interface ResumeJobContext {
  library: CliLibrary;
  notes: Notes;
  trace: TraceFile | undefined;
  /** Several --base-url: the requests are spread over them (least-loaded). */
  baseUrls?: readonly string[];
}

/** Continues job `job` of the library; returns the exit code, as `ask` would. */
export async function resumeJob(
  job: JobSummary,
  options: ResumeOptions,
  ctx: CliContext,
  { library, notes, trace, baseUrls }: ResumeJobContext,
): Promise<number> {
  const { store } = library;
  const short = shortJobId(job.id);
  if (options.builtin) {
    throw new CoreError('Unsupported', `Job ${short} cannot be continued with --model-file.`, {
      hint: 'Continue its runs one by one (`memagent runs` lists them), or give --base-url URL.',
    });
  }
  // Claimed first (refused while another process reads it, or when nothing is left), so no file
  // is read for a job that cannot go on; the driver claims it again for the same process.
  const left = claimJob(store, library.writer, job.id, Date.now()).map(
    (id) => store.runs.get(id) as RunSummary,
  );
  const first = left[0] as RunSummary;
  if (left.some((r) => r.documentId !== first.documentId || r.textKey !== first.textKey)) {
    throw new CoreError('Unsupported', `Job ${short} reads several documents.`, {
      hint: 'This version of memagent continues jobs over one document; continue its runs one by one.',
    });
  }
  const chunks = store.runs.chunks(first.id);
  const sameChunks = left.every(
    (r) => r.chunkCount === chunks.length && sameChunking(store.runs.chunks(r.id), chunks),
  );
  if (chunks.length === 0 || !sameChunks) {
    throw new CoreError(
      'Damaged',
      `Job ${short}'s saved chunking is missing or differs between its questions.`,
      {
        hint: 'Ask the questions again as a new job.',
      },
    );
  }
  const doc = await jobText(library, first, options, ctx);
  if (chunks.some((c) => c.end > doc.text.length)) {
    throw new CoreError(
      'Damaged',
      `Job ${short}'s saved chunking does not match its document's text.`,
      {
        hint: 'Ask the questions again as a new job.',
      },
    );
  }

  const urls =
    baseUrls ?? (options.baseUrl !== undefined ? [options.baseUrl] : serverOf(job, first));
  const model = options.model ?? first.model;
  const secrets = [options.apiKey];
  const client = serversClient(
    urls,
    {
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      ...(model !== undefined ? { model } : {}),
    },
    (text) => notes.note(text),
    secrets,
  );
  const done = job.counts.total - left.length;
  notes.note(
    `note: continuing job ${short} (${job.title}): ${plural(left.length, 'question')} left${done > 0 ? `, ${done} answered before` : ''}; model ${model ?? 'the server’s'} at ${urls.map(displayUrl).join(', ')}`,
  );
  return await readQuestions(
    {
      doc,
      chunks,
      settings: first.settings,
      client,
      runs: left.map((r) => ({ runId: r.id, question: r.question })),
      concurrency: options.concurrency,
      quoteCheck: urls.every((u) => isOwnServerUrl(u)),
      json: options.json,
      debug: options.debug,
      secrets,
      notes,
      trace: () => trace?.current(),
      journal: cliJournal(library, ctx.env),
      resumeCommand: (id) => resumeCommand(library.choice, id),
      job: { library, jobId: job.id, resumeCommand: resumeCommand(library.choice, short) },
    },
    ctx,
  );
}

/** The server the job read with: its own record, else its first run's. */
function serverOf(job: JobSummary, run: RunSummary): string[] {
  const url = job.backend?.baseUrl ?? run.backend?.baseUrl;
  if (url !== undefined) return [url];
  throw new CoreError(
    'BadUsage',
    `Job ${shortJobId(job.id)} does not say which server it read with.`,
    {
      hint: 'Pass --base-url URL.',
    },
  );
}

/**
 * The text the job's runs were read from: the saved text of the very bytes they read (the file
 * must still hash to the document's id), read again as they read it when not in the cache.
 */
async function jobText(
  library: CliLibrary,
  run: RunSummary,
  options: ResumeOptions,
  ctx: CliContext,
): Promise<DocumentText> {
  const info = library.store.documents.get(run.documentId);
  const file = info?.path;
  if (!info || file === undefined) {
    throw new CoreError(
      'NotFound',
      `The document of run ${shortId(run.id)} is no longer in the library or has no file.`,
      {
        hint: 'Ask the questions again as a new job.',
      },
    );
  }
  return savedText(library, info, file, run.textKey ?? info.id, options, ctx, {
    who: 'this job',
    instead: 'ask the questions again as a new job',
  });
}
