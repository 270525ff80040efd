// The run clock through the real engine: a run on the simulator, journalled in a real library,
// continued as `resume` and "Continue" do, its `time-left` events as every view receives them.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEvent, RunSummary } from '../../../shared/model.ts';
import { MIN_SESSION_CHUNKS } from '../agent/chunk-time.ts';
import { continueRun } from './continue-run.ts';
import { prepareRun, type RunPlan } from './prepare-run.ts';
import { createRun, newRunPlan } from './start-run.ts';
import { openFixture, SMALL_CHUNKS, type Fixture } from './use-cases.test-support.ts';

let f: Fixture;
afterEach(async () => {
  await f.close();
});

async function read(plan: RunPlan) {
  return f.registry.launch(plan.runId, {
    owner: 'test',
    prepare: async (signal) =>
      (await prepareRun(f.parts, plan, async () => f.doc, f.hooks(plan.runId), signal)).prepared,
  });
}

const timeLefts = (runId: string) =>
  f.events
    .map((p) => p.event)
    .filter(
      (e): e is Extract<RunEvent, { type: 'time-left' }> =>
        e.type === 'time-left' && e.runId === runId,
    )
    .map((e) => e.left);

function newRun(): RunSummary {
  return createRun(f.parts, {
    info: f.info,
    question: 'What is the vault code?',
    settings: SMALL_CHUNKS,
    profile: f.profile,
    origin: 'app',
  });
}

describe('the run clock', () => {
  it('on a backend never measured says "unknown" until its first chunks, then stores what it measured', async () => {
    f = await openFixture(60);
    const run = newRun();
    expect((await read(newRunPlan(run, f.profile))).status).toBe('done');
    const lefts = timeLefts(run.id);
    const chunks = f.parts.store.runs.chunks(run.id).length;
    expect(chunks).toBeGreaterThan(MIN_SESSION_CHUNKS);
    // One after `started` and one after each chunk.
    expect(lefts).toHaveLength(chunks + 1);
    expect(lefts.slice(0, MIN_SESSION_CHUNKS).every((l) => !l.known)).toBe(true);
    // Then a figure only where this run's requests tell it (agent/time-spread.ts): the simulator
    // answers at once with memories of a few tokens, so its timings are the machine's noise.
    expect(lefts.every((l) => !l.known || l.basis === 'run')).toBe(true);
    // The next run's clock and estimate start from these.
    const model = f.parts.store.runs.get(run.id)?.model ?? '';
    expect(f.parts.store.settings.speedSums('sim', model)).toBeDefined();
    expect(f.parts.store.settings.growthCurve('sim', model)).toHaveLength(10);
  });

  it('after a resume, knows the time from earlier runs at once and never counts the chunks it skipped', async () => {
    f = await openFixture(60);
    const first = newRun();
    await read(newRunPlan(first, f.profile));
    const { store } = f.parts;
    // A copy stopped after 4 chunks whose requests took ten minutes each (another server, a
    // sleeping laptop): if the clock counted them, the time left would be hours.
    const copy = createRun(f.parts, {
      info: f.info,
      question: first.question,
      settings: first.settings,
      profile: f.profile,
      origin: 'app',
      ...(first.model === undefined ? {} : { model: first.model }),
      chunks: store.runs.chunks(first.id),
    });
    for (const m of store.runs.memories(first.id).slice(0, 4))
      store.runs.saveMemory(copy.id, { ...m, ms: 600_000 });
    store.runs.setStatus(copy.id, 'interrupted');
    store.runs.setOwner(copy.id, null);
    const { plan } = await continueRun(f.parts, {
      runId: copy.id,
      profileFor: async (_summary, profile) => profile ?? f.profile,
    });
    expect((await read(plan)).status).toBe('done');
    const lefts = timeLefts(copy.id);
    // Known from `started` on: the first run measured this backend and model.
    expect(lefts[0]).toMatchObject({ known: true, basis: 'history' });
    expect(lefts.slice(1).every((l) => l.known && l.basis === 'run')).toBe(true);
    // The simulator answers in milliseconds: the figure stays far below one skipped request.
    for (const l of lefts) expect(l.known && l.ms).toBeLessThan(60_000);
  });
});
