// The fault sweep of issue 22 for model replies: whole MemAgent runs against the simulator, one
// reply fault each at a seeded request (a memory update or the final call), counting the runs
// whose answer is right, wrong but flagged (a warning, a cut mark or an error), or silently
// wrong (another answer, no warning). Usage: npm exec -- node bench/reply-faults.ts [runs-per-kind]
// `... reply-faults.ts overflow [plain|stream]`: one run whose every request gets a 50 MB reply
// from a server that ignores max_tokens (run it under /usr/bin/time -v for the peak memory).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { FaultRule } from '../sim/options.ts';
import { startSimLlm } from '../sim/server.ts';
import { createLlmClient } from '../electron/core/llm/client.ts';
import { runMemAgent } from '../electron/core/agent/run.ts';
import {
  QUESTION,
  SETTINGS,
  needleDocument,
  paragraphChunks,
} from '../electron/core/agent/test-support.ts';
import { seededRandom } from '../electron/core/seeded-random.test-support.ts';

const overflow = process.argv[2] === 'overflow';
const perKind = overflow ? 0 : Number(process.argv[2] ?? 8);
const text = needleDocument(24, 13);
const chunks = paragraphChunks(text, 3); // 8 chunks; the needle in chunk 4
const ANSWER = 'AMBER-4471';
const faults: FaultRule[] = [
  { kind: 'stopped-reply', finishReason: 'content_filter', afterTokens: 6 },
  { kind: 'stopped-reply', finishReason: 'tool_calls', afterTokens: 6 },
  { kind: 'stopped-reply', finishReason: 'something-new', afterTokens: 6 },
  { kind: 'empty-reply' },
  { kind: 'null-content' },
  { kind: 'non-string-content' },
  { kind: 'ignore-max-tokens', overflowChars: 6_000_000 },
];

const sim = await startSimLlm({ latency: 'zero' });
const random = seededRandom(22);
const tally = { right: 0, flagged: 0, silent: 0 };
const rows: string[] = [];
for (const fault of faults) {
  const t = { right: 0, flagged: 0, silent: 0 };
  for (let i = 0; i < perKind; i += 1) {
    const streamMemory = i % 2 === 1;
    // The request it hits: one of the chunks' memory updates or the final call (1-based).
    const at = 1 + Math.floor(random() * (chunks.length + 1));
    sim.setOptions({ faults: [] });
    let seen = 0;
    const client = createLlmClient({
      kind: 'vllm',
      baseUrl: sim.baseUrl,
      retryBaseMs: 1,
      retryCapMs: 1,
    });
    const outcome = await runMemAgent({
      runId: `r${i}`,
      text,
      chunks,
      question: QUESTION,
      settings: SETTINGS,
      client,
      streamMemory,
      report: (event) => {
        if (
          event.type === 'chunk-started' ||
          (event.type === 'chunk-done' && event.state.chunk === chunks.length - 1)
        ) {
          if (event.type === 'chunk-started') seen = event.chunk + 1;
          else seen = chunks.length + 1;
          sim.setOptions({ faults: seen === at ? [{ ...fault, next: 1 }] : [] });
        }
      },
    });
    const flagged = outcome.status !== 'done' || outcome.answerCut || outcome.warnings.length > 0;
    if (outcome.status === 'done' && outcome.answer === ANSWER && !outcome.answerCut) t.right += 1;
    else if (flagged) t.flagged += 1;
    else t.silent += 1;
  }
  rows.push(
    `| ${fault.kind}${fault.finishReason ? ` (${fault.finishReason})` : ''} | ${perKind} | ${t.right} | ${t.flagged} | ${t.silent} |`,
  );
  tally.right += t.right;
  tally.flagged += t.flagged;
  tally.silent += t.silent;
}
if (overflow) {
  // The simulator runs in a child process: the peak memory printed is this process's alone.
  const child = fork(new URL('./reply-faults-sim-child.ts', import.meta.url), {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const baseUrl = line.toString().trim();
  const started = performance.now();
  const outcome = await runMemAgent({
    runId: 'overflow',
    text,
    chunks,
    question: QUESTION,
    settings: SETTINGS,
    client: createLlmClient({ kind: 'vllm', baseUrl }),
    streamMemory: process.argv[3] === 'stream',
    report: () => undefined,
  });
  const longest = Math.max(...outcome.memories.map((m) => (m.reply ?? m.memory).length));
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    `${chunks.length + 1} replies of 50 MB (${process.argv[3] ?? 'plain'}): ${Math.round(performance.now() - started)} ms, peak RSS ${peakMb} MB, status ${outcome.status}, longest kept reply ${longest} chars, warnings ${outcome.warnings.map((w) => w.code).join(',')}`,
  );
  child.disconnect();
  await sim.close();
  process.exit(0);
}
await sim.close();
console.log(
  '| fault (once, at a seeded request) | runs | right | wrong, flagged | silently wrong |',
);
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(
  `| all | ${perKind * faults.length} | ${tally.right} | ${tally.flagged} | ${tally.silent} |`,
);
