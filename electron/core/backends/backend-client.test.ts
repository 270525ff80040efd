import { afterEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { backendProfileSchema } from '../../../shared/schemas.ts';
import type { StoredProfile } from '../store/columns.ts';
import { runBackendOf } from '../use-cases/start-run.ts';
import { createBuiltinHosts } from './builtin-hosts.ts';
import { clientForProfile, defaultClientFactory, type ClientSource } from './backend-client.ts';

let sims: SimServer[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

const source = (): ClientSource => ({
  factory: defaultClientFactory,
  builtin: createBuiltinHosts({ sequences: 1 }),
  defaults: () => DEFAULT_RUN_SETTINGS,
});
const noSecrets = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};
const request = (i: number) => ({
  prompt: `Say something about item ${i}.`,
  maxTokens: 16,
  temperature: 0,
  topP: 1,
});

describe('a profile with several servers', () => {
  it('reads through one client that spreads the requests over all of them', async () => {
    const a = await startSimLlm();
    const b = await startSimLlm();
    sims = [a, b];
    const profile: StoredProfile = {
      id: 'p',
      name: 'replicas',
      kind: 'vllm',
      baseUrl: a.baseUrl,
      extraBaseUrls: [b.baseUrl],
    };
    const client = await clientForProfile(source(), noSecrets, profile);
    expect(await client.resolveModel()).toBe('sim-llm/memagent-simulator');
    await Promise.all([0, 1, 2, 3].map((i) => client.chat(request(i))));
    const chats = (s: SimServer) => s.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect([chats(a).length, chats(b).length]).toEqual([2, 2]);
    // The run names the first server and how many more.
    expect(runBackendOf(profile)).toEqual({
      kind: 'vllm',
      name: 'replicas +1 more',
      baseUrl: a.baseUrl,
    });
  });

  it('is one server’s own client without extra servers, and refuses an extra URL that is not http', async () => {
    const a = await startSimLlm();
    sims = [a];
    const profile: StoredProfile = { id: 'p', name: 'one', kind: 'vllm', baseUrl: a.baseUrl };
    const client = await clientForProfile(source(), noSecrets, profile);
    expect('servers' in client).toBe(false);
    expect(runBackendOf(profile).name).toBe('one');
    const parsed = backendProfileSchema.safeParse({
      ...profile,
      hasApiKey: false,
      extraBaseUrls: ['ftp://elsewhere/v1'],
    });
    expect(parsed.success).toBe(false);
  });
});
