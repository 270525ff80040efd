// Real PDFs (the project's fixture contract, and the GNU GPL from the shared corpus when it is
// present), driven by keyboard shortcuts, ending with an export of the session.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';

const CONTRACT = path.join(repoRoot, 'test-fixtures/contract.pdf');
const LEASE = path.join(repoRoot, 'test-fixtures/lease.docx');
const GPL = path.resolve(repoRoot, '../shared/corpus/gpl-3.0.pdf');

describe.skipIf(!canRun)('real documents', () => {
  const b = useBrowser();

  test.skipIf(!existsSync(CONTRACT))(
    'a contract: Ctrl+O opens, Ctrl+Enter asks, the answer cites its page, the session exports',
    async () => {
      const h = await b.open();
      const { page } = h;
      await page.getByRole('heading', { name: 'Library' }).waitFor();
      h.chooseNext(CONTRACT);
      await page.keyboard.press('Control+o');
      await page.getByRole('heading', { name: /Ask about Service Agreement/ }).waitFor();

      const box = page.getByRole('textbox', { name: 'Question', exact: true });
      await box.fill('How many days notice does a party need to terminate the agreement?');
      await box.press('Control+Enter');
      const answer = page.getByTestId('answer');
      await answer.waitFor({ timeout: 60_000 });
      await expect(answer.textContent()).resolves.toMatch(/\b30\b/);
      // It cites the sentence with its page.
      await expect(page.locator('.evidence .passage-where').first().textContent()).resolves.toMatch(
        /^p\. \d+/,
      );

      await page.getByRole('button', { name: 'Export session…' }).click();
      const saved = page.getByText(/^Saved to /);
      await saved.waitFor();
      const file = ((await saved.textContent()) ?? '').replace(/^Saved to /, '');
      expect(readFileSync(file, 'utf8')).toContain(
        'How many days notice does a party need to terminate the agreement?',
      );

      // A page the document does not have is said so, not silently ignored; a real one clears it.
      await page.getByRole('button', { name: 'Reader' }).click();
      await page.getByText('p. 1 (PDF page 3)', { exact: true }).waitFor();
      await page.getByLabel('Page', { exact: true }).fill('99');
      await page.getByLabel('Page', { exact: true }).press('Enter');
      await expect(page.getByRole('alert').textContent()).resolves.toBe(
        'There is no page “99” in this document.',
      );
      await page.getByLabel('Page', { exact: true }).fill('2');
      await page.getByLabel('Page', { exact: true }).press('Enter');
      await page.locator('.row.target .page-marker', { hasText: /^p\. 2( |$)/ }).waitFor();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
    },
  );

  test.skipIf(!existsSync(CONTRACT) || !existsSync(LEASE))(
    'the export note of one document does not follow the user to another',
    async () => {
      const h = await b.open();
      const { page } = h;
      h.chooseNext(CONTRACT);
      await page.getByRole('button', { name: /Open document/ }).click();
      await page.getByRole('heading', { name: /Ask about Service Agreement/ }).waitFor();
      await page.getByRole('button', { name: 'Export session…' }).click();
      await page.getByText(/^Saved to /).waitFor();
      // Ctrl+O from the Ask screen: the screen stays, its document changes.
      h.chooseNext(LEASE);
      await page.keyboard.press('Control+o');
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await page.getByRole('heading', { name: /Ask about Service Agreement/ }).waitFor({
        state: 'detached',
      });
      await expect(page.getByText(/^Saved to /).count()).resolves.toBe(0);
    },
  );

  test.skipIf(!existsSync(GPL))(
    'the GNU GPL (corpus PDF): pages in the reader, an answer with evidence',
    async () => {
      const h = await b.open();
      const { page } = h;
      h.chooseNext(GPL);
      await page.getByRole('button', { name: /Open document/ }).click();
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      const box = page.getByRole('textbox', { name: 'Question', exact: true });
      await box.fill(
        'Within how many days after the notice must a violation be cured to reinstate the license?',
      );
      await page.locator('details.run-settings summary').click();
      await page.getByLabel('Chunk size (tokens)').fill('1024');
      await box.press('Control+Enter');
      await page
        .getByTestId('answer')
        .or(page.getByText('The reply has no extractable answer'))
        .waitFor({ timeout: 120_000 });
      await page.getByText(/Read all \d+ chunks/).waitFor();
      await page.getByRole('button', { name: 'Reader' }).click();
      await page.getByText('p. 1', { exact: true }).waitFor();
      await page.getByLabel('Page', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Go' }).first().click();
      await page.locator('.row.target .page-marker', { hasText: /^p\. 5( |$)/ }).waitFor();
    },
  );
});

const BOOK = path.resolve(repoRoot, '../shared/corpus/cplusplus-annotations.pdf');

describe.skipIf(!canRun || !existsSync(BOOK))('a 1,151-page book', () => {
  const b = useBrowser();

  test('extraction progress shows while it opens; the reader jumps to page 1000', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    h.chooseNext(BOOK);
    await page.getByRole('button', { name: /Open document/ }).click();
    // The opening status names the stage and counts pages.
    await page
      .getByRole('status')
      .filter({
        hasText: /Opening cplusplus-annotations\.pdf — (Reading|Extracting text|Counting tokens)/,
      })
      .first()
      .waitFor();
    await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Reader' }).click();
    await page.getByText('of 1151', { exact: true }).waitFor();
    await page.getByLabel('Page', { exact: true }).fill('1000');
    await page.getByRole('button', { name: 'Go' }).first().click();
    await page.locator('.row.target .page-marker', { hasText: 'p. 1000' }).waitFor();
  }, 240_000);
});
