// `memagent` for the CLI tests, with none of the user's backend settings from the environment:
// in this process (`runCliInProcess`, the default: the command against buffers, as `main.ts`
// runs it against the process) or as a real process (`runCli`/`startCli`, `node
// electron/cli/main.ts ARGS`) for what only a process shows: signals, closed pipes, a crash's
// exit, a terminal, and a few end-to-end runs per command.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { LONG_JOB_V8_FLAGS } from '../core/v8-flags.ts';
import type { CliContext } from './context.ts';
import { runCommand } from './run-command.ts';

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

/**
 * This process's environment without the user's backend settings and locale (a review's dates
 * and amounts follow LC_ALL / LC_MESSAGES / LANG), then the test's own.
 */
function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = { ...process.env };
  for (const k of ['MEMAGENT_BASE_URL', 'MEMAGENT_MODEL', 'MEMAGENT_API_KEY', 'OPENAI_API_KEY'])
    delete clean[k];
  for (const k of ['LC_ALL', 'LC_MESSAGES', 'LANG']) delete clean[k];
  return { ...clean, MEMAGENT_USER_DATA_DIR: defaultDataDir(), ...env };
}

/** Starts the CLI; `onStderr` sees stderr so far and may signal the process. */
export function startCli(
  args: string[],
  env: Record<string, string> = {},
  onStderr?: (text: string, kill: (s: NodeJS.Signals) => void) => void,
): StartedCli {
  // Started as `npm run memagent` starts it (package.json), with its V8 flags.
  const child = spawn(process.execPath, [...LONG_JOB_V8_FLAGS, 'electron/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: cliEnv(env),
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

/** What `runCliInProcess` gives the command besides its arguments and environment. */
export interface InProcessOptions {
  /** Standard input's text (empty otherwise, as a spawned CLI's ignored stdin). */
  stdin?: string;
  /** Sees stderr so far at each write, as `runCli`'s `onStderr` (no process to signal here). */
  onStderr?: (text: string) => void;
  /** The home folder the command sees (default: this process's). */
  home?: string;
  /** Standard input is a terminal (someone there to answer a question). Default: not. */
  terminal?: boolean;
}

/**
 * Runs the command in this process, as `main.ts` would in its own: the same environment, working
 * directory (the repository) and output, with stdout and stderr collected (neither a terminal).
 * The result has the spawned CLI's shape; `signal` is always null.
 */
export async function runCliInProcess(
  args: string[],
  env: Record<string, string> = {},
  options: InProcessOptions = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const ctx: CliContext = {
    out: (text) => {
      stdout += text;
      return Promise.resolve();
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
        options.onStderr?.(stderr);
        return true;
      },
      isTTY: false,
      columns: undefined,
    },
    stdoutTerminal: { isTTY: false },
    stdin: Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), {
      isTTY: options.terminal === true,
    }),
    cwd: repoRoot,
    signal: new AbortController().signal,
    env: cliEnv(env),
    home: options.home ?? homedir(),
  };
  const code = await runCommand(args, ctx);
  return { code, signal: null, stdout, stderr };
}
