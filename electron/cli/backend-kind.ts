import type { BackendKind } from '../../shared/model.ts';
import type { LlmConfig } from '../core/llm/client.ts';
import type { Connection } from './arg-parsing.ts';
import { LOCAL_SERVER_HINT } from './local-server-hint.ts';

/** The backend kind implied by a base URL, so Azure OpenAI gets its URL form and header. */
export function backendKindFor(baseUrl: string): BackendKind {
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  if (host.endsWith('.openai.azure.com') || host.endsWith('.cognitiveservices.azure.com'))
    return 'azure';
  if (host === 'api.openai.com') return 'openai';
  if (host === 'openrouter.ai') return 'openrouter';
  return 'custom';
}

/** The LLM client's settings for a command's connection flags, with the CLI's timeout and
 * unreachable-server hints. */
export function clientConfig(options: Connection): LlmConfig {
  const config: LlmConfig = {
    kind: backendKindFor(options.baseUrl),
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    timeoutHint: `The server may be overloaded: lower --concurrency, or raise --timeout (now ${options.timeoutMs / 1000} s).`,
  };
  // A local or unknown server: the CLI's words, which name the built-in model as well.
  if (config.kind === 'custom') config.unreachableHint = `${LOCAL_SERVER_HINT}.`;
  if (options.apiKey !== undefined) config.apiKey = options.apiKey;
  if (options.model !== undefined) config.model = options.model;
  return config;
}
