// A question asked in a terminal (`memagent ask`) while the app is open, on the same library:
// back in the window the document and its question are there, marked Terminal; the run says a
// terminal is reading it and follows its saved progress to the answer.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startCli } from '../electron/cli/cli.test-support.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { SLOW_SIM, showScreen, waitForAnswer } from './harness/ui.ts';

const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');
const GPL = path.resolve(repoRoot, '../shared/corpus/gpl-3.0.pdf');
const QUESTION = 'What does the licence say about conveying verbatim copies?';

describe.skipIf(!canRun)('questions asked in a terminal', () => {
  const b = useBrowser();

  test('show up in the app, marked Terminal, and the run follows the terminal’s progress to its answer', async () => {
    const h = await b.open();
    const { page } = h;
    h.sim.setOptions(SLOW_SIM);
    let saving!: () => void;
    const saved = new Promise<void>((resolve) => (saving = resolve));
    const cli = startCli(
      ['ask', GPL, '-q', QUESTION, '--base-url', h.sim.baseUrl, '--chunk-tokens', '1000'],
      { MEMAGENT_USER_DATA_DIR: h.dataDir },
      (text) => {
        if (text.includes('saving as')) saving();
      },
    );
    await saved;
    // The person switches back from the terminal to the window.
    await showScreen(page, 'Library');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.locator('table.documents .doc-title', { hasText: /gpl/i }).first().click();
    const item = page.locator('.run-item', { hasText: QUESTION });
    await item.waitFor();
    await expect(item.locator('.badge', { hasText: 'Terminal' }).count()).resolves.toBe(1);
    await item.click();
    const note = page.getByText(`Being read by memagent in a terminal (pid ${cli.pid})`);
    await note.waitFor();
    await page.screenshot({ path: path.join(OUT, 'terminal-run-being-read.png') });
    // Only the terminal may pause or stop it: the window offers neither.
    await expect(page.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0);
    // No event reaches the window from another process: the answer arrives by the saved progress.
    await waitForAnswer(page);
    await note.waitFor({ state: 'detached' });
    const done = await cli.result;
    expect(done.code, done.stderr).toBe(0);
  }, 180_000);
});
