// `show --json` of a run whose memories together are far larger than the heap: they are read
// from the library as they are written, never all held at once. A real library file, the real
// CLI in a child process with a 48 MB old generation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../shared/model.ts';
import { openStore } from '../core/store/store.ts';
import { writeTransaction } from '../core/store/write-transaction.ts';
import { runCli } from './cli.test-support.ts';

const RUN = '5d0c7a2e-3b1f-4e6a-9c8d-7f6e5d4c3b2a';
const CHUNKS = 400;
// 400 memories of 256 KB: 100 MB of memory text.
const memory = (c: number) => `Chunk ${c}: ${'the mill by the river '.repeat(12_000)}`;
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-show-stream-'));
  const store = openStore(dir);
  try {
    store.documents.upsert({
      id: 'c'.repeat(64),
      fileName: 'long.pdf',
      format: 'pdf',
      title: 'Long',
      chars: CHUNKS * 1000,
      openedAt: 1,
      warnings: [],
    });
    writeTransaction(store.db, () => {
      store.runs.create({
        id: RUN,
        documentId: 'c'.repeat(64),
        question: 'Where is the mill?',
        settings: DEFAULT_RUN_SETTINGS,
        status: 'done',
        createdAt: 1,
      });
      store.runs.setChunks(
        RUN,
        Array.from({ length: CHUNKS }, (_, i) => ({ index: i, start: i, end: i + 1, tokens: 5 })),
      );
      for (let c = 0; c < CHUNKS; c += 1)
        store.runs.saveMemory(RUN, {
          chunk: c,
          memory: memory(c),
          usage: { promptTokens: 1, completionTokens: 1 },
          ms: 1,
          kept: false,
        });
    })();
  } finally {
    store.close();
  }
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('memagent show --json of a run with 100 MB of memories', () => {
  it('writes every memory in a heap smaller than they are', async () => {
    const shown = await runCli(['show', RUN, '--db', path.join(dir, 'memagent.db'), '--json'], {
      NODE_OPTIONS: '--max-old-space-size=48',
    });
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    const json = JSON.parse(shown.stdout) as {
      chunks: unknown[];
      memories: { chunk: number; memory: string }[];
    };
    expect(json.chunks).toHaveLength(CHUNKS);
    expect(json.memories).toHaveLength(CHUNKS);
    expect(json.memories[CHUNKS - 1]?.memory).toBe(memory(CHUNKS - 1));
  }, 120_000);
});
