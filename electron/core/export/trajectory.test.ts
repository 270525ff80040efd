import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_MEMORY } from '../../../shared/model.ts';
import {
  SMALL_CHUNKS,
  bookText,
  chatPrompts,
  openBookAndProfile,
  startHarness,
  stopWhenChunkDone,
  type Harness,
} from '../ipc/service-harness.test-support.ts';
import { openStore, type Store } from '../store/store.ts';
import { buildTrajectories, trajectoriesToJsonl, type TrajectoryLine } from './trajectory.ts';

let h: Harness | undefined;
let store: Store | undefined;
afterEach(async () => {
  store?.close();
  store = undefined;
  await h?.close();
  h = undefined;
});

/** A document and a simulator profile without the quote check: every request is MemAgent's. */
async function setUp(options: Parameters<typeof startHarness>[0] = {}) {
  h = await startHarness(options);
  const { documentId } = await openBookAndProfile(h, bookText(40));
  await h.ok('settings:save-profile', {
    profile: {
      id: 'sim',
      name: 'Simulator',
      kind: 'custom',
      baseUrl: h.sim.baseUrl,
      hasApiKey: false,
      timeoutMs: 10_000,
      maxRetries: 0,
      quoteCheck: false,
    },
  });
  return { h, documentId };
}

async function textsOf(harness: Harness, documentId: string) {
  const view = await harness.ok('documents:get', { documentId });
  return new Map([[documentId, view.document]]);
}

describe('trajectories', () => {
  it('rebuild byte for byte the prompts the server received, across a crash, a resume, thinking and a kept memory', async () => {
    const { h, documentId } = await setUp({
      sim: {
        // Request 3, 6, 9...: a <think> block before the memory; 4, 8...: an empty reply cut
        // at its length, so the previous memory is kept.
        faults: [
          { kind: 'thinking', every: 3 },
          { kind: 'length-empty', every: 4 },
        ],
      },
    });
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code, and who set it?',
      settings: SMALL_CHUNKS,
    });
    // The process "crashes" when chunk 5 is committed; a new one continues the run.
    await stopWhenChunkDone(h, run.id, () => 4);
    h.reopen();
    await h.ok('runs:continue', { runId: run.id });
    expect((await h.finished(run.id)).type).toBe('finished');

    store = openStore(h.dir);
    const chunks = store.runs.chunks(run.id);
    expect(chunks.length).toBeGreaterThan(6);
    const { lines, skipped } = buildTrajectories(
      store,
      documentId,
      undefined,
      await textsOf(h, documentId),
    );
    expect(skipped).toEqual([]);
    const line = lines[0] as TrajectoryLine;
    expect(line).toMatchObject({
      format: 'memagent-trajectory',
      id: run.id,
      question: 'What is the vault code, and who set it?',
      status: 'done',
      complete: true,
      document: { id: documentId, title: 'book' },
    });
    expect(line.gold).toBeUndefined();
    // What the server received, request by request, is what the trajectory says was sent.
    const sent = chatPrompts(h);
    expect(sent).toHaveLength(chunks.length + 1);
    expect(line.conversations.map(([user]) => user.content)).toEqual(sent);
    expect(line.conversations).toHaveLength(chunks.length + 1);
    expect(line.conversations[0]?.[0].content).toContain(`<memory>\n${INITIAL_MEMORY}\n</memory>`);

    const memories = store.runs.memories(run.id);
    // Request 3 (chunk 3) came back with thinking: the reply as received keeps it, the memory
    // (and so the next prompt) does not.
    const thought = line.conversations[2]?.[1].content ?? '';
    expect(thought).toMatch(/^<think>[\s\S]*<\/think>/);
    expect(memories[2]?.memory).not.toContain('<think>');
    expect(line.conversations[3]?.[0].content).toContain(
      `<memory>\n${memories[2]?.memory}\n</memory>`,
    );
    // Request 4 (chunk 4) was cut empty: its reply is the empty string the server sent, the
    // memory was kept, and chunk 5 was asked with chunk 3's memory.
    expect(memories[3]).toMatchObject({ kept: true, reply: '' });
    expect(line.conversations[3]?.[1].content).toBe('');
    expect(line.conversations[4]?.[0].content).toContain(
      `<memory>\n${memories[2]?.memory}\n</memory>`,
    );
    // The final answer's conversation: its reply carries the box the answer came from.
    const final = line.conversations.at(-1);
    expect(final?.[0].content).toMatch(/^You are presented with a problem and a previous memory/);
    expect(final?.[1].content).toContain(`\\boxed{${line.answer ?? ''}}`);

    const jsonl = trajectoriesToJsonl(lines);
    expect(jsonl.endsWith('\n')).toBe(true);
    expect(jsonl.split('\n')).toHaveLength(2);
    expect(JSON.parse(jsonl.split('\n')[0] as string)).toEqual(line);
  });

  it('carries a reply cut at its token limit as received, while the next prompt has the kept memory', async () => {
    // Every second reply thinks first; with 64 tokens for a memory, thinking and memory do not
    // fit, and the reply is cut at its limit mid-text.
    const { h, documentId } = await setUp({ sim: { faults: [{ kind: 'thinking', every: 2 }] } });
    const run = await h.ok('runs:start', {
      documentId,
      question:
        'Which paragraphs tell of the valley, the river, the mill, the bridge and the weather?',
      settings: { ...SMALL_CHUNKS, memoryTokens: 64 },
    });
    expect((await h.finished(run.id)).type).toBe('finished');
    store = openStore(h.dir);
    const memories = store.runs.memories(run.id);
    const cut = memories.findIndex((m) => m.kept && (m.reply ?? '') !== '');
    expect(cut).toBeGreaterThan(0);
    const { lines } = buildTrajectories(store, documentId, [run.id], await textsOf(h, documentId));
    const line = lines[0] as TrajectoryLine;
    expect(line.conversations.map(([user]) => user.content)).toEqual(chatPrompts(h));
    expect(line.conversations[cut]?.[1].content).toBe(memories[cut]?.reply);
    expect(line.conversations[cut]?.[1].content).not.toBe(memories[cut]?.memory);
    expect(line.conversations[cut + 1]?.[0].content).toContain(
      `<memory>\n${memories[cut - 1]?.memory}\n</memory>`,
    );
  });

  it('says why a run without its text, or without a reply, has no line, and carries gold answers when given', async () => {
    const { h, documentId } = await setUp();
    const first = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    expect((await h.finished(first.id)).type).toBe('finished');
    const second = await h.ok('runs:start', {
      documentId,
      question: 'Who set the code?',
      settings: SMALL_CHUNKS,
    });
    expect((await h.finished(second.id)).type).toBe('finished');
    store = openStore(h.dir);

    const none = buildTrajectories(store, documentId, undefined, new Map());
    expect(none.lines).toEqual([]);
    expect(none.skipped).toEqual([
      {
        runId: first.id,
        question: 'What is the vault code?',
        reason: expect.stringMatching(/text it read could not be loaded.*cannot be rebuilt/),
      },
      expect.objectContaining({ runId: second.id }),
    ]);

    // A kept memory stored before replies were kept: its reply is unknown, so no line.
    const [state] = store.runs.memories(second.id);
    if (!state) throw new Error('no memory');
    store.runs.saveMemory(second.id, { ...state, kept: true, reply: undefined });
    const texts = await textsOf(h, documentId);
    const gold = new Map([[first.id, ['4711']]]);
    const some = buildTrajectories(store, documentId, [first.id, second.id], texts, { gold });
    expect(some.lines.map((l) => [l.id, l.gold])).toEqual([[first.id, ['4711']]]);
    expect(some.skipped[0]?.reason).toBe(
      'The reply to chunk 1 was cut or empty and was not kept (the run was read by an older version).',
    );
  });
});
