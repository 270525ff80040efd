// The optional quote check of issue 11: after the answer is stored, the model is asked once per
// cited chunk to copy the sentences that support the answer, and a reply counts only where it is
// found word for word in that chunk. It is a follow-up to a finished run: it never delays the
// answer, and nothing in it (a failing server, a cancel, a failing sink) can undo the run.
import { candidateChunks } from '../../../shared/evidence.ts';
import type {
  AppError,
  ChunkInfo,
  MemoryState,
  ModelQuote,
  QuoteCheckStatus,
  RunEvent,
  Usage,
} from '../../../shared/model.ts';
import { matchQuotes } from '../../../shared/quote-match.ts';
import { toAppError } from '../errors.ts';
import { replyEnd } from '../llm/reply-end.ts';
import type { LlmClient } from '../llm/types.ts';
import { stripThinking } from './answer.ts';
import { quoteCutReason } from './cut-warnings.ts';
import { QUOTE_MAX_TOKENS, fillQuotePrompt } from './templates.ts';

export interface QuoteStepInput {
  runId: string;
  text: string;
  chunks: readonly ChunkInfo[];
  question: string;
  answer: string;
  /** Every memory state of the run (earlier sessions included), for the memory trail. */
  memories: readonly MemoryState[];
  client: LlmClient;
  signal?: AbortSignal;
  report: (event: RunEvent) => void | Promise<void>;
}

export interface QuoteCheckResult {
  quotes: ModelQuote[];
  check: QuoteCheckStatus;
  usage: Usage;
  /**
   * Why the last chunk counted as failed, when any did: the request's error after its retries,
   * or a clause saying how its reply was cut.
   */
  failure?: AppError | { cut: string };
}

/**
 * Asks the model to quote its sources in the chunks the memory trail cites (best first, at
 * most three), one request each at temperature 0, and keeps what is found in the chunk's text.
 * A cancel stops asking and keeps what was checked; a failed request is counted, not thrown.
 */
export async function checkQuotes(
  input: Omit<QuoteStepInput, 'report' | 'runId'>,
): Promise<QuoteCheckResult> {
  const { text, chunks, question, answer, client, signal } = input;
  const result: QuoteCheckResult = {
    quotes: [],
    check: { asked: 0, accepted: 0, rejected: 0, failed: 0 },
    usage: { promptTokens: 0, completionTokens: 0 },
  };
  for (const index of candidateChunks({ question, answer, memories: input.memories })) {
    const chunk = chunks.find((c) => c.index === index);
    if (chunk === undefined || signal?.aborted) continue;
    let reply: string;
    try {
      const r = await client.chat({
        prompt: fillQuotePrompt(question, answer, text.slice(chunk.start, chunk.end)),
        maxTokens: QUOTE_MAX_TOKENS,
        temperature: 0,
        topP: 1,
        ...(signal ? { signal } : {}),
      });
      result.usage.promptTokens += r.usage.promptTokens;
      result.usage.completionTokens += r.usage.completionTokens;
      // A reply the server stopped (a content filter, max_tokens, an unknown reason) or the
      // client cut is not what the model chose to quote: a half sentence of it may well be
      // found in the chunk, so it is not matched. The chunk counts as not checked, and says why.
      const end = replyEnd(r);
      if (end.kind !== 'complete') {
        if (signal?.aborted) break;
        result.check.asked += 1;
        result.check.failed += 1;
        result.failure = { cut: quoteCutReason(end, QUOTE_MAX_TOKENS) };
        continue;
      }
      reply = stripThinking(r.content);
    } catch (error) {
      // A request cut by the cancel is not a failure of the check: it was not asked.
      if (signal?.aborted) break;
      result.check.asked += 1;
      result.check.failed += 1;
      result.failure = toAppError(error);
      continue;
    }
    if (signal?.aborted) break;
    result.check.asked += 1;
    const { spans, missed } = matchQuotes(text, chunk, reply);
    if (spans.length > 0) {
      result.check.accepted += 1;
      result.quotes.push(...spans.map((s) => ({ chunk: index, start: s.start, end: s.end })));
    } else if (missed > 0) {
      result.check.rejected += 1;
    }
  }
  return result;
}

/**
 * The quote step of a run whose answer is stored: checks the quotes, reports one `quotes`
 * event and, when requests failed or replies were cut, a `quote-check` warning. Never rejects; resolves with the
 * tokens the requests used (added to the run's usage).
 */
export async function runQuoteStep(input: QuoteStepInput): Promise<Usage> {
  const { runId, report } = input;
  let usage: Usage = { promptTokens: 0, completionTokens: 0 };
  try {
    const result = await checkQuotes(input);
    usage = result.usage;
    await report({ type: 'quotes', runId, quotes: result.quotes, check: result.check, usage });
    const { asked, failed } = result.check;
    if (failed > 0) {
      const failure = result.failure;
      const why =
        failure === undefined ? undefined : 'cut' in failure ? failure.cut : failure.message;
      const reason = why === undefined ? '' : ` (${why.replace(/\.$/, '')})`;
      await report({
        type: 'warning',
        runId,
        code: 'quote-check',
        message: `The model's quotes could not be checked for ${failed} of ${asked} cited chunk${asked === 1 ? '' : 's'}${reason}. The answer stands; its sources come from the memory trail.`,
      });
    }
  } catch {
    // The sink failed (the library could not be written): the answer is already stored, and
    // the quote step is a follow-up that must not turn a finished run into a failed one.
  }
  return usage;
}
