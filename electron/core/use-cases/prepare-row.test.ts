// Evaluation rows (`memagent eval`, "Check this backend") as runs of the one engine: each row is
// a job of kind 'eval-row' in the process's job registry, waits for a slot of its backend's one
// limiter like the app's runs (holding no text and doing no work meanwhile), is chunked by the
// run use cases, and is never stored. Real simulator, real library beside it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunRegistry } from '../agent/run-registry.ts';
import { needleDocument, QUESTION } from '../agent/test-support.ts';
import type { EvalRow } from '../eval/dataset.ts';
import { memAgentRowReader, type PrepareRow } from '../eval/memagent-row.ts';
import type { RowResult } from '../eval/results-file.ts';
import { runEval } from '../eval/run-eval.ts';
import { BackendLimits } from '../jobs/backend-limits.ts';
import { JobRegistry } from '../jobs/job-registry.ts';
import { chunkText, openClient } from './prepare-run.ts';
import { rowPreparer, rowTextKey } from './prepare-row.ts';
import { openFixture, SMALL_CHUNKS, type Fixture } from './use-cases.test-support.ts';

let f: Fixture;
beforeEach(async () => {
  f = await openFixture();
});
afterEach(async () => {
  await f.close();
});

const never = () => new AbortController().signal;
const settings = { ...SMALL_CHUNKS };

/** A row as the data file gives it: untrimmed, as upstream's sets are. */
const row = (position: number, context: string): EvalRow => ({
  id: `r${position}`,
  position,
  question: ` ${QUESTION}\n`,
  context: `\n${context}  `,
  answers: ['AMBER-4471'],
  scoring: 'qa',
});

/**
 * An evaluation of `rows` on the fixture's simulator, with a backend limit of one slot that
 * something else of the process (an app run) holds until `release`.
 */
async function evaluationBehindHeldSlot(rows: EvalRow[], stop = new AbortController()) {
  const jobs = new JobRegistry();
  const limits = new BackendLimits(1);
  const { client, model } = await openClient(f.parts, { profile: f.profile, settings }, never());
  const before = f.sim.requests.length;
  const ends: string[] = [];
  const registry = new RunRegistry({
    jobs,
    limits,
    kind: 'eval-row',
    emit: (_owner, { event }) => {
      if (['finished', 'error', 'cancelled'].includes(event.type)) ends.push(event.type);
    },
  });
  const release = await limits.limiter(f.profile.id).request({ priority: 0, signal: never() })
    .granted;
  let prepared = 0;
  const prepareRow = rowPreparer(f.parts, { profile: f.profile, client, model, settings });
  const prepare: PrepareRow = async (r, server, signal) => {
    prepared += 1;
    return prepareRow(r, server, signal);
  };
  const results: RowResult[] = [];
  const done = runEval({
    rows: (async function* () {
      yield* rows;
    })(),
    servers: [{ url: f.profile.baseUrl, client }],
    concurrency: rows.length,
    method: 'memagent',
    readRow: memAgentRowReader({ registry, backend: f.profile.id, group: 'eval', prepare }),
    skip: () => false,
    onResult: (result) => results.push(result),
    signal: stop.signal,
  });
  return {
    jobs,
    registry,
    limiter: limits.limiter(f.profile.id),
    client,
    model,
    release,
    done,
    results,
    ends,
    prepared: () => prepared,
    requests: () => f.sim.requests.length - before,
  };
}

describe('evaluation rows in the one engine', () => {
  it('queue for the backend’s slot behind other work without preparing, then read as runs, unsaved', async () => {
    const text = needleDocument(12, 3);
    const e = await evaluationBehindHeldSlot([row(0, text), row(1, text)]);
    await expect
      .poll(() => e.jobs.list('eval-row').map((j) => j.id))
      .toEqual(['eval:row-0', 'eval:row-1']);
    expect(e.registry.counts).toEqual({ running: 0, queued: 2 });
    expect(e.prepared()).toBe(0);
    expect(e.requests()).toBe(0);

    e.release();
    await e.done;
    expect(e.prepared()).toBe(2);
    expect(e.ends).toEqual(['finished', 'finished']);
    expect(e.jobs.list()).toEqual([]);
    expect(e.results.map((r) => [r.id, r.error, r.prediction])).toEqual([
      ['r0', null, 'AMBER-4471'],
      ['r1', null, 'AMBER-4471'],
    ]);
    // Chunked as a run's text is (trimmed, as upstream's harness does), through the shared plans.
    const trimmed = text.trim();
    const { chunks } = await chunkText(
      f.parts,
      {
        profile: f.profile,
        client: e.client,
        model: e.model,
        settings,
        textKey: rowTextKey(trimmed),
        doc: { format: 'text', title: 'r0', text: trimmed, warnings: [] },
      },
      never(),
    );
    expect(e.results[0]?.chunks).toBe(chunks.length);
    expect(e.results[0]?.length).toBe(chunks.reduce((sum, c) => sum + c.tokens, 0));
    // Each row read one chunk at a time on the one slot, then answered; nothing stored.
    expect(e.requests()).toBe(2 * (chunks.length + 1));
    expect(f.parts.store.runs.list()).toEqual([]);
  });

  it('a row cancelled while it waits for its slot ends once, unrecorded, and frees its place', async () => {
    const stop = new AbortController();
    const e = await evaluationBehindHeldSlot([row(0, needleDocument(12, 3))], stop);
    await expect.poll(() => e.registry.counts.queued).toBe(1);
    stop.abort();
    await e.done;
    expect(e.ends).toEqual(['cancelled']);
    expect(e.results).toEqual([]);
    expect(e.jobs.list()).toEqual([]);
    expect([e.limiter.running, e.limiter.queued]).toEqual([1, 0]);
    e.release();
    expect(e.prepared()).toBe(0);
    expect(e.requests()).toBe(0);
  });
});
