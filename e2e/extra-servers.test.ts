// A backend with several servers of one model, from Settings: the user adds two more simulators,
// the connection test tests each of them (and names one that is down), and a question's requests
// reach every server. Screenshots of the form go to out/screenshots-settings/ (git-ignored).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { deadUrl } from '../sim/dead-url.ts';
import { startSimLlm, type SimServer } from '../sim/server.ts';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, chunksRead, openWithDialog, showScreen } from './harness/ui.ts';

const MODEL = 'BytedTsinghua-SIA/RL-MemoryAgent-14B';
const BACKEND = 'Local simulator (sim-llm)';
const SHOTS = path.join(repoRoot, 'out/screenshots-settings');

const chats = (sim: SimServer) =>
  sim.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

/** Opens the edit form of the harness's backend from its card. */
async function editBackend(page: Page) {
  await showScreen(page, 'Settings');
  await page
    .getByRole('listitem', { name: `Backend ${BACKEND}`, exact: true })
    .getByRole('button', { name: 'Edit' })
    .click();
  return page.getByRole('form', { name: `Edit ${BACKEND}` });
}

async function addServer(page: Page, n: number, url: string) {
  const form = page.getByRole('form', { name: `Edit ${BACKEND}` });
  await form.getByRole('button', { name: 'Add a server' }).click();
  await form.getByLabel(`Server ${n} URL`).fill(url);
}

describe.skipIf(!canRun)('several servers for one backend', () => {
  const b = useBrowser();

  test('two more simulators: tested one by one, a dead one named, a question spread over all', async () => {
    const h = await b.open();
    const { page } = h;
    const sims = [await startSimLlm({ model: MODEL }), await startSimLlm({ model: MODEL })];
    try {
      const [second, third] = sims as [SimServer, SimServer];
      const form = await editBackend(page);
      await form.getByText(/Requests are spread over all the servers/).waitFor();
      await addServer(page, 2, second.baseUrl);
      await addServer(page, 3, third.baseUrl);
      // The same server twice is refused in one sentence, before anything is saved.
      await addServer(page, 4, `${h.sim.baseUrl}/`);
      await form.getByLabel('Server 3 URL').focus();
      await form.getByText(`${h.sim.baseUrl}/ is already the server URL above.`).waitFor();
      await form.getByRole('button', { name: 'Save backend' }).click();
      await expect(form.isVisible()).resolves.toBe(true);
      await form.getByRole('button', { name: 'Remove server 4' }).click();
      await form.getByRole('button', { name: 'Save backend' }).click();

      const card = page.getByRole('listitem', { name: `Backend ${BACKEND}`, exact: true });
      await expect(card.textContent()).resolves.toContain(`${h.sim.baseUrl} +2 servers`);
      await card.getByRole('button', { name: 'Test connection' }).click();
      await card.getByText(/All 3 servers answered in \d+ ms/).waitFor();

      // Saved with the profile: the form shows them again.
      const again = await editBackend(page);
      await expect(again.getByLabel('Server 2 URL').inputValue()).resolves.toBe(second.baseUrl);
      await expect(again.getByLabel('Server 3 URL').inputValue()).resolves.toBe(third.baseUrl);
      await again.getByRole('button', { name: 'Cancel' }).click();

      // A question: its requests go to every server.
      const before = chats(h.sim);
      await openWithDialog(
        h,
        b.file('minutes.pdf', makeReportPdf(24, 12, 'The clerk was Ada Lovelace.')),
      );
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await ask(page, 'Who was the clerk?', 256);
      const read = await chunksRead(page);
      expect(read).toBeGreaterThanOrEqual(3);
      expect(chats(h.sim) - before).toBeGreaterThan(0);
      expect(chats(second)).toBeGreaterThan(0);
      expect(chats(third)).toBeGreaterThan(0);

      // One server down: the test names it, and only it.
      const down = await deadUrl();
      const edit = await editBackend(page);
      await edit.getByLabel('Server 3 URL').fill(down);
      await edit.getByRole('button', { name: 'Save backend' }).click();
      await card.getByRole('button', { name: 'Test connection' }).click();
      const alert = card.getByRole('alert');
      await alert.waitFor();
      const message = (await alert.textContent()) ?? '';
      expect(message).toContain(down);
      expect(message).not.toContain(second.baseUrl);
    } finally {
      for (const sim of sims) await sim.close();
    }
  });

  for (const look of [
    { scheme: 'light', viewport: { width: 1280, height: 800 } },
    { scheme: 'dark', viewport: { width: 1024, height: 700 } },
  ] as const) {
    test(`the form at ${look.viewport.width}×${look.viewport.height}, ${look.scheme}`, async () => {
      const h = await b.open({ colorScheme: look.scheme, viewport: look.viewport });
      const { page } = h;
      const form = await editBackend(page);
      await addServer(page, 2, 'http://gpu-box-2.lab.internal:8000/v1');
      await addServer(page, 3, 'ftp://gpu-box-3/v1');
      await form.getByLabel('Name').focus();
      await form.getByText(/ftp:\/\/gpu-box-3\/v1 is not an http/).waitFor();
      await form.getByRole('group', { name: /More servers/ }).scrollIntoViewIfNeeded();
      mkdirSync(SHOTS, { recursive: true });
      const name = `extra-servers-${look.viewport.width}x${look.viewport.height}-${look.scheme}.png`;
      await page.screenshot({ path: path.join(SHOTS, name), caret: 'hide' });
    });
  }
});
