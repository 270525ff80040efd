// Tokenizer and chunker benchmark: `npm exec -- node bench/tokenize.ts [--repeat N]`.
// Text: ../shared/corpus/cplusplus-annotations.pdf through `pdftotext -layout` when both exist,
// else a generated book. Prints tokens/s for Qwen and o200k on one thread and on the worker
// pool, the main thread's longest event-loop stall while the pool works, and chunking time for
// a book repeated to about 3.5M tokens.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chunkText } from '../electron/core/agent/chunker.ts';
import { O200kEngine, QwenEngine, type TokenEngine } from '../electron/core/tokenize/engines.ts';
import { LocalTokenizer } from '../electron/core/tokenize/local-tokenizer.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const pdf = path.resolve(repoRoot, '../shared/corpus/cplusplus-annotations.pdf');
const repeatArg = process.argv.indexOf('--repeat');

function loadText(): { text: string; source: string } {
  if (existsSync(pdf)) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-tokenize-'));
    try {
      const out = path.join(dir, 'book.txt');
      execFileSync('pdftotext', ['-layout', pdf, out]);
      return {
        text: readFileSync(out, 'utf8'),
        source: 'cplusplus-annotations.pdf (pdftotext -layout)',
      };
    } catch {
      // pdftotext missing: fall through to the generated text.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const words = [
    'memory',
    'agent',
    'reads',
    'every',
    'page',
    'of',
    'the',
    'document',
    'and',
    'keeps',
    'what',
    'matters',
  ];
  const paras: string[] = [];
  for (let i = 0; paras.length < 30_000; i++)
    paras.push(
      Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ') + '.',
    );
  return { text: paras.join('\n\n'), source: 'generated text' };
}

function mtoks(tokens: number, ms: number): string {
  return `${(((tokens / ms) * 1000) / 1e6).toFixed(2)} M tokens/s`;
}

/**
 * Runs `work` while watching the event loop: the longest delay of a 5 ms timer (which also
 * counts time the OS gave the thread no CPU) and the event-loop utilization (the share of time
 * the thread was busy running JavaScript rather than waiting).
 */
async function stall<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; maxDelayMs: number; busy: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const elu = performance.eventLoopUtilization();
  const t = performance.now();
  const value = await work();
  const ms = performance.now() - t;
  const busy = performance.eventLoopUtilization(elu).utilization;
  // Let the monitor record the last turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  h.disable();
  return { value, ms, maxDelayMs: h.max / 1e6, busy };
}

function loopReport(r: { maxDelayMs: number; busy: number }): string {
  return `main thread: max event-loop delay ${r.maxDelayMs.toFixed(1)} ms, busy ${(r.busy * 100).toFixed(1)}%`;
}

const { text, source } = loadText();
const workers = availableParallelism();
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; pool of ${workers} workers`,
);
console.log(`text: ${source}, ${text.length.toLocaleString('en')} characters`);
const idle = await stall(() => new Promise((resolve) => setTimeout(resolve, 2000)));
console.log(
  `baseline, main thread idle for 2 s: ${loopReport(idle)} (machine load ${loadavg()[0]!.toFixed(1)})`,
);

for (const [name, make] of [
  ['qwen', () => new QwenEngine()],
  ['o200k', () => new O200kEngine()],
] as const) {
  let t = performance.now();
  const e: TokenEngine = make();
  const loadMs = performance.now() - t;
  t = performance.now();
  const n = e.count(text);
  const cold = performance.now() - t;
  t = performance.now();
  e.count(text);
  const warm = performance.now() - t;
  t = performance.now();
  const ids = e.encode(text);
  const enc = performance.now() - t;
  console.log(
    `${name} single thread: ${n.toLocaleString('en')} tokens; load ${loadMs.toFixed(0)} ms; count cold ${cold.toFixed(0)} ms (${mtoks(n, cold)}), warm ${warm.toFixed(0)} ms (${mtoks(n, warm)}); encode ${enc.toFixed(0)} ms (${mtoks(ids.length, enc)}); the caller's thread is blocked all that time`,
  );

  const tok = new LocalTokenizer(name, { workers });
  const first = await stall(() => tok.countMany([text]));
  const second = await stall(() => tok.countMany([text]));
  if (first.value[0] !== n || second.value[0] !== n)
    throw new Error(`pool count differs: ${first.value[0]} vs ${n}`);
  console.log(
    `${name} worker pool: first ${first.ms.toFixed(0)} ms incl. worker start (${mtoks(n, first.ms)}), warm ${second.ms.toFixed(0)} ms (${mtoks(n, second.ms)}); ${loopReport({ maxDelayMs: Math.max(first.maxDelayMs, second.maxDelayMs), busy: Math.max(first.busy, second.busy) })}`,
  );
  await tok.dispose();
}

// A 3.5M-token book: the text repeated.
const qwenCount = new QwenEngine().count(text);
const repeat =
  repeatArg !== -1
    ? Number(process.argv[repeatArg + 1])
    : Math.max(1, Math.round(3_500_000 / qwenCount));
const book = Array.from({ length: repeat }, () => text).join('\n\n');
const tok = new LocalTokenizer('qwen', { workers });
await tok.countMany(['warm up\n'.repeat(10_000), 'warm up\n'.repeat(10_000)]);
const counted = await stall(() => tok.countMany([book]));
console.log(
  `qwen book ×${repeat}: ${counted.value[0]!.toLocaleString('en')} tokens counted on the pool in ${counted.ms.toFixed(0)} ms (${mtoks(counted.value[0]!, counted.ms)}); ${loopReport(counted)}`,
);
for (const budget of [5000, 1000]) {
  const chunked = await stall(() => chunkText(book, tok, budget));
  const chunks = chunked.value;
  const full = chunks.slice(0, -1);
  const fill = full.reduce((s, c) => s + c.tokens, 0) / Math.max(1, full.length) / budget;
  console.log(
    `chunkText ${budget}: ${chunks.length} chunks in ${chunked.ms.toFixed(0)} ms (${(chunked.ms / chunks.length).toFixed(2)} ms a chunk), mean fill ${(fill * 100).toFixed(1)}%; ${loopReport(chunked)}`,
  );
}
await tok.dispose();
