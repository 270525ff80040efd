import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { TEMPLATE, TEMPLATE_FINAL_BOXED, TEMPLATE_QUOTE } from '../core/agent/templates.ts';
import { expectedPrompt, needleDocument } from '../core/agent/test-support.ts';
import { modelsDirIn } from '../core/models/index.ts';
import { appDataDir } from './app-data.ts';
import { repoRoot, runCli, runCliInProcess } from './cli.test-support.ts';

const KEY = 'sk-test-SECRET-5d41402abc4b2a76';
const QUESTION = 'What is the secret launch code of the northern observatory?';
/** What `ask` prints for QUESTION about book.txt: the answer and, under it, the sentence it rests on. */
const ANSWERED =
  'AMBER-4471\n  Source (quoted by the model, confirmed by the memory trail): “The secret launch code of the northern observatory is AMBER-4471.”\n';

let sim: SimServer;
let dir: string;

/** The command in this process: what it prints and its exit code. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCliInProcess(args, { MEMAGENT_BASE_URL: sim.baseUrl, ...env });
/** A real `memagent` process: for Ctrl-C and an end-to-end run. */
const spawned = (
  args: string[],
  env: Record<string, string> = {},
  onStderr?: (text: string, kill: (s: NodeJS.Signals) => void) => void,
) => runCli(args, { MEMAGENT_BASE_URL: sim.baseUrl, ...env }, onStderr);

beforeAll(async () => {
  sim = await startSimLlm();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-'));
  writeFileSync(path.join(dir, 'book.txt'), needleDocument(40, 25));
  writeFileSync(
    path.join(dir, 'book.md'),
    `# The Observatory\n\n## Weather\n\n${needleDocument(10, -1)}\n\n## Codes\n\n${needleDocument(10, 4)}\n`,
  );
  writeFileSync(
    path.join(dir, 'image.bin'),
    Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
      0xff, 0xfe,
    ]),
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.setOptions({ faults: [], latency: 'zero', apiKey: undefined });
});

const book = () => path.join(dir, 'book.txt');
const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('memagent ask', () => {
  it('prints the answer on stdout and progress on stderr (a real process)', async () => {
    const r = await spawned([
      'ask',
      book(),
      '--question',
      QUESTION,
      '--chunk-tokens',
      '300',
      '--tokenizer',
      'o200k',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(ANSWERED);
    expect(r.stderr).toMatch(/chunk \d+\/\d+ · .* tok\/s · .* elapsed · ETA/);
    // One line, once (the full warning is Settings' own).
    const notes = r.stderr.split('\n').filter((l) => l.includes('not an RL-MemoryAgent model'));
    expect(notes).toEqual([
      'note: “sim-llm/memagent-simulator” is not an RL-MemoryAgent model: expect lower accuracy on long documents.',
    ]);
  });

  it('never prints part of an answer as the answer when the final reply is cut (--answer-tokens)', async () => {
    // Every final budget from "cut inside the box" to "room to spare": the answer on stdout is
    // the whole needle or nothing, and a cut reply is marked on stdout, in JSON and on stderr.
    const seen = new Set<string>();
    for (const tokens of [16, 20, 24, 28, 32, 40, 1024]) {
      const r = await cli([
        'ask',
        book(),
        '-q',
        QUESTION,
        '--chunk-tokens',
        '400',
        '--tokenizer',
        'o200k',
        '--answer-tokens',
        String(tokens),
        '--json',
      ]);
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as {
        answer: string | null;
        answer_cut: boolean;
        evidence: { quote: string }[];
      };
      expect([null, 'AMBER-4471']).toContain(doc.answer);
      // An answer is traced to its passages, also when its reply was cut (the one rule: every
      // view labels them as those of a cut answer); no answer, no passage.
      if (doc.answer === null) expect(doc.evidence).toEqual([]);
      else expect(doc.evidence[0]?.quote).toContain('AMBER-4471');
      if (doc.answer_cut) expect(r.stderr).toMatch(/final reply was cut at \d+ tokens/);
      seen.add(`${doc.answer_cut}:${doc.answer}`);
    }
    // The budgets cover a cut without an answer and a full answer.
    expect(seen).toContain('true:null');
    expect(seen).toContain('false:AMBER-4471');
    const text = await cli([
      'ask',
      book(),
      '-q',
      QUESTION,
      '--chunk-tokens',
      '400',
      '--tokenizer',
      'o200k',
      '--answer-tokens',
      '16',
    ]);
    expect(text.stdout).toMatch(
      /^\(no complete answer: the final reply was cut at its token limit/,
    );
  });

  it('--json prints one document with the agreed shape, pages and sections', async () => {
    const from = sim.requests.length;
    const r = await cli([
      'ask',
      path.join(dir, 'book.md'),
      '-q',
      QUESTION,
      '--chunk-tokens',
      '256',
      '--json',
      '--temperature',
      '0',
    ]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc).sort()).toEqual(
      [
        'answer',
        'answer_cut',
        'chunks',
        'elapsed_ms',
        'evidence',
        'memories',
        'model',
        'ocr_pages',
        'question',
        'quote_check',
        'response',
        'runId',
        'usage',
        'warnings',
      ].sort(),
    );
    expect(doc.ocr_pages).toEqual([]);
    expect(doc.question).toBe(QUESTION);
    expect(doc.answer).toBe('AMBER-4471');
    expect(doc.answer_cut).toBe(false);
    expect(doc.response).toContain('\\boxed{AMBER-4471}');
    expect(doc.model).toBe('sim-llm/memagent-simulator');
    const chunks = doc.chunks as {
      index: number;
      start: number;
      end: number;
      tokens: number;
      pages: unknown;
      section: string | null;
    }[];
    expect(chunks.length).toBeGreaterThan(1);
    expect(
      chunks.every(
        (c, i) =>
          c.index === i && c.end > c.start && c.tokens > 0 && c.tokens <= 256 && 'pages' in c,
      ),
    ).toBe(true);
    expect(chunks[0]?.start).toBe(0);
    expect(chunks.map((c) => c.section)).toContain('Codes');
    expect((doc.memories as string[]).length).toBe(chunks.length);
    // The sentence the answer rests on, located in the file's text, in its Markdown section.
    const evidence = doc.evidence as Record<string, unknown>[];
    const mdText = readFileSync(path.join(dir, 'book.md'), 'utf8');
    expect(Object.keys(evidence[0] ?? {}).sort()).toEqual(
      ['by', 'chunk', 'end', 'page', 'pageLabel', 'quote', 'score', 'section', 'start'].sort(),
    );
    expect(evidence[0]).toMatchObject({
      page: null,
      pageLabel: null,
      section: 'The Observatory > Codes',
      quote: 'The secret launch code of the northern observatory is AMBER-4471.',
    });
    const top = evidence[0] as { chunk: number; start: number; end: number; score: number };
    expect(mdText.slice(top.start, top.end)).toBe(
      'The secret launch code of the northern observatory is AMBER-4471.',
    );
    expect(chunks[top.chunk]?.start).toBeLessThanOrEqual(top.start);
    expect(top.score).toBeGreaterThan(0);
    const usage = doc.usage as { prompt_tokens: number; completion_tokens: number };
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(typeof doc.elapsed_ms).toBe('number');
    expect(doc.warnings).toEqual([expect.objectContaining({ code: 'generic-model' })]);
    // Every prompt the server received is MemAgent's, over the file's text read exactly once.
    const text = readFileSync(path.join(dir, 'book.md'), 'utf8');
    const memories = doc.memories as string[];
    const prompts = sim.requests
      .slice(from)
      .map((q) => (q.body as { messages: { content: string }[] }).messages[0]?.content);
    // The chunks, the final call, and the quote check (on for a server on 127.0.0.1) about the
    // one chunk the memory trail cites.
    expect(prompts).toHaveLength(chunks.length + 2);
    expect(prompts.at(-1)).toBe(
      expectedPrompt(TEMPLATE_QUOTE, {
        prompt: QUESTION,
        answer: 'AMBER-4471',
        chunk: text.slice(chunks[top.chunk]?.start, chunks[top.chunk]?.end),
      }),
    );
    // The model's quote is the sentence alignment found: both point at it.
    expect(top).toMatchObject({ by: 'both' });
    expect(doc.quote_check).toEqual({ asked: 1, accepted: 1, rejected: 0, failed: 0 });
    chunks.forEach((c, k) => {
      const values: Record<string, string> = {
        prompt: QUESTION,
        memory: k === 0 ? 'No previous memory' : (memories[k - 1] as string),
        chunk: text.slice(c.start, c.end),
      };
      expect(prompts[k]).toBe(expectedPrompt(TEMPLATE, values));
    });
    expect(prompts[chunks.length]).toBe(
      expectedPrompt(TEMPLATE_FINAL_BOXED, { prompt: QUESTION, memory: memories.at(-1) as string }),
    );
    expect(chunks.at(-1)?.end).toBe(text.length);
  });

  it('--quote-check off sends no quote request, and the JSON says the check did not run', async () => {
    const from = sim.requests.length;
    const r = await cli(['ask', book(), '-q', QUESTION, '--json', '--quote-check', 'off']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { quote_check: unknown; evidence: { by: string }[] };
    expect(doc.quote_check).toBeNull();
    expect(doc.evidence[0]?.by).toBe('alignment');
    const prompts = sim.requests
      .slice(from)
      .map((q) => (q.body as { messages: { content: string }[] }).messages[0]?.content ?? '');
    expect(prompts.filter((p) => p.endsWith('Supporting sentences:\n'))).toEqual([]);
    expect(prompts.length).toBeGreaterThan(1);
  });

  it('several questions give an array, and --trace writes every event', async () => {
    const trace = path.join(dir, 'trace.jsonl');
    const r = await cli([
      'ask',
      book(),
      '-q',
      QUESTION,
      '-q',
      'When was the secret launch code of the observatory set?',
      '--chunk-tokens',
      '400',
      '--tokenizer',
      'o200k',
      '--json',
      '--trace',
      trace,
      '--final',
      'text',
    ]);
    expect(r.code).toBe(0);
    const docs = JSON.parse(r.stdout) as {
      answer: string | null;
      question: string;
      runId: string;
    }[];
    expect(docs).toHaveLength(2);
    expect(docs[0]?.answer).toBe('AMBER-4471');
    const events = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; runId: string });
    for (const runId of docs.map((d) => d.runId)) {
      const mine = events.filter((e) => e.runId === runId);
      expect(mine[0]?.type).toBe('started');
      expect(
        mine.filter((e) => ['finished', 'error', 'cancelled'].includes(e.type)).map((e) => e.type),
      ).toEqual(['finished']);
      expect(mine.some((e) => e.type === 'memory-delta')).toBe(true);
    }
  });

  it('--questions LIST adds a file’s questions after the -q ones; an empty list is bad usage', async () => {
    const list = path.join(dir, 'questions.txt');
    writeFileSync(list, '\nWhen was the secret launch code of the observatory set?\r\n\n');
    const r = await cli([
      'ask',
      book(),
      '-q',
      QUESTION,
      '--questions',
      list,
      '--chunk-tokens',
      '400',
      '--tokenizer',
      'o200k',
      '--json',
      '--no-save',
    ]);
    expect(r.code).toBe(0);
    const docs = JSON.parse(r.stdout) as { question: string }[];
    expect(docs.map((d) => d.question)).toEqual([
      QUESTION,
      'When was the secret launch code of the observatory set?',
    ]);
    writeFileSync(list, '\n\n');
    const empty = await cli(['ask', book(), '--questions', list, '--no-save']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^memagent: .*questions\.txt holds no question\.\nhint: /);
  });

  it('--questions - reads the list from standard input, after the -q ones', async () => {
    const r = await runCliInProcess(
      [
        'ask',
        book(),
        '-q',
        QUESTION,
        '--questions',
        '-',
        '--chunk-tokens',
        '400',
        '--tokenizer',
        'o200k',
        '--json',
        '--no-save',
      ],
      { MEMAGENT_BASE_URL: sim.baseUrl },
      { stdin: '\uFEFFWhen was the secret launch code of the observatory set?\n\n' },
    );
    expect(r.code, r.stderr).toBe(0);
    const docs = JSON.parse(r.stdout) as { question: string }[];
    expect(docs.map((d) => d.question)).toEqual([
      QUESTION,
      'When was the secret launch code of the observatory set?',
    ]);
  });

  it.skipIf(!existsSync('/dev/full'))(
    'a trace that cannot be written (full disk) warns once and still prints the answer',
    async () => {
      const r = await cli([
        'ask',
        book(),
        '-q',
        QUESTION,
        '--chunk-tokens',
        '400',
        '--tokenizer',
        'o200k',
        '--trace',
        '/dev/full',
      ]);
      expect(r.stdout).toBe(ANSWERED);
      expect(r.code).toBe(0);
      expect(r.stderr.match(/cannot write the trace file \/dev\/full/g)).toHaveLength(1);
      noStack(r.stderr);
    },
  );

  it('still prints the answer and exits 0 when the reader of stderr has gone away', async () => {
    const r = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          'electron/cli/main.ts',
          'ask',
          book(),
          '-q',
          QUESTION,
          '--chunk-tokens',
          '400',
          '--tokenizer',
          'o200k',
          // Never the user's own library (~/.config): what is tested is the closed stderr.
          '--no-save',
        ],
        {
          cwd: repoRoot,
          env: { ...process.env, MEMAGENT_BASE_URL: sim.baseUrl },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      // Like `2> >(head -c 10)`: the progress reader closes its end of the pipe at once.
      child.stderr.destroy();
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(r.stdout).toBe(ANSWERED);
    expect(r.code).toBe(0);
  });

  it('never prints the API key, also when the server rejects it', async () => {
    sim.setOptions({ apiKey: KEY });
    const ok = await cli(
      [
        'ask',
        book(),
        '-q',
        QUESTION,
        '--tokenizer',
        'o200k',
        '--chunk-tokens',
        '2000',
        '--json',
        '--debug',
      ],
      { MEMAGENT_API_KEY: KEY },
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout + ok.stderr).not.toContain(KEY);
    const wrong = `${KEY}-wrong`;
    const bad = await cli([
      'ask',
      book(),
      '-q',
      QUESTION,
      '--tokenizer',
      'o200k',
      '--api-key',
      wrong,
      '--debug',
    ]);
    expect(bad.code).toBe(4);
    expect(bad.stdout + bad.stderr).not.toContain(wrong);
    expect(bad.stdout + bad.stderr).not.toContain(KEY);
  });

  it('exit 2 for bad usage, with one sentence and a hint', async () => {
    // Every usage rule is unit-tested in args.test.ts; here, that the process exits 2 and says so.
    for (const args of [
      ['ask', book()],
      ['ask', book(), '-q', QUESTION, '--temperature', 'hot'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^memagent: .+\nhint: .*--help/);
      noStack(r.stderr);
    }
  });

  it('priced above the cost limit: refused with nobody to ask (exit 2), read with --yes', async () => {
    const db = path.join(dir, 'priced', 'memagent.db');
    const priced = (...more: string[]) =>
      cli([
        'ask',
        book(),
        '-q',
        QUESTION,
        '--input-price',
        '1000',
        '--output-price',
        '1000',
        '--db',
        db,
        ...more,
      ]);
    const from = sim.requests.length;
    const refused = await priced();
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /memagent: This question may cost up to \$[\d.]+, above the cost limit of \$1\.00, and there is no terminal to confirm it at\.\nhint: Pass --yes to start it anyway, or --cost-limit \d+ to raise the limit\.\n/,
    );
    noStack(refused.stderr);
    expect(sim.requests.length).toBe(from);
    // Nothing saved: the library's runs list is empty.
    const runs = await cli(['runs', '--json', '--db', db]);
    expect(JSON.parse(runs.stdout)).toEqual([]);
    // --yes reads it; so does a limit above its most.
    const yes = await priced('-y');
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toContain('AMBER-4471');
    const limit = await priced('--cost-limit', '100000');
    expect(limit.code, limit.stderr).toBe(0);
    // Without prices nothing is asked (an unpriced backend costs nothing to confirm).
    const unpriced = await cli(['ask', book(), '-q', QUESTION, '--cost-limit', '0', '--no-save']);
    expect(unpriced.code, unpriced.stderr).toBe(0);
  });

  it('exit 3 for a missing or unsupported file', async () => {
    const missing = await cli(['ask', path.join(dir, 'nope.pdf'), '-q', QUESTION]);
    expect(missing.code).toBe(3);
    expect(missing.stderr.split('\n')[0]).toMatch(/^memagent: /);
    noStack(missing.stderr);
    const image = await cli(['ask', path.join(dir, 'image.bin'), '-q', QUESTION]);
    expect(image.code).toBe(3);
    noStack(image.stderr);
  });

  it('exit 3 for a text file with nothing but blank lines, with a hint that fits a text file', async () => {
    const blank = path.join(dir, 'blank.txt');
    writeFileSync(blank, '   \n\n\t\n');
    const r = await cli(['ask', blank, '-q', QUESTION]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('contains no text to read');
    expect(r.stderr).not.toMatch(/PDF|OCR/);
  });

  it('a failed run prints its error on stderr and no answer on stdout', async () => {
    sim.setOptions({ faults: [{ kind: 'bad-request', next: 1 }] });
    const one = await cli(['ask', book(), '-q', QUESTION]);
    expect(one.code).toBe(4);
    expect(one.stdout).toBe('');
    expect(one.stderr).toMatch(
      /^memagent: The LLM server rejected the request \(HTTP 400\)\.\nhint: .*context/m,
    );

    // Several questions keep their Q/A blocks; only the failed one says where its error went.
    sim.setOptions({ faults: [{ kind: 'bad-request', next: 1 }] });
    const two = await cli(['ask', book(), '-q', QUESTION, '-q', QUESTION, '--concurrency', '1']);
    expect(two.code).toBe(4);
    expect(two.stdout).toBe(
      `Q1: ${QUESTION}\nA1: (no answer: see stderr)\n\nQ2: ${QUESTION}\nA2: ${ANSWERED}`,
    );
    expect(two.stderr).toMatch(
      /^memagent: Q1: The LLM server rejected the request \(HTTP 400\)\./m,
    );
    expect(two.stderr).not.toMatch(/^memagent: Q2/m);
    noStack(two.stderr);
  });

  it('--timeout and --retries reach the client, and a timeout names --timeout in its hint', async () => {
    sim.setOptions({ faults: [{ kind: 'stall' }] });
    const from = sim.requests.length;
    const r = await cli(['ask', book(), '-q', QUESTION, '--timeout', '1', '--retries', '0']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^memagent: The LLM server did not answer within 1 s\.\nhint: .*raise --timeout \(now 1 s\)\.$/m,
    );
    expect(sim.requests.length - from).toBe(1); // --retries 0: the timed-out request was not retried
  });

  it('exit 4 with a hint when the backend is unreachable', async () => {
    const dead = await startSimLlm();
    const baseUrl = dead.baseUrl;
    await dead.close();
    const r = await cli(['ask', book(), '-q', QUESTION], { MEMAGENT_BASE_URL: baseUrl });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    // Retry notes first, then the one-sentence error and its hint.
    expect(r.stderr).toMatch(/^memagent: Cannot reach .+\nhint: .*vllm serve/m);
    // No server is needed at all with the built-in model: the hint says how.
    expect(r.stderr).toMatch(/^hint: .*--base-url URL, .*--model-file PATH/m);
    noStack(r.stderr);
  });

  it('resume against a server that cannot be reached names --model-file in its hint, as ask does', async () => {
    // A run that failed on its first request (a stall, --retries 0) is one resume continues.
    sim.setOptions({ faults: [{ kind: 'stall' }] });
    const failed = await cli(['ask', book(), '-q', QUESTION, '--timeout', '1', '--retries', '0']);
    expect(failed.code).toBe(4);
    const listed = await cli(['runs', '--json', '--limit', '1']);
    const [run] = JSON.parse(listed.stdout) as { id: string; state: string }[];
    expect(run?.state).toBe('error');
    const dead = await startSimLlm();
    const baseUrl = dead.baseUrl;
    await dead.close();
    const r = await cli(['resume', run?.id ?? '', '--base-url', baseUrl, '--retries', '0']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^memagent: Cannot reach .+\nhint: .*--base-url URL, .*--model-file PATH/m,
    );
    noStack(r.stderr);
  });
});

describe('memagent models, extract, help', () => {
  it('models lists the server models', async () => {
    const r = await cli(['models']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('sim-llm/memagent-simulator\n');
    const json = await cli(['models', '--json', '--base-url', sim.baseUrl]);
    expect(JSON.parse(json.stdout)).toMatchObject({ models: ['sim-llm/memagent-simulator'] });
  });

  it('extract prints the text, or JSON with stats', async () => {
    const text = await cli(['extract', book()]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(`${readFileSync(book(), 'utf8')}\n`);
    const json = await cli(['extract', path.join(dir, 'book.md'), '--json']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as {
      format: string;
      text: string;
      sections: { title: string }[];
      stats: { chars: number; ms: number };
    };
    expect(doc.format).toBe('markdown');
    expect(doc.stats.chars).toBe(doc.text.length);
    expect(doc.sections.map((s) => s.title)).toEqual(['The Observatory', 'Weather', 'Codes']);
    const bad = await cli(['extract', path.join(dir, 'image.bin')]);
    expect(bad.code).toBe(3);
    expect(bad.stderr.split('\n').filter((l) => l.startsWith('memagent:'))).toHaveLength(1);
  });

  it('reads PDFs: pages in ask --json, passwords in extract', async () => {
    const contract = path.join(repoRoot, 'test-fixtures/contract.pdf');
    const r = await cli([
      'ask',
      contract,
      '-q',
      'What is the fee per month of this agreement?',
      '--json',
      '--tokenizer',
      'o200k',
    ]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      chunks: {
        pages: { first: number; last: number; firstLabel?: string } | null;
        section: string | null;
      }[];
      evidence: { quote: string; page: number | null; pageLabel: string | null }[];
    };
    expect(doc.chunks[0]?.pages).toMatchObject({ first: 1, last: 4, firstLabel: 'i' });
    expect(doc.evidence[0]).toMatchObject({
      quote: 'The fee is 4,200 euros per month, payable in advance.',
      // The third page, printed "1" after two front-matter pages (i, ii).
      page: 3,
      pageLabel: '1',
    });
    const locked = path.join(repoRoot, 'test-fixtures/encrypted-secret.pdf');
    const noPassword = await cli(['extract', locked]);
    expect(noPassword.code).toBe(3);
    expect(noPassword.stderr).toMatch(/^memagent: .*password/);
    // The command line's own hint names its flag, not the app's "Open it again" dialog.
    expect(noPassword.stderr).toMatch(/^hint: Pass the password with --password\.$/m);
    expect(noPassword.stderr).not.toContain('Open it again');
    const wrong = await cli(['extract', locked, '--password', 'nope']);
    expect(wrong.stderr).toMatch(/^hint: Check the password given with --password\.$/m);
    const opened = await cli(['extract', locked, '--password', 'secret']);
    expect(opened.code).toBe(0);
    expect(opened.stdout).toContain('Service Agreement');
  });

  it('--help prints usage', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('memagent ask FILE --question Q');
    const ask = await cli(['ask', '--help']);
    expect(ask.stdout).toContain('--chunk-tokens N');
  });

  it('--help names default paths in the home folder and environment of its own context', async () => {
    const home = path.join(tmpdir(), 'memagent-help-home');
    // No data folder named in the environment: the app's, found from the home folder.
    const none = { MEMAGENT_USER_DATA_DIR: '', XDG_CONFIG_HOME: '', APPDATA: '' };
    const dataDir = appDataDir({}, process.platform, home);
    const ask = await runCliInProcess(['ask', '--help'], none, { home });
    expect(ask.stdout).toContain(path.join(dataDir, 'memagent.db'));
    expect(ask.stdout).toContain(path.join(dataDir, 'ocr-languages'));
    const pull = await runCliInProcess(['pull', '--help'], none, { home });
    expect(pull.stdout).toContain(`(${modelsDirIn(dataDir)})`);
    // MEMAGENT_USER_DATA_DIR in the context (not in this process) wins, as it does for a run.
    const own = path.join(tmpdir(), 'memagent-help-data');
    const named = await runCliInProcess(
      ['export', '--help'],
      { MEMAGENT_USER_DATA_DIR: own },
      { home },
    );
    expect(named.stdout).toContain(path.join(own, 'memagent.db'));
    expect(named.stdout).not.toContain(home);
  });
});
