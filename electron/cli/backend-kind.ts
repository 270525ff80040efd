import type { BackendKind } from '../../shared/model.ts';
import type { LlmConfig } from '../core/llm/client.ts';
import type { Connection } from './arg-parsing.ts';

/** The backend kind implied by a base URL, so Azure OpenAI gets its URL form and header. */
export function backendKindFor(baseUrl: string): BackendKind {
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  if (host.endsWith('.openai.azure.com') || host.endsWith('.cognitiveservices.azure.com'))
    return 'azure';
  if (host === 'api.openai.com') return 'openai';
  if (host === 'openrouter.ai') return 'openrouter';
  return 'custom';
}

/** The LLM client's settings for a command's connection flags, with the CLI's timeout hint. */
export function clientConfig(options: Connection): LlmConfig {
  const config: LlmConfig = {
    kind: backendKindFor(options.baseUrl),
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    timeoutHint: `The server may be overloaded: lower --concurrency, or raise --timeout (now ${options.timeoutMs / 1000} s).`,
  };
  if (options.apiKey !== undefined) config.apiKey = options.apiKey;
  if (options.model !== undefined) config.model = options.model;
  return config;
}
