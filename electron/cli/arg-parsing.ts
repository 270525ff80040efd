// The command line's shared parsing: number and enum flags checked with zod, the flags every
// command has, and one BadUsage sentence for what is wrong. The run-setting flags (connection,
// settings, concurrency, built-in model) are stated once in flags/run-setting-flags.ts.
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { z } from 'zod';
import { BACKEND_DEFAULTS } from '../../shared/backends.ts';
import { DEFAULT_READING, type Reading, type RunSettings } from '../../shared/model.ts';
import { readingSchema } from '../../shared/schemas.ts';
import { SHIPPED_OCR_LANGUAGES } from '../core/documents/ocr-languages.ts';
import { CoreError } from '../core/errors.ts';
import { appDataDir } from './app-data.ts';

/** Without a flag or MEMAGENT_BASE_URL: a local vLLM, as the app's first profile. */
export const DEFAULT_BASE_URL = BACKEND_DEFAULTS.vllm.baseUrl;

/** Connection settings shared by `ask` and `models`: flags first, then the environment. */
export interface Connection {
  /** The first of `baseUrls` (`ask`), or the one server (`models`). */
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

export const num = (flag: string) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, `--${flag} needs a number`)
    .transform(Number);
export const int = (flag: string, min: number, max: number) =>
  num(flag).pipe(
    z
      .number()
      .int(`--${flag} needs a whole number`)
      .min(min, `--${flag} must be at least ${min}`)
      .max(max, `--${flag} must be at most ${max}`),
  );

export const price = (flag: string) =>
  num(flag).pipe(z.number().min(0, `--${flag} must be 0 or more (per million tokens)`));

/** The values of a shared enum, with a message naming them: "--final is boxed or text". */
export const oneOf = <T extends string>(flag: string, values: readonly T[]) =>
  z.enum(values, {
    error: `--${flag} is ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`,
  });
export const readingFlags = {
  ocr: { type: 'string', default: DEFAULT_READING.ocr },
  'ocr-lang': { type: 'string', default: DEFAULT_READING.languages.join('+') },
  'ocr-languages-dir': { type: 'string' },
} as const;

export const commonFlags = {
  json: { type: 'boolean', default: false },
  debug: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export function usage(message: string, topic?: string, hint?: string): CoreError {
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

export function parse<T extends ParseArgsOptionsConfig>(args: string[], options: T, topic: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs messages are already one sentence ("Unknown option '--foo'...").
    const message = error instanceof Error ? error.message : String(error);
    const first = message.split('\n')[0]?.split(/(?<=\.) /)[0] ?? message;
    throw usage(first.replace(/\.?$/, '.'), topic);
  }
}

export function check<T>(schema: z.ZodType<T>, value: unknown, topic: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw usage(`${first?.message ?? 'Invalid arguments'}.`, topic);
}

/**
 * --ocr and --ocr-lang (tesseract's `eng+deu` form) checked with the contract's reading rules;
 * --ocr-languages-dir from where the user typed it, else the app's folder.
 */
export function readingOptions(
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

export function onePositional(positionals: string[], topic: string): string {
  if (positionals.length === 0) throw usage(`${topic} needs a FILE.`, topic);
  if (positionals.length > 1)
    throw usage(
      `${topic} takes one FILE, got ${positionals.length} (quote a question with spaces).`,
      topic,
    );
  return positionals[0] as string;
}

/** The run settings of a command's options (`ask`, `eval`): what the engine reads with. */
export function runSettingsOf(options: RunSettings): RunSettings {
  return {
    chunkTokens: options.chunkTokens,
    memoryTokens: options.memoryTokens,
    answerTokens: options.answerTokens,
    temperature: options.temperature,
    topP: options.topP,
    final: options.final,
    tokenizer: options.tokenizer,
  };
}
