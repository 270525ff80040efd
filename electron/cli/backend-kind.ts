import type { BackendKind } from '../../shared/model.ts';

/** The backend kind implied by a base URL, so Azure OpenAI gets its URL form and header. */
export function backendKindFor(baseUrl: string): BackendKind {
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  if (host.endsWith('.openai.azure.com') || host.endsWith('.cognitiveservices.azure.com'))
    return 'azure';
  if (host === 'api.openai.com') return 'openai';
  if (host === 'openrouter.ai') return 'openrouter';
  return 'custom';
}
