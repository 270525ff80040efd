// Walks through the main screens with a real run and saves screenshots (light and dark). Each
// step waits for the state it shows. `npm test` writes them to out/screenshots/ (git-ignored);
// `npm run screenshots` points MEMAGENT_SCREENSHOTS_DIR at docs/screenshots/ for the user guide.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canMakeScans, scannedContract } from './fixtures/make-scan.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addBackend, ask, openWithDialog, showScreen, SLOW_SIM } from './harness/ui.ts';

const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');
const NEEDLE =
  'The replacement bearing for the old mill bridge was ordered from the Harwick foundry.';

describe.skipIf(!canRun)('screenshots of the main screens', () => {
  const b = useBrowser();

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme} theme`, async () => {
      mkdirSync(OUT, { recursive: true });
      const shot = (name: string) =>
        h.page.screenshot({ path: path.join(OUT, `${name}-${scheme}.png`) });
      const h = await b.open({ colorScheme: scheme, backend: 'none', sim: SLOW_SIM });
      const { page } = h;

      await page.getByText('No documents yet').waitFor();
      await shot('library-empty');

      // Settings with the simulator as a profile (named as the test instrument it is).
      const card = await addBackend(page, {
        name: 'Local vLLM (here: sim-llm test server)',
        url: h.sim.baseUrl,
        model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B',
      });
      await card.getByRole('button', { name: 'Use this backend' }).click();
      await card.getByText('Active').waitFor();
      await card.getByRole('button', { name: 'Test connection' }).click();
      await card.getByText(/Connected in \d+ ms/).waitFor();
      // From the top: the OCR languages below make the screen scroll.
      await page.getByRole('heading', { name: 'Settings', level: 1 }).scrollIntoViewIfNeeded();
      await shot('settings');

      await openWithDialog(h, b.file('bridge-minutes.pdf', makeReportPdf(40, 29, NEEDLE)));
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await ask(
        page,
        'Which foundry supplied the replacement bearing for the old mill bridge?',
        1024,
      );
      await h.waitForEvent(
        'run:event',
        (p) => p.event.type === 'chunk-done' && p.event.state.chunk >= 2,
      );
      await page.getByText(/Reading chunk \d+ of \d+/).waitFor();
      await shot('progress');

      await page.getByTestId('answer').waitFor({ timeout: 120_000 });
      await page.getByText(/Read all \d+ chunks/).waitFor();
      // Show the chunk the answer's evidence is in, beside its source text.
      const passage = page.locator('.evidence button.passage').first();
      const where = (await passage.locator('.passage-where').textContent()) ?? '';
      const k = Number(/chunk (\d+)$/.exec(where)?.[1]);
      expect(k).toBeGreaterThan(1);
      const entry = (n: number) =>
        page.locator('.timeline-entry', { has: page.getByText(`Chunk ${n}`, { exact: true }) });
      await entry(k).locator('button').click();
      await page.getByRole('heading', { name: `Memory after chunk ${k}` }).waitFor();
      await shot('answer-timeline');

      // Compare the memory before and after that chunk.
      await entry(k - 1)
        .getByRole('checkbox')
        .check();
      await entry(k).getByRole('checkbox').check();
      await page.getByRole('heading', { name: `Chunk ${k - 1} → chunk ${k}` }).waitFor();
      await page.locator('.compare').scrollIntoViewIfNeeded();
      await shot('compare');

      await passage.click();
      await page
        .locator('.row.target')
        .or(page.locator('mark'))
        .or(page.locator('.pdf-caption', { hasText: 'Highlighted' }))
        .first()
        .waitFor();
      // The original page painted (not its "Drawing page…" placeholder).
      await page.locator('.pdf-loading').waitFor({ state: 'detached' });
      await shot('reader');

      // A scanned contract: the reader marks its OCR pages; the Re-read with OCR dialog.
      if (canMakeScans()) {
        await openWithDialog(h, scannedContract(2, 'scanned-contract.pdf'));
        await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
        await showScreen(page, 'Reader');
        await page.locator('.page-marker .ocr-mark').first().waitFor();
        await shot('reader-ocr');
        await page.getByRole('button', { name: 'Re-read with OCR…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Re-read with OCR' });
        await dialog.getByRole('checkbox', { name: 'English' }).waitFor();
        await dialog.getByRole('radio', { name: /^Every page/ }).check();
        await shot('ocr-dialog');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }

      await page.getByRole('button', { name: 'Library' }).click();
      await page.getByRole('row', { name: /bridge-minutes\.pdf/ }).waitFor();
      await shot('library');
      expect(h.events.length).toBeGreaterThan(0);
    });
  }
});
