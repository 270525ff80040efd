// Searching the history from the library: questions asked about two real documents (the GPL
// PDF and the FHS HTML), found again by words of their answers, memories and titles, each word
// anywhere; a click opens the run. The box is the first thing on the library screen.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import { openStore } from '../electron/core/store/store.ts';
import { writeTransaction } from '../electron/core/store/write-transaction.ts';
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

/** A library of several documents and many runs, written before the app opens it. */
function manyRuns(dataDir: string): void {
  const store = openStore(dataDir);
  const titles = [
    'Debian Reference Manual',
    'GNU General Public License v3',
    'Filesystem Hierarchy Standard 3.0',
    'Lease agreement — 14 Harbour Street',
    'Bridge committee minutes, March',
    'Live manual (ja)',
  ];
  const usage = { promptTokens: 1, completionTokens: 1 };
  writeTransaction(store.db, () => {
    titles.forEach((title, d) => {
      const id = String(d).repeat(64);
      store.documents.upsert({
        id,
        fileName: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
        format: 'pdf',
        title,
        chars: 1000,
        openedAt: d,
        warnings: [],
      });
      for (let q = 0; q < 8; q += 1) {
        const runId = `${d}${q}`.padEnd(36, 'a');
        store.runs.create({
          id: runId,
          documentId: id,
          question: `How is the SysRq key used to trigger a reboot (${title}, question ${q + 1})?`,
          settings: DEFAULT_RUN_SETTINGS,
          status: 'done',
          createdAt: d * 100 + q,
          textKey: id,
        });
        for (let c = 0; c < 6; c += 1)
          store.runs.saveMemory(runId, {
            chunk: c,
            memory: `Notes after chunk ${c + 1}: the magic SysRq key is enabled by /proc/sys/kernel/sysrq; writing b to the trigger file reboots the machine at once.`,
            usage,
            ms: 1,
            kept: false,
          });
        store.runs.saveAnswer(runId, {
          answer: q % 4 === 3 ? null : 'Write b to /proc/sysrq-trigger (SysRq+B).',
          response: 'x',
          usage,
          ms: 1,
          cut: false,
        });
      }
    });
  })();
  store.close();
}

describe.skipIf(!canRun)('the history search box, on a library of many runs', () => {
  const b = useBrowser();

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ])
    test(`stands at the top, its results scroll in their own box (${viewport.width}×${viewport.height})`, async () => {
      const h = await b.open({ viewport, beforeStart: manyRuns });
      const { page } = h;
      const search = page.getByRole('region', { name: 'Search the history' });
      const box = search.getByRole('searchbox', {
        name: 'Search every question, answer and memory',
      });
      // Two words that never stand together: each run holds both, apart.
      await box.fill('sysrq trigger');
      await search.getByRole('status').filter({ hasText: '48 runs' }).waitFor();
      // The box and the first results are in the first screenful, above the documents.
      const boxBox = await box.boundingBox();
      expect((boxBox?.y ?? Infinity) + (boxBox?.height ?? 0)).toBeLessThan(viewport.height / 2);
      const table = await page.locator('.screen.library table').first().boundingBox();
      expect(table?.y ?? 0).toBeGreaterThan(boxBox?.y ?? Infinity);
      // No answer is its own state in the results (a quarter of these runs has none).
      await search.locator('.history-status', { hasText: 'No answer' }).first().waitFor();
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({
        path: path.join(OUT, `history-search-many-${viewport.width}x${viewport.height}.png`),
      });
    });
});
