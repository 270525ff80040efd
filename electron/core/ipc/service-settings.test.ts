import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKEND_DEFAULTS } from '../../../shared/backends.ts';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { writeTinyGguf } from '../llm/builtin/tiny-gguf.test-support.ts';
import { modelsDirIn } from '../models/index.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { deadUrl } from '../../../sim/dead-url.ts';
import { startSimLlm } from '../../../sim/server.ts';
import { invokeCall } from './invoke-call.ts';
import { SEEDED_PROFILE_ID } from '../../../shared/backends.ts';
import {
  SMALL_CHUNKS,
  bookText,
  openBookAndProfile,
  startHarness,
  useSimProfile,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const KEY = 'sk-test-9f8e7d6c5b4a39281706f5e4d3c2b1a0';

describe('settings, profiles and keys', () => {
  it('accepts only http(s) server URLs, saying so; an older profile with another URL stays readable but cannot run', async () => {
    h = await startHarness();
    const profile = { id: 'odd', name: 'Odd', kind: 'custom' as const, hasApiKey: false };
    for (const baseUrl of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://host/v1', 'x']) {
      expect(await h.call('settings:save-profile', { profile: { ...profile, baseUrl } })).toEqual({
        ok: false,
        error: {
          kind: 'BadUsage',
          message: 'The server URL must be an http:// or https:// address.',
        },
      });
    }
    await h.ok('settings:save-profile', { profile: { ...profile, baseUrl: 'HTTPS://h/v1' } });
    // A profile stored before the rule (written straight into the database).
    const { documentId } = await openBookAndProfile(h);
    await h.service.dispose();
    const db = new Database(path.join(h.dir, DATABASE_FILE));
    const data = JSON.stringify({ id: 'odd', name: 'Odd', kind: 'custom', baseUrl: 'ftp://h/v1' });
    db.prepare('UPDATE profiles SET data = ? WHERE id = ?').run(data, 'odd');
    db.close();
    h.reopen();
    const settings = await h.ok('settings:get', {});
    expect(settings.profiles.find((p) => p.id === 'odd')?.baseUrl).toBe('ftp://h/v1');
    const run = await h.call('runs:start', {
      documentId,
      question: 'q',
      settings: SMALL_CHUNKS,
      profileId: 'odd',
    });
    expect(run).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'The backend "Odd" has no http:// or https:// URL.' },
    });
  });

  it('keeps a built-in profile with its model file and no URL; no other kind goes without a URL', async () => {
    h = await startHarness();
    const builtin = { id: 'here', name: 'This computer', kind: 'builtin' as const, baseUrl: '' };
    expect(
      await h.call('settings:save-profile', { profile: { ...builtin, hasApiKey: false } }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'A built-in backend needs a model file.' },
    });
    // A window names only a model on this computer (Settings › Models), not any path it likes.
    const stranger = { modelFile: '/etc/passwd', gpu: 'off' as const };
    expect(
      await h.call('settings:save-profile', {
        profile: { ...builtin, builtin: stranger, hasApiKey: false },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message: 'The model file /etc/passwd is not one of the models on this computer.',
      },
    });
    const folder = modelsDirIn(h.dir);
    fs.mkdirSync(folder, { recursive: true });
    const options = {
      modelFile: writeTinyGguf(folder, 'qwen2.5-7b-instruct-q4_k_m.gguf'),
      gpu: 'off' as const,
    };
    await h.ok('settings:save-profile', {
      profile: { ...builtin, builtin: options, hasApiKey: false },
    });
    await h.service.dispose();
    h.reopen();
    const settings = await h.ok('settings:get', {});
    expect(settings.profiles.find((p) => p.id === 'here')).toMatchObject({
      ...builtin,
      builtin: options,
    });
    const vllm = { id: 'v', name: 'V', kind: 'vllm' as const, baseUrl: '', hasApiKey: false };
    expect(await h.call('settings:save-profile', { profile: vllm })).toEqual({
      ok: false,
      error: {
        kind: 'BadUsage',
        message: 'The server URL must be an http:// or https:// address.',
      },
    });
  });

  it('starts with no backend nobody asked for and the MemAgent defaults; an earlier library keeps its own', async () => {
    h = await startHarness();
    const settings = await h.ok('settings:get', {});
    // No preset such as "Local vLLM": the first-start screen asks how to read documents.
    expect(settings.profiles).toEqual([]);
    expect(settings.activeProfileId).toBeNull();
    expect(settings.defaults).toEqual(DEFAULT_RUN_SETTINGS);
    await h.ok('settings:set-defaults', { defaults: { ...DEFAULT_RUN_SETTINGS, temperature: 0 } });
    // A library from a version that seeded "Local vLLM": the app leaves that profile as it is.
    const earlier = {
      id: SEEDED_PROFILE_ID,
      name: 'Local vLLM',
      kind: 'vllm' as const,
      baseUrl: BACKEND_DEFAULTS.vllm.baseUrl,
      hasApiKey: false,
    };
    await h.ok('settings:save-profile', { profile: earlier });
    await h.service.dispose();
    h.reopen();
    const kept = await h.ok('settings:get', {});
    expect(kept.profiles).toEqual([earlier]);
    expect(kept.activeProfileId).toBe(SEEDED_PROFILE_ID);
    await h.ok('settings:delete-profile', { profileId: SEEDED_PROFILE_ID });
    await h.service.dispose();
    h.reopen();
    const again = await h.ok('settings:get', {});
    // Deleting it sticks across restarts; defaults persist.
    expect(again.profiles).toEqual([]);
    expect(again.activeProfileId).toBeNull();
    expect(again.defaults.temperature).toBe(0);
    const doc = await h.ok('documents:open-bytes', {
      name: 'a.txt',
      data: new TextEncoder().encode(bookText(5)),
    });
    const none = await h.call('runs:start', {
      documentId: doc.id,
      question: 'q',
      settings: SMALL_CHUNKS,
    });
    expect(none).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'No backend is set up yet.' },
    });
    const { documentId } = await openBookAndProfile(h);
    await h.ok('settings:save-profile', {
      profile: {
        id: 'oa',
        name: 'OpenAI',
        kind: 'openai',
        baseUrl: BACKEND_DEFAULTS.openai.baseUrl,
        hasApiKey: false,
      },
    });
    const noKey = await h.call('runs:start', {
      documentId,
      question: 'q',
      settings: SMALL_CHUNKS,
      profileId: 'oa',
    });
    expect(noKey).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'The backend "OpenAI" needs an API key.' },
    });
    await h.ok('settings:save-profile', {
      profile: {
        id: 'oa',
        name: 'OpenAI',
        kind: 'openai',
        baseUrl: BACKEND_DEFAULTS.openai.baseUrl,
        hasApiKey: false,
      },
      apiKey: 'sk-x',
    });
    const noModel = await h.call('runs:start', {
      documentId,
      question: 'q',
      settings: SMALL_CHUNKS,
      profileId: 'oa',
    });
    expect(noModel).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'The backend "OpenAI" needs a model name.' },
    });
    expect(await h.ok('runs:list', { documentId })).toEqual([]);
  });

  it('keeps the API key out of every response, the database files and the exports, and uses it', async () => {
    h = await startHarness({ sim: { apiKey: KEY } });
    const { documentId, profileId } = await openBookAndProfile(h, bookText(20), KEY);
    const responses: unknown[] = [];
    const record = async <T>(p: Promise<T>) => (responses.push(await p), await p);

    const settings = await record(h.ok('settings:get', {}));
    expect(settings.profiles.find((p) => p.id === profileId)?.hasApiKey).toBe(true);
    expect(await h.secrets.get(profileId)).toBe(KEY);
    const test = await record(h.ok('backend:test', { profileId }));
    expect(test.ok).toBe(true);
    const run = await record(
      h.ok('runs:start', {
        documentId,
        question: 'What is the vault code?',
        settings: SMALL_CHUNKS,
      }),
    );
    await h.finished(run.id);
    // The key reached the server (it refuses requests without it).
    expect(h.sim.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    await record(h.ok('runs:get', { runId: run.id }));
    await record(h.ok('runs:list', { documentId }));
    // Saving without `apiKey` keeps the key; the response never carries it.
    const saved = await record(
      h.ok('settings:save-profile', {
        profile: {
          id: profileId,
          name: 'Renamed',
          kind: 'custom',
          baseUrl: h.sim.baseUrl,
          hasApiKey: false,
        },
      }),
    );
    expect(saved.hasApiKey).toBe(true);
    const exported: string[] = [];
    for (const format of ['md', 'json', 'html'] as const) {
      const out = await record(h.ok('export:session', { documentId, format }));
      if (out) exported.push(fs.readFileSync(out.path, 'utf8'));
    }
    expect(exported).toHaveLength(3);
    expect(exported[1]).toContain('4711');

    for (const r of responses) expect(JSON.stringify(r)).not.toContain(KEY);
    for (const e of h.emitted) expect(JSON.stringify(e.payload)).not.toContain(KEY);
    for (const text of exported) expect(text).not.toContain(KEY);
    await h.service.dispose();
    for (const file of fs.readdirSync(h.dir)) {
      const full = path.join(h.dir, file);
      if (fs.statSync(full).isFile())
        expect(fs.readFileSync(full).includes(Buffer.from(KEY)), file).toBe(false);
    }

    // '' removes the key; deleting a profile removes its key too.
    h.reopen();
    await h.ok('settings:save-profile', { profile: { ...saved, hasApiKey: true }, apiKey: '' });
    expect(await h.secrets.get(profileId)).toBeUndefined();
    await h.ok('settings:save-profile', { profile: saved, apiKey: KEY });
    await h.ok('settings:delete-profile', { profileId });
    expect(await h.secrets.get(profileId)).toBeUndefined();
  });

  it('rejects invalid requests with BadUsage before they reach core', async () => {
    h = await startHarness();
    const ctx = { senderId: 'w1' };
    const bad = [
      invokeCall(
        h.service.handlers,
        'runs:start',
        { documentId: 'x', question: '   ', settings: DEFAULT_RUN_SETTINGS },
        ctx,
      ),
      invokeCall(
        h.service.handlers,
        'runs:start',
        { documentId: 'x', question: 'q', settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: 5 } },
        ctx,
      ),
      invokeCall(h.service.handlers, 'runs:get', {}, ctx),
      invokeCall(
        h.service.handlers,
        'settings:save-profile',
        { profile: { id: 'p', name: 'n', kind: 'nope', baseUrl: 'x', hasApiKey: false } },
        ctx,
      ),
      invokeCall(
        h.service.handlers,
        'documents:open-bytes',
        { name: 'a.txt', data: 'not bytes' },
        ctx,
      ),
      invokeCall(h.service.handlers, 'no:such-call' as 'runs:get', {}, ctx),
    ];
    for (const result of await Promise.all(bad)) {
      expect(result).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
    }
    const link = await h.call('shell:open-external', { url: 'javascript:alert(1)' });
    expect(link).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
    expect(await h.call('shell:open-external', { url: 'https://example.org/a' })).toEqual({
      ok: true,
      value: null,
    });
    const missing = await h.call('runs:get', { runId: '00000000-0000-4000-8000-00000000dead' });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'NotFound' } });
    const noProfile = await h.call('settings:set-active-profile', { profileId: 'nope' });
    expect(noProfile).toMatchObject({ ok: false, error: { kind: 'NotFound' } });
  });

  it('keeps a profile’s extra servers through every save, refuses bad or repeated ones, and tests each server', async () => {
    h = await startHarness();
    const second = await startSimLlm({});
    try {
      const profileId = await useSimProfile(h);
      const sim = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
      if (!sim) throw new Error('no profile');
      const down = await deadUrl();
      const withExtras = { ...sim, extraBaseUrls: [second.baseUrl, down] };
      await h.ok('settings:save-profile', { profile: withExtras });
      // The window saves what it was given, edited: nothing it did not touch is lost.
      const got = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
      expect(got?.extraBaseUrls).toEqual([second.baseUrl, down]);
      await h.ok('settings:save-profile', { profile: { ...got!, name: 'Two GPUs' } });
      const renamed = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
      expect(renamed).toMatchObject({ name: 'Two GPUs', extraBaseUrls: [second.baseUrl, down] });

      // Each server is tested; the one that does not answer is named.
      const failed = await h.ok('backend:test', { profileId });
      expect(failed.ok).toBe(false);
      expect(failed.error?.message).toContain(down.replace(/\/$/, ''));
      expect(failed.error?.message).not.toContain(second.baseUrl);
      const tested = (await h.ok('settings:get', {})).lastTests[profileId];
      expect(tested?.ok).toBe(false);

      // Removing the dead server changes what a test talks to: the old verdict is forgotten.
      await h.ok('settings:save-profile', {
        profile: { ...renamed!, extraBaseUrls: [second.baseUrl] },
      });
      expect((await h.ok('settings:get', {})).lastTests[profileId]).toBeUndefined();
      const both = await h.ok('backend:test', { profileId });
      expect(both).toMatchObject({ ok: true, servers: 2 });

      // The same rules as the main URL, and no server twice: one sentence each.
      const refuse = async (extraBaseUrls: string[]) => {
        const result = await h!.call('settings:save-profile', {
          profile: { ...renamed!, extraBaseUrls },
        });
        return result.ok ? 'saved' : result.error.message;
      };
      await expect(refuse([`${sim.baseUrl}/`])).resolves.toBe(
        `${sim.baseUrl}/ is already the server URL above.`,
      );
      await expect(refuse([second.baseUrl, second.baseUrl])).resolves.toBe(
        `${second.baseUrl} is already in the list.`,
      );
      await expect(refuse(['ftp://h/v1'])).resolves.toBe(
        'The server URL must be an http:// or https:// address.',
      );
      // An empty list is no list; the built-in kind has no servers to add.
      await h.ok('settings:save-profile', { profile: { ...renamed!, extraBaseUrls: [] } });
      const cleared = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
      expect(cleared).not.toHaveProperty('extraBaseUrls');
    } finally {
      await second.close();
    }
  });
});
