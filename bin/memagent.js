#!/usr/bin/env -S node --max-semi-space-size=32 --heap-growing-percent=20
// The `memagent` command as installed (`npm link`, `npx memagent`, the app's "Install Command
// Line Tool"). Plain JavaScript any Node from 20 on can start: it finds a Node that runs the CLI's
// TypeScript (24 or newer: this one, or the `node` package in the checkout) and gives it the V8
// flags of a long job (electron/core/v8-flags.ts), which size the heap and so must be on the
// command line of the process that reads. Started by the shebang above with those flags on a
// new enough Node, the CLI runs in this process (no second start); otherwise in a child.
// What it runs: the built bundle (out/cli/memagent.js, `npm run build`) while every source it
// was built from is unchanged (its stamp), else the TypeScript sources, so a checkout never runs
// code older than its files; MEMAGENT_CLI_SOURCES=1 always picks the sources (docs/cli.md).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Kept equal to LONG_JOB_V8_FLAGS (bin/memagent.test.ts checks). */
export const V8_FLAGS = ['--max-semi-space-size=32', '--heap-growing-percent=20'];
const MIN_NODE = 24;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);

/**
 * True when out/cli/stamp.json lists every source of the bundle with the size and modification
 * time it has now (a few hundred stat calls: about a millisecond). Any doubt (no build, a file
 * edited, touched, moved or gone, a stamp of another format) is false.
 */
function bundleIsFresh(checkout) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(checkout, 'out', 'cli', 'stamp.json'), 'utf8'));
    if (stamp.format !== 1) return false;
    for (const [file, [size, mtimeMs]] of Object.entries(stamp.files)) {
      const now = statSync(path.join(checkout, file));
      if (now.size !== size || now.mtimeMs !== mtimeMs) return false;
    }
    return true;
  } catch {
    return false;
  }
}

const cli =
  process.env.MEMAGENT_CLI_SOURCES !== '1' && bundleIsFresh(root)
    ? path.join(root, 'out', 'cli', 'memagent.js')
    : path.join(root, 'electron', 'cli', 'main.ts');

function nodeThatRunsTs() {
  if (major >= MIN_NODE) return process.execPath;
  const bundled = path.join(
    root,
    'node_modules',
    'node',
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
  return existsSync(bundled) ? bundled : undefined;
}

// `npm run memagent` sets INIT_CWD to the folder typed in, and the CLI takes relative paths from
// it; this command is started in that folder already, and an INIT_CWD inherited from an outer
// npm script would name another one.
delete process.env.INIT_CWD;

const flagsGiven = V8_FLAGS.every((flag) => process.execArgv.includes(flag));
if (major >= MIN_NODE && flagsGiven) {
  // main.ts reads its arguments after the script's path, as when started directly.
  process.argv.splice(1, 1, cli);
  // Node's compile cache (main.ts turns it on too, for the re-exec'd child): on before the
  // import, the CLI's entry is read from it as well (the bundle's, compiled, too).
  module.enableCompileCache();
  await import(pathToFileURL(cli).href);
} else {
  const node = nodeThatRunsTs();
  if (node === undefined) {
    process.stderr.write(
      `memagent: this Node is ${process.versions.node}; memagent needs Node ${MIN_NODE} or newer.\nhint: Install Node ${MIN_NODE} (https://nodejs.org), or run \`npm install\` in ${root}.\n`,
    );
    process.exit(1);
  }
  const child = spawn(node, [...V8_FLAGS, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  // Ctrl-C reaches the child from the terminal itself; a signal sent to this process alone
  // (`kill`, a service manager) is passed on. Either way the child decides how to stop.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (signal !== 'SIGINT') child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal === 'SIGINT' ? 130 : 1));
  });
}
