// Help > Install Command Line Tool: core writes the launcher (core/command-line-install.ts);
// this says what happened in a dialog. Untested here: it needs a packaged app.
import { app, dialog } from 'electron';
import os from 'node:os';
import path from 'node:path';
import { installCommandLine } from '../core/command-line-install.ts';

/** Installs `memagent` for this user, run by this app's own executable as Node. */
export function installCommandFromMenu(): void {
  try {
    const installed = installCommandLine(
      {
        runtime: process.execPath,
        // The CLI's sources ship inside the app (asar unpacked), beside the bundled main.
        script: path.join(app.getAppPath(), 'electron', 'cli', 'main.ts'),
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
      { home: os.homedir(), platform: process.platform, pathVar: process.env.PATH },
    );
    const where = installed.onPath
      ? `Type \`memagent --help\` in a new terminal.`
      : `Add ${path.dirname(installed.file)} to your PATH, then type \`memagent --help\` in a new terminal.`;
    void dialog.showMessageBox({
      type: 'info',
      message: `The memagent command is installed in ${installed.file}.`,
      detail: where,
    });
  } catch (error) {
    dialog.showErrorBox(
      'The memagent command could not be installed.',
      error instanceof Error ? error.message : String(error),
    );
  }
}
