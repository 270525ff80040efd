import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { needleDocument } from '../core/agent/test-support.ts';
import { runCliInProcess } from './cli.test-support.ts';
import { QUOTE_CHECK_CHUNKS } from '../../shared/quote-check.ts';
import type { DryRunJson } from './dry-run.ts';

const QUESTION = 'What is the secret launch code of the northern observatory?';
const SETTINGS = ['--chunk-tokens', '300', '--memory-tokens', '200', '--answer-tokens', '100'];

let sim: SimServer;
let dir: string;
let book: string;

/** A loopback URL where nothing listens: a dry run must not need the server. */
async function deadUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

const chats = () => sim.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

beforeAll(async () => {
  sim = await startSimLlm();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-dry-'));
  book = path.join(dir, 'book.txt');
  writeFileSync(book, needleDocument(40, 25));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('memagent ask --dry-run', () => {
  it('prints the estimate as JSON with no server listening', async () => {
    const base = await deadUrl();
    const r = await runCliInProcess(
      ['ask', book, '-q', QUESTION, ...SETTINGS, '--dry-run', '--json'],
      {
        MEMAGENT_BASE_URL: base,
      },
    );
    expect(r.stderr).not.toMatch(/unreachable|ECONNREFUSED/);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as DryRunJson;
    expect(Object.keys(json)).toEqual([
      'chunks',
      'promptTokens',
      'maxCompletionTokens',
      'cost',
      'seconds',
    ]);
    expect(json.seconds).toBeNull();
    expect(json.chunks).toBeGreaterThanOrEqual(5);
    // A server on this machine has the quote check on: up to 3 replies of 200 tokens more.
    expect(json.maxCompletionTokens).toBe(json.chunks * 200 + 100 + QUOTE_CHECK_CHUNKS * 200);
    expect(json.cost).toBeNull();

    const off = await runCliInProcess(
      ['ask', book, '-q', QUESTION, ...SETTINGS, '--dry-run', '--json', '--quote-check', 'off'],
      { MEMAGENT_BASE_URL: base },
    );
    const without = JSON.parse(off.stdout) as DryRunJson;
    expect(without.maxCompletionTokens).toBe(json.chunks * 200 + 100);
    expect(without.promptTokens).toBeLessThan(json.promptTokens);
  });

  it('sends no request to a listening server, and bounds the run that follows', async () => {
    const env = { MEMAGENT_BASE_URL: sim.baseUrl };
    const flags = ['ask', book, '-q', QUESTION, ...SETTINGS, '--tokenizer', 'qwen'];
    const before = sim.requests.length;
    const dry = await runCliInProcess(
      [...flags, '--dry-run', '--json', '--input-price', '2', '--output-price', '8'],
      env,
    );
    expect(dry.code).toBe(0);
    expect(sim.requests.length).toBe(before);
    const estimate = JSON.parse(dry.stdout) as DryRunJson;
    expect(estimate.cost?.max).toBeCloseTo(
      (estimate.promptTokens * 2 + estimate.maxCompletionTokens * 8) / 1e6,
    );
    expect(estimate.cost?.min).toBeLessThan(estimate.cost?.max ?? 0);

    const chatsBefore = chats();
    const run = await runCliInProcess([...flags, '--json'], env);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      usage: { prompt_tokens?: number; promptTokens?: number };
      quote_check: { asked: number } | null;
    };
    // The chunk requests, the final one, and the quote check's (on for a loopback server).
    const asked = result.quote_check?.asked ?? 0;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(chats() - chatsBefore).toBe(estimate.chunks + 1 + asked);
    const prompt = result.usage.prompt_tokens ?? result.usage.promptTokens ?? NaN;
    expect(prompt).toBeLessThanOrEqual(estimate.promptTokens);
  });

  it('says it in words, one block a question, and names what is missing for a cost', async () => {
    const r = await runCliInProcess(
      ['ask', book, '-q', QUESTION, '-q', 'Who built it?', ...SETTINGS, '--dry-run'],
      { MEMAGENT_BASE_URL: await deadUrl() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Q1: \d+ chunks of at most 300 tokens \(qwen2\.5\), plus the final request, and up to 3 quote-check requests$/m,
    );
    expect(r.stdout).toContain('Q2: ');
    expect(r.stdout).toMatch(/prompt tokens: at most [\d,]+ \(template, question and chunks exact/);
    expect(r.stdout).toMatch(
      /^ {2}cost: no prices given \(--input-price and --output-price, per million tokens, give a range\)$/m,
    );
    expect(r.stdout).toContain('Dry run: nothing was sent to the model.');
    // Priced: the range in the app's and the review plan's words (shared/estimate-cost.ts).
    const priced = await runCliInProcess(
      [
        'ask',
        book,
        '-q',
        QUESTION,
        ...SETTINGS,
        '--dry-run',
        '--input-price',
        '2',
        '--output-price',
        '8',
      ],
      { MEMAGENT_BASE_URL: await deadUrl() },
    );
    expect(priced.code, priced.stderr).toBe(0);
    expect(priced.stdout).toMatch(
      /^ {2}cost: \$\d+\.\d{2,4} to \$\d+\.\d{2,4} \(the most if every memory fills its budget\)$/m,
    );
  });

  it('gives the app’s time range once a run on the backend finished, and says why not before', async () => {
    // Its own server and library: requests that take a few milliseconds, a speed to measure.
    const timed = await startSimLlm({
      latency: {
        prefillTokensPerSec: 200_000,
        decodeTokensPerSec: 20_000,
        aggregateDecodeTokensPerSec: 200_000,
        maxBatch: 8,
        overheadMs: 1,
      },
    });
    try {
      const env = { MEMAGENT_BASE_URL: timed.baseUrl };
      const db = path.join(dir, 'timed.db');
      const flags = ['ask', book, '-q', QUESTION, ...SETTINGS, '--tokenizer', 'qwen', '--db', db];
      const before = await runCliInProcess([...flags, '--dry-run'], env);
      expect(before.code).toBe(0);
      expect(before.stdout).toContain('  time: unknown until the backend has answered once\n');

      expect((await runCliInProcess(flags, env)).code).toBe(0);
      const json = JSON.parse(
        (await runCliInProcess([...flags, '--dry-run', '--json'], env)).stdout,
      ) as DryRunJson;
      expect(json.seconds?.min).toBeGreaterThan(0);
      expect((json.seconds?.max ?? Infinity) / (json.seconds?.min ?? 0)).toBeLessThanOrEqual(2);
      const words = await runCliInProcess([...flags, '--dry-run'], env);
      expect(words.stdout).toMatch(/\n {2}time: (about )?\d+ s( to \d+ s)?\n/);
    } finally {
      await timed.close();
    }
  });

  it('refuses a negative price', async () => {
    const r = await runCliInProcess(['ask', book, '-q', 'x', '--dry-run', '--input-price=-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--input-price must be 0 or more');
  });
});
