// The commands that only read the library (`runs`, `show`, `export`) as a user runs them: they
// never create a library, and they read one the user may not write, in a read-only folder with
// or without its write-ahead log, instead of suggesting `ask --no-save`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import { openStore } from '../core/store/store.ts';
import { repoRoot, type CliResult, runCliInProcess } from './cli.test-support.ts';
import { buildLibrary } from './library-fixture.test-support.ts';

let dir: string;
let db: string;
let runId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-read-'));
  fs.chmodSync(dir, 0o755); // the read-only cases run as another user when the tests run as root
  const book = path.join(dir, 'book.txt');
  fs.writeFileSync(book, bookText(60));
  const built = await buildLibrary(dir, book, [{ question: 'What is the vault code?' }], 256);
  runId = built.runIds[0] as string;
  db = path.join(dir, 'memagent.db');
}, 60_000);
afterAll(() => {
  for (const entry of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, entry), 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The CLI as a user who may not write `folder` (root ignores file modes: nobody then). */
function cliAsUser(args: string[]): Promise<CliResult> {
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawn(process.execPath, ['electron/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, MEMAGENT_USER_DATA_DIR: path.join(dir, 'none'), HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...asUser,
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** A copy of the library in a folder of its own, file and folder then made read-only. */
function readOnlyCopy(name: string, keepLog: boolean): { folder: string; file: string } {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder);
  const file = path.join(folder, 'memagent.db');
  fs.copyFileSync(db, file);
  if (keepLog) {
    // A write left in the log, as when the app is running or was killed: the copy's newest run
    // is only in its -wal until a checkpoint.
    const store = openStore(folder, file);
    store.db.pragma('wal_autocheckpoint = 0');
    store.runs.setStatus(runId, 'done');
    store.db.prepare("UPDATE runs SET question = 'Only in the log?' WHERE id = ?").run(runId);
    // Closing would fold the log into the file: copy the three files while it is open.
    for (const suffix of ['', '-wal', '-shm'])
      fs.copyFileSync(file + suffix, `${file}.held${suffix}`);
    store.close();
    for (const suffix of ['', '-wal', '-shm']) {
      fs.rmSync(file + suffix, { force: true });
      fs.renameSync(`${file}.held${suffix}`, file + suffix);
    }
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
  }
  for (const entry of fs.readdirSync(folder)) fs.chmodSync(path.join(folder, entry), 0o444);
  fs.chmodSync(folder, 0o555);
  return { folder, file };
}

const snapshot = (folder: string) =>
  Object.fromEntries(
    fs.readdirSync(folder).map((f) => [f, fs.readFileSync(path.join(folder, f)).toString('hex')]),
  );

describe('commands that only read the library', () => {
  it('an empty --db file is no library: runs says so and writes nothing into it; show refuses', async () => {
    const empty = path.join(dir, 'empty.db');
    fs.writeFileSync(empty, '');
    const runs = await runCliInProcess(['runs', '--db', empty]);
    expect(runs.code).toBe(0);
    expect(runs.stdout).toBe(
      `There is no library at ${empty} yet: ask a question with \`memagent ask FILE -q "..."\` or in the app.\n`,
    );
    const show = await runCliInProcess(['show', runId.slice(0, 8), '--db', empty]);
    expect(show.code).not.toBe(0);
    expect(show.stderr).toContain(`There is no library at ${empty}.`);
    expect(fs.statSync(empty).size).toBe(0);
    expect(fs.existsSync(`${empty}-wal`)).toBe(false);
  });

  for (const keepLog of [false, true]) {
    it(`a library in a read-only folder${keepLog ? ', its newest change still in its -wal' : ''}: runs, show and export read it`, async () => {
      const { folder, file } = readOnlyCopy(keepLog ? 'ro-log' : 'ro', keepLog);
      const before = snapshot(folder);
      const question = keepLog ? 'Only in the log?' : 'What is the vault code?';

      const runs = await cliAsUser(['runs', '--db', file]);
      expect(runs.stderr).toBe('');
      expect(runs.code).toBe(0);
      expect(runs.stdout).toContain(question);
      expect(runs.stdout).not.toContain('--no-save');

      const show = await cliAsUser(['show', runId.slice(0, 8), '--db', file, '--json']);
      expect(show.stderr).toBe('');
      expect(show.code).toBe(0);
      expect((JSON.parse(show.stdout) as { run: { question: string } }).run.question).toBe(
        question,
      );

      const exported = await cliAsUser([
        'export',
        runId.slice(0, 8),
        '--db',
        file,
        '--format',
        'md',
        '-o',
        '-',
      ]);
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain(question);

      expect(snapshot(folder)).toEqual(before);
    });
  }
});
