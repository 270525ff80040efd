import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INITIAL_MEMORY, type MemoryState } from '../../../shared/model.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { CoreError } from '../errors.ts';
import { createLlmClient } from '../llm/client.ts';
import { stripThinking } from './answer.ts';
import { createPauseGate } from './pause-gate.ts';
import { runMemAgent, terminalEvent, type RunInput } from './run.ts';
import { TEMPLATE, TEMPLATE_FINAL_BOXED, TEMPLATE_FINAL_TEXT } from './templates.ts';
import {
  EventLog,
  QUESTION,
  SETTINGS,
  expectedPrompt,
  needleDocument,
  paragraphChunks,
} from './test-support.ts';

let sim: SimServer;
const text = needleDocument(12, 7);
const chunks = paragraphChunks(text, 3); // 4 chunks; the needle is in chunk 2

beforeAll(async () => {
  sim = await startSimLlm({ model: 'sim-llm/memagent-simulator' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setOptions({ faults: [], latency: 'zero' });
});

function client(maxRetries = 0) {
  return createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, maxRetries, timeoutMs: 10_000 });
}

function input(log: EventLog, extra: Partial<RunInput> = {}): RunInput {
  return {
    runId: 'r1',
    text,
    chunks,
    question: QUESTION,
    settings: SETTINGS,
    client: client(),
    report: log.push,
    ...extra,
  };
}

/**
 * Runs the loop as its owner (the run registry) does: its events through the sink, then the
 * one terminal event of its outcome. The loop itself sends none, so a second one would show.
 */
async function owned(run: RunInput): Promise<Awaited<ReturnType<typeof runMemAgent>>> {
  const outcome = await runMemAgent(run);
  await run.report(terminalEvent(outcome));
  return outcome;
}

/** A sink that logs every event and awaits `persist` on each `chunk-done` (the checkpoint). */
function persisting(
  log: EventLog,
  persist: (state: MemoryState) => Promise<void>,
): RunInput['report'] {
  return async (event) => {
    log.push(event);
    if (event.type === 'chunk-done') await persist(event.state);
  };
}

interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature: number;
  top_p: number;
}
const bodies = (from: number) => sim.requests.slice(from).map((r) => r.body as ChatBody);
const maxTokens = (b: ChatBody) => b.max_tokens ?? b.max_completion_tokens;

describe('runMemAgent against the simulator', () => {
  it('sends exactly MemAgent prompts, overwrites memory, and answers', async () => {
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await owned(input(log));
    expect(outcome.status).toBe('done');
    expect(outcome.answer).toBe('AMBER-4471');

    const sent = bodies(from);
    expect(sent).toHaveLength(chunks.length + 1);
    let memory = INITIAL_MEMORY;
    chunks.forEach((chunk, k) => {
      const body = sent[k] as ChatBody;
      expect(body.messages).toHaveLength(1);
      expect(body.messages[0]?.role).toBe('user');
      expect(body.messages[0]?.content).toBe(
        expectedPrompt(TEMPLATE, {
          prompt: QUESTION,
          memory,
          chunk: text.slice(chunk.start, chunk.end),
        }),
      );
      expect(maxTokens(body)).toBe(SETTINGS.memoryTokens);
      expect(body.temperature).toBe(0.7);
      expect(body.top_p).toBe(0.95);
      // What the server streamed for chunk k becomes the next memory (overwrite, not append).
      memory = stripThinking(log.streamed(k));
      expect(memory.length).toBeGreaterThan(0);
    });
    const final = sent[chunks.length] as ChatBody;
    expect(final.messages[0]?.content).toBe(
      expectedPrompt(TEMPLATE_FINAL_BOXED, { prompt: QUESTION, memory }),
    );
    expect(maxTokens(final)).toBe(SETTINGS.answerTokens);
    expect(outcome.memory).toBe(memory);
    expect(outcome.memories.map((m) => m.memory)[2]).toContain('AMBER-4471');

    const types = log.events.map((e) => e.type).filter((t) => t !== 'memory-delta');
    expect(types).toEqual([
      'started',
      ...chunks.flatMap(() => ['chunk-started', 'chunk-done']),
      'answer',
      'finished',
    ]);
    const started = log.of('started')[0];
    expect(started).toMatchObject({
      chunkCount: 4,
      startChunk: 0,
      model: 'sim-llm/memagent-simulator',
    });
    const usage = log.of('chunk-done').reduce(
      (u, e) => ({
        p: u.p + e.state.usage.promptTokens,
        c: u.c + e.state.usage.completionTokens,
      }),
      { p: 0, c: 0 },
    );
    const answer = log.of('answer')[0];
    expect(answer?.usage.promptTokens).toBeGreaterThan(0);
    expect(log.of('finished')[0]?.usage).toEqual({
      promptTokens: usage.p + (answer?.usage.promptTokens ?? 0),
      completionTokens: usage.c + (answer?.usage.completionTokens ?? 0),
    });
  });

  it('with streamMemory off sends plain requests with the same prompts and no deltas', async () => {
    const streamed = new EventLog();
    const a = sim.requests.length;
    await owned(input(streamed));
    const streamedBodies = bodies(a);
    const plain = new EventLog();
    const b = sim.requests.length;
    const outcome = await owned(input(plain, { streamMemory: false }));
    const plainBodies = bodies(b);
    expect(outcome.answer).toBe('AMBER-4471');
    expect(plain.of('memory-delta')).toHaveLength(0);
    expect(streamed.of('memory-delta').length).toBeGreaterThan(0);
    expect(plainBodies.map((x) => x.messages[0]?.content)).toEqual(
      streamedBodies.map((x) => x.messages[0]?.content),
    );
    expect(plainBodies.every((x) => (x as { stream?: boolean }).stream !== true)).toBe(true);
    expect(
      streamedBodies
        .slice(0, chunks.length)
        .every((x) => (x as { stream?: boolean }).stream === true),
    ).toBe(true);
  });

  it('uses the text final prompt and extracts "the answer is"', async () => {
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await owned(
      input(log, { settings: { ...SETTINGS, final: 'text', temperature: 0, topP: 1 } }),
    );
    expect(outcome.answer).toBe('AMBER-4471');
    const sent = bodies(from);
    const final = sent[sent.length - 1] as ChatBody;
    expect(final.messages[0]?.content).toBe(
      expectedPrompt(TEMPLATE_FINAL_TEXT, { prompt: QUESTION, memory: outcome.memory }),
    );
    expect(final.temperature).toBe(0);
  });

  it('a stream cut and retried mid-chunk restarts the streamed memory instead of doubling it', async () => {
    // Request 2 (chunk 1) is cut after a few tokens; the client retries it from the start.
    sim.setOptions({ faults: [{ kind: 'partial-stream', every: 2, afterTokens: 3 }] });
    const log = new EventLog();
    const outcome = await owned(input(log, { client: client(2) }));
    expect(outcome.status).toBe('done');
    // What a viewer shows: the deltas since the chunk (re)started, as the renderer and the
    // service fold them, must equal each chunk's final memory.
    const shown = new Map<number, string>();
    for (const event of log.events) {
      if (event.type === 'chunk-started') shown.set(event.chunk, '');
      if (event.type === 'memory-delta')
        shown.set(event.chunk, (shown.get(event.chunk) ?? '') + event.delta);
    }
    const states = log.of('chunk-done').map((e) => e.state);
    expect(log.of('chunk-started').filter((e) => e.chunk === 1).length).toBeGreaterThan(1);
    for (const state of states) {
      if (!state.kept) expect(shown.get(state.chunk)).toBe(state.memory);
    }
    expect(outcome.answer).toBe('AMBER-4471');
  });

  it.each([
    ['empty-reply', 'empty-memory'],
    ['length-empty', 'length-cut'],
  ] as const)('a %s reply keeps the previous memory and warns', async (fault, code) => {
    sim.setOptions({ faults: [{ kind: fault, every: 2 }] }); // requests 2 and 4: chunks 1 and 3
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await owned(input(log));
    expect(outcome.status).toBe('done');
    const states = log.of('chunk-done').map((e) => e.state);
    expect(states.map((s) => s.kept)).toEqual([false, true, false, true]);
    expect(states[1]?.memory).toBe(states[0]?.memory);
    expect(states[3]?.memory).toBe(states[2]?.memory);
    expect(log.of('warning').map((w) => [w.code, w.chunk])).toEqual([
      [code, 1],
      [code, 3],
    ]);
    // The prompt for chunk 2 carries the memory of chunk 0.
    const sent = bodies(from);
    expect(sent[2]?.messages[0]?.content).toBe(
      expectedPrompt(TEMPLATE, {
        prompt: QUESTION,
        memory: states[0]?.memory ?? '',
        chunk: text.slice(chunks[2]!.start, chunks[2]!.end),
      }),
    );
    expect(outcome.answer).toBe('AMBER-4471');
  });

  it('strips thinking from memories and the answer', async () => {
    sim.setOptions({ faults: [{ kind: 'thinking' }] });
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await owned(input(log));
    expect(log.streamed(0)).toContain('</think>');
    for (const state of outcome.memories) expect(state.memory).not.toContain('think>');
    for (const body of bodies(from)) expect(body.messages[0]?.content).not.toContain('<think>');
    expect(outcome.response).not.toContain('<think>');
    expect(outcome.answer).toBe('AMBER-4471');
  });

  it('resumed from (k, memory) sends the same prompts as an uninterrupted run from k', async () => {
    const full = new EventLog();
    const from = sim.requests.length;
    const whole = await owned(input(full));
    const wholePrompts = bodies(from).map((b) => b.messages[0]?.content);

    for (const k of [1, 3, 4]) {
      const log = new EventLog();
      const at = sim.requests.length;
      const resumed = await owned(
        input(log, { startChunk: k, startMemory: (whole.memories[k - 1] as MemoryState).memory }),
      );
      expect(bodies(at).map((b) => b.messages[0]?.content)).toEqual(wholePrompts.slice(k));
      expect(log.of('started')[0]?.startChunk).toBe(k);
      expect(log.of('chunk-done').map((e) => e.state.chunk)).toEqual([0, 1, 2, 3].slice(k));
      expect(resumed.answer).toBe(whole.answer);
    }
  });

  it('awaits onChunkDone before the next request', async () => {
    const log = new EventLog();
    const from = sim.requests.length;
    const seenAtPersist: number[] = [];
    await owned(
      input(log, {
        report: persisting(log, async (state) => {
          // A slow disk: no request for the next chunk may be sent meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 15));
          seenAtPersist.push(sim.requests.length - from);
          expect(state.chunk + 1).toBe(sim.requests.length - from);
        }),
      }),
    );
    expect(seenAtPersist).toEqual([1, 2, 3, 4]);
  });

  it('refuses a resume point outside the chunks with one error', async () => {
    const log = new EventLog();
    const outcome = await owned(input(log, { startChunk: 9 }));
    expect(outcome.status).toBe('error');
    expect(log.terminals()).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ kind: 'BadUsage' }),
      }),
    ]);
  });
});

describe('runMemAgent endings', () => {
  it('cancel mid-stream ends promptly with one cancelled event', async () => {
    // The reply chunk 0 gets when nobody cancels (the simulator is deterministic).
    const reference = new EventLog();
    await owned(input(reference, { streamMemory: true }));
    const fullReply = reference.streamed(0);
    sim.setOptions({
      latency: {
        prefillTokensPerSec: Infinity,
        decodeTokensPerSec: 20,
        aggregateDecodeTokensPerSec: Infinity,
        maxBatch: 256,
        overheadMs: 0,
      },
    });
    const log = new EventLog();
    const controller = new AbortController();
    const from = sim.requests.length;
    const running = owned(input(log, { signal: controller.signal }));
    await log.waitFor((e) => e.type === 'memory-delta');
    controller.abort();
    const outcome = await running;
    expect(outcome.status).toBe('cancelled');
    // Prompt: the run ended mid-reply (at 20 tokens/s), not after the reply was complete.
    expect(log.streamed(0).length).toBeLessThan(fullReply.length);
    expect(log.terminals()).toEqual([{ type: 'cancelled', runId: 'r1', atChunk: 0 }]);
    expect(log.events[log.events.length - 1]?.type).toBe('cancelled');
    expect(log.of('chunk-done')).toHaveLength(0);
    expect(sim.requests.length - from).toBe(1);
  });

  it('cancel while paused ends with one cancelled event', async () => {
    const gate = createPauseGate();
    const log = new EventLog();
    const controller = new AbortController();
    const running = owned(
      input(log, {
        gate,
        signal: controller.signal,
        report: persisting(log, async (s) => {
          if (s.chunk === 1) gate.pause();
        }),
      }),
    );
    await log.waitFor((e) => e.type === 'paused');
    controller.abort();
    expect((await running).status).toBe('cancelled');
    expect(log.terminals()).toEqual([{ type: 'cancelled', runId: 'r1', atChunk: 2 }]);
  });

  it('pauses at a chunk boundary and resumes', async () => {
    const gate = createPauseGate();
    const log = new EventLog();
    // Requests are counted where the loop makes them (the client), not where they arrive.
    const inner = client();
    let requests = 0;
    const counting = {
      ...inner,
      chat: (request: Parameters<typeof inner.chat>[0]) => {
        requests += 1;
        return inner.chat(request);
      },
    };
    let atPause = -1;
    const running = owned(
      input(log, {
        gate,
        client: counting,
        report: async (event) => {
          log.push(event);
          if (event.type === 'chunk-done' && event.state.chunk === 0) gate.pause();
          if (event.type === 'paused') atPause = requests;
        },
      }),
    );
    const paused = await log.waitFor((e) => e.type === 'paused');
    expect(paused).toEqual({ type: 'paused', runId: 'r1', atChunk: 1 });
    // The chunk in flight was finished, and no request was made for the next one.
    expect(atPause).toBe(1);
    expect(requests).toBe(1);
    expect(log.of('chunk-started')).toHaveLength(1);
    gate.resume();
    const outcome = await running;
    expect(outcome.status).toBe('done');
    expect(requests).toBe(chunks.length + 1);
    expect(log.events.map((e) => e.type)).toContain('resumed');
    expect(log.terminals()).toHaveLength(1);
  });

  it('an abort before the start gives one cancelled event and no request', async () => {
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await owned(input(log, { signal: AbortSignal.abort() }));
    expect(outcome.status).toBe('cancelled');
    expect(log.events).toEqual([{ type: 'cancelled', runId: 'r1', atChunk: 0 }]);
    expect(sim.requests.length).toBe(from);
  });

  it('a rejected request ends with one error event', async () => {
    sim.setOptions({ faults: [{ kind: 'bad-request', every: 2 }] });
    const log = new EventLog();
    const outcome = await owned(input(log));
    expect(outcome.status).toBe('error');
    expect(outcome.error?.kind).toBe('BackendRejected');
    expect(log.terminals()).toEqual([expect.objectContaining({ type: 'error', atChunk: 1 })]);
    expect(log.of('chunk-done')).toHaveLength(1);
  });

  it('failing persistence ends with one error event and stops reading', async () => {
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await owned(
      input(log, {
        report: persisting(log, async () => {
          throw new CoreError('Internal', 'The database is locked.');
        }),
      }),
    );
    expect(outcome.status).toBe('error');
    expect(log.terminals()).toEqual([
      {
        type: 'error',
        runId: 'r1',
        error: { kind: 'Internal', message: 'The database is locked.' },
        atChunk: 0,
      },
    ]);
    expect(sim.requests.length - from).toBe(1);
  });

  it('an unreachable server ends with one error event', async () => {
    const dead = await startSimLlm();
    const baseUrl = dead.baseUrl;
    await dead.close();
    const log = new EventLog();
    const outcome = await owned(
      input(log, {
        client: createLlmClient({ kind: 'vllm', baseUrl, maxRetries: 0, timeoutMs: 5000 }),
      }),
    );
    expect(outcome.status).toBe('error');
    expect(outcome.error?.kind).toBe('BackendUnavailable');
    expect(log.terminals()).toHaveLength(1);
  });

  it('a final reply cut at its token limit is marked and warned about, never passed off as a clean answer', async () => {
    const outcomes = [];
    for (const answerTokens of [4, 8, 12, 16, 20, 24, 28, 32, 256]) {
      const log = new EventLog();
      const outcome = await owned(input(log, { settings: { ...SETTINGS, answerTokens } }));
      expect(outcome.status).toBe('done');
      expect([null, 'AMBER-4471']).toContain(outcome.answer);
      const answer = log.of('answer')[0];
      expect(answer?.cut).toBe(outcome.answerCut);
      const warned = log.of('warning').filter((w) => w.code === 'answer-cut');
      expect(warned).toHaveLength(outcome.answerCut ? 1 : 0);
      outcomes.push(outcome);
    }
    expect(outcomes.some((o) => o.answerCut && o.answer === null)).toBe(true);
    expect(outcomes.at(-1)).toMatchObject({ answerCut: false, answer: 'AMBER-4471' });
  });

  it('reports a final reply without an answer', async () => {
    const log = new EventLog();
    const outcome = await owned(input(log, { question: 'Which colour is the zebra of Mars?' }));
    expect(outcome.status).toBe('done');
    expect(outcome.answer).toBeNull();
    expect(log.of('answer')[0]?.answer).toBeNull();
    expect(log.of('warning').map((w) => w.code)).toEqual(['no-answer']);
  });
});
