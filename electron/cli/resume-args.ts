// `memagent resume RUN_ID`: its options and their parse.
import path from 'node:path';
import { z } from 'zod';
import { appDataDir } from './app-data.ts';
import {
  check,
  commonFlags,
  connectionFlags,
  connectionSchema,
  int,
  parse,
  usage,
} from './arg-parsing.ts';
import { builtinFlags, parseBuiltinFlags, type BuiltinFlags } from './builtin-backend.ts';
import { libraryFlags, libraryLocation } from './library.ts';
import type { LibraryChoice } from './saved-runs.ts';

export interface ResumeOptions {
  /** The run's id or a unique beginning of it. */
  runId: string;
  library: LibraryChoice;
  /** Another server than the one the run read with. */
  baseUrl?: string;
  /** Read the rest with this model, on purpose. */
  model?: string;
  /** --model-file: read the rest with the built-in model (a run it began needs the file again). */
  builtin?: BuiltinFlags;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  /** Requests at once: the run's reading is sequential, this bounds it with the quote check. */
  concurrency: number;
  json: boolean;
  debug: boolean;
  trace?: string;
  /** OCR languages, should the run's text have to be read again from a scanned PDF. */
  ocrLanguageDir: string;
}

const resumeSchema = z.object({
  ...connectionSchema,
  'base-url': connectionSchema['base-url'].optional(),
  concurrency: int('concurrency', 1, 64),
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
      ...connectionFlags,
      ...commonFlags,
      ...libraryFlags,
      ...builtinFlags,
      'ocr-languages-dir': { type: 'string' },
      concurrency: { type: 'string', default: '4' },
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
  if (v['base-url'] !== undefined) options.baseUrl = v['base-url'];
  if (v.model !== undefined) options.model = v.model;
  const apiKey = v['api-key'] ?? ctx.envKey;
  if (apiKey !== undefined) options.apiKey = apiKey;
  if (v.trace !== undefined) options.trace = path.resolve(ctx.here, v.trace);
  if (builtin !== undefined) options.builtin = builtin;
  return { name: 'resume', options };
}
