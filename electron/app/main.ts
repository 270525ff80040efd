// The Electron main process's entry (out/main/main.js): the app (app-main.ts), or, started with
// `--memagent-cli` first, the `memagent` command (cli-mode.ts). Decided before anything else loads:
// the app's modules cost about a second of CPU to load, which `memagent --version` must not pay,
// and the command makes no single-instance lock (it runs beside an open window, as the CLI always
// could), no profile folder, app:// scheme, window or menu.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { commandLineArguments } from '../core/command-mode.ts';
import { runCommandLine } from './cli-mode.ts';

const commandArgs = commandLineArguments(process.argv, process.defaultApp === true);
if (commandArgs === undefined) await import('./app-main.ts');
else {
  // On macOS a terminal command must not put an icon in the Dock.
  app.dock?.hide();
  const cliDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../cli');
  app.exit(await runCommandLine(commandArgs, cliDir));
}
