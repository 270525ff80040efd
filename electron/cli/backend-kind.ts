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
    ...cliClientHints(options.timeoutMs, options.baseUrl),
  };
  if (options.apiKey !== undefined) config.apiKey = options.apiKey;
  if (options.model !== undefined) config.model = options.model;
  return config;
}

/**
 * The client's hints in the command line's words: a timeout names --timeout; a local or unknown
 * server that cannot be reached (the default URL included) names --base-url and --model-file. A
 * cloud URL keeps core's hint (network, key, status page).
 */
export function cliClientHints(
  timeoutMs: number,
  baseUrl: string,
): { timeoutHint: string; unreachableHint?: string } {
  const timeoutHint = cliTimeoutHint(timeoutMs);
  return backendKindFor(baseUrl) === 'custom'
    ? { timeoutHint, unreachableHint: `${LOCAL_SERVER_HINT}.` }
    : { timeoutHint };
}

/** What a timeout's hint suggests on the command line. */
function cliTimeoutHint(timeoutMs: number): string {
  return `The server may be overloaded: lower --concurrency, or raise --timeout (now ${timeoutMs / 1000} s).`;
}
