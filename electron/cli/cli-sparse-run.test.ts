// An imported run that claims as many chunks as one document can make and brought two of them:
// `show` walks the two, not the two million indexes between them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSession } from '../core/export/index.ts';
import { hostileSession, RUNS } from '../core/export/hostile-session.test-support.ts';
import { MAX_RUN_CHUNKS } from '../core/export/session-checks.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-sparse-'));
  const session = hostileSession();
  const run = session.runs[0];
  if (!run) throw new Error('a run expected');
  run.chunkCount = MAX_RUN_CHUNKS;
  (run.memories[1] as { chunk: number }).chunk = MAX_RUN_CHUNKS - 1;
  writeFileSync(path.join(dir, 'session.json'), renderSession(session, 'json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('memagent show of a run that claims 2 million chunks and has two', () => {
  it('prints its timeline as the two chunks and one line for the rest, in a small heap', async () => {
    const db = path.join(dir, 'library.db');
    const imported = await runCliInProcess(['import', path.join(dir, 'session.json'), '--db', db]);
    expect(imported.code).toBe(0);
    // A 40 MB old generation: walking every index took hundreds of megabytes.
    const heap = { NODE_OPTIONS: '--max-old-space-size=40' };
    for (const all of [[], ['--all']]) {
      const shown = await runCli(['show', RUNS.first, '--db', db, ...all], heap);
      expect(shown.stderr).toBe('');
      expect(shown.code).toBe(0);
      const timeline = shown.stdout.slice(shown.stdout.indexOf('Memory timeline'));
      expect(timeline.split('\n').slice(0, 4)).toEqual([
        expect.stringContaining(`Memory timeline (2 chunks read of ${MAX_RUN_CHUNKS}`),
        expect.stringMatching(/^ {5}1 {2}/),
        `       ┆ chunks 2–${MAX_RUN_CHUNKS - 1} not read`,
        expect.stringMatching(new RegExp(`^[* ]${MAX_RUN_CHUNKS} {2}`)),
      ]);
    }
  }, 60_000);
});
