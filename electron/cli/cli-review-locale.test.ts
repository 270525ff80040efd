// `memagent review` shows dates, amounts and numbers in the terminal's locale (LC_ALL, then
// LC_MESSAGES, then LANG; en-GB where none is named): in its table, in --json's `display` and in
// its reports, `memagent export REVIEW_ID` too; `value` stays the locale-free machine value.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import type { ReviewJson } from '../core/export/review-json.ts';
import { runCliInProcess } from './cli.test-support.ts';
import { documentText, reviewCommand } from './job-documents.test-support.ts';

let dir: string;
let sim: SimServer;
let db: string;
const files: string[] = [];
let checklist: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-review-locale-'));
  for (let d = 0; d < 2; d += 1) {
    const file = path.join(dir, `lease-${d}.txt`);
    const facts = `The lease start date is ${d + 1} March 2024. The liability cap is EUR ${250000 + d * 1000}.`;
    fs.writeFileSync(file, `${facts}\n\n${documentText(d, 12)}`);
    files.push(file);
  }
  checklist = path.join(dir, 'leases.csv');
  fs.writeFileSync(
    checklist,
    'question,kind,guidance\nWhat is the lease start date?,date,\nWhat is the liability cap?,amount,\nWhat is the vault code of the site?,number,\n',
  );
  db = path.join(dir, 'lib', 'memagent.db');
  sim = await startSimLlm({});
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const review = (...more: string[]) =>
  reviewCommand({ files, checklist, db, baseUrl: sim.baseUrl }, ...more);

it('a German terminal sees the table in German; JSON in Japanese keeps its values; C is en-GB', async () => {
  const de = await runCliInProcess(review(), { LANG: 'de_DE.UTF-8' });
  expect(de.code, de.stderr).toBe(0);
  // (The terminal table writes Intl's no-break space before € as a space.)
  expect(de.stdout).toMatch(/\nlease-0\s+1\. März 2024\s+250\.000,00 €\s+4\.700\s*\n/);
  expect(de.stdout).toMatch(/\nlease-1\s+2\. März 2024\s+251\.000,00 €\s+4\.701\s*\n/);

  // LC_ALL wins over LANG; the same command again reads nothing and answers in Japanese.
  const before = sim.requests.length;
  const ja = await runCliInProcess(review('--json'), {
    LANG: 'de_DE.UTF-8',
    LC_ALL: 'ja_JP.UTF-8',
  });
  expect(ja.code, ja.stderr).toBe(0);
  expect(sim.requests.length).toBe(before);
  const json = JSON.parse(ja.stdout) as ReviewJson;
  const [start, cap, code] = json.questions.map((q) =>
    json.cells.filter((c) => c.question === q.id),
  );
  expect(start?.map((c) => [c.value, c.display])).toEqual([
    ['2024-03-01', '2024年3月1日'],
    ['2024-03-02', '2024年3月2日'],
  ]);
  expect(cap?.map((c) => c.value)).toEqual(['EUR 250000', 'EUR 251000']);
  expect(code?.map((c) => [c.value, c.display])).toEqual([
    ['4700', '4,700'],
    ['4701', '4,701'],
  ]);

  // No locale named (C): en-GB.
  const c = await runCliInProcess(review(), { LANG: 'C.UTF-8' });
  expect(c.stdout).toMatch(/\nlease-1\s+2 March 2024\s+€251,000\.00\s+4,701\s*\n/);

  // A stored review's report, exported from a German terminal.
  const html = path.join(dir, 'leases.html');
  const exported = await runCliInProcess(
    ['export', json.review.id.slice(0, 8), '-o', html, '--db', db],
    { LC_MESSAGES: 'de_DE.UTF-8' },
  );
  expect(exported.code, exported.stderr).toBe(0);
  expect(fs.readFileSync(html, 'utf8')).toContain('2. März 2024');
});
