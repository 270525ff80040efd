import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSession } from '../core/export/index.ts';
import { HOSTILE, hostileSession, RUNS } from '../core/export/hostile-session.test-support.ts';
import { openStore } from '../core/store/store.ts';
import { repoRoot, runCli, runCliInProcess } from './cli.test-support.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-import-'));
  // Written as the app writes it: the JSON export's own serialisation.
  writeFileSync(path.join(dir, 'session.json'), renderSession(hostileSession(), 'json'));
  writeFileSync(path.join(dir, 'newer.json'), JSON.stringify({ ...hostileSession(), version: 3 }));
  writeFileSync(path.join(dir, 'notes.txt'), 'Just some notes, not JSON.');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('memagent import', () => {
  it('adds a session to the library once, and says what it did', async () => {
    const db = path.join(dir, 'library.db');
    // A real process, end to end; the rest of the file runs the command in process.
    const first = await runCli(['import', path.join(dir, 'session.json'), '--db', db]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.split('\n');
    // The title's bidi controls are shown as escapes, never obeyed by the terminal.
    expect(lines[0]).toBe(
      'Imported 2 questions about “<script>window.__pwned = 1</script>Evil \\u202e\\u2066fdp.exe”.',
    );
    expect(lines[1]).toMatch(/^The document itself is not in the library/);
    expect(lines[2]).toBe(`Library: ${db}`);
    expect(first.stdout).not.toMatch(/[\u202E\u2066]/);

    const again = await runCliInProcess([
      'import',
      path.join(dir, 'session.json'),
      '--db',
      db,
      '--json',
    ]);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      library: db,
      documentAdded: false,
      imported: [],
      already: [RUNS.first, RUNS.second],
      conflicts: [],
    });

    const store = openStore(dir, db);
    try {
      const runs = store.runs.listByDocument(hostileSession().document.id);
      expect(runs.map((r) => [r.id, r.origin, r.status])).toEqual([
        [RUNS.second, 'import', 'interrupted'],
        [RUNS.first, 'import', 'done'],
      ]);
      expect(store.runs.evidence(RUNS.first)?.[0]?.pageLabel).toBe('vii');
    } finally {
      store.close();
    }

    // `show` cites the passages the session carried: the document's text is not here.
    const shown = await runCliInProcess(['show', RUNS.first, '--db', db]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('From the pages (as the imported session carried them)');
    expect(shown.stdout).toContain(`“${HOSTILE.quote}”`);
  });

  it('refuses a newer format, a file that is not a session, and a missing file, with one sentence each', async () => {
    const db = path.join(dir, 'other.db');
    const newer = await runCliInProcess(['import', path.join(dir, 'newer.json'), '--db', db]);
    expect(newer.code).toBe(3);
    expect(newer.stderr).toBe(
      'memagent: This session was exported by a newer version of MemAgent Desktop (format 3); update the app to import it.\nhint: This version imports formats 1 and 2.\n',
    );
    const text = await runCliInProcess(['import', path.join(dir, 'notes.txt'), '--db', db]);
    expect(text.code).toBe(3);
    expect(text.stderr).toMatch(
      /^memagent: This file is not a MemAgent session: it is not JSON\.\nhint: /,
    );
    const missing = await runCliInProcess(['import', path.join(dir, 'nowhere.json'), '--db', db]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(
      `memagent: The session file ${path.join(dir, 'nowhere.json')} does not exist.\n`,
    );
    const none = await runCliInProcess(['import', '--db', db]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^memagent: import needs a FILE\./);
  });

  it('into a read-only library: the library is blamed, exit 5, and the session file is not', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'memagent-cli-import-ro-'));
    try {
      const db = path.join(folder, 'library.db');
      const session = path.join(folder, 'session.json');
      writeFileSync(session, renderSession(hostileSession(), 'json'), { mode: 0o644 });
      openStore(folder, db).close();
      // The file read-only in a folder that is not: it opens (read-only), and the first write fails.
      chmodSync(db, 0o444);
      chmodSync(folder, 0o777);
      // Root ignores file modes: the CLI runs as nobody then, as a user would.
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const result = spawnSync(
        process.execPath,
        ['electron/cli/main.ts', 'import', session, '--db', db],
        { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, HOME: folder }, ...asUser },
      );
      expect(result.stderr).toMatch(
        new RegExp(
          `^memagent: The library ${db} cannot be written: the file or its folder is read-only\\.\n`,
        ),
      );
      expect(result.stderr).not.toMatch(/export the session again/i);
      expect(result.status).toBe(5);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
