// The run use cases in process: a real library, the simulator as the backend, the real registry.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/model.ts';
import { parseMemAgentPrompt } from '../../../sim/memory-agent.ts';
import type { RunOutcome } from '../agent/run-outcome.ts';
import { CoreError } from '../errors.ts';
import { claimRun, releaseRun } from './continue-policy.ts';
import { continueRun, type ContinueRequest } from './continue-run.ts';
import { prepareRun, type RunPlan } from './prepare-run.ts';
import { createRun, newRunPlan } from './start-run.ts';
import { openFixture, SMALL_CHUNKS, type Fixture } from './use-cases.test-support.ts';

let f: Fixture;
afterEach(async () => {
  await f.close();
});

const QUESTION = 'What is the vault code?';

/** Prepares and reads a planned run to its end through the fixture's registry. */
async function read(plan: RunPlan): Promise<RunOutcome> {
  return f.registry.launch(plan.runId, {
    owner: 'test',
    prepare: async (signal) =>
      (await prepareRun(f.parts, plan, async () => f.doc, f.hooks(plan.runId), signal)).prepared,
  });
}

/** A run read to its end, as "Ask" starts one. */
async function askedRun(settings = SMALL_CHUNKS): Promise<RunSummary> {
  const summary = createRun(f.parts, {
    info: f.info,
    question: QUESTION,
    settings,
    profile: f.profile,
    origin: 'app',
  });
  const outcome = await read(newRunPlan(summary, f.profile));
  expect(outcome.status).toBe('done');
  return f.parts.store.runs.get(summary.id) as RunSummary;
}

/** A copy of a finished run that stopped after `k` chunks, as a crash leaves it. */
function interruptedCopy(done: RunSummary, k: number): RunSummary {
  const { store } = f.parts;
  const copy = createRun(f.parts, {
    info: f.info,
    question: done.question,
    settings: done.settings,
    profile: f.profile,
    origin: 'app',
    ...(done.model === undefined ? {} : { model: done.model }),
    chunks: store.runs.chunks(done.id),
  });
  for (const m of store.runs.memories(done.id).slice(0, k)) store.runs.saveMemory(copy.id, m);
  store.runs.setStatus(copy.id, 'interrupted');
  store.runs.setOwner(copy.id, null);
  return store.runs.get(copy.id) as RunSummary;
}

const own = (extra: Partial<ContinueRequest> = {}): ContinueRequest => ({
  runId: '',
  profileFor: async (_summary, profile) => profile ?? f.profile,
  ...extra,
});

/** The chat requests the simulator received since `from`, as MemAgent prompt kinds. */
const promptKinds = (from: number) =>
  f.sim.requests
    .slice(from)
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map(
      (r) =>
        parseMemAgentPrompt(
          (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '',
        ).kind,
    );

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
};

describe('start a run', () => {
  it('reads a new run to its answer, storing its chunking, memories and model', async () => {
    f = await openFixture();
    const done = await askedRun();
    const { store } = f.parts;
    expect(done).toMatchObject({ status: 'done', origin: 'app', profileId: 'sim' });
    expect(done.answer).toContain('4711');
    expect(done.model).toBe('sim-llm/memagent-simulator');
    expect(done.backend).toEqual({ kind: 'custom', name: 'Simulator', baseUrl: f.sim.baseUrl });
    const chunks = store.runs.chunks(done.id);
    expect(chunks.length).toBeGreaterThan(3);
    expect(store.runs.memories(done.id).map((m) => m.chunk)).toEqual(chunks.map((_, i) => i));
  });
});

describe('continue a run', () => {
  it('reads an interrupted run on from its saved memory: only the chunks after it, and the answer', async () => {
    f = await openFixture();
    const done = await askedRun();
    const { store } = f.parts;
    const n = store.runs.chunks(done.id).length;
    const stopped = interruptedCopy(done, 3);
    const before = f.sim.requests.length;
    const { plan } = await continueRun(f.parts, own({ runId: stopped.id }));
    expect(store.runs.get(stopped.id)?.status).toBe('queued');
    expect(store.runs.owner(stopped.id)).toBe(f.parts.writer.id);
    const outcome = await read(plan);
    expect(outcome.status).toBe('done');
    const kinds = promptKinds(before);
    expect(kinds.filter((k) => k === 'update')).toHaveLength(n - 3);
    expect(kinds.filter((k) => k === 'final')).toHaveLength(1);
    // The whole trail is the uninterrupted run's, and nothing says the backend changed.
    const memories = (id: string) => store.runs.memories(id).map((m) => m.memory);
    expect(memories(stopped.id)).toEqual(memories(done.id));
    expect(store.runs.get(stopped.id)?.answer).toBe(done.answer);
    expect(f.notes.get(stopped.id)).toBeUndefined();
  });

  it('retried with another backend that cuts the text the same way, keeps the chunks read and says who read what', async () => {
    f = await openFixture();
    const done = await askedRun();
    const n = f.parts.store.runs.chunks(done.id).length;
    const stopped = interruptedCopy(done, 2);
    const lab = await f.otherBackend('lab', 'Lab server');
    const { plan } = await continueRun(
      f.parts,
      own({ runId: stopped.id, profileFor: async () => lab }),
    );
    expect(plan.rechunkFrom?.startChunk).toBe(2);
    expect((await read(plan)).status).toBe('done');
    expect(f.parts.store.runs.get(stopped.id)?.profileId).toBe('lab');
    expect(f.notes.get(stopped.id)).toEqual([
      `Chunks 3 to ${n} and the answer are read with “Lab server” (model sim-llm/memagent-simulator); chunks 1 to 2 were read with “Simulator” (model sim-llm/memagent-simulator).`,
    ]);
  });

  it('read on with another model on purpose (`resume --model`), keeps the saved chunks and says which model read what', async () => {
    f = await openFixture();
    const done = await askedRun();
    const n = f.parts.store.runs.chunks(done.id).length;
    const stopped = interruptedCopy(done, 2);
    f.sim.setOptions({ model: 'other/model-7b' });
    const { plan } = await continueRun(
      f.parts,
      own({ runId: stopped.id, model: 'other/model-7b' }),
    );
    expect(plan.rechunkFrom).toBeUndefined();
    expect(plan.keptModel).toBeUndefined();
    const before = f.sim.requests.length;
    expect((await read(plan)).status).toBe('done');
    expect(promptKinds(before).filter((k) => k === 'update')).toHaveLength(n - 2);
    expect(f.parts.store.runs.get(stopped.id)?.model).toBe('other/model-7b');
    expect(f.notes.get(stopped.id)).toEqual([
      `Chunks 3 to ${n} and the answer are read with “Simulator” (model other/model-7b); chunks 1 to 2 were read with “Simulator” (model sim-llm/memagent-simulator).`,
    ]);
  });

  it('retried with other chunk sizes, cuts the text again and starts over from chunk 1, saying so', async () => {
    f = await openFixture();
    const done = await askedRun();
    const stopped = interruptedCopy(done, 2);
    const settings = { ...SMALL_CHUNKS, chunkTokens: 400 };
    const { plan } = await continueRun(f.parts, own({ runId: stopped.id, settings }));
    const before = f.sim.requests.length;
    expect((await read(plan)).status).toBe('done');
    const { store } = f.parts;
    const n = store.runs.chunks(stopped.id).length;
    expect(n).toBeLessThan(store.runs.chunks(done.id).length);
    expect(promptKinds(before).filter((k) => k === 'update')).toHaveLength(n);
    expect(store.runs.get(stopped.id)?.settings.chunkTokens).toBe(400);
    expect(f.notes.get(stopped.id)).toEqual([
      'With this backend and these settings the document is cut into other chunks, so the 2 chunk(s) read before do not fit: reading starts over from chunk 1.',
    ]);
  });
});

describe('what may not be continued', () => {
  it('refuses a done, a live, a queued and an imported run, each in one sentence', async () => {
    f = await openFixture();
    const done = await askedRun();
    const { store } = f.parts;
    const finished = await refusal(continueRun(f.parts, own({ runId: done.id })));
    expect(finished.message).toBe('This run is already done: there is nothing left to read.');
    const named = await refusal(
      continueRun(f.parts, {
        ...own({ runId: done.id }),
        naming: { name: 'Run 1a2b3c4d', showHint: '`memagent show 1a2b3c4d` prints its answer.' },
      }),
    );
    expect(named.message).toBe('Run 1a2b3c4d is already done: there is nothing left to read.');
    expect(named.hint).toBe('`memagent show 1a2b3c4d` prints its answer.');

    const stopped = interruptedCopy(done, 1);
    const live = await refusal(
      continueRun(f.parts, own({ runId: stopped.id, isLive: () => true })),
    );
    expect(live.message).toBe('This run is already going.');

    // Two continues of one run: the second finds it claimed by the first.
    claimRun(store, f.parts.writer, stopped.id);
    const twice = await refusal(continueRun(f.parts, own({ runId: stopped.id })));
    expect(twice.message).toBe(
      'Only an interrupted, paused, cancelled or failed run can be continued; this run is queued.',
    );

    const imported = interruptedCopy(done, 1);
    store.db.prepare("UPDATE runs SET origin = 'import' WHERE id = ?").run(imported.id);
    const other = await refusal(continueRun(f.parts, own({ runId: imported.id })));
    expect(other.message).toBe('An imported question cannot be continued here.');
  });

  it('refuses a server that no longer serves the run’s model, and gives the run back as it was', async () => {
    f = await openFixture();
    const done = await askedRun();
    const stopped = interruptedCopy(done, 2);
    const { plan } = await continueRun(f.parts, own({ runId: stopped.id }));
    f.sim.setOptions({ model: 'other/model-7b' });
    const error = await refusal(
      prepareRun(
        f.parts,
        plan,
        async () => f.doc,
        f.hooks(stopped.id),
        new AbortController().signal,
      ),
    );
    expect(error.message).toBe(
      `The server at ${f.sim.baseUrl} serves other/model-7b, not sim-llm/memagent-simulator, the model this run was read with.`,
    );
    releaseRun(f.parts.store, f.parts.writer, stopped);
    expect(f.parts.store.runs.get(stopped.id)?.status).toBe('interrupted');
    expect(f.parts.store.runs.owner(stopped.id)).toBeUndefined();
  });

  it('refuses a saved chunking that does not fit the document’s text', async () => {
    f = await openFixture();
    const done = await askedRun();
    const stopped = interruptedCopy(done, 2);
    const { plan } = await continueRun(f.parts, own({ runId: stopped.id }));
    const shorter = { ...f.doc, text: f.doc.text.slice(0, 100) };
    const error = await refusal(
      prepareRun(
        f.parts,
        plan,
        async () => shorter,
        f.hooks(stopped.id),
        new AbortController().signal,
      ),
    );
    expect(error.message).toBe('The saved chunking does not match the document text.');
  });
});
