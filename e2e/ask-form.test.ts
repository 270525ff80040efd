// The question box as a user meets it: the Ask button with the default settings, an out-of-range
// setting hidden in the closed "Run settings", and the default settings form.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog } from './harness/ui.ts';

describe.skipIf(!canRun)('the question box', () => {
  const b = useBrowser();

  test('the Ask button starts a run with the default settings (they pass the form’s own checks)', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const question = 'What is the fee?';
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill(question);
    await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
    await page.locator('.run-item', { hasText: question }).waitFor();

    // The defaults form accepts the MemAgent defaults as they are.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Settings' })
      .click();
    const defaults = page.getByRole('form', { name: 'Default run settings' });
    await defaults.waitFor();
    await expect(defaults.evaluate((f) => (f as HTMLFormElement).checkValidity())).resolves.toBe(
      true,
    );
  });

  test('an out-of-range setting inside closed Run settings is shown, not silently ignored', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const settings = page.locator('details.run-settings');
    await settings.locator('summary').click();
    await page.getByLabel('Temperature').fill('5');
    await settings.locator('summary').click();
    await expect(settings.getAttribute('open')).resolves.toBeNull();

    await page.getByRole('textbox', { name: 'Question', exact: true }).fill('What is the fee?');
    await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
    await expect.poll(() => settings.getAttribute('open')).not.toBeNull();
    await expect(
      page
        .getByLabel('Temperature')
        .evaluate((i) => (i as HTMLInputElement).validity.rangeOverflow),
    ).resolves.toBe(true);
    expect(h.events.some((e) => e.name === 'run:event')).toBe(false);
  });

  test('a question that could not start leaves its error with its document', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    // Longer than a run accepts: main refuses to start it.
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill('why '.repeat(5001));
    await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
    const form = page.locator('form.ask-form');
    await form.getByRole('alert').waitFor();

    // Ctrl+O from the Ask screen opens another document: its question box starts clean.
    h.chooseNext(b.file('other.pdf', makeReportPdf(2, 1, 'Nothing here.')));
    await page.keyboard.press('Control+o');
    await h.waitForEvent('document:progress', (p) => p.name === 'other.pdf' && p.done === p.total);
    await expect.poll(() => form.getByRole('alert').count()).toBe(0);
  });
});
