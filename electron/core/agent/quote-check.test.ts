// The quote step of a run against the real simulator on loopback: what the model is asked, which
// replies count, and that nothing in the step can take the answer away.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findEvidence } from '../../../shared/evidence.ts';
import type { RunEvent } from '../../../shared/model.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { createLlmClient } from '../llm/client.ts';
import { runMemAgent, terminalEvent, type RunInput } from './run.ts';
import { TEMPLATE_QUOTE } from './templates.ts';
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
const NEEDLE = 'The secret launch code of the northern observatory is AMBER-4471.';
const needleAt = text.indexOf(NEEDLE);

beforeAll(async () => {
  sim = await startSimLlm({ model: 'sim-llm/memagent-simulator' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setOptions({ faults: [], latency: 'zero', quoteReply: undefined });
});

const chats = (from: number) =>
  sim.requests
    .slice(from)
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map(
      (r) =>
        r.body as { messages: { content: string }[]; max_tokens?: number; temperature: number },
    );

/** Runs with the quote check on, as the registry does (terminal event after the outcome). */
async function run(log: EventLog, extra: Partial<RunInput> = {}) {
  const input: RunInput = {
    runId: 'q1',
    text,
    chunks,
    question: QUESTION,
    settings: SETTINGS,
    client: createLlmClient({
      kind: 'vllm',
      baseUrl: sim.baseUrl,
      maxRetries: 0,
      timeoutMs: 10_000,
    }),
    report: log.push,
    quoteCheck: true,
    ...extra,
  };
  const outcome = await runMemAgent(input);
  await input.report(terminalEvent(outcome));
  return outcome;
}

const quotesOf = (log: EventLog) => log.of('quotes')[0];

describe('the quote check after the answer', () => {
  it('asks once about the cited chunk, keeps the quote found in it, and ranks that sentence first', async () => {
    const log = new EventLog();
    const from = sim.requests.length;
    const outcome = await run(log);
    expect(outcome.status).toBe('done');
    expect(outcome.answer).toBe('AMBER-4471');

    const sent = chats(from);
    expect(sent).toHaveLength(chunks.length + 2);
    const ask = sent.at(-1);
    expect(ask?.messages[0]?.content).toBe(
      expectedPrompt(TEMPLATE_QUOTE, {
        prompt: QUESTION,
        answer: 'AMBER-4471',
        chunk: text.slice(chunks[2]?.start, chunks[2]?.end),
      }),
    );
    expect(ask?.max_tokens).toBe(200);
    expect(ask?.temperature).toBe(0);

    const q = quotesOf(log);
    expect(q?.check).toEqual({ asked: 1, accepted: 1, rejected: 0, failed: 0 });
    expect(q?.quotes).toEqual([{ chunk: 2, start: needleAt, end: needleAt + NEEDLE.length - 1 }]);
    // The quote's tokens are the run's: in the outcome and in the event.
    expect(q?.usage.promptTokens).toBeGreaterThan(0);
    const types = log.events.map((e) => e.type).filter((t) => t !== 'memory-delta');
    expect(types.slice(-3)).toEqual(['answer', 'quotes', 'finished']);
    const counted = [
      ...log.of('chunk-done').map((e) => e.state.usage),
      log.of('answer')[0]?.usage,
    ].reduce((sum, u) => sum + (u?.promptTokens ?? 0), 0);
    expect(outcome.usage.promptTokens).toBe(counted + (q?.usage.promptTokens ?? 0));

    const evidence = findEvidence({
      question: QUESTION,
      answer: 'AMBER-4471',
      memories: outcome.memories,
      chunks,
      document: { text },
      quotes: q?.quotes ?? [],
    });
    expect(evidence[0]).toMatchObject({ chunk: 2, start: needleAt, quote: NEEDLE, by: 'both' });
  });

  it.each([
    ['a paraphrase', 'The northern observatory uses AMBER-4471 as its secret launch code.', 1],
    ['a sentence of another chunk', 'Paragraph 0 talks about weather in valley 0.', 1],
    ['NONE', 'NONE', 0],
    ['an empty reply', '', 0],
  ])(
    'rejects %s: no quote is kept, the run is done with its answer',
    async (_name, reply, rejected) => {
      sim.setOptions({ quoteReply: reply });
      const log = new EventLog();
      const outcome = await run(log);
      expect(outcome).toMatchObject({ status: 'done', answer: 'AMBER-4471' });
      expect(quotesOf(log)).toMatchObject({
        quotes: [],
        check: { asked: 1, accepted: 0, rejected, failed: 0 },
      });
      expect(log.of('warning').filter((w) => w.code === 'quote-check')).toEqual([]);
    },
  );

  it('ends done with the answer and a warning when the server fails the quote requests', async () => {
    const log = new EventLog();
    const failing: RunInput['report'] = (event: RunEvent) => {
      log.push(event);
      // From the answer on, every request fails (after the client's retries: none here).
      if (event.type === 'answer') sim.setOptions({ faults: [{ kind: 'server-error' }] });
    };
    const outcome = await run(log, { report: failing });
    expect(outcome).toMatchObject({ status: 'done', answer: 'AMBER-4471' });
    expect(quotesOf(log)?.check).toEqual({ asked: 1, accepted: 0, rejected: 0, failed: 1 });
    const warning = log.of('warning').find((w) => w.code === 'quote-check');
    expect(warning?.message).toMatch(
      /^The model's quotes could not be checked for 1 of 1 cited chunk/,
    );
    expect(outcome.warnings).toContainEqual({ code: 'quote-check', message: warning?.message });
    expect(log.terminals()).toEqual([expect.objectContaining({ type: 'finished' })]);
  });

  it.each([
    ['a content filter', { finishReason: 'content_filter' }, 'finish_reason "content_filter"'],
    ['an unknown reason', { finishReason: 'gremlins' }, 'finish_reason "gremlins"'],
  ])(
    'keeps no quote from a reply stopped by %s, counts the chunk as failed and says why',
    async (_name, fault, reason) => {
      const log = new EventLog();
      const report: RunInput['report'] = (event: RunEvent) => {
        log.push(event);
        // The quote reply stops after 9 tokens: "The secret launch code of the northern
        // observatory" is in the chunk word for word, but it is not what the model chose to quote.
        if (event.type === 'answer')
          sim.setOptions({ faults: [{ kind: 'stopped-reply', afterTokens: 9, ...fault }] });
      };
      const outcome = await run(log, { report });
      expect(outcome).toMatchObject({ status: 'done', answer: 'AMBER-4471' });
      expect(quotesOf(log)).toMatchObject({
        quotes: [],
        check: { asked: 1, accepted: 0, rejected: 0, failed: 1 },
      });
      const warning = log.of('warning').find((w) => w.code === 'quote-check');
      expect(warning?.message).toBe(
        `The model's quotes could not be checked for 1 of 1 cited chunk (the server stopped the model's reply before it was complete: ${reason}). The answer stands; its sources come from the memory trail.`,
      );
    },
  );

  it('keeps no quote from a reply cut at its token limit', async () => {
    // The needle sentence and more, past the 200 tokens a quote reply may hold.
    sim.setOptions({ quoteReply: `${NEEDLE} ${'More words follow here. '.repeat(120)}` });
    const log = new EventLog();
    const outcome = await run(log);
    expect(outcome).toMatchObject({ status: 'done', answer: 'AMBER-4471' });
    expect(quotesOf(log)).toMatchObject({
      quotes: [],
      check: { asked: 1, accepted: 0, rejected: 0, failed: 1 },
    });
    const warning = log.of('warning').find((w) => w.code === 'quote-check');
    expect(warning?.message).toMatch(/\(the model's reply was cut at 200 tokens\)\./);
  });

  it('a cancel during the quote step stops it and leaves the run done with its answer', async () => {
    const log = new EventLog();
    const controller = new AbortController();
    const from = sim.requests.length;
    const report: RunInput['report'] = (event: RunEvent) => {
      log.push(event);
      if (event.type === 'answer') sim.setOptions({ faults: [{ kind: 'stall' }] });
    };
    const running = run(log, { report, signal: controller.signal });
    // Cancel once the quote request has reached the server (and stalls there).
    while (chats(from).length < chunks.length + 2) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const outcome = await running;
    expect(outcome).toMatchObject({ status: 'done', answer: 'AMBER-4471' });
    expect(quotesOf(log)).toMatchObject({
      quotes: [],
      check: { asked: 0, accepted: 0, rejected: 0, failed: 0 },
    });
    expect(log.of('warning').filter((w) => w.code === 'quote-check')).toEqual([]);
    expect(log.terminals()).toEqual([expect.objectContaining({ type: 'finished' })]);
  });

  it('sends no extra request when the check is off, or when there is no answer to check', async () => {
    const from = sim.requests.length;
    const log = new EventLog();
    await run(log, { quoteCheck: false });
    expect(chats(from)).toHaveLength(chunks.length + 1);
    expect(quotesOf(log)).toBeUndefined();

    const before = sim.requests.length;
    const unanswerable = new EventLog();
    const outcome = await run(unanswerable, { question: 'Which river floods the plains of Zorb?' });
    expect(outcome.answer).toBeNull();
    expect(chats(before)).toHaveLength(chunks.length + 1);
  });
});
