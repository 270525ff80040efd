// The memory streams in as the model writes it: the progress panel shows a growing partial
// memory before the chunk is done, and it ends as the saved state of that chunk.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog } from './harness/ui.ts';

describe.skipIf(!canRun)('streaming memory', () => {
  const b = useBrowser();

  test('partial memory is shown while a chunk is read', async () => {
    // Slow decoding so a memory takes a visible while to write.
    const h = await b.open({
      sim: {
        latency: {
          prefillTokensPerSec: 1e6,
          decodeTokensPerSec: 25,
          aggregateDecodeTokensPerSec: 1e5,
          maxBatch: 8,
          overheadMs: 5,
        },
      },
    });
    const { page } = h;
    await openWithDialog(
      h,
      b.file(
        'minutes.pdf',
        makeReportPdf(3, 2, 'The toll keeper of the south bridge was Marguerite Olsen.'),
      ),
    );
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    // Record every text the live-memory box shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.live-memory pre')?.textContent;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await ask(page, 'Who was the toll keeper of the south bridge?', 4096);
    const done = await h.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');
    const memory = done.event.type === 'chunk-done' ? done.event.state.memory : '';
    await page.getByTestId('answer').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    // At least two growing partials, each a prefix of the memory that was saved.
    const partials = seen.filter((s) => memory.startsWith(s) && s.length < memory.length);
    expect(partials.length).toBeGreaterThanOrEqual(2);
    expect(partials[partials.length - 1]!.length).toBeGreaterThan(partials[0]!.length);
  });
});
