// `memagent ask`: its options, the schema its flags are checked with, and their parse.
import path from 'node:path';
import { z } from 'zod';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import { RUN_SETTINGS_LIMITS as L } from '../../shared/limits.ts';
import {
  DEFAULT_RUN_SETTINGS,
  type FinalPrompt,
  type TokenizerChoice,
} from '../../shared/model.ts';
import { finalPromptSchema, tokenizerChoiceSchema } from '../../shared/schemas.ts';
import {
  check,
  commonFlags,
  connectionFlags,
  connectionSchema,
  int,
  num,
  oneOf,
  onePositional,
  parse,
  price,
  readingFlags,
  readingOptions,
  temperatureRange,
  usage,
  topPRange,
  type Connection,
  type ReadingOptions,
} from './arg-parsing.ts';
import { builtinFlags, parseBuiltinFlags, type BuiltinFlags } from './builtin-backend.ts';
import { libraryFlags, libraryLocation } from './library.ts';
import type { LibraryChoice } from './saved-runs.ts';

export interface AskOptions extends Connection, ReadingOptions {
  file: string;
  questions: string[];
  chunkTokens: number;
  memoryTokens: number;
  answerTokens: number;
  temperature: number;
  topP: number;
  final: FinalPrompt;
  tokenizer: TokenizerChoice;
  concurrency: number;
  /** Ask the model to quote its sources after each answer (--quote-check on|off). */
  quoteCheck: boolean;
  json: boolean;
  trace?: string;
  password?: string;
  debug: boolean;
  /** Print the estimate (chunks, tokens, cost) and stop before any request to the model. */
  dryRun: boolean;
  /** Per million tokens, for the dry run's cost range. */
  inputPrice?: number;
  outputPrice?: number;
  /** The library the runs are saved in; undefined with --no-save. */
  library?: LibraryChoice;
  /** --backend builtin: the GGUF model run on this computer (no server). */
  builtin?: BuiltinFlags;
}

const askSchema = z.object({
  ...connectionSchema,
  question: z
    .array(z.string().trim().min(1, '--question needs text'))
    .min(1, 'ask needs at least one --question'),
  'chunk-tokens': int('chunk-tokens', L.chunkTokens.min, L.chunkTokens.max),
  'memory-tokens': int('memory-tokens', L.memoryTokens.min, L.memoryTokens.max),
  'answer-tokens': int('answer-tokens', L.answerTokens.min, L.answerTokens.max),
  temperature: num('temperature').pipe(
    z.number().min(L.temperature.min, temperatureRange).max(L.temperature.max, temperatureRange),
  ),
  'top-p': num('top-p').pipe(z.number().gt(L.topP.above, topPRange).max(L.topP.max, topPRange)),
  final: oneOf('final', finalPromptSchema.options),
  tokenizer: oneOf('tokenizer', tokenizerChoiceSchema.options),
  concurrency: int('concurrency', 1, 64),
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
  const d = DEFAULT_RUN_SETTINGS;
  const { values, positionals } = parse(
    rest,
    {
      ...connectionFlags,
      ...commonFlags,
      ...readingFlags,
      question: { type: 'string', short: 'q', multiple: true },
      'chunk-tokens': { type: 'string', default: String(d.chunkTokens) },
      'memory-tokens': { type: 'string', default: String(d.memoryTokens) },
      'answer-tokens': { type: 'string', default: String(d.answerTokens) },
      temperature: { type: 'string', default: String(d.temperature) },
      'top-p': { type: 'string', default: String(d.topP) },
      final: { type: 'string', default: d.final },
      tokenizer: { type: 'string', default: d.tokenizer },
      concurrency: { type: 'string', default: '4' },
      'quote-check': { type: 'string' },
      trace: { type: 'string' },
      password: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'input-price': { type: 'string' },
      'output-price': { type: 'string' },
      ...libraryFlags,
      ...builtinFlags,
      'no-save': { type: 'boolean', default: false },
    },
    'ask',
  );
  if (values.help) return { name: 'help', topic: 'ask' };
  const file = path.resolve(here, onePositional(positionals, 'ask'));
  const builtin = parseBuiltinFlags(values, here, 'ask');
  const v = check(
    askSchema,
    { question: [], ...values, 'base-url': values['base-url'] ?? baseUrl },
    'ask',
  );
  const options: AskOptions = {
    file,
    ...readingOptions(values, here, env, 'ask'),
    baseUrl: v['base-url'],
    timeoutMs: Math.round(v.timeout * 1000),
    maxRetries: v.retries,
    questions: v.question,
    chunkTokens: v['chunk-tokens'],
    memoryTokens: v['memory-tokens'],
    answerTokens: v['answer-tokens'],
    temperature: v.temperature,
    topP: v['top-p'],
    final: v.final,
    tokenizer: v.tokenizer,
    concurrency: v.concurrency,
    // Unset: the app's rule for a profile, by address: free on the user's own server (or the
    // built-in model) only.
    quoteCheck:
      v['quote-check'] === undefined
        ? builtin !== undefined || isOwnServerUrl(v['base-url'])
        : v['quote-check'] === 'on',
    json: v.json,
    debug: v.debug,
    dryRun: v['dry-run'],
  };
  if (builtin !== undefined) options.builtin = builtin;
  if (v['input-price'] !== undefined) options.inputPrice = v['input-price'];
  if (v['output-price'] !== undefined) options.outputPrice = v['output-price'];
  const model = v.model ?? envModel;
  const apiKey = v['api-key'] ?? envKey;
  if (model !== undefined) options.model = model;
  if (apiKey !== undefined) options.apiKey = apiKey;
  if (v.trace !== undefined) options.trace = path.resolve(here, v.trace);
  if (v.password !== undefined) options.password = v.password;
  if (v.db !== undefined && v['no-save'])
    throw usage('--db and --no-save contradict each other: choose one.', 'ask');
  if (!v['no-save'])
    options.library = { location: libraryLocation(v.db, here, env), named: v.db !== undefined };
  return { name: 'ask', options };
}
