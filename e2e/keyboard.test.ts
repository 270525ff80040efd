// The keyboard: the shortcut sheet, pause/resume, cancel (confirmed) and copy answer keys, and
// the arrow keys in the memory timeline.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog, SLOW_SIM } from './harness/ui.ts';

const NEEDLE = 'The night watchman of the harbour bridge was named Ottilie Brandvold.';
const QUESTION = 'Who was the night watchman of the harbour bridge?';

describe.skipIf(!canRun)('keyboard', () => {
  const b = useBrowser();

  test('Ctrl+/ and the nav bar entry show every shortcut; Escape closes the sheet', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    await page.keyboard.press('Control+/');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    for (const [keys, label] of [
      ['Ctrl+Shift+P', 'Pause or resume the selected question'],
      ['Ctrl+Shift+X', 'Cancel the selected question (asks first)'],
      ['Ctrl+Shift+C', 'Copy the selected answer'],
      ['Ctrl+1', 'Library'],
      ['Ctrl+/', 'Show these shortcuts'],
      ['↑ ↓', 'Previous or next chunk'],
    ] as const) {
      await sheet.locator('.shortcut-list > div', { hasText: label }).getByText(keys).waitFor();
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await sheet.waitFor();
  });

  test('Ctrl+3 shows the Ask screen with the cursor in the question box', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('notes.txt', new TextEncoder().encode(`${NEEDLE}\n`)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await page.keyboard.press('Control+1');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await page.keyboard.press('Control+3');
    const box = page.getByRole('textbox', { name: 'Question', exact: true });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(QUESTION);
    await expect(box.inputValue()).resolves.toBe(QUESTION);
  });

  test('pause and resume, cancel after confirming, and copy the answer with the keys', async () => {
    const h = await b.open({ sim: SLOW_SIM });
    const { page, context } = h;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(30, 22, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION);
    await h.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');

    await page.keyboard.press('Control+Shift+P');
    await h.waitForEvent('run:event', (p) => p.event.type === 'paused');
    await page.getByText(/^Paused after chunk \d+ of \d+$/).waitFor();
    await page.keyboard.press('Control+Shift+P');
    await h.waitForEvent('run:event', (p) => p.event.type === 'resumed');

    await page.keyboard.press('Control+Shift+X');
    const confirm = page.getByRole('dialog', { name: 'Cancel this question?' });
    await confirm.getByRole('button', { name: 'Keep reading' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      h.events.some(
        (e) =>
          e.name === 'run:event' &&
          (e.payload as { event: { type: string } }).event.type === 'cancelled',
      ),
    ).toBe(false);
    await page.keyboard.press('Control+Shift+X');
    await confirm.getByRole('button', { name: 'Cancel question' }).click();
    await h.waitForEvent('run:event', (p) => p.event.type === 'cancelled');

    await page.keyboard.press('Control+Shift+C');
    await page.getByRole('status').getByText('This question has no answer yet.').waitFor();
    await page.getByRole('button', { name: /^Continue from chunk/ }).click();
    await h.waitForEvent('run:event', (p) => p.event.type === 'finished', 120_000);
    await page.keyboard.press('Control+Shift+C');
    await page.getByRole('status').getByText('Answer copied.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Ottilie Brandvold');
  });

  test('Up, Down, Home and End move through the timeline, selecting and focusing each chunk', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(20, 12, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION);
    await page.getByTestId('answer').waitFor({ timeout: 60_000 });
    const started = await h.waitForEvent('run:event', (p) => p.event.type === 'started');
    const count = started.event.type === 'started' ? started.event.chunkCount : 0;
    expect(count).toBeGreaterThan(3);

    const entry = (n: number) => page.locator(`.timeline-entry[data-chunk="${n}"] .entry-main`);
    const focusedChunk = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-chunk]')?.getAttribute('data-chunk'),
      );
    await entry(1).click();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedChunk, { timeout: 5000 }).toBe('2');
    await expect(entry(2).getAttribute('aria-current')).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Memory after chunk 2' }).waitFor();
    await page.keyboard.press('End');
    await expect.poll(focusedChunk, { timeout: 5000 }).toBe(String(count));
    await page.getByRole('heading', { name: `Memory after chunk ${count}` }).waitFor();
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedChunk, { timeout: 5000 }).toBe(String(count - 1));
    await page.keyboard.press('Home');
    await expect.poll(focusedChunk, { timeout: 5000 }).toBe('1');
    // One entry in the tab order: the selected one.
    await expect(page.locator('.timeline-list .entry-main[tabindex="0"]').count()).resolves.toBe(1);
  });
});
