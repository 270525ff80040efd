// Many queued runs in one registry: 50 documents × 10 questions launched at once at the
// backend's concurrency, against sim-llm (in a child process, zero latency by default) — how
// many runs prepare (load text, tokenize, plan chunks) at once, and the process's peak memory.
// Prepares go through the service's document texts and chunk plans, as the app's runs do.
// The basis of the full 500-run benchmark (issue 23); prints figures, asserts nothing.
// `npm exec -- node bench/queued-runs.ts [--documents 50] [--questions 10] [--concurrency 4]
//   [--kchars 120] [--latency zero|h100-14b]`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_READING, DEFAULT_RUN_SETTINGS, type DocumentInfo } from '../shared/model.ts';
import { RunRegistry, type PreparedRun } from '../electron/core/agent/run-registry.ts';
import { sha256Hex } from '../electron/core/hash.ts';
import { createLlmClient } from '../electron/core/llm/client.ts';
import { createChunkPlans } from '../electron/core/caches/chunk-plans.ts';
import { createDocumentTexts } from '../electron/core/caches/document-texts.ts';
import { createOcrService } from '../electron/core/documents/ocr-service.ts';
import { createTokenizerCache } from '../electron/core/caches/tokenizer-cache.ts';
import type { LatencyPreset } from '../sim/options.ts';
import { startChildSim } from './engine-sim.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '50' },
    questions: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    kchars: { type: 'string', default: '120' },
    latency: { type: 'string', default: 'zero' },
  },
});
const documents = Number(values.documents);
const questions = Number(values.questions);
const concurrency = Number(values.concurrency);
const chars = Number(values.kchars) * 1000;

/** A document of about `chars` characters with one fact per question to find. */
function makeText(d: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i += 1) {
    let p = `Document ${d}, paragraph ${i}: the days pass quietly by the river, and nothing in particular happens to anyone.`;
    if (i % 50 === 7) p += ` The keeper of ledger ${i % 10} wrote serial ${d * 1000 + i}.`;
    parts.push(p);
    length += p.length + 2;
  }
  return parts.join('\n\n');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-queued-runs-'));
const sim = await startChildSim({ latency: values.latency as LatencyPreset });
try {
  const infos: DocumentInfo[] = [];
  for (let d = 0; d < documents; d += 1) {
    const file = path.join(dir, `doc-${d}.txt`);
    fs.writeFileSync(file, makeText(d));
    infos.push({
      id: sha256Hex(fs.readFileSync(file)),
      fileName: path.basename(file),
      path: file,
      format: 'text',
      title: `Document ${d}`,
      chars,
      openedAt: 0,
      warnings: [],
    });
  }
  const texts = createDocumentTexts({
    cacheDir: path.join(dir, 'cache'),
    maxBytes: 1 << 30,
    readingFor: () => DEFAULT_READING,
    ocr: createOcrService(path.join(dir, 'ocr')),
  });
  const plans = createChunkPlans();
  const tokenizers = createTokenizerCache();
  const tokenizer = await tokenizers.get('qwen', {});
  const client = createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, maxRetries: 0 });
  await client.resolveModel();
  const settings = { ...DEFAULT_RUN_SETTINGS, tokenizer: 'qwen' as const };

  let preparing = 0;
  let peakPreparing = 0;
  let prepares = 0;
  let peakRss = process.memoryUsage().rss;
  const sample = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const prepare =
    (info: DocumentInfo, q: number) =>
    async (signal: AbortSignal): Promise<PreparedRun> => {
      prepares += 1;
      preparing += 1;
      peakPreparing = Math.max(peakPreparing, preparing);
      try {
        const doc = await texts.load(info, { signal });
        const chunks = await plans.plan(info.id, doc, tokenizer, settings.chunkTokens, signal);
        const question = `Which serial did the keeper of ledger ${q} write?`;
        return { text: doc.text, chunks, question, settings, client, streamMemory: false };
      } finally {
        preparing -= 1;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
    };

  const registry = new RunRegistry({ concurrency, emit: () => undefined });
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const outcomes = await Promise.all(
    infos.flatMap((info, d) =>
      Array.from({ length: questions }, (_, q) =>
        registry.launch(`d${d}-q${q}`, { owner: 'bench', prepare: prepare(info, q) }),
      ),
    ),
  );
  const wallMs = performance.now() - t0;
  clearInterval(sample);
  const failed = outcomes.filter((o) => o.status !== 'done');
  const stats = await sim.stats();
  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  console.log(
    `queued-runs benchmark — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}`,
  );
  console.log(
    `${outcomes.length} runs (${documents} documents of ${values.kchars}K characters × ${questions} questions), concurrency ${concurrency}, latency ${values.latency}`,
  );
  console.log(`runs done: ${outcomes.length - failed.length}, failed: ${failed.length}`);
  console.log(`prepares: ${prepares}, peak at once: ${peakPreparing}`);
  console.log(`requests: ${stats.requests}, peak running at the server: ${stats.peakRunning}`);
  console.log(`wall: ${(wallMs / 1000).toFixed(1)} s`);
  console.log(
    `RSS: ${mb(rssBefore)} MB before launching, peak ${mb(peakRss)} MB (sampled), max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  await tokenizers.dispose();
} finally {
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
