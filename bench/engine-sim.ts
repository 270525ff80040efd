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

export interface ChildSim {
  baseUrl: string;
  stats(): Promise<SimStats>;
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
    async close() {
      const exited = once(child, 'exit');
      child.send({ type: 'close' });
      await exited;
    },
  };
}
