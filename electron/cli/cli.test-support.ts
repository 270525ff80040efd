// The real `memagent` process for the CLI tests: `node electron/cli/main.ts ARGS` in the
// repository, with none of the user's backend settings from the environment.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The data folder the tests' `ask` saves its runs in unless a test names one: never the user's
 * own library. Removed when the test process exits.
 */
let testDataDir: string | undefined;
function defaultDataDir(): string {
  if (testDataDir === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-data-'));
    testDataDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return testDataDir;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running CLI: its pid, a way to signal it, and its result once it ends. */
export interface StartedCli {
  pid: number;
  kill(signal: NodeJS.Signals): void;
  result: Promise<CliResult>;
}

/** Starts the CLI; `onStderr` sees stderr so far and may signal the process. */
export function startCli(
  args: string[],
  env: Record<string, string> = {},
  onStderr?: (text: string, kill: (s: NodeJS.Signals) => void) => void,
): StartedCli {
  const clean = { ...process.env };
  for (const k of ['MEMAGENT_BASE_URL', 'MEMAGENT_MODEL', 'MEMAGENT_API_KEY', 'OPENAI_API_KEY'])
    delete clean[k];
  const child = spawn(process.execPath, ['electron/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...clean, MEMAGENT_USER_DATA_DIR: defaultDataDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result = new Promise<CliResult>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      onStderr?.(stderr, (s) => child.kill(s));
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { pid: child.pid ?? -1, kill: (s) => child.kill(s), result };
}

/** Runs the CLI; `onStderr` sees stderr so far and may signal the process. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  onStderr?: (text: string, kill: (s: NodeJS.Signals) => void) => void,
): Promise<CliResult> {
  return startCli(args, env, onStderr).result;
}
