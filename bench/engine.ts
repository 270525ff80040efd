// Engine overhead per chunk: one MemAgent run over a ~3.5M-token document (700 chunks of 5,000
// tokens) against sim-llm with zero latency, the simulator in its own process.
// `npm exec -- node bench/engine.ts [--chunks 700] [--chunk-tokens 5000]`
import { parseArgs } from 'node:util';
import os from 'node:os';
import { DEFAULT_RUN_SETTINGS, type DocumentText, type MemoryState } from '../shared/model.ts';
import { planChunks } from '../electron/core/agent/plan.ts';
import { runMemAgent } from '../electron/core/agent/run.ts';
import { createLlmClient } from '../electron/core/llm/client.ts';
import type { LlmClient } from '../electron/core/llm/types.ts';
import { createTokenizer } from '../electron/core/tokenize/index.ts';
import { startChildSim } from './engine-sim.ts';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '700' },
    'chunk-tokens': { type: 'string', default: '5000' },
    stream: { type: 'string', default: 'both' },
  },
});
const targetChunks = Number(values.chunks);
const chunkTokens = Number(values['chunk-tokens']);
const modes = values.stream === 'both' ? [true, false] : [values.stream !== 'off'];

/** English-like paragraphs; every 9th carries a sentence relevant to the question. */
function makeDocument(approxTokens: number): string {
  const words = [
    'river',
    'stone',
    'market',
    'winter',
    'engine',
    'letter',
    'garden',
    'signal',
    'harbour',
    'copper',
    'lantern',
    'meadow',
  ];
  const parts: string[] = [];
  let chars = 0;
  for (let i = 0; chars < approxTokens * 4.62; i += 1) {
    const w = (k: number) => words[(i * 7 + k * 5) % words.length] as string;
    let p = `In chapter ${i} the ${w(1)} near the ${w(2)} was described at length, and the ${w(3)} of the town changed its ${w(4)} after ${i % 17} days. People spoke of the ${w(5)} and of the ${w(6)} until evening.`;
    if (i % 9 === 4)
      p += ` The observatory ledger records launch code entry ${i} as value ${(i * 7919) % 100_000}.`;
    parts.push(p);
    chars += p.length + 2;
  }
  return parts.join('\n\n');
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const doc: DocumentText = {
  format: 'text',
  title: 'bench',
  text: makeDocument(targetChunks * chunkTokens),
  warnings: [],
};
const tokenizer = await createTokenizer('o200k', {});
const tPlan = performance.now();
const chunks = await planChunks(doc, tokenizer, chunkTokens);
const planMs = performance.now() - tPlan;
await tokenizer.dispose();
const tokens = chunks.reduce((s, c) => s + c.tokens, 0);
console.log(
  `engine benchmark — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `document: ${doc.text.length.toLocaleString('en-US')} chars, ${tokens.toLocaleString('en-US')} o200k tokens, ${chunks.length} chunks of ≤${chunkTokens} (planChunks ${(planMs / 1000).toFixed(1)} s, RSS after ${mb(process.memoryUsage().rss)} MB)`,
);

/** One whole run against a fresh zero-latency simulator process; prints its figures. */
async function measure(streamMemory: boolean): Promise<void> {
  const sim = await startChildSim({ latency: 'zero', tokenCounting: 'approx' });
  try {
    const client = createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, maxRetries: 0 });
    await client.resolveModel();
    const memories: MemoryState[] = [];
    let events = 0;
    let chatMs = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const outcome = await runMemAgent({
      runId: 'bench',
      text: doc.text,
      chunks,
      question: 'What launch code value does the observatory ledger record?',
      settings: { ...DEFAULT_RUN_SETTINGS },
      client,
      streamMemory,
      report: async (e) => {
        events += 1;
        if (e.type === 'chunk-done') {
          chatMs += e.state.ms;
          memories.push(e.state);
        }
        if (e.type === 'answer') chatMs += e.ms;
      },
    });
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const simStats = await sim.stats();
    if (outcome.status !== 'done')
      throw new Error(`run ended ${outcome.status}: ${JSON.stringify(outcome.error)}`);
    const n = chunks.length;
    const avgMemory = memories.reduce((s, m) => s + m.memory.length, 0) / memories.length;
    const appSide = (wallMs - simStats.busyMs) / n;
    console.log(
      `\n${streamMemory ? 'streamed memory (SSE, a memory-delta event per token)' : 'plain responses (streamMemory: false)'}`,
    );
    console.log(
      `  run: ${n + 1} calls, ${events.toLocaleString('en-US')} events, answer ${JSON.stringify(outcome.answer)}, mean memory ${avgMemory.toFixed(0)} chars`,
    );
    console.log(
      `  wall: ${(wallMs / 1000).toFixed(2)} s = ${(wallMs / n).toFixed(2)} ms per chunk (engine + client + HTTP + simulator)`,
    );
    console.log(
      `  inside chat calls (client + HTTP + simulator): ${(chatMs / n).toFixed(2)} ms per chunk`,
    );
    console.log(
      `  engine outside chat calls (prompt building, events, persistence hook): ${((wallMs - chatMs) / n).toFixed(3)} ms per chunk`,
    );
    console.log(
      `  simulator busy (receipt to end of reply, own process): ${(simStats.busyMs / n).toFixed(2)} ms per chunk; simulator CPU ${(simStats.cpuMs / 1000).toFixed(1)} s, RSS ${simStats.maxRssMb.toFixed(0)} MB`,
    );
    console.log(
      `  app side (engine + client + HTTP, wall minus simulator busy): ${appSide.toFixed(2)} ms per chunk`,
    );
    console.log(
      `  CPU of the engine process (engine + client + HTTP stack) during the run: ${(cpuMs / n).toFixed(2)} ms per chunk (goal < 2 ms)`,
    );
  } finally {
    await sim.close();
  }
}

/**
 * The engine alone: an in-process client that answers at once with a fixed memory (no HTTP, no
 * simulator), so the wall time is the engine's own work: prompt building, events, persistence.
 */
async function measureEngineAlone(): Promise<void> {
  const memory = 'The observatory ledger records launch code entry 4 as value 31676. '.repeat(48);
  let promptChars = 0;
  const client: LlmClient = {
    resolveModel: async () => 'in-process',
    listModels: async () => ['in-process'],
    chat: async (request) => {
      promptChars += request.prompt.length; // touch the prompt as a client would
      request.onDelta?.(memory);
      return {
        content: `${memory}\\boxed{31676}`,
        finishReason: 'stop',
        usage: { promptTokens: 5000, completionTokens: 800 },
        model: 'in-process',
        ms: 0,
        attempts: 1,
      };
    },
  };
  let events = 0;
  const t0 = performance.now();
  const outcome = await runMemAgent({
    runId: 'alone',
    text: doc.text,
    chunks,
    question: 'What launch code value does the observatory ledger record?',
    settings: { ...DEFAULT_RUN_SETTINGS },
    client,
    report: async () => {
      events += 1;
    },
  });
  const wallMs = performance.now() - t0;
  console.log(
    `\nengine alone (in-process instant client, no HTTP): ${outcome.status}, ${events.toLocaleString('en-US')} events, ${(promptChars / 1e6).toFixed(0)} M prompt chars`,
  );
  console.log(
    `  ${(wallMs / 1000).toFixed(2)} s = ${(wallMs / chunks.length).toFixed(3)} ms per chunk (goal < 2 ms)`,
  );
}

await measureEngineAlone();
for (const mode of modes) await measure(mode);
console.log(
  `\npeak RSS of the engine process: ${mb(process.resourceUsage().maxRSS * 1024)} MB (goal < 1 GB)`,
);
