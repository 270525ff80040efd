// `memagent ask`: its options, the schema its flags are checked with, and their parse.
import path from 'node:path';
import { z } from 'zod';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import type { RunSettings } from '../../shared/model.ts';
import {
  check,
  commonFlags,
  oneOf,
  onePositional,
  parse,
  price,
  readingFlags,
  readingOptions,
  usage,
  type Connection,
  type ReadingOptions,
} from './arg-parsing.ts';
import { parseBuiltinFlags, type BuiltinFlags } from './builtin-backend.ts';
import { flagOptions, flagShape } from './flags/flag-spec.ts';
import {
  BUILTIN_FLAGS,
  CONCURRENCY,
  QUESTION_FLAGS,
  baseUrlsFlag,
  concurrencyFlag,
  connectionFlags,
  costConfirmFlags,
  readSettingFlags,
  runSettingsFromFlags,
} from './flags/run-setting-flags.ts';
import { libraryFlags, libraryLocation } from './library-location.ts';
import type { LibraryChoice } from './saved-runs.ts';

/** `ask`'s run-setting flags, in the order its help lists them (help.ts). */
export const ASK_FLAGS = {
  ...QUESTION_FLAGS,
  ...BUILTIN_FLAGS,
  'base-url': baseUrlsFlag(),
  ...connectionFlags(),
  ...readSettingFlags('boxed'),
  concurrency: concurrencyFlag(CONCURRENCY),
};

/** --cost-limit and --yes, as `review`'s (run-setting-flags.ts). */
export const ASK_COST_FLAGS = costConfirmFlags('questions');

export interface AskOptions extends Connection, ReadingOptions, RunSettings {
  file: string;
  /** The -q questions, in order; a --questions list's come after them (ask-questions.ts). */
  questions: string[];
  /** --questions LIST: a file resolved from where the command was typed, or `-` (stdin). */
  questionsFile?: string;
  /** Every --base-url in order (`baseUrl` is the first): requests go to the least loaded. */
  baseUrls: string[];
  /** The backend's limit for the whole command: requests in flight at once (--concurrency). */
  concurrency: number;
  /** Ask the model to quote its sources after each answer (--quote-check on|off). */
  quoteCheck: boolean;
  json: boolean;
  trace?: string;
  password?: string;
  debug: boolean;
  /** Print the estimate (chunks, tokens, cost) and stop before any request to the model. */
  dryRun: boolean;
  /** Per million tokens: the dry run's cost range, and the cost checked against the limit. */
  inputPrice?: number;
  outputPrice?: number;
  /** --cost-limit: ask first above this much (default: the library's, from the app's Settings). */
  costLimit?: number;
  /** --yes: start even above the cost limit, without asking. */
  yes: boolean;
  /** The library the runs are saved in; undefined with --no-save. */
  library?: LibraryChoice;
  /** --backend builtin: the GGUF model run on this computer (no server). */
  builtin?: BuiltinFlags;
}

const askSchema = z.object({
  ...flagShape(ASK_FLAGS),
  ...flagShape(ASK_COST_FLAGS),
  'dry-run': z.boolean(),
  'input-price': price('input-price').optional(),
  'output-price': price('output-price').optional(),
  'quote-check': oneOf('quote-check', ['on', 'off'] as const).optional(),
  json: z.boolean(),
  trace: z.string().min(1).optional(),
  password: z.string().optional(),
  debug: z.boolean(),
  db: z.string().min(1, '--db needs a file').optional(),
  'no-save': z.boolean(),
});

/** What `parseAsk` needs of the command line's surroundings. */
export interface AskContext {
  /** Where the user typed the command: paths are meant from there. */
  here: string;
  env: NodeJS.ProcessEnv;
  /** The base URL, model and key from the environment, used where no flag gives them. */
  baseUrl: string;
  envModel: string | undefined;
  envKey: string | undefined;
}

/** Parses `ask`'s arguments (after the command name). Throws `CoreError('BadUsage')`. */
export function parseAsk(
  rest: string[],
  ctx: AskContext,
): { name: 'help'; topic: 'ask' } | { name: 'ask'; options: AskOptions } {
  const { here, env, baseUrl, envModel, envKey } = ctx;
  const { values, positionals } = parse(
    rest,
    {
      ...flagOptions(ASK_FLAGS),
      ...flagOptions(ASK_COST_FLAGS),
      ...commonFlags,
      ...readingFlags,
      'quote-check': { type: 'string' },
      trace: { type: 'string' },
      password: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'input-price': { type: 'string' },
      'output-price': { type: 'string' },
      ...libraryFlags,
      'no-save': { type: 'boolean', default: false },
    },
    'ask',
  );
  if (values.help) return { name: 'help', topic: 'ask' };
  const file = path.resolve(here, onePositional(positionals, 'ask'));
  const builtin = parseBuiltinFlags(values, here, 'ask');
  const v = check(
    askSchema,
    { question: [], ...values, 'base-url': values['base-url'] ?? [baseUrl] },
    'ask',
  );
  if (v.question.length === 0 && v.questions === undefined)
    throw usage('ask needs at least one --question (or --questions LIST).', 'ask');
  const options: AskOptions = {
    file,
    ...readingOptions(values, here, env, 'ask'),
    baseUrl: v['base-url'][0] as string,
    baseUrls: v['base-url'],
    timeoutMs: Math.round(v.timeout * 1000),
    maxRetries: v.retries,
    questions: v.question,
    ...runSettingsFromFlags(v, v['answer-tokens']),
    concurrency: v.concurrency,
    // Unset: the app's rule for a profile, by address: free on the user's own server (or the
    // built-in model) only.
    quoteCheck:
      v['quote-check'] === undefined
        ? builtin !== undefined || v['base-url'].every((url) => isOwnServerUrl(url))
        : v['quote-check'] === 'on',
    json: v.json,
    debug: v.debug,
    dryRun: v['dry-run'],
    yes: v.yes,
  };
  if (v['cost-limit'] !== undefined) options.costLimit = v['cost-limit'];
  if (builtin !== undefined) options.builtin = builtin;
  if (v['input-price'] !== undefined) options.inputPrice = v['input-price'];
  if (v['output-price'] !== undefined) options.outputPrice = v['output-price'];
  const model = v.model ?? envModel;
  const apiKey = v['api-key'] ?? envKey;
  if (model !== undefined) options.model = model;
  if (apiKey !== undefined) options.apiKey = apiKey;
  if (v.questions !== undefined)
    options.questionsFile = v.questions === '-' ? '-' : path.resolve(here, v.questions);
  if (v.trace !== undefined) options.trace = path.resolve(here, v.trace);
  if (v.password !== undefined) options.password = v.password;
  if (v.db !== undefined && v['no-save'])
    throw usage('--db and --no-save contradict each other: choose one.', 'ask');
  if (!v['no-save'])
    options.library = { location: libraryLocation(v.db, here, env), named: v.db !== undefined };
  return { name: 'ask', options };
}
