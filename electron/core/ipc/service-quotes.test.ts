// The quote check through the real service: the profile decides whether it runs, its verified
// quotes are stored with the run and come back after a restart, and a crash in the middle of it
// leaves the run done with its answer.
import { afterEach, describe, expect, it } from 'vitest';
import { findEvidence } from '../../../shared/evidence.ts';
import { applySnapshot, emptyRunView } from '../../../shared/run-view.ts';
import { openStore } from '../store/store.ts';
import {
  SMALL_CHUNKS,
  chatPrompts,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTION = 'What is the vault code?';
const isQuotePrompt = (p: string) => p.endsWith('Supporting sentences:\n');
const quotePrompts = (harness: Harness) => chatPrompts(harness).filter(isQuotePrompt);

async function ask(harness: Harness, documentId: string, profileId?: string) {
  const run = await harness.ok('runs:start', {
    documentId,
    question: QUESTION,
    settings: SMALL_CHUNKS,
    ...(profileId === undefined ? {} : { profileId }),
  });
  expect((await harness.finished(run.id)).type).toBe('finished');
  return run.id;
}

describe('the quote check through the service', () => {
  it('stores the verified quotes with the run; they rank first and survive a restart', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const runId = await ask(h, documentId);
    expect(quotePrompts(h)).toHaveLength(1);

    const snap = await h.ok('runs:get', { runId });
    expect(snap.quoteCheck).toEqual({ asked: 1, accepted: 1, rejected: 0, failed: 0 });
    expect(snap.modelQuotes).toHaveLength(1);
    const view = applySnapshot(emptyRunView(runId, 0), snap);
    const { document } = await h.ok('documents:get', { documentId });
    const evidence = findEvidence({
      question: QUESTION,
      answer: view.answer ?? '',
      memories: view.memories,
      chunks: view.chunks,
      document,
      quotes: view.modelQuotes,
    });
    expect(evidence[0]?.by).toBe('both');
    expect(evidence[0]?.quote).toContain('4711');
    const quote = snap.modelQuotes?.[0];
    expect(document.text.slice(quote?.start, quote?.end)).toContain('4711');

    await h.service.dispose();
    const raw = openStore(h.dir);
    const stored = raw.quotes.get(runId);
    expect(stored?.quotes).toEqual(snap.modelQuotes);
    // The quote request's tokens are part of the run's usage.
    expect(stored?.usage.promptTokens).toBeGreaterThan(0);
    const tokens =
      snap.memories.reduce((n, m) => n + m.usage.promptTokens, 0) +
      (raw.runs.answer(runId)?.usage.promptTokens ?? 0) +
      (stored?.usage.promptTokens ?? 0);
    expect(snap.summary.usage.promptTokens).toBe(tokens);
    raw.close();
    h.reopen();
    const again = await h.ok('runs:get', { runId });
    expect(again.modelQuotes).toEqual(snap.modelQuotes);
    expect(again.quoteCheck).toEqual(snap.quoteCheck);
    expect(again.summary.usage).toEqual(snap.summary.usage);
  });

  it('is off by default for a cloud kind and runs there only when chosen', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const cloud = {
      id: 'cloud',
      name: 'OpenAI (the simulator)',
      kind: 'openai' as const,
      baseUrl: h.sim.baseUrl,
      model: 'sim-llm/memagent-simulator',
      hasApiKey: true,
      timeoutMs: 10_000,
      maxRetries: 0,
    };
    await h.ok('settings:save-profile', { profile: cloud, apiKey: 'sk-test' });
    const before = chatPrompts(h).length;
    const off = await ask(h, documentId, 'cloud');
    const sent = chatPrompts(h).slice(before);
    expect(sent.filter(isQuotePrompt)).toEqual([]);
    expect(sent.length).toBeGreaterThan(1);
    expect((await h.ok('runs:get', { runId: off })).quoteCheck).toBeUndefined();

    await h.ok('settings:save-profile', { profile: { ...cloud, quoteCheck: true } });
    const on = await ask(h, documentId, 'cloud');
    expect(quotePrompts(h)).toHaveLength(1);
    expect((await h.ok('runs:get', { runId: on })).quoteCheck?.accepted).toBe(1);
  });

  it('a local profile the user switched off sends no quote request', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    const profiles = await h.ok('settings:get', {});
    const sim = profiles.profiles.find((p) => p.id === profileId);
    if (!sim) throw new Error('no simulator profile');
    await h.ok('settings:save-profile', { profile: { ...sim, quoteCheck: false } });
    await ask(h, documentId);
    expect(quotePrompts(h)).toEqual([]);
  });

  it('a crash during the quote step leaves the run done with its answer, never asked again', async () => {
    h = await startHarness();
    const harness = h;
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: QUESTION,
      settings: SMALL_CHUNKS,
    });
    // Once the answer is stored, the server takes the quote request and never answers.
    await h.waitFor('run:event', (p) => {
      if (p.event.runId !== run.id || p.event.type !== 'answer') return false;
      harness.sim.setOptions({ faults: [{ kind: 'stall' }] });
      return true;
    });
    while (quotePrompts(h).length === 0) await new Promise((r) => setTimeout(r, 5));
    await h.service.dispose();
    h.sim.setOptions({ faults: [] });
    h.reopen();
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary.status).toBe('done');
    expect(snap.summary.answer).toBe('4711');
    expect(snap.quoteCheck).toBeUndefined();
    const before = chatPrompts(h).length;
    const again = await h.call('runs:continue', { runId: run.id });
    expect(again.ok).toBe(false);
    expect(chatPrompts(h)).toHaveLength(before);
  });
});
