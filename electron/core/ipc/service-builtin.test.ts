// The built-in backend through the service, for real: a profile of kind `builtin` reads a whole
// question on the tiny GGUF (one CPU thread: busy-waiting threads starve each other on 2 cores),
// and the models calls download from a loopback "Hugging Face" with progress, pause, resume and
// cancel, add a file through the (stand-in) dialog and remove models.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadSnapshot } from '../../../shared/models-api.ts';
import { catalogueModel } from '../../../shared/model-catalogue.ts';
import { writeTinyGguf } from '../llm/builtin/tiny-gguf.test-support.ts';
import {
  fakeGguf,
  startModelServer,
  type ModelServer,
} from '../models/model-server.test-support.ts';
import { modelsDirIn } from '../models/index.ts';
import { startHarness, type Harness } from './service-harness.test-support.ts';

let server: ModelServer;
let h: Harness | undefined;
let chosen: string | null = null;

beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function open(idleMs?: number): Promise<Harness> {
  h = await startHarness({
    deps: {
      ...(idleMs === undefined ? {} : { builtinIdleMs: idleMs }),
      hf: { endpoint: server.url },
      chooseFile: async () => chosen,
      modelDownloader: { retries: 0, retryDelayMs: 10, stallMs: 5000 },
    },
  });
  return h;
}

/**
 * The tiny GGUF as the built-in profile "tiny" (CPU, one thread), and a text document of `text`
 * opened in the library: what each test reads with.
 */
async function withTinyBackend(harness: Harness, name: string, text: string) {
  // In the models folder: a built-in profile names only a model Settings › Models lists.
  const folder = modelsDirIn(harness.dir);
  fs.mkdirSync(folder, { recursive: true });
  const modelFile = writeTinyGguf(folder);
  const doc = path.join(harness.dir, name);
  fs.writeFileSync(doc, text);
  const info = await harness.ok('documents:open', { path: doc });
  await harness.ok('settings:save-profile', {
    profile: {
      id: 'tiny',
      name: 'Built-in: tiny',
      kind: 'builtin',
      baseUrl: '',
      builtin: { modelFile, gpu: 'off', threads: 1 },
      hasApiKey: false,
    },
  });
  return info;
}

const SMALL = {
  chunkTokens: 256,
  memoryTokens: 64,
  answerTokens: 32,
  temperature: 0,
  topP: 1,
  final: 'boxed',
  tokenizer: 'auto',
} as const;

describe('a built-in backend in the service', () => {
  it('reads a whole question on the tiny model, counting with its own tokenizer', async () => {
    const harness = await open();
    const info = await withTinyBackend(harness, 'note.txt', 'The vault code is 4711. '.repeat(80));
    const test = await harness.ok('backend:test', { profileId: 'tiny' });
    expect(test).toMatchObject({ ok: true, model: 'tiny-test-llama', genericModel: true });
    const run = await harness.ok('runs:start', {
      documentId: info.id,
      question: 'What is the vault code?',
      settings: SMALL,
      profileId: 'tiny',
    });
    const end = await harness.finished(run.id);
    expect(end.type).toBe('finished');
    const snapshot = await harness.ok('runs:get', { runId: run.id });
    expect(snapshot.summary.status).toBe('done');
    expect(snapshot.chunks.length).toBeGreaterThanOrEqual(2);
    expect(snapshot.memories).toHaveLength(snapshot.chunks.length);
    // Not RL-MemoryAgent: the run carries the same lower-accuracy note as a server's model.
    expect(JSON.stringify(snapshot)).toContain('is not an RL-MemoryAgent model');
    // Settings can say where it runs: here the CPU, one thread.
    const host = await harness.ok('models:host-info', { profileId: 'tiny' });
    expect(host).toMatchObject({ name: 'tiny-test-llama', gpuType: false, threads: 1 });
  }, 120_000);

  it('ends a run with a clear error when the model process dies, and the app carries on', async () => {
    const harness = await open();
    const info = await withTinyBackend(
      harness,
      'long.txt',
      'Every page must be read. '.repeat(2000),
    );
    const run = await harness.ok('runs:start', {
      documentId: info.id,
      question: 'What must be read?',
      settings: { ...SMALL, memoryTokens: 1024 },
      profileId: 'tiny',
    });
    await harness.waitFor(
      'run:event',
      (p) => p.event.runId === run.id && p.event.type === 'started',
    );
    // Killed while it writes the first memory.
    let pid: number | undefined;
    while (pid === undefined) {
      const host = await harness.ok('models:host-info', { profileId: 'tiny' });
      if (host) pid = findHostPid();
      await new Promise((r) => setTimeout(r, 50));
    }
    process.kill(pid, 'SIGKILL');
    const end = await harness.finished(run.id);
    expect(end.type).toBe('error');
    expect(JSON.stringify(end)).toContain('The built-in model stopped unexpectedly');
    // The service still answers.
    expect((await harness.ok('settings:get', {})).profiles.some((p) => p.id === 'tiny')).toBe(true);
  }, 120_000);
});

describe('the host process', () => {
  it('is shared by the estimate and the question, and ended once unused', async () => {
    const harness = await open(500);
    const info = await withTinyBackend(harness, 'note.txt', 'The vault code is 4711. '.repeat(40));
    const request = { documentId: info.id, question: 'Code?', settings: SMALL, profileId: 'tiny' };
    const estimate = await harness.ok('runs:estimate', request);
    expect(estimate.chunks).toBeGreaterThanOrEqual(2);
    // Nothing is paid per token on this computer: the Ask form says free, not "no prices".
    expect(estimate.onThisComputer).toBe(true);
    // Nothing was asked on it before, yet the time is known: this computer measured on load.
    expect(estimate.seconds?.min).toBeGreaterThan(0);
    expect(estimate.device).toBe('cpu');
    const pid = findHostPid();
    expect(pid).toBeDefined();
    const run = await harness.ok('runs:start', request);
    expect((await harness.finished(run.id)).type).toBe('finished');
    // The same process read the question: the model was loaded once.
    expect(findHostPid()).toBe(pid);
    // Unused for the idle time: the process ends, and Settings says the model is not loaded.
    await expect.poll(() => findHostPid(), { timeout: 10_000 }).toBeUndefined();
    expect(await harness.ok('models:host-info', { profileId: 'tiny' })).toBeNull();
  }, 120_000);
});

/** The pid of the host process that loaded `modelFile` (a child of this process). */
function findHostPid(): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && cmd.includes('host-main')) return Number(entry);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return undefined;
}

describe('models calls', () => {
  const model = catalogueModel('qwen2.5-1.5b-instruct-q4_k_m')!;
  const served = (body: Buffer, extra: object = {}) =>
    server.files.set(`/bartowski/Qwen2.5-1.5B-Instruct-GGUF/${model.file}`, { body, ...extra });
  const events = (harness: Harness): DownloadSnapshot[] =>
    harness.emitted.filter((e) => e.name === 'models:download').map((e) => e.payload as never);

  it('downloads a catalogue model with progress, pauses, resumes after a restart, and uses it', async () => {
    const harness = await open();
    const body = fakeGguf(3_000_000);
    served(body, { slice: 64 * 1024, delayMs: 20 });
    const first = await harness.ok('models:download', { reference: model.id, useWhenDone: true });
    expect(first).toMatchObject({ reference: model.id, name: model.name });
    await harness.waitFor(
      'models:download',
      (s) => s.state === 'downloading' && s.received > 200_000,
    );
    await harness.ok('models:pause', { reference: model.id });
    const paused = await harness.waitFor('models:download', (s) => s.state === 'paused');
    expect(paused.received).toBeGreaterThan(0);
    expect(paused.received).toBeLessThan(body.length);

    // A restart: the part on disk is listed as paused, with its bytes.
    await harness.service.dispose();
    harness.reopen();
    const listed = await harness.ok('models:list', {});
    expect(listed.downloads).toEqual([
      expect.objectContaining({ reference: model.id, state: 'paused', total: body.length }),
    ]);
    expect(listed.downloads[0]!.received).toBeGreaterThan(0);
    expect(listed.folder).toBe(path.join(harness.dir, 'models'));

    served(body);
    harness.emitted.length = 0;
    await harness.ok('models:download', { reference: model.id, useWhenDone: true });
    const done = await harness.waitFor('models:download', (s) => s.state === 'done');
    const progress = events(harness).filter((s) => s.state === 'downloading');
    expect(progress.at(-1)).toMatchObject({ received: body.length, total: body.length });
    expect(fs.readFileSync(done.model!.file).equals(body)).toBe(true);
    expect(done.model).toMatchObject({
      origin: 'downloaded',
      catalogueId: model.id,
      verified: true,
    });
    // The first-start path: a built-in backend for it, made the active one.
    const settings = await harness.ok('settings:get', {});
    expect(settings.activeProfileId).toBe(done.profileId);
    const profile = settings.profiles.find((p) => p.id === done.profileId);
    expect(profile).toMatchObject({ kind: 'builtin', builtin: { modelFile: done.model!.file } });
    expect((await harness.ok('models:list', {})).downloads).toEqual([]);
  }, 60_000);

  it('cancels a download and removes its partial file', async () => {
    const harness = await open();
    served(fakeGguf(3_000_000, 2), { slice: 32 * 1024, delayMs: 30 });
    await harness.ok('models:download', { reference: model.id });
    await harness.waitFor('models:download', (s) => s.state === 'downloading' && s.received > 0);
    await harness.ok('models:cancel', { reference: model.id });
    expect(events(harness).at(-1)?.state).toBe('cancelled');
    expect(
      fs.readdirSync(path.join(harness.dir, 'models')).filter((f) => f.includes('.part')),
    ).toEqual([]);
    expect((await harness.ok('models:list', {})).downloads).toEqual([]);
  }, 30_000);

  it('says why a download failed: not found, not a GGUF file', async () => {
    const harness = await open();
    const missing = await harness.ok('models:download', {
      reference: 'hf:nobody/nothing/none.gguf',
    });
    expect(missing.state).toBe('connecting');
    const failed = await harness.waitFor('models:download', (s) => s.state === 'failed');
    expect(failed.error?.kind).toBe('NotFound');
    server.files.set('/owner/repo/page.gguf', { body: Buffer.from('<html>sign in</html>') });
    await harness.ok('models:download', { reference: 'hf:owner/repo/page.gguf' });
    const html = await harness.waitFor(
      'models:download',
      (s) => s.reference === 'hf:owner/repo/page.gguf' && s.state === 'failed',
    );
    expect(html.error?.message).toMatch(/not a GGUF/i);
    // A path is not downloaded: one sentence says what to do instead.
    const refused = await harness.call('models:download', { reference: '/etc/passwd' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.hint).toContain('Add a model file');
  }, 30_000);

  it('"Use this model": the built-in backend reads with it and becomes active, keeping this computer\'s GPU and threads', async () => {
    const harness = await open();
    const tiny = writeTinyGguf(harness.dir, 'tiny.gguf');
    chosen = tiny;
    const added = await harness.ok('models:add-file', {});
    // Before: a server is the active backend, and one built-in profile set to CPU, one thread.
    const serverProfile = {
      id: 's',
      name: 'S',
      kind: 'vllm' as const,
      baseUrl: 'http://127.0.0.1:9/v1',
      hasApiKey: false,
    };
    await harness.ok('settings:save-profile', { profile: serverProfile });
    expect((await harness.ok('settings:get', {})).activeProfileId).toBe('s');
    const first = await harness.ok('models:use', { id: added!.id });
    const after = await harness.ok('settings:get', {});
    expect(after.activeProfileId).toBe(first.profileId);
    expect(after.profiles.find((p) => p.id === first.profileId)).toMatchObject({
      kind: 'builtin',
      name: 'Built-in (this computer): tiny',
      builtin: { modelFile: tiny },
    });
    // The user sets CPU only and one thread; a second model keeps that, the first stays as it was.
    const made = after.profiles.find((p) => p.id === first.profileId)!;
    await harness.ok('settings:save-profile', {
      profile: { ...made, builtin: { modelFile: tiny, gpu: 'off', threads: 1 } },
    });
    chosen = writeTinyGguf(harness.dir, 'other.gguf');
    const other = await harness.ok('models:add-file', {});
    const second = await harness.ok('models:use', { id: other!.id });
    const both = await harness.ok('settings:get', {});
    expect(both.activeProfileId).toBe(second.profileId);
    expect(both.profiles.find((p) => p.id === second.profileId)?.builtin).toEqual({
      modelFile: chosen,
      gpu: 'off',
      threads: 1,
    });
    // Using the first again picks its profile, not a third one.
    expect(await harness.ok('models:use', { id: added!.id })).toEqual(first);
    expect((await harness.ok('settings:get', {})).profiles).toHaveLength(3);
    // A model that is not on this computer, or whose file is gone, is refused in one sentence.
    expect(await harness.call('models:use', { id: 'nothing' })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound', message: 'That model is not on this computer.' },
    });
    fs.rmSync(chosen);
    const gone = await harness.call('models:use', { id: other!.id });
    expect(gone).toMatchObject({ ok: false, error: { kind: 'NotFound' } });
    if (!gone.ok) expect(gone.error.hint).toContain('Settings › Models');
  });

  it('adds a file chosen in the dialog, refuses one that is not GGUF, and removes models', async () => {
    const harness = await open();
    const outside = path.join(harness.dir, 'mine.gguf');
    fs.writeFileSync(outside, fakeGguf(4096, 3));
    chosen = outside;
    const added = await harness.ok('models:add-file', {});
    expect(added).toMatchObject({ id: 'mine', file: outside, origin: 'added', missing: false });
    chosen = path.join(harness.dir, 'notes.gguf');
    fs.writeFileSync(chosen, 'just text');
    const bad = await harness.call('models:add-file', {});
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/not a GGUF/i);
    chosen = null;
    expect(await harness.ok('models:add-file', {})).toBeNull();
    // An added file is only forgotten; a downloaded one is deleted.
    expect(await harness.ok('models:remove', { id: 'mine' })).toEqual({ deletedFile: false });
    expect(fs.existsSync(outside)).toBe(true);
    served(fakeGguf(10_000, 4));
    await harness.ok('models:download', { reference: model.id });
    const done = await harness.waitFor('models:download', (s) => s.state === 'done');
    expect(await harness.ok('models:remove', { id: model.id })).toEqual({ deletedFile: true });
    expect(fs.existsSync(done.model!.file)).toBe(false);
    expect((await harness.ok('models:list', {})).models).toEqual([]);
  }, 30_000);
});
