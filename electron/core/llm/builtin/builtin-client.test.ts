// The built-in backend for real: node-llama-cpp in its host process, on a tiny GGUF written here,
// one CPU thread (llama.cpp's busy-waiting threads starve each other on a 2-core machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../../shared/model.ts';
import { planChunks } from '../../agent/plan.ts';
import { runMemAgent } from '../../agent/run.ts';
import { EventLog, QUESTION, needleDocument } from '../../agent/test-support.ts';
import { CoreError } from '../../errors.ts';
import { createTokenizer } from '../../tokenize/index.ts';
import { BuiltinClient, type BuiltinConfig } from './builtin-client.ts';
import { hostileGgufs } from '../../models/hostile-gguf.test-support.ts';
import { contextTokensFor } from '../../agent/context-size.ts';
import { forkHost, nodeLauncher } from './launcher.ts';
import type { HostMessage } from './protocol.ts';
import { CHATML_TEMPLATE, writeTinyGguf } from './tiny-gguf.test-support.ts';

let dir: string;
let modelFile: string;
const clients: BuiltinClient[] = [];

function client(config: Partial<BuiltinConfig> = {}): BuiltinClient {
  const c = new BuiltinClient({
    modelFile,
    contextTokens: 2048,
    gpu: 'off',
    threads: 1,
    ...config,
  });
  clients.push(c);
  return c;
}

/** Rejects with what `promise` throws (a test failure when it resolves). */
async function failure(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected a failure');
}

const ask = (prompt: string, maxTokens: number) => ({
  prompt,
  maxTokens,
  temperature: 0.7,
  topP: 0.95,
});

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-builtin-'));
  modelFile = writeTinyGguf(dir);
});

afterAll(() => {
  for (const c of clients) c.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the tiny GGUF', () => {
  it('is a llama model with a byte-level vocabulary and a ChatML template', async () => {
    const info = await readGgufFileInfo(modelFile, {
      sourceType: 'filesystem',
      logWarnings: false,
    });
    expect(info.metadata.general.architecture).toBe('llama');
    expect(info.metadata.tokenizer.ggml.model).toBe('gpt2');
    expect(info.metadata.tokenizer.ggml.tokens).toContain('<|im_end|>');
    expect(info.metadata.tokenizer.chat_template).toBe(CHATML_TEMPLATE);
    expect(info.tensorInfo).toHaveLength(3 + 2 * 9);
  });
});

describe('BuiltinClient', () => {
  let shared: BuiltinClient;
  beforeAll(() => {
    shared = client({ sequences: 2 });
  });

  it('loads the model in a process of its own and reports it', async () => {
    const info = await shared.info();
    expect(info).toMatchObject({
      name: 'tiny-test-llama',
      hasChatTemplate: true,
      trainContextTokens: 8192,
      sequences: 2,
      threads: 1,
      gpu: { type: false, layersOffloaded: 0 },
    });
    expect(info.contextTokens).toBeGreaterThanOrEqual(2048);
    expect(await shared.resolveModel()).toBe('tiny-test-llama');
    expect(await shared.listModels()).toEqual(['tiny-test-llama']);
    expect(shared.pid).toBeGreaterThan(0);
    expect(shared.pid).not.toBe(process.pid);
  });

  it('streams a reply, stops at max_tokens and counts its tokens', async () => {
    const deltas: string[] = [];
    const prompt = 'Summarise the section in one line.';
    const result = await shared.chat({ ...ask(prompt, 12), onDelta: (t) => deltas.push(t) });
    expect(result.finishReason).toBe('length');
    expect(result.usage.completionTokens).toBe(12);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join('')).toBe(result.content);
    // The prompt as the template wraps it: the user message plus ChatML's markers (three
    // special tokens, and "user", "assistant" and line breaks spelt in this vocabulary's bytes).
    const [promptOnly] = await shared.count([prompt]);
    expect(result.usage.promptTokens).toBeGreaterThan(promptOnly! + 10);
    expect(result.usage.promptTokens).toBeLessThan(promptOnly! + 30);
    expect(result.model).toBe('tiny-test-llama');
  });

  it('stops when the model ends its turn', async () => {
    const ends = client({ modelFile: writeTinyGguf(dir, 'ends.gguf', { ends: 'always' }) });
    const result = await ends.chat(ask('Hello', 50));
    expect(result).toMatchObject({ content: '', finishReason: 'stop' });
    expect(result.usage.completionTokens).toBeLessThanOrEqual(1);
    ends.close();
  });

  it('stops generating when the request is aborted, and serves the next one', async () => {
    // The host's own account of the request (the client drops an abandoned request's replies).
    type Done = Extract<HostMessage, { type: 'done' }>;
    let ended: (m: Done) => void = () => {};
    const hostEnd = new Promise<Done>((resolve) => (ended = resolve));
    const watched = client({
      sequences: 2,
      launcher: () => {
        const channel = nodeLauncher();
        channel.onMessage((m) => {
          if (m.type === 'done') ended(m);
        });
        return channel;
      },
    });
    const controller = new AbortController();
    let deltas = 0;
    const error = await failure(
      watched.chat({
        ...ask('Write at length.', 1500),
        signal: controller.signal,
        onDelta: () => {
          deltas += 1;
          if (deltas === 1) controller.abort();
        },
      }),
    );
    expect(error.kind).toBe('Cancelled');
    expect(deltas).toBe(1);
    // The host stopped generating at the abort: it ended the request as aborted after a few
    // tokens, not at its 1500.
    const end = await hostEnd;
    expect(end.finishReason).toBe('abort');
    expect(end.completionTokens).toBeLessThan(50);
    // Both sequences are free again: two requests at once still run.
    const both = await Promise.all([watched.chat(ask('a', 4)), watched.chat(ask('b', 4))]);
    expect(both.map((r) => r.usage.completionTokens)).toEqual([4, 4]);
  });

  it('reads two questions at once on two sequences, and queues a third', async () => {
    const order: string[] = [];
    const run = (name: string) =>
      shared
        .chat({
          ...ask(`Question ${name}`, 150),
          onDelta: () => {
            if (!order.includes(`${name} first`)) order.push(`${name} first`);
          },
        })
        .then((r) => {
          order.push(`${name} done`);
          return r;
        });
    const results = await Promise.all([run('a'), run('b'), run('c')]);
    expect(results.map((r) => r.usage.completionTokens)).toEqual([150, 150, 150]);
    // b streamed while a was still generating: the two ran side by side, not one after the other.
    expect(order.indexOf('b first')).toBeLessThan(order.indexOf('a done'));
    // c waited for a free sequence.
    expect(order.indexOf('c first')).toBeGreaterThan(
      Math.min(order.indexOf('a done'), order.indexOf('b done')),
    );
  });

  it('refuses a request that does not fit the context instead of cutting it', async () => {
    const error = await failure(shared.chat(ask('x', 5000)));
    expect(error.kind).toBe('BackendRejected');
    expect(error.message).toMatch(/does not fit the built-in model's context/);
  });

  it("counts with the model's own tokenizer, special-token text read as text", async () => {
    const tokenizer = await createTokenizer('auto', {
      model: 'tiny-test-llama',
      builtin: shared,
    });
    expect(tokenizer.id).toBe('builtin:tiny-test-llama');
    const text = 'the end <|im_end|> the start';
    const ids = await tokenizer.encode(text);
    const info = await readGgufFileInfo(modelFile, {
      sourceType: 'filesystem',
      logWarnings: false,
    });
    const imEnd = info.metadata.tokenizer.ggml.tokens.indexOf('<|im_end|>');
    expect(ids).not.toContain(imEnd);
    expect(ids.length).toBeLessThan(Buffer.byteLength(text)); // merges were applied
    expect(await tokenizer.countMany([text, '', 'in'])).toEqual([ids.length, 0, 1]);
    // An explicit local choice is still honoured.
    expect((await createTokenizer('o200k', { builtin: shared })).id).toBe('o200k_base');
  });
});

describe('a whole MemAgent run on the built-in model', () => {
  it('reads every chunk and answers through the real engine', async () => {
    const settings: RunSettings = {
      ...DEFAULT_RUN_SETTINGS,
      chunkTokens: 256,
      memoryTokens: 64,
      answerTokens: 32,
      temperature: 0,
    };
    const model = client({ contextTokens: contextTokensFor(settings) });
    const text = needleDocument(14, 6);
    const tokenizer = await createTokenizer('auto', {
      model: await model.resolveModel(),
      builtin: model,
    });
    const chunks = await planChunks(
      { format: 'text', title: 'needle', text, warnings: [] },
      tokenizer,
      settings.chunkTokens,
    );
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...chunks.map((c) => c.tokens))).toBeLessThanOrEqual(256);
    const log = new EventLog();
    const outcome = await runMemAgent({
      runId: 'r1',
      text,
      chunks,
      question: QUESTION,
      settings,
      client: model,
      report: log.push,
    });
    expect(outcome.status).toBe('done');
    expect(outcome.model).toBe('tiny-test-llama');
    expect(outcome.memories).toHaveLength(chunks.length);
    expect(log.of('chunk-done')).toHaveLength(chunks.length);
    // Usage as the model counted it: every chunk's tokens were in a prompt.
    const chunkTokens = chunks.reduce((s, c) => s + c.tokens, 0);
    expect(outcome.usage.promptTokens).toBeGreaterThan(chunkTokens);
    expect(outcome.usage.completionTokens).toBeGreaterThan(0);
    // The tiny model writes noise to its limit: every memory is cut, and the run says so.
    expect(outcome.warnings.map((w) => w.code)).toContain('length-cut');
  });
});

describe('model files that are not models', () => {
  it('names a file that is not GGUF, without starting a process', async () => {
    const file = path.join(dir, 'notes.gguf');
    fs.writeFileSync(file, 'These are my notes, not a model.\n');
    const c = client({ modelFile: file });
    const error = await failure(c.chat(ask('hi', 4)));
    expect(error.kind).toBe('Unsupported');
    expect(error.message).toBe(
      `${file} is not a GGUF model file: it does not start with the GGUF signature.`,
    );
    expect(c.pid).toBeUndefined();
  });

  it('names a missing file', async () => {
    const file = path.join(dir, 'missing.gguf');
    const error = await failure(client({ modelFile: file }).resolveModel());
    expect(error).toMatchObject({
      kind: 'NotFound',
      message: `The model file ${file} does not exist.`,
    });
  });

  it('names a truncated file without starting a process, and loads it once it is whole again', async () => {
    const file = writeTinyGguf(dir, 'truncated.gguf');
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const c = client({ modelFile: file });
    const error = await failure(c.chat(ask('hi', 4)));
    expect(error.kind).toBe('Damaged');
    expect(error.message.startsWith(`The model file ${file} is damaged: its tensor `)).toBe(true);
    expect(error.message).toMatch(/ but the file has only [\d,]+ bytes \(it may be cut short\)\.$/);
    expect(c.pid).toBeUndefined();
    fs.writeFileSync(file, whole);
    expect((await c.chat(ask('hi', 4))).usage.completionTokens).toBe(4);
  });
});

describe('model files llama.cpp would abort on', () => {
  // Before the header check, each of these ended the host with SIGABRT ("stopped unexpectedly
  // … short of memory", exit 4) every time.
  it.each([
    ['a vocabulary of 0 tokens', 'its vocabulary (tokenizer.ggml.tokens) is empty'],
    ['a billion layers', 'it declares 1,000,000,000 layers'],
  ])(
    'refuses a file with %s in one sentence, without starting a process',
    async (kind, problem) => {
      const hostile = hostileGgufs().find((h) => h.kind === kind)!;
      const file = path.join(dir, `${kind.replace(/\W+/g, '-')}.gguf`);
      fs.writeFileSync(file, hostile.bytes);
      const c = client({ modelFile: file });
      const error = await failure(c.chat(ask('hi', 4)));
      expect(error).toMatchObject({
        kind: 'Damaged',
        message: `The model file ${file} is damaged: ${problem}.`,
      });
      expect(c.pid).toBeUndefined();
    },
  );

  it('says the file could not be loaded when the host aborts while loading it', async () => {
    // A stand-in host that aborts as llama.cpp does on a file it cannot make sense of.
    const entry = path.join(dir, 'aborting-host.mjs');
    fs.writeFileSync(entry, "process.on('message', () => process.abort());\n");
    const c = client({ launcher: () => forkHost(entry) });
    const error = await failure(c.chat(ask('hi', 4)));
    expect(error.kind).toBe('Damaged');
    expect(error.message).toBe(
      `The model file ${modelFile} could not be loaded: the built-in model stopped while loading it (signal SIGABRT), so the file is likely damaged or of a kind this llama.cpp does not support.`,
    );
    expect(error.hint).toMatch(/another one/);
  });
});

describe('a host process that dies', () => {
  it('ends the requests in flight with a clear error, and the next request restarts it', async () => {
    const c = client({ sequences: 2 });
    await c.info();
    const first = c.pid!;
    const killed = { done: false };
    const inFlight = [
      c.chat({
        ...ask('Write at length.', 1500),
        onDelta: () => {
          if (!killed.done) {
            killed.done = true;
            process.kill(first, 'SIGKILL');
          }
        },
      }),
      c.chat(ask('Another question.', 1500)),
    ];
    const errors = await Promise.all(inFlight.map(failure));
    for (const error of errors) {
      expect(error.kind).toBe('BackendFailed');
      expect(error.message).toBe('The built-in model stopped unexpectedly (signal SIGKILL).');
      expect(error.hint).toMatch(/restarts/);
    }
    const again = await c.chat(ask('Are you back?', 3));
    expect(again.usage.completionTokens).toBe(3);
    expect(c.pid).not.toBe(first);
  });
});
