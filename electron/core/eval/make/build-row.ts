// One row of a generated set: a task's needles hidden in haystack text of the length asked for,
// counted with the tokenizer the set is for.
import { CoreError } from '../../errors.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import { fillHaystack, type Haystack } from './haystack.ts';
import { placeNeedles, type PlacedNeedle } from './placement.ts';
import { Random } from './random.ts';
import { makeTask, type NeedleFamily, type TaskFamily } from './tasks.ts';
import { Strings } from './values.ts';
import { buildList, vocabulary, type ListFamily } from './word-lists.ts';

/**
 * A row's length may differ from its target by this much: the larger of 0.5% and 32 tokens
 * (needles change how the words around them tokenize, and the haystack is cut before a space).
 */
export function lengthTolerance(target: number): number {
  return Math.max(32, Math.ceil(target * 0.005));
}

/** A row as `memagent eval` reads it (upstream's fields), plus its task and where its needles are. */
export interface EvalRow {
  _id: string;
  index: number;
  task: TaskFamily;
  /** Tokens of `context` with `tokenizer`. */
  length: number;
  target_length: number;
  tokenizer: string;
  seed: number;
  input: string;
  answers: string[];
  outputs?: string[];
  needles: PlacedNeedle[];
  context: string;
}

export interface RowRequest {
  index: number;
  task: TaskFamily;
  targetTokens: number;
  /** The row's own seed (see deriveSeed): rows do not depend on each other. */
  seed: number;
  /** The set's --seed, recorded in the row. */
  setSeed: number;
}

/** Attempts at the length before the closest one is kept (the first is almost always within). */
const ATTEMPTS = 4;

/**
 * Builds one row. A word-list family (cwe, fwe) is a list sized to the target. For the others,
 * the haystack is filled to the target minus the needles' tokens, the needles placed, and the
 * whole context counted; when the count misses the tolerance the fill budget is corrected by
 * the miss and the row rebuilt from the same seed.
 */
export async function buildRow(
  haystack: Haystack,
  tokenizer: Tokenizer,
  request: RowRequest,
  signal?: AbortSignal,
): Promise<EvalRow> {
  if (request.task === 'cwe' || request.task === 'fwe')
    return listRow(haystack, tokenizer, { ...request, task: request.task }, signal);
  return needleRow(haystack, tokenizer, { ...request, task: request.task }, signal);
}

/** The fields every row has, before its context and needles. */
function head(request: RowRequest, length: number, tokenizer: Tokenizer) {
  return {
    _id: `make-eval-${request.setSeed}-${request.index}`,
    index: request.index,
    task: request.task,
    length,
    target_length: request.targetTokens,
    tokenizer: tokenizer.id,
    seed: request.setSeed,
  };
}

// The vocabulary of a haystack, found once for a whole set.
const vocabularies = new WeakMap<Haystack, string[]>();

async function listRow(
  haystack: Haystack,
  tokenizer: Tokenizer,
  request: RowRequest & { task: ListFamily },
  signal?: AbortSignal,
): Promise<EvalRow> {
  let vocab = vocabularies.get(haystack);
  if (vocab === undefined) {
    vocab = vocabulary(haystack.text);
    vocabularies.set(haystack, vocab);
  }
  const list = await buildList(
    request.task,
    vocab,
    request.targetTokens,
    lengthTolerance(request.targetTokens),
    () => new Random(request.seed),
    tokenizer,
    signal,
  );
  return {
    ...head(request, list.length, tokenizer),
    input: list.input,
    answers: [list.outputs.join(', ')],
    outputs: list.outputs,
    needles: [],
    context: list.context,
  };
}

async function needleRow(
  haystack: Haystack,
  tokenizer: Tokenizer,
  request: RowRequest & { task: NeedleFamily },
  signal?: AbortSignal,
): Promise<EvalRow> {
  const plan = () => {
    const rng = new Random(request.seed);
    const strings = new Strings(rng, (s) => haystack.text.includes(s));
    return { rng, task: makeTask(request.task, rng, strings) };
  };
  const { task } = plan();
  const needleTokens = await tokenizer.countMany(
    task.needles.map((n) => `${n.text} `),
    signal,
  );
  const needleTotal = needleTokens.reduce((a, b) => a + b, 0);
  if (needleTotal * 2 > request.targetTokens)
    throw new CoreError(
      'BadUsage',
      `A ${request.targetTokens}-token row is too short for ${request.task}: its needles alone take ${needleTotal} tokens.`,
      { hint: 'Use lengths of 1k tokens or more.' },
    );
  let budget = request.targetTokens - needleTotal;
  let best: EvalRow | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // The same seed each attempt: only the budget changes, so the row stays deterministic.
    const { rng, task: again } = plan();
    const filler = await fillHaystack(haystack, budget, rng, tokenizer, signal);
    const { context, placed } = placeNeedles(filler, again.needles);
    const [length] = (await tokenizer.countMany([context], signal)) as [number];
    const row: EvalRow = {
      ...head(request, length, tokenizer),
      input: again.input,
      answers: again.answers,
      ...(again.outputs ? { outputs: again.outputs } : {}),
      needles: placed,
      context,
    };
    const miss = request.targetTokens - length;
    if (best === undefined || Math.abs(miss) < Math.abs(request.targetTokens - best.length))
      best = row;
    if (Math.abs(miss) <= lengthTolerance(request.targetTokens)) break;
    budget += miss;
  }
  return best as EvalRow;
}
