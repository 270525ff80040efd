import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { buildEvalReport, defaultLabels, writeEvalReport } from './report.ts';
import {
  FILE_A,
  FILE_B,
  HOSTILE_LABEL,
  rowLine,
  tempDir,
  writeResults,
} from './report.test-support.ts';

let tmp: ReturnType<typeof tempDir>;
let a: string;
let b: string;
beforeAll(() => {
  tmp = tempDir('memagent-report-');
  a = writeResults(tmp.dir, 'a.jsonl', FILE_A);
  b = writeResults(tmp.dir, 'b.jsonl', FILE_B);
});
afterAll(() => tmp.remove());

const fixed = (t: { em: number | null; subEm: number; f1: number | null }) => [
  t.em?.toFixed(2) ?? '—',
  t.subEm.toFixed(2),
  t.f1?.toFixed(2) ?? '—',
];

describe('the summary of a results file', () => {
  it('gives known percentages per length and overall, failed rows as 0', async () => {
    const { summaries } = await buildEvalReport([{ path: a }]);
    const s = summaries[0];
    expect(s?.label).toBe('a');
    expect(s?.lengths.map((l) => [l.column, l.n, l.scored, l.failed, ...fixed(l)])).toEqual([
      ['7K', 8, 7, 1, '37.50', '75.00', '59.38'],
      ['14K', 4, 4, 0, '25.00', '50.00', '37.50'],
    ]);
    expect(s?.lengths.map((l) => l.tokens)).toEqual([
      { median: 7_250, min: 6_900, max: 8_192 },
      { median: 14_500, min: 13_000, max: 16_384 },
    ]);
    expect([
      s?.all.n,
      s?.all.scored,
      s?.all.failed,
      ...fixed(s?.all ?? { em: 0, subEm: 0, f1: 0 }),
    ]).toEqual([12, 11, 1, '33.33', '66.67', '52.08']);
    // As upstream averages: 8 right of the 11 with an answer.
    expect(s?.all.subEmScored?.toFixed(2)).toBe('72.73');
    expect(s?.failures).toEqual([{ message: 'BackendFailed: HTTP 503', ids: ['7'] }]);
  });
});

describe('the Markdown report', () => {
  it('has a summary line per file, a table per length and the notes', async () => {
    const { markdown } = await buildEvalReport([{ path: a }, { path: b, label: 'RL 7B, vLLM' }]);
    const lines = markdown.split('\n');
    expect(lines).toContain(
      "![Accuracy (sub-EM) against context length in tokens, with the paper's Table 2](accuracy.svg)",
    );
    expect(lines).toContain('| a | 12 | 11 | 1 | 33.33 | 66.67 | 52.08 |');
    expect(lines).toContain('| RL 7B, vLLM | 2 | 2 | 0 | 50.00 | 50.00 | 50.00 |');
    expect(lines).toContain(
      '| 7.25K | 6,900–8,192 | 8 | 7 | 1 | 37.50 | 75.00 | 59.38 | 83.59 at 7K |',
    );
    expect(lines).toContain(
      '| 14.5K | 13,000–16,384 | 4 | 4 | 0 | 25.00 | 50.00 | 37.50 | 82.03 at 14K |',
    );
    expect(lines).toContain(
      '| 3.5M | 3,400,000–3,600,000 | 2 | 2 | 0 | 50.00 | 50.00 | 50.00 | 78.12 at 3.5M |',
    );
    expect(lines).toContain(
      '- 1 row of 12 failed and counts as 0 in every metric; over the 11 scored rows alone (as upstream averages) sub-EM would be 72.73%.',
    );
    expect(lines).toContain('- Failed (1): BackendFailed: HTTP 503 — id 7.');
    expect(lines).toContain('- All 2 rows were read to the end: none failed.');
  });

  it('notes repeated ids, a cut last line and rows without a length', async () => {
    const file = path.join(tmp.dir, 'odd.jsonl');
    writeFileSync(
      file,
      [
        rowLine({ id: 1, length: 7_000, error: 'timeout' }),
        rowLine({ id: 1, length: 7_000, em: 1, sub_em: 1, f1: 1 }),
        rowLine({ id: 2, length: null, error: 'tokenizer unavailable' }),
        '{"id": 3, "length": 70',
      ].join('\n'),
    );
    const { markdown, summaries } = await buildEvalReport([{ path: file }]);
    expect(summaries[0]?.unmeasured).toBe(1);
    expect(summaries[0]?.all.n).toBe(2);
    expect(markdown).toContain(
      '- 1 id appears on more than one line (a rerun appends); the last line of each counts.',
    );
    expect(markdown).toContain('- 1 row has no length (failed before the context was measured)');
    expect(markdown).toContain('- The last line was cut off');
  });
});

describe('a report of generated rows (tasks, string match all, wrong rows, cost)', () => {
  /** 24 niah_multivalue rows scored by string match all (none wholly right) and 2 multihop. */
  function tasksFile(): string {
    const lines = [];
    for (let i = 0; i < 24; i += 1)
      lines.push({
        id: `m${i}`,
        task: 'niah_multivalue',
        length: 8_192,
        question: i === 0 ? 'What are the codes of <b>x</b> | y?' : `Codes of key ${i}?`,
        answers: ['ZX-4/7b', '東京 42'],
        prediction: i === 0 ? '[link](http://evil.example) ZX-4/7b' : 'ZX-4/7b',
        em: null,
        sub_em: 0.5,
        f1: null,
        ms: 2_000,
        usage: { prompt_tokens: 10_000, completion_tokens: 100 },
        warnings: i < 3 ? [{ kind: 'length-cut', count: 2 }] : [],
        error: null,
      });
    lines.push(
      { id: 'h1', task: 'multihop', length: 8_100, question: 'Where?', answers: ['Ærvík'] },
      { id: 'h2', task: 'multihop', length: 8_000, question: 'Where?', answers: ['Ærvík'] },
    );
    const rows = lines.map((l, i) =>
      i < 24
        ? l
        : {
            ...l,
            prediction: i === 24 ? 'Ærvík' : null,
            response: i === 24 ? 'Therefore, the answer is Ærvík.' : 'The memory says | <nothing>.',
            em: i === 24 ? 1 : 0,
            sub_em: i === 24 ? 1 : 0,
            f1: i === 24 ? 1 : 0,
            ms: 1_000,
            usage: { prompt_tokens: 5_000, completion_tokens: 50 },
            error: null,
          },
    );
    const file = path.join(tmp.dir, 'tasks.jsonl');
    writeFileSync(file, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
    return file;
  }

  it('shows EM and F1 as — for groups without QA rows, a table per task, and the wrong rows, capped and escaped', async () => {
    const file = tasksFile();
    const { markdown, summaries } = await buildEvalReport([{ path: file, label: 'gen' }]);
    const s = summaries[0];
    expect(s?.all).toMatchObject({ n: 26, qa: 2, em: 50, f1: 50 });
    // 24 × 0.5 + 1 right of 26 rows.
    expect(s?.all.subEm.toFixed(2)).toBe('50.00');
    const lines = markdown.split('\n');
    expect(lines).toContain(
      '| niah\\_multivalue | string match all | 24 | 24 | 0 | — | 50.00 | — |',
    );
    expect(lines).toContain('| multihop | QA | 2 | 2 | 0 | 50.00 | 50.00 | 50.00 |');
    expect(markdown).toMatch(/string match all.*sub-EM column/);
    // 24 half-right rows and one multihop row without an answer: 25 wrong, 20 listed.
    expect(markdown).toContain('### Answered wrongly (25 of 26 scored rows)');
    expect(lines.filter((l) => /^\| (m\d+|h\d) \|/.test(l))).toHaveLength(20);
    expect(markdown).toContain('… and 5 more (every row is in the results file).');
    // Shortest first: the multihop row of 8,000 tokens without an answer shows its reply.
    expect(lines.find((l) => l.startsWith('| h1 |'))).toBeUndefined();
    expect(lines).toContain(
      '| h2 | multihop | 8,000 | Where? | Ærvík | *no answer extracted from:* The memory says \\| \\<nothing\\>. | 0% |',
    );
    expect(lines).toContain(
      '| m0 | niah\\_multivalue | 8,192 | What are the codes of \\<b\\>x\\</b\\> \\| y? | ZX-4/7b · 東京 42 | \\[link\\](http\\://evil.example) ZX-4/7b | 50% |',
    );
    // Nothing from the data opens a tag or a link (the chart's image is the report's own).
    expect(lines.filter((l) => !l.startsWith('![')).join('\n')).not.toMatch(/(^|[^\\])[<[]/m);
    expect(markdown).toContain(
      '- Warning: memory update cut at its token limit (previous memory kept): 6 times on 3 rows.',
    );
    expect(markdown).toContain(
      '- Time and tokens: 50 s of row time for 26 rows (1.9 s a row; rows read at once overlap, so wall time is shorter); 250,000 prompt and 2,500 completion tokens (9,615 and 96 a row).',
    );
  });

  it('marks a partial report', async () => {
    const file = tasksFile();
    const { markdown } = await buildEvalReport([
      { path: file, label: 'gen', partial: { done: 26, total: 40 } },
    ]);
    expect(markdown).toContain(
      '**Partial**: gen was stopped with 26 of 40 rows done; run the same command again to continue.',
    );
  });
});

describe('the chart', () => {
  it('is XML with one line per file, the four paper lines and both axes', async () => {
    const { svg } = await buildEvalReport([{ path: a }, { path: b }]);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toMatch(/<script|href=|url\(|@import/i);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg) as {
      svg: { g: { polyline?: { class: string; points: string } }[] };
    };
    const polylines = doc.svg.g.flatMap((g) => (g.polyline ? [g.polyline] : []));
    expect(polylines.map((p) => p.class)).toEqual([
      'ref',
      'ref',
      'ref',
      'ref',
      'line s0',
      'line s1',
    ]);
    // N/A points are left out: the baselines stop at 896K.
    expect(polylines.slice(0, 4).map((p) => p.points.split(' ').length)).toEqual([10, 10, 8, 8]);
    // 75% and 50% on a 0-100 axis from y=384 to y=64.
    const ys = (p: { points: string }) => p.points.split(' ').map((xy) => xy.split(',')[1]);
    expect(ys(polylines[4] as { points: string })).toEqual(['144.0', '224.0']);
    expect(ys(polylines[5] as { points: string })).toEqual(['224.0']);
    for (const label of [
      'Context length in tokens (log scale)',
      'Accuracy, sub-EM (%)',
      '7K',
      '1.75M',
      '3.5M',
      'RL-MemAgent-14B',
      'QwenLong-L1-32B',
    ])
      expect(svg).toContain(`>${label}</text>`);
    expect(svg).toMatch(/@media \(prefers-color-scheme: dark\)/);
  });

  it('widens the axis by doublings for rows shorter than 7K or longer than 3.5M', async () => {
    const wide = writeResults(tmp.dir, 'wide.jsonl', [
      { id: 1, length: 2_000, em: 1, sub_em: 1, f1: 1 },
      { id: 2, length: 8_000_000, em: 0, sub_em: 0, f1: 0 },
    ]);
    const { svg, summaries } = await buildEvalReport([{ path: wide }]);
    expect(summaries[0]?.lengths.map((l) => [l.bucket, l.column])).toEqual([
      [-2, undefined],
      [10, undefined],
    ]);
    for (const tick of ['1.75K', '3.5K', '7K', '3.5M', '7M'])
      expect(svg).toContain(`>${tick}</text>`);
    expect(svg).not.toContain('>14M</text>');
  });

  it('repeats the eight colours dashed for a ninth file', async () => {
    const nine = Array.from({ length: 9 }, () => ({ path: a }));
    const { svg } = await buildEvalReport(nine);
    const lines = [...svg.matchAll(/<polyline class="line (s\d)"[^>]*>/g)];
    expect(lines.map((m) => m[1])).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's0']);
    expect(lines.map((m) => m[0].includes('stroke-dasharray'))).toEqual([
      ...Array<boolean>(8).fill(false),
      true,
    ]);
  });

  it('escapes a hostile label in the chart and the Markdown', async () => {
    const { svg, markdown } = await buildEvalReport([{ path: a, label: HOSTILE_LABEL }]);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain(']]>');
    expect(svg).not.toMatch(/[\u202e\u202c\ud800]/);
    expect(svg).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Tom&#39;s \\u202eevil\\u202c \uFFFD',
    );
    // Every < is escaped: Markdown shows it as text.
    expect(markdown).not.toMatch(/(^|[^\\])</m);
    expect(markdown).toContain(
      '## \\<script\\>alert("x")\\</script\\> \\& Tom\'s \\\\u202eevil\\\\u202c',
    );
  });
});

describe('writing a report', () => {
  it('writes report.md and accuracy.svg into a new folder, and replaces them on a rerun', async () => {
    const dir = path.join(tmp.dir, 'out', 'report');
    const first = await writeEvalReport([{ path: a }], dir);
    expect(first.files).toEqual({
      markdown: path.join(dir, 'report.md'),
      chart: path.join(dir, 'accuracy.svg'),
    });
    expect(readFileSync(first.files.markdown, 'utf8')).toBe(first.markdown);
    // Named from the report's folder: a shared report does not show the author's folders.
    expect(first.markdown).toContain('\nFile: ../../a.jsonl\n');
    const second = await writeEvalReport([{ path: a }, { path: b }], dir);
    expect(readFileSync(second.files.chart, 'utf8')).toBe(second.svg);
    expect(second.svg).not.toBe(first.svg);
  });

  it('refuses a folder it cannot create, and no files at all', async () => {
    const blocker = writeResults(tmp.dir, 'blocker.jsonl', FILE_B);
    const error: unknown = await writeEvalReport([{ path: a }], path.join(blocker, 'x')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).message).toBe(
      `The report could not be written to ${path.join(blocker, 'x')}.`,
    );
    const none: unknown = await buildEvalReport([]).catch((e: unknown) => e);
    expect((none as CoreError).kind).toBe('BadUsage');
  });

  it('labels files by name, with folders only where names clash', () => {
    expect(defaultLabels(['/r/results-7b.jsonl', '/r/results-14b.jsonl'])).toEqual([
      'results-7b',
      'results-14b',
    ]);
    expect(defaultLabels(['/x/7b/results.jsonl', '/x/14b/results.jsonl', 'other.JSONL'])).toEqual([
      '7b/results',
      '14b/results',
      'other',
    ]);
  });
});
