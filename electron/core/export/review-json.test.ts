// review.json and `memagent review --json`: one shape, every string exact, read back whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelReviewDocuments } from '../../../shared/review-document-labels.ts';
import { HOSTILE, LONG_ANSWER, reviewFixture, rawControls } from './review-fixture.test-support.ts';
import { reviewFromJson } from './review-json-read.ts';
import { renderReviewJson, reviewToJson } from './review-json.ts';

describe('the review as JSON', () => {
  it('has the shape `memagent review --json` documents, cell by cell', () => {
    const json = reviewToJson(reviewFixture());
    expect(Object.keys(json)).toEqual([
      'format',
      'version',
      'review',
      'documents',
      'questions',
      'cells',
    ]);
    expect(json.format).toBe('memagent-review');
    expect(json.documents[0]).toMatchObject({
      id: 'a'.repeat(64),
      path: '/contracts/acme.pdf',
      title: 'Acme supply agreement',
    });
    expect(json.questions[3]).toMatchObject({
      id: 'q-renew',
      text: 'Does the contract renew automatically?',
      kind: 'yes_no',
    });
    expect(json.cells).toHaveLength(48);
    const renew = json.cells[3];
    expect(renew).toMatchObject({
      document: 'a'.repeat(64),
      question: 'q-renew',
      status: 'answered',
      answer: 'Yes, for successive one-year periods.',
      value: 'yes',
      coverage: { chunksRead: 42, chunks: 42, pages: { first: 1, last: 300 } },
      evidence: [
        {
          page: 152,
          pageLabel: '150',
          section: null,
          quote: 'shall renew automatically for successive periods of one year',
        },
      ],
      run: '00000000-0000-4000-8000-000000003000',
    });
    // Every cell has every key, absent values as null.
    const keys = Object.keys(renew ?? {});
    for (const cell of json.cells) expect(Object.keys(cell)).toEqual(keys);
    const queued = json.cells.find((c) => c.status === 'queued');
    expect(queued).toMatchObject({
      answer: null,
      value: null,
      run: null,
      coverage: { pages: null },
    });
    expect(json.review.createdAt).toBe('2026-01-06T08:00:00.000Z');
  });

  it('names two documents of one title apart, as the table does, and reads the names back', () => {
    const matrix = reviewFixture();
    // Globex's file now carries Acme's title: two rows of one title, told apart by their files.
    matrix.documents = labelReviewDocuments(
      matrix.documents.map(({ label: _label, ...d }, i) =>
        i === 1 ? { ...d, title: 'Acme supply agreement' } : d,
      ),
    );
    const json = reviewToJson(matrix);
    expect(json.documents.slice(0, 3).map((d) => [d.title, d.label])).toEqual([
      ['Acme supply agreement', 'Acme supply agreement (acme.pdf)'],
      ['Acme supply agreement', 'Acme supply agreement (globex.pdf)'],
      [matrix.documents[2]?.title, matrix.documents[2]?.title],
    ]);
    // The label is the matrix's: what the terminal table and the HTML, CSV and XLSX reports name.
    expect(json.documents.map((d) => d.label)).toEqual(matrix.documents.map((d) => d.label));
    expect(reviewFromJson(JSON.parse(renderReviewJson(matrix)))).toEqual(matrix);
  });

  it('round-trips through a file: the same matrix, every hostile string exact', () => {
    const matrix = reviewFixture();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-json-'));
    try {
      const file = path.join(dir, 'review.json');
      fs.writeFileSync(file, renderReviewJson(matrix), 'utf8');
      const text = fs.readFileSync(file, 'utf8');
      // Nothing raw that a terminal would obey or that would reorder the line.
      expect(rawControls(text)).toEqual([]);
      const back = reviewFromJson(JSON.parse(text));
      expect(back).toEqual(matrix);
      const strings = JSON.stringify(back);
      for (const hostile of Object.values(HOSTILE))
        expect(strings).toContain(JSON.stringify(hostile).slice(1, -1));
      expect(back.cells[4]?.answer).toBe(LONG_ANSWER);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses another format with one sentence naming where', () => {
    expect(() => reviewFromJson({ format: 'memagent-session', version: 2 })).toThrow(
      /^This is not a MemAgent review \(JSON format memagent-review 1\): .* at format\.$/,
    );
    const json = reviewToJson(reviewFixture());
    const broken = { ...json, cells: [{ ...json.cells[0], status: 'exploded' }] };
    expect(() => reviewFromJson(broken)).toThrow(/at cells\.0\.status\.$/);
  });
});
