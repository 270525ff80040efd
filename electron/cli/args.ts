import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { z } from 'zod';
import { BACKEND_DEFAULTS } from '../../shared/backends.ts';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import { BACKEND_LIMITS as B, RUN_SETTINGS_LIMITS as L } from '../../shared/limits.ts';
import {
  DEFAULT_READING,
  DEFAULT_RUN_SETTINGS,
  type FinalPrompt,
  type Reading,
  type TokenizerChoice,
} from '../../shared/model.ts';
import {
  finalPromptSchema,
  httpUrlSchema,
  readingSchema,
  tokenizerChoiceSchema,
} from '../../shared/schemas.ts';
import { SHIPPED_OCR_LANGUAGES } from '../core/documents/ocr-languages.ts';
import { CoreError } from '../core/errors.ts';
import { appDataDir } from './app-data.ts';

/** Without a flag or MEMAGENT_BASE_URL: a local vLLM, as the app's first profile. */
export const DEFAULT_BASE_URL = BACKEND_DEFAULTS.vllm.baseUrl;

/** Connection settings shared by `ask` and `models`: flags first, then the environment. */
export interface Connection {
  baseUrl: string;
  /** Per attempt (--timeout, in seconds on the command line). */
  timeoutMs: number;
  /** Retries after the first attempt (--retries). */
  maxRetries: number;
  model?: string;
  apiKey?: string;
}

/** How `ask` and `extract` read PDFs: OCR mode and languages, and the user's language folder. */
export interface ReadingOptions {
  reading: Reading;
  /** Extra `<code>.traineddata[.gz]` files (--ocr-languages-dir; default the app's folder). */
  ocrLanguageDir: string;
}

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
}

export interface ExtractOptions extends ReadingOptions {
  file: string;
  json: boolean;
  password?: string;
  debug: boolean;
}

export interface ModelsOptions extends Connection {
  json: boolean;
  debug: boolean;
}

export type Command =
  | { name: 'help'; topic?: string }
  | { name: 'ask'; options: AskOptions }
  | { name: 'extract'; options: ExtractOptions }
  | { name: 'models'; options: ModelsOptions };

const num = (flag: string) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, `--${flag} needs a number`)
    .transform(Number);
const int = (flag: string, min: number, max: number) =>
  num(flag).pipe(
    z
      .number()
      .int(`--${flag} needs a whole number`)
      .min(min, `--${flag} must be at least ${min}`)
      .max(max, `--${flag} must be at most ${max}`),
  );

const price = (flag: string) =>
  num(flag).pipe(z.number().min(0, `--${flag} must be 0 or more (per million tokens)`));

/** The values of a shared enum, with a message naming them: "--final is boxed or text". */
const oneOf = <T extends string>(flag: string, values: readonly T[]) =>
  z.enum(values, {
    error: `--${flag} is ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`,
  });
const temperatureRange = `--temperature must be ${L.temperature.min} to ${L.temperature.max}`;
const topPRange = `--top-p must be above ${L.topP.above} and at most ${L.topP.max}`;
const timeoutRange = `--timeout must be ${B.timeoutSec.min} to ${B.timeoutSec.max} seconds`;

const connectionSchema = {
  'base-url': httpUrlSchema('--base-url needs an http:// or https:// URL'),
  model: z.string().trim().min(1, '--model needs a name').optional(),
  'api-key': z.string().min(1, '--api-key needs a value').optional(),
  timeout: num('timeout').pipe(
    z.number().min(B.timeoutSec.min, timeoutRange).max(B.timeoutSec.max, timeoutRange),
  ),
  retries: int('retries', B.retries.min, B.retries.max),
};

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
});

const connectionFlags = {
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  timeout: { type: 'string', default: String(B.timeoutSec.default) },
  retries: { type: 'string', default: String(B.retries.default) },
} as const;

const readingFlags = {
  ocr: { type: 'string', default: DEFAULT_READING.ocr },
  'ocr-lang': { type: 'string', default: DEFAULT_READING.languages.join('+') },
  'ocr-languages-dir': { type: 'string' },
} as const;

const commonFlags = {
  json: { type: 'boolean', default: false },
  debug: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function usage(message: string, topic?: string, hint?: string): CoreError {
  return new CoreError('BadUsage', message, {
    hint: hint ?? `Run \`memagent ${topic ? `${topic} ` : ''}--help\` for usage.`,
  });
}

/** Where OCR languages come from, for an --ocr-lang the command cannot use. */
export function ocrLanguageHint(code: string, dir: string): string {
  return (
    `Shipped: ${SHIPPED_OCR_LANGUAGES.join(', ')}. For another language, put ${code}.traineddata ` +
    `(from tesseract's tessdata_best or tessdata_fast) in ${dir}, or pass --ocr-languages-dir.`
  );
}

function parse<T extends ParseArgsOptionsConfig>(args: string[], options: T, topic: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs messages are already one sentence ("Unknown option '--foo'...").
    const message = error instanceof Error ? error.message : String(error);
    const first = message.split('\n')[0]?.split(/(?<=\.) /)[0] ?? message;
    throw usage(first.replace(/\.?$/, '.'), topic);
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, topic: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw usage(`${first?.message ?? 'Invalid arguments'}.`, topic);
}

/**
 * --ocr and --ocr-lang (tesseract's `eng+deu` form) checked with the contract's reading rules;
 * --ocr-languages-dir from where the user typed it, else the app's folder.
 */
function readingOptions(
  values: { ocr: string; 'ocr-lang': string; 'ocr-languages-dir'?: string | undefined },
  here: string,
  env: NodeJS.ProcessEnv,
  topic: string,
): ReadingOptions {
  const ocr = check(oneOf('ocr', readingSchema.shape.ocr.options), values.ocr, topic);
  const given = values['ocr-languages-dir'];
  if (given !== undefined && given.trim() === '')
    throw usage('--ocr-languages-dir needs a folder.', topic);
  const ocrLanguageDir =
    given === undefined ? path.join(appDataDir(env), 'ocr-languages') : path.resolve(here, given);
  const languages = values['ocr-lang'].trim().split('+');
  const parsed = readingSchema.safeParse({ ocr, languages });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const bad = typeof issue?.path[1] === 'number' ? languages[issue.path[1]] : undefined;
    if (issue?.code === 'too_big')
      throw usage(`--ocr-lang takes at most ${String(issue.maximum)} languages.`, topic);
    if (bad === undefined || bad === '')
      throw usage('--ocr-lang needs tesseract codes joined by +, such as eng or eng+deu.', topic);
    throw usage(
      `--ocr-lang: "${bad}" is not a tesseract language code (letters, digits and _).`,
      topic,
      ocrLanguageHint('CODE', ocrLanguageDir),
    );
  }
  return { reading: parsed.data, ocrLanguageDir };
}

function onePositional(positionals: string[], topic: string): string {
  if (positionals.length === 0) throw usage(`${topic} needs a FILE.`, topic);
  if (positionals.length > 1)
    throw usage(
      `${topic} takes one FILE, got ${positionals.length} (quote a question with spaces).`,
      topic,
    );
  return positionals[0] as string;
}

/** Parses the command line (without `node main.ts`). Throws `CoreError('BadUsage')`. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): Command {
  const [name, ...rest] = argv;
  // `npm run memagent` runs in the package folder; paths are meant from where the user typed them.
  const here = env.INIT_CWD || process.cwd();
  const oneFile = (positionals: string[], topic: string) =>
    path.resolve(here, onePositional(positionals, topic));
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    return rest[0] !== undefined ? { name: 'help', topic: rest[0] } : { name: 'help' };
  }
  const baseUrl = env.MEMAGENT_BASE_URL?.trim() || DEFAULT_BASE_URL;
  const envModel = env.MEMAGENT_MODEL?.trim() || undefined;
  const envKey = env.MEMAGENT_API_KEY?.trim() || env.OPENAI_API_KEY?.trim() || undefined;

  if (name === 'ask') {
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
      },
      'ask',
    );
    if (values.help) return { name: 'help', topic: 'ask' };
    const file = oneFile(positionals, 'ask');
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
      // Unset: the app's rule for a profile, by address: free on the user's own server only.
      quoteCheck:
        v['quote-check'] === undefined ? isOwnServerUrl(v['base-url']) : v['quote-check'] === 'on',
      json: v.json,
      debug: v.debug,
      dryRun: v['dry-run'],
    };
    if (v['input-price'] !== undefined) options.inputPrice = v['input-price'];
    if (v['output-price'] !== undefined) options.outputPrice = v['output-price'];
    const model = v.model ?? envModel;
    const apiKey = v['api-key'] ?? envKey;
    if (model !== undefined) options.model = model;
    if (apiKey !== undefined) options.apiKey = apiKey;
    if (v.trace !== undefined) options.trace = path.resolve(here, v.trace);
    if (v.password !== undefined) options.password = v.password;
    return { name: 'ask', options };
  }

  if (name === 'extract') {
    const { values, positionals } = parse(
      rest,
      { ...commonFlags, ...readingFlags, password: { type: 'string' } },
      'extract',
    );
    if (values.help) return { name: 'help', topic: 'extract' };
    const options: ExtractOptions = {
      file: oneFile(positionals, 'extract'),
      ...readingOptions(values, here, env, 'extract'),
      json: values.json,
      debug: values.debug,
    };
    if (values.password !== undefined) options.password = values.password;
    return { name: 'extract', options };
  }

  if (name === 'models') {
    const { values, positionals } = parse(rest, { ...connectionFlags, ...commonFlags }, 'models');
    if (values.help) return { name: 'help', topic: 'models' };
    if (positionals.length > 0)
      throw usage(`models takes no FILE (got "${positionals[0]}").`, 'models');
    const v = check(
      z.object(connectionSchema),
      { ...values, 'base-url': values['base-url'] ?? baseUrl },
      'models',
    );
    const options: ModelsOptions = {
      baseUrl: v['base-url'],
      timeoutMs: Math.round(v.timeout * 1000),
      maxRetries: v.retries,
      json: values.json,
      debug: values.debug,
    };
    const apiKey = v['api-key'] ?? envKey;
    if (apiKey !== undefined) options.apiKey = apiKey;
    if (v.model !== undefined) options.model = v.model;
    return { name: 'models', options };
  }

  throw usage(`Unknown command "${name}".`);
}
