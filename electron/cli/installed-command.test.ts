// The `memagent` command outside the checkout: package.json's bin (what `npm link` and `npx
// memagent` start) and the launcher the app installs, each run as a real process from a folder
// that is not the checkout.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCommandLine } from '../core/command-line-install.ts';
import { LONG_JOB_V8_FLAGS } from '../core/v8-flags.ts';
import { repoRoot } from './cli.test-support.ts';

const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};
const bin = path.join(repoRoot, pkg.bin.memagent ?? 'missing');
const node24 = path.join(repoRoot, 'node_modules/node/bin/node');
/** The first `node` on PATH outside node_modules: the one a user's shell starts. */
const systemNode = execFileSync('sh', ['-c', 'command -v node'], {
  encoding: 'utf8',
  env: {
    ...process.env,
    PATH: (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((p) => !p.includes('node_modules'))
      .join(path.delimiter),
  },
}).trim();

let away: string;
beforeAll(() => {
  away = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bin-'));
});
afterAll(() => fs.rmSync(away, { recursive: true, force: true }));

const run = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(argv[0] ?? '', argv.slice(1), {
    cwd: away,
    encoding: 'utf8',
    env: { ...process.env, MEMAGENT_USER_DATA_DIR: path.join(away, 'data'), ...env },
  });

describe('the memagent bin', () => {
  it('keeps the V8 flags of a long job, in its shebang and its re-exec', () => {
    const text = fs.readFileSync(bin, 'utf8');
    expect(text.split('\n')[0]).toBe(`#!/usr/bin/env -S node ${LONG_JOB_V8_FLAGS.join(' ')}`);
    expect(text).toContain(`[${LONG_JOB_V8_FLAGS.map((f) => `'${f}'`).join(', ')}]`);
  });

  it.each([
    ['Node 24 with the flags (the CLI in its own process)', [node24, ...LONG_JOB_V8_FLAGS]],
    ['the system Node (handed to Node 24)', [systemNode]],
  ])('prints its version and extracts a document from another folder: %s', (_, node) => {
    const version = run([...node, bin, '--version']);
    expect(version.stderr).toBe('');
    expect(version.stdout).toBe(`memagent ${pkg.version}\n`);
    expect(version.status).toBe(0);
    const notes = path.join(away, 'notes.md');
    fs.copyFileSync(path.join(repoRoot, 'test-fixtures/notes.md'), notes);
    const extracted = run([...node, bin, 'extract', 'notes.md']);
    expect(extracted.stderr).toBe('');
    expect(extracted.status).toBe(0);
    expect(extracted.stdout).toContain('Field Notes');
    // Errors keep their exit code and one sentence through the launcher.
    const missing = run([...node, bin, 'extract', 'nowhere.pdf']);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/^memagent: /);
  });
});

describe('installCommandLine (the app\'s "Install Command Line Tool")', () => {
  it('writes a launcher into ~/.local/bin that runs the CLI from any folder, and says if PATH has it', () => {
    const home = path.join(away, 'home');
    const target = { runtime: node24, script: path.join(repoRoot, 'electron/cli/main.ts') };
    const first = installCommandLine(target, { home, platform: 'linux', pathVar: '/usr/bin' });
    expect(first).toEqual({ file: path.join(home, '.local/bin/memagent'), onPath: false });
    // Installing again replaces it; with the folder on PATH the user needs nothing more.
    const again = installCommandLine(target, {
      home,
      platform: 'linux',
      pathVar: `/usr/bin${path.delimiter}${path.join(home, '.local/bin')}`,
    });
    expect(again.onPath).toBe(true);
    expect(fs.statSync(again.file).mode & 0o111).not.toBe(0);
    expect(fs.readdirSync(path.dirname(again.file))).toEqual(['memagent']);
    const r = run([again.file, '--version']);
    expect(r.stdout).toBe(`memagent ${pkg.version}\n`);
    expect(r.status).toBe(0);
  });

  it('quotes paths with spaces and quotes, and asks for the /usr/local/bin link on macOS', () => {
    const home = path.join(away, "it's a home");
    const runtimeDir = path.join(away, "App's Runtime");
    fs.mkdirSync(runtimeDir, { recursive: true });
    const runtime = path.join(runtimeDir, 'node');
    fs.symlinkSync(node24, runtime);
    const installed = installCommandLine(
      {
        runtime,
        script: path.join(repoRoot, 'electron/cli/main.ts'),
        env: { MEMAGENT_FROM: "a 'b'" },
      },
      { home, platform: 'darwin', pathVar: undefined },
    );
    expect(installed.linkRequest).toEqual({
      link: '/usr/local/bin/memagent',
      target: installed.file,
    });
    const r = run([installed.file, '--version']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`memagent ${pkg.version}\n`);
  });
});
