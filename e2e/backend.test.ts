// Backends from the user's side: one that is down gives a clear error; a profile made in the
// Settings screen is tested, its models discovered, and a generic model gets a visible note.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addBackend, ask, openWithDialog, showScreen } from './harness/ui.ts';

describe.skipIf(!canRun)('backends', () => {
  const b = useBrowser();

  test('a backend that is down: asking ends in one clear error with a hint', async () => {
    const h = await b.open({ backend: 'down' });
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(6, 2, 'The clerk was Ada.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, 'Who was the clerk?');
    const alert = page.locator('.run-detail').getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    const message = (await alert.textContent()) ?? '';
    expect(message).toMatch(/reach|connect|unavailable|not running|down/i);
    expect(message).not.toMatch(/ECONNREFUSED.*at |\.ts:\d+/);
    await page.locator('.run-item .status-error').waitFor();

    // The connection test in Settings says the same.
    await showScreen(page, 'Settings');
    const card = page.getByRole('listitem', { name: 'Backend Office server' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('alert').textContent()).resolves.toMatch(
      /reach|connect|unavailable|not running|down/i,
    );
  });

  test('a profile added in Settings: connection test, model discovery, generic-model note', async () => {
    const h = await b.open({
      backend: 'none',
      sim: { model: 'qwen2.5-7b-instruct', models: ['qwen2.5-7b-instruct', 'llama-3.1-8b'] },
    });
    const { page } = h;
    const card = await addBackend(page, {
      kind: 'custom',
      name: 'Lab server',
      url: h.sim.baseUrl,
      apiKey: 'sk-test-not-shown',
    });
    // The key is write-only: the renderer only learns that one is stored.
    await expect(card.textContent()).resolves.toContain('API key: stored');
    expect(await page.content()).not.toContain('sk-test-not-shown');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await card.getByText(/Connected in \d+ ms/).waitFor();
    await expect(card.textContent()).resolves.toContain('llama-3.1-8b');
    await expect(card.getByRole('note').textContent()).resolves.toMatch(
      /not an RL-MemoryAgent model/,
    );
  });
  test('the quote check shows its default for the kind and its cost, and the user can choose', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await showScreen(page, 'Settings');
    await page.getByRole('button', { name: 'Add backend' }).click();
    const form = page.getByRole('form', { name: 'New backend' });
    const check = form.getByLabel('Ask the model to quote its sources');
    // A local vLLM: the user's own server, no bill per token.
    await expect(check.isChecked()).resolves.toBe(true);
    await expect(form.textContent()).resolves.toMatch(
      /one extra short request per cited chunk \(up to 3\), each costing about a chunk’s tokens.*Default for this backend: on\./,
    );
    // A cloud API is billed: off unless chosen.
    await form.getByLabel('Kind').selectOption('openai');
    await expect(check.isChecked()).resolves.toBe(false);
    await expect(form.textContent()).resolves.toContain('Default for this backend: off.');
    await check.check();
    await form.getByRole('button', { name: 'Use the default (off)' }).waitFor();
    await form.getByLabel('API key').fill('sk-test');
    await form.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
    await form.getByLabel('Name').fill('Paid but quoted');
    await form.getByRole('button', { name: 'Save backend' }).click();
    const card = page.getByRole('listitem', { name: 'Backend Paid but quoted', exact: true });
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Paid but quoted' });
    await expect(edit.getByLabel('Ask the model to quote its sources').isChecked()).resolves.toBe(
      true,
    );
  });
});
