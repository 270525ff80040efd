// Following a citation of the answer moves the keyboard focus onto the cited passage in the
// source panel beside the answer, in each of the reader's views it uses: the text, the rendered
// document and a PDF's page.
import { describe, expect, test } from 'vitest';
import { needleDocument } from '../electron/core/agent/test-support.ts';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { sourcePanel } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog } from './harness/ui.ts';
import type { Harness } from './harness/harness.ts';

const TEXT = needleDocument(40, 25);
const QUESTION = 'What is the secret launch code of the northern observatory?';
const HTML = `<!doctype html><html><head><title>Observatory</title></head><body>${TEXT.split('\n\n')
  .map((p) => `<p>${p.replace(/&/g, '&amp;')}</p>`)
  .join('')}</body></html>`;

/** Asks, follows the answer's first cited passage, and says what has the focus. */
async function followCitation(h: Harness, question: string): Promise<string> {
  const { page } = h;
  await page.getByRole('heading', { name: /Ask about/ }).waitFor();
  await ask(page, question, 300);
  const cited = page.locator('.evidence button.passage').first();
  await cited.waitFor({ timeout: 60_000 });
  await cited.click();
  // A PDF's page is drawn first (PDFium in main), then the view takes the focus.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return el !== null && el !== document.body && !!el.closest('.source-panel');
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return `${el.tagName.toLowerCase()}.${el.className}:${(el.textContent ?? '').slice(0, 200)}`;
  });
}

describe.skipIf(!canRun)('following a citation', () => {
  const b = useBrowser();

  test('in the text view, the focus is on the cited passage', async () => {
    const h = await b.open();
    await openWithDialog(h, b.file('observatory.txt', new TextEncoder().encode(TEXT)));
    const focused = await followCitation(h, QUESTION);
    expect(focused).toContain('AMBER-4471');
  });

  test('in the rendered document view, the focus is on the cited passage', async () => {
    const h = await b.open();
    await openWithDialog(h, b.file('observatory.html', new TextEncoder().encode(HTML)));
    const focused = await followCitation(h, QUESTION);
    expect(focused).toMatch(/^mark\..*AMBER-4471/);
  });

  test('in a PDF, the original page opens and takes the focus', async () => {
    const h = await b.open();
    const needle = 'The night watchman of the harbour bridge was named Ottilie Brandvold.';
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(12, 7, needle)));
    const focused = await followCitation(h, 'Who was the night watchman of the harbour bridge?');
    expect(focused).toMatch(/pdf-scroller/);
    await sourcePanel(h.page).getByTestId('pdf-highlight').first().waitFor();
  });
});
