// One row's result as `memagent eval --out` writes it (snake_case, like upstream's result files),
// stated once as a zod schema: a rerun parses the file's lines with it, and the types the
// evaluation, the check and the CLI use are inferred from it.
import { z } from 'zod';
import { rowWarningSchema } from './row-warnings.ts';

/**
 * The settings an evaluation's rows were read with, recorded on every line: a rerun with other
 * settings on the same --out is refused, since its rows would be skipped as done and mixed in.
 * Only what applies to the method is present (chunks and memory for MemAgent, the prompt
 * budget for direct).
 */
export const resultSettingsSchema = z.object({
  /** The final prompt (MemAgent): text or boxed. */
  final: z.string().optional(),
  chunk_tokens: z.number().optional(),
  memory_tokens: z.number().optional(),
  answer_tokens: z.number(),
  /** The direct prompt's budget, when given (--max-context). */
  max_context: z.number().optional(),
  /** The tokenizer that counted and chunked the contexts (qwen2.5, o200k_base, server). */
  tokenizer: z.string(),
  /** Present only for `--extraction upstream` (lines without it used the app's extraction). */
  extraction: z.literal('upstream').optional(),
});
export type ResultSettings = z.infer<typeof resultSettingsSchema>;

/** One row's result, as written. */
export const rowResultSchema = z.object({
  id: z.string(),
  /** The row's context length in tokens, with the run's tokenizer. */
  length: z.number(),
  /** The extracted answer; null when the reply had none or the row failed. */
  prediction: z.string().nullable(),
  /** The whole final reply (thinking stripped); null when the row failed before it. */
  response: z.string().nullable(),
  answers: z.array(z.string()),
  /** 0/1; null for rows scored by string match all (RULER's non-QA tasks). */
  em: z.number().nullable(),
  /** 0/1, or the fraction of gold strings found for string match all. */
  sub_em: z.number(),
  /** 0..1; null for string match all. */
  f1: z.number().nullable(),
  /** Requests to read the context: chunks for MemAgent, 1 for direct. */
  chunks: z.number(),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }),
  ms: z.number(),
  /** Why the row has no model answer (requests failed after retries); null when it has one. */
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  num_docs: z.number().optional(),
  method: z.enum(['memagent', 'direct']),
  model: z.string().nullable(),
  /** The server that read the row (when several --base-url are given). */
  server: z.string().optional(),
  /** The row's task family (make-eval's `task`, or the RULER task in the data file's name). */
  task: z.string().optional(),
  /** The question asked (the row's `input`). */
  question: z.string().optional(),
  /** What went less than cleanly while reading the row, by kind (see row-warnings.ts). */
  warnings: z.array(rowWarningSchema).optional(),
  settings: resultSettingsSchema.optional(),
});
export type RowResult = z.infer<typeof rowResultSchema>;
