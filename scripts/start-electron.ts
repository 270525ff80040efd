// `npm start`: makes sure the Electron binary is present, builds out/, then launches the app.
// Arguments after `--` go to Electron (e.g. `npm start -- --enable-logging`).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LONG_JOB_V8_FLAGS } from '../electron/core/v8-flags.ts';
import { ensureElectronBinary } from './start-electron-binary.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function main(): number | Promise<number> {
  const binary = ensureElectronBinary(repoRoot);
  if (!binary.ok) {
    console.error(binary.message);
    return 1;
  }
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-electron.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) return built.status ?? 1;

  // Never inherit a request to run Electron as plain Node (a packaged build has that fuse off too).
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  // The main process drives the jobs; V8 reads heap-sizing flags only from the command line.
  const jsFlags = `--js-flags=${LONG_JOB_V8_FLAGS.join(' ')}`;
  const child = spawn(binary.binary, [jsFlags, repoRoot, ...process.argv.slice(2)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise<number>((resolve) => {
    child.on('error', (error) => {
      console.error(`Electron could not be started: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 0 : 1)));
  });
}

void Promise.resolve(main()).then((code) => {
  process.exitCode = code;
});
