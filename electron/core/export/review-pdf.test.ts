// The review's reports written as `memagent review --out DIR` writes them, the PDF printed by the
// headless Chromium the session PDFs use and read back with poppler.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingSystemTools, skipNote } from '../system-tools.test-support.ts';
import { chromiumPrinter } from './chromium-printer.ts';
import { writeReviewReports } from './review-export.ts';
import { HOSTILE, reviewFixture, rawControls } from './review-fixture.test-support.ts';
import { PARTIAL_MARK } from './review-html.ts';
import { reviewFromJson } from './review-json-read.ts';

const CHROMIUM = '/usr/bin/chromium';
const NO_POPPLER = missingSystemTools(['pdftotext', 'pdfinfo'], { cjkFonts: true });

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-out-'));
}

describe('the review reports in a folder', () => {
  it('without a printer: HTML, CSV, XLSX and JSON, the PDF named as left out', async () => {
    const dir = tempDir();
    try {
      const { written, skipped } = await writeReviewReports(
        reviewFixture(),
        path.join(dir, 'out'),
        { timeZone: 'UTC' },
      );
      expect(written.map((f) => path.basename(f))).toEqual([
        'review.html',
        'review.csv',
        'review.xlsx',
        'review.json',
      ]);
      expect(skipped).toEqual(['pdf']);
      expect(fs.readdirSync(path.join(dir, 'out')).sort()).toEqual([
        'review.csv',
        'review.html',
        'review.json',
        'review.xlsx',
      ]);
      const json: unknown = JSON.parse(
        fs.readFileSync(path.join(dir, 'out', 'review.json'), 'utf8'),
      );
      expect(reviewFromJson(json)).toEqual(reviewFixture());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe.skipIf(!fs.existsSync(CHROMIUM))('with Chromium', () => {
    it.skipIf(NO_POPPLER !== null)(
      `PDF: printed like a session, hostile text printed literally, the app as Creator and Producer${skipNote(NO_POPPLER)}`,
      async () => {
        const dir = tempDir();
        try {
          const { written } = await writeReviewReports(reviewFixture(), dir, {
            timeZone: 'UTC',
            appVersion: '1.2.3',
            printPdf: chromiumPrinter(CHROMIUM),
          });
          expect(written).toHaveLength(5);
          const pdf = path.join(dir, 'review.pdf');
          const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
          expect(info).toMatch(/^Creator:\s+MemAgent Desktop 1\.2\.3$/m);
          expect(info).toMatch(/^Producer:\s+MemAgent Desktop 1\.2\.3, printed by Chromium$/m);
          expect(info).toMatch(/^Page size:.*\(A4\)$/m);
          const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
          const flat = text.replace(/\s+/g, ' ');
          expect(flat).toContain('Summary');
          expect(flat).toContain('Questions 7–8 of 8');
          expect(flat).toContain('=HYPERLINK("http://x")');
          expect(flat).toContain("+cmd|' /C calc'!A0");
          expect(text.replace(/\s+/g, '')).toContain('<script>alert(1)</script>');
          expect(flat).toContain('invoice\\u202efdp.exe\\u202c');
          expect(flat).toContain('Read 2 of 5 chunks — not the whole document');
          expect(text).toContain(PARTIAL_MARK);
          expect(text).toContain(HOSTILE.cjk.slice(0, 5));
          // pdftotext itself wraps each right-to-left run in U+202B…U+202C; nothing else.
          const own = text.replaceAll('\f', '').replace(/\u202b([^\u202a-\u202e]*)\u202c/g, '$1');
          expect(rawControls(own)).toEqual([]);
          expect(flat).toContain('a\\u0000b\\u0007c\\u001b[2Jd\\u000be\\u000cf');
          // No link leaves the document.
          expect(fs.readFileSync(pdf).toString('latin1')).not.toMatch(/\/URI\s*\(/);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
      120_000,
    );
  });
});
