import type {
  AppError,
  ChunkInfo,
  DocumentText,
  Evidence,
  QuoteCheckStatus,
} from '../../shared/model.ts';
import type { RunOutcome, RunWarning } from '../core/agent/run-outcome.ts';

/** One question's result as `memagent ask --json` prints it. */
export interface AskJson {
  question: string;
  answer: string | null;
  /** The final reply was cut at its token limit: the answer, if any, may be incomplete. */
  answer_cut: boolean;
  response: string | null;
  model: string | null;
  chunks: {
    index: number;
    start: number;
    end: number;
    tokens: number;
    pages: ChunkInfo['pages'] | null;
    section: string | null;
  }[];
  /** PDF pages the document's text was recognised on by OCR, with their confidence (0-100). */
  ocr_pages: NonNullable<DocumentText['ocrPages']>;
  memories: string[];
  /**
   * The passages the answer rests on, best first, in the app's Evidence shape (so its keys are
   * camelCase, as issue 11 specifies them); empty when none was found with confidence.
   */
  evidence: Evidence[];
  /** The quote check's counts per cited chunk; null when it did not run (off, or no answer). */
  quote_check: QuoteCheckStatus | null;
  usage: { prompt_tokens: number; completion_tokens: number };
  elapsed_ms: number;
  warnings: RunWarning[];
  error?: AppError;
}

/** The JSON shape of a run outcome with every warning the run reported, in order. */
export function toAskJson(
  question: string,
  chunks: readonly ChunkInfo[],
  ocrPages: NonNullable<DocumentText['ocrPages']>,
  outcome: RunOutcome,
  warnings: readonly RunWarning[],
  evidence: readonly Evidence[],
  quoteCheck: QuoteCheckStatus | undefined,
  debug: boolean,
): AskJson {
  const result: AskJson = {
    question,
    answer: outcome.answer,
    answer_cut: outcome.answerCut,
    response: outcome.response,
    model: outcome.model,
    chunks: chunks.map((c) => ({
      index: c.index,
      start: c.start,
      end: c.end,
      tokens: c.tokens,
      pages: c.pages ?? null,
      section: c.section ?? null,
    })),
    ocr_pages: [...ocrPages],
    memories: outcome.memories.map((m) => m.memory),
    evidence: [...evidence],
    quote_check: quoteCheck ?? null,
    usage: {
      prompt_tokens: outcome.usage.promptTokens,
      completion_tokens: outcome.usage.completionTokens,
    },
    elapsed_ms: Math.round(outcome.elapsedMs),
    warnings: [...warnings],
  };
  if (outcome.error) {
    const { detail, ...rest } = outcome.error;
    result.error = debug && detail !== undefined ? { ...rest, detail } : rest;
  }
  return result;
}
