// Runs sim-llm (the simulated server, a test instrument) in its own process for the engine
// benchmarks, so its CPU time and memory stay out of the engine's figures. Options arrive as
// JSON in argv[2]; the parent talks over the IPC channel.
import { startSimLlm } from '../sim/server.ts';
import type { SimOptions } from '../sim/options.ts';
import { parseMemAgentPrompt } from '../sim/memory-agent.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as Partial<SimOptions>;
const sim = await startSimLlm(options);
process.send?.({ type: 'ready', baseUrl: sim.baseUrl });

const PROBLEM = /<problem> \n([\s\S]*?)\n<\/problem>/;
const promptOf = (body: unknown): string => {
  const messages = (body as { messages?: { content?: unknown }[] } | undefined)?.messages;
  const content = messages?.[0]?.content;
  return typeof content === 'string' ? content : '';
};

process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') {
    // Time each request spent inside the simulator, from receipt to the end of its reply.
    let busyMs = 0;
    for (const t of sim.timings)
      if (t.finishedAt !== undefined) busyMs += t.finishedAt - t.receivedAt;
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'stats',
      requests: sim.requests.length,
      busyMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRunning: sim.peakRunning,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    });
  } else if (message.type === 'calls') {
    // Each chat request with what the latency model charged it, and the question it asked (a
    // MemAgent prompt's <problem>), so a bench can tell which requests were one row's chain.
    // A chunk request also names its chunk: the first characters of its section.
    const calls = sim.timings.map((t, i) => {
      const prompt = promptOf(sim.requests[i]?.body);
      const parsed = parseMemAgentPrompt(prompt);
      return {
        question: PROBLEM.exec(prompt)?.[1] ?? '',
        ...(parsed.kind === 'update' ? { section: parsed.section.slice(0, 80) } : {}),
        promptTokens: t.promptTokens ?? 0,
        pacedTokens: t.pacedTokens ?? 0,
        receivedAt: t.receivedAt,
        finishedAt: t.finishedAt,
      };
    });
    process.send?.({ type: 'calls', calls });
  } else if (message.type === 'close') {
    void sim.close().then(() => process.exit(0));
  }
});
