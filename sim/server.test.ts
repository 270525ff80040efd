import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillFinalPrompt, fillMemoryPrompt } from '../electron/core/agent/templates.ts';
import { startSimLlm, type SimServer } from './server.ts';
import { simTokenizer } from './sim-tokenizer.ts';

const QUESTION = 'What is the special magic number for Alice?';
const NEEDLE = 'The special magic number for Alice is 7342.';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimLlm({ model: 'Qwen/Qwen2.5-14B-Instruct' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setOptions({ faults: [] });
  sim.requests.length = 0;
});

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${sim.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function chat(
  prompt: string,
  extra: Record<string, unknown> = {},
): Promise<{
  content: string;
  finish: string;
  usage: { prompt_tokens: number; completion_tokens: number };
}> {
  const response = await post('/v1/chat/completions', {
    model: 'Qwen/Qwen2.5-14B-Instruct',
    messages: [{ role: 'user', content: prompt }],
    max_tokens: 512,
    ...extra,
  });
  expect(response.status).toBe(200);
  const json = (await response.json()) as {
    choices: { message: { content: string }; finish_reason: string }[];
    usage: { prompt_tokens: number; completion_tokens: number };
  };
  return {
    content: json.choices[0]?.message.content ?? '',
    finish: json.choices[0]?.finish_reason ?? '',
    usage: json.usage,
  };
}

describe('sim-llm over HTTP', () => {
  it('lists its (configurable) model like vLLM', async () => {
    const json = (await (await fetch(`${sim.baseUrl}/models`)).json()) as {
      object: string;
      data: { id: string; max_model_len: number }[];
    };
    expect(json.object).toBe('list');
    expect(json.data.map((m) => m.id)).toEqual(['Qwen/Qwen2.5-14B-Instruct']);
    expect(json.data[0]?.max_model_len).toBe(32_768);
  });

  it('carries a needle from the third of five chunks into the boxed answer', async () => {
    const chunks = Array.from(
      { length: 5 },
      (_, i) =>
        `Chapter ${i}. The harbour was busy on day ${i}. Ships left at dawn.${i === 2 ? ` ${NEEDLE}` : ''}`,
    );
    let memory = 'No previous memory';
    const memories: string[] = [];
    for (const chunk of chunks) {
      memory = (await chat(fillMemoryPrompt(QUESTION, memory, chunk))).content;
      memories.push(memory);
    }
    expect(memories).toEqual([
      'No relevant information found yet.',
      'No relevant information found yet.',
      NEEDLE,
      NEEDLE,
      NEEDLE,
    ]);
    const final = await chat(fillFinalPrompt('boxed', QUESTION, memory));
    expect(final.content).toContain('\\boxed{7342}');
    // Every prompt is recorded byte for byte.
    expect(sim.requests).toHaveLength(6);
    expect(
      (sim.requests[2]?.body as { messages: { content: string }[] }).messages[0]?.content,
    ).toBe(fillMemoryPrompt(QUESTION, memories[1] ?? '', chunks[2] ?? ''));
  });

  it('gives the same reply at any temperature', async () => {
    const prompt = fillMemoryPrompt(QUESTION, 'No previous memory', `Noise. ${NEEDLE} More noise.`);
    const a = await chat(prompt, { temperature: 0 });
    const b = await chat(prompt, { temperature: 1.3, top_p: 0.5 });
    expect(a.content).toBe(b.content);
    expect(a.usage).toEqual(b.usage);
    expect(a.usage.prompt_tokens).toBe(simTokenizer.encode(prompt).length);
  });

  it('streams SSE chunks like vLLM: role, content deltas, finish, usage, [DONE]', async () => {
    const prompt = fillMemoryPrompt(QUESTION, 'No previous memory', NEEDLE);
    const response = await post('/v1/chat/completions', {
      messages: [{ role: 'user', content: prompt }],
      max_tokens: 100,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const events = text.split('\n\n').filter((e) => e.length > 0);
    expect(events.every((e) => e.startsWith('data: '))).toBe(true);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map(
      (e) =>
        JSON.parse(e.slice(6)) as {
          object: string;
          choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
          usage?: { completion_tokens: number };
        },
    );
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(content).toBe(NEEDLE);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage?.completion_tokens).toBe(simTokenizer.encode(NEEDLE).length);
  });

  it('cuts a reply at max_tokens with finish_reason "length"', async () => {
    const reply = await chat(fillFinalPrompt('boxed', QUESTION, NEEDLE), { max_tokens: 4 });
    expect(reply.finish).toBe('length');
    expect(reply.usage.completion_tokens).toBe(4);
  });

  it("refuses a prompt beyond the context window with vLLM's 400", async () => {
    sim.setOptions({ maxModelLen: 100 });
    const response = await post('/v1/chat/completions', {
      messages: [{ role: 'user', content: 'word '.repeat(200) }],
      max_tokens: 10,
    });
    sim.setOptions({ maxModelLen: 32_768 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /maximum context length is 100 tokens/,
    );
  });

  it("serves /tokenize and /detokenize in vLLM's shape", async () => {
    const text = 'Hello, 世界! <|endoftext|> stays text.';
    const tokenized = (await (await post('/tokenize', { model: 'x', prompt: text })).json()) as {
      tokens: number[];
      count: number;
      max_model_len: number;
    };
    expect(tokenized.count).toBe(tokenized.tokens.length);
    expect(tokenized.max_model_len).toBe(32_768);
    const back = (await (await post('/detokenize', { tokens: tokenized.tokens })).json()) as {
      prompt: string;
    };
    expect(back.prompt).toBe(text);
  });

  it('injects faults on every Kth request and for the next N', async () => {
    sim.setOptions({ faults: [{ kind: 'unavailable', every: 3 }] });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (
          await post('/v1/chat/completions', {
            messages: [{ role: 'user', content: 'hi' }],
            max_tokens: 5,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 503, 200, 200, 503]);
    sim.setOptions({ faults: [{ kind: 'rate-limit', next: 1, retryAfterSec: 7 }] });
    const limited = await post('/v1/chat/completions', {
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(
      (await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }] })).status,
    ).toBe(200);
  });

  it('drops the connection in the middle of a plain or a streamed reply', async () => {
    sim.setOptions({ faults: [{ kind: 'drop-mid-response', afterTokens: 2 }] });
    const prompt = fillMemoryPrompt(QUESTION, 'No previous memory', NEEDLE);
    const messages = [{ role: 'user', content: prompt }];
    const plain = await post('/v1/chat/completions', { messages, max_tokens: 100 });
    expect(plain.status).toBe(200);
    await expect(plain.text()).rejects.toThrow(/terminated/);
    const streamed = await post('/v1/chat/completions', {
      messages,
      max_tokens: 100,
      stream: true,
    });
    const reader = (streamed.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const read = async (): Promise<void> => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    };
    await expect(read()).rejects.toThrow(/terminated/);
    // The role chunk and two tokens arrived, then nothing: no finish_reason, no [DONE].
    expect(text.split('\n\n').filter((e) => e.startsWith('data: '))).toHaveLength(3);
    expect(text).not.toContain('[DONE]');
  });

  it('closes even with a stalled request open', async () => {
    const other = await startSimLlm({ faults: [{ kind: 'stall' }] });
    const pending = fetch(`${other.baseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    }).catch((e: unknown) => e);
    while (other.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await other.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('keeps only the latest requests when told to, so a long-running simulator stays bounded', async () => {
    const small = await startSimLlm({ keepRequests: 3 });
    try {
      for (let i = 1; i <= 5; i += 1) {
        const response = await fetch(`${small.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'sim',
            messages: [{ role: 'user', content: `question ${i}` }],
            max_tokens: 16,
          }),
        });
        await response.arrayBuffer();
      }
      expect(
        small.requests.map(
          (r) => (r.body as { messages: { content: string }[] }).messages[0]?.content,
        ),
      ).toEqual(['question 3', 'question 4', 'question 5']);
      expect(small.timings.map((t) => t.id)).toEqual([3, 4, 5]);
    } finally {
      await small.close();
    }
  });
});
