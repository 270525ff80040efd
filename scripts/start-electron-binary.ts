// Finds the Electron binary WITHOUT `require('electron')`: that module downloads the binary as a
// side effect of being imported, which fails (slowly) on machines without GitHub access. Used by
// `npm start` and by the Electron smoke suite to decide whether it can run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The Electron executable installed under `repoRoot/node_modules/electron`, or null when missing. */
export function electronBinaryPath(repoRoot: string): string | null {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const packageDir = path.join(repoRoot, 'node_modules', 'electron');
  let relative: string;
  try {
    relative = fs.readFileSync(path.join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    if (override === undefined) return null;
    relative = process.platform === 'win32' ? 'electron.exe' : 'electron';
  }
  const binary = path.join(override ?? path.join(packageDir, 'dist'), relative);
  return fs.existsSync(binary) ? binary : null;
}

/**
 * Makes sure the binary is there, downloading it with Electron's own installer when missing (the
 * package's postinstall is disabled in allowScripts because it fails where GitHub is unreachable).
 * Returns the binary's path, or an error sentence for the user.
 */
export function ensureElectronBinary(
  repoRoot: string,
): { ok: true; binary: string } | { ok: false; message: string } {
  const existing = electronBinaryPath(repoRoot);
  if (existing !== null) return { ok: true, binary: existing };
  const installer = path.join(repoRoot, 'node_modules', 'electron', 'install.js');
  if (!fs.existsSync(installer)) {
    return {
      ok: false,
      message: 'The electron package is not installed: run `npm install` first.',
    };
  }
  console.log('Downloading the Electron binary (first start only)…');
  const result = spawnSync(process.execPath, [installer], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  const binary = electronBinaryPath(repoRoot);
  if (result.status === 0 && binary !== null) return { ok: true, binary };
  const lastLine = (result.stderr ?? '').trim().split('\n').at(-1)?.slice(0, 200);
  const reason =
    /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|fetch failed/.exec(result.stderr ?? '')?.[0] ??
    result.error?.message ??
    lastLine;
  return {
    ok: false,
    message:
      'The Electron binary could not be downloaded' +
      (reason ? ` (${reason})` : '') +
      ': Electron needs access to its GitHub releases (or ELECTRON_MIRROR / ELECTRON_OVERRIDE_DIST_PATH) to start.',
  };
}
