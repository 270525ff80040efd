// `memagent export` as a user runs it, on a library the real service filled with the simulator's
// runs: every format, the selections, refusals, and the PDF read back with pdftotext and pdftoppm.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookText, startHarness, type Harness } from '../core/ipc/service-harness.test-support.ts';
import {
  FAILING_QUESTION,
  sampleLibrary,
  writeDocument,
  type SampleLibrary,
} from '../core/export/sample-library.test-support.ts';
import { missingSystemTools, skipNote } from '../core/system-tools.test-support.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

const CHROMIUM = '/usr/bin/chromium';
/** The PDF is read back by poppler; its Japanese needs a CJK font to be printed legibly. */
const NO_PDF_TOOLS = missingSystemTools(['pdftotext', 'pdfinfo', 'pdftoppm'], { cjkFonts: true });
// The needle shares words with the question, so the simulator carries it, Japanese, markup and
// all, into the memory, the answer and the cited passage.
const NEEDLE =
  'The vault code 4711 is written as 金庫の暗証番号 <img src=x onerror=alert(1)> [link](javascript:alert(2)) in the ledger.';
const HOSTILE_QUESTION = 'What is the vault code? <script>alert(3)</script>';

let h: Harness;
let lib: SampleLibrary;
let db: string;
let file: string;

beforeAll(async () => {
  h = await startHarness();
  const text = bookText(80).replace(
    'The vault code is 4711. It was set by Ada in the spring.',
    NEEDLE,
  );
  file = writeDocument(h, 'ledger.txt', text);
  lib = await sampleLibrary(h, file, [HOSTILE_QUESTION, 'Where does the river bend?'], {
    repeatFirst: true,
  });
  await h.service.dispose();
  db = path.join(h.dir, 'memagent.db');
}, 120_000);
afterAll(async () => {
  await h.close();
});

const out = (name: string) => path.join(h.dir, name);

describe('memagent export', () => {
  it('writes one run by a short id prefix as Markdown, and keeps an existing file unless --force', async () => {
    const run = lib.done[0] ?? '';
    const target = out('run.md');
    // A real process, end to end; the rest of the file runs the command in process.
    const first = await runCli(['export', run.slice(0, 8), '-o', target, '--db', db], {
      TZ: 'Europe/Berlin',
    });
    expect(first.stderr).toContain(`wrote 1 run of 1 question as Markdown to ${target}`);
    expect(first.code).toBe(0);
    const md = fs.readFileSync(target, 'utf8');
    expect(md).toMatch(/^# An answer from ledger\n/);
    expect(md).toMatch(/^## 1\. What is the vault code\? \\<script\\>alert\(3\)\\<\/script\\>$/m);
    expect(md).toContain('**Answer:**');
    expect(md).toMatch(
      /Exported \d+ \w+ \d{4}, \d\d:\d\d (GMT\+1|CET); times are in Europe\/Berlin\./,
    );

    const again = await runCliInProcess(['export', run, '-o', target, '--db', db]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${target} exists already.`);
    expect(fs.readFileSync(target, 'utf8')).toBe(md);
    const forced = await runCliInProcess([
      'export',
      run,
      '-o',
      target,
      '--db',
      db,
      '--force',
      '--format',
      'json',
    ]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(target, 'utf8'))).toMatchObject({
      format: 'memagent-session',
      version: 2,
      scope: 'run',
    });
  });

  it('writes times in the zone of its own context’s TZ, not this process’s', async () => {
    const run = lib.done[0] ?? '';
    const zone =
      Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo'
        ? 'America/Lima'
        : 'Asia/Tokyo';
    const md = await runCliInProcess(['export', run, '-o', '-', '--format', 'md', '--db', db], {
      TZ: zone,
    });
    expect(md.code).toBe(0);
    expect(md.stdout).toContain(`times are in ${zone}.`);
    expect(md.stdout).toMatch(
      zone === 'Asia/Tokyo' ? /\d\d:\d\d (GMT\+9|JST)/ : /\d\d:\d\d (GMT-5|PET)/,
    );
  });

  it('writes every run of a question to stdout, and refuses what it cannot do in one sentence', async () => {
    const both = await runCliInProcess([
      'export',
      '--question',
      lib.done[2] ?? '',
      '-o',
      '-',
      '--format',
      'md',
      '--db',
      db,
    ]);
    expect(both.code).toBe(0);
    expect(both.stdout.match(/^### (Latest|Earlier) run, asked /gm)).toHaveLength(2);
    expect(both.stdout).not.toContain('river');

    const cases: [string[], number, string][] = [
      [['export', 'zz', '-o', out('x.md'), '--db', db], 3, 'No run zz.'],
      [
        ['export', lib.failed, '-o', out('x.txt'), '--db', db],
        2,
        'Say the format: --format md|html|pdf|json|jsonl',
      ],
      [
        ['export', lib.failed, '-o', '-', '--format', 'pdf', '--db', db],
        2,
        'A PDF is not written to the terminal',
      ],
      [
        ['export', '-o', out('x.md'), '--db', db],
        2,
        'export needs a RUN_ID or REVIEW_ID, --question RUN_ID or --document FILE|ID.',
      ],
      [
        ['export', '--document', path.join(h.dir, 'memagent.db'), '-o', out('x.md'), '--db', db],
        3,
        'memagent.db is not in the library.',
      ],
      [
        ['export', lib.failed, '-o', out('x.md'), '--db', out('none.db')],
        3,
        `There is no library at ${out('none.db')}.`,
      ],
      [
        ['export', lib.failed, '-o', out('x.pdf'), '--db', db, '--chromium', out('no-browser')],
        3,
        `No browser program at ${out('no-browser')}.`,
      ],
    ];
    for (const [args, code, sentence] of cases) {
      const result = await runCliInProcess(args);
      expect(result.stderr, args.join(' ')).toContain(sentence);
      expect(result.code, args.join(' ')).toBe(code);
    }
    const none = await runCliInProcess(['export', lib.failed, '-o', out('y.pdf'), '--db', db], {
      PATH: '',
    });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(
      'A PDF export needs Chromium, Chrome or Edge, and none was found.',
    );
    expect(none.stderr).toContain('--chromium PATH');
    expect(
      fs.existsSync(out('x.md')) || fs.existsSync(out('x.pdf')) || fs.existsSync(out('y.pdf')),
    ).toBe(false);
  });

  it.skipIf(!fs.existsSync(CHROMIUM) || NO_PDF_TOOLS !== null)(
    `prints a document’s session to PDF: answers, quotes, Japanese and hostile text legible, pages not blank${skipNote(NO_PDF_TOOLS)}`,
    async () => {
      const pdf = out('ledger.pdf');
      const result = await runCliInProcess([
        'export',
        '--document',
        file,
        '-o',
        pdf,
        '--db',
        db,
        '--chromium',
        CHROMIUM,
      ]);
      expect(result.stderr).toContain('wrote 4 runs of 3 questions as PDF');
      expect(result.code).toBe(0);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Answer:');
      expect(flat).toContain('4711');
      expect(flat).toContain('金庫の暗証番号');
      // Markup from the document and the question is printed as text, never run or dropped.
      expect(flat).toContain('<img src=x onerror=alert(1)>');
      expect(flat).toContain('<script>alert(3)</script>');
      expect(flat).toContain(`8 retries, then failed after 0 of`);
      expect(flat).toContain(FAILING_QUESTION);
      // Page numbers from the page's own @page rule, and a page per question.
      const pages = Number(
        /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1],
      );
      expect(pages).toBeGreaterThanOrEqual(3);
      if (process.env.MEMAGENT_KEEP_EXPORTS)
        fs.copyFileSync(pdf, process.env.MEMAGENT_KEEP_EXPORTS);
      expect(flat).toMatch(new RegExp(`\\b1 ?/ ?${pages}\\b`));
      // Page 1 rendered: ink on a white page (a blank page is all 255).
      execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', pdf, out('page')]);
      const pgm = fs.readdirSync(h.dir).find((f) => f.startsWith('page') && f.endsWith('.pgm'));
      const image = fs.readFileSync(out(pgm ?? 'missing'));
      const [width, height] = (
        /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 40)) ?? []
      )
        .slice(1)
        .map(Number);
      const pixels = image.subarray(image.length - (width ?? 0) * (height ?? 0));
      const dark = pixels.filter((p) => p < 128).length;
      expect(pixels.length).toBeGreaterThan(100_000);
      expect(dark).toBeGreaterThan(1000);
    },
    60_000,
  );
  it('writes trajectories (JSONL): one line per finished run, each chunk’s conversation and the answer’s', async () => {
    const target = out('session.jsonl');
    const result = await runCliInProcess(['export', '--document', file, '-o', target, '--db', db]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`as Trajectories (JSONL) to ${target}`);
    const lines = fs
      .readFileSync(target, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown> & { conversations: unknown[][] });
    const ids = lines.map((l) => l.id);
    for (const done of lib.done) expect(ids).toContain(done);
    const first = lines.find((l) => l.id === lib.done[0]);
    const chunks = (first?.conversations.length ?? 0) - 1;
    expect(chunks).toBeGreaterThan(1);
    // Every conversation is one prompt and the reply to it; the last asks for the answer.
    for (const c of first?.conversations ?? []) {
      expect(c.map((m) => (m as { role: string }).role)).toEqual(['user', 'assistant']);
    }
    const prompt = (first?.conversations[0]?.[0] as { content: string }).content;
    expect(prompt).toContain(HOSTILE_QUESTION);
    // The failed run read nothing: it is left out, and stderr says which and why.
    expect(ids).not.toContain(lib.failed);
    expect(result.stderr).toContain(`note: Run ${lib.failed.slice(0, 8)}`);
  });
});
