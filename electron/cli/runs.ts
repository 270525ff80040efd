// `memagent runs`: the library's runs as a table (or JSON), optionally found by the history search.
import type { HistoryHit, HistoryMatch } from '../../shared/history.ts';
import type { DocumentInfo, RunSummary } from '../../shared/model.ts';
import { RUN_STATE_WORD, runState } from '../../shared/run-state.ts';
import { visibleText } from '../../shared/visible-text.ts';
import type { Store } from '../core/store/store.ts';
import type { CliContext } from './context.ts';
import { hasLibrary } from '../core/store/read-open.ts';
import { settleDeadReaders } from '../core/store/writers.ts';
import { openLibraryToRead } from './library.ts';
import { EXIT } from './report-error.ts';
import { findDocument } from '../core/store/lookup.ts';
import { documentName } from './document-name.ts';
import type { RunsOptions } from './runs-args.ts';
import { statusFilter } from './runs-status-filter.ts';
import { localTime, oneLine, table, type Column } from './terminal-table.ts';

/** Characters of an answer in the table (`--json` has it whole). */
const ANSWER_CHARS = 100;

export async function runRuns(options: RunsOptions, ctx: CliContext): Promise<number> {
  // Listing creates nothing: no library file (none asked yet, or a --db typo) is a sentence.
  if (!hasLibrary(options.library.file)) {
    await ctx.out(
      `There is no library at ${options.library.file} yet: ask a question with \`memagent ask FILE -q "..."\` or in the app.\n`,
    );
    return EXIT.ok;
  }
  const store = openLibraryToRead(options.library);
  try {
    settleDeadReaders(store.db, (alive) => store.runs.markInterrupted(alive));
    const document =
      options.document &&
      findDocument(store, options.document.given, options.document.file, options.library.file);
    const filter = {
      ...(document ? { documentId: document.id } : {}),
      ...(options.statuses ? { statuses: options.statuses } : {}),
    };
    const found = find(store, options, filter);
    const shown = found.slice(0, options.limit);
    const documents = new Map(store.documents.list().map((d) => [d.id, d]));
    if (options.json) {
      await ctx.out(
        `${JSON.stringify(
          shown.map((hit) => asJson(hit, documents)),
          null,
          2,
        )}\n`,
      );
      return EXIT.ok;
    }
    if (shown.length === 0) {
      await ctx.out(`${emptySentence(store, options, document)}\n`);
      return EXIT.ok;
    }
    const terminal = ctx.stdoutTerminal;
    const width = terminal.isTTY && terminal.columns ? terminal.columns : undefined;
    await ctx.out(`${render(shown, documents, ctx.env.TZ, width)}\n`);
    if (found.length > options.limit)
      await ctx.out(
        `(the ${options.search === undefined ? 'newest' : 'best'} ${options.limit}; --limit N shows more)\n`,
      );
    return EXIT.ok;
  } finally {
    store.close();
  }
}

interface Found {
  run: RunSummary;
  hits?: number;
  matches?: HistoryMatch[];
}

/** One more than the limit, to say whether there are more. */
function find(
  store: Store,
  options: RunsOptions,
  filter: { documentId?: string; statuses?: RunsOptions['statuses'] },
): Found[] {
  const limit = options.limit + 1;
  const status = filter.statuses && statusFilter(filter.statuses);
  if (options.search === undefined) {
    // A finished state (`no-answer`) is told from the runs listed `done`: list more so enough remain.
    const listed = store.runs.list({
      ...(filter.documentId ? { documentId: filter.documentId } : {}),
      ...(status ? { statuses: status.statuses } : {}),
      limit: status?.narrows ? Math.max(500, limit) : limit,
    });
    return listed
      .filter((run) => !status || status.keep(run))
      .slice(0, limit)
      .map((run) => ({ run }));
  }
  // A status filter is applied to the search's runs: ask for more so enough remain.
  const hits: HistoryHit[] = store.runs.search(options.search, {
    ...(filter.documentId ? { documentId: filter.documentId } : {}),
    limit: status ? 500 : limit,
  });
  return hits.filter((hit) => !status || status.keep(hit.run)).slice(0, limit);
}

const COLUMNS: Column[] = [
  { title: 'ID' },
  { title: 'DOCUMENT', share: 1, min: 8 },
  { title: 'QUESTION', share: 2, min: 12 },
  { title: 'STATUS' },
  { title: 'CHUNKS' },
  { title: 'ASKED' },
  { title: 'FINISHED' },
  { title: 'ANSWER', share: 2, min: 10 },
];

function render(
  found: Found[],
  documents: Map<string, DocumentInfo>,
  zone: string | undefined,
  width?: number,
): string {
  const rows = found.map(({ run }) => [
    run.id.slice(0, 8),
    oneLine(documentName(documents.get(run.documentId), run.documentId)),
    oneLine(run.question),
    // `no-answer` and `incomplete` apart from `done`, as the app shows them (shared/run-state.ts).
    RUN_STATE_WORD[runState(run)],
    `${run.chunksDone}/${run.chunkCount}`,
    localTime(run.createdAt, zone),
    run.finishedAt === undefined ? '' : finished(run.createdAt, run.finishedAt, zone),
    answerCell(run),
  ]);
  const lines = table(COLUMNS, rows, width).split('\n');
  if (found.every((f) => f.matches === undefined)) return lines.join('\n');
  // With --search, each run's row is followed by where the text was found.
  const out = [lines[0] as string];
  found.forEach((f, i) => {
    out.push(lines[i + 1] as string);
    for (const m of f.matches ?? []) out.push(matchLine(m, width));
    const more = (f.hits ?? 0) - (f.matches?.length ?? 0);
    if (more > 0) out.push(`    … and ${more} more ${more === 1 ? 'place' : 'places'} in this run`);
  });
  return out.join('\n');
}

/** "  memory after chunk 12: …the captain is «Ahab», obsessed…" */
function matchLine(m: HistoryMatch, width?: number): string {
  const where = m.field === 'memory' ? `memory after chunk ${(m.chunk ?? 0) + 1}` : m.field;
  const flat = (text: string) => visibleText(text).replace(/\s+/g, ' ');
  const line = `    ${where}: ${flat(m.before).trimStart()}«${flat(m.match)}»${flat(m.after).trimEnd()}`;
  return width === undefined ? line : cutEnd(line, width);
}

const cutEnd = (line: string, width: number) =>
  [...line].length > width ? `${[...line].slice(0, width - 1).join('')}…` : line;

function answerCell(run: RunSummary): string {
  if (run.answer === undefined || run.answer === null)
    return run.status === 'done' ? '(no answer)' : '';
  const line = oneLine(run.answer);
  return [...line].length > ANSWER_CHARS
    ? `${[...line].slice(0, ANSWER_CHARS - 1).join('')}…`
    : line;
}

/** The finish time, without the date when it is the day the run was asked. */
function finished(asked: number, at: number, zone: string | undefined): string {
  const full = localTime(at, zone);
  return full.slice(0, 10) === localTime(asked, zone).slice(0, 10) ? full.slice(11) : full;
}

function asJson(found: Found, documents: Map<string, DocumentInfo>) {
  const info = documents.get(found.run.documentId);
  return {
    ...found.run,
    state: RUN_STATE_WORD[runState(found.run)],
    document: info ? { id: info.id, fileName: info.fileName, title: info.title } : null,
    ...(found.matches ? { hits: found.hits, matches: found.matches } : {}),
  };
}

function emptySentence(
  store: Store,
  options: RunsOptions,
  document: DocumentInfo | undefined,
): string {
  const where = options.library.file;
  if (store.runs.list({ limit: 1 }).length === 0)
    return `The library ${where} has no runs yet: ask a question with \`memagent ask FILE -q "..."\` or in the app.`;
  const what = [
    document ? `about ${oneLine(documentName(document, document.id))}` : '',
    options.statuses ? `with status ${options.statuses.join(' or ')}` : '',
    options.search === undefined
      ? ''
      : `holding every word of "${oneLine(options.search)}" in its question, answer, memories or document title`,
  ].filter(Boolean);
  return `No run ${what.join(' ')} in the library ${where}.`;
}
