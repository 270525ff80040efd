// What a check will take, before it starts: each row estimated as the app estimates a run
// (agent/estimate.ts over the same chunking and prompt counts a row's run uses), then summed.
import type { RunSettings } from '../../../../shared/model.ts';
import type { Range } from '../../../../shared/run-estimate.ts';
import { estimateRun } from '../../agent/estimate.ts';
import { planChunks } from '../../agent/plan.ts';
import { countQuestionParts, countSections } from '../../agent/prompt-counts.ts';
import type { MeasuredSpeed } from '../../agent/speed.ts';
import type { Prices } from '../../llm/cost.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import type { CheckRow } from './check-set.ts';

/** The summed figures of a check's rows. */
export interface CheckFigures {
  contextTokens: number;
  requests: number;
  promptTokens: number;
  cost: Range | null;
  seconds: Range | null;
}

/**
 * Sums the rows' run estimates. Time: at most the rows one after another; at least that divided
 * by the rows read at once (a server that batches them reads several as fast as one).
 */
export async function estimateCheck(
  rows: readonly CheckRow[],
  tokenizer: Tokenizer,
  settings: RunSettings,
  prices: Prices,
  speed: MeasuredSpeed | null,
  concurrency: number,
  signal?: AbortSignal,
): Promise<CheckFigures> {
  const sum: CheckFigures = {
    contextTokens: 0,
    requests: 0,
    promptTokens: 0,
    cost: null,
    seconds: null,
  };
  let cost: Range | null = { min: 0, max: 0 };
  let seconds: Range | null = { min: 0, max: 0 };
  for (const row of rows) {
    const text = row.context.trim();
    const chunks = await planChunks(
      { format: 'text', title: row.id, text, warnings: [] },
      tokenizer,
      settings.chunkTokens,
      signal,
    );
    const sections = await countSections(text, chunks, tokenizer, signal);
    const parts = await countQuestionParts(tokenizer, row.question.trim(), settings.final, signal);
    const e = estimateRun(
      { ...parts, sections, chunkTokens: chunks.map((c) => c.tokens) },
      settings,
      prices,
      speed,
    );
    sum.contextTokens += chunks.reduce((a, c) => a + c.tokens, 0);
    sum.requests += e.chunks + 1;
    sum.promptTokens += e.promptTokens;
    cost = cost && e.cost ? { min: cost.min + e.cost.min, max: cost.max + e.cost.max } : null;
    seconds =
      seconds && e.seconds
        ? { min: seconds.min + e.seconds.min, max: seconds.max + e.seconds.max }
        : null;
  }
  sum.cost = cost;
  if (seconds) {
    const atOnce = Math.max(1, Math.min(concurrency, rows.length));
    sum.seconds = { min: seconds.min / atOnce, max: seconds.max };
  }
  return sum;
}
