// The command line's runs in a library, under faults: real `memagent` processes SIGKILLed at
// random points of a run (and inside a commit), resumed with `memagent resume`; two terminals on
// one library; the app's service started while a terminal reads. Real SQLite files, the
// simulator on 127.0.0.1 with its deterministic memory agent.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName, CallRequest, CallResponse } from '../../shared/api.ts';
import type { LatencyModel } from '../../sim/options.ts';
import { parseMemAgentPrompt } from '../../sim/memory-agent.ts';
import { seededRandom as random } from '../core/seeded-random.test-support.ts';
import { startSimLlm, type RecordedRequest, type SimServer } from '../../sim/server.ts';
import { needleDocument } from '../core/agent/test-support.ts';
import { createService, type Service } from '../core/ipc/create-service.ts';
import { invokeCall } from '../core/ipc/invoke-call.ts';
import {
  chatPrompts,
  openBookAndProfile,
  SMALL_CHUNKS,
  startHarness,
  stopWhenChunkDone,
} from '../core/ipc/service-harness.test-support.ts';
import { createMemorySecretStore } from '../core/store/secret-store.ts';
import { runCli, startCli, type CliResult, runCliInProcess } from './cli.test-support.ts';

const QUESTION = 'What is the secret launch code of the northern observatory?';
/** Each request waits this long: a run of 13 chunks takes about half a second of requests. */
const FAST: LatencyModel = {
  prefillTokensPerSec: Number.POSITIVE_INFINITY,
  decodeTokensPerSec: Number.POSITIVE_INFINITY,
  aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
  maxBatch: Number.POSITIVE_INFINITY,
  overheadMs: 25,
};

interface AskJson {
  runId: string;
  answer: string | null;
  memories: string[];
  chunks: unknown[];
}

let dir: string;
let book: string;
/** Two simulators: the trials run in two lanes at once, each counting its own requests. */
let sims: SimServer[];
let reference: AskJson;
/** Each chunk's text (as the update prompt carries it) to its index, from the reference run. */
const chunkOf = new Map<string, number>();

const ask = (sim: SimServer, db: string) => [
  'ask',
  book,
  '-q',
  QUESTION,
  '--chunk-tokens',
  '256',
  '--tokenizer',
  'o200k',
  '--quote-check',
  'off',
  '--json',
  ...(db === '' ? [] : ['--db', db]),
];
const env = (sim: SimServer, extra: Record<string, string> = {}) => ({
  MEMAGENT_BASE_URL: sim.baseUrl,
  ...extra,
});

const promptOf = (r: RecordedRequest): string => {
  const body = r.body as { messages?: { content?: string }[] } | undefined;
  return body?.messages?.at(-1)?.content ?? '';
};

/** How often each chunk was read, and how many final prompts were sent, in `requests`. */
function readsOf(requests: readonly RecordedRequest[]): { perChunk: number[]; finals: number } {
  const perChunk = new Array<number>(reference.chunks.length).fill(0);
  let finals = 0;
  for (const r of requests) {
    const parsed = parseMemAgentPrompt(promptOf(r));
    if (parsed.kind === 'final') finals += 1;
    if (parsed.kind !== 'update') continue;
    const k = chunkOf.get(parsed.section);
    if (k === undefined) throw new Error('a request for a section no chunk has');
    perChunk[k] = (perChunk[k] ?? 0) + 1;
  }
  return { perChunk, finals };
}

/** The library file's state: intact, and what it holds about run `runId`. */
function inspect(db: string, runId: string): { status: string; memories: number[] } {
  const sqlite = new Database(db, { readonly: true });
  try {
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    const run = sqlite.prepare('SELECT status FROM runs WHERE id = ?').get(runId) as {
      status: string;
    };
    const memories = sqlite
      .prepare('SELECT chunk FROM memory_states WHERE run_id = ? ORDER BY chunk')
      .pluck()
      .all(runId) as number[];
    return { status: run.status, memories };
  } finally {
    sqlite.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const shortIdIn = (stderr: string): string => {
  const id = /saving as 1 run ([0-9a-f]{8})/.exec(stderr)?.[1];
  if (id === undefined) throw new Error(`no run id on stderr:\n${stderr}`);
  return id;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-sessions-'));
  book = path.join(dir, 'book.txt');
  writeFileSync(book, needleDocument(100, 70));
  sims = [
    await startSimLlm({ latency: FAST, keepRequests: 100_000 }),
    await startSimLlm({ latency: FAST, keepRequests: 100_000 }),
  ];
  const sim = sims[0] as SimServer;
  const before = sim.requests.length;
  const r = await runCliInProcess(ask(sim, path.join(dir, 'reference.db')), env(sim));
  expect(r.code, r.stderr).toBe(0);
  reference = JSON.parse(r.stdout) as AskJson;
  expect(reference.answer).toBe('AMBER-4471');
  const updates = sim.requests
    .slice(before)
    .map((q) => parseMemAgentPrompt(promptOf(q)))
    .filter((p) => p.kind === 'update');
  updates.forEach((p, k) => chunkOf.set(p.section, k));
  expect(chunkOf.size).toBe(reference.chunks.length);
  expect(reference.chunks.length).toBeGreaterThanOrEqual(10);
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

type Kill = { afterRequests: number; jitterMs: number } | { inCommitOf: number };

/**
 * One trial: `ask` killed as `kill` says, then `resume`d. Returns whether the kill landed
 * before the run finished.
 */
async function trial(sim: SimServer, name: string, kill: Kill): Promise<boolean> {
  const db = path.join(dir, `${name}.db`);
  const before = sim.requests.length;
  const extra: Record<string, string> =
    'inCommitOf' in kill ? { MEMAGENT_TEST_KILL_IN_COMMIT: String(kill.inCommitOf) } : {};
  const cli = startCli(ask(sim, db), env(sim, extra));
  if ('afterRequests' in kill) {
    let ended = false;
    void cli.result.then(() => (ended = true));
    while (!ended && sim.requests.length - before < kill.afterRequests) await sleep(2);
    await sleep(kill.jitterMs);
    cli.kill('SIGKILL');
  }
  const killed = await cli.result;
  const what = `${name} (${JSON.stringify(kill)})`;
  if (killed.code === 0) return false; // finished before the kill: nothing to resume
  expect(killed.signal, `${what}: ${killed.stderr}`).toBe('SIGKILL');
  const id = shortIdIn(killed.stderr);
  const fullId = readRunId(db);
  expect(fullId.startsWith(id), what).toBe(true);
  const after = inspect(db, fullId);
  // Whatever was committed is an unbroken run of chunks; a kill inside chunk K's commit loses
  // exactly that chunk.
  expect(after.memories, what).toEqual(after.memories.map((_, i) => i));
  if ('inCommitOf' in kill) expect(after.memories.length, what).toBe(kill.inCommitOf);

  const resumed = await runCliInProcess(['resume', id, '--db', db, '--json'], env(sim));
  expect(resumed.code, `${what}: ${resumed.stderr}`).toBe(0);
  const out = JSON.parse(resumed.stdout) as AskJson;
  expect(out.memories, what).toEqual(reference.memories);
  expect(out.answer, what).toBe(reference.answer);
  expect(inspect(db, fullId), what).toEqual({
    status: 'done',
    memories: reference.chunks.map((_, i) => i),
  });
  // None skipped; at most the step in flight (a chunk, or the final answer) asked twice.
  const { perChunk, finals } = readsOf(sim.requests.slice(before));
  expect(Math.min(...perChunk), what).toBe(1);
  const twice = perChunk.reduce((sum, n) => sum + n - 1, 0) + (finals - 1);
  expect(finals, what).toBeGreaterThanOrEqual(1);
  expect(twice, what).toBeLessThanOrEqual(1);
  return true;
}

function readRunId(db: string): string {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare('SELECT id FROM runs').pluck().get() as string;
  } finally {
    sqlite.close();
  }
}

describe('memagent ask, killed and resumed', () => {
  it('ends every SIGKILLed run, once resumed, with the memory trace and answer of an uninterrupted one', async () => {
    const seed = Date.now() % 1_000_000;
    const next = random(seed);
    const chunks = reference.chunks.length;
    const lane = async (sim: SimServer, laneNo: number): Promise<number> => {
      let kills = 0;
      for (let i = 0; i < 11; i += 1) {
        // Two of eleven die inside a commit (early, middle, last chunk); the rest at a random
        // request with a random delay, so kills land in requests, commits and between.
        const kill: Kill =
          i % 4 === 3
            ? { inCommitOf: [1, Math.floor(chunks / 2), chunks - 1][(i - 3) / 4 + laneNo - 1] ?? 1 }
            : {
                afterRequests: 1 + Math.floor(next() * chunks),
                jitterMs: Math.floor(next() * 30),
              };
        if (await trial(sim, `seed${seed}-lane${laneNo}-${i}`, kill)) kills += 1;
      }
      return kills;
    };
    const kills = await Promise.all([lane(sims[0] as SimServer, 1), lane(sims[1] as SimServer, 2)]);
    expect(kills[0] + kills[1], `seed ${seed}`).toBeGreaterThanOrEqual(20);
  }, 180_000);
});

describe('two processes on one library', () => {
  it('lets two terminals write runs to one library at once: both complete, intact, unblocked', async () => {
    const db = path.join(dir, 'shared.db');
    // Two real processes: the library's locking between processes is what is tested.
    const [a, b] = await Promise.all(sims.map((sim) => runCli(ask(sim, db), env(sim))));
    for (const r of [a, b] as CliResult[]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/locked|busy/i);
      const out = JSON.parse(r.stdout) as AskJson & { elapsed_ms: number };
      expect(out.memories).toEqual(reference.memories);
      expect(inspect(db, out.runId)).toEqual({
        status: 'done',
        memories: reference.chunks.map((_, i) => i),
      });
    }
    const ids = [a, b].map((r) => (JSON.parse((r as CliResult).stdout) as AskJson).runId);
    expect(new Set(ids).size).toBe(2);
  });

  /** The app's service over `dataDir`, as the desktop app starts it. */
  const openApp = (dataDir: string): Service =>
    createService({ dataDir, secrets: createMemorySecretStore(), emit: () => undefined });
  const call = <K extends CallName>(
    service: Service,
    name: K,
    request: CallRequest<K>,
  ): Promise<CallResponse<K>> => invokeCall(service.handlers, name, request, { senderId: 'w1' });

  it('an app started while a terminal reads leaves the run alone and refuses to continue it', async () => {
    const sim = sims[0] as SimServer;
    const dataDir = mkdtempSync(path.join(dir, 'app-'));
    sim.setOptions({ latency: { ...FAST, overheadMs: 120 } });
    try {
      const before = sim.requests.length;
      // No --db: the terminal saves in the app's data folder, as a user's would.
      const cli = startCli(ask(sim, ''), env(sim, { MEMAGENT_USER_DATA_DIR: dataDir }));
      while (sim.requests.length - before < 2) await sleep(5);
      const app = openApp(dataDir);
      try {
        const docs = await call(app, 'documents:list', {});
        if (!docs.ok) throw new Error(docs.error.message);
        expect(docs.value.map((d) => d.path)).toEqual([book]);
        const runs = await call(app, 'runs:list', { documentId: docs.value[0]?.id ?? '' });
        if (!runs.ok) throw new Error(runs.error.message);
        const run = runs.value[0];
        expect(run?.origin).toBe('cli');
        expect(run?.status).toBe('running');
        // The app's view of it says who reads it (the window then follows its saved progress).
        const seen = await call(app, 'runs:get', { runId: run?.id ?? '' });
        if (!seen.ok) throw new Error(seen.error.message);
        expect(seen.value.readBy).toBe(`memagent in a terminal (pid ${cli.pid})`);
        const sentence = `This question is being read by memagent in a terminal (pid ${cli.pid}).`;
        for (const refused of [
          await call(app, 'runs:continue', { runId: run?.id ?? '' }),
          await call(app, 'runs:cancel', { runId: run?.id ?? '' }),
          await call(app, 'runs:pause', { runId: run?.id ?? '' }),
          await call(app, 'runs:delete', { runId: run?.id ?? '' }),
          await call(app, 'documents:remove', { documentId: docs.value[0]?.id ?? '' }),
        ]) {
          expect(refused.ok).toBe(false);
          if (!refused.ok) expect(refused.error.message).toBe(sentence);
        }
        const done = await cli.result;
        expect(done.code, done.stderr).toBe(0);
        const after = await call(app, 'runs:get', { runId: run?.id ?? '' });
        if (!after.ok) throw new Error(after.error.message);
        expect(after.value.summary.status).toBe('done');
        expect(after.value.memories.map((m) => m.memory)).toEqual(reference.memories);
      } finally {
        await app.dispose();
      }
    } finally {
      sim.setOptions({ latency: FAST });
    }
  });

  it('finds a run whose terminal was SIGKILLed interrupted, and resume refuses what it must', async () => {
    const sim = sims[1] as SimServer;
    const dataDir = mkdtempSync(path.join(dir, 'killed-'));
    const copy = path.join(dataDir, 'book.txt');
    writeFileSync(copy, readFileSync(book));
    const cmd = ['ask', copy, ...ask(sim, '').slice(2)];
    const before = sim.requests.length;
    const cli = startCli(cmd, env(sim, { MEMAGENT_USER_DATA_DIR: dataDir }));
    while (sim.requests.length - before < 4) await sleep(2);
    cli.kill('SIGKILL');
    const killed = await cli.result;
    expect(killed.signal).toBe('SIGKILL');
    const id = shortIdIn(killed.stderr);

    // `memagent runs`, which only reads, lists it interrupted too, not "running" forever.
    const listed = await runCliInProcess(
      ['runs', '--json'],
      env(sim, { MEMAGENT_USER_DATA_DIR: dataDir }),
    );
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { status: string }[]).map((r) => r.status)).toEqual([
      'interrupted',
    ]);

    // The app finds it interrupted: its reader is dead.
    const app = openApp(dataDir);
    try {
      const docs = await call(app, 'documents:list', {});
      if (!docs.ok) throw new Error(docs.error.message);
      const runs = await call(app, 'runs:list', { documentId: docs.value[0]?.id ?? '' });
      if (!runs.ok) throw new Error(runs.error.message);
      expect(runs.value.map((r) => r.status)).toEqual(['interrupted']);
    } finally {
      await app.dispose();
    }

    const resume = (...more: string[]) =>
      runCliInProcess(['resume', id, ...more], env(sim, { MEMAGENT_USER_DATA_DIR: dataDir }));
    // The file's bytes changed: refused, naming the file.
    writeFileSync(copy, `${readFileSync(book, 'utf8')}\nOne more line.\n`);
    const changed = await resume();
    expect(changed.code).toBe(3);
    expect(changed.stderr).toContain(
      `memagent: ${copy} has changed since run ${id} read it: its saved memories do not fit the file any more.`,
    );
    writeFileSync(copy, readFileSync(book));

    // Refused before anything was read, the run is left as it was: resume then reads the rest.
    // (Another model on the server, --model and a done run: core/use-cases/run-use-cases.test.ts.)
    const resumed = await resume();
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('AMBER-4471');
    expect(resumed.stderr).toContain(`saved as run ${id} (memagent show ${id})`);
    const unknown = await runCliInProcess(
      ['resume', 'ffffffff', '--db', path.join(dataDir, 'memagent.db')],
      env(sim),
    );
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('memagent: No run or job ffffffff in the library');
  });
});

describe('Ctrl-C and --no-save', () => {
  it('Ctrl-C leaves a paused run with its memories and prints the command that continues it', async () => {
    const sim = sims[0] as SimServer;
    const db = path.join(dir, 'ctrl-c.db');
    const before = sim.requests.length;
    const cli = startCli(ask(sim, db), env(sim));
    while (sim.requests.length - before < 5) await sleep(2);
    cli.kill('SIGINT');
    const stopped = await cli.result;
    expect(stopped.code).toBe(130);
    const runId = readRunId(db);
    const { status, memories } = inspect(db, runId);
    // Paused as the app pauses: the chunk in flight was read to its end and saved.
    expect(status).toBe('paused');
    expect(memories.length).toBeGreaterThanOrEqual(5);
    const line = stopped.stderr.split('\n').find((l) => l.startsWith('memagent: paused'));
    expect(line).toBe(
      `memagent: paused after ${memories.length} of ${reference.chunks.length} chunks (saved). To continue: npm run memagent -- resume ${runId} --db ${db}`,
    );
    // The printed command, as the user would paste it after `npm run memagent --`.
    const args = (line ?? '').split('npm run memagent -- ')[1]?.split(' ') ?? [];
    // A real process, end to end; the other resumes here run the command in process.
    const resumed = await runCli([...args, '--json'], env(sim));
    expect(resumed.code, resumed.stderr).toBe(0);
    const out = JSON.parse(resumed.stdout) as AskJson;
    expect(out.runId).toBe(runId);
    expect(out.memories).toEqual(reference.memories);
    // No chunk was asked for twice: the one in flight at Ctrl-C was kept.
    const { perChunk } = readsOf(sim.requests.slice(before));
    expect(perChunk.every((n) => n === 1)).toBe(true);
  });

  it('--no-save writes no library and prints no run id', async () => {
    const sim = sims[1] as SimServer;
    const dataDir = mkdtempSync(path.join(dir, 'nosave-'));
    const r = await runCliInProcess(
      [...ask(sim, ''), '--no-save'],
      env(sim, { MEMAGENT_USER_DATA_DIR: dataDir }),
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Partial<AskJson>;
    expect(out.runId).toBeUndefined();
    expect(out.memories).toEqual(reference.memories);
    expect(r.stderr).not.toMatch(/saving|saved as run/);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('a run made in the app', () => {
  it('is continued in a terminal with its profile’s server, model and settings', async () => {
    const h = await startHarness();
    try {
      const { documentId, profileId } = await openBookAndProfile(h);
      const summary = await h.ok('runs:start', {
        documentId,
        question: 'What is the vault code?',
        settings: SMALL_CHUNKS,
        profileId,
      });
      // The app quits after chunk 2, as a crash would.
      await stopWhenChunkDone(h, summary.id, () => 1);
      const before = chatPrompts(h).length;
      const r = await runCliInProcess(
        ['resume', summary.id.slice(0, 10), '--db', path.join(h.dir, 'memagent.db'), '--json'],
        // The environment's server is not the run's: the profile's URL is used.
        { MEMAGENT_BASE_URL: 'http://127.0.0.1:9/v1' },
      );
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as AskJson;
      expect(out.answer).toBe('4711');
      expect(out.runId).toBe(summary.id);
      // Chunks 1 and 2 were read by the app; the terminal read the rest and the answer.
      const kinds = chatPrompts(h)
        .slice(before)
        .map((p) => parseMemAgentPrompt(p).kind);
      expect(kinds.filter((k) => k === 'update')).toHaveLength(out.chunks.length - 2);
      expect(kinds.filter((k) => k === 'final')).toHaveLength(1);
      expect(r.stderr).toContain('at chunk 3 of');
      expect(out.memories).toHaveLength(out.chunks.length);
    } finally {
      await h.close();
    }
  });

  it('is left alone by a terminal while the app reads it, and resume refuses it', async () => {
    const h = await startHarness({ sim: { latency: { ...FAST, overheadMs: 150 } } });
    try {
      const { documentId, profileId } = await openBookAndProfile(h);
      const summary = await h.ok('runs:start', {
        documentId,
        question: 'What is the vault code?',
        settings: SMALL_CHUNKS,
        profileId,
      });
      // Paused after its first chunk, the run stays the app's for as long as the terminal takes
      // to start (seconds on a loaded machine), instead of racing it to the end.
      await h.waitFor('run:event', (p) => {
        if (p.event.runId !== summary.id || p.event.type !== 'chunk-done') return false;
        void h.call('runs:pause', { runId: summary.id });
        return true;
      });
      await h.waitFor(
        'run:event',
        (p) => p.event.runId === summary.id && p.event.type === 'paused',
      );
      const r = await runCliInProcess([
        'resume',
        summary.id,
        '--db',
        path.join(h.dir, 'memagent.db'),
      ]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `memagent: This question is being read by the MemAgent app (pid ${process.pid}).`,
      );
      // The terminal opened the library as a writer and did not take the app's run for dead.
      const now = await h.ok('runs:get', { runId: summary.id });
      expect(now.summary.status).toBe('paused');
      await h.ok('runs:resume', { runId: summary.id });
      const end = await h.finished(summary.id);
      expect(end.type).toBe('finished');
    } finally {
      await h.close();
    }
  });
});
