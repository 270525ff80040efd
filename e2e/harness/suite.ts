// Per-file setup for browser tests: one Chromium per test file, one harness (own data folder,
// own simulator, own browser context) per test, closed even when the test fails.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromiumAvailable, launchChromium } from './browser.ts';
import { closeStaticServer, startHarness, type Harness, type HarnessOptions } from './harness.ts';

export const canRun = chromiumAvailable();

export function useBrowser(): { open(options?: HarnessOptions): Promise<Harness>; file(name: string, bytes: Uint8Array): string } {
  let browser: Browser | null = null;
  const open: Harness[] = [];
  let filesDir: string | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
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
