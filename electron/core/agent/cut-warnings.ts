// What a run says about a reply that did not end normally (reply-end.ts): which warning, and one
// sentence that names why, so a filtered or overlong reply is never mistaken for a token limit.
import type { WarningCode } from '../../../shared/model.ts';
import type { ReplyEnd } from '../llm/reply-end.ts';

type Cut = Exclude<ReplyEnd, { kind: 'complete' }>;

const chars = (n: number): string => `${n.toLocaleString('en-US')} characters`;

/** Who stopped a reply, in plain words; the finish reason itself follows in brackets. */
const stopper = (reason: string): string =>
  reason === 'content_filter' ? "The server's content filter" : 'The server';

/** The warning of a memory update for chunk `chunk` (0-based) that was cut; the previous memory is kept. */
export function memoryCutWarning(
  end: Cut,
  chunk: number,
  memoryTokens: number,
): { code: WarningCode; message: string } {
  const k = chunk + 1;
  const kept = 'the previous memory was kept';
  switch (end.kind) {
    case 'length':
      return {
        code: 'length-cut',
        message: `The memory for chunk ${k} was cut at ${memoryTokens} tokens; ${kept}.`,
      };
    case 'stopped':
      return {
        code: 'memory-stopped',
        message: `${stopper(end.reason)} stopped the memory update for chunk ${k} before it was complete (finish_reason "${end.reason}"); ${kept}.`,
      };
    case 'overlong':
      return {
        code: 'memory-stopped',
        message: `The server ignored the limit of ${memoryTokens} tokens for chunk ${k}'s memory and sent more than ${chars(end.chars)}; the reply was cut there and ${kept}.`,
      };
  }
}

/** The warning of a final reply that was cut; `answered` says whether a complete answer form was still found in it. */
export function answerCutWarning(
  end: Cut,
  answerTokens: number,
  answered: boolean,
): { code: WarningCode; message: string } {
  const outcome = answered ? 'the answer may be incomplete' : 'it gave no complete answer';
  switch (end.kind) {
    case 'length': {
      const raise = `raise the answer tokens (now ${answerTokens}) and ask again`;
      return {
        code: 'answer-cut',
        message: answered
          ? `The final reply was cut at ${answerTokens} tokens: the answer may be incomplete; ${raise}.`
          : `The final reply was cut at ${answerTokens} tokens before it gave a complete answer: ${raise}.`,
      };
    }
    case 'stopped':
      return {
        code: 'answer-stopped',
        message: `${stopper(end.reason)} stopped the final reply before it was complete (finish_reason "${end.reason}"): ${outcome}. Ask again, or check the server's content filter and settings.`,
      };
    case 'overlong':
      return {
        code: 'answer-stopped',
        message: `The server ignored the answer's limit of ${answerTokens} tokens and sent more than ${chars(end.chars)}; the reply was cut there: ${outcome}. Check the server: it does not keep to max_tokens.`,
      };
  }
}

/** Why a quote reply that was cut counts as no quote: a clause for the `quote-check` warning. */
export function quoteCutReason(end: Cut, quoteTokens: number): string {
  switch (end.kind) {
    case 'length':
      return `the model's reply was cut at ${quoteTokens} tokens`;
    case 'stopped':
      return `the server stopped the model's reply before it was complete: finish_reason "${end.reason}"`;
    case 'overlong':
      return `the server ignored the limit of ${quoteTokens} tokens and sent more than ${chars(end.chars)}`;
  }
}
