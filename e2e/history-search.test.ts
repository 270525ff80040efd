// Searching the history from the library: questions asked about two real documents (the GPL
// PDF and the FHS HTML), found again by words of their answers, memories and titles, each word
// anywhere; a click opens the run. The box is the first thing on the library screen.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog, showScreen, waitForAnswer } from './harness/ui.ts';

const CORPUS = path.resolve(repoRoot, '../shared/corpus');
const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');

describe.skipIf(!canRun)('searching the history', () => {
  const b = useBrowser();

  test('finds runs of every document by question, answer or memory, marks the match, opens the run', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, path.join(CORPUS, 'gpl-3.0.pdf'));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, 'What does the licence say about conveying verbatim copies?', 2000);
    await waitForAnswer(page);
    await openWithDialog(h, path.join(CORPUS, 'fhs-3.0.html'));
    await page.getByRole('heading', { name: /Ask about .*(FHS|Filesystem|fhs)/i }).waitFor();
    await ask(page, 'What is the purpose of /usr/local?', 4000);
    await waitForAnswer(page);

    await showScreen(page, 'Library');
    const search = page.getByRole('region', { name: 'Search the history' });
    const box = search.getByRole('searchbox', { name: 'Search every question, answer and memory' });
    // Above the documents' table, not below it.
    const boxTop = (await box.boundingBox())?.y ?? Infinity;
    const tableTop = (await page.locator('.screen.library table').first().boundingBox())?.y ?? 0;
    expect(boxTop).toBeLessThan(tableTop);
    await box.fill('VERBATIM');
    await search.getByRole('status').filter({ hasText: '1 run' }).waitFor();
    const hit = search.locator('.history-hit');
    await expect(hit.count()).resolves.toBe(1);
    await expect(hit.locator('.history-doc').textContent()).resolves.toMatch(/gpl-3\.0|GNU/);
    await expect(hit.locator('.history-status').textContent()).resolves.toBe('Answered');
    await expect(hit.locator('.history-question').textContent()).resolves.toBe(
      'What does the licence say about conveying verbatim copies?',
    );
    // The match is marked as it stands in each place (any case).
    const marks = await hit.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThanOrEqual(2);
    // The question is the result's heading, not repeated as a snippet.
    for (const m of marks) expect(m.toLowerCase()).toBe('verbatim');
    await expect(hit.locator('.history-where').allTextContents()).resolves.toEqual([
      'Answer',
      'Memory after chunk 1',
    ]);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'history-search.png'), fullPage: true });

    // A word in the other document's run; a two-character term; FTS syntax taken literally.
    await box.fill('/usr/local');
    await hit.filter({ hasText: 'What is the purpose of /usr/local?' }).waitFor();
    await expect(hit.count()).resolves.toBe(1);
    // Words, not a phrase: apart and in another order; a word of the file name with one of the run.
    await box.fill('copies conveying');
    await hit.filter({ hasText: 'conveying verbatim copies' }).waitFor();
    await box.fill('gpl verbatim');
    await hit.filter({ hasText: 'conveying verbatim copies' }).waitFor();
    await expect(hit.count()).resolves.toBe(1);
    await box.fill('verbatim OR zqxj');
    await search.getByRole('status').filter({ hasText: 'No run holds every word' }).waitFor();
    await box.fill('"NEAR(');
    await search.getByRole('status').filter({ hasText: 'No run holds every word' }).waitFor();

    // A two-character Japanese word (no trigram) in a question about the Japanese manual.
    await box.fill('');
    await hit.first().waitFor({ state: 'detached' });
    // (From the Ask screen: openWithDialog's "Library" button is ambiguous beside "Remove … from
    // the library".)
    await showScreen(page, 'Ask');
    await openWithDialog(h, path.join(CORPUS, 'live-manual.ja.epub'));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    // The question is in the history from the moment it is asked, read or not.
    await ask(page, 'ライブシステムの起動方法は？', 4000);
    await showScreen(page, 'Library');
    await box.fill('起動');
    await hit.filter({ hasText: 'ライブシステムの起動方法は？' }).waitFor();
    await expect(hit.count()).resolves.toBe(1);

    // Clicking a result opens its run on the Ask screen.
    await box.fill('verbatim');
    await hit.filter({ hasText: 'conveying verbatim copies' }).waitFor();
    await hit.click();
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await page.locator('.run-item.selected', { hasText: 'verbatim copies' }).waitFor();
  }, 180_000);

  test('a damaged library: the app starts with a new one and says, once, where the old one is', async () => {
    const damaged = 'not a SQLite database '.repeat(200);
    const h = await b.open({
      beforeStart: (dir) => writeFileSync(path.join(dir, 'memagent.db'), damaged),
    });
    const { page } = h;
    const notice = page.locator('.library-notice');
    await notice.waitFor();
    const aside = readdirSync(h.dataDir).find((f) => f.startsWith('memagent.db.damaged-')) ?? '';
    expect(aside).not.toBe('');
    expect(readFileSync(path.join(h.dataDir, aside), 'utf8')).toBe(damaged);
    await expect(notice.textContent()).resolves.toContain(
      `The old file is kept, unchanged, as ${path.join(h.dataDir, aside)}.`,
    );
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'library-damaged-notice.png') });
    // The new library works, and the notice goes when dismissed.
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  });
});
