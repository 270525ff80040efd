// How quickly things the tests check by behaviour happen, in wall-clock time: cancels, timeouts,
// Retry-After, Ctrl-C in the CLI, and the reader's rows for a 14-million-character book. The
// tests assert what happens (a request closed, a timer cleared, a row count); this prints how
// long it took. Run: npm exec -- node bench/responsiveness.ts [--repeat N]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { needleDocument } from '../electron/core/agent/test-support.ts';
import { sleepUnlessAborted } from '../electron/core/llm/backoff.ts';
import { createLlmClient, type LlmConfig } from '../electron/core/llm/client.ts';
import { chatRequest } from '../electron/core/llm/test-prompts.test-support.ts';
import { buildRows } from '../renderer/src/lib/reader-rows.ts';
import type { LatencyModel } from '../sim/options.ts';
import { startSimLlm } from '../sim/server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const repeatAt = process.argv.indexOf('--repeat');
const REPEAT = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 5;
const slow = (decodeTokensPerSec: number): LatencyModel => ({
  prefillTokensPerSec: Number.POSITIVE_INFINITY,
  decodeTokensPerSec,
  aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
  maxBatch: 256,
  overheadMs: 0,
});

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run().catch(() => undefined);
  return performance.now() - started;
}

/** Runs `measure` REPEAT times and prints median and max (ms). */
async function report(what: string, measure: () => Promise<number>): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < REPEAT; i += 1) ms.push(await measure());
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] ?? NaN;
  console.log(
    `${what.padEnd(58)} median ${median.toFixed(1).padStart(8)} ms   max ${(ms.at(-1) ?? NaN).toFixed(1).padStart(8)} ms`,
  );
}

console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${REPEAT} runs each\n`,
);

const big = ('A sentence of an ordinary book, long enough to wrap. '.repeat(20) + '\n').repeat(
  13_000,
);
await report('reader rows for 14 M characters (buildRows)', async () =>
  timed(async () => buildRows(big, [], [])),
);

await report('sleepUnlessAborted(60 s) until its abort rejects it', async () => {
  const controller = new AbortController();
  const sleeping = sleepUnlessAborted(60_000, controller.signal);
  return timed(async () => {
    controller.abort();
    await sleeping;
  });
});

const sim = await startSimLlm();
const client = (extra: Partial<LlmConfig> = {}) =>
  createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, retryBaseMs: 5, retryCapMs: 20, ...extra });
try {
  await report('client: Retry-After 150 ms, then the answer', async () => {
    sim.setOptions({
      latency: 'zero',
      faults: [{ kind: 'rate-limit', next: 1, retryAfterMs: 150 }],
    });
    return timed(() => client().chat(chatRequest));
  });

  await report('client: stalled server, timeout 150 ms, 2 attempts', async () => {
    sim.setOptions({ latency: 'zero', faults: [{ kind: 'stall' }] });
    return timed(() => client({ timeoutMs: 150 }).chat(chatRequest));
  });

  await report('client: cancel of a stalled request until Cancelled', async () => {
    sim.setOptions({ latency: 'zero', faults: [{ kind: 'stall' }] });
    const controller = new AbortController();
    const from = sim.requests.length;
    const pending = client().chat({ ...chatRequest, signal: controller.signal });
    while (sim.requests.length === from) await new Promise((r) => setImmediate(r));
    return timed(async () => {
      controller.abort();
      await pending;
    });
  });

  await report('client: cancel mid-stream (5 tokens/s) until Cancelled', async () => {
    sim.setOptions({ faults: [], latency: slow(5) });
    const controller = new AbortController();
    let abortedAt = 0;
    const pending = client().chat({
      ...chatRequest,
      signal: controller.signal,
      onDelta: () => {
        if (abortedAt !== 0) return;
        abortedAt = performance.now();
        controller.abort();
      },
    });
    await pending.catch(() => undefined);
    return performance.now() - abortedAt;
  });

  await report('client: cancel during a 30 s Retry-After sleep', async () => {
    sim.setOptions({ latency: 'zero', faults: [{ kind: 'rate-limit', retryAfterSec: 30 }] });
    const controller = new AbortController();
    let abortedAt = 0;
    await client({
      onRetry: () =>
        queueMicrotask(() => {
          abortedAt = performance.now();
          controller.abort();
        }),
    })
      .chat({ ...chatRequest, signal: controller.signal })
      .catch(() => undefined);
    return performance.now() - abortedAt;
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'bench-responsiveness-'));
  const book = path.join(dir, 'book.txt');
  writeFileSync(book, needleDocument(40, 25));
  try {
    await report('CLI: Ctrl-C during the first chunk until exit 130', async () => {
      sim.setOptions({ faults: [], latency: slow(5) });
      return ctrlC(book, sim.baseUrl);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await sim.close();
}

/** Starts `memagent ask`, sends SIGINT when chunk 0 starts, and times until the process exits. */
function ctrlC(book: string, baseUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['electron/cli/main.ts', 'ask', book, '-q', 'What is the launch code?', '--json'].concat([
        '--tokenizer',
        'o200k',
        '--chunk-tokens',
        '300',
      ]),
      { cwd: repoRoot, env: { ...process.env, MEMAGENT_BASE_URL: baseUrl }, stdio: 'pipe' },
    );
    let stderr = '';
    let sentAt = 0;
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (sentAt === 0 && /chunk 0\/\d+/.test(stderr)) {
        sentAt = performance.now();
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 130 && sentAt > 0
        ? resolve(performance.now() - sentAt)
        : reject(new Error(`memagent ask ended with ${code}: ${stderr}`)),
    );
  });
}
