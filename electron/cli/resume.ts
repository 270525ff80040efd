// `memagent resume RUN_ID`: continues a saved run from its last saved memory, with its own
// chunking, settings and model, and prints the result as `ask` does.
import { DEFAULT_READING, type RunSummary } from '../../shared/model.ts';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import { planChunks } from '../core/agent/plan.ts';
import { sha256Hex } from '../core/hash.ts';
import { DEFAULT_MAX_BYTES } from '../core/documents/index.ts';
import { readInput } from '../core/documents/read-input.ts';
import { CoreError } from '../core/errors.ts';
import { createLlmClient } from '../core/llm/client.ts';
import type { LlmClient } from '../core/llm/types.ts';
import { displayUrl, redactSecrets } from '../core/redact.ts';
import { resumePoint } from '../core/service/resume-point.ts';
import { beingReadError, otherLiveReader } from '../core/store/writers.ts';
import { createTokenizer } from '../core/tokenize/index.ts';
import { openTraceFile } from './trace-file.ts';
import { clientConfig } from './backend-kind.ts';
import { findRunOrJob } from '../core/store/lookup.ts';
import { resumeJob } from './resume-job.ts';
import type { CliContext } from './context.ts';
import { readDocument } from './reading.ts';
import { Notes, readQuestions, shortId } from './read-questions.ts';
import type { ResumeOptions } from './resume-args.ts';
import { cliJournal, openCliLibrary, resumeCommand, type CliLibrary } from './saved-runs.ts';
import type { BuiltinClient } from '../core/llm/builtin/builtin-client.ts';
import { builtinResumeFlags, openBuiltin } from './builtin-backend.ts';
import { cliModelResolver } from './model-resolver.ts';
import { writeTransaction } from '../core/store/write-transaction.ts';

const CONTINUABLE = new Set(['interrupted', 'cancelled', 'error']);

/** `memagent resume`: checks that the run can go on as it began, then reads the rest. */
export async function runResume(options: ResumeOptions, ctx: CliContext): Promise<number> {
  const { signal } = ctx;
  const secrets = [options.apiKey];
  const notes = new Notes(ctx.stderr);
  const trace = await openTraceFile(options.trace, (text) => notes.note(text));
  const library = openCliLibrary(options.library);
  let builtin: BuiltinClient | undefined;
  try {
    const { store } = library;
    // A job id continues the whole job (resume-job.ts).
    const found = findRunOrJob(store, options.runId, options.library.location.file);
    if ('job' in found) return await resumeJob(found.job, options, ctx, { library, notes, trace });
    const runId = found.run.id;
    const short = shortId(runId);
    const summary = store.runs.get(runId) as RunSummary;
    refuseUnlessContinuable(library, summary);

    const info = store.documents.get(summary.documentId);
    if (!info) {
      throw new CoreError('NotFound', `The document of run ${short} is no longer in the library.`, {
        hint: 'Ask the question again as a new run.',
      });
    }
    // The saved memories hold only for the very bytes they were read from.
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
    let input;
    try {
      input = await readInput({ path: file }, DEFAULT_MAX_BYTES);
    } catch (error) {
      throw new CoreError(
        'NotFound',
        `The document of run ${short} is gone: ${file} cannot be read.`,
        {
          hint: 'Put the file back at that path, or ask the question again as a new run.',
          detail: error instanceof Error ? error.message : String(error),
        },
      );
    }
    if (sha256Hex(input.bytes) !== info.id) {
      throw new CoreError(
        'NotFound',
        `${file} has changed since run ${short} read it: its saved memories do not fit the file any more.`,
        { hint: 'Restore the original file, or ask the question again as a new run.' },
      );
    }
    const textKey = summary.textKey ?? info.id;
    let doc = await library.texts.get(textKey);
    if (doc === undefined) {
      // Not in the cache (cleared, another machine's library): read again as the run read it.
      const reading = store.documents.readingFor(info.id, textKey) ?? DEFAULT_READING;
      doc = await readDocument(
        { file, reading, ocrLanguageDir: options.ocrLanguageDir },
        ctx,
        input,
      );
      await library.texts.put(textKey, doc);
    }

    if (options.builtin === undefined && summary.backend?.kind === 'builtin' && !options.baseUrl) {
      throw new CoreError('BadUsage', `Run ${short} was read with the built-in model.`, {
        hint: 'Pass --model-file PATH (its GGUF file) to continue it, or --base-url URL for a server.',
      });
    }
    if (options.builtin) {
      builtin = await openBuiltin(
        options.builtin,
        summary.settings,
        options.concurrency,
        cliModelResolver(ctx),
        signal,
      );
    }
    const baseUrl = builtin ? '' : serverOf(library, summary, options.baseUrl);
    if (
      !builtin &&
      summary.origin === 'app' &&
      options.apiKey === undefined &&
      !isOwnServerUrl(baseUrl)
    ) {
      notes.note(
        'note: the app keeps its backends’ API keys in its own encrypted store, which a terminal cannot read; pass --api-key or set MEMAGENT_API_KEY if this server needs one.',
      );
    }
    const model = builtin ? await builtin.resolveModel(signal) : (options.model ?? summary.model);
    const client: LlmClient =
      builtin ??
      createLlmClient({
        ...clientConfig({
          baseUrl,
          timeoutMs: options.timeoutMs,
          maxRetries: options.maxRetries,
          ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
          ...(model !== undefined ? { model } : {}),
        }),
        onRetry: (retry) =>
          notes.note(
            redactSecrets(
              `note: retrying (attempt ${retry.attempt + 1}) in ${(retry.delayMs / 1000).toFixed(1)} s: ${retry.reason}`,
              secrets,
            ),
          ),
      });
    if (!builtin && options.model === undefined && summary.model !== undefined) {
      await checkServedModel(client, summary.model, baseUrl, signal);
    }

    const point = resumePoint(
      store.runs.chunks(runId),
      summary.chunkCount,
      store.runs.memories(runId),
    );
    let chunks = point.chunks;
    if (chunks === undefined) {
      // The chunking was never saved (the run died before it started): cut the text as before.
      const tokenizer = await createTokenizer(summary.settings.tokenizer, {
        model: await client.resolveModel(signal),
        baseUrl,
        ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
        ...(builtin ? { builtin } : {}),
      });
      try {
        chunks = await planChunks(doc, tokenizer, summary.settings.chunkTokens, signal);
      } finally {
        await tokenizer.dispose();
      }
    } else if (chunks.some((c) => c.end > doc.text.length)) {
      throw new CoreError(
        'Damaged',
        `Run ${short}'s saved chunking does not match its document's text.`,
        {
          hint: 'Ask the question again as a new run.',
        },
      );
    }
    const startChunk = point.startChunk;
    const from = {
      startChunk,
      ...(point.startMemory !== undefined ? { startMemory: point.startMemory } : {}),
      earlierMemories: store.runs.memories(runId).filter((m) => m.chunk < startChunk),
    };

    claim(library, runId);
    const readWith = builtin ? model : options.model;
    const other =
      readWith !== undefined && summary.model !== undefined && readWith !== summary.model;
    const changed = other
      ? `Chunks ${startChunk + 1} to ${chunks.length} and the answer are read with model ${readWith ?? ''}${startChunk > 0 ? `; chunks 1 to ${startChunk} were read with ${summary.model ?? ''}` : ''}.`
      : undefined;
    notes.note(
      `note: continuing run ${short} (“${summary.question}”) at chunk ${Math.min(startChunk + 1, chunks.length)} of ${chunks.length}; model ${model ?? 'the server’s'} ${builtin ? 'built in' : `at ${displayUrl(baseUrl)}`}`,
    );
    return await readQuestions(
      {
        doc,
        chunks,
        settings: summary.settings,
        client,
        runs: [{ runId, question: summary.question, from }],
        concurrency: options.concurrency,
        quoteCheck: builtin !== undefined || isOwnServerUrl(baseUrl),
        json: options.json,
        debug: options.debug,
        secrets,
        notes,
        trace: () => trace?.current(),
        journal: cliJournal(library, ctx.env),
        resumeCommand: (id) =>
          resumeCommand(library.choice, id) +
          (options.builtin ? builtinResumeFlags(options.builtin) : ''),
        // The run's own warnings say where the model changed, as "Retry with…" does in the app.
        onStarted: (registry) => {
          if (changed !== undefined)
            registry.warn(runId, {
              type: 'warning',
              runId,
              code: 'backend-changed',
              message: changed,
            });
        },
      },
      ctx,
    );
  } finally {
    builtin?.close();
    library.close();
    await trace?.close();
  }
}

/** One sentence for each run `resume` must not touch. */
function refuseUnlessContinuable(library: CliLibrary, summary: RunSummary): void {
  const short = shortId(summary.id);
  const reader = otherLiveReader(
    library.writer,
    library.store.runs.owner(summary.id),
    summary.status,
  );
  if (reader) throw beingReadError(reader);
  if (summary.status === 'done') {
    throw new CoreError(
      'BadUsage',
      `Run ${short} is already done: there is nothing left to read.`,
      {
        hint: `\`memagent show ${short}\` prints its answer.`,
      },
    );
  }
  if (!CONTINUABLE.has(summary.status)) {
    throw new CoreError('BadUsage', `Run ${short} cannot be continued: it is ${summary.status}.`);
  }
}

/**
 * Makes this process the run's only reader, in one write transaction taken at once, so two
 * terminals resuming the same run cannot both pass the check.
 */
function claim(library: CliLibrary, runId: string): void {
  const { store, writer } = library;
  writeTransaction(store.db, () => {
    const summary = store.runs.get(runId) as RunSummary;
    refuseUnlessContinuable(library, summary);
    store.runs.setStatus(runId, 'queued', { error: null });
    store.runs.setOwner(runId, writer.id);
  })();
}

/**
 * The server the rest is read from: `--base-url`, else the one the run read with; a run made in
 * the app names its profile, whose URL is in the library's settings.
 */
function serverOf(library: CliLibrary, summary: RunSummary, given: string | undefined): string {
  if (given !== undefined) return given;
  const profile =
    summary.profileId === undefined ? undefined : library.store.settings.profile(summary.profileId);
  const url = profile?.baseUrl ?? summary.backend?.baseUrl;
  if (url !== undefined) return url;
  throw new CoreError(
    'BadUsage',
    `Run ${shortId(summary.id)} does not say which server it read with.`,
    {
      hint: 'Pass --base-url URL.',
    },
  );
}

/** Refuses a server that does not serve the model the run was read with. */
async function checkServedModel(
  client: LlmClient,
  model: string,
  baseUrl: string,
  signal: AbortSignal,
): Promise<void> {
  const served = await client.listModels(signal);
  if (served.length === 0 || served.includes(model)) return;
  const names = served.slice(0, 3).join(', ') + (served.length > 3 ? ', …' : '');
  throw new CoreError(
    'BadUsage',
    `The server at ${displayUrl(baseUrl)} serves ${names}, not ${model}, the model this run was read with.`,
    {
      hint: `Start the server with ${model}, or pass --model ${served[0] ?? 'NAME'} to read the rest with that model on purpose.`,
    },
  );
}
