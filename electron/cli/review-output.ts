// What `memagent review` prints once the review has been read: the JSON of the whole review
// (--json, the one reviewToJson that review.json holds too) or a table on stdout, the reports
// in --out DIR, and a line per failed cell on stderr.
import path from 'node:path';
import type { ReviewMatrix } from '../../shared/review.ts';
import { chromiumPrinter, findChromium } from '../core/export/chromium-printer.ts';
import type { PdfPrinter } from '../core/export/pdf.ts';
import { writeReviewReports } from '../core/export/review-export.ts';
import { renderReviewJson } from '../core/export/review-json.ts';
import { localZone } from '../core/export/readable.ts';
import { shortJobId } from '../core/use-cases/job-claim.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './report-error.ts';
import type { ReviewOptions } from './review-args.ts';
import { reviewTable } from './review-table.ts';
import { oneLine } from './terminal-table.ts';

/**
 * Prints and writes the review (read in the terminal's locale); returns the exit code (4 when a
 * cell failed).
 */
export async function writeReviewOutput(
  matrix: ReviewMatrix,
  options: Pick<ReviewOptions, 'json' | 'out' | 'chromium'>,
  ctx: CliContext,
  note: (text: string) => void,
): Promise<number> {
  const short = shortJobId(matrix.review.id);
  if (options.json) await ctx.out(renderReviewJson(matrix));
  else {
    const terminal = ctx.stdoutTerminal;
    const width = terminal.isTTY && terminal.columns ? terminal.columns : undefined;
    await ctx.out(reviewTable(matrix, width));
  }
  if (options.out !== undefined) {
    const printPdf = pdfPrinter(options.chromium, ctx.env);
    const { written, skipped } = await writeReviewReports(matrix, options.out, {
      printPdf: printPdf.printer,
      timeZone: localZone(ctx.env.TZ),
      signal: ctx.signal,
    });
    note(`memagent: wrote ${written.map((f) => path.basename(f)).join(', ')} to ${options.out}`);
    if (skipped.includes('pdf')) note(`note: review.pdf skipped: ${printPdf.why}`);
  }
  const failed = matrix.cells.filter((c) => c.status === 'failed');
  const titles = new Map(matrix.documents.map((d) => [d.id, d.title]));
  const labels = new Map(matrix.questions.map((q, i) => [q.id, `Q${i + 1}`]));
  for (const cell of failed)
    note(
      `memagent: ${labels.get(cell.questionId) ?? cell.questionId} of ${oneLine(titles.get(cell.documentId) ?? cell.documentId)} failed: ${oneLine(cell.error ?? 'no reason was stored')}`,
    );
  const { counts } = matrix.review;
  note(
    `review ${short}: ${counts.done} of ${counts.cells} cells answered; \`memagent export ${short} -o review.html\` writes its report`,
  );
  return failed.length > 0 ? EXIT.backend : EXIT.ok;
}

/** The browser that prints the PDF, or why there is none (one line for the user). */
function pdfPrinter(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
): { printer: PdfPrinter | undefined; why: string } {
  try {
    return { printer: chromiumPrinter(findChromium(given, env)), why: '' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      printer: undefined,
      why: `${message} Give --chromium PATH or set MEMAGENT_CHROMIUM to print it.`,
    };
  }
}
