// The GGUF header check on real files: the tiny model passes; each damaged or hostile variant is
// refused by `ModelStore.add` (what `models --builtin --add` runs) with one sentence naming what
// is wrong (a Damaged error: exit 3 from the CLI, cli-pull.test.ts), and nothing is recorded.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { writeTinyGguf } from '../llm/builtin/tiny-gguf.test-support.ts';
import { checkGgufFile } from './gguf.ts';
import { hostileGgufs } from './hostile-gguf.test-support.ts';
import { openModelStore } from './model-store.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-gguf-check-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(p: Promise<unknown>): Promise<CoreError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('the GGUF header check', () => {
  it('passes the tiny model that node-llama-cpp loads', async () => {
    const file = writeTinyGguf(dir, 'tiny.gguf');
    expect(await checkGgufFile(file)).toBeGreaterThan(100_000);
  });

  it.each(hostileGgufs().map((h) => [h.kind, h] as const))(
    'refuses a file with %s in one sentence, as damaged, and records nothing',
    async (_kind, hostile) => {
      const file = path.join(dir, `${hostile.kind.replace(/\W+/g, '-')}.gguf`);
      writeFileSync(file, hostile.bytes);
      const store = openModelStore(path.join(dir, 'models'));
      const error = await refusal(store.add(file));
      expect(error.kind).toBe('Damaged');
      const prefix = `The model file ${file} is damaged: `;
      expect(error.message.startsWith(prefix)).toBe(true);
      expect(error.message.endsWith('.')).toBe(true);
      const problem = error.message.slice(prefix.length, -1);
      if (typeof hostile.problem === 'string') expect(problem).toBe(hostile.problem);
      else expect(problem).toMatch(hostile.problem);
      expect(error.hint).toMatch(/again|another/);
      expect((await store.list()).filter((m) => m.source.kind !== 'found')).toEqual([]);
    },
  );

  it('says a tensor type this llama.cpp does not know is unsupported, not damaged', async () => {
    const tiny = readTiny();
    // The first tensor's type sits after its name, dimension count and two dimensions.
    const at = tiny.indexOf('token_embd.weight') + 'token_embd.weight'.length + 4 + 16;
    tiny.writeUInt32LE(99, at);
    const file = path.join(dir, 'new-type.gguf');
    writeFileSync(file, tiny);
    const error = await refusal(checkGgufFile(file));
    expect(error.kind).toBe('Unsupported');
    expect(error.message).toBe(
      `The model file ${file} cannot be loaded: its tensor token_embd.weight has the type 99, which this llama.cpp does not know.`,
    );
  });
});

function readTiny(): Buffer {
  const file = writeTinyGguf(dir, 'to-patch.gguf');
  return readFileSync(file);
}
