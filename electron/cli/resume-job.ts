// `memagent resume JOB_ID`: continues a whole job over one document or several — its runs
// stopped part-way from their last saved memory, its queued ones from the start, none that is
// done — through the job driver and core's job launcher (each run's text loaded once it has a
// slot, through the shared text cache), and prints the answers as `ask` does, each beside its
// document's title when the job reads several.
import path from 'node:path';
import type { ChunkInfo, RunSummary } from '../../shared/model.ts';
import { plural } from '../../shared/plural.ts';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import { createDocumentTexts } from '../core/caches/document-texts.ts';
import { DEFAULT_MAX_BYTES } from '../core/documents/index.ts';
import { createOcrService } from '../core/documents/ocr-service.ts';
import { CoreError } from '../core/errors.ts';
import { displayUrl } from '../core/redact.ts';
import type { JobSummary } from '../core/store/job-repo.ts';
import { claimJob, shortJobId } from '../core/use-cases/job-claim.ts';
import { jobLauncher } from '../core/use-cases/job-launcher.ts';
import { type CliRunParts, cliClientHints, retryNote, serverProfile } from './cli-run-parts.ts';
import type { CliContext } from './context.ts';
import { readQuestions, type Notes, type QuestionRun } from './read-questions.ts';
import type { ResumeOptions } from './resume-args.ts';
import { cliJournal, resumeCommand, type CliLibrary } from './saved-runs.ts';
import type { TraceFile } from './trace-file.ts';

/** What `resume` has opened already (it closes them). */
export interface ResumeJobContext {
  library: CliLibrary;
  parts: CliRunParts;
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
  { library, parts, notes, trace, baseUrls }: ResumeJobContext,
): Promise<number> {
  const { store } = library;
  const short = shortJobId(job.id);
  if (options.builtin) {
    throw new CoreError('Unsupported', `Job ${short} cannot be continued with --model-file.`, {
      hint: 'Continue its runs one by one (`memagent runs` lists them), or give --base-url URL.',
    });
  }
  // Claimed first (refused while another process reads it, or when nothing is left), so nothing
  // is read for a job that cannot go on; the driver claims it again for the same process.
  const left = claimJob(store, library.writer, job.id, Date.now()).map(
    (id) => store.runs.get(id) as RunSummary,
  );
  const first = left[0] as RunSummary;
  const urls =
    baseUrls ?? (options.baseUrl !== undefined ? [options.baseUrl] : serverOf(job, first));
  const secrets = [options.apiKey];
  const profile = serverProfile(
    {
      baseUrl: urls[0] as string,
      baseUrls: urls,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      ...(options.model !== undefined ? { model: options.model } : {}),
    },
    { quoteCheck: urls.every((u) => isOwnServerUrl(u)) },
  );
  const ocr = createOcrService(options.ocrLanguageDir);
  // The texts the runs were read from: the library's cache, else extracted again from the file
  // (which must still hash to the document's id) as they were read.
  const texts = createDocumentTexts({
    cacheDir: path.join(library.choice.location.dataDir, 'cache'),
    maxBytes: DEFAULT_MAX_BYTES,
    readingFor: (id, key) => store.documents.readingFor(id, key),
    ocr,
  });
  const titles = documentTitles(library, job.id);
  const chunks = new Map<string, ChunkInfo[]>();
  for (const run of left) {
    const saved = store.runs.chunks(run.id);
    if (saved.length > 0 && saved.length === run.chunkCount) chunks.set(run.id, saved);
  }
  const runs: QuestionRun[] = left.map((r) => ({
    runId: r.id,
    question: r.question,
    ...(titles ? { document: titles.get(r.documentId) ?? r.documentId } : {}),
  }));
  const done = job.counts.total - left.length;
  const model = options.model ?? first.model;
  notes.note(
    `note: continuing job ${short} (${job.title}): ${plural(left.length, 'question')} left${titles ? ` over ${plural(new Set(left.map((r) => r.documentId)).size, 'document')}` : ''}${done > 0 ? `, ${done} answered before` : ''}; model ${model ?? 'the server’s'} at ${urls.map(displayUrl).join(', ')}`,
  );
  try {
    return await readQuestions(
      {
        jobRuns: {
          chunks,
          launcher: (registry, prepared) =>
            jobLauncher({
              parts: { ...parts, store, writer: library.writer, now: Date.now },
              registry,
              texts,
              jobId: job.id,
              profile,
              owner: 'cli',
              model: options.model,
              hooks: (runId) => ({
                note: (code, message) =>
                  registry.warn(runId, { type: 'warning', runId, code, message }),
                onRetry: (retry) => notes.note(retryNote(retry, secrets)),
                ...cliClientHints(options.timeoutMs, profile.baseUrl),
              }),
              onPrepared: prepared,
            }),
        },
        runs,
        concurrency: options.concurrency,
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
  } finally {
    await ocr.close();
  }
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
 * The titles of the job's documents by id when it reads several (each answer names its
 * document), else undefined: a job over one document prints as `ask` does.
 */
function documentTitles(library: CliLibrary, jobId: string): Map<string, string> | undefined {
  const { store } = library;
  const ids = new Set(store.jobs.runs(jobId).map((r) => store.runs.get(r.id)?.documentId ?? ''));
  if (ids.size < 2) return undefined;
  const titles = new Map<string, string>();
  for (const id of ids) {
    const info = store.documents.get(id);
    titles.set(id, info ? info.title || info.fileName : 'a document no longer in the library');
  }
  return titles;
}
