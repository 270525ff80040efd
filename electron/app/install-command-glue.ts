// Help > Install Command Line Tool: core writes the launcher and, on macOS, the /usr/local/bin
// link (core/command-line-install.ts); this gives it the app's paths and macOS's administrator
// prompt, and says what happened in a dialog. Untested here: it needs a packaged app.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dialog } from 'electron';
import {
  adminShellArgs,
  appCommandTarget,
  installCommandLine,
  installedCommandMessage,
} from '../core/command-line-install.ts';

/** macOS's password dialog for `command`; false when the user cancels it (osascript's -128). */
function runAsAdmin(command: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    execFile('osascript', adminShellArgs(command), (error, _stdout, stderr) => {
      if (error === null) resolve(true);
      else if (/-128\b/.test(stderr)) resolve(false);
      else reject(new Error(stderr.trim() || error.message));
    });
  });
}

/** A new terminal's PATH: a macOS app gets launchd's, without /etc/paths (where /usr/local/bin is). */
function terminalPath(): string | undefined {
  if (process.platform !== 'darwin') return process.env.PATH;
  let listed: string[] = [];
  try {
    listed = fs.readFileSync('/etc/paths', 'utf8').split('\n').filter(Boolean);
  } catch {
    // No /etc/paths: the app's own PATH is all there is to go on.
  }
  return [process.env.PATH ?? '', ...listed].join(path.delimiter);
}

/** Installs `memagent` for this user, run by this app's own executable in its command mode. */
export async function installCommandFromMenu(): Promise<void> {
  try {
    const installed = await installCommandLine(
      // The app's bundled command line (out/cli/run.js), through main's `--memagent-cli`.
      appCommandTarget(process.execPath),
      {
        home: os.homedir(),
        platform: process.platform,
        pathVar: terminalPath(),
        runAsAdmin,
      },
    );
    const { message, detail } = installedCommandMessage(installed);
    void dialog.showMessageBox({ type: 'info', message, detail });
  } catch (error) {
    dialog.showErrorBox(
      'The memagent command could not be installed.',
      error instanceof Error ? error.message : String(error),
    );
  }
}
