import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { parseModelReference } from './model-ref.ts';
import {
  fakeGguf,
  sha256,
  startModelServer,
  type ModelServer,
} from './model-server.test-support.ts';
import { openModelStore } from './model-store.ts';
import { resolveModel } from './resolve.ts';

let server: ModelServer;
let dir: string;
let modelsDir: string;

beforeEach(async () => {
  server = await startModelServer();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-models-'));
  modelsDir = path.join(dir, 'data', 'models');
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function failure(p: Promise<unknown>): Promise<CoreError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const options = () => ({
  modelsDir,
  cwd: dir,
  hf: { endpoint: server.url },
  downloader: { retryDelayMs: 0 },
});

describe('resolveModel', () => {
  it('downloads an hf: URI once, records it, and finds it on disk the next time without the network', async () => {
    const body = fakeGguf(500_000);
    server.files.set('/owner/repo/sub/Tiny-Q8_0.gguf', { body });
    const first = await resolveModel('hf:owner/repo/sub/Tiny-Q8_0.gguf', options());
    expect(first).toMatchObject({ path: path.join(modelsDir, 'Tiny-Q8_0.gguf'), downloaded: true });
    expect(first.record).toMatchObject({
      id: 'tiny-q8_0',
      sha256: sha256(body),
      sha256Verified: true,
      source: { kind: 'hf', uri: 'hf:owner/repo/sub/Tiny-Q8_0.gguf' },
    });
    const requests = server.requests.length;
    const again = await resolveModel('hf:owner/repo/sub/Tiny-Q8_0.gguf', options());
    expect(again.downloaded).toBe(false);
    expect(server.requests.length).toBe(requests);
    const listed = await openModelStore(modelsDir).list();
    expect(listed.map((m) => [m.id, m.bytes, m.missing])).toEqual([['tiny-q8_0', 500_000, false]]);
  });

  it('resolves hf:owner/repo:quant through the repo listing and verifies against its LFS checksum', async () => {
    server.files.set('/owner/repo/Model-Q4_K_M.gguf', { body: fakeGguf(300_000, 1) });
    server.files.set('/owner/repo/Model-Q8_0.gguf', { body: fakeGguf(300_000, 2) });
    const got = await resolveModel('hf:owner/repo:q4_k_m', options());
    expect(path.basename(got.path)).toBe('Model-Q4_K_M.gguf');
    expect(got.record?.sha256Verified).toBe(true);
    const none = await failure(resolveModel('hf:owner/repo:Q5_K_M', options()));
    expect(none.message).toBe('owner/repo has no single-file Q5_K_M GGUF.');
  });

  it('with download: false, names the pull command for a model not on disk', async () => {
    const error = await failure(
      resolveModel('qwen2.5-1.5b-instruct-q4_k_m', { ...options(), download: false }),
    );
    expect(error.kind).toBe('NotFound');
    expect(error.hint).toBe('Download it with `memagent pull qwen2.5-1.5b-instruct-q4_k_m`.');
    expect(server.requests).toEqual([]);
  });

  it('takes a path to a GGUF file as it is, and refuses another file in one sentence', async () => {
    const file = path.join(dir, 'mine.gguf');
    writeFileSync(file, fakeGguf(1000));
    expect(await resolveModel('mine.gguf', options())).toEqual({ path: file, downloaded: false });
    writeFileSync(path.join(dir, 'model.safetensors.gguf'), '{"not": "gguf"}');
    const error = await failure(resolveModel('model.safetensors.gguf', options()));
    expect(error.kind).toBe('Unsupported');
    expect(error.message).toBe(
      'model.safetensors.gguf is not a GGUF model file: it does not start with the GGUF signature.',
    );
  });
});

describe('the model store', () => {
  it('adds a file by reference (not copied), and removing it forgets it but leaves the file', async () => {
    const file = path.join(dir, 'Elsewhere.gguf');
    const body = fakeGguf(2000);
    writeFileSync(file, body);
    const store = openModelStore(modelsDir);
    const record = await store.add(file);
    expect(record).toMatchObject({
      id: 'elsewhere',
      file,
      bytes: 2000,
      sha256: sha256(body),
      source: { kind: 'file' },
    });
    expect(existsSync(path.join(modelsDir, 'Elsewhere.gguf'))).toBe(false);
    expect(
      JSON.parse(readFileSync(path.join(modelsDir, 'models.json'), 'utf8')).models,
    ).toHaveLength(1);
    const removed = await store.remove('Elsewhere');
    expect(removed.deletedFile).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(await store.list()).toEqual([]);
  });

  it('removes a downloaded model with its file, and lists a GGUF file found without a record', async () => {
    server.files.set('/owner/repo/A.gguf', { body: fakeGguf(1000) });
    const got = await resolveModel('hf:owner/repo/A.gguf', options());
    writeFileSync(path.join(modelsDir, 'Copied-In.gguf'), fakeGguf(1500));
    const store = openModelStore(modelsDir);
    expect((await store.list()).map((m) => [m.id, m.source.kind])).toEqual([
      ['a', 'hf'],
      ['copied-in', 'found'],
    ]);
    const removed = await store.remove('a');
    expect(removed.deletedFile).toBe(true);
    expect(existsSync(got.path)).toBe(false);
    const unknown = await failure(store.remove('nothing'));
    expect(unknown.message).toBe('There is no model "nothing" on this computer.');
  });

  it('refuses a damaged index in one sentence', async () => {
    mkdirSync(modelsDir, { recursive: true });
    writeFileSync(path.join(modelsDir, 'models.json'), '{"version": 1, "models": [{"id": 3}]}');
    const error = await failure(openModelStore(modelsDir).list());
    expect(error.kind).toBe('Damaged');
    expect(error.hint).toMatch(/^Delete it: downloaded models stay/);
  });
});

describe('model references', () => {
  it('reads catalogue ids, hf: URIs, URLs and paths, and explains bad ones', () => {
    expect(parseModelReference('Qwen2.5-7B-Instruct-Q4_K_M', '/x')).toMatchObject({
      kind: 'catalogue',
      hf: { owner: 'bartowski', file: 'Qwen2.5-7B-Instruct-Q4_K_M.gguf' },
    });
    expect(parseModelReference('hf:o/r/f.gguf#v1.0', '/x')).toMatchObject({
      kind: 'hf',
      hf: { owner: 'o', repo: 'r', file: 'f.gguf', revision: 'v1.0' },
    });
    expect(parseModelReference('https://huggingface.co/o/r/blob/main/f.gguf', '/x')).toEqual({
      kind: 'url',
      url: 'https://huggingface.co/o/r/resolve/main/f.gguf',
    });
    expect(parseModelReference('models/f.gguf', '/x')).toEqual({
      kind: 'file',
      path: path.resolve('/x', 'models/f.gguf'),
    });
    expect(() => parseModelReference('hf:o/r', '/x')).toThrow(
      '"hf:o/r" is not a Hugging Face model URI: it names a repository but neither a file nor a quantization.',
    );
    expect(() => parseModelReference('hf:o/r/f.bin', '/x')).toThrow(
      /the file does not end in \.gguf/,
    );
    expect(() => parseModelReference('hf:o/r/f-00001-of-00002.gguf', '/x')).toThrow(
      /one part of a model split into several files/,
    );
    expect(() => parseModelReference('llama3', '/x')).toThrow(
      '"llama3" is not a model in the catalogue, an hf: URI, a URL or a .gguf file.',
    );
  });
});
