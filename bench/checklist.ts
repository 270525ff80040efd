// What checklists and answer normalisation cost: reading the largest checklist a file may hold
// (500 questions with guidance at their longest, as CSV and JSON), refusing a 50 MB file, and
// normalising and formatting the answers of a 50-document × 20-question review (1,000 cells),
// as the table does on every render of its data.
//   npm exec -- node bench/checklist.ts [--rounds N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatAnswer } from '../shared/answer-format.ts';
import { normaliseAnswer } from '../shared/answer-normalise.ts';
import { ANSWER_KINDS, type AnswerKind, type Checklist } from '../shared/checklist.ts';
import { CHECKLIST_LIMITS as L } from '../shared/checklist-limits.ts';
import { readChecklistFile } from '../electron/core/checklists/checklist-file.ts';
import { writeChecklist } from '../electron/core/checklists/checklist-formats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const ROUNDS = Number(values.rounds);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(rounds: number, work: () => unknown): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  return median(ms);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bench-checklist-'));
try {
  const largest: Checklist = {
    id: 'largest',
    name: 'Largest',
    questions: Array.from({ length: L.questions }, (_, i) => ({
      id: `q${i}`,
      text: `Question ${i}, "quoted", ${'w'.repeat(L.questionChars - 30)}`.slice(
        0,
        L.questionChars,
      ),
      kind: ANSWER_KINDS[i % ANSWER_KINDS.length]!,
      guidance: `Guidance, with a line break\nand ${'g'.repeat(L.guidanceChars)}`.slice(
        0,
        L.guidanceChars,
      ),
      expected: 'e'.repeat(L.expectedChars),
    })),
  };
  for (const format of ['csv', 'json'] as const) {
    const file = path.join(dir, `largest.${format}`);
    fs.writeFileSync(file, writeChecklist(largest, format));
    const ms = await time(ROUNDS, () => readChecklistFile(file));
    console.log(
      `read 500 questions at their longest as ${format}: ${(fs.statSync(file).size / 1024 / 1024).toFixed(2)} MB, median ${ms.toFixed(1)} ms`,
    );
  }
  const huge = path.join(dir, 'huge.csv');
  fs.writeFileSync(huge, '');
  fs.truncateSync(huge, 50 * 1024 * 1024);
  const refuse = await time(ROUNDS, () => readChecklistFile(huge).catch(() => undefined));
  console.log(`refuse a 50 MB file: median ${refuse.toFixed(2)} ms`);

  const answers: [AnswerKind, string][] = [
    ['yes_no', "Yes, subject to 30 days' written notice."],
    ['yes_no', 'The document does not say.'],
    ['date', 'The agreement commences on 1 March 2024 and runs for two years.'],
    ['date', '01/03/2024'],
    ['amount', 'Liability is capped at £2,000,000 per claim, or 150% of the fees.'],
    ['amount', 'USD 2.5 million'],
    ['duration', 'twelve (12) months from the Effective Date'],
    ['party', 'The Supplier is Acme Widgets Ltd.'],
    ['clause', '“This Agreement shall be governed by the laws of England and Wales.”'],
    ['number', '37.5 hours per week'],
  ];
  const cells = Array.from({ length: 1000 }, (_, i) => answers[i % answers.length]!);
  const normalise = await time(ROUNDS, () =>
    cells.map(([kind, words]) => normaliseAnswer(kind, words)),
  );
  const normalised = cells.map(([kind, words]) => normaliseAnswer(kind, words));
  const format = await time(ROUNDS, () => normalised.map((a) => formatAnswer(a, 'en-GB')));
  console.log(
    `normalise 1,000 answers: median ${normalise.toFixed(2)} ms; format them (en-GB): median ${format.toFixed(2)} ms`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
