import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import { openStore } from '../core/store/store.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

let dir: string;
let book: string;
const sims: SimServer[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-jobs-'));
  book = path.join(dir, 'book.txt');
  fs.writeFileSync(book, bookText(40));
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const QUESTIONS = ['What is the vault code?', 'Who set the vault code?', 'When was it set?'];
const ask = (db: string, baseUrl: string) => [
  'ask',
  book,
  ...QUESTIONS.flatMap((q) => ['-q', q]),
  '--chunk-tokens',
  '256',
  '--tokenizer',
  'o200k',
  '--quote-check',
  'off',
  '--concurrency',
  '3',
  '--json',
  '--db',
  db,
  '--base-url',
  baseUrl,
];

interface JobJson {
  id: string;
  kind: string;
  state: string;
  title: string;
  counts: { total: number; done: number; failed: number; queued: number; interrupted: number };
  backend: { baseUrl: string; name: string };
  resumeCommand: string | null;
}

const jobsOf = async (db: string): Promise<JobJson[]> => {
  const r = await runCliInProcess(['jobs', '--json', '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as JobJson[];
};

/** The chunk prompts a simulator received (a memory and a section of the document). */
const chunkPrompts = (sim: SimServer) =>
  sim.requests
    .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '')
    .filter((p) => p.includes('<memory>') && p.includes('<section>'));

describe('questions asked together', () => {
  it('are saved as one job of kind questions that `memagent jobs` lists as done', async () => {
    const sim = await startSimLlm();
    sims.push(sim);
    const db = path.join(dir, 'together.db');
    const r = await runCliInProcess(ask(db, sim.baseUrl));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(3);
    const [job, ...others] = await jobsOf(db);
    expect(others).toEqual([]);
    expect(job).toMatchObject({
      kind: 'questions',
      state: 'done',
      title: '3 questions about book.txt',
      counts: { total: 3, done: 3, failed: 0, queued: 0 },
      backend: { baseUrl: sim.baseUrl },
      resumeCommand: null,
    });
    expect(r.stderr).toContain(`note: saving as job ${job?.id.slice(0, 8)}, 3 runs`);
    // A real process, end to end; the rest of the file runs the command in process.
    const table = await runCli(['jobs', '--db', db]);
    expect(table.stdout).toMatch(/^ID\s+KIND\s+TITLE\s+STATE\s+DONE\s+FAILED\s+QUEUED\s+READING/);
    expect(table.stdout).toMatch(
      new RegExp(
        `\\n${job?.id.slice(0, 8)}  questions  3 questions about book.txt  done +3/3 +0 +0 +0 +http`,
      ),
    );
  });

  it('with --base-url repeated are read over every server, the job naming them', async () => {
    const a = await startSimLlm();
    const b = await startSimLlm();
    sims.push(a, b);
    const db = path.join(dir, 'two-servers.db');
    const r = await runCli([...ask(db, a.baseUrl), '--base-url', b.baseUrl]);
    expect(r.code, r.stderr).toBe(0);
    const answers = JSON.parse(r.stdout) as { answer: string; memories: unknown[] }[];
    expect(answers[0]?.answer).toBe('4711');
    // Every question's chunks were read, spread over both servers.
    const chunks = answers[0]?.memories.length ?? 0;
    expect(chunks).toBeGreaterThan(1);
    expect(chunkPrompts(a).length).toBeGreaterThan(0);
    expect(chunkPrompts(b).length).toBeGreaterThan(0);
    expect(chunkPrompts(a).length + chunkPrompts(b).length).toBe(3 * chunks);
    // The three questions were at most --concurrency 3 requests at once over both servers.
    expect(a.peakRunning + b.peakRunning).toBeLessThanOrEqual(3);
    const [job] = await jobsOf(db);
    expect(job).toMatchObject({
      state: 'done',
      backend: { baseUrl: a.baseUrl, name: `${new URL(a.baseUrl).host} +1 more` },
    });
  });

  it('killed mid-way show as an interrupted job, and `resume JOB` reads only what was left', async () => {
    const sim = await startSimLlm();
    const other = await startSimLlm();
    sims.push(sim, other);
    const db = path.join(dir, 'killed.db');
    // The process kills itself inside the commit of some question's fourth chunk.
    const killed = await runCli(ask(db, sim.baseUrl), { MEMAGENT_TEST_KILL_IN_COMMIT: '3' });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');

    const [job] = await jobsOf(db);
    expect(job).toMatchObject({ state: 'interrupted', counts: { total: 3, done: 0 } });
    const short = job?.id.slice(0, 8) ?? '';
    expect(job?.resumeCommand).toBe(`npm run memagent -- resume ${short} --db ${db}`);
    const table = await runCliInProcess(['jobs', '--db', db]);
    expect(table.stdout).toContain(
      `to continue ${short} (interrupted): npm run memagent -- resume ${short} --db ${db}`,
    );

    const store = openStore(dir, db);
    const runIds = store.jobs.runs(job?.id ?? '').map((r) => r.id);
    const saved = runIds.map((id) => store.runs.memories(id).length);
    const chunks = store.runs.chunks(runIds[0] ?? '').length;
    store.close();

    const resumed = await runCliInProcess([
      'resume',
      short,
      '--db',
      db,
      '--base-url',
      other.baseUrl,
      '--json',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      `note: continuing job ${short} (3 questions about book.txt): 3 questions left`,
    );
    const answers = JSON.parse(resumed.stdout) as { answer: string; memories: unknown[] }[];
    expect(answers.map((a) => a.answer)).toEqual(['4711', expect.any(String), expect.any(String)]);
    // Each question's whole memory trail, the saved part and the part read now.
    expect(answers.map((a) => a.memories.length)).toEqual([chunks, chunks, chunks]);
    // Only the chunks not saved were read again.
    expect(chunkPrompts(other)).toHaveLength(saved.reduce((sum, k) => sum + chunks - k, 0));
    const [after] = await jobsOf(db);
    expect(after).toMatchObject({ state: 'done', counts: { done: 3 } });
    const again = await runCliInProcess(['resume', short, '--db', db]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`Job ${short} is already done`);
  });
});
