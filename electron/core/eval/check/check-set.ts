// The check's set: eight generated rows, four reading tasks at two lengths, built by the
// make-eval core from one haystack with a fixed seed (the same text and tokenizer give the
// same rows), and turned into the rows `runEval` reads.
import { CoreError } from '../../errors.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import { rowScoring, type EvalRow } from '../dataset.ts';
import { buildHaystack, generateRows, type SetPlan, type TaskFamily } from '../make/index.ts';

/**
 * Four families that say something about reading: one fact found (niah_single), one fact told
 * apart from look-alikes (niah_multikey), two or three facts joined (multihop), and a chain
 * followed through the text (vt). One row of each at 8K and at 32K tokens.
 */
export const CHECK_PLAN: SetPlan = {
  lengths: [8_192, 32_768],
  tasks: ['niah_single', 'niah_multikey', 'multihop', 'vt'] satisfies TaskFamily[],
  rows: 1,
  // arXiv 2507.02259: any fixed number would do; this one is easy to recognise.
  seed: 2507,
};

/** A row of the check: what `runEval` reads, plus its family and target length for the result. */
export interface CheckRow extends EvalRow {
  family: string;
  targetTokens: number;
}

/** "8K" for 8,192 tokens (the lengths are binary, as RULER's). */
export function lengthLabel(tokens: number): string {
  return tokens >= 1 << 20 ? `${tokens / (1 << 20)}M` : `${Math.round(tokens / 1024)}K`;
}

/**
 * Builds the set from `text`. A text shorter than the longest row is refused (the rows would
 * repeat it to reach their length): the user is offered the bundled text instead.
 */
export async function buildCheckRows(
  text: string,
  title: string,
  tokenizer: Tokenizer,
  signal?: AbortSignal,
  plan: SetPlan = CHECK_PLAN,
): Promise<CheckRow[]> {
  const longest = Math.max(...plan.lengths);
  const haystack = await buildHaystack([text], tokenizer, signal).catch(async (error: unknown) => {
    if (!(error instanceof CoreError && error.kind === 'Unsupported')) throw error;
    const [tokens] = await tokenizer.countMany([text], signal);
    throw tooShort(title, tokens ?? 0, longest);
  });
  if (haystack.totalTokens < longest) throw tooShort(title, haystack.totalTokens, longest);
  const rows: CheckRow[] = [];
  for await (const row of generateRows(haystack, tokenizer, plan, signal)) {
    // Scored as `memagent eval` scores the same row: by its task, as RULER does.
    const { scoring, answers } = rowScoring(row);
    rows.push({
      id: row._id,
      position: row.index,
      question: row.input,
      context: row.context,
      answers,
      scoring,
      family: row.task,
      targetTokens: row.target_length,
    });
  }
  return rows;
}

function tooShort(title: string, tokens: number, needed: number): CoreError {
  return new CoreError(
    'Unsupported',
    `“${title}” has ${tokens.toLocaleString('en-US')} tokens of text; the check needs at least ${needed.toLocaleString('en-US')} (its longest row).`,
    { hint: 'Check with the bundled text instead, or choose a longer document.' },
  );
}
