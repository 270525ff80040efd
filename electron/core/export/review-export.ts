// Every report of a review, by format, and the folder of them `memagent review --out DIR` writes.
import fs from 'node:fs';
import path from 'node:path';
import type { ReviewMatrix } from '../../../shared/review.ts';
import { CoreError } from '../errors.ts';
import type { PdfPrinter } from './pdf.ts';
import { reviewToCsv, type ReviewCsvLayout } from './review-csv.ts';
import { reviewToHtml, type ReviewReportOptions } from './review-html.ts';
import { renderReviewJson } from './review-json.ts';
import { reviewToPdf } from './review-pdf.ts';
import { reviewToXlsx } from './review-xlsx.ts';
import { REVIEW_FORMATS, type ReviewFormat } from './formats.ts';

export { REVIEW_FORMATS, type ReviewFormat } from './formats.ts';

export interface ReviewExportOptions extends ReviewReportOptions {
  /** Prints the PDF (the app's printToPDF, a headless Chromium); without it there is no PDF. */
  printPdf?: PdfPrinter | undefined;
  /** The CSV's layout: the matrix (default) or a row per cell. */
  csvLayout?: ReviewCsvLayout;
  signal?: AbortSignal;
}

/** One report of a review: text (HTML, CSV, JSON) or bytes (PDF, XLSX). */
export async function exportReviewAs(
  matrix: ReviewMatrix,
  format: ReviewFormat,
  options: ReviewExportOptions = {},
): Promise<string | Uint8Array> {
  switch (format) {
    case 'html':
      return reviewToHtml(matrix, options);
    case 'csv':
      return reviewToCsv(matrix, options.csvLayout);
    case 'json':
      return renderReviewJson(matrix);
    case 'xlsx':
      return reviewToXlsx(matrix, options);
    case 'pdf':
      if (options.printPdf === undefined)
        throw new CoreError('Unsupported', 'PDF export is not available here.', {
          hint: 'Export as HTML and print it from a browser.',
        });
      return reviewToPdf(matrix, options.printPdf, options, options.signal);
  }
}

/**
 * Writes `review.html`, `review.pdf`, `review.csv`, `review.xlsx` and `review.json` into `dir`
 * (made if missing), each complete or not at all (written beside, then renamed). Without a
 * printer the PDF is left out and named in `skipped`, so the other four are still written.
 */
export async function writeReviewReports(
  matrix: ReviewMatrix,
  dir: string,
  options: ReviewExportOptions = {},
): Promise<{ written: string[]; skipped: ReviewFormat[] }> {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const skipped: ReviewFormat[] = [];
  for (const format of REVIEW_FORMATS) {
    if (format === 'pdf' && options.printPdf === undefined) {
      skipped.push(format);
      continue;
    }
    const content = await exportReviewAs(matrix, format, options);
    const file = path.join(dir, `review.${format}`);
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, content);
    fs.renameSync(partial, file);
    written.push(file);
  }
  return { written, skipped };
}
