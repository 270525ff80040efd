// A question that stopped, from the user's side: one that failed before reading keeps its text
// and offers "Retry with…" another backend (no "Continue from chunk 1" against the dead one);
// a retry on another backend keeps the chunks already read; "Edit and ask again" refills the box.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addSpareBackend, ask, openWithDialog, showScreen, SLOW_SIM } from './harness/ui.ts';

const NEEDLE = 'The night watchman of the harbour bridge was named Ottilie Brandvold.';
const QUESTION = 'Who was the night watchman of the harbour bridge?';

describe.skipIf(!canRun)('Retry with… and Edit and ask again', () => {
  const b = useBrowser();

  test('a question that cannot start keeps its text; Retry with another backend answers it', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    await addSpareBackend(
      page,
      { kind: 'custom', name: 'Lab server', url: h.sim.baseUrl },
      'Office server',
    );
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(8, 4, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION);
    await h.waitForEvent('run:event', (p) => p.event.type === 'error');

    // The box keeps the question, with the reason it did not start.
    const form = page.locator('form.ask-form');
    await form.getByText(/^The question did not start: /).waitFor();
    await expect(
      page.getByRole('textbox', { name: 'Question', exact: true }).inputValue(),
    ).resolves.toBe(QUESTION);
    const progress = page.getByRole('region', { name: 'Progress' });
    await progress.getByText('Could not start reading', { exact: true }).waitFor();
    await expect(progress.getByText(/0 of 0 chunks/).count()).resolves.toBe(0);
    await expect(
      progress.getByRole('button', { name: /Continue from chunk/ }).count(),
    ).resolves.toBe(0);

    await progress.getByRole('button', { name: 'Retry with…' }).click();
    const dialog = page.getByRole('form', { name: 'Retry with' });
    const choice = dialog.getByRole('combobox', { name: 'Backend' });
    await expect(choice.locator('option:checked').textContent()).resolves.toBe('Lab server');
    await dialog
      .getByText(/^Nothing was read yet: reading starts at chunk 1 with Lab server\.$/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('answer').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('answer').textContent()).resolves.toMatch(/Ottilie Brandvold/);
    // The run's history says which backend read it.
    const warnings = page.locator('.run-detail details.warnings');
    await warnings.locator('summary').click();
    await warnings
      .getByText(/are read with “Lab server”.*the first attempt was with “Office server”/)
      .waitFor();
    // The next question on this document goes to the backend that answered, not the dead one.
    await expect(
      form.getByRole('combobox', { name: 'Backend' }).locator('option:checked').textContent(),
    ).resolves.toMatch(/^Lab server/);
  });

  test('the "did not start" banner goes when the question is edited, another backend is chosen or made active', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    await addSpareBackend(
      page,
      { kind: 'custom', name: 'Lab server', url: h.sim.baseUrl },
      'Office server',
    );
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(4, 2, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const form = page.locator('form.ask-form');
    const banner = form.getByText(/^The question did not start: /);
    const box = page.getByRole('textbox', { name: 'Question', exact: true });
    // The banner is gone before each attempt, so its coming back is this attempt's failure.
    const failToStart = async () => {
      await ask(page, QUESTION);
      await banner.waitFor({ timeout: 60_000 });
    };

    // Editing the question: the banner spoke of the text that was asked.
    await failToStart();
    await box.press('End');
    await box.pressSequentially('!');
    await banner.waitFor({ state: 'detached' });

    // Choosing another backend for this document.
    await failToStart();
    await form.getByRole('combobox', { name: /^Backend/ }).selectOption({ label: 'Lab server' });
    await banner.waitFor({ state: 'detached' });

    // Making another backend the active one (in Settings), then coming back.
    const choice = form.getByRole('combobox', { name: /^Backend/ });
    const office = await choice
      .locator('option', { hasText: /^Office server/ })
      .getAttribute('value');
    await choice.selectOption(office ?? '');
    await failToStart();
    await showScreen(page, 'Settings');
    await page
      .getByRole('listitem', { name: 'Backend Lab server', exact: true })
      // It answered while the active one did not: its card offers the switch (one button).
      .getByRole('button', { name: 'Make this the active backend' })
      .click();
    await page
      .getByRole('listitem', { name: 'Backend Lab server', exact: true })
      .getByText('Active', { exact: true })
      .waitFor();
    await showScreen(page, 'Ask');
    await box.waitFor();
    await expect(box.inputValue()).resolves.toBe(QUESTION);
    await expect(banner.count()).resolves.toBe(0);
  });

  test('Retry with another backend after a cancel keeps the chunks already read', async () => {
    const h = await b.open({ sim: SLOW_SIM });
    const { page } = h;
    await addSpareBackend(
      page,
      { kind: 'custom', name: 'Twin', url: h.sim.baseUrl },
      'Local simulator (sim-llm)',
    );
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(30, 22, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION);
    await h.waitForEvent(
      'run:event',
      (p) => p.event.type === 'chunk-done' && p.event.state.chunk >= 1,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await h.waitForEvent('run:event', (p) => p.event.type === 'cancelled');
    const progress = page.getByRole('region', { name: 'Progress' });
    const headline = await progress.getByText(/^Cancelled after \d+ of \d+ chunks$/).textContent();
    const done = Number(/after (\d+)/.exec(headline ?? '')?.[1]);
    expect(done).toBeGreaterThanOrEqual(2);
    await progress
      .getByRole('button', { name: new RegExp(`Continue from chunk ${done + 1}`) })
      .waitFor();

    await progress.getByRole('button', { name: 'Retry with…' }).click();
    const dialog = page.getByRole('form', { name: 'Retry with' });
    await dialog.getByRole('combobox', { name: 'Backend' }).selectOption({ label: 'Twin' });
    await dialog
      .getByText(new RegExp(`^The ${done} chunk\\(s\\) already read are kept when Twin`))
      .waitFor();
    await dialog.getByRole('button', { name: 'Retry' }).click();
    const restarted = await h.waitForEvent(
      'run:event',
      (p) => p.event.type === 'started' && p.event.startChunk > 0,
    );
    expect(restarted.event.type === 'started' && restarted.event.startChunk).toBe(done);
    await page.getByTestId('answer').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('answer').textContent()).resolves.toMatch(/Ottilie Brandvold/);
  });

  test('Edit and ask again puts the question, its backend and settings back in the box', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(4, 2, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, QUESTION, 900);
    await h.waitForEvent('run:event', (p) => p.event.type === 'error');
    const box = page.getByRole('textbox', { name: 'Question', exact: true });
    await box.fill('');
    await page
      .getByRole('region', { name: 'Progress' })
      .getByRole('button', { name: 'Edit and ask again' })
      .click();
    await expect(box.inputValue()).resolves.toBe(QUESTION);
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByLabel('Chunk size (tokens)').inputValue()).resolves.toBe('900');
  });
});
