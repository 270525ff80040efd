// The built command line (out/cli/memagent.js), as the packaged app ships and runs it: built by
// the real build script into a temp folder laid out as the app is (package.json, out/,
// node_modules), then run as a child process on real commands, so a bundle that breaks (a worker
// script, a data file, a native module or a lazily imported command missing) fails here.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { needleDocument, QUESTION } from '../core/agent/test-support.ts';
import { installCommandLine, nodeCommandTarget } from '../core/command-line-install.ts';
import { LONG_JOB_V8_FLAGS } from '../core/v8-flags.ts';
import { repoRoot } from './cli.test-support.ts';
import { helpText } from './help.ts';

const node24 = path.join(repoRoot, 'node_modules/node/bin/node');
const version = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

let app: string;
let bundle: string;
let sim: SimServer;

beforeAll(async () => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-bundle-'));
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(app, 'package.json'));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(app, 'node_modules'));
  const built = spawnSync(
    node24,
    ['scripts/build-electron.ts', '--only=cli', `--out-dir=${path.join(app, 'out')}`],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`The CLI build failed:\n${built.stdout}${built.stderr}`);
  bundle = path.join(app, 'out/cli/memagent.js');
  sim = await startSimLlm();
  fs.writeFileSync(path.join(app, 'book.txt'), needleDocument(40, 25));
}, 180_000);

afterAll(async () => {
  await sim.close();
  fs.rmSync(app, { recursive: true, force: true });
});

/**
 * The bundle in its own process, from the app's folder, with a library of its own; not spawnSync,
 * which would block this process and with it the simulator the command talks to.
 */
function run(
  argv: string[],
  command = [node24, ...LONG_JOB_V8_FLAGS, bundle],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MEMAGENT_USER_DATA_DIR: path.join(app, 'data'),
    MEMAGENT_BASE_URL: sim.baseUrl,
  };
  // The bundle must find the tokenizer and haystack files it ships with, not the checkout's.
  // INIT_CWD: vitest's npm sets it, a user's shell does not (relative paths are the cwd's).
  for (const k of ['MEMAGENT_TOKENIZER_DIR', 'MEMAGENT_HAYSTACK_DIR', 'MEMAGENT_MODEL', 'INIT_CWD'])
    delete env[k];
  const [exe, ...args] = command;
  const child = spawn(exe ?? '', [...args, ...argv], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the built memagent bundle', () => {
  it('is one entry beside its worker scripts, with no TypeScript left to strip', () => {
    const files = fs.readdirSync(path.dirname(bundle));
    expect(files).toContain('memagent.js');
    // The same command as a function, for the packaged app's command mode (--memagent-cli).
    expect(files).toContain('run.js');
    expect(files).toContain('stamp.json');
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('prints its version and the overview as the sources do', async () => {
    const v = await run(['--version']);
    expect(v.stderr).toBe('');
    expect(v.stdout).toBe(`memagent ${version}\n`);
    expect(v.status).toBe(0);
    const help = await run(['--help']);
    expect(help.stdout).toBe(helpText());
    expect(help.status).toBe(0);
    // A command's own help goes through the argument parsers, inlined in the bundle.
    expect((await run(['runs', '--help'])).stdout).toBe(helpText('runs'));
  });

  it('asks a question with the shipped tokenizer, saves the run in SQLite and lists it', async () => {
    const asked = await run([
      'ask',
      'book.txt',
      '--question',
      QUESTION,
      '--chunk-tokens',
      '300',
      '--tokenizer',
      'qwen',
    ]);
    expect(asked.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(asked.status).toBe(0);
    expect(asked.stdout).toMatch(/^AMBER-4471\n/);
    const runs = await run(['runs', '--json']);
    expect(runs.status).toBe(0);
    const listed = JSON.parse(runs.stdout) as Array<{ question: string; answer?: string }>;
    expect(listed).toHaveLength(1);
    expect(listed[0]?.question).toBe(QUESTION);
  });

  it('extracts a PDF in its bundled worker', async () => {
    fs.copyFileSync(
      path.join(repoRoot, 'test-fixtures/contract.pdf'),
      path.join(app, 'contract.pdf'),
    );
    const r = await run(['extract', 'contract.pdf', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { format: string; title: string };
    expect(doc.format).toBe('pdf');
    expect(doc.title).toBe('Service Agreement');
  });

  it('runs from the launcher "Install Command Line Tool" writes for it', async () => {
    const installed = await installCommandLine(nodeCommandTarget(node24, bundle), {
      home: path.join(app, 'home'),
      platform: 'linux',
      pathVar: '/usr/bin',
    });
    const r = await run(['--version'], [installed.file]);
    expect(r.stdout).toBe(`memagent ${version}\n`);
    expect(r.status).toBe(0);
  });
});
