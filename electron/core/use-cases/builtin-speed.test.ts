// This computer's speed on the built-in model, for real: the tiny GGUF loaded by node-llama-cpp in
// its host process (one CPU thread: busy-waiting threads starve each other on 2 cores), measured
// once per model file and load options into a real library, so the first estimate and the first
// run's clock have a time.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEvent, RunSettings } from '../../../shared/model.ts';
import { writeTinyGguf } from '../llm/builtin/tiny-gguf.test-support.ts';
import { builtinSpeedOwner } from '../backends/builtin-speed.ts';
import { createPromptFrames } from '../caches/prompt-frames.ts';
import type { StoredProfile } from '../store/columns.ts';
import { estimateBackend, estimateCell, questionParts } from './estimate-parts.ts';
import { prepareRun } from './prepare-run.ts';
import { createRun, newRunPlan } from './start-run.ts';
import { openFixture, type Fixture } from './use-cases.test-support.ts';

let f: Fixture;
afterEach(async () => {
  await f.close();
});

const SETTINGS: RunSettings = {
  chunkTokens: 256,
  memoryTokens: 64,
  answerTokens: 32,
  temperature: 0,
  topP: 1,
  final: 'boxed',
  tokenizer: 'auto',
};
const QUESTION = 'What is the vault code?';

async function tinyProfile(builtin: Partial<NonNullable<StoredProfile['builtin']>> = {}) {
  const profile: StoredProfile = {
    id: 'tiny',
    name: 'Built-in: tiny',
    kind: 'builtin',
    baseUrl: '',
    builtin: {
      modelFile: f.parts.store.settings.profile('tiny')?.builtin?.modelFile ?? writeTinyGguf(f.dir),
      gpu: 'off',
      threads: 1,
      ...builtin,
    },
  };
  f.parts.store.settings.saveProfile(profile);
  return profile;
}

/** The estimate of the fixture's book on profile `tiny`, as `runs:estimate` makes it. */
async function estimate(settings = SETTINGS) {
  const signal = new AbortController().signal;
  const parts = { ...f.parts, pool: f.parts.tokenizers, signal };
  const backend = await estimateBackend(parts, 'tiny', settings);
  const frame = await createPromptFrames(f.parts.plans, signal).frame(
    f.info.id,
    f.doc,
    backend.tokenizer,
    settings.chunkTokens,
    signal,
  );
  const counted = await questionParts(parts, backend, QUESTION, settings);
  return { backend, estimate: estimateCell(backend, frame, counted, settings) };
}

/** Where the measurement of `profile` loaded for `settings` is kept. */
function measured(profile: StoredProfile, model: string, settings = SETTINGS) {
  const client = f.parts.clients.builtin.client(
    profile.builtin as NonNullable<StoredProfile['builtin']>,
    settings,
  );
  return builtinSpeedOwner(client.load).then((owner) => ({
    owner,
    sums: f.parts.store.settings.speedSums(owner, model),
  }));
}

/** One question read to the end on `profile`, as the app reads it. */
async function readRun(profile: StoredProfile) {
  const run = createRun(f.parts, {
    info: f.info,
    question: QUESTION,
    settings: SETTINGS,
    profile,
    origin: 'app',
  });
  const plan = newRunPlan(run, profile);
  const outcome = await f.registry.launch(run.id, {
    owner: 'test',
    prepare: async (signal) =>
      (await prepareRun(f.parts, plan, async () => f.doc, f.hooks(run.id), signal)).prepared,
  });
  return { id: run.id, status: outcome.status };
}

describe('the built-in model’s speed on this computer', () => {
  it('is measured when the model first loads, kept per file and options, and times the first estimate', async () => {
    f = await openFixture(8);
    const profile = await tinyProfile();
    const first = await estimate();
    const model = first.backend.model ?? '';
    // No run has finished on it, yet the time is known: this computer's, CPU only.
    expect(first.estimate.seconds?.min).toBeGreaterThan(0);
    expect(first.estimate.device).toBe('cpu');
    expect(first.estimate.onThisComputer).toBe(true);
    const kept = await measured(profile, model);
    expect(kept.sums).toBeDefined();
    expect(kept.owner).toContain(path.basename(profile.builtin?.modelFile ?? ''));

    // Loaded again (a new host process) with the same options: not measured again.
    f.parts.clients.builtin.dispose();
    const again = await estimate();
    expect(again.estimate.seconds).toEqual(first.estimate.seconds);
    expect((await measured(profile, model)).sums).toEqual(kept.sums);

    // Other options are another machine as far as speed goes: measured anew, the first kept.
    const twoThreads = await tinyProfile({ threads: 2 });
    const other = await estimate();
    expect(other.estimate.seconds?.min).toBeGreaterThan(0);
    const otherKept = await measured(twoThreads, model);
    expect(otherKept.owner).not.toBe(kept.owner);
    expect(otherKept.sums).toBeDefined();
    expect(otherKept.sums).not.toEqual(kept.sums);
    expect((await measured(profile, model)).sums).toEqual(kept.sums);
  });

  it('gives the first run’s clock a time left from its start', async () => {
    f = await openFixture(8);
    const profile = await tinyProfile();
    const run = await readRun(profile);
    expect(run.status).toBe('done');
    const lefts = f.events
      .map((p) => p.event)
      .filter((e): e is Extract<RunEvent, { type: 'time-left' }> => e.type === 'time-left')
      .map((e) => e.left);
    // Known at `started`, before any chunk: from the measurement, not this run's chunks.
    expect(lefts[0]).toMatchObject({ known: true, basis: 'history' });
    expect(lefts.every((l) => l.known)).toBe(true);
  });

  it('keeps a finished run’s speed with its file and load options: other threads do not reuse it', async () => {
    f = await openFixture(8);
    const oneThread = await tinyProfile();
    const run = await readRun(oneThread);
    expect(run.status).toBe('done');
    const model = f.parts.store.runs.get(run.id)?.model ?? '';
    const one = await measured(oneThread, model);
    expect(f.parts.store.runs.speedOwner(run.id)).toBe(one.owner);
    // The run's requests joined the measurement (a probe times prefill and decode apart, so only
    // a chunk request, prompt and reply at once, adds to the cross term).
    expect(one.sums?.pc).toBeGreaterThan(0);
    // Not under the profile, whose options the user may change: only the memory's growth is.
    expect(f.parts.store.settings.speedSums('tiny', model)).toBeUndefined();
    expect(f.parts.store.settings.growthCurve('tiny', model)).toBeDefined();

    // Two threads: measured anew, no run's requests in it.
    const twoThreads = await tinyProfile({ threads: 2 });
    const other = await estimate();
    expect(other.estimate.seconds?.min).toBeGreaterThan(0);
    const two = await measured(twoThreads, model);
    expect(two.owner).not.toBe(one.owner);
    expect(two.sums?.pc).toBe(0);

    // Back to one thread: the run's speed is used as it is, not measured again.
    await tinyProfile({ threads: 1 });
    await estimate();
    expect((await measured(oneThread, model)).sums).toEqual(one.sums);
  });
});
