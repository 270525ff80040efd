// Per-file setup for browser tests: one Chromium per test file, one harness (own data folder,
// own simulator, own browser context) per test, closed even when the test fails.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromiumAvailable, launchChromium } from './browser.ts';
import { closeStaticServer, startHarness, type Harness, type HarnessOptions } from './harness.ts';
import { repoRoot } from './paths.ts';

export const canRun = chromiumAvailable();

export function useBrowser(): {
  open(options?: HarnessOptions): Promise<Harness>;
  file(name: string, bytes: Uint8Array): string;
} {
  let browser: Browser | null = null;
  const open: Harness[] = [];
  let filesDir: string | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async (ctx) => {
    // A failed test leaves a screenshot of what the user would have seen (out/e2e-failures/).
    if (ctx.task.result?.state === 'fail') {
      const dir = path.join(repoRoot, 'out/e2e-failures');
      mkdirSync(dir, { recursive: true });
      for (const [i, h] of open.entries()) {
        const name = `${ctx.task.name.replace(/\W+/g, '-').slice(0, 80)}-${i}.png`;
        await h.page.screenshot({ path: path.join(dir, name), fullPage: true }).catch(() => {});
      }
    }
    for (const h of open.splice(0)) await h.close();
  });
  afterAll(async () => {
    await browser?.close();
    await closeStaticServer();
  });
  return {
    async open(options) {
      if (!browser) throw new Error('Chromium did not start.');
      const h = await startHarness(browser, options);
      open.push(h);
      return h;
    },
    file(name, bytes) {
      filesDir ??= mkdtempSync(path.join(tmpdir(), 'memagent-e2e-files-'));
      const file = path.join(filesDir, name);
      writeFileSync(file, bytes);
      return file;
    },
  };
}
