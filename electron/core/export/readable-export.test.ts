// The exports as a reader gets them, from runs the real service made with the simulator: answers
// first with their passages, a failed question in one line, local times, headings as written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLabel, changesOf } from '../../../shared/memory-change.ts';
import { openStore, type Store } from '../store/store.ts';
import { bookText, startHarness, type Harness } from '../ipc/service-harness.test-support.ts';
import { cachedTexts, collectSession, renderSession, resolveSelection } from './index.ts';
import {
  FAILING_QUESTION,
  sampleLibrary,
  writeDocument,
  type SampleLibrary,
} from './sample-library.test-support.ts';

let h: Harness;
let lib: SampleLibrary;
let store: Store;
const QUESTIONS = ['What is the vault code?', 'Who set the code in gpl-3.0 #2?'];

beforeAll(async () => {
  h = await startHarness();
  lib = await sampleLibrary(h, writeDocument(h, 'vault.txt', bookText(60)), QUESTIONS, {
    repeatFirst: true,
  });
  await h.service.dispose();
  store = openStore(h.dir);
}, 120_000);
afterAll(async () => {
  store.close();
  await h.close();
});

const session = async (selection: Parameters<typeof resolveSelection>[1]) =>
  collectSession(
    store,
    resolveSelection(store, selection),
    Date.UTC(2026, 10, 23, 20, 40),
    cachedTexts(path.join(h.dir, 'cache')),
  );

describe('exports made to be read', () => {
  it('Markdown: answers first, the failed question in one line, local times, no escaped headings', async () => {
    const md = renderSession(await session({ document: lib.documentId }), 'md', {
      timeZone: 'Asia/Tokyo',
    });
    fs.writeFileSync(path.join(os.tmpdir(), 'exports-look-vault.md'), md);
    // Headings read as the question was written: no "gpl\-3\.0".
    expect(md).toContain('## 2. Who set the code in gpl-3.0 \\#2?');
    // The first question was asked twice: both runs under one heading, the latest first.
    expect(md.match(/^## 1\. What is the vault code\?$/gm)).toHaveLength(1);
    expect(md).toContain('### Latest run, asked');
    // The answer comes before the run's details and the appendix.
    const answer = md.indexOf('**Answer:** 4711');
    expect(answer).toBeGreaterThan(0);
    expect(answer).toBeLessThan(md.indexOf('_Answered · '));
    expect(md.indexOf('## Appendix: memory trails')).toBeGreaterThan(
      md.indexOf(`## 3. ${FAILING_QUESTION}`),
    );
    // Eight retries and the error in one line, not eight warnings before the answers.
    expect(md).toMatch(/\*\*No answer\.\*\* 8 retries, then failed after 0 of \d+ chunks: [^\n]+/);
    expect(md.split('## Appendix')[0]).not.toContain('Retrying a request');
    // Times in the zone asked for, with its name; no raw ISO stamp.
    expect(md).toContain('Exported 24 Nov 2026, 05:40 GMT+9; times are in Asia/Tokyo.');
    expect(md).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    // The trail: the final memory and a line per chunk, not every state.
    expect(md).toContain('Final memory, after chunk');
    expect(md).toMatch(/^- Chunk 1: \+\d+ −0 words/m);
  });

  it('selects one run, or every run of one question, by a unique id prefix', async () => {
    const [first, , again] = lib.done;
    const one = await session({ run: (first ?? '').slice(0, 8) });
    expect(one.runs.map((r) => r.id)).toEqual([first]);
    expect(one.scope).toBe('run');
    const question = await session({ question: again ?? '' });
    expect(question.runs.map((r) => r.id)).toEqual([first, again]);
    expect(renderSession(question, 'md')).toMatch(
      /^# One question about vault, every run\n[^]*^## 1\. What is the vault code\?$/m,
    );
    await expect(session({ run: 'zzzz' })).rejects.toThrow(/No run zzzz\./);
    await expect(session({ run: '' })).rejects.toThrow(/Give a run id/);
  });

  it('HTML: a bar per chunk, collapsed word-level changes, the failure in one line', async () => {
    const html = renderSession(await session({ document: lib.documentId }), 'html', {
      timeZone: 'UTC',
    });
    fs.writeFileSync(path.join(os.tmpdir(), 'exports-look-vault.html'), html);
    const chunks = store.runs.chunks(lib.done[0] ?? '').length;
    const firstRun = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
    expect(firstRun.match(/<a class="bar/g)).toHaveLength(chunks);
    expect(firstRun).toMatch(/<details id="run-[^"]+-chunk-1"><summary>Chunk 1/);
    expect(firstRun).toContain('<ins>');
    expect(html).toMatch(/<p class="failure">8 retries, then failed after 0 of \d+ chunks: /);
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
  });
  it('the words each chunk changed are the ones the app shows: moved sentences, codes, case', async () => {
    const exported = await session({ run: lib.done[0] ?? '' });
    const run = exported.runs[0];
    if (!run) throw new Error('no run');
    // Memories where the old counts disagreed: the export counted whitespace-separated pieces
    // of a word diff (a moved sentence twice, "7-ALPHA-42," once), the timeline words added.
    const texts = [
      'No relevant information found yet.',
      'The vault code is 7-ALPHA-42, set by Ada Lovelace.',
      'Set by Ada Lovelace. The vault code is 7-ALPHA-42, per the 1907 ledger.',
      'Set by Ada Lovelace. The vault code is 7-ALPHA-42, per the 1907 ledger.',
      'THE VAULT CODE is 7-alpha-42; set by Ada Lovelace, per the 1907 ledger and the notes.',
    ];
    const memories = texts.map((memory, chunk) => ({
      ...(run.memories[0] as (typeof run.memories)[number]),
      chunk,
      memory,
      kept: chunk === 3,
    }));
    const edited = { ...exported, runs: [{ ...run, memories, chunkCount: memories.length }] };
    // The app's timeline (and the CLI's) computes its labels from the same states.
    const app = changesOf(memories).map((c, i) =>
      i === 3 ? 'previous memory kept' : changeLabel(c ?? { added: 0, removed: 0 }),
    );
    expect(app).toEqual([
      '+5 −0 words',
      '+11 −5 words',
      '+4 −0 words',
      'previous memory kept',
      '+3 −0 words',
    ]);
    const md = renderSession(edited, 'md', { timeZone: 'UTC' });
    const mdLabels = [...md.matchAll(/^- Chunk \d+[^:]*: (.+?)(?: · \*\*cited\*\*)?$/gm)].map(
      (m) => m[1],
    );
    expect(mdLabels).toEqual(app);
    const html = renderSession(edited, 'html', { timeZone: 'UTC' });
    const htmlLabels = [...html.matchAll(/<span class="change">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(htmlLabels).toEqual(app);
  });
});
