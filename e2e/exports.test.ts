// Exports from the UI on the Japanese Debian Live manual (EPUB) read in 30+ chunks: the answer
// as PDF from its run, the session as HTML from the document's control, then "Open file". The
// saved files are read back (pdftotext; the HTML page in the browser) and photographed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { EPUB } from './harness/corpus.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, chunksRead, openWithDialog } from './harness/ui.ts';

const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');
// The simulator keeps sentences sharing words with the question (see evidence-epub.test.ts).
const QUESTION = 'How does the 110MB image compare with the 192MB image?';
const SENTENCE =
  'これをチュートリアル1のデフォルト設定で作成された192MBのイメージと都合良く比較してみましょう。';
const squash = (text: string) => text.replace(/\s+/g, '');

describe.skipIf(!canRun || !existsSync(EPUB))('exports from the app', () => {
  const b = useBrowser();

  test('the answer as PDF and the session as HTML, each with its source, then Open file', async () => {
    mkdirSync(OUT, { recursive: true });
    const h = await b.open({ viewport: { width: 1280, height: 900 } });
    const { page } = h;
    await openWithDialog(h, EPUB);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION, 1536);
    expect(await chunksRead(page)).toBeGreaterThanOrEqual(30);
    await page.locator('.evidence button.passage').first().waitFor();

    // The run's own control: PDF.
    const runExport = page.locator('.run-detail .export[data-scope="run"]');
    await runExport.getByRole('combobox').selectOption('pdf');
    await runExport.getByRole('button', { name: 'Export answer…' }).click();
    const savedPdf = runExport.getByText(/^Saved to /);
    await savedPdf.waitFor({ timeout: 60_000 });
    const pdf = ((await savedPdf.textContent()) ?? '').replace(/^Saved to /, '');
    expect(pdf).toMatch(/\/how-does-the-110mb-image-compare-with-answer\.pdf$/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
    expect(text.replace(/\s+/g, ' ')).toContain(QUESTION);
    expect(text).toContain('An answer from Live');
    expect(text).toContain('Answer:');
    // The cited Japanese sentence is in the PDF as text (pdftotext may space its glyphs).
    expect(squash(text)).toContain(squash(SENTENCE));
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      path.join(OUT, 'export-answer-pdf'),
    ]);

    // The document's control: the whole session as HTML; the notice offers to open it.
    const sessionExport = page.locator('.export[data-scope="document"]');
    await sessionExport.getByRole('combobox').selectOption('html');
    await sessionExport.getByRole('button', { name: 'Export session…' }).click();
    const savedHtml = sessionExport.getByText(/^Saved to /);
    await savedHtml.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(OUT, 'export-saved-notice.png') });
    const html = ((await savedHtml.textContent()) ?? '').replace(/^Saved to /, '');
    expect(html).toMatch(/-questions\.html$/);
    await sessionExport.getByRole('button', { name: 'Open file' }).click();
    await sessionExport.getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(() => h.shellOpened).toEqual([`file:${html}`, `folder:${html}`]);

    // The saved page itself, as a colleague opens it: no script, the answer and its source.
    const saved = readFileSync(html, 'utf8');
    expect(saved).not.toMatch(/<script|<link |src=/i);
    const viewer = await h.context.newPage();
    await viewer.setContent(saved);
    await viewer.getByText('Answer:').first().waitFor();
    await expect(viewer.locator('blockquote').first().textContent()).resolves.toContain('192MB');
    expect(await viewer.locator('.timeline .bar').count()).toBeGreaterThanOrEqual(30);
    await viewer.screenshot({ path: path.join(OUT, 'export-session-html.png'), fullPage: false });
    await viewer.locator('details.trail > summary').first().click();
    await viewer.locator('details.trail details > summary').nth(1).click();
    await viewer.screenshot({
      path: path.join(OUT, 'export-session-html-trail.png'),
      fullPage: false,
    });
    await viewer.close();
  });
});
