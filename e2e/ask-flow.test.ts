// The main path a user takes: open a PDF, ask, watch the agent read, get the answer with the
// pages it came from; then look at how the memory formed and compare two states.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
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

    // The evidence trail names the chunk and pages where the answer entered memory (page 17).
    const evidence = page.getByRole('button', { name: /^Chunk \d+, pp?\. / }).first();
    const label = (await evidence.textContent()) ?? '';
    const [, first, last] = /pp?\. (\d+)(?:–(\d+))?/.exec(label) ?? [];
    expect(Number(first)).toBeLessThanOrEqual(17);
    expect(Number(last ?? first)).toBeGreaterThanOrEqual(17);
    await evidence.click();
    // The reader opens at that chunk's boundary.
    await page.getByRole('document', { name: 'Document text' }).waitFor();
    await page.locator('.row.target .chunk-marker').waitFor();
    await page.getByText(NEEDLE.slice(0, 40)).first().waitFor();
  });
});
