// `memagent ask --backend builtin`: the real CLI process, running the real node-llama-cpp in its
// host process on a tiny GGUF written here (one CPU thread, no server anywhere).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION, needleDocument } from '../core/agent/test-support.ts';
import { writeTinyGguf } from '../core/llm/builtin/tiny-gguf.test-support.ts';
import { hostileGgufs } from '../core/models/hostile-gguf.test-support.ts';
import { startModelServer } from '../core/models/model-server.test-support.ts';
import type { AskJson } from './ask-result.ts';
import { runCli, startCli, runCliInProcess } from './cli.test-support.ts';

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
  writeFileSync(path.join(dir, 'long.txt'), needleDocument(60, 30));
  model = writeTinyGguf(dir, 'tiny.gguf');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('memagent ask --backend builtin', () => {
  it('reads a document with the model file and no server', async () => {
    // A real process, end to end; the rest of the file runs the command in process.
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
    const r = await runCliInProcess([
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

  it('--dry-run times this computer on the model and gives the time on it before any run', async () => {
    // A library not made yet: nothing was run or measured before, and a dry run makes none.
    const db = path.join(dir, 'dry.db');
    const flags = ['ask', doc, '-q', QUESTION, '--model-file', model, ...SMALL, '--db', db];
    const r = await runCliInProcess([...flags, '--dry-run']);
    expect(existsSync(db)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n {2}time: (about )?\d+ s( to \d+ s)? on this computer, CPU only\n/);
    expect(r.stdout).toContain('  cost: free (the model runs on this computer)');
  });

  it('says what is missing or wrong in one sentence', async () => {
    const none = await runCliInProcess([
      'ask',
      doc,
      '-q',
      QUESTION,
      '--backend',
      'builtin',
      '--no-save',
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--backend builtin needs --model-file PATH/);

    const notModel = await runCliInProcess([
      'ask',
      doc,
      '-q',
      QUESTION,
      '--model-file',
      doc,
      '--no-save',
    ]);
    expect(notModel.code).toBe(3);
    expect(notModel.stderr).toContain(
      `${doc} is not a GGUF model file: it does not start with the GGUF signature.`,
    );

    const threads = await runCliInProcess([
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

  it('refuses a damaged model file as input (exit 3) before the model host could abort on it', async () => {
    // Before the header check: "stopped unexpectedly (signal SIGABRT) … short of memory", exit 4.
    const file = path.join(dir, 'deep.gguf');
    writeFileSync(file, hostileGgufs().find((h) => h.kind === 'a billion layers')!.bytes);
    const r = await runCliInProcess([
      'ask',
      doc,
      '-q',
      QUESTION,
      '--backend',
      'builtin',
      '--model-file',
      file,
      '--no-save',
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      new RegExp(
        `^memagent: The model file \\S+deep\\.gguf is damaged: it declares 1,000,000,000 layers\\.\nhint: Download or convert the model file again`,
      ),
    );
  });
});

describe('memagent ask --model-file hf:…', () => {
  it('downloads a model not on this computer first, with a progress line, then reads with it; the next ask uses the file', async () => {
    const server = await startModelServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-builtin-hf-'));
    try {
      server.files.set('/owner/tiny-GGUF/tiny.gguf', { body: readFileSync(model) });
      const env = { HF_ENDPOINT: server.url, MEMAGENT_USER_DATA_DIR: dataDir };
      const args = ['ask', doc, '-q', QUESTION, '--model-file', 'hf:owner/tiny-GGUF/tiny.gguf'];
      const first = await runCliInProcess([...args, ...SMALL, '--no-save'], env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/\[#{20}\] hf:owner\/tiny-GGUF\/tiny\.gguf · /);
      expect(first.stderr).toMatch(/model tiny-test-llama/);
      expect(existsSync(path.join(dataDir, 'models', 'tiny.gguf'))).toBe(true);
      const downloads = server.requests.length;

      const second = await runCliInProcess([...args, ...SMALL, '--no-save'], env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).not.toContain('hf:owner/tiny-GGUF/tiny.gguf · ');
      expect(server.requests.length).toBe(downloads);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a model that is neither a file, a catalogue id nor a URI in one sentence', async () => {
    const r = await runCliInProcess([
      'ask',
      doc,
      '-q',
      QUESTION,
      '--model-file',
      'qwen-best',
      '--no-save',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /"qwen-best" is not a model in the catalogue, an hf: URI, a URL or a \.gguf file\./,
    );
  });
});

describe('memagent eval --backend builtin', () => {
  it('evaluates rows on the model file, two at once, every row read to the end and scored', async () => {
    const data = path.join(dir, 'set.jsonl');
    const rows = [0, 1, 2].map((i) => ({
      _id: `b${i}`,
      input: QUESTION,
      context: needleDocument(6, i),
      answers: ['AMBER-4471'],
    }));
    writeFileSync(data, rows.map((r) => JSON.stringify(r)).join('\n'));
    const out = path.join(dir, 'builtin-results.jsonl');
    const r = await runCliInProcess([
      'eval',
      data,
      '--model-file',
      model,
      ...SMALL,
      '--concurrency',
      '2',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { n: number; scored: number; failed: number };
    expect(summary).toMatchObject({ n: 3, scored: 3, failed: 0 });
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.model)).toEqual([
      'tiny-test-llama',
      'tiny-test-llama',
      'tiny-test-llama',
    ]);
    expect(lines.every((l) => l.chunks >= 1 && l.usage.prompt_tokens > 0)).toBe(true);
    // Chunks counted with the model file's own tokenizer.
    expect(lines[0].settings.tokenizer).toMatch(/^builtin:/);
  });

  it('refuses the direct method and --base-url beside the model file, in one sentence', async () => {
    const direct = await runCliInProcess([
      'eval',
      doc,
      '--model-file',
      model,
      '--method',
      'direct',
    ]);
    expect(direct.code).toBe(2);
    expect(direct.stderr).toMatch(/--method direct puts a whole context in one request/);
    const both = await runCliInProcess([
      'eval',
      doc,
      '--model-file',
      model,
      '--base-url',
      'http://127.0.0.1:9/v1',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(
      /--base-url names servers; --backend builtin reads on this computer/,
    );
  });
});

describe('memagent resume of a run read with the built-in model', () => {
  it('needs the model file again, and continues with it from the saved memory', async () => {
    const db = path.join(dir, 'resume.db');
    const long = path.join(dir, 'long.txt');
    // One Ctrl-C once the second chunk is being read: the run pauses, keeping what was read (a
    // second would quit at once).
    let sent = false;
    const cli = startCli(
      ['ask', long, '-q', QUESTION, '--model-file', model, ...SMALL, '--db', db],
      {},
      (stderr, kill) => {
        if (sent || !/chunk [1-9]\d*\//.test(stderr)) return;
        sent = true;
        kill('SIGINT');
      },
    );
    const stopped = await cli.result;
    expect(stopped.code).toBe(130);
    const line = stopped.stderr.split('\n').find((l) => l.includes('To continue: '));
    expect(line).toMatch(
      /resume [\w-]+ --db \S+ --model-file \S+tiny\.gguf --gpu off --threads 1$/,
    );
    const args = (line ?? '').split('npm run memagent -- ')[1]?.split(' ') ?? [];
    const runId = args[1] ?? '';

    const without = await runCliInProcess(['resume', runId, '--db', db]);
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/was read with the built-in model/);

    const resumed = await runCliInProcess([...args, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/continuing run [\w-]+ .* model tiny-test-llama built in/);
    const json = JSON.parse(resumed.stdout) as AskJson & { runId: string };
    expect(json.runId).toBe(runId);
    expect(json.memories).toHaveLength(json.chunks.length);
  });
});
