// The first day, from the user's side, in Chromium against the real service: the first-start
// screen's server path (the simulator on 127.0.0.1 added, tested and made active, with no preset
// nobody asked for), its "I already have a GGUF file" path (the tiny GGUF, then "Model ready"
// and a document opened), the built-in backend's card and "Use this model", and Settings in
// sections with their navigation and a deep link from the Ask screen. Screenshots of each step
// at 1280×800 and 1024×700, light and dark, go to out/screenshots/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invokeCall } from '../electron/core/ipc/invoke-call.ts';
import { writeTinyGguf } from '../electron/core/llm/builtin/tiny-gguf.test-support.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addBackend, openWithDialog, showScreen } from './harness/ui.ts';
import { shooter } from './harness/walk.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

/** Takes `name` at each window size (the last size stays). */
async function shotAtSizes(page: Page, shot: (name: string) => Promise<void>, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(`${name}-${size.width}`);
  }
}

/** True when the top of `locator` is inside the window. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });

const firstStart = (page: Page) =>
  page.getByRole('region', { name: 'How should MemAgent read your documents?' });
const cards = (page: Page) => page.getByRole('listitem', { name: /^Backend / });

describe.skipIf(!canRun)('the first day', () => {
  const b = useBrowser();
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'memagent-e2e-first-'));
  });
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`first start (${scheme}): the server added and tested becomes the active backend, and no preset appears`, async () => {
      const h = await b.open({ backend: 'none', colorScheme: scheme });
      const { page } = h;
      const shot = shooter(page, scheme);
      await firstStart(page).waitFor();
      // One memory figure: the stats say it; the model's note does not say another.
      await expect(firstStart(page).textContent()).resolves.toMatch(/Memoryneeds about 5\.5 GB/);
      await expect(firstStart(page).textContent()).resolves.not.toMatch(/GB of RAM/);
      await shotAtSizes(page, shot, 'first-start-choose');

      await page.getByRole('button', { name: 'Set up a server or API…' }).click();
      const nav = page.getByRole('navigation', { name: 'Settings sections' });
      await expect(
        nav.getByRole('link', { name: 'Backends' }).getAttribute('aria-current'),
      ).resolves.toBe('location');
      const form = page.getByRole('form', { name: 'New backend' });
      await form.getByLabel('Name').fill('Lab server');
      await form.getByLabel('Server URL').fill(h.sim.baseUrl);
      await shotAtSizes(page, shot, 'first-start-server-form');
      await form.getByRole('button', { name: 'Save backend' }).click();

      const card = page.getByRole('listitem', { name: 'Backend Lab server' });
      await card.getByText(/Connected in \d+ ms\..*Questions now go to this backend\./).waitFor();
      await card.getByText('Active', { exact: true }).waitFor();
      // No preset nobody created, in the window and in the library.
      await expect(cards(page).count()).resolves.toBe(1);
      const settings = await invokeCall(h.service.handlers, 'settings:get', {}, { senderId: 't' });
      if (!settings.ok) throw new Error(settings.error.message);
      expect(settings.value.profiles.map((p) => p.name)).toEqual(['Lab server']);
      expect(settings.value.activeProfileId).toBe(settings.value.profiles[0]?.id);
      // Active already: no button offers the switch.
      await expect(
        card.getByRole('button', { name: /Use this backend|Make this the active backend/ }).count(),
      ).resolves.toBe(0);
      await shotAtSizes(page, shot, 'first-start-server-active');

      await showScreen(page, 'Library');
      await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();
      await expect(firstStart(page).count()).resolves.toBe(0);
    });
  }

  test('an active backend that answers keeps the questions: the new one is offered with one switch', async () => {
    const h = await b.open({ backend: 'sim' });
    const { page } = h;
    await showScreen(page, 'Settings');
    const sim = page.getByRole('listitem', { name: 'Backend Local simulator (sim-llm)' });
    await sim.getByRole('button', { name: 'Test connection' }).click();
    await sim.getByText(/Connected in \d+ ms/).waitFor();
    const card = await addBackend(page, {
      kind: 'custom',
      name: 'Second server',
      url: h.sim.baseUrl,
    });
    const offer = card.getByRole('status').filter({ hasText: 'Second server answered' });
    await offer.waitFor();
    await expect(offer.textContent()).resolves.toMatch(/Questions now go to Local simulator/);
    // One button for one switch.
    const switches = card.getByRole('button', {
      name: /Use this backend|Make this the active backend/,
    });
    await expect(switches.count()).resolves.toBe(1);
    await switches.click();
    await card.getByText('Active', { exact: true }).waitFor();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`first start (${scheme}): a GGUF file already here is checked, made the backend, and said ready`, async () => {
      const h = await b.open({ backend: 'none', colorScheme: scheme });
      const { page } = h;
      const shot = shooter(page, scheme);
      const tiny = writeTinyGguf(scratch, `tiny-${scheme}.gguf`);
      const name = `tiny-${scheme}`;

      // A file that is not a GGUF is refused with the same sentence as Settings › Models.
      h.chooseNext(b.file('notes.gguf', Buffer.from('just text')));
      await firstStart(page).getByRole('button', { name: 'I already have a GGUF file…' }).click();
      await firstStart(page)
        .getByRole('alert')
        .getByText(/not a GGUF/i)
        .waitFor();
      await shotAtSizes(page, shot, 'first-start-gguf-refused');

      h.chooseNext(tiny);
      await firstStart(page).getByRole('button', { name: 'I already have a GGUF file…' }).click();
      const ready = page.getByRole('region', {
        name: 'Model ready — open a document to ask about it',
      });
      await ready.waitFor();
      await expect(ready.textContent()).resolves.toContain(name);
      await shotAtSizes(page, shot, 'first-start-ready');

      // What to do next works: the document opens on the Ask screen, the note is gone.
      h.chooseNext(b.file('memo.txt', Buffer.from('The vault code is 4711. '.repeat(60))));
      await ready.getByRole('button', { name: 'Open document…' }).click();
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await page.getByLabel('Backend for this question').getByText(name).waitFor();
      await showScreen(page, 'Library');
      await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();
      await expect(ready.count()).resolves.toBe(0);

      // The built-in card speaks of a model file, not a server, and no separator dangles.
      await showScreen(page, 'Settings');
      const card = page.getByRole('listitem', {
        name: `Backend Built-in (this computer): ${name}`,
      });
      await card.getByText('Active', { exact: true }).waitFor();
      const line = (await card.locator('.profile-line').textContent()) ?? '';
      expect(line).toBe(`On this computer · model file ${name}.gguf · GPU automatic`);
      await card.scrollIntoViewIfNeeded();
      await shotAtSizes(page, shot, 'builtin-card');

      // The form's automatic fields: placeholders that fit, the rule written under them.
      await card.getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('form', { name: /^Edit Built-in/ });
      for (const label of ['GPU layers', 'CPU threads']) {
        const field = form.getByLabel(label);
        await expect(field.getAttribute('placeholder')).resolves.toBe('automatic');
        // The placeholder is not cut: the box is wider than its text.
        const fits = await field.evaluate((el: HTMLInputElement) => {
          const probe = document.createElement('span');
          probe.style.font = getComputedStyle(el).font;
          probe.textContent = el.placeholder;
          document.body.append(probe);
          const wide = probe.getBoundingClientRect().width;
          probe.remove();
          return el.clientWidth > wide;
        });
        expect(fits).toBe(true);
      }
      await form.getByText(/Empty fields are automatic/).waitFor();
      await form.getByRole('combobox', { name: /^GPU/ }).selectOption('off');
      await form.getByLabel('CPU threads').fill('1');
      await form.scrollIntoViewIfNeeded();
      await shotAtSizes(page, shot, 'builtin-form');
      await form.getByRole('button', { name: 'Save backend' }).click();
      await form.waitFor({ state: 'detached' });

      // Loaded, not "connected": the test speaks of a model file in seconds.
      await card.getByRole('button', { name: 'Load and test the model' }).click();
      await card
        .getByText(/^Model loaded in \d+(\.\d)? s\. Runs will use tiny-test-llama, from the file /)
        .waitFor({ timeout: 120_000 });
      await expect(card.textContent()).resolves.not.toMatch(/server|Connected/);
      await shotAtSizes(page, shot, 'builtin-card-tested');

      // Settings › Models: the model in use says so; another is used with one click, keeping
      // this computer's GPU and threads.
      const models = page.getByRole('region', { name: 'Models on this computer' });
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Models' })
        .click();
      await models
        .getByRole('listitem')
        .filter({ hasText: `${name}.gguf` })
        .getByText('In use')
        .waitFor();
      h.chooseNext(writeTinyGguf(scratch, `other-${scheme}.gguf`));
      await models.getByRole('button', { name: 'Add a model file…' }).click();
      await models.getByRole('button', { name: `Use other-${scheme}.gguf` }).click();
      await models
        .getByRole('listitem')
        .filter({ hasText: `other-${scheme}.gguf` })
        .getByText('In use')
        .waitFor();
      await shotAtSizes(page, shot, 'models-use');
      const other = page.getByRole('listitem', {
        name: `Backend Built-in (this computer): other-${scheme}`,
      });
      await other.getByText('Active', { exact: true }).waitFor();
      await expect(other.locator('.profile-line').textContent()).resolves.toBe(
        `On this computer · model file other-${scheme}.gguf · CPU only · 1 CPU thread`,
      );
    }, 180_000);
  }

  test('"Check this backend" tells two documents of one title apart, and only those', async () => {
    const h = await b.open({ backend: 'sim' });
    const { page } = h;
    const html = (body: string) =>
      Buffer.from(
        `<html><head><title>Quarterly report</title></head><body><p>${body}</p></body></html>`,
      );
    for (const [name, bytes] of [
      ['q1.html', html('Sales rose. '.repeat(30))],
      ['q2.html', html('Sales fell. '.repeat(30))],
      ['memo.txt', Buffer.from('The clerk was Ada. '.repeat(30))],
    ] as const) {
      await openWithDialog(h, b.file(name, bytes));
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    }
    await showScreen(page, 'Settings');
    const card = page.getByRole('listitem', { name: 'Backend Local simulator (sim-llm)' });
    await card.getByRole('button', { name: 'Check this backend' }).click();
    const choice = card.getByLabel('Text to read').locator('option');
    // The bundled sample and the three documents (each opened in turn above).
    await expect.poll(() => choice.count()).toBe(4);
    const options = await choice.allTextContents();
    expect(options.map((o) => o.replace(/ \([\d.,]+K? tokens\)$/, ''))).toEqual(
      expect.arrayContaining([
        'Quarterly report (q1.html)',
        'Quarterly report (q2.html)',
        expect.stringMatching(/^memo(\.txt)?$/),
      ]),
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`Settings in sections (${scheme}): the navigation goes to each, and the Ask screen opens Backends`, async () => {
      const h = await b.open({ backend: 'sim', colorScheme: scheme });
      const { page } = h;
      const shot = shooter(page, scheme);
      await showScreen(page, 'Settings');
      const nav = page.getByRole('navigation', { name: 'Settings sections' });
      await expect(nav.getByRole('link').allTextContents()).resolves.toEqual([
        'Backends',
        'Models',
        'Run defaults',
        'Costs',
        'OCR languages',
      ]);
      await shotAtSizes(page, shot, 'settings-sections');
      const current = nav.locator('[aria-current="location"]');
      for (const [link, heading, id] of [
        ['Models', 'Models on this computer', 'settings-models'],
        ['Run defaults', 'Default run settings', 'settings-defaults'],
        ['OCR languages', 'OCR languages', 'settings-ocr'],
        ['Costs', 'Costs', 'settings-costs'],
      ] as const) {
        await nav.getByRole('link', { name: link }).click();
        await expect(current.textContent()).resolves.toBe(link);
        await expect(inView(page.getByRole('heading', { name: heading, level: 2 }))).resolves.toBe(
          true,
        );
        // The focus moves with it, so the keyboard carries on from there.
        await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(id);
      }
      await page.setViewportSize(SIZES[0]);
      await shot('settings-sections-end-1280');

      // Scrolling by hand moves the mark back up.
      await page.mouse.move(700, 400);
      await page.mouse.wheel(0, -10);
      await page.locator('#main').evaluate((el) => el.scrollTo(0, 0));
      await expect.poll(() => current.textContent()).toBe('Backends');

      // A deep link: the Ask screen's "Edit backends" opens Settings at Backends.
      await openWithDialog(h, b.file('memo.txt', Buffer.from('The clerk was Ada. '.repeat(40))));
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await showScreen(page, 'Settings');
      await nav.getByRole('link', { name: 'OCR languages' }).click();
      await showScreen(page, 'Ask');
      await page
        .getByLabel('Backend for this question')
        .getByRole('button', { name: 'Edit backends' })
        .click();
      await expect(current.textContent()).resolves.toBe('Backends');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
        'settings-backends',
      );
      await expect(inView(page.getByRole('heading', { name: 'Model backends' }))).resolves.toBe(
        true,
      );
    });
  }
});
