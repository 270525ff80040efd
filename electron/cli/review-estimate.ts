// The line `memagent review` prints before it reads: documents, questions, cells, chunks, prompt
// tokens, the completion bound and, with prices, the cost range. Each cell is the run estimate
// `ask --dry-run` and the app's estimate make (core/agent/estimate.ts), summed over the cells
// this command reads.
import type { ChunkInfo, DocumentText, FinalPrompt, RunSettings } from '../../shared/model.ts';
import { plural } from '../../shared/plural.ts';
import { estimateRun } from '../core/agent/estimate.ts';
import { countQuestionParts, countSections } from '../core/agent/prompt-counts.ts';
import type { Prices } from '../core/llm/cost.ts';
import type { Tokenizer } from '../core/tokenize/tokenizer.ts';
import { money } from './review-progress.ts';

export interface EstimateCell {
  documentId: string;
  /** The text the cell's run asks (the question with its guidance). */
  problem: string;
}

export interface ReviewEstimate {
  cells: number;
  chunks: number;
  promptTokens: number;
  maxCompletionTokens: number;
  cost: { min: number; max: number } | null;
}

/** Sums the run estimate of every cell in `cells` (sections counted once per document). */
export async function estimateReview(
  cells: readonly EstimateCell[],
  documents: ReadonlyMap<string, { doc: DocumentText; chunks: readonly ChunkInfo[] }>,
  tokenizer: Tokenizer,
  settings: RunSettings & { final: FinalPrompt },
  prices: Prices,
  quoteCheck: boolean,
  signal: AbortSignal,
): Promise<ReviewEstimate> {
  const sections = new Map<string, number[]>();
  const questions = new Map<string, Awaited<ReturnType<typeof countQuestionParts>>>();
  const sum: ReviewEstimate = {
    cells: cells.length,
    chunks: 0,
    promptTokens: 0,
    maxCompletionTokens: 0,
    cost:
      prices.inputPricePerMTok === undefined && prices.outputPricePerMTok === undefined
        ? null
        : { min: 0, max: 0 },
  };
  for (const cell of cells) {
    const document = documents.get(cell.documentId);
    if (!document) continue;
    let counted = sections.get(cell.documentId);
    if (counted === undefined) {
      counted = await countSections(document.doc.text, document.chunks, tokenizer, signal);
      sections.set(cell.documentId, counted);
    }
    let parts = questions.get(cell.problem);
    if (parts === undefined) {
      parts = await countQuestionParts(tokenizer, cell.problem, settings.final, signal);
      questions.set(cell.problem, parts);
    }
    const e = estimateRun(
      { ...parts, sections: counted, chunkTokens: document.chunks.map((c) => c.tokens) },
      settings,
      prices,
      null,
      quoteCheck,
    );
    sum.chunks += e.chunks;
    sum.promptTokens += e.promptTokens;
    sum.maxCompletionTokens += e.maxCompletionTokens;
    if (sum.cost && e.cost) {
      sum.cost.min += e.cost.min;
      sum.cost.max += e.cost.max;
    }
  }
  return sum;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "review: 3 documents × 3 questions = 9 cells; 9 to read: 27 chunks, prompt tokens at most …,
 * completion tokens at most …, cost $… to $…" (the cost with prices only).
 */
export function estimateLine(documents: number, questions: number, e: ReviewEstimate): string {
  const all = documents * questions;
  const size = `${plural(documents, 'document')} × ${plural(questions, 'question')} = ${plural(all, 'cell')}`;
  if (e.cells === 0) return `review: ${size}; every cell is answered already`;
  const cost = e.cost === null ? '' : `, cost ${money(e.cost.min)} to ${money(e.cost.max)}`;
  return `review: ${size}; ${e.cells === all ? 'reading' : `${count(e.cells)} left to read:`} ${plural(e.chunks, 'chunk')} and ${plural(e.cells, 'answer')}, prompt tokens at most ${count(e.promptTokens)}, completion tokens at most ${count(e.maxCompletionTokens)}${cost}`;
}
