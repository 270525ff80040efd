// Which backend a question goes to, from the user's side: a backend added and tested takes the
// questions from one that never answered, and the Ask screen names it; a backend that does not answer is reported
// before Ask; the question box keeps its draft and backend choice across screens.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addBackend, openWithDialog, showScreen } from './harness/ui.ts';

/** The Backend choice in the question box's Run settings. */
const backendChoice = (page: Page) =>
  page.locator('form.ask-form').getByRole('combobox', { name: /^Backend/ });

const minutes = () => makeReportPdf(6, 2, 'The clerk was Ada.');

describe.skipIf(!canRun)('the backend a question uses', () => {
  const b = useBrowser();

  test('a backend added and tested takes the questions from one never tested, and the Ask screen names it', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    const card = await addBackend(page, { kind: 'custom', name: 'Lab server', url: h.sim.baseUrl });
    // Saved and tested at once; "Office server" never answered, so the new one is made active
    // and says so (the offer of a switch is for an active backend that works: first-start.test).
    await card.getByText(/Questions now go to this backend\./).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();

    await openWithDialog(h, b.file('minutes.pdf', minutes()));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const status = page.getByLabel('Backend for this question');
    await status.getByText('Lab server', { exact: true }).waitFor();
    await status
      .getByText(
        /^Connected (just now|\d+ s ago) · \d+ ms · model BytedTsinghua-SIA\/RL-MemoryAgent-14B$/,
      )
      .waitFor();
    await expect(status.getByRole('alert').count()).resolves.toBe(0);
  });

  test('the active backend does not answer: the Ask screen says so before Ask, with a hint and ways out', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', minutes()));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const warning = page.getByLabel('Backend for this question').getByRole('alert');
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toMatch(
      /^Office server at http:\/\/127\.0\.0\.1:\d+\/v1 is not answering\./,
    );
    // The hint's command is shown as code, not with Markdown backticks.
    await expect(warning.locator('code').first().textContent()).resolves.toMatch(/^vllm serve /);
    await expect(warning.textContent()).resolves.not.toContain('`');
    // Typing is never blocked by the check.
    const box = page.getByRole('textbox', { name: 'Question', exact: true });
    await box.fill('Who was the clerk?');
    await expect(
      page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).isEnabled(),
    ).resolves.toBe(true);

    // "Test again" asks the server once more (the check is not cached then).
    const before = h.events.length;
    await warning.getByRole('button', { name: 'Test again' }).click();
    await page
      .getByText('Checking the connection…')
      .waitFor()
      .catch(() => {});
    await warning.waitFor();
    expect(h.events.length).toBeGreaterThanOrEqual(before);

    // "Choose another backend" opens the run settings at the Backend choice.
    await warning.getByRole('button', { name: 'Choose another backend' }).click();
    await expect(page.locator('details.run-settings').getAttribute('open')).resolves.not.toBeNull();
    await expect(backendChoice(page).evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    );
    await warning.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });

  test('leaving the Ask screen keeps the question, the backend chosen and the settings', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    await addBackend(page, { kind: 'custom', name: 'Lab server', url: h.sim.baseUrl });
    await openWithDialog(h, b.file('minutes.pdf', minutes()));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Who was the clerk?');
    await page.locator('details.run-settings summary').click();
    await backendChoice(page).selectOption({ label: 'Lab server' });
    await page.getByLabel('Chunk size (tokens)').fill('700');
    // The choice is checked at once: the line names the chosen backend and its test.
    const status = page.getByLabel('Backend for this question');
    await status.getByText('Lab server', { exact: true }).waitFor();
    await status.getByText(/^Connected /).waitFor();

    await showScreen(page, 'Reader');
    await showScreen(page, 'Settings');
    await showScreen(page, 'Ask');
    await expect(
      page.getByRole('textbox', { name: 'Question', exact: true }).inputValue(),
    ).resolves.toBe('Who was the clerk?');
    const details = page.locator('details.run-settings');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    const select = backendChoice(page);
    await expect(select.locator('option:checked').textContent()).resolves.toBe('Lab server');
    await expect(page.getByLabel('Chunk size (tokens)').inputValue()).resolves.toBe('700');
  });
});
