import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronBinaryPath, ensureElectronBinary } from './start-electron-binary.ts';

let root: string;
const savedOverride = process.env.ELECTRON_OVERRIDE_DIST_PATH;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-electron-bin-'));
  delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  if (savedOverride === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
  else process.env.ELECTRON_OVERRIDE_DIST_PATH = savedOverride;
});

function installPackage(withBinary: boolean): string {
  const dir = path.join(root, 'node_modules', 'electron');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'path.txt'), 'electron');
  const binary = path.join(dir, 'dist', 'electron');
  if (withBinary) fs.writeFileSync(binary, '');
  return binary;
}

describe('electronBinaryPath', () => {
  it('finds the binary named by path.txt', () => {
    const binary = installPackage(true);
    expect(electronBinaryPath(root)).toBe(binary);
  });

  it('is null when the package is installed but its download never happened', () => {
    installPackage(false);
    expect(electronBinaryPath(root)).toBeNull();
    expect(electronBinaryPath(path.join(root, 'nowhere'))).toBeNull();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const dist = path.join(root, 'custom');
    fs.mkdirSync(dist);
    fs.writeFileSync(
      path.join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron'),
      '',
    );
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dist;
    expect(electronBinaryPath(root)).toBe(
      path.join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron'),
    );
  });
});

describe('ensureElectronBinary', () => {
  it('says in one sentence that npm install is needed when the package is missing', () => {
    const result = ensureElectronBinary(root);
    expect(result).toEqual({
      ok: false,
      message: 'The electron package is not installed: run `npm install` first.',
    });
  });

  it('reports a failing download in one sentence, without a stack trace', () => {
    const dir = path.join(root, 'node_modules', 'electron');
    fs.mkdirSync(dir, { recursive: true });
    // An installer that fails the way Electron's does without network access.
    fs.writeFileSync(
      path.join(dir, 'install.js'),
      "console.error('TypeError: fetch failed\\n    at node:internal/deps/undici'); process.exit(1);",
    );
    const result = ensureElectronBinary(root);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(
        /^The Electron binary could not be downloaded \(fetch failed\): /,
      );
      expect(result.message).not.toMatch(/\n|at node:/);
    }
  });
});
