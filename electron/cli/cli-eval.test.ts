// `memagent eval` end to end: the real CLI against the simulator.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { needleDocument, QUESTION } from '../core/agent/test-support.ts';
import type { RowResult } from '../core/eval/results-file.ts';
import { qwenTokenizer } from '../core/tokenize/index.ts';
import { runCliInProcess, startCli } from './cli.test-support.ts';

let sim: SimServer;
let dir: string;

/** Rows about the needle document: `right` rows whose gold is the needle, then `wrong` others. */
function dataset(name: string, right: number, wrong: number, paragraphs = 16): string {
  const rows = [];
  for (let i = 0; i < right + wrong; i += 1) {
    rows.push({
      _id: `r${i}`,
      input: QUESTION,
      context: needleDocument(paragraphs, i % paragraphs),
      answers: i < right ? ['AMBER-4471', 'amber 4471'] : ['VIOLET-1200'],
      num_docs: paragraphs,
    });
  }
  const file = path.join(dir, name);
  writeFileSync(
    file,
    name.endsWith('.jsonl') ? rows.map((r) => JSON.stringify(r)).join('\n') : JSON.stringify(rows),
  );
  return file;
}

const evalArgs = (file: string, ...more: string[]) => [
  'eval',
  file,
  '--tokenizer',
  'qwen',
  '--chunk-tokens',
  '256',
  ...more,
];
/** The command in this process. */
const cli = (args: string[]) => runCliInProcess(args, { MEMAGENT_BASE_URL: sim.baseUrl });
const results = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as RowResult);

beforeAll(async () => {
  sim = await startSimLlm();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-eval-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => sim.setOptions({ faults: [], latency: 'zero' }));

describe('memagent eval', () => {
  it('scores a small set: sub-EM, EM and F1 over every row, one result line per row', async () => {
    const data = dataset('small.json', 3, 1);
    const out = path.join(dir, 'small-results.jsonl');
    const r = await cli(evalArgs(data, '--json', '--out', out));
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      n: 4,
      scored: 4,
      failed: 0,
      em: 75,
      sub_em: 75,
      f1: 75,
    });
    const lines = results(out);
    expect(lines.map((l) => l.id).sort()).toEqual(['r0', 'r1', 'r2', 'r3']);
    const first = lines.find((l) => l.id === 'r0');
    expect(first).toMatchObject({
      prediction: 'AMBER-4471',
      answers: ['AMBER-4471', 'amber 4471'],
      em: 1,
      sub_em: 1,
      f1: 1,
      error: null,
      method: 'memagent',
      num_docs: 16,
    });
    expect(first?.response).toContain('Therefore, the answer is AMBER-4471');
    expect(first?.chunks).toBeGreaterThan(1);
    expect(first?.length).toBeGreaterThan(200);
    expect(first?.usage.prompt_tokens).toBeGreaterThan(0);
    // The recurrent evaluation's final prompt is the text one.
    const finals = sim.requests.filter((q) => q.raw.includes('Your answer:'));
    expect(finals.at(-1)?.raw).toContain('format your response as follows');
  });

  it("prints a table with one line per context length, grouped on Table 2's grid", async () => {
    const rows = [
      ...JSON.parse(readFileSync(dataset('short.json', 2, 0, 6), 'utf8')),
      ...JSON.parse(readFileSync(dataset('long.json', 1, 1, 60), 'utf8')).map(
        (row: { _id: string }) => ({ ...row, _id: `long-${row._id}` }),
      ),
    ];
    const file = path.join(dir, 'lengths.jsonl');
    writeFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n'));
    const r = await cli(evalArgs(file));
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^length\s+tokens\s+rows\s+scored\s+failed\s+sub-EM %\s+EM %\s+F1 %$/);
    // Named by the grid (Table 2's columns, doublings beyond: 7K / 32 and 7K / 4) and the
    // rows' median length, as the report names them.
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      '219 178',
      '1.75K 1.95K',
      'all -',
    ]);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(2, 6).join(' '))).toEqual([
      '2 2 0 100.00',
      '2 2 0 50.00',
      '4 4 0 75.00',
    ]);
    expect(r.stderr).toMatch(/eval \[#+\] 4\/4 rows · sub-EM 75\.0% · [\d,]+ tok\/s/);
  });

  it('counts a row whose requests failed as failed, 0 in every metric, apart from the scored rows; --retry-failed reruns only it', async () => {
    const data = dataset('failing.json', 3, 0);
    const out = path.join(dir, 'failing-results.jsonl');
    // One row at a time: the first chat request (row r0's first chunk) is refused, never retried.
    sim.setOptions({ faults: [{ kind: 'bad-request', next: 1 }] });
    const r = await cli(evalArgs(data, '--json', '--concurrency', '1', '--out', out));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      n: 3,
      scored: 2,
      failed: 1,
      em: 66.67,
      sub_em: 66.67,
      f1: 66.67,
    });
    expect(r.stderr).toMatch(/1 row failed after retries and scores 0: \S/);
    expect(r.stderr).toContain('--retry-failed');
    const failedRow = results(out).find((l) => l.error !== null);
    expect(failedRow).toMatchObject({ id: 'r0', prediction: null, em: 0, sub_em: 0, f1: 0 });

    sim.setOptions({ faults: [] });
    const before = sim.requests.length;
    const again = await cli(evalArgs(data, '--json', '--out', out, '--retry-failed'));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      n: 3,
      scored: 3,
      failed: 0,
      em: 100,
      sub_em: 100,
      f1: 100,
    });
    // Only r0 was read again: its chunks and one final request.
    const rerun = results(out).slice(3);
    expect(rerun.map((l) => l.id)).toEqual(['r0']);
    expect(sim.requests.length - before).toBe((rerun[0]?.chunks ?? 0) + 1);
  });

  it('resumes after SIGKILL with the same --out: rows done are not read again', async () => {
    const data = dataset('resume.jsonl', 6, 0);
    const out = path.join(dir, 'resume-results.jsonl');
    sim.setOptions({
      latency: {
        prefillTokensPerSec: 1e9,
        decodeTokensPerSec: 1e6,
        aggregateDecodeTokensPerSec: 1e9,
        maxBatch: 64,
        overheadMs: 40,
      },
    });
    const started = startCli(
      evalArgs(data, '--concurrency', '1', '--out', out),
      { MEMAGENT_BASE_URL: sim.baseUrl },
      (stderr, kill) => {
        if (/ 2\/6 rows/.test(stderr)) kill('SIGKILL');
      },
    );
    const killed = await started.result;
    expect(killed.signal).toBe('SIGKILL');
    const kept = results(out).map((l) => l.id);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThan(6);

    sim.setOptions({ latency: 'zero' });
    const r = await cli(evalArgs(data, '--json', '--out', out));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${kept.length} rows done before`);
    expect(JSON.parse(r.stdout)).toMatchObject({ n: 6, scored: 6, failed: 0, sub_em: 100 });
    const ids = results(out).map((l) => l.id);
    expect(ids.slice(0, kept.length)).toEqual(kept);
    expect([...ids].sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('stops on Ctrl-C with every ended row kept, and says how to continue', async () => {
    const data = dataset('interrupt.json', 6, 0);
    const out = path.join(dir, 'interrupt-results.jsonl');
    sim.setOptions({
      latency: {
        prefillTokensPerSec: 1e9,
        decodeTokensPerSec: 1e6,
        aggregateDecodeTokensPerSec: 1e9,
        maxBatch: 64,
        overheadMs: 40,
      },
    });
    // One Ctrl-C only: a second one quits at once.
    let sent = false;
    const started = startCli(
      evalArgs(data, '--concurrency', '2', '--out', out),
      { MEMAGENT_BASE_URL: sim.baseUrl },
      (stderr, kill) => {
        if (sent || !/ 1\/6 rows/.test(stderr)) return;
        sent = true;
        kill('SIGINT');
      },
    );
    const r = await started.result;
    expect(r.code).toBe(130);
    const kept = results(out);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(6);
    expect(kept.every((l) => l.error === null)).toBe(true);
    expect(r.stderr).toContain(
      `interrupted; ${kept.length} ${kept.length === 1 ? 'row' : 'rows'} kept in ${out}: run the same command to continue.`,
    );
    expect(r.stdout).toBe('');
  });

  it('spreads rows over several servers, each to the one with the fewest requests in flight', async () => {
    const other = await startSimLlm();
    try {
      const slow = {
        prefillTokensPerSec: 1e9,
        decodeTokensPerSec: 1e6,
        aggregateDecodeTokensPerSec: 1e9,
        maxBatch: 64,
        overheadMs: 30,
      };
      sim.setOptions({ latency: slow });
      other.setOptions({ latency: slow });
      const data = dataset('two.json', 8, 0);
      const out = path.join(dir, 'two-results.jsonl');
      const before = sim.requests.length;
      const r = await runCliInProcess(
        evalArgs(
          data,
          '--json',
          '--concurrency',
          '4',
          '--out',
          out,
          '--base-url',
          sim.baseUrl,
          '--base-url',
          other.baseUrl,
        ),
      );
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ n: 8, scored: 8, failed: 0, sub_em: 100 });
      // The first four rows alternate (ties go round in turn); after that each freed slot
      // goes to the server with fewer rows in flight, so neither ever holds more than two.
      const servers = results(out).map((l) => l.server);
      const onSim = servers.filter((s) => s === sim.baseUrl).length;
      const onOther = servers.filter((s) => s === other.baseUrl).length;
      expect(onSim + onOther).toBe(8);
      expect(onSim).toBeGreaterThanOrEqual(2);
      expect(onOther).toBeGreaterThanOrEqual(2);
      expect(sim.requests.length - before).toBeGreaterThan(0);
      expect(other.peakRunning).toBeLessThanOrEqual(2);
    } finally {
      await other.close();
    }
  });

  it("--method direct sends upstream's prompt, cut to its head and tail within --max-context", async () => {
    const data = dataset('direct.json', 1, 0, 80);
    const before = sim.requests.length;
    const out = path.join(dir, 'direct-results.jsonl');
    const r = await cli(
      evalArgs(data, '--json', '--method', 'direct', '--max-context', '300', '--out', out),
    );
    expect(r.code).toBe(0);
    // The simulator does not answer direct prompts: the row is scored, with no answer.
    expect(JSON.parse(r.stdout)).toEqual({ n: 1, scored: 1, failed: 0, em: 0, sub_em: 0, f1: 0 });
    expect(results(out)[0]?.warnings).toEqual([
      { kind: 'prompt-cut', count: 1 },
      { kind: 'no-answer', count: 1 },
    ]);
    expect(results(out)[0]?.settings).toEqual({
      answer_tokens: 10_000,
      max_context: 300,
      tokenizer: 'qwen2.5',
    });
    const sent = sim.requests.slice(before);
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as { messages: { content: string }[]; max_tokens: number };
    const prompt = body.messages[0]?.content ?? '';
    expect(
      prompt.startsWith(
        'Please read the following text and answer the question below.\n\n<text>\nThe secret launch code',
      ),
    ).toBe(true);
    expect(
      prompt.endsWith(
        `${QUESTION}\n\nFormat your response as follows: "Therefore, the answer is (insert answer here)".`,
      ),
    ).toBe(true);
    const tokenizer = qwenTokenizer();
    try {
      const [tokens] = await tokenizer.countMany([prompt]);
      expect(tokens).toBeGreaterThan(290);
      expect(tokens).toBeLessThanOrEqual(302);
    } finally {
      await tokenizer.dispose();
    }
    expect(body.max_tokens).toBe(10_000);
  });

  it('expands rows whose contexts are document numbers from --docs, and stops at --limit', async () => {
    // A HotpotQA-shaped file: the pool is its paragraphs "title\nsentences", sorted and unique.
    const filler = (i: number) => [
      `Valley ${i}`,
      [`Rain fell in valley ${i}. `, 'Farmers waited.'],
    ];
    const hotpot = [
      { question: 'x', answer: 'y', context: [filler(1), ['Observatory', [needleDocument(1, 0)]]] },
      { question: 'z', answer: 'w', context: [filler(2), filler(1)] },
    ];
    const docs = path.join(dir, 'hotpotqa_dev.json');
    writeFileSync(docs, JSON.stringify(hotpot));
    // Pool: 0 "Observatory\n…", 1 "Valley 1\n…", 2 "Valley 2\n…".
    const rows = [0, 1, 2].map((i) => ({
      index: i,
      input: QUESTION,
      context: [1, 0, 2],
      answers: ['AMBER-4471'],
    }));
    const data = path.join(dir, 'eval_12800.json');
    writeFileSync(data, JSON.stringify(rows));
    const before = sim.requests.length;
    const r = await cli(evalArgs(data, '--json', '--docs', docs, '--limit', '2'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      n: 2,
      scored: 2,
      failed: 0,
      em: 100,
      sub_em: 100,
      f1: 100,
    });
    expect(r.stderr).toContain('3 documents (hotpotqa)');
    const first = sim.requests.slice(before).find((q) => q.raw.includes('<section>'));
    const prompt = (first?.body as { messages: { content: string }[] }).messages[0]?.content ?? '';
    expect(prompt).toContain(
      '<section>\nDocument 1:\nValley 1\nRain fell in valley 1. Farmers waited.\n\nDocument 2:\nObservatory\nThe secret launch code',
    );
  });

  it('refuses an --out that holds the results of another method or model', async () => {
    const data = dataset('mixed.json', 2, 0);
    const out = path.join(dir, 'mixed-results.jsonl');
    expect((await cli(evalArgs(data, '--json', '--limit', '1', '--out', out))).code).toBe(0);
    const r = await cli(evalArgs(data, '--method', 'direct', '--max-context', '300', '--out', out));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /mixed-results\.jsonl holds results of memagent with .*, not of direct with /,
    );
    expect(r.stderr).toContain('its own --out file');
    expect(results(out)).toHaveLength(1);
  });

  it('records what went less than cleanly on each row (memory cut, thinking stripped) and counts it in the summary', async () => {
    const data = dataset('warned.json', 1, 0);
    const out = path.join(dir, 'warned-results.jsonl');
    // The first memory update is cut (empty, at its limit), the second thinks first.
    sim.setOptions({
      faults: [
        { kind: 'length-empty', next: 1 },
        { kind: 'thinking', every: 2 },
      ],
    });
    const r = await cli(evalArgs(data, '--concurrency', '1', '--out', out));
    expect(r.code, r.stderr).toBe(0);
    const [line] = results(out);
    expect(line?.warnings).toEqual(
      expect.arrayContaining([
        { kind: 'length-cut', count: 1 },
        { kind: 'thinking-stripped', count: expect.any(Number) as number },
      ]),
    );
    // A warned row is read to the end and scored, not failed.
    expect(line?.error).toBeNull();
    expect(line?.response).not.toBeNull();
    expect(r.stdout).toContain(
      'warning: memory update cut at its token limit (previous memory kept): once on 1 row\n',
    );
    expect(r.stdout).toMatch(
      /warning: thinking stripped from a reply: (once|\d+ times) on 1 row\n/,
    );
  });

  it('records the settings on every line and refuses a rerun with others; older lines without them are taken', async () => {
    const data = dataset('settings.json', 2, 0);
    const out = path.join(dir, 'settings-results.jsonl');
    expect((await cli(evalArgs(data, '--json', '--limit', '1', '--out', out))).code).toBe(0);
    expect(results(out)[0]?.settings).toEqual({
      final: 'text',
      chunk_tokens: 256,
      memory_tokens: 1024,
      answer_tokens: 1024,
      tokenizer: 'qwen2.5',
    });
    const other = await cli(evalArgs(data, '--json', '--out', out, '--chunk-tokens', '512'));
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /^memagent: .*settings-results\.jsonl holds results read with --chunk-tokens 256, not 512\.$/m,
    );
    expect(results(out)).toHaveLength(1);
    // A line written before settings were recorded: the rerun continues it.
    const { settings: _dropped, ...old } = results(out)[0] as RowResult;
    writeFileSync(out, `${JSON.stringify(old)}\n`);
    const resumed = await cli(evalArgs(data, '--json', '--out', out, '--chunk-tokens', '512'));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('1 row done before');
    expect(results(out).map((l) => l.settings?.chunk_tokens)).toEqual([undefined, 512]);
  });

  it("--extraction upstream scores with upstream's extraction, records it, and a rerun without it is refused", async () => {
    const data = dataset('extraction.json', 2, 0);
    const out = path.join(dir, 'extraction-results.jsonl');
    const r = await cli(evalArgs(data, '--json', '--out', out, '--extraction', 'upstream'));
    expect(r.code, r.stderr).toBe(0);
    const lines = results(out);
    expect(lines.map((l) => l.settings?.extraction)).toEqual(['upstream', 'upstream']);
    // The simulator writes "Therefore, the answer is X.": both extractions take X from it.
    for (const line of lines) expect(line.prediction).not.toBeNull();
    const mixed = await cli(evalArgs(data, '--json', '--out', out));
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/holds results read with --extraction upstream, not app\./);
  });

  it('says what is wrong with the data in one sentence', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ input: 'Q', context: [0, 1], answers: ['a'] }]));
    const r = await cli(evalArgs(bad));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Row 1 of .*bad\.json names its documents by number/);
    expect(r.stderr).toContain('--docs');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
