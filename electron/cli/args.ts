// The command line parsed into one command with checked options: `ask` in ask-args.ts, the
// shared flags and checks in arg-parsing.ts.
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_BASE_URL,
  check,
  commonFlags,
  onePositional,
  parse,
  readingFlags,
  readingOptions,
  usage,
  type Connection,
  type ReadingOptions,
} from './arg-parsing.ts';
import { parseAsk, type AskOptions } from './ask-args.ts';
import { parseEval, type EvalOptions } from './eval-args.ts';
import { parseResume, type ResumeOptions } from './resume-args.ts';
import { flagOptions, flagShape } from './flags/flag-spec.ts';
import { MODELS_FLAGS } from './flags/run-setting-flags.ts';
import { libraryFlags, libraryLocation, type LibraryLocation } from './library-location.ts';
import { parseExport, type ExportOptions } from './export-args.ts';
import { parseMakeEval, type MakeEvalOptions } from './make-eval-args.ts';
import { parseRuns, parseShow, type RunsOptions, type ShowOptions } from './runs-args.ts';
import { parseJobs, type JobsOptions } from './jobs-args.ts';
import { parseReview, type ReviewListOptions, type ReviewOptions } from './review-args.ts';
import { parseReport, type ReportOptions } from './report-args.ts';
import {
  parseBuiltinModels,
  parsePull,
  type BuiltinModelsOptions,
  type PullOptions,
} from './model-files-args.ts';

// What callers of the parse use: the default server and the ask command's options.
export { DEFAULT_BASE_URL } from './arg-parsing.ts';
export type { AskOptions } from './ask-args.ts';

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

export interface ImportOptions {
  file: string;
  library: LibraryLocation;
  json: boolean;
  debug: boolean;
}

export type Command =
  | { name: 'help'; topic?: string }
  | { name: 'ask'; options: AskOptions }
  | { name: 'extract'; options: ExtractOptions }
  | { name: 'models'; options: ModelsOptions }
  | { name: 'models-builtin'; options: BuiltinModelsOptions }
  | { name: 'pull'; options: PullOptions }
  | { name: 'resume'; options: ResumeOptions }
  | { name: 'import'; options: ImportOptions }
  | { name: 'export'; options: ExportOptions }
  | { name: 'runs'; options: RunsOptions }
  | { name: 'jobs'; options: JobsOptions }
  | { name: 'review'; options: ReviewOptions }
  | { name: 'review-list'; options: ReviewListOptions }
  | { name: 'show'; options: ShowOptions }
  | { name: 'eval'; options: EvalOptions }
  | { name: 'make-eval'; options: MakeEvalOptions }
  | { name: 'report'; options: ReportOptions };

/**
 * Parses the command line (without `node main.ts`); relative paths are `cwd`'s (or `INIT_CWD`'s).
 * Throws `CoreError('BadUsage')`.
 */
export function parseCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string = process.cwd(),
): Command {
  const [name, ...rest] = argv;
  // `npm run memagent` runs in the package folder; paths are meant from where the user typed them.
  const here = env.INIT_CWD || cwd;
  const oneFile = (positionals: string[], topic: string) =>
    path.resolve(here, onePositional(positionals, topic));
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    return rest[0] !== undefined ? { name: 'help', topic: rest[0] } : { name: 'help' };
  }
  const baseUrl = env.MEMAGENT_BASE_URL?.trim() || DEFAULT_BASE_URL;
  const envModel = env.MEMAGENT_MODEL?.trim() || undefined;
  const envKey = env.MEMAGENT_API_KEY?.trim() || env.OPENAI_API_KEY?.trim() || undefined;

  if (name === 'ask') return parseAsk(rest, { here, env, baseUrl, envModel, envKey });
  if (name === 'resume') return parseResume(rest, { here, env, envKey });
  if (name === 'review') return parseReview(rest, { here, env, baseUrl, envModel, envKey });
  if (name === 'eval') return parseEval(rest, { here, baseUrl, envModel, envKey });

  if (name === 'export') {
    const parsed = parseExport(rest, here);
    return parsed.help
      ? { name: 'help', topic: 'export' }
      : { name: 'export', options: parsed.options };
  }
  if (name === 'runs') {
    const options = parseRuns(rest, { here, env });
    return 'help' in options ? { name: 'help', topic: 'runs' } : { name: 'runs', options };
  }
  if (name === 'jobs') {
    const options = parseJobs(rest, { here, env });
    return 'help' in options ? { name: 'help', topic: 'jobs' } : { name: 'jobs', options };
  }
  if (name === 'show') {
    const options = parseShow(rest, { here, env });
    return 'help' in options ? { name: 'help', topic: 'show' } : { name: 'show', options };
  }

  if (name === 'make-eval') {
    const options = parseMakeEval(rest, { here, env });
    return 'help' in options
      ? { name: 'help', topic: 'make-eval' }
      : { name: 'make-eval', options };
  }
  if (name === 'report') {
    const options = parseReport(rest, here);
    return 'help' in options ? { name: 'help', topic: 'report' } : { name: 'report', options };
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

  if (name === 'pull') {
    const options = parsePull(rest, { here, env });
    return 'help' in options ? { name: 'help', topic: 'pull' } : { name: 'pull', options };
  }
  if (name === 'models' && rest.includes('--builtin')) {
    const options = parseBuiltinModels(rest, { here, env });
    return 'help' in options
      ? { name: 'help', topic: 'models' }
      : { name: 'models-builtin', options };
  }

  if (name === 'models') {
    const { values, positionals } = parse(
      rest,
      { ...flagOptions(MODELS_FLAGS), ...commonFlags },
      'models',
    );
    if (values.help) return { name: 'help', topic: 'models' };
    if (positionals.length > 0)
      throw usage(`models takes no FILE (got "${positionals[0]}").`, 'models');
    const v = check(
      z.object(flagShape(MODELS_FLAGS)),
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

  if (name === 'import') {
    const { values, positionals } = parse(rest, { ...commonFlags, ...libraryFlags }, 'import');
    if (values.help) return { name: 'help', topic: 'import' };
    if (values.db !== undefined && values.db.trim() === '')
      throw usage('--db needs a database file.', 'import');
    return {
      name: 'import',
      options: {
        file: oneFile(positionals, 'import'),
        library: libraryLocation(values.db, here, env),
        json: values.json,
        debug: values.debug,
      },
    };
  }

  throw usage(`Unknown command "${name}".`);
}
