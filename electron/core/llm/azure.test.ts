import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { CoreError } from '../errors.ts';
import { createLlmClient } from './client.ts';
import { parseAzureUrl } from './sdk.ts';
import { chatRequest, EXPECTED_MEMORY } from './test-prompts.test-support.ts';

const KEY = 'azure-key-0123456789abcdef';
let sim: SimServer;
beforeAll(async () => {
  sim = await startSimLlm({ model: 'memagent-deploy', apiKey: KEY });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.requests.length = 0;
});

describe('Azure OpenAI form', () => {
  it('splits endpoint and deployment out of either URL form', () => {
    expect(parseAzureUrl('https://res.openai.azure.com')).toEqual({
      endpoint: 'https://res.openai.azure.com',
    });
    expect(parseAzureUrl('https://res.openai.azure.com/openai/')).toEqual({
      endpoint: 'https://res.openai.azure.com',
    });
    expect(parseAzureUrl('https://res.openai.azure.com/openai/deployments/gpt-4o')).toEqual({
      endpoint: 'https://res.openai.azure.com',
      deployment: 'gpt-4o',
    });
  });

  it.each([
    [
      'the resource endpoint and a deployment',
      () => ({ baseUrl: sim.origin, model: 'memagent-deploy' }),
    ],
    ['a deployment URL', () => ({ baseUrl: `${sim.origin}/openai/deployments/memagent-deploy` })],
  ])(
    'calls /openai/deployments/{d}/chat/completions with api-key and api-version, given %s',
    async (_name, form) => {
      const client = createLlmClient({
        kind: 'azure',
        apiKey: KEY,
        apiVersion: '2024-10-21',
        ...form(),
      });
      expect(await client.resolveModel()).toBe('memagent-deploy');
      const result = await client.chat(chatRequest);
      expect(result.content).toBe(EXPECTED_MEMORY);
      const request = sim.requests[0];
      expect(request?.path).toBe('/openai/deployments/memagent-deploy/chat/completions');
      expect(request?.query).toEqual({ 'api-version': '2024-10-21' });
      expect(request?.headers['api-key']).toBe(KEY);
      expect(request?.headers.authorization).toBeUndefined();
      // Newer Azure models refuse max_tokens.
      expect(request?.body).toMatchObject({ max_completion_tokens: 256 });
    },
  );

  it('streams from Azure too', async () => {
    let text = '';
    const client = createLlmClient({
      kind: 'azure',
      apiKey: KEY,
      baseUrl: sim.origin,
      model: 'memagent-deploy',
    });
    await client.chat({ ...chatRequest, onDelta: (d) => (text += d) });
    expect(text).toBe(EXPECTED_MEMORY);
    expect(sim.requests[0]?.query['api-version']).toBe('2024-10-21');
  });

  it('rejects an unknown deployment with a sentence naming it', async () => {
    const client = createLlmClient({
      kind: 'azure',
      apiKey: KEY,
      baseUrl: sim.origin,
      model: 'other-deploy',
      retryBaseMs: 5,
    });
    const error = await client.chat(chatRequest).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).kind).toBe('BackendRejected');
    expect((error as CoreError).message).toContain('"other-deploy"');
  });

  it('needs a key and a deployment, said up front', async () => {
    const noKey = createLlmClient({ kind: 'azure', baseUrl: sim.origin, model: 'memagent-deploy' });
    await expect(noKey.chat(chatRequest)).rejects.toMatchObject({
      kind: 'BadUsage',
      message: 'Azure OpenAI needs an API key.',
    });
    const noDeployment = createLlmClient({ kind: 'azure', apiKey: KEY, baseUrl: sim.origin });
    await expect(noDeployment.resolveModel()).rejects.toMatchObject({
      kind: 'BadUsage',
      message: 'Azure OpenAI needs a deployment name.',
    });
  });
});

describe('keys', () => {
  it('sends the key as a Bearer token to OpenAI-style servers and a wrong key is rejected without leaking', async () => {
    const good = createLlmClient({
      kind: 'openai',
      baseUrl: sim.baseUrl,
      apiKey: KEY,
      model: 'memagent-deploy',
    });
    await good.chat(chatRequest);
    expect(sim.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const wrongKey = 'sk-wrong-key-SHOULD-NOT-LEAK';
    const bad = createLlmClient({
      kind: 'openai',
      baseUrl: sim.baseUrl,
      apiKey: wrongKey,
      model: 'memagent-deploy',
    });
    const error = (await bad.chat(chatRequest).then(
      () => undefined,
      (e: unknown) => e,
    )) as CoreError;
    expect(error.kind).toBe('BackendRejected');
    expect(JSON.stringify({ ...error.toValue(), stack: error.stack })).not.toContain(
      'SHOULD-NOT-LEAK',
    );
  });
});
