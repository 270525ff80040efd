// Replies that arrive whole but are wrong in their content: empty, null or not text at all, ended
// for another reason than a normal stop, or far longer than max_tokens allows. Plain and streamed
// replies must come out the same, against the simulator on loopback.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { createLlmClient } from './client.ts';
import { replyCharLimit, replyEnd } from './reply-end.ts';
import { chatRequest, EXPECTED_MEMORY } from './test-prompts.test-support.ts';
import type { ChatRequest } from './types.ts';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimLlm();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setOptions({ faults: [], latency: 'zero' });
  sim.requests.length = 0;
  sim.timings.length = 0;
});

/** One chat call, plain or streamed; what the deltas showed (after any restart) and the retries. */
async function chat(
  streamed: boolean,
  request: Partial<ChatRequest> = {},
): Promise<{
  result: Awaited<ReturnType<ReturnType<typeof createLlmClient>['chat']>>;
  shown: string;
  reasons: string[];
}> {
  const reasons: string[] = [];
  const client = createLlmClient({
    kind: 'vllm',
    baseUrl: sim.baseUrl,
    retryBaseMs: 1,
    retryCapMs: 1,
    onRetry: (r) => reasons.push(r.reason),
  });
  let shown = '';
  const result = await client.chat({
    ...chatRequest,
    ...request,
    ...(streamed ? { onDelta: (d: string) => (shown += d), onRestart: () => (shown = '') } : {}),
  });
  return { result, shown, reasons };
}

const modes = [
  ['plain', false],
  ['streamed', true],
] as const;

describe.each(modes)('a %s reply', (_mode, streamed) => {
  it.each([
    ['empty content', 'empty-reply', 'empty-reply'],
    ['null content', 'null-content', 'empty-reply'],
    ['content that is not text', 'non-string-content', 'malformed'],
  ] as const)('with %s once is asked again and gives the memory', async (_name, kind, reason) => {
    sim.setOptions({ faults: [{ kind, next: 1 }] });
    const { result, shown, reasons } = await chat(streamed);
    expect(result.content).toBe(EXPECTED_MEMORY);
    expect(result.attempts).toBe(2);
    expect(reasons).toEqual([reason]);
    if (streamed) expect(shown).toBe(EXPECTED_MEMORY);
  });

  it.each(['content_filter', 'tool_calls', 'function_call', 'a-reason-nobody-knows'])(
    'stopped with finish_reason %s is passed on as cut, not as complete',
    async (finishReason) => {
      sim.setOptions({
        faults: [{ kind: 'stopped-reply', next: 1, afterTokens: 2, finishReason }],
      });
      const { result, reasons } = await chat(streamed);
      expect(reasons).toEqual([]);
      expect(result.finishReason).toBe(finishReason);
      expect(replyEnd(result)).toEqual({ kind: 'stopped', reason: finishReason });
      expect(EXPECTED_MEMORY.startsWith(result.content)).toBe(true);
      expect(result.content.length).toBeLessThan(EXPECTED_MEMORY.length);
    },
  );

  it('far beyond max_tokens (a server that ignores it) is cut at the bound and said so', async () => {
    const maxTokens = 64;
    const limit = replyCharLimit(maxTokens);
    sim.setOptions({ faults: [{ kind: 'ignore-max-tokens', overflowChars: 5_000_000 }] });
    const { result, shown, reasons } = await chat(streamed, { maxTokens });
    expect(reasons).toEqual([]);
    expect(result.cutAtChars).toBe(limit);
    expect(replyEnd(result)).toEqual({ kind: 'overlong', chars: limit });
    expect(result.content.length).toBeLessThanOrEqual(limit);
    if (streamed) {
      expect(result.content.length).toBe(limit);
      expect(shown).toBe(result.content);
      // The client stopped reading: the simulator saw the connection close before its end.
      await waitFor(() => sim.timings[0]?.closedEarlyAt !== undefined);
    } else {
      // A body of megabytes is not read (let alone parsed) past what max_tokens can hold.
      expect(result.content).toBe('');
    }
  });

  it('a little over the bound is still read whole and its content cut there', async () => {
    const maxTokens = 64;
    const limit = replyCharLimit(maxTokens);
    sim.setOptions({ faults: [{ kind: 'ignore-max-tokens', overflowChars: limit + 500 }] });
    const { result } = await chat(streamed, { maxTokens });
    expect(result.cutAtChars).toBe(limit);
    expect(result.content).toHaveLength(limit);
    expect(result.content.startsWith('The memory grows without end.')).toBe(true);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
