// `memagent resume RUN_ID`: continues a saved run from its last saved memory through the core
// use case the app's "Continue" and "Retry with…" use (core/use-cases/continue-run.ts), and
// prints the result as `ask` does.
import type { DocumentInfo, DocumentText, RunSummary } from '../../shared/model.ts';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import { CoreError } from '../core/errors.ts';
import { displayUrl } from '../core/redact.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import { findRunOrJob } from '../core/store/lookup.ts';
import { serverUrlsOf } from '../core/backends/backend-client.ts';
import { resumeJob } from './resume-job.ts';
import { releaseRun } from '../core/use-cases/continue-policy.ts';
import { continueRun } from '../core/use-cases/continue-run.ts';
import { prepareRun, type ReadyRun } from '../core/use-cases/prepare-run.ts';
import type { LibraryRunParts } from '../core/use-cases/run-parts.ts';
import { builtinResumeFlags } from './builtin-backend.ts';
import {
  builtinProfile,
  cliClientHints,
  createCliRunParts,
  retryNote,
  serverProfile,
} from './cli-run-parts.ts';
import type { CliContext } from './context.ts';
import { cliModelResolver } from './model-resolver.ts';
import { Notes, readQuestions, shortId } from './read-questions.ts';
import type { ResumeOptions } from './resume-args.ts';
import { savedText } from './saved-text.ts';
import { cliJournal, openCliLibrary, resumeCommand, type CliLibrary } from './saved-runs.ts';
import { openTraceFile } from './trace-file.ts';

/** `memagent resume`: checks that the run can go on, claims it, then reads the rest. */
export async function runResume(options: ResumeOptions, ctx: CliContext): Promise<number> {
  const { signal } = ctx;
  const secrets = [options.apiKey];
  const notes = new Notes(ctx.stderr);
  const trace = await openTraceFile(options.trace, (text) => notes.note(text));
  const library = openCliLibrary(options.library);
  const parts = createCliRunParts({ apiKey: options.apiKey, concurrency: options.concurrency });
  try {
    const { store } = library;
    // A job id continues the whole job (resume-job.ts).
    const found = findRunOrJob(store, options.runId, options.library.location.file);
    if ('job' in found)
      return await resumeJob(found.job, options, ctx, {
        library,
        parts,
        notes,
        trace,
        ...(options.baseUrls.length > 0 ? { baseUrls: options.baseUrls } : {}),
      });
    const runId = found.run.id;
    const short = shortId(runId);
    const lib: LibraryRunParts = { ...parts, store, writer: library.writer, now: Date.now };
    const { summary, info, plan } = await continueRun(lib, {
      runId,
      model: options.model,
      naming: { name: `Run ${short}`, showHint: `\`memagent show ${short}\` prints its answer.` },
      profileFor: (run, own) => resumeProfile(options, run, own, ctx),
    });
    const builtin = plan.profile.kind === 'builtin';
    if (
      !builtin &&
      summary.origin === 'app' &&
      options.apiKey === undefined &&
      !isOwnServerUrl(plan.profile.baseUrl)
    ) {
      notes.note(
        'note: the app keeps its backends’ API keys in its own encrypted store, which a terminal cannot read; pass --api-key or set MEMAGENT_API_KEY if this server needs one.',
      );
    }
    // Lines for the run's warnings, sent once the registry knows the run.
    const lines: string[] = [];
    let ready: ReadyRun;
    try {
      ready = await prepareRun(
        lib,
        plan,
        () => runText(library, info, summary, options, ctx),
        {
          note: (_code, message) => lines.push(message),
          onRetry: (retry) => notes.note(retryNote(retry, secrets)),
          ...cliClientHints(options.timeoutMs, plan.profile.baseUrl),
          otherModelHint: (served) =>
            `pass --model ${served} to read the rest with that model on purpose`,
        },
        signal,
      );
    } catch (error) {
      // Nothing was read: the run stays as it was (interrupted, cancelled or failed).
      releaseRun(store, library.writer, summary);
      throw error;
    }
    const { prepared, chunks } = ready;
    const startChunk = prepared.startChunk ?? 0;
    notes.note(
      `note: continuing run ${short} (“${summary.question}”) at chunk ${Math.min(startChunk + 1, chunks.length)} of ${chunks.length}; model ${ready.model} ${builtin ? 'built in' : `at ${serverUrlsOf(plan.profile).map(displayUrl).join(', ')}`}`,
    );
    const from: NonNullable<Parameters<typeof readQuestions>[0]['runs'][number]['from']> = {};
    if (prepared.startChunk !== undefined) from.startChunk = prepared.startChunk;
    if (prepared.startMemory !== undefined) from.startMemory = prepared.startMemory;
    if (prepared.earlierMemories !== undefined) from.earlierMemories = prepared.earlierMemories;
    return await readQuestions(
      {
        doc: ready.doc,
        chunks,
        settings: plan.settings,
        client: ready.client,
        runs: [{ runId, question: summary.question, from }],
        concurrency: options.concurrency,
        quoteCheck: prepared.quoteCheck ?? false,
        json: options.json,
        debug: options.debug,
        secrets,
        notes,
        trace: () => trace?.current(),
        journal: cliJournal(library, ctx.env),
        resumeCommand: (id) =>
          resumeCommand(library.choice, id) +
          (options.builtin ? builtinResumeFlags(options.builtin) : ''),
        // The run's own warnings say where the backend or model changed, as in the app.
        onStarted: (registry) => {
          for (const message of lines)
            registry.warn(runId, { type: 'warning', runId, code: 'backend-changed', message });
        },
      },
      ctx,
    );
  } finally {
    await parts.close();
    library.close();
    await trace?.close();
  }
}

/**
 * What the rest is read with: `--model-file`'s built-in model; else `--base-url`; else the
 * server the run read with (a run made in the app names its profile, whose URL is in the
 * library's settings), with this command's timeout, retries and key.
 */
async function resumeProfile(
  options: ResumeOptions,
  summary: RunSummary,
  own: StoredProfile | undefined,
  ctx: CliContext,
): Promise<StoredProfile> {
  const short = shortId(summary.id);
  if (options.builtin) {
    const file = await cliModelResolver(ctx)(options.builtin.modelFile, ctx.signal);
    return builtinProfile(options.builtin, file, { quoteCheck: true });
  }
  if (summary.backend?.kind === 'builtin' && !options.baseUrl) {
    throw new CoreError('BadUsage', `Run ${short} was read with the built-in model.`, {
      hint: 'Pass --model-file PATH (its GGUF file) to continue it, or --base-url URL for a server.',
    });
  }
  const flags = { timeoutMs: options.timeoutMs, maxRetries: options.maxRetries };
  if (options.baseUrl === undefined && own !== undefined && own.kind !== 'builtin')
    return { ...own, ...flags, quoteCheck: own.quoteCheck ?? isOwnServerUrl(own.baseUrl) };
  const baseUrl = options.baseUrl ?? own?.baseUrl ?? summary.backend?.baseUrl;
  if (baseUrl === undefined) {
    throw new CoreError('BadUsage', `Run ${short} does not say which server it read with.`, {
      hint: 'Pass --base-url URL.',
    });
  }
  // --base-url repeated: the rest is read over all of them, least-loaded first.
  const baseUrls = options.baseUrls.length > 0 ? options.baseUrls : [baseUrl];
  return serverProfile(
    { baseUrl, baseUrls, ...flags },
    { quoteCheck: baseUrls.every((url) => isOwnServerUrl(url)) },
  );
}

/**
 * The run's text, from the very bytes its memories were read from: the file must still be there
 * and unchanged; the text comes from the cache, else is read again as the run read it.
 */
async function runText(
  library: CliLibrary,
  info: DocumentInfo,
  summary: RunSummary,
  options: ResumeOptions,
  ctx: CliContext,
): Promise<DocumentText> {
  const short = shortId(summary.id);
  const file = info.path;
  if (file === undefined) {
    throw new CoreError(
      'NotFound',
      `Run ${short}'s document ${info.fileName} has no file to read.`,
      {
        hint: 'Ask the question again about the file.',
      },
    );
  }
  return savedText(library, info, file, summary.textKey ?? info.id, options, ctx, {
    who: `run ${short}`,
    instead: 'ask the question again as a new run',
  });
}
