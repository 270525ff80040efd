// Wall time of 8 concurrent questions against sim-llm's latency model (H100, 14B: see
// sim/options.ts), as a ratio to the ideal that the latency model itself predicts for the very
// same calls with zero client and engine overhead.
// `npm exec -- node bench/concurrency.ts [--questions 8] [--chunks 8] [--chunk-tokens 5000]`
import { parseArgs } from 'node:util';
import os from 'node:os';
import { DEFAULT_RUN_SETTINGS, type DocumentText, type Usage } from '../shared/model.ts';
import { planChunks } from '../electron/core/agent/plan.ts';
import { RunRegistry } from '../electron/core/agent/run-registry.ts';
import { createLlmClient } from '../electron/core/llm/client.ts';
import { createTokenizer } from '../electron/core/tokenize/index.ts';
import { H100_14B, type LatencyModel } from '../sim/options.ts';
import { startChildSim } from './engine-sim.ts';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '8' },
    chunks: { type: 'string', default: '8' },
    'chunk-tokens': { type: 'string', default: '5000' },
  },
});
const questions = Number(values.questions);
const chunkCount = Number(values.chunks);
const chunkTokens = Number(values['chunk-tokens']);

const TOPICS = ['harbour', 'lantern', 'copper', 'meadow', 'signal', 'garden', 'winter', 'market'];

function makeDocument(approxTokens: number): string {
  const parts: string[] = [];
  let chars = 0;
  for (let i = 0; chars < approxTokens * 4.3; i += 1) {
    let p = `Paragraph ${i} tells of travels, of rain and of long evenings; nothing in it stands out, and the days pass quietly for everyone involved.`;
    if (i % 40 === 7) {
      const topic = TOPICS[((i / 40) % TOPICS.length) | 0] as string;
      p += ` The keeper of the ${topic} registry recorded serial ${i * 31} for the ${topic}.`;
    }
    parts.push(p);
    chars += p.length + 2;
  }
  return parts.join('\n\n');
}

/**
 * The ideal wall time: the latency model applied to the calls the runs actually made (their
 * prompt and completion token counts), as if client and engine took no time. Each run's calls
 * are sequential; prefills (plus the fixed overhead) share one FIFO prefill throughput, as in
 * the simulator; each sequence then decodes at min(decode, aggregate / runs) tokens per second.
 */
function idealMs(
  runs: Usage[][],
  model: LatencyModel,
): { concurrent: number; longestAlone: number; sequential: number } {
  const tokenMs =
    1000 / Math.min(model.decodeTokensPerSec, model.aggregateDecodeTokensPerSec / runs.length);
  const prefillMs = (u: Usage) =>
    model.overheadMs + (u.promptTokens / model.prefillTokensPerSec) * 1000;
  const next = runs.map(() => 0);
  const ready = runs.map(() => 0);
  let prefillFreeAt = 0;
  for (;;) {
    let pick = -1;
    for (let r = 0; r < runs.length; r += 1) {
      if (
        (next[r] as number) < (runs[r] as Usage[]).length &&
        (pick < 0 || (ready[r] as number) < (ready[pick] as number))
      )
        pick = r;
    }
    if (pick < 0) break;
    const call = (runs[pick] as Usage[])[next[pick] as number] as Usage;
    const start = Math.max(ready[pick] as number, prefillFreeAt);
    prefillFreeAt = start + prefillMs(call);
    ready[pick] = prefillFreeAt + call.completionTokens * tokenMs;
    next[pick] = (next[pick] as number) + 1;
  }
  const alone = runs.map((calls) =>
    calls.reduce(
      (s, u) => s + prefillMs(u) + (u.completionTokens * 1000) / model.decodeTokensPerSec,
      0,
    ),
  );
  return {
    concurrent: Math.max(...ready),
    longestAlone: Math.max(...alone),
    sequential: alone.reduce((a, b) => a + b, 0),
  };
}

const sim = await startChildSim({ latency: 'h100-14b' });
try {
  const doc: DocumentText = {
    format: 'text',
    title: 'bench',
    text: makeDocument(chunkCount * chunkTokens),
    warnings: [],
  };
  const tokenizer = await createTokenizer('qwen', {});
  const chunks = await planChunks(doc, tokenizer, chunkTokens);
  await tokenizer.dispose();
  const client = createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, maxRetries: 0 });
  await client.resolveModel();
  const calls: Usage[][] = Array.from({ length: questions }, () => []);
  const registry = new RunRegistry({
    concurrency: questions,
    emit: (_owner, { event: e }) => {
      const q = Number(e.runId.slice(1));
      if (e.type === 'chunk-done') calls[q]?.push(e.state.usage);
      if (e.type === 'answer') calls[q]?.push(e.usage);
    },
  });
  const t0 = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: questions }, (_, q) =>
      registry.launch(`q${q}`, {
        owner: 'bench',
        prepare: () => ({
          text: doc.text,
          chunks,
          question: `Which serial did the keeper of the ${TOPICS[q % TOPICS.length]} registry record?`,
          settings: { ...DEFAULT_RUN_SETTINGS },
          client,
        }),
      }),
    ),
  );
  const wallMs = performance.now() - t0;
  const stats = await sim.stats();
  const failed = outcomes.filter((o) => o.status !== 'done');
  if (failed.length > 0)
    throw new Error(`runs failed: ${JSON.stringify(failed.map((o) => o.error))}`);
  const ideal = idealMs(calls, H100_14B);
  const completion = calls.flat().reduce((s, u) => s + u.completionTokens, 0);
  const prompt = calls.flat().reduce((s, u) => s + u.promptTokens, 0);

  console.log(
    `concurrency benchmark — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `${questions} questions at once over ${chunks.length} chunks of ≤${chunkTokens} qwen tokens; latency model h100-14b (prefill ${H100_14B.prefillTokensPerSec}/s shared, decode ${H100_14B.decodeTokensPerSec}/s per sequence, ${H100_14B.overheadMs} ms per request)`,
  );
  console.log(
    `calls: ${calls.flat().length}, prompt tokens ${prompt.toLocaleString('en-US')}, completion tokens ${completion.toLocaleString('en-US')}; simulator peak running ${stats.peakRunning}`,
  );
  console.log(`answers: ${outcomes.map((o) => o.answer).join(', ')}`);
  console.log(
    `wall: ${(wallMs / 1000).toFixed(2)} s; ideal (latency model on the same calls, zero client/engine time): ${(ideal.concurrent / 1000).toFixed(2)} s`,
  );
  console.log(
    `ratio wall / ideal: ${(wallMs / ideal.concurrent).toFixed(3)} (goal ≤ 1.05); the longest run alone would take ${(ideal.longestAlone / 1000).toFixed(2)} s, all ${questions} one after another ${(ideal.sequential / 1000).toFixed(1)} s`,
  );
} finally {
  await sim.close();
}
