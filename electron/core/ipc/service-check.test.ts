// "Check this backend" through the service, against the real simulator: the estimate before,
// progress and the result with its wrong rows, the last check kept across a restart, and the
// ways it goes wrong (a short document, a server down, a wrong key, a server failing mid-check,
// a second check, cancel). Nothing of it reaches the library's runs.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckSnapshot } from '../../../shared/backend-check.ts';
import { deadUrl } from '../../../sim/dead-url.ts';
import {
  openBookAndProfile,
  SMALL_CHUNKS,
  startHarness,
  useSimProfile,
  type Harness,
} from './service-harness.test-support.ts';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});
async function open(sim = {}): Promise<Harness> {
  const h = await startHarness({ sim });
  harnesses.push(h);
  return h;
}
const ended = (s: CheckSnapshot) => s.state !== 'preparing' && s.state !== 'running';
const BUNDLED = { kind: 'bundled' } as const;

describe('Check this backend', () => {
  it('estimates, reads eight rows of the bundled text, shows the wrong ones and keeps the result', async () => {
    const h = await open();
    const profileId = await useSimProfile(h);
    const estimate = await h.ok('check:estimate', { profileId, source: BUNDLED });
    expect(estimate.rows).toBe(8);
    expect(estimate.lengths).toEqual([8192, 32768]);
    // 4 rows of 8K and 4 of 32K, each within make-eval's tolerance of its length.
    expect(Math.abs(estimate.contextTokens - 4 * (8192 + 32768))).toBeLessThan(8 * 200);
    expect(estimate.ownServer).toBe(true);
    expect(estimate.cost).toBeNull();
    expect(estimate.sourceTitle).toMatch(/Devil’s Dictionary/);

    const started = await h.ok('check:start', { profileId, source: BUNDLED });
    expect(started.state).toBe('preparing');
    const done = await h.waitFor('check:event', ended);
    expect(done.state).toBe('done');
    expect(done.rowsDone).toBe(8);
    expect(done.right + done.wrong.length + done.failed).toBe(8);
    expect(done.failed).toBe(0);
    // The simulator finds plain needles and misses joined facts: some right, some wrong.
    expect(done.right).toBeGreaterThan(0);
    expect(done.wrong.length).toBeGreaterThan(0);
    for (const w of done.wrong) {
      expect(w.question.length).toBeGreaterThan(10);
      expect(w.expected.length).toBeGreaterThan(0);
      expect(['8K', '32K']).toContain(w.length);
    }
    expect(done.byLength.map((l) => [l.label, l.rows])).toEqual([
      ['8K', 4],
      ['32K', 4],
    ]);
    expect(done.usage.promptTokens).toBeGreaterThan(estimate.contextTokens);
    // Progress came after each row, with rows done counting up.
    const progress = h.emitted
      .filter((e) => e.name === 'check:event' && e.target === 'w1')
      .map((e) => (e.payload as CheckSnapshot).rowsDone);
    expect(progress).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8]);

    // The check measured the backend's speed: the next estimate gives a time.
    const after = await h.ok('check:estimate', { profileId, source: BUNDLED });
    expect(after.seconds).not.toBeNull();
    expect(after.seconds?.max).toBeGreaterThanOrEqual(after.seconds?.min ?? Infinity);

    // Nothing in the library; the result is the profile's last check, after a restart too.
    expect(await h.ok('runs:counts', {})).toEqual([]);
    expect((await h.ok('check:status', {})).last[profileId]?.right).toBe(done.right);
    await h.service.dispose();
    h.reopen();
    const status = await h.ok('check:status', {});
    expect(status.current).toBeNull();
    expect(status.last[profileId]).toMatchObject({ right: done.right, rows: 8, state: 'done' });

    // Pointing the profile at another server forgets it: that server has not been checked.
    await h.ok('settings:save-profile', {
      profile: {
        id: profileId,
        name: 'Simulator',
        kind: 'custom',
        baseUrl: 'http://127.0.0.1:9/v1',
        hasApiKey: false,
      },
    });
    expect((await h.ok('check:status', {})).last[profileId]).toBeUndefined();
  });

  it('prices the check with the profile’s prices before it starts', async () => {
    const h = await open();
    await h.ok('settings:save-profile', {
      profile: {
        id: 'paid',
        name: 'Paid',
        kind: 'custom',
        baseUrl: h.sim.baseUrl,
        hasApiKey: false,
        inputPricePerMTok: 0.15,
        outputPricePerMTok: 0.6,
      },
    });
    const e = await h.ok('check:estimate', { profileId: 'paid', source: BUNDLED });
    expect(e.ownServer).toBe(false);
    // Prompt tokens at 0.15 per million: the least is the contexts alone.
    expect(e.cost?.min).toBeGreaterThan((e.contextTokens * 0.15) / 1e6);
    expect(e.cost?.max).toBeGreaterThan(e.cost?.min ?? Infinity);
    expect(e.cost?.max).toBeLessThan(0.2);
  });

  it('refuses a document too short for its rows, with the bundled text as the way out', async () => {
    const h = await open();
    const { documentId, profileId } = await openBookAndProfile(h);
    const result = await h.call('check:estimate', {
      profileId,
      source: { kind: 'document', documentId },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(
      /^“book(\.txt)?” has [\d,]+ tokens of text; the check needs at least 32,768/,
    );
    expect(result.error.hint).toMatch(/bundled text/);
    await h.ok('check:start', { profileId, source: { kind: 'document', documentId } });
    const end = await h.waitFor('check:event', ended);
    expect(end.state).toBe('error');
    expect(end.error?.message).toBe(result.error.message);
  });

  it('a server that is down, and a wrong key, end the check at once in one sentence', async () => {
    const h = await open({ apiKey: 'sk-right' });
    await h.ok('settings:save-profile', {
      profile: {
        id: 'down',
        name: 'Down',
        kind: 'custom',
        baseUrl: await deadUrl(),
        hasApiKey: false,
        maxRetries: 0,
      },
    });
    const down = await h.call('check:estimate', { profileId: 'down', source: BUNDLED });
    expect(down.ok).toBe(false);
    if (!down.ok) expect(down.error.message).toMatch(/reach|connect/i);

    const profileId = await useSimProfile(h, 'sk-wrong-key');
    await h.ok('check:start', { profileId, source: BUNDLED });
    const end = await h.waitFor('check:event', ended);
    expect(end.state).toBe('error');
    expect(end.error?.message).toMatch(/key|rejected|authori/i);
    expect(JSON.stringify(h.emitted)).not.toContain('sk-wrong-key');
    expect((await h.ok('check:status', {})).last[profileId]).toBeUndefined();
  });

  it('rows failing mid-check are counted apart with their sentence', async () => {
    const h = await open();
    const profileId = await useSimProfile(h);
    await h.ok('check:estimate', { profileId, source: BUNDLED });
    h.sim.setOptions({ faults: [{ kind: 'server-error', every: 5 }] });
    await h.ok('check:start', { profileId, source: BUNDLED });
    const end = await h.waitFor('check:event', ended);
    expect(end.failed).toBeGreaterThan(0);
    expect(end.rowsDone).toBe(8);
    expect(end.right + end.wrong.length + end.failed).toBe(8);
    expect(end.failures.reduce((a, f) => a + f.rows, 0)).toBe(end.failed);
    for (const f of end.failures) expect(f.message).not.toMatch(/\n|at .*\.ts:/);
  });

  it('one check at a time; cancel keeps the rows that ended as a partial result', async () => {
    const h = await open({
      latency: {
        prefillTokensPerSec: 400_000,
        decodeTokensPerSec: 4_000,
        aggregateDecodeTokensPerSec: 1e9,
        maxBatch: 1e9,
        overheadMs: 20,
      },
    });
    const profileId = await useSimProfile(h);
    await h.ok('check:start', { profileId, source: BUNDLED });
    const again = await h.call('check:start', { profileId, source: BUNDLED });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toBe('A check of “Simulator” is already running.');
    await h.waitFor('check:event', (s) => s.rowsDone >= 1);
    await h.ok('check:cancel', {});
    const end = await h.waitFor('check:event', ended);
    expect(end.state).toBe('cancelled');
    expect(end.rowsDone).toBeGreaterThanOrEqual(1);
    expect(end.rowsDone).toBeLessThan(8);
    // A cancelled check does not replace the profile's last one; a new one may start.
    expect((await h.ok('check:status', {})).last[profileId]).toBeUndefined();
    expect((await h.call('check:start', { profileId, source: BUNDLED })).ok).toBe(true);
    await h.ok('check:cancel', {});
    await h.waitFor('check:event', (s) => ended(s) && s.startedAt > end.startedAt - 1 && s !== end);
  });
});

describe('one limit per backend', () => {
  it('a check and the app’s runs on one profile never send more requests at once than its limit', async () => {
    // Each request takes a little while, so whatever is let through at once is in flight at once.
    const h = await startHarness({
      sim: {
        latency: {
          prefillTokensPerSec: Infinity,
          decodeTokensPerSec: 4000,
          aggregateDecodeTokensPerSec: Infinity,
          maxBatch: 256,
          overheadMs: 20,
        },
      },
      deps: { concurrency: 2 },
    });
    harnesses.push(h);
    const { documentId, profileId } = await openBookAndProfile(h);
    await h.ok('check:start', { profileId, source: BUNDLED });
    // The check's rows are built and reading: the questions asked now share its two slots.
    await h.waitFor('check:event', (s) => s.state === 'running');
    const runs = await Promise.all(
      ['What is the vault code?', 'Who set the code?', 'When was it set?'].map((question) =>
        h.ok('runs:start', { documentId, question, settings: SMALL_CHUNKS, profileId }),
      ),
    );
    const check = await h.waitFor('check:event', ended);
    const endings = await Promise.all(runs.map((r) => h.finished(r.id)));
    expect(check.state).toBe('done');
    expect(endings.map((e) => e.type)).toEqual(['finished', 'finished', 'finished']);
    // They did overlap: a run started reading before the check ended.
    const order = h.emitted.map((e) =>
      e.name === 'check:event' && ended(e.payload as CheckSnapshot)
        ? 'check-ended'
        : e.name === 'run:event' &&
            (e.payload as { event: { type: string } }).event.type === 'started'
          ? 'run-started'
          : '',
    );
    expect(order.indexOf('run-started')).toBeLessThan(order.indexOf('check-ended'));
    // Two slots in all, counted where the requests arrive: the server.
    expect(h.sim.peakRunning).toBe(2);
  });
});
