// `memagent runs` and `memagent show`: their flags, checked.
import path from 'node:path';
import { z } from 'zod';
import { MAX_HISTORY_QUERY_CHARS } from '../../shared/history.ts';
import { check, commonFlags, int, onePositional, parse, usage } from './arg-parsing.ts';
import { libraryFlags, libraryLocation, type LibraryLocation } from './library-location.ts';
import { STATUS_WORDS } from './runs-status-filter.ts';

export interface RunsOptions {
  library: LibraryLocation;
  /** As typed, and resolved from where it was typed (a file, or else an id). */
  document?: { given: string; file: string };
  /** `--status` words, checked (runs-status-filter.ts). */
  statuses?: string[];
  search?: string;
  limit: number;
  json: boolean;
  debug: boolean;
}

export interface ShowOptions {
  library: LibraryLocation;
  runId: string;
  /** Every memory state of the timeline, none folded. */
  all: boolean;
  json: boolean;
  debug: boolean;
}

const STATUSES = STATUS_WORDS;

export function parseRuns(
  rest: string[],
  { here, env }: { here: string; env: NodeJS.ProcessEnv },
): RunsOptions | { help: true } {
  const { values, positionals } = parse(
    rest,
    {
      ...commonFlags,
      ...libraryFlags,
      document: { type: 'string' },
      status: { type: 'string' },
      search: { type: 'string' },
      limit: { type: 'string', default: '50' },
    },
    'runs',
  );
  if (values.help) return { help: true };
  if (positionals.length > 0)
    throw usage(`runs takes no FILE (got "${positionals[0]}"); use --document FILE.`, 'runs');
  const options: RunsOptions = {
    library: libraryLocation(values.db, here, env),
    limit: check(int('limit', 1, 10_000), values.limit, 'runs'),
    json: values.json,
    debug: values.debug,
  };
  if (values.document !== undefined) {
    if (values.document.trim() === '') throw usage('--document needs a FILE or an id.', 'runs');
    options.document = { given: values.document, file: path.resolve(here, values.document) };
  }
  if (values.status !== undefined) {
    const list = values.status.split(',').map((s) => s.trim().toLowerCase());
    const bad = list.find((s) => !(STATUSES as readonly string[]).includes(s));
    if (bad !== undefined)
      throw usage(
        `--status: "${bad}" is not a status; use ${STATUSES.join(', ')} (comma-separated).`,
        'runs',
      );
    options.statuses = list;
  }
  if (values.search !== undefined) {
    options.search = check(
      z
        .string()
        .trim()
        .min(1, '--search needs some text')
        .max(
          MAX_HISTORY_QUERY_CHARS,
          `--search takes at most ${MAX_HISTORY_QUERY_CHARS} characters`,
        ),
      values.search,
      'runs',
    );
  }
  return options;
}

export function parseShow(
  rest: string[],
  { here, env }: { here: string; env: NodeJS.ProcessEnv },
): ShowOptions | { help: true } {
  const { values, positionals } = parse(
    rest,
    { ...commonFlags, ...libraryFlags, all: { type: 'boolean', default: false } },
    'show',
  );
  if (values.help) return { help: true };
  if (positionals.length === 0)
    throw usage('show needs a RUN_ID (`memagent runs` lists them).', 'show');
  return {
    library: libraryLocation(values.db, here, env),
    runId: onePositional(positionals, 'show'),
    all: values.all,
    json: values.json,
    debug: values.debug,
  };
}

export const RUNS_HELP = `memagent runs [--document FILE|ID] [--status S,...] [--search TEXT] [--limit N] [--json] [--db FILE]

Lists the runs in the library (the app's, or --db FILE), newest first: id, document, question,
status, chunks read / total, when asked and finished (local time), answer (shortened; --json
has it whole). On a terminal the table fits its width; piped, nothing but the answer is cut.

Options:
  --document FILE|ID      only runs about this document: its file (found by its bytes, so a
                          moved copy works too) or its id or the start of it
  --status S,...          only these: ${STATUSES.join(', ')} (done: every
                          finished run; no-answer, incomplete: those finished runs only)
  --search TEXT           runs whose question, answer or memory holds TEXT (any case, taken
                          literally), each with where it matched
  --limit N               at most N runs (default 50)
  --json                  an array of runs with full answers (and matches, with --search)
  --db FILE               another library (default: the app's)
`;

export const SHOW_HELP = `memagent show RUN_ID [--all] [--json] [--db FILE]

Shows one run (its id or the start of it, 4 characters at least): the question, the answer, the
pages it came from, warnings, and the memory timeline, one line a chunk with its pages, tokens and
the change it made, then the final memory. Long timelines fold chunks that changed little; --all
shows every one.

Options:
  --all                   every chunk of the timeline
  --json                  the run, chunks, memory states, warnings and evidence as JSON
  --db FILE               another library (default: the app's)
`;
