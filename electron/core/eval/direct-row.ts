// `--method direct`: the long-context baseline of the paper's Table 2. The whole context in one
// request with upstream's prompt (taskutils/memory_eval/utils/openai_api.py), the prompt cut to
// its first and last halves of the token budget when it is longer, as upstream cuts it.
import { extractAnswer, stripThinking } from '../agent/answer.ts';
import { CoreError, toAppError } from '../errors.ts';
import { replyEnd } from '../llm/reply-end.ts';
import { LocalTokenizer } from '../tokenize/local-tokenizer.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { countRowWarnings, hadThinking } from './row-warnings.ts';
import { rowError, type EvalServer, type ReadRow } from './run-eval.ts';

/** Upstream's `template_0shot`, byte for byte (no newline at the end). */
export const DIRECT_TEMPLATE = `Please read the following text and answer the question below.

<text>
$DOC$
</text>

$Q$

Format your response as follows: "Therefore, the answer is (insert answer here)".`;

/**
 * The prompt as upstream fills it: `$DOC$` first, then every `$Q$` of the result (so a `$Q$`
 * inside the document becomes the question too, as in Python's str.replace).
 */
export function fillDirectPrompt(context: string, question: string): string {
  return DIRECT_TEMPLATE.replace('$DOC$', () => context.trim())
    .split('$Q$')
    .join(question.trim());
}

/**
 * Token ids cut as upstream's `input_ids[:max//2] + input_ids[-max//2:]` when longer than `max`:
 * Python's floor division gives the tail the odd token.
 */
export function headAndTail(ids: readonly number[], max: number): number[] {
  if (ids.length <= max) return [...ids];
  const head = Math.floor(max / 2);
  const tail = Math.ceil(max / 2);
  return [...ids.slice(0, head), ...ids.slice(ids.length - tail)];
}

export interface DirectRowOptions {
  tokenizer: Tokenizer;
  /** The prompt's token budget on a server (--max-context, or what the server reports). */
  promptTokens: (server: EvalServer) => number;
  answerTokens: number;
  temperature: number;
  topP: number;
}

/** A row reader for `runEval` that sends the direct prompt. */
export function directRowReader(options: DirectRowOptions): ReadRow {
  const { tokenizer } = options;
  if (!(tokenizer instanceof LocalTokenizer)) {
    throw new CoreError('BadUsage', '--method direct cuts long prompts with a local tokenizer.', {
      hint: 'Use --tokenizer qwen (Qwen2.5/3, RL-MemoryAgent) or --tokenizer o200k (OpenAI models).',
    });
  }
  return async (row, server, signal) => {
    const started = performance.now();
    const usage = { promptTokens: 0, completionTokens: 0 };
    let tokens = 0;
    let model: string | null = null;
    try {
      const budget = options.promptTokens(server);
      const [counted] = await tokenizer.countMany([row.context.trim()], signal);
      tokens = counted ?? 0;
      let prompt = fillDirectPrompt(row.context, row.question);
      const ids = await tokenizer.encode(prompt, signal);
      const kinds: string[] = [];
      if (ids.length > budget) {
        prompt = tokenizer.decode(headAndTail(ids, budget));
        kinds.push('prompt-cut');
      }
      model = await server.client.resolveModel(signal);
      const reply = await server.client.chat({
        prompt,
        maxTokens: options.answerTokens,
        temperature: options.temperature,
        topP: options.topP,
        signal,
      });
      usage.promptTokens = reply.usage.promptTokens;
      usage.completionTokens = reply.usage.completionTokens;
      const response = stripThinking(reply.content);
      const end = replyEnd(reply);
      const cut = end.kind !== 'complete';
      const prediction = extractAnswer(response, 'text', { cut });
      if (hadThinking(reply.content)) kinds.push('thinking-stripped');
      if (cut) kinds.push(end.kind === 'length' ? 'answer-cut' : 'answer-stopped');
      else if (prediction === null) kinds.push('no-answer');
      return {
        tokens,
        prediction,
        warnings: countRowWarnings(kinds),
        response,
        chunks: 1,
        usage,
        ms: performance.now() - started,
        model: reply.model,
      };
    } catch (error) {
      if (signal.aborted || toAppError(error).kind === 'Cancelled') return undefined;
      return {
        tokens,
        prediction: null,
        response: null,
        chunks: 1,
        usage,
        ms: performance.now() - started,
        model,
        error: rowError(error),
      };
    }
  };
}
