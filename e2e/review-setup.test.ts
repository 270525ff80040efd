// Setting up a review in the app: a CSV checklist imported through the file dialog, a question
// edited and moved, four library documents chosen, the whole review's estimate read, the review
// created and started; screenshots of both screens at two sizes, light and dark (out/screenshots,
// git-ignored).
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import type { Harness } from './harness/harness.ts';
import { openWithDialog } from './harness/ui.ts';
import { shooter } from './harness/walk.ts';

const FIXTURES = ['contract.pdf', 'lease.docx', 'article.html', 'notes.md'].map((f) =>
  path.join(repoRoot, 'test-fixtures', f),
);

const CSV =
  'question,kind,guidance\n' +
  'Who are the parties?,party,Give both names as the document writes them.\n' +
  'Does the agreement renew automatically?,yes_no,"Answer Not stated if the document does not say."\n' +
  'What is the notice period?,duration,\n' +
  'Which law governs the agreement?,text,\n';

async function openFixtures(h: Harness): Promise<void> {
  for (const file of FIXTURES) {
    await openWithDialog(h, file);
    await h.page.getByRole('heading', { name: /^Ask about/ }).waitFor();
  }
}

async function nav(page: Page, name: 'Checklists' | 'Reviews'): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
}

describe.skipIf(!canRun)('setting up a review', () => {
  const b = useBrowser();

  test('imports a CSV checklist, edits it, chooses documents, sees the estimate and starts the review', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    await openFixtures(h);

    await nav(page, 'Checklists');
    const csv = b.file('Supplier review.csv', new TextEncoder().encode(CSV));
    h.chooseNext(csv);
    await page.getByRole('button', { name: 'Import a checklist…' }).click();
    await page.getByText('Imported “Supplier review” (4 questions).').waitFor();
    await page.getByRole('listitem', { name: 'Checklist Supplier review' }).waitFor();

    // Edit question 4: its text and kind; then move it up to second place.
    const editor = page.getByRole('form', { name: 'Checklist' });
    const q4 = editor.getByRole('listitem', { name: 'Question 4' });
    await q4.getByRole('textbox', { name: 'Question 4' }).fill('Which law governs the contract?');
    await q4.getByLabel('Expected value').fill('England');
    await q4.getByRole('button', { name: 'Move question 4 up' }).click();
    await editor.getByRole('button', { name: 'Move question 3 up' }).click();
    await expect
      .poll(() => editor.getByRole('textbox', { name: 'Question 2', exact: true }).inputValue())
      .toBe('Which law governs the contract?');
    // The keyboard moves it too: Alt+↓ from its text box.
    await editor.getByRole('textbox', { name: 'Question 2', exact: true }).press('Alt+ArrowDown');
    await expect
      .poll(() => editor.getByRole('textbox', { name: 'Question 3', exact: true }).inputValue())
      .toBe('Which law governs the contract?');
    await editor.getByRole('button', { name: 'Save checklist' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = await h.service.handlers['checklists:list']({}, { senderId: 'test' });
    if (!saved.ok) throw new Error('no list');
    expect(saved.value.map((c) => c.name)).toEqual(['Supplier review']);

    await editor.getByRole('button', { name: 'New review with this checklist…' }).click();
    const form = page.getByRole('form', { name: 'New review' });
    await form
      .getByRole('list', { name: 'Questions of the review' })
      .getByText('Which law governs the contract?')
      .waitFor();
    const docs = form.getByRole('list', { name: 'Documents to review' });
    for (const box of (await docs.getByRole('checkbox').all()).slice(0, 4)) await box.check();
    await form.getByText('4 documents chosen').waitFor();

    const estimate = page.getByRole('region', { name: 'Estimate' });
    await estimate.getByText('4 documents × 4 questions = 16 cells').waitFor();
    await estimate
      .getByText(/chunk reads · up to [\d.,]+K? prompt and [\d.,]+K? completion tokens/)
      .waitFor();
    await estimate.getByText('Cost: no prices set for this backend').waitFor();
    await estimate
      .getByText(
        /each question is read separately: MemAgent keeps a memory for one question at a time/i,
      )
      .waitFor();
    // Estimating asks nothing of the model.
    expect(h.sim.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(0);

    await form.getByRole('button', { name: 'Create and start review' }).click();
    await page
      .getByRole('button', { name: 'Reviews' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await page
      .getByText(/Supplier review · 4 documents/)
      .first()
      .waitFor();
    const done = await h.waitForEvent(
      'job:updated',
      (j) => j.kind === 'review' && j.state === 'done' && !j.live,
      180_000,
    );
    expect(done.counts).toMatchObject({ total: 16, done: 16 });
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1024, height: 700 },
    ]) {
      test(`screenshots: ${scheme}, ${viewport.width}×${viewport.height}`, async () => {
        const h = await b.open({ colorScheme: scheme, viewport });
        const { page } = h;
        const shot = shooter(page, scheme);
        const size = `${viewport.width}x${viewport.height}`;
        await openFixtures(h);
        await nav(page, 'Checklists');
        await page
          .getByRole('combobox', { name: 'Start from a template' })
          .selectOption({ index: 1 });
        await page.getByText(/^Created “.+” from the template/).waitFor();
        await shot(`review-checklists-${size}`);
        await page.getByRole('button', { name: 'New review with this checklist…' }).click();
        const form = page.getByRole('form', { name: 'New review' });
        const docs = form.getByRole('list', { name: 'Documents to review' });
        for (const box of (await docs.getByRole('checkbox').all()).slice(0, 3)) await box.check();
        await page
          .getByRole('region', { name: 'Estimate' })
          .getByText(/= \d+ cells/)
          .waitFor();
        await shot(`review-new-${size}`);
        await page.getByRole('main').evaluate((m) => m.scrollTo(0, m.scrollHeight));
        await shot(`review-new-bottom-${size}`);
      });
    }
  }
});
