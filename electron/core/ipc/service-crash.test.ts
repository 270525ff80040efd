import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { createMemorySecretStore } from '../store/secret-store.ts';
import { createService, type Service } from './create-service.ts';
import { invokeCall } from './invoke-call.ts';
import { bookText } from './service-harness.test-support.ts';

let sim: SimServer | undefined;
let service: Service | undefined;
let dir: string | undefined;
afterEach(async () => {
  await service?.dispose();
  await sim?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a process killed mid-run', () => {
  it('leaves every finished chunk committed, and the run continues from there in a new process', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-crash-'));
    // About 50 ms per chunk, so the kill lands while the run is going.
    sim = await startSimLlm({
      latency: {
        prefillTokensPerSec: 100_000,
        decodeTokensPerSec: 2_000,
        aggregateDecodeTokensPerSec: 100_000,
        maxBatch: 8,
        overheadMs: 5,
      },
    });
    const book = path.join(dir, 'book.txt');
    fs.writeFileSync(book, bookText(60));
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'crash-child.test-support.ts'), dir, sim.baseUrl, book],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const runId = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /chunk-done 2 (\S+)\n/.exec(out);
        if (m) {
          child.kill('SIGKILL');
          resolve(m[1] as string);
        }
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${stderr}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const chatsBefore = sim.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

    let onFinished!: () => void;
    const finished = new Promise<void>((resolve) => (onFinished = resolve));
    service = createService({
      dataDir: dir,
      secrets: createMemorySecretStore(),
      emit: (_target, _name, payload) => {
        if ((payload as { event?: { type: string } }).event?.type === 'finished') onFinished();
      },
    });
    const ctx = { senderId: 'w2' };
    const snap = await invokeCall(service.handlers, 'runs:get', { runId }, ctx);
    if (!snap.ok) throw new Error(JSON.stringify(snap.error));
    expect(snap.value.summary.status).toBe('interrupted');
    const k = snap.value.memories.length;
    expect(k).toBeGreaterThanOrEqual(3);
    expect(k).toBeLessThan(snap.value.summary.chunkCount);
    expect(snap.value.memories.map((m) => m.chunk)).toEqual([...Array(k).keys()]);

    expect((await invokeCall(service.handlers, 'runs:continue', { runId }, ctx)).ok).toBe(true);
    await finished;
    const prompts = sim.requests
      .filter((r) => r.path.endsWith('/chat/completions'))
      .slice(chatsBefore)
      .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '');
    expect(prompts[0]).toContain(`<memory>\n${snap.value.memories[k - 1]?.memory}\n</memory>`);
    // The chunks left, the final call and the quote check's request (on for a local vLLM).
    expect(prompts).toHaveLength(snap.value.summary.chunkCount - k + 2);
    const done = await invokeCall(service.handlers, 'runs:get', { runId }, ctx);
    expect(done.ok && done.value.summary.status).toBe('done');
    expect(done.ok && done.value.summary.answer).toContain('4711');
  });
});
