// Where the desktop app keeps its data, found without Electron, so the command line uses the
// same OCR language folder as the app (and, later, its library).
import os from 'node:os';
import path from 'node:path';

/**
 * The folder name Electron gives the app's data: package.json's `productName`, else its `name`
 * (there is no productName there; electron-builder's `productName` names the installers only).
 */
export const APP_DATA_FOLDER = 'memagent-desktop';

/**
 * The app's `userData` folder as Electron computes it: `%APPDATA%` on Windows,
 * `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` or `~/.config` elsewhere, plus
 * the app's name; `MEMAGENT_USER_DATA_DIR` replaces it, as it does for the app.
 */
export function appDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const override = env.MEMAGENT_USER_DATA_DIR?.trim();
  if (override) return p.resolve(override);
  const base =
    platform === 'win32'
      ? env.APPDATA || p.join(home, 'AppData', 'Roaming')
      : platform === 'darwin'
        ? p.join(home, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME || p.join(home, '.config');
  return p.join(base, APP_DATA_FOLDER);
}
