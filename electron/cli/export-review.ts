// `memagent export REVIEW_ID -o FILE`: one report of a stored review, its format from the file's
// extension (.html .pdf .csv .xlsx .json) or --format, read from the stored runs (nothing is
// read again).
import { CoreError } from '../core/errors.ts';
import type { PdfPrinter } from '../core/export/pdf.ts';
import { REVIEW_FORMATS, exportReviewAs, type ReviewFormat } from '../core/export/review-export.ts';
import { localZone } from '../core/export/readable.ts';
import { MIN_ID_PREFIX } from '../core/store/lookup.ts';
import type { Store } from '../core/store/store.ts';
import { shortJobId } from '../core/use-cases/job-claim.ts';
import { environmentLocale } from '../../shared/locale.ts';
import { reviewMatrix } from '../core/use-cases/review-matrix.ts';
import type { CliContext } from './context.ts';
import type { AnyExportFormat } from './export-args.ts';

/**
 * The review whose id is `given` or starts with it (at least MIN_ID_PREFIX characters), if
 * exactly one review's does; undefined otherwise, and `export` reads `given` as a run id.
 */
export function findReviewId(store: Store, given: string): string | undefined {
  const prefix = given.trim().toLowerCase();
  const isReview = (id: string) => store.jobs.get(id)?.kind === 'review';
  if (prefix === '') return undefined;
  if (isReview(prefix)) return prefix;
  if (prefix.length < MIN_ID_PREFIX) return undefined;
  const reviews = store.jobs.idsStartingWith(prefix, 3).filter(isReview);
  return reviews.length === 1 ? reviews[0] : undefined;
}

/** The report of review `jobId` in `format`: text (HTML, CSV, JSON) or bytes (PDF, XLSX). */
export async function reviewReport(
  store: Store,
  jobId: string,
  format: AnyExportFormat,
  printPdf: PdfPrinter | undefined,
  ctx: CliContext,
): Promise<string | Uint8Array> {
  const reviewFormat = REVIEW_FORMATS.find((f): f is ReviewFormat => f === format);
  if (reviewFormat === undefined)
    throw new CoreError(
      'BadUsage',
      `Review ${shortJobId(jobId)} is written as ${REVIEW_FORMATS.join(', ')}, not ${format}.`,
      { hint: 'Choose an -o file ending in .html, .pdf, .csv, .xlsx or .json.' },
    );
  // In the terminal's locale, as `memagent review` writes the same reports.
  const locale = environmentLocale(ctx.env);
  const matrix = reviewMatrix(store, jobId, locale === undefined ? {} : { locale });
  return exportReviewAs(matrix, reviewFormat, {
    printPdf,
    timeZone: localZone(ctx.env.TZ),
    signal: ctx.signal,
  });
}
