// The built main-process bundle (out/main/main.js) loaded under plain Node with a stand-in for the
// `electron` module (electron-smoke-stub.ts). Runs everywhere, including where the Electron binary
// cannot be downloaded: it proves that `npm run build` produces a bundle whose imports, worker
// scripts, tokenizer assets, SQLite store, IPC registration and security settings work together.
// What only Chromium can show (CSP enforcement, navigation, the sandbox) is in electron-smoke.test.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { calls } from '../shared/api.ts';
import { callChannel, DROPPED_PATH_CHANNEL } from '../electron/app/bridge.ts';
import {
  APP_ENTRY_URL,
  CONTENT_SECURITY_POLICY,
  SECURE_WEB_PREFERENCES,
} from '../electron/app/security.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixture = path.join(repoRoot, 'test-fixtures/contract.pdf');

interface Report {
  builtinTest: { ok: boolean; value?: { ok: boolean; model?: string } };
  calls: string[];
  schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>;
  webPreferences: Record<string, unknown> & { preload: string };
  loaded: string[];
  protocol: Record<
    'index' | 'escape' | 'missing',
    { status: number; csp: string | null; type: string | null }
  >;
  permission: boolean;
  permissionCheck: boolean;
  cancel: { remote: boolean; app: boolean; file: boolean };
  headers: Record<string, string[]>;
  ipcChannels: string[];
  settings: { ok: boolean };
  refused: { ok: boolean; error?: { kind: string; message: string } };
  otherWindow: { ok: boolean; error?: { kind: string } };
  invalid: { ok: boolean; error?: { kind: string; detail?: string } };
  madeUpPath: { ok: boolean; error?: { kind: string; message: string } };
  dropped: {
    otherWindow: string | null;
    relative: string | null;
    granted: string | null;
    opened: { ok: boolean; value?: { format: string } };
  };
  chosenPath: { ok: boolean; value?: string };
  opened: { ok: boolean; value?: { format: string; pageCount: number; title: string } };
  updated: { windowId: number; payload: { tokenCount?: number } };
  saveKey: { ok: boolean; error?: { kind: string; hint?: string } };
  menu: string[];
}

// Both describes load the bundles `npm run build` writes (out/main, out/cli).
beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-electron.ts')], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0)
    throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
});

describe('the built main bundle under a stand-in Electron', () => {
  let report: Report;
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bundle-'));
    const run = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'e2e/electron-smoke-bundle-run.ts'), dataDir, fixture],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    if (run.status !== 0) throw new Error(`The bundle did not run:\n${run.stdout}\n${run.stderr}`);
    report = JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as Report;
  });

  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('starts in order: data folder and single-instance lock, app:// scheme before ready, then one window', () => {
    expect(report.calls.slice(0, 5)).toEqual([
      'app.setPath:userData',
      'app.requestSingleInstanceLock',
      'protocol.registerSchemesAsPrivileged',
      'app.whenReady',
      'new BrowserWindow',
    ]);
    expect(report.schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    expect(report.loaded).toEqual([APP_ENTRY_URL]);
  });

  test('the window is hardened and its preload is the single-file bundle', () => {
    // The stand-in reports an unpackaged app: DevTools on, as in development.
    expect(report.webPreferences).toEqual({
      ...SECURE_WEB_PREFERENCES,
      devTools: true,
      preload: path.join(repoRoot, 'out/preload/preload.cjs'),
    });
    expect(fs.existsSync(report.webPreferences.preload)).toBe(true);
  });

  test('app:// serves the renderer with the CSP and nothing outside it', () => {
    expect(report.protocol.index).toEqual({
      status: 200,
      csp: CONTENT_SECURITY_POLICY,
      type: 'text/html; charset=utf-8',
    });
    expect(report.protocol.escape.status).toBe(404);
    expect(report.protocol.missing.status).toBe(404);
    expect(report.headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  test('permissions are denied and requests outside the app are cancelled', () => {
    expect(report.permission).toBe(false);
    expect(report.permissionCheck).toBe(false);
    expect(report.cancel).toEqual({ remote: true, app: false, file: true });
  });

  test('every contract call has an IPC handler, and only the app’s window may call', () => {
    expect(report.ipcChannels.sort()).toEqual(
      [
        ...(Object.keys(calls) as Array<keyof typeof calls>).map(callChannel),
        DROPPED_PATH_CHANNEL,
      ].sort(),
    );
    expect(report.settings.ok).toBe(true);
    expect(report.refused).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/refused/) },
    });
    expect(report.otherWindow).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
    expect(report.invalid).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', detail: expect.stringMatching(/documentId/) },
    });
  });

  test('a dropped file’s path is granted to the app’s window only, and then opens', () => {
    expect(report.dropped.otherWindow).toBeNull();
    expect(report.dropped.relative).toBeNull();
    expect(report.dropped.granted).toMatch(/dropped\.pdf$/);
    expect(report.dropped.opened).toMatchObject({ ok: true, value: { format: 'pdf' } });
  });

  test('opens a real PDF through the bundled worker and counts its tokens with the bundled vocabulary', () => {
    expect(report.madeUpPath).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/Open dialog/) },
    });
    expect(report.chosenPath.ok).toBe(true);
    expect(report.opened).toMatchObject({ ok: true, value: { format: 'pdf', pageCount: 4 } });
    expect(report.updated.windowId).toBe(1);
    expect(report.updated.payload.tokenCount).toBeGreaterThan(50);
  });

  test('refuses to store an API key when the keyring is only basic_text', () => {
    expect(report.saveKey).toMatchObject({
      ok: false,
      error: { kind: 'Unsupported', hint: expect.stringMatching(/keyring/) },
    });
  });

  test('runs the built-in model in a utility process from the bundled host entry', () => {
    expect(report.calls).toContain('utilityProcess.fork:builtin-host-main.js:MemAgent model');
    expect(report.builtinTest).toMatchObject({
      ok: true,
      value: { ok: true, model: 'tiny-test-llama' },
    });
  });

  test('installs the menu and closes the store before quitting', () => {
    expect(report.menu).toEqual(['&File', 'editMenu', '&View', 'windowMenu', 'help']);
    expect(report.calls.slice(-2)).toEqual(['before-quit.preventDefault', 'app.quit']);
  });
});

describe('the built main bundle as the `memagent` command (--memagent-cli)', () => {
  interface CommandReport {
    calls: string[];
    windows: number;
    schemes: unknown[];
    appListeners: string[];
    ipcChannels: number;
    menu: unknown;
  }
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bundle-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** The packaged app started by the installed launcher: output, and what the app did. */
  function command(...args: string[]) {
    const run = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'e2e/electron-smoke-bundle-run.ts'), '--memagent-cli', ...args],
      {
        cwd: dataDir,
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, MEMAGENT_USER_DATA_DIR: dataDir },
      },
    );
    if (run.status !== 0) throw new Error(`The bundle did not run:\n${run.stdout}\n${run.stderr}`);
    const lines = run.stdout.split('\n');
    const report = JSON.parse(lines.at(-2) as string) as CommandReport;
    return { stdout: lines.slice(0, -3).join('\n'), stderr: run.stderr, report };
  }

  /** Nothing of the app: no lock, profile folder, scheme, window, menu, IPC or app events. */
  function onlyExited(report: CommandReport, code: number): void {
    expect(report).toEqual({
      calls: [`app.exit:${code}`],
      windows: 0,
      schemes: [],
      appListeners: [],
      ipcChannels: 0,
      menu: null,
    });
  }

  test('--version prints the version and exits 0 with nothing of the app made', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    const { stdout, report } = command('--version');
    expect(stdout).toBe(`memagent ${pkg.version}`);
    onlyExited(report, 0);
  });

  test('a real command runs through the bundled command line and its PDF worker', () => {
    const { stdout, report } = command('extract', fixture);
    expect(stdout).toMatch(/\S/);
    expect(stdout.length).toBeGreaterThan(200);
    onlyExited(report, 0);
  });

  test('a failing command gives its exit code to app.exit and one sentence on stderr', () => {
    const { stdout, stderr, report } = command('extract', path.join(dataDir, 'missing.pdf'));
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^memagent: .*missing\.pdf/);
    expect(stderr).not.toMatch(/\n\s+at /);
    onlyExited(report, 3);
  });
});
