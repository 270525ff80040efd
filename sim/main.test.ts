import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm run sim-llm (sim/main.ts)', () => {
  it('prints its URL, serves it, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, 'main.ts'),
        '--port',
        '0',
        '--latency',
        'zero',
        '--model',
        'sim-llm/cli-test',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
          if (m?.[1] !== undefined) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`sim-llm exited with ${code}: ${out}`)));
      });
      expect(out).toContain('test instrument');
      const models = (await (await fetch(`${url}/models`)).json()) as { data: { id: string }[] };
      expect(models.data[0]?.id).toBe('sim-llm/cli-test');
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses an unknown latency preset with usage and exit code 2', async () => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'main.ts'), '--latency', 'warp'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(err).toContain('usage: npm run sim-llm');
  });
});
