// The built-in backend's overhead: time to first token and tokens/s of the tiny test model
// through BuiltinClient (host process, IPC, batching of deltas) against node-llama-cpp called
// directly in this process, alternating, same model, same prompt, same sampling, one thread
// each; and the longest event-loop stall of this (the calling) process while the model writes.
// Run: npm exec -- node bench/builtin.ts [--rounds N] [--tokens N]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getLlama, LlamaChat, resolveChatWrapper, type ChatHistoryItem } from 'node-llama-cpp';
import { BuiltinClient } from '../electron/core/llm/builtin/builtin-client.ts';
import { writeTinyGguf } from '../electron/core/llm/builtin/tiny-gguf.test-support.ts';

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = arg('--rounds', 7);
const TOKENS = arg('--tokens', 512);
const CONTEXT = 4096;
const PROMPT = `Read this section and update the memory.\n\n${'The observatory stood on the northern ridge. '.repeat(40)}`;
const sampling = { temperature: 0.7, topP: 0.95 };

interface Sample {
  ttftMs: number;
  tokensPerSec: number;
  stallMs: number;
}

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-bench-builtin-'));
try {
  const modelFile = writeTinyGguf(dir);

  // Direct: node-llama-cpp in this process, as an app without a host process would call it.
  const llama = await getLlama({ gpu: false, build: 'never', logger: () => {} });
  const model = await llama.loadModel({ modelPath: modelFile, gpuLayers: 0 });
  const context = await model.createContext({ contextSize: CONTEXT, sequences: 1, threads: 1 });
  const sequence = context.getSequence();
  const wrapper = resolveChatWrapper(model);
  // Both paths get the same prompts: a new first line each time, so neither reuses more of the
  // previous prompt's evaluated tokens than the chat template's opening.
  let nonce = 0;
  const nextPrompt = (): string => `${(nonce += 1)} ${PROMPT}`;

  const client = new BuiltinClient({ modelFile, contextTokens: CONTEXT, gpu: 'off', threads: 1 });
  await client.info(); // loaded before timing, as the direct model is

  /** Times one generation; `run` calls `first()` at the first text and returns the token count. */
  async function measure(run: (first: () => void) => Promise<number>): Promise<Sample> {
    const stalls = monitorEventLoopDelay({ resolution: 1 });
    const started = performance.now();
    let firstAt = 0;
    stalls.enable();
    const tokens = await run(() => (firstAt ||= performance.now()));
    const ended = performance.now();
    stalls.disable();
    return {
      ttftMs: firstAt - started,
      tokensPerSec: (tokens - 1) / ((ended - firstAt) / 1000),
      stallMs: stalls.max / 1e6,
    };
  }

  const direct = (): Promise<Sample> =>
    measure(async (first) => {
      const history: ChatHistoryItem[] = [
        { type: 'user', text: nextPrompt() },
        { type: 'model', response: [] },
      ];
      const chat = new LlamaChat({
        contextSequence: sequence,
        chatWrapper: wrapper,
        autoDisposeSequence: false,
      });
      let tokens = 0;
      await chat.generateResponse(history, {
        ...sampling,
        maxTokens: TOKENS,
        onTextChunk: first,
        onToken: (t) => (tokens += t.length),
      });
      chat.dispose({ disposeSequence: false });
      return tokens;
    });

  const viaClient = (): Promise<Sample> =>
    measure(async (first) => {
      const r = await client.chat({
        ...sampling,
        prompt: nextPrompt(),
        maxTokens: TOKENS,
        onDelta: first,
      });
      return r.usage.completionTokens;
    });

  /** The machine's own noise floor: this process waiting, no model running anywhere. */
  const idle = async (ms: number): Promise<number> => {
    const stalls = monitorEventLoopDelay({ resolution: 1 });
    stalls.enable();
    await new Promise((resolve) => setTimeout(resolve, ms));
    stalls.disable();
    return stalls.max / 1e6;
  };

  const samples = { direct: [] as Sample[], client: [] as Sample[], idle: [] as number[] };
  await direct(); // warm-up of both paths
  await viaClient();
  for (let i = 0; i < ROUNDS; i += 1) {
    samples.direct.push(await direct());
    samples.client.push(await viaClient());
    samples.idle.push(await idle(1000));
  }
  client.close();
  await context.dispose();
  await model.dispose();

  const median = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? NaN;
  };
  const row = (name: string, xs: Sample[]): string =>
    `${name.padEnd(34)} ttft ${median(xs.map((s) => s.ttftMs))
      .toFixed(1)
      .padStart(7)} ms   ` +
    `${median(xs.map((s) => s.tokensPerSec))
      .toFixed(0)
      .padStart(6)} tokens/s   ` +
    `loop stall max ${Math.max(...xs.map((s) => s.stallMs))
      .toFixed(1)
      .padStart(6)} ms`;

  console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${ROUNDS} alternating rounds of ${TOKENS} tokens, 1 thread, CPU only\n`,
  );
  console.log(row('node-llama-cpp in this process', samples.direct));
  console.log(row('BuiltinClient (host process)', samples.client));
  console.log(
    `${'idle, no model running (1 s)'.padEnd(34)} ${''.padEnd(45)}loop stall max ${Math.max(
      ...samples.idle,
    )
      .toFixed(1)
      .padStart(6)} ms`,
  );
  const d = median(samples.direct.map((s) => s.tokensPerSec));
  const c = median(samples.client.map((s) => s.tokensPerSec));
  const dt = median(samples.direct.map((s) => s.ttftMs));
  const ct = median(samples.client.map((s) => s.ttftMs));
  console.log(
    `\nclient overhead: throughput ${(((d - c) / d) * 100).toFixed(1)}%, time to first token ${(((ct - dt) / dt) * 100).toFixed(1)}% (${(ct - dt).toFixed(1)} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
