// The results file of `memagent eval --out`: one JSON line per row, appended and handed to the
// OS as each row ends, so a killed evaluation (even by SIGKILL) loses only the rows in flight.
// A rerun with the same file skips the rows it holds.
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { CoreError } from '../errors.ts';

/** One row's result, as written (snake_case, like upstream's result files). */
export interface RowResult {
  id: string;
  /** Tokens of the row's context with the run's tokenizer. */
  tokens: number;
  /** The extracted answer; null when the reply had none or the row failed. */
  prediction: string | null;
  /** The whole final reply (thinking stripped); null when the row failed before it. */
  response: string | null;
  answers: string[];
  /** 0/1; null for rows scored by string match all (RULER's non-QA tasks). */
  em: number | null;
  /** 0/1, or the fraction of gold strings found for string match all. */
  sub_em: number;
  /** 0..1; null for string match all. */
  f1: number | null;
  /** Requests to read the context: chunks for MemAgent, 1 for direct. */
  chunks: number;
  usage: { prompt_tokens: number; completion_tokens: number };
  ms: number;
  /** Why the row has no model answer (requests failed after retries); null when it has one. */
  error: { kind: string; message: string } | null;
  num_docs?: number;
  method: 'memagent' | 'direct';
  model: string | null;
  /** The server that read the row (when several --base-url are given). */
  server?: string;
}

const resultSchema = z.object({
  id: z.string(),
  tokens: z.number(),
  prediction: z.string().nullable(),
  response: z.string().nullable(),
  answers: z.array(z.string()),
  em: z.number().nullable(),
  sub_em: z.number(),
  f1: z.number().nullable(),
  chunks: z.number(),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }),
  ms: z.number(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  num_docs: z.number().optional(),
  method: z.enum(['memagent', 'direct']),
  model: z.string().nullable(),
  server: z.string().optional(),
});

/** An open results file: the rows it held when opened, and appends one line per row. */
export interface ResultsFile {
  /** The last result of each id found in the file (a retried row's latest line wins). */
  readonly earlier: ReadonlyMap<string, RowResult>;
  append(result: RowResult): void;
  close(): void;
}

/**
 * Opens (or creates) `file` for appending. A last line cut short by a kill is dropped from the
 * file, so its row runs again; any other line that is not a result is an error.
 */
export function openResultsFile(file: string): ResultsFile {
  const earlier = new Map<string, RowResult>();
  let keep = 0;
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
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
      const parsed = resultSchema.safeParse(value);
      if (!parsed.success) {
        throw new CoreError(
          'Damaged',
          `Line ${i + 1} of ${file} is not a result of memagent eval.`,
          {
            hint: 'Give --out a new file, or the results file of an earlier run of this evaluation.',
          },
        );
      }
      earlier.set(parsed.data.id, parsed.data as RowResult);
    });
    keep = Buffer.byteLength(text.slice(0, complete), 'utf8');
  }
  let fd: number;
  try {
    fd = openSync(file, 'a');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
    throw new CoreError('Unsupported', `The results file ${file} cannot be written (${code}).`, {
      hint: 'Choose another --out file.',
    });
  }
  // The cut line of a killed run goes; its row is not in `earlier` and runs again.
  ftruncateSync(fd, keep);
  return {
    earlier,
    append(result) {
      writeSync(fd, `${JSON.stringify(result)}\n`);
    },
    close() {
      closeSync(fd);
    },
  };
}
