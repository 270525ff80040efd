// `memagent eval`: its options, the schema its flags are checked with, and their parse.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../shared/model.ts';
import { parseBuiltinFlags, type BuiltinFlags } from './builtin-backend.ts';
import {
  check,
  commonFlags,
  int,
  oneOf,
  onePositional,
  parse,
  usage,
  type Connection,
} from './arg-parsing.ts';
import { flagHelp, flagOptions, flagShape } from './flags/flag-spec.ts';
import {
  BUILTIN_FLAGS,
  EVAL_CONCURRENCY,
  baseUrlsFlag,
  concurrencyFlag,
  connectionFlags,
  readSettingFlags,
  runSettingsFromFlags,
} from './flags/run-setting-flags.ts';

/** Upstream's output budget of the direct baseline (MAX_OUTPUT_LEN in memory_eval/utils/envs.py). */
export const DIRECT_ANSWER_TOKENS = 10_000;
/** The results file of `--report DIR` without --out: DIR/results.jsonl. */
export const REPORT_RESULTS_FILE = 'results.jsonl';
/** Rows in flight by default: vLLM batches, so many rows at once cost little more than one. */
export const DEFAULT_EVAL_CONCURRENCY = EVAL_CONCURRENCY.default;

// Upstream's recurrent evaluation asks for "Therefore, the answer is ..." (MEMAGENT.md).
const readSettings = readSettingFlags('text');

/** `eval`'s run-setting flags, in the order its help lists them. */
export const EVAL_FLAGS = {
  ...BUILTIN_FLAGS,
  'base-url': baseUrlsFlag(),
  ...connectionFlags(),
  ...readSettings,
  // The direct method's budget is larger: no default here, the parse picks it by method.
  'answer-tokens': {
    ...readSettings['answer-tokens'],
    option: { type: 'string' },
    schema: readSettings['answer-tokens'].schema.optional(),
    help: {
      ...readSettings['answer-tokens'].help,
      shownDefault: `${DEFAULT_RUN_SETTINGS.answerTokens}; direct ${DIRECT_ANSWER_TOKENS}`,
    },
  },
  concurrency: concurrencyFlag(EVAL_CONCURRENCY),
} as const;

export interface EvalOptions extends Omit<Connection, 'baseUrl'>, RunSettings {
  file: string;
  /** One or more servers; rows go to the one with the fewest requests in flight. */
  baseUrls: string[];
  /** Evaluate the first N rows of the data only. */
  limit?: number;
  concurrency: number;
  /** Results, one JSON line per row; a rerun skips the rows it holds. */
  out?: string;
  /** Rerun the rows of --out that failed. */
  retryFailed: boolean;
  /** Write the report (report.md, accuracy.svg) of --out into this folder at the end. */
  report?: string;
  /** The documents pool of sets whose contexts are document numbers. */
  docs?: string;
  method: 'memagent' | 'direct';
  /** Direct: the prompt's token budget (default: the server's context length). */
  maxContext?: number;
  /** --backend builtin: the GGUF model run on this computer, instead of --base-url servers. */
  builtin?: BuiltinFlags;
  /** How answers are extracted: the app's way, or upstream's exactly (to reproduce Table 2). */
  extraction: 'app' | 'upstream';
  json: boolean;
  debug: boolean;
}

const evalSchema = z.object({
  ...flagShape(EVAL_FLAGS),
  limit: int('limit', 1, Number.MAX_SAFE_INTEGER).optional(),
  out: z.string().trim().min(1, '--out needs a file').optional(),
  report: z.string().trim().min(1, '--report needs a folder').optional(),
  'retry-failed': z.boolean(),
  docs: z.string().trim().min(1, '--docs needs a file').optional(),
  method: oneOf('method', ['memagent', 'direct'] as const),
  'max-context': int('max-context', 256, 100_000_000).optional(),
  extraction: oneOf('extraction', ['app', 'upstream'] as const),
  json: z.boolean(),
  debug: z.boolean(),
});

/** What `parseEval` needs of the command line's surroundings. */
export interface EvalContext {
  here: string;
  baseUrl: string;
  envModel: string | undefined;
  envKey: string | undefined;
}

/** Parses `eval`'s arguments (after the command name). Throws `CoreError('BadUsage')`. */
export function parseEval(
  rest: string[],
  ctx: EvalContext,
): { name: 'help'; topic: 'eval' } | { name: 'eval'; options: EvalOptions } {
  const { values, positionals } = parse(
    rest,
    {
      ...flagOptions(EVAL_FLAGS),
      ...commonFlags,
      limit: { type: 'string' },
      out: { type: 'string' },
      report: { type: 'string' },
      'retry-failed': { type: 'boolean', default: false },
      docs: { type: 'string' },
      method: { type: 'string', default: 'memagent' },
      'max-context': { type: 'string' },
      extraction: { type: 'string', default: 'app' },
    },
    'eval',
  );
  if (values.help) return { name: 'help', topic: 'eval' };
  const file = path.resolve(ctx.here, onePositional(positionals, 'eval'));
  const builtin = parseBuiltinFlags(values, ctx.here, 'eval');
  if (builtin !== undefined && values['base-url'] !== undefined)
    throw usage(
      '--base-url names servers; --backend builtin reads on this computer: give one.',
      'eval',
    );
  const v = check(
    evalSchema,
    { ...values, 'base-url': values['base-url'] ?? [ctx.baseUrl] },
    'eval',
  );
  if (builtin !== undefined && v.method === 'direct')
    throw usage(
      '--method direct puts a whole context in one request: it needs a server, not --backend builtin.',
      'eval',
      "The built-in model's context is sized for MemAgent's chunks and memory.",
    );
  if (v['retry-failed'] && v.out === undefined && v.report === undefined)
    throw usage('--retry-failed reruns the failed rows of an --out file: give --out.', 'eval');
  if (v['max-context'] !== undefined && v.method !== 'direct')
    throw usage('--max-context cuts the prompts of --method direct only.', 'eval');
  const options: EvalOptions = {
    file,
    baseUrls: v['base-url'],
    timeoutMs: Math.round(v.timeout * 1000),
    maxRetries: v.retries,
    concurrency: v.concurrency,
    retryFailed: v['retry-failed'],
    method: v.method,
    ...runSettingsFromFlags(
      v,
      v['answer-tokens'] ??
        (v.method === 'direct' ? DIRECT_ANSWER_TOKENS : DEFAULT_RUN_SETTINGS.answerTokens),
    ),
    extraction: v.extraction,
    json: v.json,
    debug: v.debug,
  };
  if (builtin !== undefined) options.builtin = builtin;
  if (v.limit !== undefined) options.limit = v.limit;
  if (v.report !== undefined) options.report = path.resolve(ctx.here, v.report);
  // The report is made from the results file: without --out, it is kept beside the report.
  if (v.out !== undefined) options.out = path.resolve(ctx.here, v.out);
  else if (options.report !== undefined)
    options.out = path.join(options.report, REPORT_RESULTS_FILE);
  if (v.docs !== undefined) options.docs = path.resolve(ctx.here, v.docs);
  if (v['max-context'] !== undefined) options.maxContext = v['max-context'];
  const model = v.model ?? ctx.envModel;
  const apiKey = v['api-key'] ?? ctx.envKey;
  if (model !== undefined) options.model = model;
  if (apiKey !== undefined) options.apiKey = apiKey;
  return { name: 'eval', options };
}

export const EVAL_HELP = `memagent eval DATA.json|DATA.jsonl [options]

Measures a setup with MemAgent's benchmark protocol: every row's question is asked about its
context and the answer scored against the row's gold answers (EM, sub-EM, F1 as the paper;
RULER's non-QA tasks by string match all). Rows as the upstream evaluation sets have them:
"context", "input", "answers" (gold first), "_id" or "index", optional "num_docs"; RULER rows
with "outputs". See docs/evaluation.md.

Options:
${flagHelp(EVAL_FLAGS)}  --method memagent|direct
                          memagent (default): chunk by chunk with a memory; direct: the whole
                          context in one prompt (the paper's long-context baseline), cut to
                          its head and tail when longer than --max-context
  --max-context N         direct: the prompt's token budget (default: the server's context
                          length less the answer tokens and 256)
  --docs FILE             the documents of sets whose contexts are document numbers
                          (hotpotqa_dev.json for the HotpotQA sets over 1M tokens)
  --limit N               the first N rows only
  --out FILE.jsonl        one result line per row as it ends; run the same command again to
                          continue an interrupted evaluation (done rows are skipped)
  --retry-failed          with --out: run the rows that failed again
  --report DIR            at the end, write DIR/report.md and DIR/accuracy.svg from the
                          results (as memagent report); without --out the results go to
                          DIR/${REPORT_RESULTS_FILE}; after Ctrl-C the report covers the rows
                          done and says it is partial
  --extraction app|upstream
                          how the answer is taken from the final reply: the app's way
                          (default; "The answer is" in any case) or upstream's exactly
                          (case-sensitive "the answer is"), to reproduce the paper's scores
  --json                  print {n, scored, failed, em, sub_em, f1} (percentages) on stdout
  --debug                 show technical details and stack traces of errors
`;
