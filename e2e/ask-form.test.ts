// The question box as a user meets it: the Ask button with the default settings, an out-of-range
// setting hidden in the closed "Run settings", and the default settings form.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addBackend, ask, openWithDialog, showScreen } from './harness/ui.ts';

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
    await showScreen(page, 'Settings');
    const defaults = page.getByRole('form', { name: 'Default run settings' });
    await defaults.waitFor();
    await expect(defaults.evaluate((f) => (f as HTMLFormElement).checkValidity())).resolves.toBe(
      true,
    );
  });

  test('a final reply cut at its token limit shows no answer and says how to get one', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await page.locator('details.run-settings summary').click();
    await page.getByLabel('Answer length (tokens)').fill('16');
    await ask(page, 'What is the fee?');
    await h.waitForEvent('run:event', (p) => p.event.type === 'finished');
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer
      .getByText(/^No complete answer: the final reply was cut at its token limit \(16 tokens\)/)
      .waitFor();
    await expect(answer.getByTestId('answer').count()).resolves.toBe(0);
  });

  test('a final reply stopped by a content filter shows no answer and names what stopped it', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    // Two chunks: requests 1 and 2 read them, request 3 is the final reply, which the filter stops.
    h.sim.setOptions({ faults: [{ kind: 'stopped-reply', every: 3, afterTokens: 4 }] });
    await ask(page, 'What is the fee?');
    await h.waitForEvent('run:event', (p) => p.event.type === 'finished');
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer
      .getByText(
        /^The server's content filter stopped the final reply before it was complete \(finish_reason "content_filter"\): it gave no complete answer\./,
      )
      .waitFor();
    await expect(answer.getByTestId('answer').count()).resolves.toBe(0);
    await expect(answer.textContent()).resolves.not.toMatch(/Raise .Answer length/);
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

  test('a question longer than a run accepts is flagged in the form and cannot be asked', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const box = page.getByRole('textbox', { name: 'Question', exact: true });
    const ask = page.locator('form.ask-form').getByRole('button', { name: /^Ask/ });
    await box.fill('why '.repeat(5001));
    const alert = page.locator('form.ask-form').getByRole('alert');
    await expect(alert.textContent()).resolves.toMatch(
      /20,003 characters long; a question can have at most 20,000/,
    );
    await expect(box.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(ask.isDisabled()).resolves.toBe(true);
    await box.press('Control+Enter');
    expect(h.events.some((e) => e.name === 'run:event')).toBe(false);

    // Shortened to the limit, it can be asked.
    await box.fill('why '.repeat(5000));
    await expect.poll(() => alert.count()).toBe(0);
    await ask.click();
    await page.locator('.run-item', { hasText: 'why why' }).waitFor();
  });

  test('a question that could not start leaves its error with its document', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    // A cloud backend saved without its key (allowed: the key may come later)...
    await addBackend(page, { kind: 'openai', name: 'Cloud without key', model: 'gpt-4o-mini' });

    // ...is refused when a question is asked with it, and the form says why.
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(3, 2, 'The fee is 40 euros.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const form = page.locator('form.ask-form');
    await form.locator('summary').click();
    await form
      .getByRole('combobox', { name: /^Backend/ })
      .selectOption({ label: 'Cloud without key' });
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill('What is the fee?');
    await form.getByRole('button', { name: /^Ask/ }).click();
    await expect(form.locator('.error-banner').textContent()).resolves.toMatch(/needs an API key/);
    expect(h.events.some((e) => e.name === 'run:event')).toBe(false);
    // The backend line said so before Ask, without calling the service.
    await expect(
      form.getByLabel('Backend for this question').getByRole('alert').textContent(),
    ).resolves.toMatch(/Cloud without key cannot be used as it is: .*needs an API key/);

    // Ctrl+O from the Ask screen opens another document: its question box starts clean.
    h.chooseNext(b.file('other.pdf', makeReportPdf(2, 1, 'Nothing here.')));
    await page.keyboard.press('Control+o');
    await h.waitForEvent('document:progress', (p) => p.name === 'other.pdf' && p.done === p.total);
    await expect.poll(() => form.locator('.error-banner').count()).toBe(0);
  });
});
