// `memagent review FILE... --checklist LIST` and `memagent review --list`: their options and the
// parse. The run-setting flags are `ask`'s (flags/run-setting-flags.ts), stated once.
import path from 'node:path';
import { z } from 'zod';
import type { RunSettings } from '../../shared/model.ts';
import { isOwnServerUrl } from '../../shared/quote-check.ts';
import {
  check,
  commonFlags,
  oneOf,
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
  baseUrlsFlag,
  concurrencyFlag,
  connectionFlags,
  costConfirmFlags,
  readSettingFlags,
  runSettingsFromFlags,
} from './flags/run-setting-flags.ts';
import { libraryFlags, libraryLocation } from './library-location.ts';
import type { LibraryChoice } from './saved-runs.ts';
import { shellWord } from './shell-word.ts';

/** `review`'s run-setting flags, in the order its help lists them (help.ts). */
export const REVIEW_FLAGS = {
  ...BUILTIN_FLAGS,
  'base-url': baseUrlsFlag(),
  ...connectionFlags(),
  ...readSettingFlags('boxed'),
  concurrency: concurrencyFlag(CONCURRENCY),
};

/** --cost-limit and --yes, as `ask`'s (run-setting-flags.ts). */
export const REVIEW_COST_FLAGS = costConfirmFlags('a review');

export interface ReviewOptions extends Connection, ReadingOptions, RunSettings {
  /**
   * The documents, resolved from where the command was typed, in the table's row order; a folder
   * stands for its documents (review-files.ts).
   */
  files: string[];
  /** --recursive: a folder's subfolders are read too. */
  recursive: boolean;
  /** --checklist LIST as typed: a file (resolved in `checklistFile`) or a checklist's name. */
  checklist: string;
  checklistFile: string;
  /** --out DIR: the five reports. */
  out?: string;
  baseUrls: string[];
  concurrency: number;
  quoteCheck: boolean;
  /** Per million tokens: the estimate's cost range and the cost so far. */
  inputPrice?: number;
  outputPrice?: number;
  /** --backend builtin / --model-file: the GGUF model run on this computer (no server). */
  builtin?: BuiltinFlags;
  /** --dry-run: print the plan and stop; no review is created, nothing is sent to the server. */
  dryRun: boolean;
  /** --cost-limit: ask first above this much (default: the library's, from the app's Settings). */
  costLimit?: number;
  /** --yes: start even above the cost limit, without asking. */
  yes: boolean;
  json: boolean;
  debug: boolean;
  password?: string;
  chromium?: string;
  library: LibraryChoice;
  /** The command that continues this review: the same command, its key left out. */
  continueCommand: string;
}

export interface ReviewListOptions {
  library: LibraryChoice;
  json: boolean;
  debug: boolean;
}

const reviewSchema = z.object({
  ...flagShape(REVIEW_FLAGS),
  ...flagShape(REVIEW_COST_FLAGS),
  checklist: z.string().trim().min(1, '--checklist needs a file or a checklist name').optional(),
  out: z.string().trim().min(1, '--out needs a folder').optional(),
  'input-price': price('input-price').optional(),
  'output-price': price('output-price').optional(),
  'quote-check': oneOf('quote-check', ['on', 'off'] as const).optional(),
  password: z.string().optional(),
  chromium: z.string().min(1).optional(),
  db: z.string().min(1, '--db needs a file').optional(),
});

/** What `parseReview` needs of the command line's surroundings (as `ask`'s). */
export interface ReviewContext {
  here: string;
  env: NodeJS.ProcessEnv;
  baseUrl: string;
  envModel: string | undefined;
  envKey: string | undefined;
}

/** Parses `review`'s arguments (after the command name). Throws `CoreError('BadUsage')`. */
export function parseReview(
  rest: string[],
  ctx: ReviewContext,
):
  | { name: 'help'; topic: 'review' }
  | { name: 'review'; options: ReviewOptions }
  | { name: 'review-list'; options: ReviewListOptions } {
  const { here, env } = ctx;
  const { values, positionals } = parse(
    rest,
    {
      ...flagOptions(REVIEW_FLAGS),
      ...flagOptions(REVIEW_COST_FLAGS),
      ...commonFlags,
      ...readingFlags,
      ...libraryFlags,
      checklist: { type: 'string' },
      out: { type: 'string' },
      list: { type: 'boolean', default: false },
      recursive: { type: 'boolean', default: false },
      'quote-check': { type: 'string' },
      'input-price': { type: 'string' },
      'output-price': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      password: { type: 'string' },
      chromium: { type: 'string' },
    },
    'review',
  );
  if (values.help) return { name: 'help', topic: 'review' };
  const builtin = parseBuiltinFlags(values, here, 'review');
  const v = check(
    reviewSchema,
    { ...values, 'base-url': values['base-url'] ?? [ctx.baseUrl] },
    'review',
  );
  const library = { location: libraryLocation(v.db, here, env), named: v.db !== undefined };
  if (values.list) {
    if (positionals.length > 0 || v.checklist !== undefined)
      throw usage('review --list takes no FILE or --checklist.', 'review');
    return { name: 'review-list', options: { library, json: values.json, debug: values.debug } };
  }
  if (positionals.length === 0) throw usage('review needs at least one FILE.', 'review');
  if (v.checklist === undefined)
    throw usage('review needs --checklist LIST (a file, or a checklist’s name).', 'review');
  const options: ReviewOptions = {
    files: positionals.map((file) => path.resolve(here, file)),
    recursive: values.recursive,
    checklist: v.checklist,
    checklistFile: path.resolve(here, v.checklist),
    ...readingOptions(values, here, env, 'review'),
    baseUrl: v['base-url'][0] as string,
    baseUrls: v['base-url'],
    timeoutMs: Math.round(v.timeout * 1000),
    maxRetries: v.retries,
    ...runSettingsFromFlags(v, v['answer-tokens']),
    concurrency: v.concurrency,
    // As `ask`: free on the built-in model or the user's own server only, unless said.
    quoteCheck:
      v['quote-check'] === undefined
        ? builtin !== undefined || v['base-url'].every((url) => isOwnServerUrl(url))
        : v['quote-check'] === 'on',
    dryRun: values['dry-run'],
    yes: v.yes,
    json: values.json,
    debug: values.debug,
    library,
    continueCommand: continueCommand(rest),
  };
  if (v.out !== undefined) options.out = path.resolve(here, v.out);
  if (v['input-price'] !== undefined) options.inputPrice = v['input-price'];
  if (v['output-price'] !== undefined) options.outputPrice = v['output-price'];
  if (v['cost-limit'] !== undefined) options.costLimit = v['cost-limit'];
  if (builtin !== undefined) options.builtin = builtin;
  if (v.password !== undefined) options.password = v.password;
  if (v.chromium !== undefined) options.chromium = path.resolve(here, v.chromium);
  const model = v.model ?? ctx.envModel;
  const apiKey = v['api-key'] ?? ctx.envKey;
  if (model !== undefined) options.model = model;
  if (apiKey !== undefined) options.apiKey = apiKey;
  return { name: 'review', options };
}

/**
 * The command as typed, for the line that says how to continue: the same command finds the same
 * review. An --api-key's value is never printed (the key comes from the environment again).
 */
function continueCommand(rest: readonly string[]): string {
  const words: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i] as string;
    if (word === '--api-key') {
      i += 1;
      continue;
    }
    if (word.startsWith('--api-key=')) continue;
    words.push(shellWord(word));
  }
  return `npm run memagent -- review ${words.join(' ')}`;
}
