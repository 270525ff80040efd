// The backend a question uses: each profile's last connection test, kept across restarts and
// forgotten when the profile changes where it calls; and "Retry with…" another backend or settings.
import { afterEach, describe, expect, it } from 'vitest';
import { deadUrl } from '../../../sim/dead-url.ts';
import { invokeCall } from './invoke-call.ts';
import {
  SMALL_CHUNKS,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;

/** Cancels the run inside the `chunk-done` event of chunk `k`, before it reads another. */
async function cancelAfterChunk(harness: Harness, runId: string, k: number): Promise<void> {
  await harness.waitFor('run:event', (p) => {
    const e = p.event;
    if (e.runId !== runId || e.type !== 'chunk-done' || e.state.chunk !== k) return false;
    void invokeCall(harness.service.handlers, 'runs:cancel', { runId }, { senderId: 'x' });
    return true;
  });
}

/** The run's terminal event after the `n`-th (0-based): a continued run ends once more. */
async function ended(harness: Harness, runId: string, n: number): Promise<string> {
  let seen = 0;
  const p = await harness.waitFor(
    'run:event',
    (e) =>
      e.event.runId === runId &&
      ['finished', 'error', 'cancelled'].includes(e.event.type) &&
      seen++ === n,
  );
  return p.event.type;
}
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const profile = (id: string, baseUrl: string, name = id) => ({
  profile: { id, name, kind: 'custom' as const, baseUrl, hasApiKey: false, maxRetries: 0 },
});

describe('last connection tests', () => {
  it('keeps each profile’s last test across a restart; an edit of URL, model or key forgets it, a rename does not', async () => {
    h = await startHarness();
    const { profileId } = await openBookAndProfile(h);
    await h.ok('settings:save-profile', profile('down', await deadUrl(), 'Down'));
    const good = await h.ok('backend:test', { profileId });
    const bad = await h.ok('backend:test', { profileId: 'down', quick: true });
    expect(good.ok).toBe(true);
    expect(bad).toMatchObject({ ok: false, error: { kind: 'BackendUnavailable' } });

    await h.service.dispose();
    h.reopen();
    const { lastTests } = await h.ok('settings:get', {});
    expect(lastTests[profileId]).toMatchObject({ ok: true, latencyMs: good.latencyMs });
    expect(typeof lastTests[profileId]?.at).toBe('number');
    expect(lastTests.down).toMatchObject({ ok: false, error: { kind: 'BackendUnavailable' } });
    // The renderer never sees keys, and a test record holds none either.
    expect(JSON.stringify(lastTests)).not.toMatch(/sk-/);

    const sim = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId)!;
    await h.ok('settings:save-profile', { profile: { ...sim, name: 'Renamed' } });
    expect((await h.ok('settings:get', {})).lastTests[profileId]).toBeDefined();
    await h.ok('settings:save-profile', { profile: { ...sim, model: 'other-model' } });
    expect((await h.ok('settings:get', {})).lastTests[profileId]).toBeUndefined();

    await h.ok('backend:test', { profileId });
    await h.ok('settings:save-profile', { profile: sim, apiKey: 'sk-new-key-for-test' });
    expect((await h.ok('settings:get', {})).lastTests[profileId]).toBeUndefined();

    await h.ok('settings:delete-profile', { profileId: 'down' });
    expect((await h.ok('settings:get', {})).lastTests.down).toBeUndefined();
  });

  it('an unreachable cloud profile is told to check its URL and network, not to start vLLM', async () => {
    h = await startHarness();
    const url = await deadUrl();
    await h.ok('settings:save-profile', {
      profile: {
        id: 'oa',
        name: 'OpenAI',
        kind: 'openai',
        baseUrl: url,
        model: 'gpt-4o',
        hasApiKey: false,
      },
      apiKey: 'sk-test',
    });
    const test = await h.ok('backend:test', { profileId: 'oa' });
    expect(test.error?.kind).toBe('BackendUnavailable');
    expect(test.error?.hint).toMatch(/network connection/);
    expect(test.error?.hint).not.toMatch(/vllm/i);
  });
});

describe('Retry with another backend or settings', () => {
  it('a run that failed before reading anything succeeds with another backend, which the run records', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    await h.ok('settings:save-profile', profile('down', await deadUrl(), 'Office server'));
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
      profileId: 'down',
    });
    const failed = await h.finished(run.id);
    expect(failed).toMatchObject({ type: 'error', error: { kind: 'BackendUnavailable' } });
    expect((await h.ok('runs:get', { runId: run.id })).summary.chunkCount).toBe(0);

    await h.ok('runs:continue', { runId: run.id, profileId });
    expect(await ended(h, run.id, 1)).toBe('finished');
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary).toMatchObject({ status: 'done', profileId });
    expect(snap.summary.answer).toContain('4711');
    const notes = snap.warnings.filter((w) => w.code === 'backend-changed').map((w) => w.message);
    expect(notes).toEqual([
      expect.stringMatching(
        /^Chunks 1 to \d+ and the answer are read with “Simulator” .*the first attempt was with “Office server”/,
      ),
    ]);
  });

  it('keeps the chunks already read when the other backend cuts the text the same way; starts over, saying so, when not', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    await h.ok('settings:save-profile', profile('twin', h.sim.baseUrl, 'Twin'));
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await cancelAfterChunk(h, run.id, 1);
    expect((await h.finished(run.id)).type).toBe('cancelled');
    const read = (await h.ok('runs:get', { runId: run.id })).memories;
    expect(read.length).toBeGreaterThanOrEqual(2);

    // Same chunk size and tokenizer on another backend: reading goes on after the saved memory.
    await h.ok('runs:continue', { runId: run.id, profileId: 'twin' });
    expect(await ended(h, run.id, 1)).toBe('finished');
    const started = h
      .runEvents(run.id)
      .map((e) => e.event)
      .filter((e) => e.type === 'started');
    expect(started.at(-1)).toMatchObject({ startChunk: read.length });
    const done = await h.ok('runs:get', { runId: run.id });
    expect(done.summary.profileId).toBe('twin');
    expect(done.memories.slice(0, read.length)).toEqual(read);

    // Another chunk size cuts the text elsewhere: a second run, cancelled, then retried so.
    const second = await h.ok('runs:start', {
      documentId,
      question: 'Who set the vault code?',
      settings: SMALL_CHUNKS,
      profileId,
    });
    await cancelAfterChunk(h, second.id, 0);
    expect((await h.finished(second.id)).type).toBe('cancelled');
    await h.ok('runs:continue', {
      runId: second.id,
      settings: { ...SMALL_CHUNKS, chunkTokens: 512 },
    });
    expect(await ended(h, second.id, 1)).toBe('finished');
    const restarted = h
      .runEvents(second.id)
      .map((e) => e.event)
      .filter((e) => e.type === 'started');
    expect(restarted.at(-1)).toMatchObject({ startChunk: 0 });
    const redone = await h.ok('runs:get', { runId: second.id });
    expect(redone.summary.settings.chunkTokens).toBe(512);
    expect(redone.memories.map((m) => m.chunk)).toEqual([
      ...Array(redone.summary.chunkCount).keys(),
    ]);
    expect(redone.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/cut into other chunks.*starts over from chunk 1/),
    );
  });
});
