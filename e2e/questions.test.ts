// A document's questions as a user manages them: the same question asked twice is one entry
// with its history, a run can be deleted (with Undo), and after an answer "Ask again" and
// "Ask a related question" fill the box. Screenshots of the states go to /tmp for review.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { repoRoot } from './harness/paths.ts';
import type { HarnessOptions } from './harness/harness.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, dropFiles, openWithDialog, showScreen, waitForAnswer } from './harness/ui.ts';

const NEEDLE = 'The replacement bearing was ordered from the Harwick foundry.';
const QUESTION = 'Which foundry supplied the replacement bearing?';
const CORPUS = path.resolve(repoRoot, '../shared/corpus');

describe.skipIf(!canRun)('questions of a document', () => {
  const b = useBrowser();

  /** A harness with the minutes (needle on `needlePage`) open on the Ask screen. */
  async function withMinutes(pages: number, needlePage: number, options?: HarnessOptions) {
    const h = await b.open(options);
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(pages, needlePage, NEEDLE)));
    await h.page.getByRole('heading', { name: /Ask about Bridge committee minutes/ }).waitFor();
    return h;
  }

  test('the same question twice is one entry with its history; an earlier run can be shown', async () => {
    const { page } = await withMinutes(8, 5);
    await ask(page, QUESTION, 512);
    await waitForAnswer(page);
    await ask(page, QUESTION, 1024);
    await waitForAnswer(page);

    const entries = page.locator('.run-item');
    expect(await entries.count()).toBe(1);
    await expect(entries.first().textContent()).resolves.toMatch(/asked 2 times/);
    await expect(entries.first().locator('time').textContent()).resolves.toMatch(/now|min/);

    const history = page.getByRole('region', { name: 'History of this question' });
    await history.getByText('Asked 2 times').waitFor();
    const items = history.locator('.history-item');
    await expect(items.nth(0).textContent()).resolves.toMatch(/chunks 1,024 · memory 1,024/);
    await expect(items.nth(1).textContent()).resolves.toMatch(/chunks 512 · memory 1,024/);
    await expect(items.nth(1).textContent()).resolves.toMatch(
      /Local simulator.*RL-MemoryAgent-14B/,
    );
    await expect(items.nth(1).textContent()).resolves.toMatch(/Harwick/);
    await items.nth(1).click();
    await expect(items.nth(1).getAttribute('aria-current')).resolves.toBe('true');
  });

  test('Delete removes a run with Undo; after the window it is gone for good', async () => {
    const { page } = await withMinutes(6, 3);
    await ask(page, 'When did the committee meet?');
    await waitForAnswer(page);
    await ask(page, QUESTION);
    await waitForAnswer(page);

    const detail = page.getByRole('region', { name: 'Selected question' });
    await detail.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.run-item', { hasText: QUESTION }).waitFor({ state: 'detached' });
    // The keyboard stays in the Ask form, not on the page body.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('question');
    const toast = page.locator('.toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.run-item', { hasText: QUESTION }).click();
    await detail.getByRole('heading', { name: QUESTION }).waitFor();

    await detail.getByRole('button', { name: 'Delete' }).click();
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    await page.reload();
    await showScreen(page, 'Library');
    await page
      .getByTestId('question-state')
      .filter({ hasText: '1 question · 1 answered' })
      .waitFor();
    await page.getByRole('button', { name: 'Bridge committee minutes', exact: true }).click();
    await page.locator('.run-item', { hasText: 'When did the committee meet?' }).waitFor();
    expect(await page.locator('.run-item', { hasText: QUESTION }).count()).toBe(0);
  });

  test('Ask again fills the box with the question and its settings; a related question selects it', async () => {
    const { page } = await withMinutes(6, 3);
    await ask(page, QUESTION, 768);
    await waitForAnswer(page);
    const box = page.getByRole('textbox', { name: 'Question', exact: true });
    await box.fill('');
    await page.getByLabel('Chunk size (tokens)').fill('2000');

    await page.getByRole('button', { name: 'Ask again' }).click();
    await expect(box.inputValue()).resolves.toBe(QUESTION);
    await expect(page.getByLabel('Chunk size (tokens)').inputValue()).resolves.toBe('768');
    await page.waitForFunction(() => document.activeElement?.id === 'question');

    await box.fill('');
    await page.getByRole('button', { name: 'Ask a related question' }).click();
    await expect(box.inputValue()).resolves.toBe(QUESTION);
    await page.waitForFunction(() => {
      const el = document.activeElement as HTMLTextAreaElement | null;
      return el?.id === 'question' && el.selectionEnd - el.selectionStart === el.value.length;
    });
    // Typing replaces the selected question.
    await page.keyboard.type('Who chaired the committee?');
    await expect(box.inputValue()).resolves.toBe('Who chaired the committee?');
  });

  test('a library of several documents keeps the question state and a failed open in view', async () => {
    const { page } = await withMinutes(6, 3, { viewport: { width: 1280, height: 800 } });
    await ask(page, QUESTION);
    await waitForAnswer(page);
    await ask(page, 'When did the committee meet?');
    await waitForAnswer(page);
    await showScreen(page, 'Library');
    const whole = makeReportPdf(2, 1, 'x');
    const broken = b.file('broken.pdf', whole.subarray(0, Math.floor(whole.length / 3)));
    await dropFiles(page, [
      path.join(CORPUS, 'live-manual.ja.epub'),
      path.join(CORPUS, 'fhs-3.0.docx'),
      broken,
      path.join(CORPUS, 'gpl-3.0.pdf'),
    ]);
    // Five rows fold the opened ones under a summary; the failure stays in view, named.
    await page.locator('.open-row.open-failed', { hasText: 'broken.pdf' }).waitFor();
    await page.locator('.open-opening').waitFor({ state: 'detached' });
    await page.locator('table.documents tbody tr').nth(3).waitFor();
    await expect(page.locator('table.documents tbody tr').count()).resolves.toBe(4);
    await expect(
      page
        .locator('table.documents tbody tr', { hasText: 'minutes' })
        .getByTestId('question-state')
        .textContent(),
    ).resolves.toBe('2 questions · 2 answered');

    // Back on a document from another: its latest answer shows, not "No question selected".
    await page.getByRole('button', { name: 'Ask about gpl-3.0', exact: true }).click();
    await page.getByRole('heading', { name: /Ask about gpl-3\.0/ }).waitFor();
    await showScreen(page, 'Library');
    await page.getByRole('button', { name: 'Ask about Bridge committee minutes' }).click();
    await page.getByRole('heading', { name: 'When did the committee meet?' }).waitFor();
    await page.getByTestId('answer').waitFor();
    expect(await page.getByText('No question selected').count()).toBe(0);
  });
});
