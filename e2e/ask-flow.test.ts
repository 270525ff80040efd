// The main path a user takes: open a PDF, ask, watch the agent read, get the answer with the
// sentence and page it came from; then look at how the memory formed and compare two states.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { HIGHLIGHT, sourcePanel } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask } from './harness/ui.ts';

const NEEDLE =
  'The replacement bearing for the old mill bridge was ordered from the Harwick foundry.';
const QUESTION = 'Which foundry supplied the replacement bearing for the old mill bridge?';

describe.skipIf(!canRun)('asking a question about a PDF', () => {
  const b = useBrowser();

  test('open by file dialog, ask, see progress and the answer with its evidence', async () => {
    const h = await b.open();
    const { page } = h;
    const pdf = b.file('minutes.pdf', makeReportPdf(24, 17, NEEDLE));
    h.chooseNext(pdf);

    await page.getByRole('button', { name: /Open document/ }).click();
    // The document opens and the Ask screen shows it.
    await page.getByRole('heading', { name: /Ask about Bridge committee minutes/ }).waitFor();

    await ask(page, QUESTION, 512);

    // Progress: chunk k of N with pages, then the answer.
    await page
      .getByText(/Reading chunk \d+ of \d+|Read all \d+ chunks/)
      .first()
      .waitFor();
    const answer = page.getByTestId('answer');
    await answer.waitFor({ timeout: 60_000 });
    await expect(answer.textContent()).resolves.toMatch(/Harwick/);
    await page.getByText(/Read all \d+ chunks/).waitFor();

    // Chunk 1 found nothing: its bar is low beside the chunk that brought the needle in.
    const bars = (await page.locator('.change-chart path.bars').getAttribute('d')) ?? '';
    const heights = [...bars.matchAll(/v-([\d.]+)/g)].map((m) => Number(m[1]));
    expect(heights[0]).toBeLessThan(Math.max(...heights) / 2);

    // The answer cites the needle's sentence, on page 17.
    const evidence = page.locator('.evidence button.passage').first();
    await expect(evidence.locator('.passage-quote').textContent()).resolves.toBe(NEEDLE);
    await expect(evidence.locator('.passage-where').textContent()).resolves.toMatch(/^p\. 17 · /);
    await evidence.click();
    // The passage shows highlighted beside the answer, which stays.
    const panel = sourcePanel(page);
    await panel.locator(HIGHLIGHT).first().waitFor();
    await expect(panel.locator('.source-panel-line').textContent()).resolves.toMatch(
      /^Showing passage 1, p\. 17$/,
    );
    await expect(answer.isVisible()).resolves.toBe(true);
  });
});
