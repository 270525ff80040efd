// `memagent resume JOB` over a job of several documents (as a review's cells are): killed in the
// middle, continued as a whole; every run answered, each beside its document, and nothing read
// twice but the chunk in flight.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { openStore } from '../core/store/store.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';
import { createDocumentsJob } from './job-documents.test-support.ts';

let dir: string;
const sims: SimServer[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-jobs-docs-'));
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const QUESTIONS = ['What is the vault code?', 'Which river is described?'];

/** The chunk prompts a simulator received, as "site D|question" (one per chunk read). */
const chunkReads = (sim: SimServer) =>
  sim.requests
    .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '')
    .filter((p) => p.includes('<memory>') && p.includes('<section>'))
    .map((p) => {
      const site = /Site (\d+), paragraph/.exec(p)?.[1];
      const question = QUESTIONS.find((q) => p.includes(q));
      return `${site}|${question}`;
    });

describe('a job over three documents', () => {
  it('killed mid-way, `resume JOB` answers every run, finished ones not read again', async () => {
    const first = await startSimLlm();
    const second = await startSimLlm();
    sims.push(first, second);
    const db = path.join(dir, 'library', 'memagent.db');
    fs.mkdirSync(path.dirname(db), { recursive: true });
    const { jobId, runIds } = await createDocumentsJob({
      dir,
      db,
      documents: 3,
      questions: QUESTIONS,
      baseUrl: first.baseUrl,
    });
    const short = jobId.slice(0, 8);

    // The documents have 3, 4 and 6 chunks of 256 tokens, and runs start with the most chunks
    // left (job-order.ts). A real process, killed inside the commit of some run's fourth chunk
    // (index 3): the largest document's two runs, read first, have saved three chunks each.
    const killed = await runCli(['resume', short, '--db', db, '--concurrency', '2'], {
      MEMAGENT_TEST_KILL_IN_COMMIT: '3',
    });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.stderr).toContain(
      `note: continuing job ${short} (3 documents × 2 questions): 6 questions left over 3 documents`,
    );
    // Continued and killed again inside the commit of chunk index 4: the second document's runs
    // (4 chunks left, read first now) end below it and finish; the largest document's, read on
    // from their saved memories, reach it.
    const killedAgain = await runCli(['resume', short, '--db', db, '--concurrency', '2'], {
      MEMAGENT_TEST_KILL_IN_COMMIT: '4',
    });
    expect(killedAgain.signal, killedAgain.stderr).toBe('SIGKILL');

    const store = openStore(path.dirname(db), db);
    const atKill = runIds.map((id) => {
      const run = store.runs.get(id);
      const doc = store.documents.get(run?.documentId ?? '');
      return {
        status: run?.status,
        key: `${/site-(\d+)/.exec(doc?.fileName ?? '')?.[1]}|${run?.question}`,
        saved: store.runs.memories(id).length,
      };
    });
    store.close();
    const finished = atKill.filter((r) => r.status === 'done');
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.length).toBeLessThan(6);

    const resumed = await runCliInProcess([
      'resume',
      short,
      '--db',
      db,
      '--base-url',
      second.baseUrl,
      '--json',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const answers = JSON.parse(resumed.stdout) as {
      runId: string;
      document: string;
      question: string;
      answer: string;
      memories: unknown[];
    }[];
    // Every run not done at the kill, in the job's order, each beside its document's title.
    expect(answers.map((a) => a.runId)).toEqual(
      runIds.filter((_, i) => atKill[i]?.status !== 'done'),
    );
    for (const a of answers) {
      expect(a.document).toMatch(/^site-[012]$/);
      if (a.question === QUESTIONS[0]) expect(a.answer).toBe(`470${a.document.slice(-1)}`);
    }
    // No finished run was read again; the others only from their last saved memory on.
    const after = chunkReads(second);
    for (const run of finished) expect(after).not.toContain(run.key);
    const after2 = openStore(path.dirname(db), db);
    const chunksLeft = runIds.reduce(
      (sum, id, i) => sum + (after2.runs.get(id)?.chunkCount ?? 0) - (atKill[i]?.saved ?? 0),
      0,
    );
    expect(after2.jobs.get(jobId)).toMatchObject({ state: 'done', counts: { done: 6, total: 6 } });
    after2.close();
    expect(after).toHaveLength(chunksLeft);
  });
});
