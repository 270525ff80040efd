import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_MEMORY } from '../../../shared/model.ts';
import { QUOTE_CHECK_CHUNKS } from '../../../shared/quote-check.ts';
import { qwenTokenizer } from '../tokenize/index.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import {
  SMALL_CHUNKS,
  bookText,
  chatPrompts,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
let qwen: Tokenizer;
beforeAll(() => {
  qwen = qwenTokenizer({ workers: 1 });
});
afterAll(async () => {
  await qwen.dispose();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTION = 'What is the vault code, and who set it?';
const chatCount = (harness: Harness) =>
  harness.sim.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
const count = async (text: string) => (await qwen.countMany([text]))[0] ?? 0;

describe('runs:estimate', () => {
  it('counts exactly the prompt tokens a run sends (the simulator counts with the same Qwen tokenizer)', async () => {
    // Every reply empty: the memory stays "No previous memory", so every prompt is the one the
    // estimate counts exactly, and the run's reported prompt tokens must equal it.
    h = await startHarness({ sim: { faults: [{ kind: 'empty-reply' }] } });
    const { documentId } = await openBookAndProfile(h, bookText(60));
    const estimate = await h.ok('runs:estimate', {
      documentId,
      question: QUESTION,
      settings: SMALL_CHUNKS,
    });
    expect(chatCount(h)).toBe(0);
    const run = await h.ok('runs:start', {
      documentId,
      question: QUESTION,
      settings: SMALL_CHUNKS,
    });
    await h.finished(run.id);
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary.chunkCount).toBe(estimate.chunks);
    expect(estimate.chunks).toBeGreaterThanOrEqual(8);
    const initial = await count(INITIAL_MEMORY);
    // The simulator's profile has the quote check on; an empty answer cites no chunk.
    expect(snap.quoteCheck?.asked ?? 0).toBe(0);
    const exact =
      estimate.promptTokens -
      (estimate.quoteCheck?.promptTokens ?? 0) -
      estimate.chunks * (SMALL_CHUNKS.memoryTokens - initial);
    expect(snap.summary.usage.promptTokens).toBe(exact);
  });

  it('bounds a real run with the quote check on: prompt tokens are the exact part plus the memories written plus the quote requests, completions within the budget', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h, bookText(60));
    const settings = SMALL_CHUNKS;
    const before = await h.ok('runs:estimate', { documentId, question: QUESTION, settings });
    expect(before.quoteCheck?.requests).toBe(QUOTE_CHECK_CHUNKS);
    // No run finished on this backend yet: no speed to go by.
    expect(before.seconds).toBeNull();
    expect(before.cost).toBeNull();
    const run = await h.ok('runs:start', { documentId, question: QUESTION, settings });
    await h.finished(run.id);
    const snap = await h.ok('runs:get', { runId: run.id });
    const { promptTokens, completionTokens } = snap.summary.usage;
    // The quote check ran: its requests are part of the usage the bounds must hold.
    const quotes = chatPrompts(h).filter((p) => p.endsWith('Supporting sentences:\n'));
    expect(snap.quoteCheck?.asked).toBeGreaterThanOrEqual(1);
    expect(quotes).toHaveLength(snap.quoteCheck?.asked ?? -1);
    let quoteTokens = 0;
    for (const p of quotes) quoteTokens += await count(p);
    expect(quoteTokens).toBeLessThanOrEqual(
      ((before.quoteCheck?.promptTokens ?? 0) * quotes.length) / QUOTE_CHECK_CHUNKS,
    );
    expect(promptTokens).toBeLessThanOrEqual(before.promptTokens);
    expect(promptTokens).toBeGreaterThanOrEqual(before.minPromptTokens);
    expect(completionTokens).toBeLessThanOrEqual(before.maxCompletionTokens);
    expect(completionTokens).toBeGreaterThanOrEqual(before.minCompletionTokens);
    // Each later prompt carries the memory written before it in place of the initial one.
    const initial = await count(INITIAL_MEMORY);
    const exact =
      before.promptTokens -
      (before.quoteCheck?.promptTokens ?? 0) -
      before.chunks * (settings.memoryTokens - initial);
    let written = 0;
    for (const m of snap.memories) written += (await count(m.memory)) - initial;
    // A memory ending in punctuation shares a token with the newline after it (".\n"), so a
    // written memory adds its own count or one less, never more: the bound is safe.
    expect(promptTokens - quoteTokens).toBeLessThanOrEqual(exact + written);
    expect(promptTokens - quoteTokens).toBeGreaterThanOrEqual(
      exact + written - snap.memories.length,
    );

    const after = await h.ok('runs:estimate', { documentId, question: QUESTION, settings });
    expect(after.seconds).not.toBeNull();
    expect(after.seconds?.min).toBeLessThanOrEqual(after.seconds?.max ?? 0);
    // The run left its speeds and its memory's growth: the range spans at most 2× (it was the
    // span between every memory one token long and every memory full).
    expect(after.seconds!.max).toBeLessThanOrEqual(2 * after.seconds!.min);
  });

  it('with the quote check off, counts no quote request and the run stays within the same bounds', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h, bookText(60));
    const settings = SMALL_CHUNKS;
    const on = await h.ok('runs:estimate', { documentId, question: QUESTION, settings });
    const profile = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
    if (!profile) throw new Error('no profile');
    await h.ok('settings:save-profile', { profile: { ...profile, quoteCheck: false } });
    const off = await h.ok('runs:estimate', { documentId, question: QUESTION, settings });
    const quote = on.quoteCheck;
    if (quote === null) throw new Error('the quote check should be on by default here');
    expect(off).toEqual({
      ...on,
      promptTokens: on.promptTokens - quote.promptTokens,
      maxCompletionTokens: on.maxCompletionTokens - quote.completionTokens,
      quoteCheck: null,
    });
    // Without the quote check the figures are the chunk and final requests' alone.
    expect(off.maxCompletionTokens).toBe(off.chunks * 256 + 128);

    const run = await h.ok('runs:start', { documentId, question: QUESTION, settings });
    await h.finished(run.id);
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(chatCount(h)).toBe(off.chunks + 1);
    expect(snap.summary.usage.promptTokens).toBeLessThanOrEqual(off.promptTokens);
    expect(snap.summary.usage.promptTokens).toBeGreaterThanOrEqual(off.minPromptTokens);
    expect(snap.summary.usage.completionTokens).toBeLessThanOrEqual(off.maxCompletionTokens);
  });

  it('gives a cost range for a priced backend and never calls the model', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    const profile = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
    if (!profile) throw new Error('no profile');
    await h.ok('settings:save-profile', {
      profile: { ...profile, inputPricePerMTok: 2, outputPricePerMTok: 8 },
    });
    const e = await h.ok('runs:estimate', { documentId, question: '', settings: SMALL_CHUNKS });
    expect(e.cost).toEqual({
      min: (e.minPromptTokens * 2 + e.minCompletionTokens * 8) / 1e6,
      max: (e.promptTokens * 2 + e.maxCompletionTokens * 8) / 1e6,
    });
    // A priced profile has the quote check off unless the user turns it on.
    expect(e.quoteCheck).toBeNull();
    expect(e.maxCompletionTokens).toBe(e.chunks * 256 + 128);
    expect(chatCount(h)).toBe(0);
  });

  it('says when the document is not in the library', async () => {
    h = await startHarness();
    await openBookAndProfile(h);
    const r = await h.call('runs:estimate', {
      documentId: 'f'.repeat(64),
      question: 'q',
      settings: SMALL_CHUNKS,
    });
    expect(r.ok).toBe(false);
  });
});
