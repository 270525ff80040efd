// A citation into the Japanese Debian Live manual (EPUB) read in 30+ chunks: the answer cites a
// sentence of a tutorial deep in the book; following it opens the rendered EPUB scrolled to the
// sentence, highlighted and focused, named by its section; the chunk it came from says so in
// its marker, in the rendered document and in the text. Screenshots of each.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './harness/paths.ts';
import { continueInReader } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, chunksRead, openWithDialog } from './harness/ui.ts';

const EPUB = path.resolve(repoRoot, '../shared/corpus/live-manual.ja.epub');
const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');
/**
 * In tutorial 3 (§18.6, about 90% into the book), a paragraph of two sentences naming both
 * sizes, the only one that does; the answer's words align with the second.
 */
const SENTENCE =
  'これを チュートリアル 1 のデフォルト設定で作成された 192MB のイメージと都合良く比較してみましょう。';
const SECTION = '18.6 128MB USB メモリ向けの基本イメージ';
// The simulator keeps sentences sharing two of its words (110mb, 192mb, image, compare).
const QUESTION = 'How does the 110MB image compare with the 192MB image?';

/** Whether `el` lies within the visible part of `frame`. */
async function inView(frame: Locator, el: Locator): Promise<boolean> {
  const box = await frame.boundingBox();
  const m = await el.boundingBox();
  return box !== null && m !== null && m.y >= box.y && m.y + m.height <= box.y + box.height;
}

describe.skipIf(!canRun || !existsSync(EPUB))('a citation into the Japanese EPUB', () => {
  const b = useBrowser();

  test('opens the rendered EPUB at the sentence, highlighted; its chunk marker cites it', async () => {
    mkdirSync(OUT, { recursive: true });
    const h = await b.open({ viewport: { width: 1280, height: 900 } });
    const { page } = h;
    await openWithDialog(h, EPUB);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION, 1536);
    const chunkCount = await chunksRead(page);
    expect(chunkCount).toBeGreaterThanOrEqual(30);

    // The answer cites the sentence with its section and chunk.
    const passage = page.locator('.evidence button.passage').first();
    await passage.waitFor();
    await expect(passage.locator('.passage-quote').textContent()).resolves.toContain(SENTENCE);
    const where = (await passage.locator('.passage-where').textContent()) ?? '';
    expect(where).toContain(SECTION);
    const cited = Number(/ · chunk (\d+)$/.exec(where)![1]);

    // Followed (beside the answer, then in the Reader): the rendered EPUB, scrolled to the
    // highlight, the focus on it, the place named.
    await passage.click();
    await continueInReader(page);
    const view = page.getByRole('document', { name: 'Document', exact: true });
    const mark = view.locator('mark.passage').first();
    await mark.waitFor();
    await expect(page.getByRole('radio', { name: 'Document' }).isChecked()).resolves.toBe(true);
    const marked = (await view.locator('mark.passage').allTextContents()).join('');
    // (The rendering drops some spaces the extracted text has between Japanese and Latin.)
    const bare = (t: string) => t.replace(/\s+/g, '');
    expect(bare(marked)).toContain(bare(SENTENCE));
    await expect.poll(() => mark.evaluate((m) => m === document.activeElement)).toBe(true);
    await expect.poll(() => inView(view, mark)).toBe(true);
    await expect(page.locator('#passage-where').textContent()).resolves.toContain(SECTION);
    await page.screenshot({ path: path.join(OUT, 'reader-epub-citation.png') });

    // Every chunk has its marker in the rendering; the cited chunk's cites the sentence, and
    // its quote shows the passage again.
    const markers = view.locator('.chunk-marker');
    await expect(markers.count()).resolves.toBe(chunkCount);
    const marker = view.locator(`.chunk-marker[data-chunk="${cited}"]`);
    await expect(marker.textContent()).resolves.toMatch(
      new RegExp(`^Chunk ${cited} · [\\d,]+ tokens — Evidence for the answer:`),
    );
    const citation = marker.getByRole('button', { name: /^Show the evidence on .*192MB/ });
    await expect(citation.getAttribute('aria-label')).resolves.toContain(SECTION);
    await marker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'reader-epub-chunk-marker.png') });
    await view.locator('.chunk-marker:not(.cited)').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'reader-epub-plain-marker.png') });
    await citation.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => mark.evaluate((m) => m === document.activeElement)).toBe(true);
    await expect.poll(() => inView(view, mark)).toBe(true);

    // The text view's marker of that chunk cites it too.
    await page.getByText('Text', { exact: true }).click();
    await page.getByLabel('Chunk', { exact: true }).fill(String(cited));
    await page.getByLabel('Chunk', { exact: true }).press('Enter');
    const textMarker = page.locator(`.row.target .chunk-marker[data-chunk="${cited}"]`);
    await textMarker.getByRole('button', { name: /^Show the evidence on .*192MB/ }).waitFor();
    await page.screenshot({ path: path.join(OUT, 'reader-epub-text-marker.png') });
  }, 240_000);
});
