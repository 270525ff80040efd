// "Check this backend" from the user's side, in light and dark: the 1,151-page book added to
// the library and the bundled public-domain text as haystacks, the estimate before, progress,
// the result with the rows it got wrong, a server failing every request, cancel, and a server
// that is down. Screenshots of each state go to out/screenshots/ (check-*-light/dark.png).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';
import { shooter } from './harness/walk.ts';

const BOOK = path.resolve(repoRoot, '../shared/corpus/cplusplus-annotations.pdf');
/** Slow enough to see a check going (and cancel it), quick enough for CI: a few seconds a row. */
const WATCHABLE = {
  prefillTokensPerSec: 400_000,
  decodeTokensPerSec: 2_000,
  aggregateDecodeTokensPerSec: 1_000_000,
  maxBatch: 64,
  overheadMs: 120,
};
const QUICK = { ...WATCHABLE, overheadMs: 5 };

async function openCheck(page: Page, backend: string): Promise<{ card: Locator; panel: Locator }> {
  await showScreen(page, 'Settings');
  const card = page.getByRole('listitem', { name: `Backend ${backend}`, exact: true });
  // From the keyboard, as a user tabbing through the card would.
  await card.getByRole('button', { name: 'Check this backend' }).focus();
  await page.keyboard.press('Enter');
  const panel = card.getByRole('region', { name: `Check ${backend}` });
  await panel.waitFor();
  return { card, panel };
}

async function chooseText(panel: Locator, option: RegExp): Promise<void> {
  const select = panel.getByLabel('Text to read');
  const value = await select.locator('option', { hasText: option }).getAttribute('value');
  await select.selectOption(value ?? '');
}

describe.skipIf(!canRun)('Check this backend', () => {
  const b = useBrowser();

  for (const scheme of ['light', 'dark'] as const) {
    test.skipIf(!existsSync(BOOK))(
      `${scheme}: the book and the bundled text, wrong rows, a failing server, cancel`,
      async () => {
        const h = await b.open({ colorScheme: scheme, sim: { latency: QUICK } });
        const { page } = h;
        const shot = shooter(page, scheme);
        await openWithDialog(h, BOOK);
        await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 120_000 });

        const { card, panel } = await openCheck(page, 'Local simulator (sim-llm)');
        await chooseText(panel, /Annotations|cplusplus/i);
        const reads = panel.getByText(/^Reads about \d+K tokens \(4 rows at each of 8K and 32K/);
        await reads.waitFor({ timeout: 120_000 });
        await panel.getByText('Cost: free (your own server)').waitFor();
        await shot('check-estimate');

        h.sim.setOptions({ latency: WATCHABLE });
        await panel.getByRole('button', { name: 'Start check' }).click();
        const progress = panel.getByRole('status').filter({ hasText: /[1-7] of 8 rows read/ });
        await progress.waitFor({ timeout: 120_000 });
        await expect(
          panel.getByRole('progressbar', { name: 'Rows read' }).isVisible(),
        ).resolves.toBe(true);
        await shot('check-progress');

        const verdict = panel.locator('.check-verdict');
        await verdict.waitFor({ timeout: 180_000 });
        await expect(verdict.textContent()).resolves.toMatch(/^\d of 8 right · sub-EM \d+\.\d%$/);
        const wrong = panel.getByRole('table', { name: /rows? it got wrong/ });
        await expect(wrong.locator('tbody tr').count()).resolves.toBeGreaterThan(0);
        await expect(wrong.textContent()).resolves.toMatch(/8K|32K/);
        await expect(panel.textContent()).resolves.toMatch(/not the paper’s set/);
        await expect(card.textContent()).resolves.toMatch(/Last checked .+: \d of 8 right/);
        // The result comes first in the panel, the way to check again after it.
        await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot('check-result');

        // The bundled text, at once.
        h.sim.setOptions({ latency: QUICK });
        await chooseText(panel, /Bundled sample/);
        await panel.getByText(/^Reads about/).waitFor({ timeout: 60_000 });
        await panel.getByRole('button', { name: 'Check again' }).click();
        await panel
          .getByRole('heading', { name: /Result .*Devil’s Dictionary/ })
          .waitFor({ timeout: 120_000 });

        // A server failing every request: rows failed, counted apart, in one sentence.
        h.sim.setOptions({ faults: [{ kind: 'server-error' }] });
        await panel.getByRole('button', { name: 'Check again' }).click();
        const failed = panel.getByText(/^8 rows failed \(counted as wrong\): /);
        await failed.waitFor({ timeout: 120_000 });
        await expect(failed.textContent()).resolves.not.toMatch(/\.ts:\d+|stack/i);
        await expect(verdict.textContent()).resolves.toMatch(/^0 of 8 right, 8 failed/);
        await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot('check-failing-server');

        // Cancel: the rows that ended are shown as a partial result.
        h.sim.setOptions({ faults: [], latency: WATCHABLE });
        await panel.getByRole('button', { name: 'Check again' }).click();
        await panel
          .getByRole('status')
          .filter({ hasText: /[1-7] of 8 rows read/ })
          .waitFor({ timeout: 120_000 });
        await panel.getByRole('button', { name: 'Cancel check' }).click();
        await panel.getByRole('heading', { name: /^Cancelled: partial result/ }).waitFor();
        await expect(verdict.textContent()).resolves.toMatch(/\(\d of 8 rows read\)/);
      },
      420_000,
    );
  }

  test('a document too short for the rows: said in one sentence, the bundled text offered', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(
      h,
      b.file('memo.txt', new TextEncoder().encode('A short memo. '.repeat(300))),
    );
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const { panel } = await openCheck(page, 'Local simulator (sim-llm)');
    await chooseText(panel, /memo/);
    await expect(panel.getByRole('alert').textContent()).resolves.toMatch(
      /^“memo(\.txt)?” has [\d,]+ tokens of text; the check needs at least 32,768 \(its longest row\)\./,
    );
    await panel.getByRole('button', { name: 'Use the bundled text' }).click();
    await panel.getByText(/^Reads about \d+K tokens/).waitFor({ timeout: 60_000 });
  }, 120_000);

  test('a server that is down: the estimate says so in one sentence, nothing starts', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const h = await b.open({ colorScheme: scheme, backend: 'down' });
      const { panel } = await openCheck(h.page, 'Office server');
      const alert = panel.getByRole('alert');
      await alert.waitFor({ timeout: 60_000 });
      await expect(alert.textContent()).resolves.toMatch(/reach|connect/i);
      await expect(panel.getByRole('button', { name: 'Start check' }).isDisabled()).resolves.toBe(
        true,
      );
      await shooter(h.page, scheme)('check-down');
    }
  }, 120_000);
});
