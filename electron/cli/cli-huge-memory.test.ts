// A run whose final memory and answer are one 6 MB word (a server that ignored max_tokens): it is
// saved, and afterwards `show` and every export of it work. A real library the app's service
// filled with the simulator; the memory and answer then replaced as such a server would have.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTexts, exportSelection, resolveSelection } from '../core/export/index.ts';
import { sessionToHtml } from '../core/export/html.ts';
import { collectSession } from '../core/export/selection.ts';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import { openStore } from '../core/store/store.ts';
import { runCliInProcess } from './cli.test-support.ts';
import { buildLibrary } from './library-fixture.test-support.ts';

// "Ωa" × 3 M: one run of letters, which overflowed the evidence tokeniser's regexp stack.
const WORD = 'Ωa'.repeat(3_000_000);
let dir: string;
let runId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-huge-memory-'));
  const book = path.join(dir, 'book.txt');
  fs.writeFileSync(book, bookText(30));
  const built = await buildLibrary(dir, book, [{ question: 'What is the vault code?' }], 256);
  runId = built.runIds[0] ?? '';
  const store = openStore(dir);
  try {
    const last = store.runs.memories(runId).at(-1);
    const answer = store.runs.answer(runId);
    if (!last || !answer) throw new Error('a finished run expected');
    store.runs.saveMemory(runId, { ...last, memory: `${last.memory} ${WORD}` });
    store.runs.saveAnswer(runId, {
      ...answer,
      answer: `${answer.answer ?? ''} ${WORD}`,
      response: `\\boxed{${answer.answer ?? ''} ${WORD}}`,
    });
  } finally {
    store.close();
  }
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a run with a 6 MB one-word memory and answer', () => {
  it('exports as Markdown, HTML, printable HTML, JSON and JSONL', async () => {
    const store = openStore(dir);
    try {
      const selection = resolveSelection(store, { run: runId });
      const load = cachedTexts(path.join(dir, 'cache'));
      for (const format of ['md', 'html', 'json', 'jsonl'] as const) {
        const output = await exportSelection(store, selection, format, {
          now: 1,
          load,
          timeZone: 'UTC',
        });
        expect(String(output.content), format).toContain(WORD.slice(0, 1000));
      }
      const printed = sessionToHtml(await collectSession(store, selection, 1, load), {
        timeZone: 'UTC',
        print: true,
      });
      expect(printed).toContain(WORD.slice(0, 1000));
    } finally {
      store.close();
    }
  }, 300_000);

  it('memagent show prints it, and --json too', async () => {
    const db = path.join(dir, 'memagent.db');
    const shown = await runCliInProcess(['show', runId, '--db', db]);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Final memory (after chunk');
    const json = await runCliInProcess(['show', runId, '--db', db, '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { run: { answer: string }; evidence: unknown[] };
    expect(parsed.run.answer.endsWith(WORD)).toBe(true);
    expect(Array.isArray(parsed.evidence)).toBe(true);
  }, 300_000);
});
