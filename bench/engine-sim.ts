import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { SimOptions } from '../sim/options.ts';

export interface SimStats {
  requests: number;
  busyMs: number;
  cpuMs: number;
  peakRunning: number;
  maxRssMb: number;
}

/** One chat request as the simulator saw it (see engine-sim-child.ts). */
export interface SimCall {
  /** The MemAgent prompt's question ('' for other prompts). */
  question: string;
  /** A chunk request's section, its first 80 characters (absent for final and other prompts). */
  section?: string;
  promptTokens: number;
  /** Output tokens the latency model paced. */
  pacedTokens: number;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  finishedAt?: number;
}

export interface ChildSim {
  baseUrl: string;
  stats(): Promise<SimStats>;
  /** Every chat request received so far, in arrival order. */
  calls(): Promise<SimCall[]>;
  close(): Promise<void>;
}

/** Starts sim-llm in a child process (see engine-sim-child.ts). */
export async function startChildSim(options: Partial<SimOptions>): Promise<ChildSim> {
  const script = fileURLToPath(new URL('./engine-sim-child.ts', import.meta.url));
  const child: ChildProcess = fork(script, [JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [{ type: string; baseUrl: string }];
  return {
    baseUrl: ready.baseUrl,
    async stats() {
      child.send({ type: 'stats' });
      const [stats] = (await once(child, 'message')) as [SimStats & { type: string }];
      return stats;
    },
    async calls() {
      child.send({ type: 'calls' });
      const [reply] = (await once(child, 'message')) as [{ calls: SimCall[] }];
      return reply.calls;
    },
    async close() {
      const exited = once(child, 'exit');
      child.send({ type: 'close' });
      await exited;
    },
  };
}
