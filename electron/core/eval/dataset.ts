// Evaluation rows as the upstream MemAgent evaluation writes them (taskutils/memory_eval; see
// ../shared/MEMAGENT.md and docs/evaluation.md), checked with zod at the edge and turned into
// one shape the harness trusts.
import path from 'node:path';
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { assembleContext, type DocPool } from './doc-pool.ts';
import { readJsonRows } from './json-rows.ts';

/**
 * How a row is scored. `qa`: EM, sub-EM and F1 of the prediction against the first gold answer
 * (HotpotQA and RULER's qa tasks). `match-all`: RULER's "string match all", the fraction of the
 * gold strings found case-insensitively in the prediction (RULER's other tasks).
 */
export type Scoring = 'qa' | 'match-all';

export interface EvalRow {
  /** `_id`, else `index`, else the row's position in the file, as text. */
  id: string;
  /** 0-based position in the file. */
  position: number;
  question: string;
  /** The long text: given, or assembled from a documents pool. */
  context: string;
  /**
   * The gold strings: for QA scoring `answers` (gold = the first, else `outputs`); for string
   * match all RULER's `outputs` (else `answers`).
   */
  answers: string[];
  scoring: Scoring;
  /** The row's task family: its `task` field, else the RULER task in the file's name. */
  task?: string;
  numDocs?: number;
}

const id = z.union([z.string(), z.number()]);
const rowSchema = z
  .object({
    _id: id.optional(),
    index: id.optional(),
    input: z.string({ error: 'the question ("input") is missing or not text' }),
    context: z.union([z.string(), z.array(z.number().int().nonnegative())], {
      error: '"context" is neither text nor a list of document numbers',
    }),
    answers: z.array(z.string()).min(1).optional(),
    outputs: z.array(z.string()).min(1).optional(),
    num_docs: z.number().int().nonnegative().optional(),
    task: z.string().optional().catch(undefined),
  })
  .passthrough()
  .refine((row) => row.answers !== undefined || row.outputs !== undefined, {
    message: 'it has no gold answers ("answers" or "outputs")',
  });

/**
 * The scoring of RULER rows (`outputs`), decided as upstream's ruler_general.py decides it:
 * by the task in the file name. Its qa tasks (`eval_qa_1_*`, `eval_qa_2_*`) score like HotpotQA,
 * the others (niah_*, vt, cwe, fwe) by string match all.
 */
export function outputsScoring(file: string): Scoring {
  return /(^|[^a-z])qa/i.test(path.basename(file)) ? 'qa' : 'match-all';
}

/**
 * The scoring of a task family named by a row's own `task` (memagent make-eval writes it), as
 * upstream RULER scores the family: every needle task (niah_single and niah_multikey too, whose
 * one gold string is matched), vt, cwe and fwe by string match all; QA-style tasks (qa_1, qa_2,
 * make-eval's multihop, hotpotqa) by EM, sub-EM and F1. Undefined for a task it does not know.
 */
export function taskScoring(task: string): Scoring | undefined {
  const t = task.toLowerCase();
  if (/^(niah(_|$)|vt$|cwe$|fwe$)/.test(t)) return 'match-all';
  if (/^(qa(_|$)|multihop$|hotpotqa$|squad$)/.test(t)) return 'qa';
  return undefined;
}

/**
 * How a row is scored and against which gold strings: by its own `task` when it names a known
 * family, else QA when it has `answers` and `fileScoring` (the file name's rule) for RULER's
 * `outputs`. String match all takes `outputs` (every string), QA `answers` (the first is
 * scored). Used for every row `memagent eval` reads; use it for generated rows run otherwise.
 */
export function rowScoring(
  row: {
    task?: string | undefined;
    answers?: string[] | undefined;
    outputs?: string[] | undefined;
  },
  fileScoring: Scoring = 'match-all',
): { scoring: Scoring; answers: string[] } {
  const scoring =
    (row.task === undefined ? undefined : taskScoring(row.task)) ??
    (row.answers !== undefined ? 'qa' : fileScoring);
  const answers =
    scoring === 'match-all'
      ? (row.outputs ?? row.answers ?? [])
      : (row.answers ?? row.outputs ?? []);
  return { scoring, answers };
}

/** The RULER task an upstream file is of, from its name (`eval_niah_single_1_8192.json`). */
export function fileTask(file: string): string | undefined {
  const m = /^eval_((?:niah_[a-z]+(?:_\d)?)|vt|cwe|fwe|qa_\d)_\d+\.jsonl?$/i.exec(
    path.basename(file),
  );
  return m?.[1]?.toLowerCase();
}

/** Options of `readEvalRows`. */
export interface ReadRowsOptions {
  /** The pool that rows whose `context` lists document numbers are assembled from (--docs). */
  pool?: DocPool;
  signal?: AbortSignal;
}

/**
 * Yields the rows of DATA.json (a JSON array) or DATA.jsonl, one at a time: only the row being
 * yielded holds its context. Throws `CoreError('Damaged')` naming the first bad row.
 */
export async function* readEvalRows(
  file: string,
  options: ReadRowsOptions = {},
): AsyncGenerator<EvalRow> {
  const matchScoring = outputsScoring(file);
  const taskOfFile = fileTask(file);
  for await (const { value, position } of readJsonRows(file, options.signal)) {
    const parsed = rowSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CoreError(
        'Damaged',
        `Row ${position + 1} of ${file} is not an evaluation row: ${issue?.message ?? 'unexpected shape'}.`,
        {
          hint: 'Rows need "input" (the question), "context" (the text) and "answers" (gold first), as the MemAgent evaluation sets have.',
        },
      );
    }
    const row = parsed.data;
    const rowId = row._id ?? row.index ?? position;
    let context: string;
    if (typeof row.context === 'string') {
      context = row.context;
    } else if (options.pool === undefined) {
      throw new CoreError(
        'BadUsage',
        `Row ${position + 1} of ${file} names its documents by number instead of carrying their text.`,
        {
          hint: 'Pass the documents they come from with --docs (for the HotpotQA sets: hotpotqa_dev.json).',
        },
      );
    } else {
      context = assembleContext(row.context, options.pool, `row ${position + 1}`);
    }
    const task = row.task ?? taskOfFile;
    const out: EvalRow = {
      id: String(rowId),
      position,
      question: row.input,
      context,
      ...rowScoring(row, matchScoring),
    };
    if (task !== undefined) out.task = task;
    if (row.num_docs !== undefined) out.numDocs = row.num_docs;
    yield out;
  }
}
