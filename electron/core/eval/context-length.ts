// The context length a server reports: vLLM lists `max_model_len` with each model in
// /v1/models. `--method direct` cuts its prompt to fit it.
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';

const modelsSchema = z.object({
  data: z.array(
    z
      .object({ id: z.string(), max_model_len: z.number().int().positive().optional() })
      .passthrough(),
  ),
});

/**
 * `max_model_len` of `model` at `baseUrl` (an OpenAI-compatible `/v1` URL). Throws a BadUsage
 * CoreError that asks for --max-context when the server does not say.
 */
export async function serverContextLength(
  baseUrl: string,
  model: string,
  options: { apiKey?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  const unknown = (why: string) =>
    new CoreError('BadUsage', `The server at ${displayUrl(baseUrl)} ${why}.`, {
      hint: 'Give the context length to cut direct prompts to with --max-context TOKENS (upstream used 120000).',
    });
  let body: unknown;
  try {
    const signals = [AbortSignal.timeout(options.timeoutMs ?? 30_000)];
    if (options.signal) signals.push(options.signal);
    const response = await fetch(url, {
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      signal: AbortSignal.any(signals),
    });
    if (!response.ok) throw unknown(`answered ${response.status} when asked for its models`);
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof CoreError) throw error;
    throw unknown('could not be asked for its context length');
  }
  const parsed = modelsSchema.safeParse(body);
  const entry = parsed.success ? parsed.data.data.find((m) => m.id === model) : undefined;
  if (entry?.max_model_len === undefined)
    throw unknown(`does not report the context length of ${model}`);
  return entry.max_model_len;
}
