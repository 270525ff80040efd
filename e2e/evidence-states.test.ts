// The answer's passages as a user meets them on real material read in 30+ chunks: the 1,151-page
// book and the Japanese EPUB. While the quote check runs the answer says it is finding its
// passages (held open by a gate in front of the simulator, not by timing), then shows them with
// their pages; an answer cut by a content filter or by its token limit says so, and by what,
// over the passages traced for it, and is never shown as a full answer. Screenshots of each
// state at 1280×800 light and dark and 1024×700, to out/screenshots/ (git-ignored).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import type { Events } from '../shared/api.ts';
import type { BackendProfile, RunEvent } from '../shared/model.ts';
import { senderIdOf } from '../electron/app/ipc-dispatch.ts';
import { invokeCall } from '../electron/core/ipc/invoke-call.ts';
import { BOOK, EPUB } from './harness/corpus.ts';
import type { Harness } from './harness/harness.ts';
import { startQuoteGate, type QuoteGate } from './harness/quote-gate.ts';
import { continueInReader } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, chunksRead, openWithDialog } from './harness/ui.ts';
import { SHOTS_DIR } from './harness/walk.ts';

const BOOK_QUESTION =
  'Who created an alternative implementation of the class Clonable as a class template?';
// Worded otherwise, so that each run is its own row in the list; the same footnote answers.
const BOOK_FILTERED =
  'Who made an alternative implementation of the class Clonable as a class template?';
const BOOK_LENGTH =
  'Who wrote an alternative implementation of the class Clonable as a class template?';
const EPUB_QUESTION = 'How does the 110MB image compare with the 192MB image?';
const EPUB_FILTERED = 'How does the 110MB image compare with the 192MB image of tutorial 1?';
/** The sentence of §18.6 the EPUB's answer rests on (as in evidence-epub.test.ts). */
const SENTENCE =
  'これを チュートリアル 1 のデフォルト設定で作成された 192MB のイメージと都合良く比較してみましょう。';
/** What UTF-8 read as Latin-1 looks like, and the replacement character. */
const MOJIBAKE = /[\uFFFD]|[ÃÂâã][\u0080-\u00BF]/u;

const VIEWS = [
  { name: '1280-light', width: 1280, height: 800, scheme: 'light' },
  { name: '1280-dark', width: 1280, height: 800, scheme: 'dark' },
  { name: '1024-light', width: 1024, height: 700, scheme: 'light' },
] as const;

/** Saves the page as NAME-VIEW.png in each of the three views, the answer scrolled into sight. */
async function shoot(page: Page, name: string, focus = '.answer'): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const v of VIEWS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.emulateMedia({ colorScheme: v.scheme });
    await page.locator(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${v.name}.png`), caret: 'hide' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Points the harness's active profile at `gate` (a quote check on, as for a local vLLM). */
async function routeThrough(h: Harness, gate: QuoteGate): Promise<void> {
  const profile: BackendProfile = {
    id: 'sim',
    name: 'Local simulator (sim-llm)',
    kind: 'vllm',
    baseUrl: gate.baseUrl,
    model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B',
    hasApiKey: false,
    // The quote check is held for as long as the test looks: no timeout meanwhile.
    timeoutMs: 120_000,
    maxRetries: 0,
  };
  const saved = await invokeCall(
    h.service.handlers,
    'settings:save-profile',
    { profile },
    { senderId: senderIdOf(1) },
  );
  if (!saved.ok) throw new Error(saved.error.message);
}

/** The events of the first run the page heard of after event `since`, in the order it did. */
function runAfter(h: Harness, since: number): RunEvent[] {
  const all = h.events
    .slice(since)
    .filter((e) => e.name === 'run:event')
    .map((e) => (e.payload as Events['run:event']).event);
  const first = all[0]?.runId;
  return all.filter((e) => e.runId === first);
}

/** Waits for the terminal event of the run asked after event `since`: its answer and its end. */
async function finished(h: Harness, since: number) {
  const event = await h.waitForEvent(
    'run:event',
    (p) => p.event.type === 'finished' && p.event.runId === runAfter(h, since)[0]?.runId,
    240_000,
  );
  const answer = runAfter(h, since).find(
    (e): e is Extract<RunEvent, { type: 'answer' }> => e.type === 'answer',
  );
  return { answer, finished: event.event as Extract<RunEvent, { type: 'finished' }> };
}

/**
 * Asks `question` with the quote check held: "Finding the passages…" under the answer until the
 * test lets the check through, then the passages. Resolves with the number of chunks read.
 */
async function askAndWatchTheCheck(
  h: Harness,
  gate: QuoteGate,
  question: string,
  chunkTokens: number,
  shotName: string,
): Promise<number> {
  const { page } = h;
  const holding = gate.hold();
  const since = h.events.length;
  await ask(page, question, chunkTokens);
  await holding;
  const answer = page.getByRole('region', { name: 'Answer' });
  await answer.getByRole('status').filter({ hasText: 'Finding the passages' }).waitFor();
  // The answer is there; its passages are not yet, and nothing claims there are none.
  await answer.getByTestId('answer').waitFor();
  await expect(answer.locator('.evidence').count()).resolves.toBe(0);
  await expect(answer.getByTestId('no-evidence').count()).resolves.toBe(0);
  // The progress says the answer is in, not that it is still being written.
  await page.getByText('Answered; finding the passages it rests on…').waitFor();
  // The question list says the same, not "Reading 36/36".
  await page.locator('.run-item.selected .badge', { hasText: 'Finding passages' }).waitFor();
  await shoot(page, `${shotName}-finding`);
  gate.release();
  const done = await finished(h, since);
  await answer.locator('.evidence button.passage').first().waitFor();
  await expect(answer.getByRole('status').count()).resolves.toBe(0);
  // The order the page was told: the answer, then the quotes, then the end with the passages.
  const order = runAfter(h, since).map((e) => e.type);
  expect(order.indexOf('answer')).toBeLessThan(order.indexOf('finished'));
  expect(done.finished.evidence?.length ?? 0).toBeGreaterThan(0);
  expect(done.answer?.cut).toBe(false);
  return chunksRead(page);
}

/**
 * Makes the next run's final reply (request `chunks + 1`) come whole but ended by `reason`: the
 * answer's box is closed, the reply is flagged cut, as a filter or a limit stopping at its end.
 */
function cutNextAnswer(h: Harness, chunks: number, reason: string): void {
  h.sim.setOptions({
    faults: [
      { kind: 'stopped-reply', every: chunks + 1, afterTokens: 100_000, finishReason: reason },
    ],
  });
}

/** The cut answer's region: its label, its passages, and no sign of a full answer. */
async function expectCutAnswer(page: Page, by: RegExp, labelBy: string): Promise<void> {
  const answer = page.getByRole('region', { name: 'Answer' });
  const cut = answer.getByTestId('answer-cut');
  await cut.waitFor();
  await expect(cut.textContent()).resolves.toMatch(by);
  // The heading says it is incomplete, before the text is read.
  await expect(answer.getByRole('heading').first().textContent()).resolves.toMatch(
    /^Incomplete answer/,
  );
  const label = answer.getByTestId('evidence-cut');
  await label.waitFor();
  await expect(label.textContent()).resolves.toMatch(
    new RegExp(`^The answer was cut short ${labelBy}: these passages support it`),
  );
  await answer.locator('.evidence button.passage').first().waitFor();
  // The question list does not call a cut answer "Answered".
  await page.locator('.run-item.selected .badge', { hasText: 'Incomplete' }).waitFor();
  // The label stands over the passages, the passages under it.
  const labelBox = (await label.boundingBox())!;
  const passageBox = (await answer.locator('.evidence button.passage').first().boundingBox())!;
  expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(passageBox.y);
  // No quote check was asked for a cut answer, so none is summed up as if it had been.
  await expect(answer.getByTestId('quote-check').count()).resolves.toBe(0);
}

describe.skipIf(!canRun || !existsSync(BOOK))(
  `the answer's passages on the 1,151-page book${existsSync(BOOK) ? '' : ` (skipped: no ${BOOK})`}`,
  () => {
    const b = useBrowser();
    let gate: QuoteGate | null = null;
    afterEach(async () => {
      await gate?.close();
      gate = null;
    });

    test('finding the passages, then pages; an answer cut by a filter or by its limit says so', async () => {
      const h = await b.open({ viewport: { width: 1280, height: 800 } });
      const { page } = h;
      gate = await startQuoteGate(h.sim.origin);
      await routeThrough(h, gate);
      await openWithDialog(h, BOOK);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });

      const chunks = await askAndWatchTheCheck(h, gate, BOOK_QUESTION, 16_000, 'answer-book');
      expect(chunks).toBeGreaterThanOrEqual(30);
      const passage = page.locator('.evidence button.passage').first();
      await expect(passage.locator('.passage-where').textContent()).resolves.toMatch(
        /^p\. \d+ \(PDF page 505\).* · chunk \d+$/,
      );
      await expect(
        page.getByRole('heading', { name: 'Answer', exact: true }).count(),
      ).resolves.toBe(1);
      await shoot(page, 'answer-book-passages');

      // Stopped by the server's content filter after the whole answer.
      cutNextAnswer(h, chunks, 'content_filter');
      const sinceFiltered = h.events.length;
      await ask(page, BOOK_FILTERED, 16_000);
      await finished(h, sinceFiltered);
      await expectCutAnswer(
        page,
        /finish_reason "content_filter"/,
        "by the server's content filter",
      );
      await expect(
        page.locator('.evidence button.passage .passage-where').first().textContent(),
      ).resolves.toMatch(/^p\. \d+ \(PDF page 505\)/);
      await shoot(page, 'answer-book-filtered');

      // Cut at its token limit.
      cutNextAnswer(h, chunks, 'length');
      const sinceLength = h.events.length;
      await ask(page, BOOK_LENGTH, 16_000);
      await finished(h, sinceLength);
      await expectCutAnswer(page, /cut at its token limit/, 'at its token limit');
      await shoot(page, 'answer-book-length');

      // The timeline of the cut run from chunk 10 on: the cited chunk marked.
      const where = await page
        .locator('.evidence button.passage .passage-where')
        .first()
        .textContent();
      const cited = Number(/chunk (\d+)$/.exec(where ?? '')![1]);
      await page.locator('.timeline-list').evaluate(
        async (el, y) => {
          el.scrollTop = y;
          for (let i = 0; i < 3; i += 1) await new Promise(requestAnimationFrame);
        },
        (cited - 3) * 44,
      );
      await page.locator(`.timeline-entry[data-chunk="${cited}"] .cited-badge`).waitFor();
      await shoot(page, 'timeline-cut', '.timeline');
    }, 600_000);
  },
);

describe.skipIf(!canRun || !existsSync(EPUB))(
  `the answer's passages in the Japanese EPUB${existsSync(EPUB) ? '' : ` (skipped: no ${EPUB})`}`,
  () => {
    const b = useBrowser();
    let gate: QuoteGate | null = null;
    afterEach(async () => {
      await gate?.close();
      gate = null;
    });

    test('CJK passages found, then shown whole; a filtered answer labelled over them', async () => {
      const h = await b.open({ viewport: { width: 1280, height: 800 } });
      const { page } = h;
      gate = await startQuoteGate(h.sim.origin);
      await routeThrough(h, gate);
      await openWithDialog(h, EPUB);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();

      const chunks = await askAndWatchTheCheck(h, gate, EPUB_QUESTION, 1536, 'answer-epub');
      expect(chunks).toBeGreaterThanOrEqual(30);
      const quote = page.locator('.evidence button.passage .passage-quote').first();
      await expect(quote.textContent()).resolves.toContain(SENTENCE);
      await expect(page.locator('.answer').textContent()).resolves.not.toMatch(MOJIBAKE);
      await shoot(page, 'answer-epub-passages');

      cutNextAnswer(h, chunks, 'content_filter');
      const sinceCut = h.events.length;
      await ask(page, EPUB_FILTERED, 1536);
      await finished(h, sinceCut);
      await expectCutAnswer(
        page,
        /finish_reason "content_filter"/,
        "by the server's content filter",
      );
      await expect(quote.textContent()).resolves.toContain(SENTENCE);
      await expect(page.locator('.answer').textContent()).resolves.not.toMatch(MOJIBAKE);
      await shoot(page, 'answer-epub-filtered');

      // Followed, the cut answer's passage is highlighted in the rendered book, whole.
      await page.locator('.evidence button.passage').first().click();
      await continueInReader(page);
      const view = page.getByRole('document', { name: 'Document', exact: true });
      await view.locator('mark.passage').first().waitFor();
      const marked = (await view.locator('mark.passage').allTextContents()).join('');
      const bare = (t: string) => t.replace(/\s+/g, '');
      expect(bare(marked)).toContain(bare(SENTENCE));
      expect(marked).not.toMatch(MOJIBAKE);
      await shoot(page, 'reader-epub-cut-passage', 'mark.passage');
    }, 400_000);
  },
);
