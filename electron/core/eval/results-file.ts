// The results file of `memagent eval --out`: one JSON line per row, appended and handed to the
// OS as each row ends, so a killed evaluation (even by SIGKILL) loses only the rows in flight.
// A rerun with the same file skips the rows it holds.
import { ftruncateSync, readFileSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';
import { rowResultSchema, type RowResult } from './result-row.ts';
import type { RowWarning } from './row-warnings.ts';

export type { ResultSettings, RowResult } from './result-row.ts';

/** An open results file: the rows it held when opened, and appends one line per row. */
export interface OpenResultsFile {
  /** The last result of each id found in the file (a retried row's latest line wins). */
  readonly earlier: ReadonlyMap<string, RowResult>;
  /** Writes one line; it reaches the OS before this returns (a SIGKILL after it keeps it). */
  append(result: RowResult): void;
  close(): Promise<void>;
}

/**
 * Opens (or creates) `file` for appending, through the checked opener (user-file.ts): anything
 * but a regular file — a named pipe, a folder, a device, also behind a symbolic link — is
 * refused at once, never waited on. A last line cut short by a kill is dropped from the file, so
 * its row runs again; any other line that is not a result is an error.
 */
export async function openResultsFile(file: string): Promise<OpenResultsFile> {
  const { handle } = await openUserFile(file, {
    mode: 'append',
    noun: 'results file',
    notFileHint: 'Give --out a regular file (a new one, or the results file of an earlier run).',
  });
  // Synchronous reads and writes on the handle's descriptor: each row's line is handed to the
  // OS before the next row's, so a killed evaluation loses only the rows in flight.
  const { fd } = handle;
  const earlier = new Map<string, RowResult>();
  let keep: number;
  try {
    const text = readFileSync(fd, 'utf8');
    const complete = text.endsWith('\n') ? text.length : text.lastIndexOf('\n') + 1;
    const lines = text.slice(0, complete).split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
      const parsed = rowResultSchema.safeParse(value);
      if (!parsed.success) {
        throw new CoreError(
          'Damaged',
          `Line ${i + 1} of ${file} is not a result of memagent eval.`,
          {
            hint: 'Give --out a new file, or the results file of an earlier run of this evaluation.',
          },
        );
      }
      earlier.set(parsed.data.id, parsed.data);
    });
    keep = Buffer.byteLength(text.slice(0, complete), 'utf8');
  } catch (error) {
    await handle.close();
    throw error;
  }
  // The cut line of a killed run goes; its row is not in `earlier` and runs again. Appends
  // (O_APPEND) land after it.
  ftruncateSync(fd, keep);
  return {
    earlier,
    append(result) {
      writeSync(fd, `${JSON.stringify(result)}\n`);
    },
    close: () => handle.close(),
  };
}

// Reading a results file for a report: a line at a time, lenient where writers may differ.
// A report reads a results file of `memagent eval --out`: JSON lines, one a row, `{id, length (tokens),
// prediction, response, answers, em, sub_em, f1, chunks, usage, ms, error}` and the optional
// `task`, `question`, `warnings`. It needs the id, the length, the scores and whether the row
// failed; the rest (what was asked and answered, time, tokens) is shown when present.

/** One row as a report counts it. A failed row scores 0 in every metric. */
export interface ResultRow {
  id: string;
  /** Context length in tokens; null when the row failed before it was measured. */
  length: number | null;
  /** 0/1; null for a row scored by string match all (RULER's non-QA tasks). */
  em: number | null;
  /** 0/1, or the fraction of gold strings found (string match all). */
  subEm: number;
  /** 0..1; null for string match all. */
  f1: number | null;
  /** Why the row failed (its requests failed after retries); null for a row with an answer. */
  error: string | null;
  task: string | null;
  question: string | null;
  /** The gold strings (the first is the one QA scoring uses). */
  answers: string[];
  prediction: string | null;
  /** The start of the final reply (what a wrong row's reader wants to see), or null. */
  response: string | null;
  ms: number | null;
  usage: { promptTokens: number; completionTokens: number } | null;
  warnings: RowWarning[];
}

/** Characters of a reply a report keeps: it shows the start of a reply with no answer. */
const RESPONSE_KEPT = 400;

export interface ResultsFileContents {
  path: string;
  /** In file order; an id on several lines appears once, with its last line's values. */
  rows: ResultRow[];
  /** Ids found on more than one line (a rerun of failed rows appends their new results). */
  repeatedIds: number;
  /** The file ends in a line cut off mid-write (the evaluation was killed), which is skipped. */
  cutLastLine: boolean;
}

const FORMAT_HINT =
  'A results file has one JSON object a line, as `memagent eval --out FILE` writes it.';

const score = (name: string) =>
  z
    .number({ error: `"${name}" must be a number from 0 to 1` })
    .min(0, `"${name}" must be a number from 0 to 1`)
    .max(1, `"${name}" must be a number from 0 to 1`);

// Lenient where writers may differ (an id as a number, an error as an AppError object, no
// scores on a failed row), strict where the numbers come from.
const rowSchema = z.object(
  {
    id: z.union([z.string(), z.number()], { error: 'it has no "id"' }),
    length: z
      .number({ error: '"length" must be a whole number of tokens' })
      .int('"length" must be a whole number of tokens')
      .min(1, '"length" must be at least 1 token')
      .nullish(),
    em: score('em').nullish(),
    sub_em: score('sub_em').nullish(),
    f1: score('f1').nullish(),
    error: z
      .union([z.string(), z.object({ message: z.string() }).loose()], {
        error: '"error" must be a message or null',
      })
      .nullish(),
    // Shown, not counted: a value of another shape is left out rather than refused.
    task: z.string().nullish().catch(null),
    question: z.string().nullish().catch(null),
    answers: z.array(z.string()).nullish().catch(null),
    prediction: z.string().nullish().catch(null),
    response: z.string().nullish().catch(null),
    ms: z.number().nonnegative().nullish().catch(null),
    usage: z
      .object({ prompt_tokens: z.number(), completion_tokens: z.number() })
      .nullish()
      .catch(null),
    warnings: z
      .array(z.object({ kind: z.string(), count: z.number().int().positive() }))
      .nullish()
      .catch(null),
  },
  { error: 'it is not a JSON object' },
);

/**
 * Reads and checks a results file line by line (a line at a time in memory). Blank lines are
 * skipped; a last line without its newline that is not JSON is a write cut off by a kill, and
 * skipped too. Throws `CoreError` NotFound for a file that cannot be read and Damaged for one
 * that is empty or holds a line that is not a result row (the message names the line).
 */
export async function readResultsFile(file: string): Promise<ResultsFileContents> {
  const { handle } = await openUserFile(file, {
    noun: 'results file',
    missingHint: 'Check the path; `memagent eval --out FILE` writes results files.',
    notFileHint: 'Name the results files themselves, for example results/*.jsonl.',
  });
  const byId = new Map<string, ResultRow>();
  const repeated = new Set<string>();
  let cutLastLine = false;
  let lineNo = 0;
  const take = (line: string, terminated: boolean) => {
    lineNo += 1;
    const text = lineNo === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (!terminated) {
        cutLastLine = true;
        return;
      }
      throw damaged(`Line ${lineNo} of ${file} is not JSON.`, error);
    }
    const row = toRow(value, file, lineNo);
    if (byId.has(row.id)) {
      repeated.add(row.id);
      byId.delete(row.id); // re-inserted below: the row takes its last line's place
    }
    byId.set(row.id, row);
  };
  let pending = '';
  try {
    for await (const chunk of handle.createReadStream({ encoding: 'utf8' })) {
      const lines = String(chunk).split('\n');
      // Only the new text is split: a long line read in many chunks costs linear time.
      lines[0] = pending + (lines[0] ?? '');
      pending = lines.pop() ?? '';
      for (const line of lines) take(line.replace(/\r$/, ''), true);
    }
  } catch (error) {
    if (error instanceof CoreError) throw error;
    throw new CoreError('NotFound', `The results file ${file} could not be read.`, {
      hint: 'Check that the file exists and that you may read it.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (pending !== '') take(pending, false);
  if (byId.size === 0)
    throw new CoreError('Damaged', `The results file ${file} has no rows.`, {
      hint: cutLastLine
        ? 'Its only line was cut off (the evaluation was stopped while writing it). Run it again with the same --out to continue.'
        : 'It is empty: was the evaluation stopped before its first row finished? Run it again with the same --out to continue.',
    });
  return { path: file, rows: [...byId.values()], repeatedIds: repeated.size, cutLastLine };
}

function toRow(value: unknown, file: string, lineNo: number): ResultRow {
  const parsed = rowSchema.safeParse(value);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'it does not have the fields of one';
    throw damaged(`Line ${lineNo} of ${file} is not a result row: ${reason}.`);
  }
  const r = parsed.data;
  const error = errorText(r.error);
  const shown = {
    id: String(r.id),
    length: r.length ?? null,
    task: r.task ?? null,
    question: r.question ?? null,
    answers: r.answers ?? [],
    prediction: r.prediction ?? null,
    response:
      r.response === null || r.response === undefined ? null : r.response.slice(0, RESPONSE_KEPT),
    ms: r.ms ?? null,
    usage:
      r.usage === null || r.usage === undefined
        ? null
        : { promptTokens: r.usage.prompt_tokens, completionTokens: r.usage.completion_tokens },
    warnings: r.warnings ?? [],
  };
  // A row scored by string match all has EM and F1 null, failed or not: it stays such a row.
  const matchAll = r.em === null && r.f1 === null;
  if (error !== null)
    return { ...shown, em: matchAll ? null : 0, subEm: 0, f1: matchAll ? null : 0, error };
  if (typeof r.sub_em !== 'number')
    throw damaged(
      `Line ${lineNo} of ${file} is not a result row: it has no "sub_em" score and no "error".`,
    );
  if (!matchAll) {
    const missing = (['em', 'f1'] as const).find((k) => typeof r[k] !== 'number');
    if (missing !== undefined)
      throw damaged(
        `Line ${lineNo} of ${file} is not a result row: it has no "${missing}" score and no "error".`,
      );
  }
  return { ...shown, em: r.em ?? null, subEm: r.sub_em, f1: r.f1 ?? null, error: null };
}

/** The failure's message; null for none (an empty string is taken as none, as null is). */
function errorText(error: string | { message: string } | null | undefined): string | null {
  if (error === null || error === undefined) return null;
  if (typeof error === 'string') return error.trim() === '' ? null : error;
  return error.message.trim() === '' ? 'failed (no message)' : error.message;
}

function damaged(message: string, cause?: unknown): CoreError {
  return new CoreError('Damaged', message, {
    hint: FORMAT_HINT,
    ...(cause === undefined
      ? {}
      : { detail: cause instanceof Error ? cause.message : String(cause) }),
  });
}
