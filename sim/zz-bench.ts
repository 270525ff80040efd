import { startSimLlm } from './server.ts';
import { createLlmClient } from '../electron/core/llm/client.ts';
import { fillMemoryPrompt } from '../electron/core/agent/templates.ts';
const words =
  'the quick brown fox jumps over a lazy dog while rain falls on valley farms and rivers . '.split(
    ' ',
  );
let text = '';
for (let i = 0; text.length < 22000; i++)
  text += words[i % words.length] + (i % 17 === 16 ? '. ' : ' ');
const sim = await startSimLlm({ tokenCounting: 'approx' });
const c = createLlmClient({
  kind: 'vllm',
  baseUrl: sim.baseUrl,
  model: 'sim-llm/memagent-simulator',
});
const N = 300;
let memory = 'No previous memory';
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const r = await c.chat({
    prompt: fillMemoryPrompt('What is the special magic number for Alice?', memory, text),
    maxTokens: 1024,
    temperature: 0.7,
    topP: 0.95,
  });
  memory = r.content;
}
console.log(((performance.now() - t0) / N).toFixed(2), 'ms/request');
await sim.close();
