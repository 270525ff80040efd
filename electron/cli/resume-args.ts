// `memagent resume RUN_ID`: its options and their parse.
import path from 'node:path';
import { z } from 'zod';
import { appDataDir } from './app-data.ts';
import { check, commonFlags, parse, usage } from './arg-parsing.ts';
import { parseBuiltinFlags, type BuiltinFlags } from './builtin-backend.ts';
import { flagOptions, flagShape } from './flags/flag-spec.ts';
import {
  BUILTIN_FLAGS,
  CONCURRENCY,
  baseUrlsFlag,
  concurrencyFlag,
  connectionFlags,
} from './flags/run-setting-flags.ts';
import { libraryFlags, libraryLocation } from './library-location.ts';
import type { LibraryChoice } from './saved-runs.ts';

export interface ResumeOptions {
  /** The run's id or a unique beginning of it. */
  runId: string;
  library: LibraryChoice;
  /** Another server than the one the run read with: the first of `baseUrls`. */
  baseUrl?: string;
  /** Every --base-url in order (empty: the run's own server); requests go to the least loaded. */
  baseUrls: string[];
  /** Read the rest with this model, on purpose. */
  model?: string;
  /** --model-file: read the rest with the built-in model (a run it began needs the file again). */
  builtin?: BuiltinFlags;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  /** The backend's limit for the whole command (the run's reading is sequential; the quote
   * check may add requests). */
  concurrency: number;
  json: boolean;
  debug: boolean;
  trace?: string;
  /** OCR languages, should the run's text have to be read again from a scanned PDF. */
  ocrLanguageDir: string;
}

/** `resume`'s run-setting flags, in the order its help lists them (help.ts). */
export const RESUME_FLAGS = {
  ...BUILTIN_FLAGS,
  'base-url': baseUrlsFlag(
    "the one the run read with; for a run made in the app, its backend profile's URL",
  ),
  ...connectionFlags({
    text: 'read the rest with this model on purpose (the run notes the change)',
    shownDefault: 'the model the run began with',
  }),
  concurrency: concurrencyFlag(CONCURRENCY),
};

const resumeSchema = z.object({
  ...flagShape(RESUME_FLAGS),
  'base-url': RESUME_FLAGS['base-url'].schema.optional(),
  json: z.boolean(),
  debug: z.boolean(),
  trace: z.string().min(1).optional(),
});

/** Parses `resume`'s arguments (after the command name). Throws `CoreError('BadUsage')`. */
export function parseResume(
  rest: string[],
  ctx: { here: string; env: NodeJS.ProcessEnv; envKey: string | undefined },
): { name: 'help'; topic: 'resume' } | { name: 'resume'; options: ResumeOptions } {
  const { values, positionals } = parse(
    rest,
    {
      ...flagOptions(RESUME_FLAGS),
      ...commonFlags,
      ...libraryFlags,
      'ocr-languages-dir': { type: 'string' },
      trace: { type: 'string' },
    },
    'resume',
  );
  if (values.help) return { name: 'help', topic: 'resume' };
  if (positionals.length !== 1 || positionals[0]?.trim() === '')
    throw usage(
      positionals.length === 0
        ? 'resume needs the id of a run (or its first characters).'
        : `resume takes one run id, got ${positionals.length}.`,
      'resume',
    );
  const runId = (positionals[0] as string).trim();
  const v = check(resumeSchema, values, 'resume');
  const builtin = parseBuiltinFlags(values, ctx.here, 'resume');
  const options: ResumeOptions = {
    runId,
    library: {
      location: libraryLocation(values.db, ctx.here, ctx.env),
      named: values.db !== undefined,
    },
    baseUrls: v['base-url'] ?? [],
    timeoutMs: Math.round(v.timeout * 1000),
    maxRetries: v.retries,
    concurrency: v.concurrency,
    json: v.json,
    debug: v.debug,
    ocrLanguageDir: path.resolve(
      ctx.here,
      values['ocr-languages-dir'] ?? path.join(appDataDir(ctx.env), 'ocr-languages'),
    ),
  };
  if (values.db !== undefined && values.db.trim() === '')
    throw usage('--db needs a file.', 'resume');
  // The server and model come from the run; the environment's defaults would silently
  // override them, so only flags do. The key is never stored: flag or environment.
  const baseUrl = v['base-url']?.[0];
  if (baseUrl !== undefined) options.baseUrl = baseUrl;
  if (v.model !== undefined) options.model = v.model;
  const apiKey = v['api-key'] ?? ctx.envKey;
  if (apiKey !== undefined) options.apiKey = apiKey;
  if (v.trace !== undefined) options.trace = path.resolve(ctx.here, v.trace);
  if (builtin !== undefined) options.builtin = builtin;
  return { name: 'resume', options };
}
