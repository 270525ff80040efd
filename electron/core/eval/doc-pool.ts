// The documents pool of the upstream evaluation's largest sets (--docs). Their rows carry
// `context` as a list of numbers into the sorted unique paragraphs of a QA file, and the
// harness expands them at run time (taskutils/memory_eval/ruler_hqa_over1m.py and
// ruler_general.py `set_context`, the pool from taskutils/memory_data/processing.py
// `read_hotpotqa` / `read_squad`). This file does the same, so contexts are the same bytes.
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { readUserFile } from '../user-file.ts';

/** The paragraphs rows point into, in the order their numbers count. */
export interface DocPool {
  docs: readonly string[];
  /** Where the pool came from: `hotpotqa`, `squad` or `list`. */
  source: 'hotpotqa' | 'squad' | 'list';
}

// HotpotQA (hotpotqa_dev.json): [{context: [[title, [sentence, ...]], ...], ...}, ...].
const hotpotSchema = z.array(
  z.object({ context: z.array(z.tuple([z.string(), z.array(z.string())])) }).passthrough(),
);
// SQuAD 2.0 (squad.json): {data: [{paragraphs: [{context}, ...]}, ...]}.
const squadSchema = z.object({
  data: z.array(
    z
      .object({ paragraphs: z.array(z.object({ context: z.string() }).passthrough()) })
      .passthrough(),
  ),
});
const listSchema = z.array(z.string());

/**
 * Python's string order (by code point), which `sorted()` upstream uses. JavaScript's default
 * compares UTF-16 units, which puts characters above U+FFFF before U+E000-U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitRank(x) - unitRank(y);
  }
  return a.length - b.length;
}

// Surrogates (U+D800-DFFF) move above U+E000-U+FFFF: then unit order is code point order.
const unitRank = (u: number) =>
  u >= 0xd800 && u <= 0xdfff ? u + 0x2000 : u >= 0xe000 ? u - 0x800 : u;

const sortedUnique = (docs: string[]): string[] => [...new Set(docs)].sort(compareCodePoints);

/**
 * The pool of a parsed file: HotpotQA's `"{title}\n{sentences joined}"` per paragraph, or
 * SQuAD's paragraph contexts, each sorted and made unique as upstream does; a JSON list of
 * strings is taken as a ready pool, in its order.
 */
export function poolOf(value: unknown): DocPool | undefined {
  const list = listSchema.safeParse(value);
  if (list.success) return { docs: list.data, source: 'list' };
  const hotpot = hotpotSchema.safeParse(value);
  if (hotpot.success) {
    const docs = hotpot.data.flatMap((q) =>
      q.context.map(([title, s]) => `${title}\n${s.join('')}`),
    );
    return { docs: sortedUnique(docs), source: 'hotpotqa' };
  }
  const squad = squadSchema.safeParse(value);
  if (squad.success) {
    const docs = squad.data.data.flatMap((d) => d.paragraphs.map((p) => p.context));
    return { docs: sortedUnique(docs), source: 'squad' };
  }
  return undefined;
}

/** Reads the pool file of --docs (held in memory whole: HotpotQA's dev file is ~46 MB). */
export async function loadDocPool(file: string): Promise<DocPool> {
  const bytes = await readUserFile(file, { noun: 'documents file' });
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CoreError('Damaged', `The documents file ${file} is not valid JSON.`, {
      detail: String(error),
    });
  }
  const pool = poolOf(value);
  if (pool === undefined) {
    throw new CoreError(
      'Unsupported',
      `The documents file ${file} is neither HotpotQA, SQuAD nor a list of texts.`,
      {
        hint: 'Pass the QA file the set was built from (hotpotqa_dev.json for the HotpotQA sets, squad.json for RULER qa_1).',
      },
    );
  }
  return pool;
}

/**
 * A row's context from its document numbers, as upstream's `set_context`: "Document i:\n<doc>"
 * (i from 1, in the row's order) joined by blank lines.
 */
export function assembleContext(numbers: readonly number[], pool: DocPool, where: string): string {
  return numbers
    .map((n, i) => {
      const doc = pool.docs[n];
      if (doc === undefined) {
        throw new CoreError(
          'Damaged',
          `The context of ${where} names document ${n}, but the documents file has ${pool.docs.length}.`,
          {
            hint: 'Pass the QA file the set was built from with --docs (for the HotpotQA sets: hotpotqa_dev.json, the distractor dev set).',
          },
        );
      }
      return `Document ${i + 1}:\n${doc}`;
    })
    .join('\n\n');
}
