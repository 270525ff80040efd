// The Electron smoke suite: the real built app in the real Electron binary, driven by Playwright's
// _electron. It proves what only Electron can show: the hardened window, the preload's narrow
// bridge, no Node in the page, navigation/new windows/CSP enforced. Where the binary is missing
// (it downloads from GitHub) or there is no display, Vitest reports every test here as SKIPPED.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { calls } from '../shared/api.ts';
import { APP_ENTRY_URL, CONTENT_SECURITY_POLICY } from '../electron/app/security.ts';
import { electronBinaryPath } from '../scripts/start-electron-binary.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binary = electronBinaryPath(repoRoot);
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
// Chromium refuses to run its sandbox as root; turning the sandbox off for tests would test a
// different app than the one users get, so the suite is skipped instead.
const isRoot = process.platform === 'linux' && process.getuid?.() === 0;
const skipReason =
  binary === null
    ? 'skipped: the Electron binary is not installed (node_modules/electron/dist; it downloads from GitHub)'
    : !hasDisplay
      ? 'skipped: no display (run under xvfb-run)'
      : isRoot
        ? 'skipped: running as root, where Chromium will not start with its sandbox'
        : null;

describe.skipIf(skipReason !== null)(
  `Electron smoke${skipReason === null ? '' : ` (${skipReason})`}`,
  () => {
    let app: ElectronApplication;
    let page: Page;
    let dataDir: string;

    beforeAll(async () => {
      const built = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'scripts/build-electron.ts')],
        { cwd: repoRoot, encoding: 'utf8' },
      );
      if (built.status !== 0)
        throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-electron-'));
      app = await _electron.launch({
        executablePath: binary as string,
        args: [repoRoot],
        cwd: repoRoot,
        env: {
          ...process.env,
          MEMAGENT_USER_DATA_DIR: dataDir,
          ELECTRON_ENABLE_LOGGING: '1',
        } as Record<string, string>,
      });
      page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      // Links the app hands to the OS browser are recorded instead of opening one on the test machine.
      await app.evaluate(({ shell }) => {
        const opened: string[] = [];
        (globalThis as unknown as { __opened: string[] }).__opened = opened;
        shell.openExternal = async (url: string) => {
          opened.push(url);
        };
      });
    });

    afterAll(async () => {
      await app?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('the window opens on the app’s own page', async () => {
      expect(page.url()).toBe(APP_ENTRY_URL);
      await expect.poll(() => page.title()).toMatch(/MemAgent/);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      );
    });

    test('window.memagent has only the contract’s methods, and they reach the real service', async () => {
      const shape = await page.evaluate(() => {
        const bridge = (window as unknown as { memagent: Record<string, unknown> }).memagent;
        return {
          keys: Object.keys(bridge).sort(),
          frozen: Object.isFrozen(bridge),
          types: Object.values(bridge).map((v) => typeof v),
        };
      });
      expect(shape).toEqual({
        keys: ['invoke', 'on', 'pathOfDropped'],
        frozen: true,
        types: ['function', 'function', 'function'],
      });
      const settings = await page.evaluate(() =>
        (
          window as unknown as {
            memagent: { invoke(n: string, r: unknown): Promise<{ ok: boolean }> };
          }
        ).memagent.invoke('settings:get', {}),
      );
      expect(settings.ok).toBe(true);
      const unknown = await page.evaluate(() =>
        (
          window as unknown as { memagent: { invoke(n: string, r: unknown): Promise<unknown> } }
        ).memagent
          .invoke('fs:read', {})
          .then(
            () => 'resolved',
            (e: Error) => e.message,
          ),
      );
      expect(unknown).toMatch(/unknown call/);
      expect(Object.keys(calls)).toContain('settings:get');
    });

    test('Node and Electron internals are not visible in the page', async () => {
      const visible = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        return [
          typeof w.require,
          typeof w.process,
          typeof w.module,
          typeof w.Buffer,
          typeof w.ipcRenderer,
          typeof w.electron,
        ];
      });
      expect(visible).toEqual([
        'undefined',
        'undefined',
        'undefined',
        'undefined',
        'undefined',
        'undefined',
      ]);
    });

    test('navigation to an external page is denied', async () => {
      const attempt = app.evaluate(({ BrowserWindow }) => {
        const contents = BrowserWindow.getAllWindows()[0]?.webContents;
        return new Promise<{ url: string; prevented: boolean }>((resolve) => {
          contents?.once('will-navigate', (event, url) =>
            resolve({ url, prevented: event.defaultPrevented }),
          );
        });
      });
      await page.evaluate(() => {
        window.location.href = 'https://example.invalid/phish';
      });
      expect(await attempt).toEqual({ url: 'https://example.invalid/phish', prevented: true });
      expect(
        await page.evaluate(() => [
          location.href,
          typeof (window as unknown as { memagent?: unknown }).memagent,
        ]),
      ).toEqual([APP_ENTRY_URL, 'object']);
      await expect
        .poll(() => app.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened))
        .toContain('https://example.invalid/phish');
    });

    test('window.open is denied and opens no window', async () => {
      const result = await page.evaluate(() => [
        window.open('https://example.invalid/popup') === null,
        window.open('file:///etc/passwd') === null,
      ]);
      expect(result).toEqual([true, true]);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      );
      const opened = await app.evaluate(
        () => (globalThis as unknown as { __opened: string[] }).__opened,
      );
      expect(opened).not.toContain('file:///etc/passwd');
    });

    test('the CSP is sent with the page and blocks inline script and remote content', async () => {
      const header = await app.evaluate(
        async ({ net }, url) => (await net.fetch(url)).headers.get('content-security-policy'),
        APP_ENTRY_URL,
      );
      expect(header).toBe(CONTENT_SECURITY_POLICY);
      const result = await page.evaluate(async () => {
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          violations.push(e.violatedDirective),
        );
        const script = document.createElement('script');
        script.textContent = 'window.__inline = 1';
        document.body.append(script);
        const img = document.createElement('img');
        const settled = new Promise((resolve) => {
          img.onload = resolve;
          img.onerror = resolve;
        });
        img.src = 'https://example.invalid/pixel.png';
        document.body.append(img);
        await settled;
        return {
          inline: (window as unknown as { __inline?: number }).__inline,
          loaded: img.naturalWidth > 0,
          violations,
        };
      });
      expect(result.inline).toBeUndefined();
      expect(result.loaded).toBe(false);
      expect(result.violations).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^script-src/),
          expect.stringMatching(/^img-src/),
        ]),
      );
    });
  },
);
