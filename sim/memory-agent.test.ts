import { describe, expect, it } from 'vitest';
import { fillFinalPrompt, fillMemoryPrompt } from '../electron/core/agent/templates.ts';
import {
  answerFromSentence,
  NOTHING_YET,
  parseMemAgentPrompt,
  simulateReply,
} from './memory-agent.ts';
import { simTokenizer } from './sim-tokenizer.ts';

const QUESTION = 'What is the secret launch code of the northern observatory?';
const NEEDLE = 'The secret launch code of the northern observatory is AMBER-4471.';
const ctx = { maxTokens: 1024, seed: 0, countTokens: (t: string) => simTokenizer.encode(t).length };

function filler(n: number): string {
  return Array.from(
    { length: n },
    (_, i) =>
      `Paragraph ${i} talks about weather in valley ${i}. Rain fell for ${i + 2} days while farmers waited.`,
  ).join('\n\n');
}

describe('the simulated memory agent', () => {
  it("recognises MemAgent's real templates", () => {
    const section = 'a\n</section>\nb'; // markers inside the text do not confuse it
    expect(parseMemAgentPrompt(fillMemoryPrompt(QUESTION, 'No previous memory', section))).toEqual({
      kind: 'update',
      problem: QUESTION,
      memory: 'No previous memory',
      section,
    });
    expect(parseMemAgentPrompt(fillFinalPrompt('boxed', QUESTION, 'm1\nm2'))).toEqual({
      kind: 'final',
      problem: QUESTION,
      memory: 'm1\nm2',
      style: 'boxed',
    });
    expect(parseMemAgentPrompt(fillFinalPrompt('text', QUESTION, 'm'))).toMatchObject({
      kind: 'final',
      style: 'text',
    });
    expect(parseMemAgentPrompt('Hello there')).toEqual({ kind: 'other' });
  });

  it('keeps the needle from a section and drops unrelated sentences', () => {
    const section = `${filler(20)}\n\n${NEEDLE} It was set in 1998.\n\n${filler(5)}`;
    const memory = simulateReply(fillMemoryPrompt(QUESTION, 'No previous memory', section), ctx);
    expect(memory).toBe(NEEDLE);
  });

  it('says nothing was found yet, then keeps what the previous memory held', () => {
    const empty = simulateReply(fillMemoryPrompt(QUESTION, 'No previous memory', filler(10)), ctx);
    expect(empty).toBe(NOTHING_YET);
    const kept = simulateReply(fillMemoryPrompt(QUESTION, NEEDLE, filler(10)), ctx);
    expect(kept).toBe(NEEDLE);
    const merged = simulateReply(
      fillMemoryPrompt(
        QUESTION,
        NEEDLE,
        'The northern observatory launch code was changed by the director in 2004.',
      ),
      ctx,
    );
    expect(merged).toBe(
      `${NEEDLE}\n\nThe northern observatory launch code was changed by the director in 2004.`,
    );
  });

  it('reads a sentence wrapped over two lines (as PDF text is) as one sentence', () => {
    const wrapped = 'The secret launch code of the northern observatory\nis AMBER-4471.';
    const section = `${filler(3)}\n\n${wrapped}\n\n${filler(3)}`;
    const memory = simulateReply(fillMemoryPrompt(QUESTION, 'No previous memory', section), ctx);
    expect(memory).toBe(NEEDLE);
    expect(simulateReply(fillFinalPrompt('boxed', QUESTION, memory), ctx)).toMatch(
      /\\boxed\{AMBER-4471\}\.$/,
    );
  });

  it('keeps the memory within max_tokens, best sentences first', () => {
    const many = Array.from(
      { length: 200 },
      (_, i) => `Observatory note ${i}: the northern launch schedule moved to day ${i}.`,
    ).join(' ');
    const section = `${many} ${NEEDLE}`;
    const memory = simulateReply(fillMemoryPrompt(QUESTION, 'No previous memory', section), {
      ...ctx,
      maxTokens: 60,
    });
    expect(simTokenizer.encode(memory).length).toBeLessThanOrEqual(60);
    expect(memory).toContain(NEEDLE); // it shares the most words with the question
  });

  it('answers the final prompts from the memory', () => {
    const boxed = simulateReply(
      fillFinalPrompt('boxed', QUESTION, `Something else.\n${NEEDLE}`),
      ctx,
    );
    expect(boxed).toMatch(/\\boxed\{AMBER-4471\}\.$/);
    const text = simulateReply(fillFinalPrompt('text', QUESTION, NEEDLE), ctx);
    expect(text).toMatch(/Therefore, the answer is AMBER-4471\.$/);
    const none = simulateReply(fillFinalPrompt('boxed', QUESTION, NOTHING_YET), ctx);
    expect(none).not.toContain('\\boxed');
  });

  it('picks the answer part of a sentence', () => {
    expect(
      answerFromSentence(
        'The special magic number for Alice is 7342.',
        'What is the special magic number for Alice?',
      ),
    ).toBe('7342');
    expect(
      answerFromSentence(
        'Paris hosted the 1900 Olympic Games.',
        'Which city hosted the 1900 Olympic Games?',
      ),
    ).toBe('Paris');
  });

  it('is deterministic for a seed; the seed only changes the wording', () => {
    const prompt = fillFinalPrompt('boxed', QUESTION, NEEDLE);
    const replies = new Set(
      [0, 1, 2, 3, 4, 5].map((seed) => simulateReply(prompt, { ...ctx, seed })),
    );
    expect(simulateReply(prompt, { ...ctx, seed: 3 })).toBe(
      simulateReply(prompt, { ...ctx, seed: 3 }),
    );
    expect(replies.size).toBeGreaterThan(1);
    for (const reply of replies) expect(reply).toContain('\\boxed{AMBER-4471}');
  });
});
