// Ctrl-C on `ask` and `resume` pauses the run as the app's Pause does (it stops after the chunk
// it reads, that chunk saved, and the library keeps it `paused`), prints the exact command that
// continues it, and exits 130; that command reads only the chunks left. A second Ctrl-C quits at
// once. Real `memagent` processes against the simulator on 127.0.0.1, a real library file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { needleDocument } from '../core/agent/test-support.ts';
import { openStore } from '../core/store/store.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

const QUESTION = 'What is the secret launch code of the northern observatory?';
const OTHER = 'Which observatory keeps the launch code?';
/** Each request takes this long: Ctrl-C lands while a chunk is being read. */
const SLOW_ENOUGH = {
  prefillTokensPerSec: Infinity,
  decodeTokensPerSec: Infinity,
  aggregateDecodeTokensPerSec: Infinity,
  maxBatch: 256,
  overheadMs: 250,
};

let sim: SimServer;
let dir: string;

beforeAll(async () => {
  sim = await startSimLlm();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-ask-pause-'));
  writeFileSync(path.join(dir, 'book.txt'), needleDocument(200, 120));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.setOptions({ faults: [], latency: SLOW_ENOUGH, apiKey: undefined });
});

const env = () => ({ MEMAGENT_BASE_URL: sim.baseUrl });
const ask = (db: string, ...questions: string[]) => [
  'ask',
  path.join(dir, 'book.txt'),
  ...questions.flatMap((q) => ['-q', q]),
  '--tokenizer',
  'o200k',
  '--chunk-tokens',
  '300',
  '--db',
  db,
];

/** The section of every chunk read since request `from` (the final and quote calls are not reads). */
function sectionsRead(from: number): string[] {
  return sim.requests
    .slice(from)
    .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '')
    .filter((p) => p.includes('<memory>'))
    .map((p) => /<section>([\s\S]*?)<\/section>/.exec(p)?.[1])
    .filter((s): s is string => s !== undefined);
}

/** The printed continue command's arguments (after `npm run memagent --`); paths have no spaces. */
function continueArgs(line: string): string[] {
  const command = /To continue: npm run memagent -- (.+)$/.exec(line)?.[1];
  expect(command, line).toBeDefined();
  return (command ?? '').split(' ').map((w) => w.replace(/^'(.*)'$/, '$1'));
}

/** Sends SIGINT once stderr shows the progress line at chunk 3 or later. */
const ctrlCAtChunk3 = () => {
  let sent = false;
  return (stderr: string, kill: (s: NodeJS.Signals) => void) => {
    if (!sent && /chunks? ([3-9]|\d\d+)\/\d+/.test(stderr)) {
      sent = true;
      kill('SIGINT');
    }
  };
};

function runOf(db: string, runId: string) {
  const store = openStore(path.dirname(db), db);
  try {
    const run = store.runs.get(runId);
    return {
      status: run?.status,
      chunks: run?.chunkCount,
      saved: store.runs.memories(runId).length,
    };
  } finally {
    store.close();
  }
}

describe('Ctrl-C on memagent ask', () => {
  it('pauses the run at a chunk boundary, prints the command that continues it, and that command reads only the chunks left', async () => {
    const db = path.join(dir, 'one', 'memagent.db');
    const from = sim.requests.length;
    const stopped = await runCli(ask(db, QUESTION), env(), ctrlCAtChunk3());
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stdout).toBe('');
    const lines = stopped.stderr.split('\n').filter((l) => l.startsWith('memagent: paused'));
    expect(lines, stopped.stderr).toHaveLength(1);
    const line = lines[0] ?? '';
    const [, read, total] = /paused after (\d+) of (\d+) chunks \(saved\)\./.exec(line) ?? [];
    const args = continueArgs(line);
    expect(args.slice(0, 1)).toEqual(['resume']);
    expect(args.slice(2)).toEqual(['--db', db]);
    const runId = args[1] ?? '';

    // The library keeps it paused: every chunk it read saved, none read beyond.
    expect(runOf(db, runId)).toEqual({
      status: 'paused',
      chunks: Number(total),
      saved: Number(read),
    });
    const before = sectionsRead(from);
    expect(before).toHaveLength(Number(read));
    expect(Number(read)).toBeGreaterThanOrEqual(3);
    expect(Number(read)).toBeLessThan(Number(total));
    const listed = await runCliInProcess(['runs', '--json', '--db', db], env());
    expect(JSON.parse(listed.stdout)).toMatchObject([{ state: 'paused', question: QUESTION }]);
    const shown = await runCliInProcess(['show', runId.slice(0, 8), '--db', db], env());
    expect(shown.stdout).toContain('the run is paused');

    // The printed command finishes it from the saved chunk.
    const at = sim.requests.length;
    const resumed = await runCli(args, env());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`at chunk ${Number(read) + 1} of ${total}`);
    expect(resumed.stdout).toContain('AMBER-4471');
    const after = sectionsRead(at);
    expect(after).toHaveLength(Number(total) - Number(read));
    for (const section of after) expect(before).not.toContain(section);
    expect(runOf(db, runId)).toMatchObject({ status: 'done', saved: Number(total) });
  });

  it('pauses `resume` the same way', async () => {
    const db = path.join(dir, 'again', 'memagent.db');
    const first = await runCli(ask(db, QUESTION), env(), ctrlCAtChunk3());
    const args = continueArgs(
      first.stderr.split('\n').find((l) => l.startsWith('memagent: paused')) ?? '',
    );
    // Paused again, a few chunks further: the same command continues it.
    const from = sim.requests.length;
    const second = await runCli(args, env(), ctrlCAtChunk3());
    expect(second.code, second.stderr).toBe(130);
    const line = second.stderr.split('\n').find((l) => l.startsWith('memagent: paused')) ?? '';
    expect(continueArgs(line)).toEqual(args);
    const saved = runOf(db, args[1] ?? '');
    expect(saved.status).toBe('paused');
    expect(line).toContain(`paused after ${saved.saved} of ${saved.chunks} chunks`);
    // This session read from where the first stopped, and stopped at a boundary too.
    const read = Number(/paused after (\d+)/.exec(first.stderr)?.[1]);
    expect(sectionsRead(from)).toHaveLength(saved.saved - read);
  });

  it('several questions: pauses their job as a whole; `jobs` lists it paused with the same command', async () => {
    const db = path.join(dir, 'job', 'memagent.db');
    const stopped = await runCli(ask(db, QUESTION, OTHER), env(), ctrlCAtChunk3());
    expect(stopped.code, stopped.stderr).toBe(130);
    const line = stopped.stderr.split('\n').find((l) => l.startsWith('memagent: paused')) ?? '';
    expect(line).toMatch(
      /^memagent: paused job [0-9a-f]{8}; 0 of 2 questions answered\. To continue: /,
    );
    const args = continueArgs(line);
    const jobs = await runCliInProcess(['jobs', '--json', '--db', db], env());
    const [job] = JSON.parse(jobs.stdout) as { state: string; resumeCommand: string }[];
    expect(job?.state).toBe('paused');
    expect(job?.resumeCommand).toBe(`npm run memagent -- ${args.join(' ')}`);
    const runs = await runCliInProcess(['runs', '--json', '--db', db], env());
    const states = (JSON.parse(runs.stdout) as { state: string }[]).map((r) => r.state);
    expect(states).toEqual(['paused', 'paused']);

    const resumed = await runCli(args, env());
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = await runCliInProcess(['runs', '--json', '--db', db], env());
    expect((JSON.parse(after.stdout) as { state: string }[]).map((r) => r.state)).toEqual([
      'done',
      'done',
    ]);
  });

  it('a second Ctrl-C quits at once: the call in flight is cut off and the run is found interrupted', async () => {
    // At 5 tokens/s a memory takes seconds: the first Ctrl-C would wait for it.
    sim.setOptions({ latency: { ...SLOW_ENOUGH, decodeTokensPerSec: 5, overheadMs: 0 } });
    const db = path.join(dir, 'twice', 'memagent.db');
    const from = sim.timings.length;
    let signals = 0;
    const r = await runCli(ask(db, QUESTION), env(), (stderr, kill) => {
      if (signals === 0 && /chunk 0\/\d+/.test(stderr)) {
        signals = 1;
        kill('SIGINT');
      } else if (signals === 1 && stderr.includes('memagent: pausing')) {
        signals = 2;
        kill('SIGINT');
      }
    });
    expect(signals).toBe(2);
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    const calls = sim.timings.slice(from);
    expect(calls.length).toBeLessThanOrEqual(1);
    const call = calls[0];
    if (call !== undefined) {
      while (call.finishedAt === undefined) await new Promise((resolve) => setImmediate(resolve));
      expect(call.closedEarlyAt).toBeDefined();
    }
    // Stopped mid-chunk, not at a boundary: a kill's state, continued from its last saved memory.
    const listed = await runCliInProcess(['runs', '--json', '--db', db], env());
    expect(JSON.parse(listed.stdout)).toMatchObject([{ state: 'interrupted', question: QUESTION }]);
  });
});
