// What `ask`'s questions may cost, checked against the cost limit before any of them is read
// (cost-confirm.ts, as `review` checks its plan). Only with prices given: an unpriced backend
// costs nothing to confirm. The figures are core's run estimate (agent/estimate.ts, the one the
// app's Ask and `ask --dry-run` show) over the chunks this command has just made.
import type { ChunkInfo, DocumentText, RunSettings } from '../../shared/model.ts';
import type { Range } from '../../shared/run-estimate.ts';
import { estimateRun } from '../core/agent/estimate.ts';
import { countQuestionParts, countSections } from '../core/agent/prompt-counts.ts';
import type { LlmClient } from '../core/llm/types.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import { runTokenizer } from '../core/use-cases/prepare-run.ts';
import type { RunParts } from '../core/use-cases/run-parts.ts';

export interface AskCostInput {
  profile: StoredProfile;
  client: LlmClient;
  model: string;
  settings: RunSettings;
  doc: DocumentText;
  /** The document's chunks, as `chunkText` made them for these settings. */
  chunks: readonly ChunkInfo[];
  questions: readonly string[];
  /** Per million tokens (--input-price, --output-price). */
  inputPrice?: number | undefined;
  outputPrice?: number | undefined;
  quoteCheck: boolean;
}

/** The cost range of every question read once, summed; null without prices. */
export async function askCost(
  parts: RunParts,
  input: AskCostInput,
  signal: AbortSignal,
): Promise<Range | null> {
  if (input.inputPrice === undefined && input.outputPrice === undefined) return null;
  const prices = {
    ...(input.inputPrice === undefined ? {} : { inputPricePerMTok: input.inputPrice }),
    ...(input.outputPrice === undefined ? {} : { outputPricePerMTok: input.outputPrice }),
  };
  // The tokenizer the chunks were cut with (the shared cache hands back the same one).
  const tokenizer = await runTokenizer(parts, input);
  const sections = await countSections(input.doc.text, input.chunks, tokenizer, signal);
  const chunkTokens = input.chunks.map((c) => c.tokens);
  let total: Range | null = null;
  for (const question of input.questions) {
    const counts = await countQuestionParts(tokenizer, question, input.settings.final, signal);
    const { cost } = estimateRun(
      { ...counts, sections, chunkTokens },
      input.settings,
      prices,
      null,
      input.quoteCheck,
    );
    if (cost === null) continue;
    total = total === null ? cost : { min: total.min + cost.min, max: total.max + cost.max };
  }
  return total;
}
