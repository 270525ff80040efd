// `memagent jobs`: the library's jobs as a table (or JSON), with the command that continues each
// one that stopped short.
import { CONTINUABLE_JOB_STATES } from '../../shared/jobs.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { shortJobId } from '../core/use-cases/job-claim.ts';
import type { JobSummary } from '../core/store/job-repo.ts';
import { hasLibrary } from '../core/store/read-open.ts';
import { settleDeadReaders } from '../core/store/writers.ts';
import type { CliContext } from './context.ts';
import type { JobsOptions } from './jobs-args.ts';
import { openLibraryToRead } from './library.ts';
import { EXIT } from './report-error.ts';
import { resumeCommand } from './saved-runs.ts';
import { localTime, oneLine, table, type Column } from './terminal-table.ts';

export async function runJobs(options: JobsOptions, ctx: CliContext): Promise<number> {
  const where = options.library.location.file;
  if (!hasLibrary(where)) {
    await ctx.out(
      `There is no library at ${where} yet: ask questions with \`memagent ask FILE -q "..." -q "..."\`.\n`,
    );
    return EXIT.ok;
  }
  const store = openLibraryToRead(options.library.location);
  try {
    // Jobs and runs whose process died show as interrupted, not as running forever.
    settleDeadReaders(store.db, (alive) => {
      store.runs.markInterrupted(alive);
      store.jobs.markInterrupted(alive);
    });
    const found = store.jobs.list(options.limit + 1);
    const shown = found.slice(0, options.limit);
    // A paused job is continued here once no live process drives it (its owner is cleared).
    const command = (job: JobSummary) =>
      CONTINUABLE_JOB_STATES.includes(job.state) &&
      (job.state !== 'paused' || store.jobs.owner(job.id) === undefined) &&
      job.counts.done < job.counts.total
        ? resumeCommand(options.library, shortJobId(job.id))
        : undefined;
    if (options.json) {
      const rows = shown.map((job) => ({ ...job, resumeCommand: command(job) ?? null }));
      await ctx.out(`${JSON.stringify(rows, null, 2)}\n`);
      return EXIT.ok;
    }
    if (shown.length === 0) {
      await ctx.out(
        `The library ${where} has no jobs yet: questions asked together (\`memagent ask FILE -q A -q B\`) are one.\n`,
      );
      return EXIT.ok;
    }
    const terminal = ctx.stdoutTerminal;
    const width = terminal.isTTY && terminal.columns ? terminal.columns : undefined;
    await ctx.out(`${render(shown, ctx.env.TZ, width)}\n`);
    const toContinue = shown.filter((job) => command(job) !== undefined);
    for (const job of toContinue)
      await ctx.out(`to continue ${shortJobId(job.id)} (${job.state}): ${command(job) ?? ''}\n`);
    if (found.length > options.limit)
      await ctx.out(`(the newest ${options.limit}; --limit N shows more)\n`);
    return EXIT.ok;
  } finally {
    store.close();
  }
}

const COLUMNS: Column[] = [
  { title: 'ID' },
  { title: 'KIND' },
  { title: 'TITLE', share: 2, min: 10 },
  { title: 'STATE' },
  { title: 'DONE' },
  { title: 'FAILED' },
  { title: 'QUEUED' },
  { title: 'READING' },
  { title: 'BACKEND', share: 1, min: 8 },
  { title: 'CREATED' },
  { title: 'ENDED' },
];

function render(jobs: readonly JobSummary[], zone: string | undefined, width?: number): string {
  const rows = jobs.map((job) => {
    const c = job.counts;
    // Interrupted and cancelled runs wait to be continued, as queued ones do.
    const waiting = c.queued + c.interrupted + c.cancelled;
    return [
      shortJobId(job.id),
      job.kind,
      oneLine(visibleText(job.title)),
      job.state,
      `${c.done}/${c.total}`,
      String(c.failed),
      String(waiting),
      String(c.reading),
      job.backend ? oneLine(job.backend.baseUrl || job.backend.name) : '',
      localTime(job.createdAt, zone),
      job.endedAt === undefined ? '' : localTime(job.endedAt, zone),
    ];
  });
  return table(COLUMNS, rows, width);
}
