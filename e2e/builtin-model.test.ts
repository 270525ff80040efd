// The built-in model from the user's side, in Chromium against the real service: the first-start
// screen's two paths (the recommended model downloaded from a loopback "Hugging Face" set through
// HF_ENDPOINT's option, then used), Settings › Models with a download going and one failed, the
// built-in backend form, and a question read by the tiny GGUF on one CPU thread. Screenshots in
// light and dark go to out/screenshots/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_CATALOGUE_ID, catalogueModel } from '../shared/model-catalogue.ts';
import { tinyGguf, writeTinyGguf } from '../electron/core/llm/builtin/tiny-gguf.test-support.ts';
import {
  fakeGguf,
  startModelServer,
  type ModelServer,
} from '../electron/core/models/model-server.test-support.ts';
import type { HarnessOptions } from './harness/harness.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { chunksRead, openWithDialog, showScreen } from './harness/ui.ts';
import { shooter } from './harness/walk.ts';

const recommended = catalogueModel(DEFAULT_CATALOGUE_ID)!;
const small = catalogueModel('qwen2.5-1.5b-instruct-q4_k_m')!;
const servedPath = (m: { uri: string; file: string }) =>
  `/${m.uri.replace(/^hf:/, '').split('/').slice(0, 2).join('/')}/${m.file}`;

describe.skipIf(!canRun)('the built-in model', () => {
  const b = useBrowser();
  let server: ModelServer;
  let scratch: string;
  beforeAll(async () => {
    server = await startModelServer();
    scratch = mkdtempSync(path.join(tmpdir(), 'memagent-e2e-models-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  const options = (scheme: 'light' | 'dark'): HarnessOptions => ({
    backend: 'none',
    colorScheme: scheme,
    serviceDeps: {
      hf: { endpoint: server.url },
      modelDownloader: { retries: 0, retryDelayMs: 10, stallMs: 10_000 },
    },
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`first start (${scheme}): the recommended model is downloaded, made the backend, and answers`, async () => {
      // The tiny GGUF stands in for the 4.7 GB file, served slowly enough to watch.
      server.files.set(servedPath(recommended), {
        body: tinyGguf(),
        slice: 16 * 1024,
        delayMs: 60,
      });
      const h = await b.open(options(scheme));
      const { page } = h;
      const shot = shooter(page, scheme);
      const first = page.getByRole('region', { name: 'How should MemAgent read your documents?' });
      await first.waitFor();
      // What the user is told before choosing: the model, its size, a time, where it goes.
      await expect(first.textContent()).resolves.toContain('4.7 GB');
      await expect(first.textContent()).resolves.toMatch(/about 12 min at 50 Mbit\/s/);
      await expect(first.locator('code').textContent()).resolves.toBe(
        path.join(h.dataDir, 'models'),
      );
      await first.getByRole('button', { name: 'Set up a server or API…' }).waitFor();
      await shot('first-start');

      await first.getByRole('button', { name: `Download and use ${recommended.name}` }).click();
      const row = first.getByRole('listitem', { name: `Download of ${recommended.name}` });
      await row.getByText(/KB of 4\d\d KB · [\d.]+ KB\/s/).waitFor();
      await shot('first-start-downloading');
      // Done: a built-in backend is made and chosen, and the screen says so and what is next.
      await first.waitFor({ state: 'detached', timeout: 30_000 });
      const ready = page.getByRole('region', {
        name: 'Model ready — open a document to ask about it',
      });
      await expect(ready.textContent()).resolves.toContain(recommended.name);
      await ready.getByRole('button', { name: 'Open document…' }).waitFor();
      await shot('first-start-downloaded');
      await ready.getByRole('button', { name: 'Close' }).click();
      await ready.waitFor({ state: 'detached' });
      await showScreen(page, 'Settings');
      const card = page.getByRole('listitem', {
        name: `Backend Built-in (this computer): ${recommended.name}`,
      });
      await card.getByText('Active', { exact: true }).waitFor();

      // The form: GPU off and one thread (this 2-core machine), then a question on the tiny model.
      await card.getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('form', { name: /^Edit Built-in/ });
      await expect(form.getByLabel('Model file').inputValue()).resolves.toBe(
        path.join(h.dataDir, 'models', recommended.file),
      );
      await expect(form.getByRole('note').textContent()).resolves.toContain(
        'is not an RL-MemoryAgent model',
      );
      await form.getByRole('combobox', { name: /^GPU/ }).selectOption('off');
      await form.getByLabel('CPU threads').fill('1');
      await form.getByLabel('Server URL').waitFor({ state: 'detached' });
      await shot('builtin-form');
      await form.getByRole('button', { name: 'Save backend' }).click();
      await form.waitFor({ state: 'detached' });

      await openWithDialog(
        h,
        b.file('memo.txt', Buffer.from('The vault code is 4711. '.repeat(60))),
      );
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await page.getByRole('textbox', { name: 'Question', exact: true }).fill('What is the code?');
      const settings = page.locator('details.run-settings');
      if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
      await page.getByLabel('Chunk size (tokens)').fill('256');
      await page.getByLabel('Memory size (tokens)').fill('64');
      await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
      expect(await chunksRead(page, 120_000)).toBeGreaterThanOrEqual(2);
      await shot('builtin-answered');
    }, 180_000);
  }

  test('first start: "Set up a server or API" opens the new-backend form', async () => {
    const h = await b.open(options('light'));
    const { page } = h;
    await page.getByRole('button', { name: 'Set up a server or API…' }).click();
    const form = page.getByRole('form', { name: 'New backend' });
    await form.getByLabel('Server URL').waitFor();
    // Every server kind stays on offer, the built-in one among them.
    const kinds = await form.getByLabel('Kind').locator('option').allTextContents();
    expect(kinds).toEqual(
      expect.arrayContaining(['Local vLLM', 'OpenAI', 'Built-in (this computer)']),
    );
    await showScreen(page, 'Library');
    await expect(page.getByRole('region', { name: /How should MemAgent/ }).count()).resolves.toBe(
      0,
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`Settings › Models (${scheme}): a download going, one that failed, and a model removed`, async () => {
      server.files.set(servedPath(small), {
        body: fakeGguf(2_000_000, 7),
        slice: 8 * 1024,
        delayMs: 100,
      });
      const h = await b.open({ ...options(scheme), backend: 'sim' });
      const { page } = h;
      const shot = shooter(page, scheme);
      await showScreen(page, 'Settings');
      const section = page.getByRole('region', { name: 'Models on this computer' });
      // An added file first, so the list has a model to remove.
      const added = writeTinyGguf(scratch, `mine-${scheme}.gguf`);
      h.chooseNext(added);
      await section.getByRole('button', { name: 'Add a model file…' }).click();
      await section.getByText(`mine-${scheme}.gguf`, { exact: true }).waitFor();

      await section.getByRole('button', { name: `Download ${small.name}` }).click();
      const going = section.getByRole('listitem', { name: `Download of ${small.name}` });
      await going.getByText(/\d+ KB\/s|MB\/s/).waitFor();
      await section
        .getByLabel('Another model from Hugging Face')
        .fill('hf:someone/missing-GGUF/missing.Q4_K_M.gguf');
      await section.getByRole('button', { name: 'Download', exact: true }).click();
      const failed = section.getByRole('listitem', { name: 'Download of missing.Q4_K_M.gguf' });
      await failed.getByRole('alert').waitFor();
      // An error says what happened; no progress bar or "0 bytes" pretends it is going.
      await expect(failed.locator('progress').count()).resolves.toBe(0);
      await failed.getByRole('button', { name: 'Dismiss' }).waitFor();
      await expect(failed.getByRole('alert').textContent()).resolves.toMatch(
        /not found|404|does not exist/i,
      );
      await section.scrollIntoViewIfNeeded();
      await shot('models-section');

      await going.getByRole('button', { name: 'Pause' }).click();
      await going.getByRole('button', { name: 'Resume' }).waitFor();
      await going.getByRole('button', { name: 'Cancel' }).click();
      await going.waitFor({ state: 'detached' });

      // Removing an added file says it stays on disk, and it does.
      await section.getByRole('button', { name: `Remove mine-${scheme}.gguf` }).click();
      await section.getByText('Forget this model? The file itself stays where it is.').waitFor();
      await shot('models-remove-confirm');
      await section.getByRole('button', { name: 'Forget' }).click();
      await section
        .getByText(`mine-${scheme}.gguf`, { exact: true })
        .waitFor({ state: 'detached' });
      expect((await import('node:fs')).existsSync(added)).toBe(true);
    }, 60_000);
  }
});

export type { Page };
