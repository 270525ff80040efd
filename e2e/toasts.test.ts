// Toasts that go by themselves, but never while someone reads them: an Undo toast's window and a
// session import's notice wait while the pointer or the keyboard focus is on them, and an
// import's error stays until dismissed. Time is the page's fake clock (Playwright's), moved by
// hand: nothing here waits for real time.
import { describe, expect, test } from 'vitest';
import { renderSession } from '../electron/core/export/index.ts';
import { hostileSession } from '../electron/core/export/hostile-session.test-support.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe.skipIf(!canRun)('toasts', () => {
  const b = useBrowser();

  test('an Undo toast waits while hovered or focused, then the removal goes through', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('notes.txt', encode('Short notes. Nothing else.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await showScreen(page, 'Library');
    await page.clock.install();
    const row = page.getByRole('row', { name: /notes\.txt/ });
    await row.getByRole('button', { name: /^Remove/ }).click();
    const toast = page.locator('.toast', { hasText: 'Removed' });
    await toast.waitFor();

    // The pointer on it: the 10-second window waits, however long.
    await toast.hover();
    await page.clock.runFor(60_000);
    expect(await toast.count()).toBe(1);
    // The pointer gone but the keyboard on its Undo button: still waiting.
    await toast.getByRole('button', { name: 'Undo' }).focus();
    await page.mouse.move(1, 1);
    await page.clock.runFor(60_000);
    expect(await toast.count()).toBe(1);
    // Neither: the window runs out and the document is removed.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(11_000);
    await toast.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No documents yet' }).waitFor();
  });

  test('an import’s notice goes by itself unless held; its error stays until dismissed', async () => {
    const h = await b.open();
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await page.clock.install();

    h.chooseNext(b.file('session.json', encode(renderSession(hostileSession(), 'json'))));
    h.menu({ command: 'import' });
    const notice = page.getByTestId('import-notice');
    await notice.waitFor();
    await notice.hover();
    await page.clock.runFor(60_000);
    expect(await notice.count()).toBe(1);
    await page.mouse.move(1, 1);
    await page.clock.runFor(8_000);
    await notice.waitFor({ state: 'detached' });

    h.chooseNext(b.file('broken.json', encode('{"format": "memagent-session", "version": 2')));
    h.menu({ command: 'import' });
    const error = page.locator('.import-toasts .error-banner');
    await error.first().waitFor();
    await page.clock.runFor(120_000);
    expect(await error.count()).toBeGreaterThan(0);
    await page
      .locator('.import-toasts')
      .getByRole('button', { name: /Dismiss/ })
      .click();
    await error.first().waitFor({ state: 'detached' });
  });
});
