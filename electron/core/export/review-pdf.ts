// The review's PDF: its HTML page printed by the same Chromium the session PDFs use, with the
// document information naming the app.
import type { ReviewMatrix } from '../../../shared/review.ts';
import { printedPdf, type PdfPrinter } from './pdf.ts';
import { reviewToHtml, type ReviewReportOptions } from './review-html.ts';

/** Renders a review as a paginated PDF through `print` (the app's printToPDF, a headless Chromium). */
export function reviewToPdf(
  matrix: ReviewMatrix,
  print: PdfPrinter,
  options: ReviewReportOptions = {},
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return printedPdf(
    reviewToHtml(matrix, { ...options, print: true }),
    print,
    options.appVersion,
    signal,
  );
}
