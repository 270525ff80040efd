// `memagent review FILE... --checklist LIST` against the simulator: every cell answered and the
// --json shape; the same command again reads nothing; --out's reports; --list and export
// REVIEW_ID; a bad checklist and a missing file in one sentence; the plan, --dry-run (nothing
// sent, no review) and the cost limit (refused with nobody to ask, asked at a terminal, --yes);
// the built-in model (--model-file); and, in real processes, Ctrl-C (paused at chunk boundaries,
// continued by the same command) and SIGKILL (at most the chunks in flight read again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { ZERO_LATENCY } from '../../sim/options.ts';
import { CHECKLIST_TEMPLATES } from '../core/checklists/checklist-templates.ts';
import { findChromium } from '../core/export/chromium-printer.ts';
import { writeTinyGguf } from '../core/llm/builtin/tiny-gguf.test-support.ts';
import type { ReviewJson } from '../core/export/review-json.ts';
import { openStore } from '../core/store/store.ts';
import { reviewMatrix } from '../core/use-cases/review-matrix.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';
import { documentText, reviewCommand } from './job-documents.test-support.ts';

let dir: string;
const sims: SimServer[] = [];
const files: string[] = [];
let checklist: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-review-'));
  for (let d = 0; d < 3; d += 1) {
    const file = path.join(dir, `site-${d}.txt`);
    fs.writeFileSync(file, documentText(d, 20 + d * 12));
    files.push(file);
  }
  checklist = path.join(dir, 'sites.txt');
  fs.writeFileSync(checklist, `# Sites\n${QUESTIONS.join('\n')}\n`);
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const QUESTIONS = [
  'What is the vault code?',
  // Two words of each in the text: the simulator keeps a sentence that shares two with the problem.
  'Which river bends twice before the mill?',
  'What do travellers talk of by the old bridge?',
];

async function sim(overheadMs = 0): Promise<SimServer> {
  const s = await startSimLlm(overheadMs > 0 ? { latency: { ...ZERO_LATENCY, overheadMs } } : {});
  sims.push(s);
  return s;
}

const review = (db: string, baseUrl: string, ...more: string[]) =>
  reviewCommand({ files, checklist, db, baseUrl }, ...more);

/** The chunk prompts a simulator received, as "site D|question" (one per chunk read). */
const chunkReads = (s: SimServer) =>
  s.requests
    .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '')
    .filter((p) => p.includes('<memory>') && p.includes('<section>'))
    .map((p) => `${/Site (\d+), paragraph/.exec(p)?.[1]}|${QUESTIONS.find((q) => p.includes(q))}`);

/** Every run of the library's one review: its cell key, status, chunks and memories saved. */
function cellsOf(db: string) {
  const store = openStore(path.dirname(db), db);
  try {
    const [job] = store.jobs.list(10).filter((j) => j.kind === 'review');
    return store.jobs.runs(job?.id ?? '').map((r) => {
      const run = store.runs.get(r.id);
      const doc = store.documents.get(run?.documentId ?? '');
      return {
        key: `${/site-(\d+)/.exec(doc?.fileName ?? '')?.[1]}|${run?.question}`,
        status: run?.status,
        chunks: run?.chunkCount ?? 0,
        saved: store.runs.memories(r.id).length,
      };
    });
  } finally {
    store.close();
  }
}

describe('a review of 3 documents × 3 questions', () => {
  let db: string;
  let s: SimServer;
  let first: ReviewJson;

  it('answers every cell, each read in full, and --json has the review’s shape', async () => {
    s = await sim();
    db = path.join(dir, 'full', 'memagent.db');
    const r = await runCliInProcess(review(db, s.baseUrl, '--json'));
    expect(r.code, r.stderr).toBe(0);
    // The plan first, from the app's New review estimate: no prices, no speed measured yet.
    expect(r.stderr).toMatch(
      /review: 3 documents × 3 questions = 9 cells; 9 to read\n {2}reads: \d+ chunks and 9 answers\n {2}prompt tokens: at most [\d,]+; completion tokens: at most [\d,]+\n {2}cost: no prices given .*\n {2}time: unknown until the backend has answered once\n/,
    );
    first = JSON.parse(r.stdout) as ReviewJson;
    expect(Object.keys(first)).toEqual([
      'format',
      'version',
      'review',
      'documents',
      'questions',
      'cells',
    ]);
    expect(first.review).toMatchObject({
      checklistName: 'sites',
      state: 'done',
      counts: { cells: 9, done: 9, failed: 0 },
    });
    expect(first.documents.map((d) => [d.path, d.title])).toEqual(
      files.map((f) => [f, path.basename(f, '.txt')]),
    );
    expect(first.questions.map((q) => [q.text, q.kind])).toEqual(QUESTIONS.map((q) => [q, 'text']));
    expect(first.cells).toHaveLength(9);
    for (const [i, cell] of first.cells.entries()) {
      expect(cell).toMatchObject({
        document: first.documents[Math.floor(i / 3)]?.id,
        question: first.questions[i % 3]?.id,
        status: 'answered',
        answer: expect.any(String),
        value: expect.any(String),
        coverage: { chunksRead: cell.coverage.chunks, pages: null, complete: true },
        run: expect.any(String),
      });
      for (const e of cell.evidence)
        expect(Object.keys(e).sort()).toEqual(['page', 'pageLabel', 'quote', 'section']);
    }
    // Each document's own vault code, from a read of the whole document.
    expect(first.cells.filter((_, i) => i % 3 === 0).map((c) => c.answer)).toEqual([
      '4700',
      '4701',
      '4702',
    ]);
    // Every chunk of every cell read once.
    const chunks = cellsOf(db).reduce((sum, c) => sum + c.chunks, 0);
    expect(chunkReads(s)).toHaveLength(chunks);
  });

  it('run again, reports the stored cells and reads nothing', async () => {
    const before = s.requests.length;
    const r = await runCliInProcess(review(db, s.baseUrl, '--json'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('9 cells answered before, kept; 0 cells left');
    expect(r.stderr).toContain('every cell is answered already');
    expect(s.requests.length).toBe(before);
    expect((JSON.parse(r.stdout) as ReviewJson).cells).toEqual(first.cells);
  });

  it('--dry-run after it: nothing left to read, its review named; a new plan has the measured time', async () => {
    const before = s.requests.length;
    const again = await runCliInProcess(review(db, s.baseUrl, '--dry-run', '--json'));
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      review: first.review.id,
      cells: 9,
      cellsToRead: 0,
      chunkReads: 0,
    });
    // Other settings are another review; the runs above timed this backend and model.
    const other = await runCliInProcess([
      ...review(db, s.baseUrl, '--dry-run', '--model', 'sim-llm/memagent-simulator'),
      '--memory-tokens',
      '512',
    ]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toMatch(/\n {2}time: (about )?\d+ (s|min|h)[^\n]* with 4 cells at once\n/);
    expect(other.stdout).toContain(
      'Dry run: no review was created and nothing was sent to the server.',
    );
    expect(s.requests.length).toBe(before);
  });

  it('prints a table without --json, and --out DIR writes the five reports', async () => {
    const out = path.join(dir, 'reports');
    const before = s.requests.length;
    const r = await runCliInProcess(review(db, s.baseUrl, '--out', out));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^DOCUMENT\s+Q1\s+Q2\s+Q3\n/);
    expect(r.stdout).toMatch(/\nsite-1\s+4701\s/);
    expect(r.stdout).toContain('\nQ1  What is the vault code?\n');
    expect(s.requests.length).toBe(before);
    const json = JSON.parse(fs.readFileSync(path.join(out, 'review.json'), 'utf8')) as ReviewJson;
    expect(json.cells).toEqual(first.cells);
    for (const name of ['review.html', 'review.csv', 'review.xlsx'])
      expect(fs.statSync(path.join(out, name)).size).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(out, 'review.csv'), 'utf8')).toContain('4702');
    let chromium: string | undefined;
    try {
      chromium = findChromium(undefined, process.env);
    } catch {
      chromium = undefined;
    }
    if (chromium === undefined) {
      // No browser on this machine: the PDF is the one report left out, said in one line.
      expect(fs.existsSync(path.join(out, 'review.pdf'))).toBe(false);
      expect(r.stderr).toMatch(/note: review\.pdf skipped: .*Chromium/);
    } else {
      expect(fs.readFileSync(path.join(out, 'review.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('is listed by review --list, and export REVIEW_ID -o FILE writes a report by extension', async () => {
    const list = await runCliInProcess(['review', '--list', '--json', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    const [listed, ...others] = JSON.parse(list.stdout) as {
      id: string;
      checklist: string;
      documents: number;
      questions: number;
      state: string;
      counts: { cells: number; done: number };
    }[];
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      id: first.review.id,
      title: 'sites × 3 documents',
      checklist: 'sites',
      documents: 3,
      questions: 3,
      state: 'done',
      counts: { cells: 9, done: 9 },
    });
    const short = first.review.id.slice(0, 8);
    const table = await runCliInProcess(['review', '--list', '--db', db]);
    expect(table.stdout).toMatch(
      new RegExp(`\\n${short}  sites × 3 documents  sites +3 × 3  done +9/9 +0 `),
    );

    const csv = path.join(dir, 'matrix.csv');
    const exported = await runCliInProcess(['export', short, '-o', csv, '--db', db]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`memagent: wrote review ${short} as CSV to ${csv}`);
    expect(fs.readFileSync(csv, 'utf8')).toContain('What is the vault code?');
    const json = await runCliInProcess([
      'export',
      short,
      '-o',
      '-',
      '--format',
      'json',
      '--db',
      db,
    ]);
    expect((JSON.parse(json.stdout) as ReviewJson).cells).toEqual(first.cells);
    // A run's export is refused CSV in one sentence.
    const run = first.cells[0]?.run ?? '';
    const refused = await runCliInProcess([
      'export',
      run,
      '-o',
      path.join(dir, 'x.csv'),
      '--db',
      db,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('CSV and XLSX are reports of a review, not of runs.');
  });
});

describe('the checklist and the files', () => {
  it('a bad checklist file: one sentence naming its line; a missing FILE: named; a template by its name', async () => {
    const s = await sim();
    const db = path.join(dir, 'refused', 'memagent.db');
    const bad = path.join(dir, 'bad.txt');
    fs.writeFileSync(bad, `What is the term?\n${'Is it long? '.repeat(120)}\n`);
    const r = await runCliInProcess([
      'review',
      files[0] ?? '',
      '--checklist',
      bad,
      '--db',
      db,
      '--base-url',
      s.baseUrl,
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^memagent: bad\.txt, line 2: the question is 1,4\d\d characters long; a question has at most 1,000\.\n/,
    );
    const missing = path.join(dir, 'no-such-contract.pdf');
    const m = await runCliInProcess([
      'review',
      files[0] ?? '',
      missing,
      '--checklist',
      checklist,
      '--db',
      db,
      '--base-url',
      s.baseUrl,
    ]);
    expect(m.code).toBe(3);
    expect(m.stderr).toContain(missing);
    const none = await runCliInProcess([
      'review',
      files[0] ?? '',
      '--checklist',
      'No such list',
      '--db',
      db,
      '--base-url',
      s.baseUrl,
    ]);
    expect(none.stderr).toContain(
      'There is no checklist file or saved checklist named No such list.',
    );
    // Nothing was sent to the model for a refused review.
    expect(s.requests).toHaveLength(0);
    // A shipped template by its name: its questions, in order, with their kinds.
    const nda = await runCliInProcess([
      'review',
      files[0] ?? '',
      '--checklist',
      'nda review',
      '--chunk-tokens',
      '256',
      '--tokenizer',
      'o200k',
      '--quote-check',
      'off',
      '--json',
      '--db',
      db,
      '--base-url',
      s.baseUrl,
    ]);
    expect(nda.code, nda.stderr).toBe(0);
    const template = CHECKLIST_TEMPLATES.find((t) => t.id === 'template-nda');
    const ndaJson = JSON.parse(nda.stdout) as ReviewJson;
    expect(ndaJson.review.checklistName).toBe('NDA review');
    expect(ndaJson.questions.map((q) => [q.id, q.kind])).toEqual(
      template?.questions.map((q) => [q.id, q.kind]),
    );
    const help = await runCliInProcess(['review', '--help']);
    expect(help.stdout).toContain('memagent review FILE... --checklist LIST [--out DIR] [--json]');
    const usage = await runCliInProcess(['review', files[0] ?? '']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('review needs --checklist LIST');
  });
});

describe('a folder among the FILEs', () => {
  it('reviews its documents, says what it skipped, and run again after a file is added reads only the new cells', async () => {
    const s = await sim();
    const db = path.join(dir, 'folder-db', 'memagent.db');
    const folder = path.join(dir, 'sites');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'site-10.txt'), documentText(10, 20));
    fs.writeFileSync(path.join(folder, 'site-2.txt'), documentText(2, 20));
    fs.writeFileSync(path.join(folder, 'map.png'), 'not a document');
    const args = review(db, s.baseUrl, '--json').map((a) => (a === files[0] ? 'sites' : a));
    const command = args.filter((a) => !files.includes(a));
    const env = { INIT_CWD: dir };

    const r = await runCliInProcess(command, env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `sites${path.sep}: 2 documents; 1 file skipped (not a kind the app reads)\n`,
    );
    const first = JSON.parse(r.stdout) as ReviewJson;
    // In name order, as the app lists a folder: 2 before 10.
    expect(first.documents.map((d) => d.title)).toEqual(['site-2', 'site-10']);
    expect(first.review.counts).toMatchObject({ cells: 6, done: 6 });

    fs.writeFileSync(path.join(folder, 'site-7.txt'), documentText(7, 20));
    const before = chunkReads(s).length;
    const again = await runCliInProcess(command, env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`sites${path.sep}: 3 documents; 1 file skipped`);
    expect(again.stderr).toContain('3 left to read (6 answered before)');
    expect(again.stderr).toContain('1 new document added to review');
    const second = JSON.parse(again.stdout) as ReviewJson;
    // The same review, one row more; only the new document's cells were read.
    expect(second.review.id).toBe(first.review.id);
    expect(second.documents.map((d) => d.title)).toEqual(['site-2', 'site-10', 'site-7']);
    expect(second.cells.slice(0, 6)).toEqual(first.cells);
    const reads = chunkReads(s).slice(before);
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads.map((k) => k.split('|')[0]))).toEqual(new Set(['7']));
    expect(second.review.counts).toMatchObject({ cells: 9, done: 9 });
  });
});

describe('two documents of one title', () => {
  it('are told apart in the matrix, the table, the HTML report and the JSON', async () => {
    const s = await sim();
    const db = path.join(dir, 'namesakes-db', 'memagent.db');
    const out = path.join(dir, 'namesakes-out');
    const same = ['north', 'south'].map((folder, d) => {
      fs.mkdirSync(path.join(dir, folder), { recursive: true });
      const file = path.join(dir, folder, 'lease.txt');
      fs.writeFileSync(file, documentText(20 + d, 12));
      return file;
    });
    const args = review(db, s.baseUrl, '--out', out).filter((a) => !files.includes(a));
    const r = await runCliInProcess([args[0] ?? '', ...same, ...args.slice(1)]);
    expect(r.code, r.stderr).toBe(0);
    const store = openStore(path.dirname(db), db);
    try {
      const [job] = store.jobs.list(10).filter((j) => j.kind === 'review');
      const matrix = reviewMatrix(store, job?.id ?? '');
      expect(matrix.documents.map((d) => [d.title, d.label])).toEqual([
        ['lease', 'lease (in north)'],
        ['lease', 'lease (in south)'],
      ]);
    } finally {
      store.close();
    }
    expect(r.stdout).toContain('lease (in north)');
    const html = fs.readFileSync(path.join(out, 'review.html'), 'utf8');
    for (const label of ['lease (in north)', 'lease (in south)']) expect(html).toContain(label);
    // The JSON names them as the table does, the title kept beside.
    const json = JSON.parse(fs.readFileSync(path.join(out, 'review.json'), 'utf8')) as ReviewJson;
    expect(json.documents.map((d) => [d.title, d.label])).toEqual([
      ['lease', 'lease (in north)'],
      ['lease', 'lease (in south)'],
    ]);
  });
});

describe('stopped mid-way', () => {
  it('Ctrl-C pauses at chunk boundaries and prints the command; it then reads only what was left', async () => {
    const s = await sim(40);
    const db = path.join(dir, 'paused', 'memagent.db');
    const args = review(db, s.baseUrl, '--concurrency', '2');
    let sent = false;
    const stopped = await runCli(args, {}, (text, kill) => {
      if (sent || !text.includes('cells 2/9')) return;
      sent = true;
      kill('SIGINT');
    });
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain('memagent: pausing the review');
    const line =
      /memagent: review ([0-9a-f]{8}) paused; (\d) of 9 cells answered\. To continue: (.*)\n/.exec(
        stopped.stderr,
      );
    expect(line, stopped.stderr).not.toBeNull();
    expect(line?.[3]).toBe(`npm run memagent -- review ${args.slice(1).join(' ')}`);
    const atStop = cellsOf(db);
    const finished = atStop.filter((c) => c.status === 'done');
    expect(finished.length).toBe(Number(line?.[2]));
    // Paused as the app pauses: the cells that were reading stay `paused`, none is cancelled.
    expect(atStop.map((c) => c.status)).not.toContain('cancelled');
    expect(atStop.map((c) => c.status)).toContain('paused');
    expect(finished.length).toBeLessThan(9);
    // Every chunk read so far was saved: nothing was in flight when it stopped.
    const total = atStop.reduce((sum, c) => sum + c.chunks, 0);
    const savedAtStop = atStop.reduce((sum, c) => sum + c.saved, 0);
    expect(chunkReads(s)).toHaveLength(savedAtStop);

    const before = chunkReads(s).length;
    const resumed = await runCliInProcess([...args, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      `note: continuing review ${line?.[1]} (sites): ${finished.length} cells answered before, kept; ${9 - finished.length} cells left`,
    );
    const after = chunkReads(s).slice(before);
    for (const cell of finished) expect(after).not.toContain(cell.key);
    expect(after).toHaveLength(total - savedAtStop);
    const json = JSON.parse(resumed.stdout) as ReviewJson;
    expect(json.cells.map((c) => c.status)).toEqual(Array(9).fill('answered'));
  });

  it('SIGKILL loses at most the chunks in flight', async () => {
    const s = await sim(10);
    const db = path.join(dir, 'killed', 'memagent.db');
    const args = review(db, s.baseUrl, '--concurrency', '2');
    // The process kills itself inside the commit of some cell's fifth chunk.
    const killed = await runCli(args, { MEMAGENT_TEST_KILL_IN_COMMIT: '4' });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    const atKill = cellsOf(db);
    const total = atKill.reduce((sum, c) => sum + c.chunks, 0);
    const saved = atKill.reduce((sum, c) => sum + c.saved, 0);
    const readBefore = chunkReads(s).length;
    // Read but not saved: the chunk whose commit was killed and the other one in flight.
    expect(readBefore - saved).toBeGreaterThanOrEqual(1);
    expect(readBefore - saved).toBeLessThanOrEqual(2);

    const resumed = await runCliInProcess([...args, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = chunkReads(s).slice(readBefore);
    expect(after).toHaveLength(total - saved);
    for (const cell of atKill.filter((c) => c.status === 'done'))
      expect(after).not.toContain(cell.key);
    expect((JSON.parse(resumed.stdout) as ReviewJson).review.counts).toMatchObject({ done: 9 });
  });
});

describe('the plan and the cost limit', () => {
  /** One document × one question, priced: a review whose most is dollars, not cents. */
  const priced = (db: string, baseUrl: string, ...more: string[]) =>
    reviewCommand(
      { files: files.slice(0, 1), checklist: one, db, baseUrl },
      '--input-price',
      '1000',
      '--output-price',
      '1000',
      ...more,
    );
  let one: string;
  beforeAll(() => {
    one = path.join(dir, 'one.txt');
    fs.writeFileSync(one, `${QUESTIONS[0]}\n`);
  });

  const reviewsIn = async (db: string) =>
    JSON.parse((await runCliInProcess(['review', '--list', '--json', '--db', db])).stdout) as [];

  it('--dry-run prints the plan, sends nothing to the server and creates no review', async () => {
    const s = await sim();
    const db = path.join(dir, 'dry', 'memagent.db');
    const r = await runCliInProcess(review(db, s.baseUrl, '--dry-run'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^review: 3 documents × 3 questions = 9 cells; 9 to read\n {2}reads: \d+ chunks and 9 answers\n/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await reviewsIn(db)).toEqual([]);
    // No server at all: a dry run asks none, not even for its models; --json for scripts.
    const json = await runCliInProcess(
      priced(db, 'http://127.0.0.1:9/v1', '--dry-run', '--json', '--concurrency', '2'),
    );
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as {
      review: null;
      cells: number;
      cellsToRead: number;
      chunkReads: number;
      promptTokens: number;
      maxCompletionTokens: number;
      cost: { min: number; max: number };
      seconds: null;
      concurrency: number;
    };
    expect(plan).toMatchObject({ review: null, cells: 1, cellsToRead: 1, concurrency: 2 });
    expect(plan.chunkReads).toBeGreaterThan(1);
    expect(plan.cost.max).toBeCloseTo((plan.promptTokens + plan.maxCompletionTokens) / 1000, 6);
    expect(plan.cost.min).toBeLessThan(plan.cost.max);
    expect(plan.seconds).toBeNull();
    expect(await reviewsIn(db)).toEqual([]);
  });

  it('above the cost limit: refused with no one to ask, asked at a terminal, or --yes', async () => {
    const s = await sim();
    const db = path.join(dir, 'priced', 'memagent.db');
    const refused = await runCliInProcess(priced(db, s.baseUrl));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /\n {2}cost: \$[\d.]+ to \$[\d.]+ \(the most if every memory fills its budget\)\n/,
    );
    expect(refused.stderr).toMatch(
      /memagent: This review may cost up to \$[\d.]+, above the cost limit of \$1\.00, and there is no terminal to confirm it at\.\nhint: Pass --yes to start it anyway, or --cost-limit \d+ to raise the limit\.\n/,
    );
    // A CI log is nobody at a terminal either.
    const ci = await runCliInProcess(priced(db, s.baseUrl), { CI: 'true' }, { terminal: true });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('there is no terminal to confirm it at');
    // At a terminal, "no" starts nothing.
    const no = await runCliInProcess(
      priced(db, s.baseUrl),
      { CI: '' },
      {
        terminal: true,
        stdin: 'n\n',
      },
    );
    expect(no.code).toBe(130);
    expect(no.stderr).toMatch(/above the cost limit of \$1\.00\. Start it\? \[y\/N\] /);
    expect(no.stderr).toContain('memagent: review not started; nothing was sent to the model.');
    expect(s.requests).toHaveLength(0);
    expect(await reviewsIn(db)).toEqual([]);
    // A higher --cost-limit asks nothing; --dry-run beside it still reads nothing.
    const limit = await runCliInProcess(
      priced(db, s.baseUrl, '--cost-limit', '100000', '--dry-run'),
    );
    expect(limit.code, limit.stderr).toBe(0);
    // --yes starts it; the progress line counts the cost so far.
    const yes = await runCliInProcess(priced(db, s.baseUrl, '--yes', '--json'));
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stderr).toMatch(
      /cells 1\/1 · 0 reading · [\d:]+ elapsed · [\d:]+ left · \$[\d.]+ so far/,
    );
    expect(yes.stderr).toMatch(/note: this reading cost about \$\d+\.\d{4}\n/);
    expect((JSON.parse(yes.stdout) as ReviewJson).review.counts).toMatchObject({ done: 1 });
    // Continued, nothing is left to read: nothing to confirm.
    const again = await runCliInProcess(priced(db, s.baseUrl));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('every cell is answered already');
  });

  it('asks at a terminal and reads once the user says yes', async () => {
    const s = await sim();
    const db = path.join(dir, 'asked', 'memagent.db');
    const r = await runCliInProcess(
      priced(db, s.baseUrl, '--json'),
      { CI: '' },
      {
        terminal: true,
        stdin: 'y\n',
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Start it? [y/N] ');
    expect((JSON.parse(r.stdout) as ReviewJson).review.counts).toMatchObject({ done: 1 });
    expect(s.requests.length).toBeGreaterThan(1);
  });
});

describe('memagent review --model-file (the built-in model)', () => {
  it('plans and reads the review on this computer, with no server anywhere', async () => {
    const model = writeTinyGguf(dir, 'tiny.gguf');
    const one = path.join(dir, 'one-builtin.txt');
    fs.writeFileSync(one, `${QUESTIONS[0]}\n`);
    const db = path.join(dir, 'builtin', 'memagent.db');
    const args = [
      'review',
      files[0] ?? '',
      '--checklist',
      one,
      '--model-file',
      model,
      ...['--chunk-tokens', '256', '--memory-tokens', '64', '--answer-tokens', '32'],
      ...['--temperature', '0', '--threads', '1', '--gpu', 'off', '--db', db],
    ];
    // Nothing listens here: the built-in backend must not touch the network.
    const env = { MEMAGENT_BASE_URL: 'http://127.0.0.1:9/v1' };
    const dry = await runCliInProcess([...args, '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('\n  cost: free (the model runs on this computer)\n');
    const r = await runCliInProcess([...args, '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /note: review [0-9a-f]{8} \(one-builtin\) saved in .*; model tiny-test-llama on this computer/,
    );
    const json = JSON.parse(r.stdout) as ReviewJson;
    expect(json.cells).toHaveLength(1);
    expect(json.cells[0]?.coverage.complete).toBe(true);
  });
});
