// `memagent eval`: MemAgent's benchmark protocol (../shared/MEMAGENT.md) on the user's own
// servers. Rows stream from the data file, run through the app's run machinery (or the direct
// baseline), are scored, appended to --out as they end, and summed up on stdout.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { plural } from '../../shared/plural.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { extractAnswerUpstream } from '../core/agent/answer.ts';
import { RunRegistry } from '../core/agent/run-registry.ts';
import { CoreError } from '../core/errors.ts';
import { serverContextLength } from '../core/eval/context-length.ts';
import { readEvalRows, type EvalRow } from '../core/eval/dataset.ts';
import { directRowReader } from '../core/eval/direct-row.ts';
import { loadDocPool } from '../core/eval/doc-pool.ts';
import { countJsonRows } from '../core/eval/json-rows.ts';
import { memAgentRowReader } from '../core/eval/memagent-row.ts';
import { writeEvalReport } from '../core/eval/report.ts';
import {
  openResultsFile,
  type OpenResultsFile,
  type ResultSettings,
  type RowResult,
} from '../core/eval/results-file.ts';
import { tallyWarnings, warningLine } from '../core/eval/row-warnings.ts';
import { runEval, type EvalServer, type ReadRow } from '../core/eval/run-eval.ts';
import { summarize } from '../core/eval/summary.ts';
import { clientForProfile } from '../core/backends/backend-client.ts';
import { BackendLimits } from '../core/jobs/backend-limits.ts';
import { JobRegistry } from '../core/jobs/job-registry.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import { runTokenizer } from '../core/use-cases/prepare-run.ts';
import { rowPreparer } from '../core/use-cases/prepare-row.ts';
import { redactSecrets } from '../core/redact.ts';
import type { Tokenizer } from '../core/tokenize/tokenizer.ts';
import {
  builtinProfile,
  CLI_PROFILE_ID,
  cliClientHints,
  createCliRunParts,
  retryNote,
  serverProfile,
} from './cli-run-parts.ts';
import type { CliContext } from './context.ts';
import type { EvalOptions } from './eval-args.ts';
import { EvalProgress } from './eval-progress.ts';
import { summaryTable } from './eval-table.ts';
import { EXIT } from './report-error.ts';
import { runSettingsOf } from './arg-parsing.ts';
import { cliModelResolver } from './model-resolver.ts';

/** Room left in a direct prompt's budget for the chat template the server wraps it in. */
const CHAT_TEMPLATE_TOKENS = 256;

/** `memagent eval`: runs the rows, prints the scores; exit 0 unless every row failed. */
export async function runEvalCommand(options: EvalOptions, ctx: CliContext): Promise<number> {
  const { signal } = ctx;
  const secrets = [options.apiKey];
  let progress: EvalProgress | undefined;
  const note = (text: string) => {
    const clean = redactSecrets(text, secrets);
    if (progress) progress.note(clean);
    else ctx.stderr.write(`${visibleText(clean)}\n`);
  };

  const pool = options.docs === undefined ? undefined : await loadDocPool(options.docs);
  if (pool)
    note(`${options.docs}: ${pool.docs.length.toLocaleString('en-US')} documents (${pool.source})`);
  // Each server (and the built-in model, one "server" whose context holds one sequence per row
  // in flight) is an in-memory profile, read through the app's client factory and hosts.
  const parts = createCliRunParts({ apiKey: options.apiKey, concurrency: options.concurrency });
  const runSettings = runSettingsOf(options);
  const clientOptions = {
    settings: runSettings,
    ...cliClientHints(options.timeoutMs, options.baseUrls[0] ?? ''),
    onRetry: (info: { attempt: number; delayMs: number; reason: string }) =>
      note(retryNote(info, secrets)),
  };
  let servers: EvalServer[];
  let profiles: StoredProfile[];
  let model: string;
  let tokenizer: Tokenizer;
  try {
    profiles =
      options.builtin === undefined
        ? options.baseUrls.map((url) =>
            serverProfile({ ...options, baseUrl: url, baseUrls: [url] }),
          )
        : [
            builtinProfile(
              options.builtin,
              await cliModelResolver(ctx)(options.builtin.modelFile, signal),
            ),
          ];
    servers = await Promise.all(
      profiles.map(async (profile) => ({
        url: profile.kind === 'builtin' ? 'built-in' : profile.baseUrl,
        client: await clientForProfile(parts.clients, parts.secrets, profile, clientOptions),
      })),
    );
    const first = servers[0] as EvalServer;
    model = await first.client.resolveModel(signal);
    // The run use cases' tokenizer (the first server's): every row is cut with it.
    tokenizer = await runTokenizer(parts, {
      profile: profiles[0] as StoredProfile,
      client: first.client,
      model,
      settings: runSettings,
    });
  } catch (error) {
    await parts.close();
    throw error;
  }
  let results: OpenResultsFile | undefined;
  try {
    const readWithAppExtraction =
      options.method === 'direct'
        ? directRowReader({
            tokenizer,
            promptTokens: await directBudgets(options, servers, model, signal),
            answerTokens: options.answerTokens,
            temperature: options.temperature,
            topP: options.topP,
          })
        : memAgentRowReader({
            registry: rowRegistry(options, note),
            backend: CLI_PROFILE_ID,
            group: 'eval',
            prepare: rowPreparer(parts, {
              profile: profiles[0] as StoredProfile,
              client: (servers[0] as EvalServer).client,
              model,
              settings: runSettings,
            }),
          });
    const readRow = withExtraction(readWithAppExtraction, options);

    const settings = resultSettings(options, tokenizer.id);
    if (options.out !== undefined) mkdirSync(path.dirname(options.out), { recursive: true });
    results = options.out === undefined ? undefined : await openResultsFile(options.out);
    if (results) refuseOtherEvaluation(results, options, model, settings);
    const total = await countJsonRows(options.file, {
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
      signal,
    });
    note(
      `${options.file}: ${plural(total, 'row')}; model ${model}; ${options.method === 'direct' ? 'direct prompt' : `MemAgent, chunks of ${options.chunkTokens} tokens`} (${tokenizer.id}); ${plural(servers.length, 'server')}, ${options.concurrency} rows at once`,
    );
    progress = new EvalProgress(ctx.stderr, total);
    // Every row of the data (up to --limit) ends with one result: this session's, or the one
    // --out held. The summary is over all of them.
    const final = new Map<string, RowResult>();
    const file = results;
    const earlier = file?.earlier ?? new Map<string, RowResult>();
    const skip = (row: EvalRow) => {
      const done = earlier.get(row.id);
      if (done === undefined || (done.error !== null && options.retryFailed)) return false;
      final.set(row.id, done);
      progress?.earlier(done);
      return true;
    };
    if (earlier.size > 0)
      note(
        `${options.out}: ${plural(earlier.size, 'row')} done before; ${options.retryFailed ? 'failed rows run again' : 'those rows are skipped'}`,
      );

    progress.draw(true);
    try {
      await runEval({
        rows: uniqueRows(
          readEvalRows(options.file, { ...(pool ? { pool } : {}), signal }),
          options.limit,
        ),
        servers,
        concurrency: options.concurrency,
        method: options.method,
        settings,
        readRow,
        skip,
        onStart: () => progress?.started(),
        onResult: (result) => {
          file?.append(result);
          final.set(result.id, result);
          progress?.finished(result);
        },
        signal,
      });
    } finally {
      progress.finish();
      progress = undefined;
    }

    const rows = [...final.values()];
    if (signal.aborted) {
      note(
        options.out === undefined
          ? `memagent: interrupted; ${plural(rows.length, 'row')} done, not kept (give --out FILE to resume later).`
          : `memagent: interrupted; ${plural(rows.length, 'row')} kept in ${options.out}: run the same command to continue.`,
      );
      await reportAtEnd(options, note, { done: rows.length, total });
      return EXIT.interrupted;
    }
    const summary = summarize(rows);
    await ctx.out(
      options.json
        ? `${JSON.stringify(summary)}\n`
        : `${summaryTable(rows)}\n${warningsText(rows)}`,
    );
    failedNotes(rows, options, note);
    await reportAtEnd(options, note);
    return summary.n > 0 && summary.failed === summary.n ? EXIT.backend : EXIT.ok;
  } finally {
    await results?.close();
    await parts.close();
  }
}

/**
 * `--extraction upstream`: the prediction taken again from the row's final reply as upstream's
 * harness takes it (the direct prompt asks for the text form, as upstream's does).
 */
function withExtraction(read: ReadRow, options: EvalOptions): ReadRow {
  if (options.extraction === 'app') return read;
  const final = options.method === 'direct' ? 'text' : options.final;
  return async (row, server, signal) => {
    const outcome = await read(row, server, signal);
    if (outcome === undefined || outcome.response === null) return outcome;
    return { ...outcome, prediction: extractAnswerUpstream(outcome.response, final) };
  };
}

/** The settings recorded on each result line: what changes the rows' results, by method. */
function resultSettings(options: EvalOptions, tokenizer: string): ResultSettings {
  if (options.method === 'direct')
    return {
      answer_tokens: options.answerTokens,
      ...(options.maxContext !== undefined ? { max_context: options.maxContext } : {}),
      tokenizer,
      ...(options.extraction === 'upstream' ? { extraction: 'upstream' as const } : {}),
    };
  return {
    final: options.final,
    chunk_tokens: options.chunkTokens,
    memory_tokens: options.memoryTokens,
    answer_tokens: options.answerTokens,
    tokenizer,
    ...(options.extraction === 'upstream' ? { extraction: 'upstream' as const } : {}),
  };
}

/** The human summary's warnings: one line per kind, after the table (nothing when none). */
function warningsText(rows: readonly RowResult[]): string {
  return tallyWarnings(rows)
    .map((w) => `warning: ${warningLine(w)}\n`)
    .join('');
}

/**
 * `--report DIR`: the report of the --out file, written when the evaluation ends or is
 * interrupted (then marked partial). A report that cannot be made is a note, not a failure of
 * the evaluation whose rows are kept.
 */
async function reportAtEnd(
  options: EvalOptions,
  note: (text: string) => void,
  partial?: { done: number; total: number },
): Promise<void> {
  if (options.report === undefined || options.out === undefined) return;
  if (partial !== undefined && partial.done === 0) {
    note('memagent: no report: no row had finished.');
    return;
  }
  try {
    const report = await writeEvalReport(
      [{ path: options.out, ...(partial !== undefined ? { partial } : {}) }],
      options.report,
    );
    note(`wrote ${report.files.markdown}${partial !== undefined ? ' (partial)' : ''}`);
    note(`wrote ${report.files.chart}`);
  } catch (error) {
    if (!(error instanceof CoreError)) throw error;
    note(`memagent: no report: ${error.message}`);
  }
}

/**
 * The run registry the rows' runs go through: jobs of kind 'eval-row' in the command's one job
 * registry, never stored, each waiting for a slot of the backend's one limiter (--concurrency:
 * the limit of the command's in-memory profile, whatever the number of servers behind it). The
 * generic-model note is said once.
 */
function rowRegistry(options: EvalOptions, note: (text: string) => void): RunRegistry {
  const limits = new BackendLimits(options.concurrency);
  let modelNoted = false;
  return new RunRegistry({
    jobs: new JobRegistry(),
    limits,
    kind: 'eval-row',
    emit: (_owner, { event }) => {
      if (event.type !== 'warning' || event.code !== 'generic-model' || modelNoted) return;
      modelNoted = true;
      note(`note: ${event.message}`);
    },
  });
}

/** Each server's prompt budget for --method direct: --max-context, or its context length. */
async function directBudgets(
  options: EvalOptions,
  servers: readonly EvalServer[],
  model: string,
  signal: AbortSignal,
): Promise<(server: EvalServer) => number> {
  const budgets = new Map<string, number>();
  for (const server of servers) {
    if (options.maxContext !== undefined) {
      budgets.set(server.url, options.maxContext);
      continue;
    }
    const length = await serverContextLength(server.url, model, {
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      signal,
    });
    const budget = length - options.answerTokens - CHAT_TEMPLATE_TOKENS;
    if (budget < 256) {
      throw new CoreError(
        'BadUsage',
        `The server at ${server.url} serves ${length.toLocaleString('en-US')} tokens, too few for a direct prompt and ${options.answerTokens.toLocaleString('en-US')} answer tokens.`,
        { hint: 'Lower --answer-tokens, or give --max-context.' },
      );
    }
    budgets.set(server.url, budget);
  }
  return (server) => budgets.get(server.url) ?? 0;
}

/**
 * Rows of another method, model or settings in --out would be skipped as done and mixed into
 * this evaluation's scores: refused. Lines written before settings were recorded have none and
 * are taken as they are. (The data file is not recorded; ids tell little across sets.)
 */
function refuseOtherEvaluation(
  file: OpenResultsFile,
  options: EvalOptions,
  model: string,
  settings: ResultSettings,
): void {
  const name = options.out ?? 'The results file';
  const hint = {
    hint: 'Give each evaluation its own --out file, or remove that file to start again.',
  };
  for (const row of file.earlier.values()) {
    if (row.method !== options.method || (row.model !== null && row.model !== model))
      throw new CoreError(
        'BadUsage',
        `${name} holds results of ${row.method} with ${row.model ?? 'another model'}, not of ${options.method} with ${model}.`,
        hint,
      );
    const differs = settingDifference(row.settings, settings);
    if (differs !== undefined)
      throw new CoreError(
        'BadUsage',
        `${name} holds results read with ${differs.key} ${differs.was}, not ${differs.now}.`,
        hint,
      );
  }
}

const SETTING_NAMES: Readonly<Record<string, string>> = {
  final: '--final',
  chunk_tokens: '--chunk-tokens',
  memory_tokens: '--memory-tokens',
  answer_tokens: '--answer-tokens',
  max_context: '--max-context',
  tokenizer: 'the tokenizer',
  extraction: '--extraction',
};

/** What a setting a line does not record was: the app's extraction is recorded by its absence. */
const ABSENT_SETTING: Readonly<Record<string, string>> = { extraction: 'app' };

/** The first setting an earlier line was read with that this run would change. */
function settingDifference(
  earlier: ResultSettings | undefined,
  now: ResultSettings,
): { key: string; was: string; now: string } | undefined {
  if (earlier === undefined) return undefined;
  const keys = new Set([...Object.keys(earlier), ...Object.keys(now)]);
  for (const key of keys) {
    const a = (earlier as unknown as Record<string, unknown>)[key];
    const b = (now as unknown as Record<string, unknown>)[key];
    if (a !== b)
      return {
        key: SETTING_NAMES[key] ?? key,
        was: String(a ?? ABSENT_SETTING[key] ?? 'none'),
        now: String(b ?? ABSENT_SETTING[key] ?? 'none'),
      };
  }
  return undefined;
}

/** The rows up to `limit`, refusing an id seen before: results are kept by id. */
async function* uniqueRows(rows: AsyncIterable<EvalRow>, limit?: number): AsyncGenerator<EvalRow> {
  const seen = new Map<string, number>();
  let count = 0;
  for await (const row of rows) {
    if (limit !== undefined && count >= limit) return;
    count += 1;
    const before = seen.get(row.id);
    if (before !== undefined) {
      throw new CoreError(
        'Damaged',
        `Rows ${before + 1} and ${row.position + 1} of the data both have the id "${row.id}".`,
        {
          hint: 'Each row needs its own "_id" or "index": results are kept and resumed by id.',
        },
      );
    }
    seen.set(row.id, row.position);
    yield row;
  }
}

/** Failed rows on stderr: how many, the first errors, and how to run them again. */
function failedNotes(
  rows: readonly RowResult[],
  options: EvalOptions,
  note: (text: string) => void,
): void {
  const failed = rows.filter((r) => r.error !== null);
  if (failed.length === 0) return;
  const messages = [...new Set(failed.map((r) => r.error?.message ?? ''))];
  note(
    `${plural(failed.length, 'row')} failed after retries and ${failed.length === 1 ? 'scores' : 'score'} 0: ${messages.slice(0, 3).join(' · ')}${messages.length > 3 ? ' …' : ''}`,
  );
  note(
    options.out === undefined
      ? 'To rerun only those rows later, evaluate with --out FILE, then add --retry-failed.'
      : `To rerun only those rows: the same command with --retry-failed.`,
  );
}
