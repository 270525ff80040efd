import { afterEach, describe, expect, it } from 'vitest';
import {
  SMALL_CHUNKS,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('runs:counts', () => {
  it("counts a document's questions and runs as they start, finish and are deleted", async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    expect(await h.ok('runs:counts', {})).toEqual([]);

    const ask = (question: string) =>
      h!.ok('runs:start', { documentId, question, settings: SMALL_CHUNKS, profileId });
    const finished = (runId: string) =>
      h!.waitFor('run:event', (p) => p.event.runId === runId && p.event.type === 'finished');
    const first = await ask('What is the vault code?');
    // Stored as queued at once: the library says it is reading before the first chunk.
    expect(await h.ok('runs:counts', {})).toMatchObject([
      { documentId, questions: 1, runs: 1, reading: 1, done: 0 },
    ]);
    await finished(first.id);
    const second = await ask('What is the vault code?');
    const third = await ask('Who set the code?');
    await Promise.all([finished(second.id), finished(third.id)]);
    expect(await h.ok('runs:counts', {})).toEqual([
      {
        documentId,
        questions: 2,
        runs: 3,
        reading: 0,
        paused: 0,
        failed: 0,
        done: 3,
        noAnswer: 0,
        lastAskedAt: third.createdAt,
      },
    ]);

    await h.ok('runs:delete', { runId: third.id });
    expect(await h.ok('runs:counts', {})).toMatchObject([{ documentId, questions: 1, runs: 2 }]);
    await h.ok('documents:remove', { documentId });
    expect(await h.ok('runs:counts', {})).toEqual([]);
  });
});
