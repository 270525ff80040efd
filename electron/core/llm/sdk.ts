import OpenAI, { AzureOpenAI } from 'openai';
import { DEFAULT_AZURE_API_VERSION } from '../../../shared/backends.ts';
import type { BackendKind } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';

/** Local servers need no key, but the SDK's constructor throws without one. */
const LOCAL_DUMMY_KEY = 'sk-no-key-required';

export interface SdkSettings {
  kind: BackendKind;
  baseUrl: string;
  apiKey?: string | undefined;
  model?: string | undefined;
  apiVersion?: string | undefined;
  timeoutMs: number;
}

/** Splits an Azure URL into the resource endpoint and a deployment named in its path, if any. */
export function parseAzureUrl(baseUrl: string): { endpoint: string; deployment?: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CoreError('BadUsage', 'The Azure OpenAI URL is not a valid URL.', {
      hint: 'Use https://{resource}.openai.azure.com or https://{resource}.openai.azure.com/openai/deployments/{deployment}.',
    });
  }
  const path = url.pathname.replace(/\/+$/, '');
  const match = /^(.*?)\/openai(?:\/deployments\/([^/]+))?(?:\/.*)?$/.exec(path);
  const prefix = match === null ? path : (match[1] ?? '');
  const deployment = match?.[2] === undefined ? undefined : decodeURIComponent(match[2]);
  return {
    endpoint: `${url.origin}${prefix}`,
    ...(deployment === undefined ? {} : { deployment }),
  };
}

/**
 * Builds the SDK client. The SDK's own retries are off (maxRetries 0): the client's retry loop
 * decides, so a timed-out request is not silently retried for half an hour.
 */
export function createSdk(settings: SdkSettings): { sdk: OpenAI; deployment?: string } {
  const common = { maxRetries: 0, timeout: settings.timeoutMs, logLevel: 'off' as const };
  if (settings.kind === 'azure') {
    if (settings.apiKey === undefined || settings.apiKey === '') {
      throw new CoreError('BadUsage', 'Azure OpenAI needs an API key.', {
        hint: 'Enter the key of the Azure OpenAI resource in the backend settings.',
      });
    }
    const { endpoint, deployment: fromUrl } = parseAzureUrl(settings.baseUrl);
    const deployment =
      settings.model !== undefined && settings.model !== '' ? settings.model : fromUrl;
    if (deployment === undefined) {
      throw new CoreError('BadUsage', 'Azure OpenAI needs a deployment name.', {
        hint: 'Give the deployment as the model, or use a URL ending in /openai/deployments/{deployment}.',
      });
    }
    const sdk = new AzureOpenAI({
      ...common,
      endpoint,
      deployment,
      apiKey: settings.apiKey,
      apiVersion: settings.apiVersion ?? DEFAULT_AZURE_API_VERSION,
    });
    return { sdk, deployment };
  }
  const apiKey =
    settings.apiKey !== undefined && settings.apiKey !== '' ? settings.apiKey : LOCAL_DUMMY_KEY;
  return { sdk: new OpenAI({ ...common, baseURL: settings.baseUrl.replace(/\/+$/, ''), apiKey }) };
}
