// A whole generated set, streamed: rows are built one at a time and written as soon as they
// are made, so a set of 3.5M-token rows holds one row in memory, not the set.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { CoreError } from '../../errors.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import { buildRow, type EvalRow, type RowRequest } from './build-row.ts';
import type { Haystack } from './haystack.ts';
import { deriveSeed } from './random.ts';
import type { TaskFamily } from './tasks.ts';

export interface SetPlan {
  /** Target lengths in tokens, in the order rows are written. */
  lengths: readonly number[];
  tasks: readonly TaskFamily[];
  /** Rows for each length and task. */
  rows: number;
  seed: number;
}

/** The rows of a plan in order: by length, then task, then row; each with its own seed. */
export function rowRequests(plan: SetPlan): RowRequest[] {
  const out: RowRequest[] = [];
  for (const targetTokens of plan.lengths)
    for (const task of plan.tasks)
      for (let i = 0; i < plan.rows; i++)
        out.push({
          index: out.length,
          task,
          targetTokens,
          seed: deriveSeed(plan.seed, task, targetTokens, i),
          setSeed: plan.seed,
        });
  return out;
}

/** Builds the plan's rows one after another. */
export async function* generateRows(
  haystack: Haystack,
  tokenizer: Tokenizer,
  plan: SetPlan,
  signal?: AbortSignal,
): AsyncGenerator<EvalRow> {
  for (const request of rowRequests(plan)) {
    signal?.throwIfAborted();
    yield await buildRow(haystack, tokenizer, request, signal);
  }
}

export type SetFormat = 'json' | 'jsonl';

/** Refuses to replace `file` unless `force`: a set may have been edited or shared since. */
export function refuseExisting(file: string, force: boolean): void {
  if (!force && fs.existsSync(file))
    throw new CoreError('BadUsage', `${file} exists already.`, {
      hint: 'Choose another -o file, or pass --force to replace it.',
    });
}

/**
 * Writes rows as JSON lines or as one JSON array (one row a line inside it), beside `file` first
 * and renamed into place at the end: an interrupted or failed run never leaves half a set.
 * Refuses to replace an existing file unless `force`. Calls `onRow` after each row is written.
 */
export async function writeRows(
  rows: AsyncIterable<EvalRow>,
  file: string,
  options: { format: SetFormat; force: boolean; onRow?: (row: EvalRow) => void },
): Promise<number> {
  refuseExisting(file, options.force);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  let out: fs.WriteStream;
  try {
    out = fs.createWriteStream(temp, { flags: 'wx' });
    await once(out, 'open');
  } catch (error) {
    throw new CoreError('NotFound', `The set could not be written to ${file}.`, {
      hint: 'Choose a folder you can write to.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  // Kept, so a write that fails while a row is being built (a full disk) ends the run.
  let failed: unknown;
  out.on('error', (error) => (failed ??= error));
  // Each row is handed to the OS before the next is built: a set is never held in memory.
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (failed !== undefined) reject(failed);
      else
        out.write(text, (error) => {
          if (error) {
            failed ??= error;
            reject(failed);
          } else resolve();
        });
    });
  let count = 0;
  try {
    if (options.format === 'json') await write('[');
    for await (const row of rows) {
      const line = JSON.stringify(row);
      if (options.format === 'json') await write(`${count === 0 ? '' : ','}\n${line}`);
      else await write(`${line}\n`);
      count++;
      options.onRow?.(row);
    }
    if (options.format === 'json') await write(count === 0 ? ']\n' : '\n]\n');
    out.end();
    await once(out, 'close');
    if (failed !== undefined) throw failed;
    refuseExisting(file, options.force);
    fs.renameSync(temp, file);
    return count;
  } catch (error) {
    out.destroy();
    fs.rmSync(temp, { force: true });
    // The stream's own failures become a sentence; a row's (too short, cancelled) pass as they are.
    if (error !== failed) throw error;
    throw new CoreError('NotFound', `The set could not be written to ${file}.`, {
      hint: 'Check that the disk has room (a 3.5M-token row is about 14 MB).',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}
