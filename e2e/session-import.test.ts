// Importing a session export in the app: by File > Import Session… and by dropping the file. A
// session whose title, question, memory and answer are hostile is shown as text, runs nothing,
// and the app keeps working.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { renderSession } from '../electron/core/export/index.ts';
import { HOSTILE, hostileSession } from '../electron/core/export/hostile-session.test-support.ts';
import { visibleText } from '../shared/visible-text.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, dropFiles, openWithDialog, showScreen, waitForAnswer } from './harness/ui.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const SHOWN_TITLE = visibleText(HOSTILE.title);

/** What a hostile string could have done to the page: dialogs, the script's flag, live markup. */
async function watchForEffects(page: Page): Promise<() => Promise<void>> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  const scripts = await page.locator('script').count();
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('script').count()).toBe(scripts);
    expect(await page.locator('img, [onerror], [onmouseover], a[href^="javascript"]').count()).toBe(
      0,
    );
  };
}

/** Screenshots for a person to look at, only when asked (MEMAGENT_SHOTS=1): out/ is not tracked. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.MEMAGENT_SHOTS !== '1') return;
  await page.screenshot({ path: path.join(repoRoot, 'out/session-import', `${name}.png`) });
}

describe.skipIf(!canRun)('importing a session', () => {
  const b = useBrowser();

  test('File > Import Session… brings a hostile session in as text: nothing runs, and the app keeps working', async () => {
    const h = await b.open();
    const { page } = h;
    await page
      .getByRole('heading', { name: /library|documents/i })
      .first()
      .waitFor();
    const noEffects = await watchForEffects(page);

    h.chooseNext(b.file('session.json', encode(renderSession(hostileSession(), 'json'))));
    h.menu({ command: 'import' });
    const notice = page.getByTestId('import-notice');
    await expect
      .poll(() => notice.textContent())
      .toBe(`Imported 2 questions about “${SHOWN_TITLE}”.✕`);

    // The document is shown with its questions, each marked as imported.
    const items = page.locator('.run-item');
    await expect.poll(() => items.count()).toBe(2);
    const first = items.filter({ hasText: 'Who pays?' });
    expect(await first.locator('.run-question').textContent()).toBe(visibleText(HOSTILE.question));
    expect(await first.locator('.badge.imported').textContent()).toBe('Imported');
    await first.click();
    await expect
      .poll(() => page.getByTestId('answer').textContent())
      .toBe(visibleText(HOSTILE.answer));
    expect(await page.getByTestId('answer-imported').textContent()).toBe('Imported');
    const note = page.getByTestId('imported-note');
    await expect
      .poll(() => note.textContent())
      .toMatch(/The document itself is not in the library/);
    // The passage the export carried, with its page, as text.
    const passage = page.getByTestId('carried-passage');
    await passage.waitFor();
    expect(await passage.locator('q').textContent()).toBe(HOSTILE.quote);
    expect(await passage.textContent()).toContain('p. vii (PDF page 7)');
    // The memory timeline shows the memory as text too.
    await page.locator('.timeline-entry[data-chunk="1"] .entry-main').click();
    await expect
      .poll(() => page.locator('.memory-text').textContent())
      .toBe(visibleText(HOSTILE.memory));
    await shot(page, 'imported-run');
    await noEffects();

    // Still working: a new document opens and a question about it is answered.
    await openWithDialog(h, b.file('notes.txt', encode('The meeting is on Tuesday at noon.\n')));
    await page.getByRole('heading', { name: /Ask about notes/ }).waitFor();
    await ask(page, 'When is the meeting?');
    await waitForAnswer(page);
    await noEffects();
  });

  test('a session dropped on the window is imported once; a newer one is refused; a document still opens', async () => {
    const h = await b.open();
    const { page } = h;
    await page
      .getByRole('heading', { name: /library|documents/i })
      .first()
      .waitFor();
    const noEffects = await watchForEffects(page);
    const session = b.file('dropped.json', encode(renderSession(hostileSession(), 'json')));

    await dropFiles(page, [session]);
    const notice = page.getByTestId('import-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^Imported 2 questions about/);
    await expect.poll(() => page.locator('.run-item').count()).toBe(2);
    if (process.env.MEMAGENT_SHOTS === '1') {
      await showScreen(page, 'Library');
      await shot(page, 'library-after-import');
      await showScreen(page, 'Ask');
    }

    await dropFiles(page, [session]);
    await expect
      .poll(() => notice.textContent())
      .toBe(`All 2 questions about “${SHOWN_TITLE}” were already in the library.✕`);
    await expect.poll(() => page.locator('.run-item').count()).toBe(2);

    const newer = b.file(
      'newer.json',
      encode(JSON.stringify({ ...hostileSession(), version: 3 }, null, 2)),
    );
    await dropFiles(page, [newer]);
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toContain(
        'This session was exported by a newer version of MemAgent Desktop (format 3); update the app to import it.',
      );
    await shot(page, 'newer-refused');

    // Anything else dropped opens as a document, as before.
    await dropFiles(page, [b.file('minutes.txt', encode('Minutes: the budget was approved.\n'))]);
    await page.getByRole('heading', { name: /Ask about minutes/ }).waitFor();
    await noEffects();
  });
});
