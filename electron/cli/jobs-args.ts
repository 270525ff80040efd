// `memagent jobs`: its flags, checked.
import { check, commonFlags, int, parse, usage } from './arg-parsing.ts';
import { libraryFlags, libraryLocation } from './library-location.ts';
import type { LibraryChoice } from './saved-runs.ts';

export interface JobsOptions {
  library: LibraryChoice;
  limit: number;
  json: boolean;
  debug: boolean;
}

export function parseJobs(
  rest: string[],
  { here, env }: { here: string; env: NodeJS.ProcessEnv },
): JobsOptions | { help: true } {
  const { values, positionals } = parse(
    rest,
    { ...commonFlags, ...libraryFlags, limit: { type: 'string', default: '50' } },
    'jobs',
  );
  if (values.help) return { help: true };
  if (positionals.length > 0)
    throw usage(`jobs takes no argument (got "${positionals[0]}").`, 'jobs');
  if (values.db !== undefined && values.db.trim() === '') throw usage('--db needs a file.', 'jobs');
  return {
    library: { location: libraryLocation(values.db, here, env), named: values.db !== undefined },
    limit: check(int('limit', 1, 10_000), values.limit, 'jobs'),
    json: values.json,
    debug: values.debug,
  };
}

export const JOBS_HELP = `memagent jobs [--limit N] [--json] [--db FILE]

Lists the library's jobs, newest first: questions asked together (\`ask\` with several -q), and
later evaluations and reviews. Each shows its id, kind, state (queued, running, paused, done,
failed, cancelled, interrupted), its runs by state (done, failed, queued, reading), the server it
reads with, and when it was created and ended. A job interrupted (Ctrl-C, a kill, a crash),
cancelled or failed shows the command that continues it: \`memagent resume JOB_ID\` reads its
unfinished runs from their last saved memories and its queued ones from the start.

Options:
  --limit N               at most N jobs (default 50)
  --json                  an array of jobs with their counts and the command that continues each
  --db FILE               another library (default: the app's)
`;
