// The fault matrix at the run level: a whole MemAgent run against the simulator under each fault a
// real server shows (5xx, 429 with Retry-After, connections dropped before or inside a reply,
// stalls, malformed bodies, empty replies, length cuts, a server that dies). Each ends the right
// way — retried and answered with the memories of an untroubled run, or one error event with one
// clear sentence and the memories read before it intact — and none hangs. Latency is zero and
// timeouts are short, so the file runs in a few seconds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INITIAL_MEMORY, type RunEvent } from '../../../shared/model.ts';
import type { FaultRule } from '../../../sim/options.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { simTokenizer } from '../../../sim/sim-tokenizer.ts';
import { createLlmClient, type LlmConfig } from '../llm/client.ts';
import { runMemAgent, terminalEvent, type RunInput, type RunOutcome } from './run.ts';
import { EventLog, QUESTION, SETTINGS, needleDocument, paragraphChunks } from './test-support.ts';

const text = needleDocument(12, 7);
const chunks = paragraphChunks(text, 3); // 4 chunks; the needle is in chunk 2
const ANSWER = 'AMBER-4471';

let sim: SimServer;
/** The memories of an untroubled run: what every recovered run must end with too. */
let clean: string[];

interface Observed {
  outcome: RunOutcome;
  log: EventLog;
  retries: { reason: string; delayMs: number }[];
}

/** One run as its owner (the registry) drives it: events through the sink, then one terminal. */
async function run(
  server: SimServer,
  options: {
    client?: Partial<LlmConfig>;
    streamMemory?: boolean;
    onEvent?: (event: RunEvent) => void | Promise<void>;
  } = {},
): Promise<Observed> {
  const log = new EventLog();
  const retries: Observed['retries'] = [];
  const client = createLlmClient({
    kind: 'vllm',
    baseUrl: server.baseUrl,
    maxRetries: 2,
    timeoutMs: 10_000,
    retryBaseMs: 1,
    retryCapMs: 1,
    onRetry: (r) => retries.push({ reason: r.reason, delayMs: r.delayMs }),
    ...options.client,
  });
  const input: RunInput = {
    runId: 'r1',
    text,
    chunks,
    question: QUESTION,
    settings: SETTINGS,
    client,
    streamMemory: options.streamMemory ?? false,
    report: async (event) => {
      log.push(event);
      await options.onEvent?.(event);
    },
  };
  const outcome = await runMemAgent(input);
  await input.report(terminalEvent(outcome));
  return { outcome, log, retries };
}

/** What a viewer of the stream shows per chunk: the deltas since the chunk (re)started. */
function shownPerChunk(log: EventLog): Map<number, string> {
  const shown = new Map<number, string>();
  for (const event of log.events) {
    if (event.type === 'chunk-started') shown.set(event.chunk, '');
    if (event.type === 'memory-delta')
      shown.set(event.chunk, (shown.get(event.chunk) ?? '') + event.delta);
  }
  return shown;
}

beforeAll(async () => {
  sim = await startSimLlm({ latency: 'zero' });
  const { outcome } = await run(sim);
  expect(outcome.answer).toBe(ANSWER);
  clean = outcome.memories.map((m) => m.memory);
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setOptions({ faults: [] });
});

// Every other request fails (the 2nd, 4th ...: memory updates and the final call alike), so
// every failed request's retry succeeds.
const everyOther = (kind: FaultRule['kind'], extra: Partial<FaultRule> = {}): FaultRule[] => [
  { kind, every: 2, ...extra },
];

describe('a run under a transient fault is retried and answered, its memory intact', () => {
  it.each<{
    name: string;
    faults: FaultRule[];
    reason: RegExp;
    streamMemory?: boolean;
    client?: Partial<LlmConfig>;
    /** The wait before each retry, when the server set it. */
    delayMs?: number;
  }>([
    { name: 'HTTP 500', faults: everyOther('server-error'), reason: /^HTTP 500$/ },
    { name: 'HTTP 503', faults: everyOther('unavailable'), reason: /^HTTP 503$/ },
    {
      name: '429 with Retry-After',
      faults: everyOther('rate-limit', { retryAfterSec: 0.05 }),
      reason: /^HTTP 429$/,
      delayMs: 50,
    },
    { name: 'a connection dropped before the reply', faults: everyOther('drop'), reason: /./ },
    {
      name: 'a connection dropped in the middle of a plain reply',
      faults: everyOther('drop-mid-response'),
      reason: /connection lost|ECONNRESET/,
    },
    {
      name: 'a connection dropped in the middle of a stream',
      faults: everyOther('drop-mid-response', { afterTokens: 2 }),
      streamMemory: true,
      reason: /connection lost|ECONNRESET/,
    },
    {
      name: 'a stream that ends before its finish',
      faults: everyOther('partial-stream', { afterTokens: 2 }),
      streamMemory: true,
      reason: /^incomplete$/,
    },
    {
      name: 'a request that is never answered',
      faults: [{ kind: 'stall', next: 1 }],
      client: { timeoutMs: 500 },
      reason: /^timeout$/,
    },
    {
      name: 'a stream that stalls half-way',
      faults: [{ kind: 'stall-mid-stream', next: 1, afterTokens: 2 }],
      streamMemory: true,
      client: { stallTimeoutMs: 300 },
      reason: /^stall$/,
    },
    { name: 'a malformed JSON body', faults: everyOther('malformed-json'), reason: /^malformed$/ },
    {
      name: 'a malformed stream event',
      faults: everyOther('malformed-json'),
      streamMemory: true,
      reason: /^malformed$/,
    },
    { name: 'a reply without choices', faults: everyOther('empty-choices'), reason: /./ },
    // A reply that came whole but empty, null or not text is asked once more, streamed or not.
    { name: 'an empty reply', faults: everyOther('empty-reply'), reason: /^empty-reply$/ },
    ...[false, true].flatMap((streamMemory) => [
      {
        name: `a null content (${streamMemory ? 'streamed' : 'plain'})`,
        faults: everyOther('null-content'),
        streamMemory,
        reason: /^empty-reply$/,
      },
      {
        name: `a content that is not text (${streamMemory ? 'streamed' : 'plain'})`,
        faults: everyOther('non-string-content'),
        streamMemory,
        reason: /^malformed$/,
      },
    ]),
  ])('$name', async ({ faults, reason, streamMemory, client, delayMs }) => {
    sim.setOptions({ faults });
    const { outcome, log, retries } = await run(sim, {
      ...(streamMemory === undefined ? {} : { streamMemory }),
      ...(client === undefined ? {} : { client }),
    });
    expect(outcome.status).toBe('done');
    expect(outcome.answer).toBe(ANSWER);
    expect(retries.length).toBeGreaterThan(0);
    for (const r of retries) expect(r.reason).toMatch(reason);
    if (delayMs !== undefined)
      expect(retries.map((r) => r.delayMs)).toEqual(retries.map(() => delayMs));
    // Retried requests left no trace in the memory: the same memories as an untroubled run,
    // and a streamed chunk shows exactly its memory, not a failed attempt's text before it.
    expect(outcome.memories.map((m) => m.memory)).toEqual(clean);
    expect(outcome.memories.every((m) => !m.kept)).toBe(true);
    if (streamMemory === true) {
      const shown = shownPerChunk(log);
      for (const m of outcome.memories) expect(shown.get(m.chunk)).toBe(m.memory);
    }
    expect(log.terminals()).toEqual([expect.objectContaining({ type: 'finished' })]);
  });
});

describe('a reply the model got wrong keeps the previous memory and says so', () => {
  it.each<[string, FaultRule, string, RegExp, boolean?]>([
    [
      'an empty reply cut at the token limit',
      { kind: 'length-empty' },
      'length-cut',
      /^The memory for chunk \d was cut at 256 tokens; the previous memory was kept\.$/,
    ],
    ...['content_filter', 'tool_calls', 'function_call', 'no-such-reason'].flatMap((reason) =>
      [false, true].map((streamed): [string, FaultRule, string, RegExp, boolean] => [
        `a reply stopped with finish_reason ${reason} (${streamed ? 'streamed' : 'plain'})`,
        { kind: 'stopped-reply', afterTokens: 4, finishReason: reason },
        'memory-stopped',
        new RegExp(
          `^${reason === 'content_filter' ? "The server's content filter" : 'The server'} stopped the memory update for chunk \\d before it was complete \\(finish_reason "${reason}"\\); the previous memory was kept\\.$`,
        ),
        streamed,
      ]),
    ),
    ...[false, true].map((streamed): [string, FaultRule, string, RegExp, boolean] => [
      `a reply far beyond max_tokens (${streamed ? 'streamed' : 'plain'})`,
      { kind: 'ignore-max-tokens', overflowChars: 2_000_000 },
      'memory-stopped',
      /^The server ignored the limit of 256 tokens for chunk \d's memory and sent more than 33,792 characters; the reply was cut there and the previous memory was kept\.$/,
      streamed,
    ]),
  ])('%s', async (_name, fault, code, message, streamMemory = false) => {
    // Requests 2 and 4 are chunks 1 and 3; the needle's chunk 2 and the final call are clean.
    sim.setOptions({ faults: everyOther(fault.kind, fault) });
    const { outcome, log, retries } = await run(sim, { streamMemory });
    expect(outcome.status).toBe('done');
    expect(retries).toEqual([]);
    expect(outcome.memories.map((m) => m.kept)).toEqual([false, true, false, true]);
    expect(outcome.memories.map((m) => m.memory)).toEqual([clean[0], clean[0], clean[2], clean[2]]);
    const warnings = log.of('warning');
    expect(warnings.map((w) => [w.code, w.chunk])).toEqual([
      [code, 1],
      [code, 3],
    ]);
    for (const w of warnings) expect(w.message).toMatch(message);
    expect(outcome.answer).toBe(ANSWER);
  });

  it('an empty reply that its retry repeats keeps the previous memory', async () => {
    // Chunk 1's request and its one retry are both empty; everything else is clean.
    const { outcome, log, retries } = await run(sim, {
      onEvent: (event) => {
        if (event.type === 'chunk-done')
          sim.setOptions({
            faults: event.state.chunk === 0 ? [{ kind: 'empty-reply', next: 2 }] : [],
          });
      },
    });
    expect(retries.map((r) => r.reason)).toEqual(['empty-reply']);
    expect(outcome.memories.map((m) => m.kept)).toEqual([false, true, false, false]);
    expect(outcome.memories.map((m) => m.memory)).toEqual([clean[0], clean[0], clean[2], clean[3]]);
    expect(log.of('warning').map((w) => [w.code, w.chunk])).toEqual([['empty-memory', 1]]);
    expect(outcome.answer).toBe(ANSWER);
  });

  it.each([false, true])(
    'a final reply stopped by a content filter inside its box gives no answer, marked cut (streamed: %s)',
    async (streamMemory) => {
      // The clean run's final reply ends "... the answer is \\boxed{AMBER-4471}."; the filter
      // stops it a few characters into the box, where the old reading answered "\\bo".
      const cleanRun = await run(sim);
      const reply = cleanRun.outcome.response as string;
      const afterTokens = simTokenizer.encode(reply.slice(0, reply.indexOf('\\boxed{') + 9)).length;
      const { outcome, log } = await run(sim, {
        streamMemory,
        onEvent: (event) => {
          if (event.type === 'chunk-done' && event.state.chunk === chunks.length - 1)
            sim.setOptions({ faults: [{ kind: 'stopped-reply', afterTokens }] });
        },
      });
      expect(outcome.status).toBe('done');
      expect(outcome.memories.map((m) => m.memory)).toEqual(clean);
      expect(outcome.response).toMatch(/\\boxed\{A?M?$/);
      expect(outcome.answer).toBeNull();
      expect(outcome.answerCut).toBe(true);
      const warned = log.of('warning');
      expect(warned.map((w) => w.code)).toEqual(['answer-stopped']);
      expect(warned[0]?.message).toMatch(
        /^The server's content filter stopped the final reply before it was complete \(finish_reason "content_filter"\): it gave no complete answer\./,
      );
      expect(log.of('answer')).toEqual([expect.objectContaining({ answer: null, cut: true })]);
    },
  );

  it('a memory cut at the token limit keeps the previous memory', async () => {
    // 3 tokens cannot hold the needle's sentence: the simulator cuts it, like a server.
    const log = new EventLog();
    const client = createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, maxRetries: 0 });
    const outcome = await runMemAgent({
      runId: 'r1',
      text,
      chunks,
      question: QUESTION,
      settings: { ...SETTINGS, memoryTokens: 3 },
      client,
      report: log.push,
    });
    expect(outcome.status).toBe('done');
    const cut = log.of('warning').filter((w) => w.code === 'length-cut');
    expect(cut.length).toBeGreaterThan(0);
    for (const w of cut) {
      const state = outcome.memories[w.chunk as number];
      expect(state?.kept).toBe(true);
      expect(state?.memory).toBe(
        w.chunk === 0 ? INITIAL_MEMORY : outcome.memories[(w.chunk as number) - 1]?.memory,
      );
    }
  });
});

describe('a run under a lasting fault ends with one clear error, its read memories intact', () => {
  it.each<{
    name: string;
    fault: FaultRule;
    kind: string;
    message: RegExp;
    client?: Partial<LlmConfig>;
    /** The wait before each retry, when the server set it. */
    delayMs?: number;
  }>([
    {
      name: 'HTTP 500',
      fault: { kind: 'server-error' },
      kind: 'BackendFailed',
      message: /^The LLM server failed \(HTTP 500\) \(3 attempts\)\.$/,
    },
    {
      name: 'HTTP 429',
      fault: { kind: 'rate-limit', retryAfterSec: 0 },
      kind: 'BackendFailed',
      message: /^The LLM server kept rate-limiting the requests \(HTTP 429\) \(3 attempts\)\.$/,
    },
    {
      name: 'dropped connections',
      fault: { kind: 'drop' },
      kind: 'BackendFailed',
      message: /^The connection to the LLM server at .+ was lost \(3 attempts\)\.$/,
    },
    {
      name: 'a server that never answers',
      fault: { kind: 'stall' },
      client: { timeoutMs: 500 },
      kind: 'BackendFailed',
      message: /^The LLM server did not answer within 0\.5 s \(2 attempts\)\.$/,
    },
    {
      name: 'malformed bodies',
      fault: { kind: 'malformed-json' },
      kind: 'BackendFailed',
      message: /^The LLM server sent a reply that is not valid JSON \(3 attempts\)\.$/,
    },
  ])('$name', async ({ fault, kind, message, client }) => {
    // Chunk 0 is read cleanly; from then on every request fails.
    const { outcome, log } = await run(sim, {
      ...(client === undefined ? {} : { client }),
      onEvent: (event) => {
        if (event.type === 'chunk-done' && event.state.chunk === 0)
          sim.setOptions({ faults: [fault] });
      },
    });
    expect(outcome.status).toBe('error');
    expect(outcome.error?.kind).toBe(kind);
    expect(outcome.error?.message).toMatch(message);
    expect(outcome.error?.hint).toMatch(/\S/);
    expect(log.terminals()).toEqual([expect.objectContaining({ type: 'error', atChunk: 1 })]);
    expect(log.of('chunk-done').map((e) => e.state.memory)).toEqual([clean[0]]);
  });
});

describe('a server that dies mid-run', () => {
  it.each([
    ['between two requests', false],
    ['in the middle of a streamed reply', true],
  ] as const)('%s: one error, the memories read before it intact', async (_name, midReply) => {
    const doomed = await startSimLlm({ latency: 'zero' });
    let closing: Promise<void> | undefined;
    const { outcome, log } = await run(doomed, {
      streamMemory: midReply,
      onEvent: (event) => {
        if (midReply) {
          // Chunk 1's stream stops after two tokens and stays open; the server dies under it.
          if (event.type === 'chunk-done' && event.state.chunk === 0)
            doomed.setOptions({ faults: [{ kind: 'stall-mid-stream', afterTokens: 2 }] });
          if (event.type === 'memory-delta' && event.chunk === 1) closing ??= doomed.close();
        } else if (event.type === 'chunk-done' && event.state.chunk === 1) {
          return (closing = doomed.close());
        }
      },
    });
    await closing;
    expect(closing).toBeDefined();
    expect(outcome.status).toBe('error');
    expect(outcome.error?.kind).toBe('BackendUnavailable');
    expect(outcome.error?.message).toMatch(/^Cannot reach the LLM server at .+\.$/);
    expect(outcome.error?.hint).toMatch(/vllm serve/);
    const read = midReply ? 1 : 2;
    expect(log.terminals()).toEqual([expect.objectContaining({ type: 'error', atChunk: read })]);
    expect(log.of('chunk-done').map((e) => e.state.memory)).toEqual(clean.slice(0, read));
  });
});
