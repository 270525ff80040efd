// `memagent ask --backend builtin`: the real CLI process, running the real node-llama-cpp in its
// host process on a tiny GGUF written here (one CPU thread, no server anywhere).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION, needleDocument } from '../core/agent/test-support.ts';
import { writeTinyGguf } from '../core/llm/builtin/tiny-gguf.test-support.ts';
import type { AskJson } from './ask-result.ts';
import { runCli } from './cli.test-support.ts';

const SMALL = [
  '--chunk-tokens',
  '256',
  '--memory-tokens',
  '64',
  '--answer-tokens',
  '32',
  '--temperature',
  '0',
  '--threads',
  '1',
  '--gpu',
  'off',
];

let dir: string;
let doc: string;
let model: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-builtin-'));
  doc = path.join(dir, 'doc.txt');
  writeFileSync(doc, needleDocument(10, 4));
  model = writeTinyGguf(dir, 'tiny.gguf');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('memagent ask --backend builtin', () => {
  it('reads a document with the model file and no server', async () => {
    const r = await runCli(
      ['ask', doc, '-q', QUESTION, '--backend', 'builtin', '--model-file', model, ...SMALL],
      // Nothing listens here: the built-in backend must not touch the network.
      { MEMAGENT_BASE_URL: 'http://127.0.0.1:9/v1' },
    );
    expect(r.stderr).not.toMatch(/unreachable|ECONNREFUSED/);
    expect(r.code).toBe(0);
    // Chunks counted with the model's own tokenizer, and the generic-model note.
    expect(r.stderr).toMatch(
      /tokens \(builtin:tiny-test-llama\), \d+ chunks of at most 256; model tiny-test-llama/,
    );
    expect(r.stderr).toMatch(/is not an RL-MemoryAgent model/);
  });

  it('prints JSON with every chunk read and the model named, with --no-save', async () => {
    const r = await runCli([
      'ask',
      doc,
      '-q',
      QUESTION,
      '--model-file',
      path.relative(process.cwd(), model),
      ...SMALL,
      '--json',
      '--no-save',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as AskJson;
    expect(json.model).toBe('tiny-test-llama');
    expect(json.chunks.length).toBeGreaterThanOrEqual(2);
    expect(json.memories).toHaveLength(json.chunks.length);
    expect(json.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('says what is missing or wrong in one sentence', async () => {
    const none = await runCli(['ask', doc, '-q', QUESTION, '--backend', 'builtin', '--no-save']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--backend builtin needs --model-file PATH/);

    const notModel = await runCli(['ask', doc, '-q', QUESTION, '--model-file', doc, '--no-save']);
    expect(notModel.code).toBe(3);
    expect(notModel.stderr).toContain(`${doc} is not a GGUF model file.`);

    const threads = await runCli([
      'ask',
      doc,
      '-q',
      QUESTION,
      '--model-file',
      model,
      '--threads',
      '0',
    ]);
    expect(threads.code).toBe(2);
    expect(threads.stderr).toMatch(/--threads must be at least 1/);
  });
});
