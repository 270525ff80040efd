// The `memagent` command outside the checkout: package.json's bin (what `npm link` and `npx
// memagent` start) and the launcher the app installs, each run as a real process from a folder
// that is not the checkout.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLineArguments } from '../core/command-mode.ts';
import {
  adminShellArgs,
  appCommandTarget,
  installCommandLine,
  installedCommandMessage,
  launcherScript,
  nodeCommandTarget,
} from '../core/command-line-install.ts';
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

describe('bin/memagent.js: the bundle only while its sources are unchanged', () => {
  /** A checkout in miniature: the real bin, a "sources" and a "bundle" entry that say which ran. */
  function checkout(): { root: string; source: string; bundle: string } {
    const root = fs.mkdtempSync(path.join(away, 'checkout-'));
    fs.mkdirSync(path.join(root, 'bin'));
    fs.copyFileSync(bin, path.join(root, 'bin/memagent.js'));
    fs.mkdirSync(path.join(root, 'electron/cli'), { recursive: true });
    const source = path.join(root, 'electron/cli/main.ts');
    fs.writeFileSync(source, "process.stdout.write('sources\\n');\n");
    fs.mkdirSync(path.join(root, 'out/cli'), { recursive: true });
    const bundle = path.join(root, 'out/cli/memagent.js');
    fs.writeFileSync(bundle, "process.stdout.write('bundle\\n');\n");
    const stat = fs.statSync(source);
    fs.writeFileSync(
      path.join(root, 'out/cli/stamp.json'),
      JSON.stringify({ format: 1, files: { 'electron/cli/main.ts': [stat.size, stat.mtimeMs] } }),
    );
    return { root, source, bundle };
  }
  const start = (root: string, env: NodeJS.ProcessEnv = {}) =>
    run([node24, ...LONG_JOB_V8_FLAGS, path.join(root, 'bin/memagent.js')], env).stdout;

  it('runs the bundle built from the sources as they are, and the sources once one changes', () => {
    const { root, source } = checkout();
    expect(start(root)).toBe('bundle\n');
    // Forced: the sources, whatever the build.
    expect(start(root, { MEMAGENT_CLI_SOURCES: '1' })).toBe('sources\n');
    // Edited (same size, a later time) or merely touched: the bundle may be stale.
    const later = new Date(fs.statSync(source).mtimeMs + 5_000);
    fs.utimesSync(source, later, later);
    expect(start(root)).toBe('sources\n');
  });

  it('runs the sources when a source is gone, the stamp is missing or not understood', () => {
    const gone = checkout();
    fs.rmSync(gone.source);
    fs.writeFileSync(path.join(gone.root, 'electron/cli/other.ts'), '');
    expect(start(gone.root)).toBe('');
    const unstamped = checkout();
    fs.rmSync(path.join(unstamped.root, 'out/cli/stamp.json'));
    expect(start(unstamped.root)).toBe('sources\n');
    const otherFormat = checkout();
    fs.writeFileSync(path.join(otherFormat.root, 'out/cli/stamp.json'), '{"format":2,"files":{}}');
    expect(start(otherFormat.root)).toBe('sources\n');
  });
});

describe('installCommandLine (the app\'s "Install Command Line Tool")', () => {
  it('writes a launcher into ~/.local/bin that runs the CLI from any folder, and says if PATH has it', async () => {
    const home = path.join(away, 'home');
    const target = nodeCommandTarget(node24, path.join(repoRoot, 'electron/cli/main.ts'));
    const first = await installCommandLine(target, {
      home,
      platform: 'linux',
      pathVar: '/usr/bin',
    });
    const dir = path.join(home, '.local/bin');
    expect(first).toEqual({
      file: path.join(dir, 'memagent'),
      command: path.join(dir, 'memagent'),
      onPath: false,
      addToPath: dir,
    });
    expect(installedCommandMessage(first)).toEqual({
      message: `The memagent command is installed in ${path.join(dir, 'memagent')}.`,
      detail: `Add ${dir} to your PATH (for example, add \`export PATH="${dir}:$PATH"\` to ~/.zshrc or ~/.bashrc), then type \`memagent --help\` in a new terminal.`,
    });
    // Installing again replaces it; with the folder on PATH the user needs nothing more.
    const again = await installCommandLine(target, {
      home,
      platform: 'linux',
      pathVar: `/usr/bin${path.delimiter}${dir}`,
    });
    expect(again.onPath).toBe(true);
    expect(installedCommandMessage(again).detail).toBe('Type `memagent --help` in a new terminal.');
    expect(fs.statSync(again.file).mode & 0o111).not.toBe(0);
    expect(fs.readdirSync(path.dirname(again.file))).toEqual(['memagent']);
    // An outer npm script's INIT_CWD does not move where relative paths are read from.
    const r = run([again.file, '--version'], { INIT_CWD: repoRoot });
    expect(r.stdout).toBe(`memagent ${pkg.version}\n`);
    expect(r.status).toBe(0);
  });

  it("runs the packaged app's own executable in its command mode, the typed arguments intact", async () => {
    // The app's executable, in a folder with a space and a quote; it stands in by printing the
    // arguments it is given, one a line.
    const appDir = path.join(away, 'It\'s "the" App.app/Contents/MacOS');
    fs.mkdirSync(appDir, { recursive: true });
    const executable = path.join(appDir, 'MemAgent Desktop');
    fs.writeFileSync(executable, '#!/bin/sh\nprintf \'%s\\n\' "$@"\n', { mode: 0o755 });
    const target = appCommandTarget(executable);
    const flags = LONG_JOB_V8_FLAGS.join(' ');
    expect(launcherScript(target).split('\n')[3]).toBe(
      `exec '${appDir.replaceAll("'", `'\\''`)}/MemAgent Desktop' '--memagent-cli' '--js-flags=${flags}' '--' "$@"`,
    );
    const installed = await installCommandLine(target, {
      home: path.join(away, 'app-home'),
      platform: 'linux',
      pathVar: '/usr/bin',
    });
    // No ELECTRON_RUN_AS_NODE: the RunAsNode fuse is off in the packaged app.
    expect(fs.readFileSync(installed.file, 'utf8')).not.toContain('ELECTRON_RUN_AS_NODE');
    // A file named like a Chromium switch or the mode's own flag stays the command's argument.
    const typed = ['ask', 'a b.pdf', '--js-flags=--expose-gc', '--memagent-cli', '--', "it's"];
    const r = run([installed.file, ...typed]);
    expect(r.status).toBe(0);
    const given = r.stdout.split('\n').slice(0, -1);
    expect(given).toEqual(['--memagent-cli', `--js-flags=${flags}`, '--', ...typed]);
    // What the app's main (core/command-mode.ts) hands to the command line.
    expect(commandLineArguments([executable, ...given], false)).toEqual(typed);
  });

  describe('on macOS: a /usr/local/bin link, as VS Code installs `code`', () => {
    // A folder this process may not write: read-only for a user; for root, which ignores modes,
    // immutable (ext4's attribute, which root too must lift first).
    const asRoot = process.getuid?.() === 0;
    const lock = (dir: string) =>
      asRoot ? execFileSync('chattr', ['+i', dir]) : fs.chmodSync(dir, 0o555);
    const unlock = (dir: string) =>
      asRoot ? execFileSync('chattr', ['-i', dir]) : fs.chmodSync(dir, 0o755);

    /** The app's runtime in a folder with a space and a quote, as "/Applications/It's App.app". */
    function macPlace(name: string) {
      const base = path.join(away, name);
      const runtimeDir = path.join(base, 'It\'s "the" App.app/Contents/MacOS');
      fs.mkdirSync(runtimeDir, { recursive: true });
      const runtime = path.join(runtimeDir, 'node');
      fs.symlinkSync(node24, runtime);
      const target = nodeCommandTarget(runtime, path.join(repoRoot, 'electron/cli/main.ts'));
      return {
        base,
        target,
        home: path.join(base, "it's a home"),
        systemBin: path.join(base, 'usr local/bin'),
      };
    }

    it('links it directly where the folder is writable, and not again once it points there', async () => {
      const { target, home, systemBin } = macPlace('mac-writable');
      const asked: string[] = [];
      const place = {
        home,
        platform: 'darwin' as const,
        pathVar: `/usr/bin${path.delimiter}${systemBin}`,
        systemBin,
        runAsAdmin: (command: string) => (asked.push(command), Promise.resolve(true)),
      };
      const installed = await installCommandLine(target, place);
      const link = path.join(systemBin, 'memagent');
      expect(installed).toEqual({
        file: path.join(home, '.local/bin/memagent'),
        command: link,
        onPath: true,
        link: { path: link, outcome: 'made' },
      });
      expect(fs.readlinkSync(link)).toBe(installed.file);
      expect(installedCommandMessage(installed).message).toBe(
        `The memagent command is installed: ${link} runs ${installed.file}.`,
      );
      expect((await installCommandLine(target, place)).link?.outcome).toBe('already');
      expect(asked).toEqual([]);
      const r = run([link, '--version']);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(`memagent ${pkg.version}\n`);
    });

    it('asks for administrator rights with the paths quoted, and says what to add when declined', async () => {
      const { base, target, home, systemBin } = macPlace('mac-locked');
      // The system folder's parent is not this user's to write (as /usr/local on a new Mac).
      const parent = path.dirname(systemBin);
      fs.mkdirSync(parent, { recursive: true });
      lock(parent);
      const asked: string[] = [];
      try {
        const link = path.join(systemBin, 'memagent');
        const file = path.join(home, '.local/bin/memagent');
        // The runner stands in for osascript: it runs the very command, as this user, once the
        // folder is unlocked (the rights an administrator's password would give).
        const installed = await installCommandLine(target, {
          home,
          platform: 'darwin',
          pathVar: '/usr/bin',
          systemBin,
          runAsAdmin: (command) => {
            asked.push(command);
            unlock(parent);
            execFileSync('sh', ['-c', command]);
            return Promise.resolve(true);
          },
        });
        const expected = `mkdir -p '${base}/usr local/bin' && ln -sf '${base}/it'\\''s a home/.local/bin/memagent' '${base}/usr local/bin/memagent'`;
        expect(asked).toEqual([expected]);
        expect(adminShellArgs(expected)).toEqual([
          '-e',
          `do shell script "mkdir -p '${base}/usr local/bin' && ln -sf '${base}/it'\\\\''s a home/.local/bin/memagent' '${base}/usr local/bin/memagent'" with administrator privileges`,
        ]);
        expect(installed.link).toEqual({ path: link, outcome: 'made-as-administrator' });
        expect(installed.addToPath).toBe(systemBin);
        expect(fs.readlinkSync(link)).toBe(file);
        const r = run([link, '--version']);
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe(`memagent ${pkg.version}\n`);

        // Declined, where the folder exists but is not this user's: the launcher is there, and
        // the message names the folder to add to PATH.
        fs.rmSync(link);
        lock(systemBin);
        const declined = await installCommandLine(target, {
          home,
          platform: 'darwin',
          pathVar: '/usr/bin',
          systemBin,
          runAsAdmin: () => Promise.resolve(false),
        });
        expect(declined).toMatchObject({
          command: file,
          onPath: false,
          addToPath: path.dirname(file),
          link: { path: link, outcome: 'declined' },
        });
        expect(installedCommandMessage(declined).detail).toMatch(
          /^Without an administrator's consent the link .+ was not made\. Add .+\.local\/bin to your PATH/,
        );
      } finally {
        unlock(parent);
        if (fs.existsSync(systemBin)) unlock(systemBin);
      }
    });
  });
});
