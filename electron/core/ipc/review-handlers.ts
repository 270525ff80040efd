// The IPC adapters of the review table's calls (shared/api.ts "reviews (table)"): the list, one
// review's table in the window's locale (through the live feed, so later pushes are relative to
// what the window has, in the same locale),
// reading cells again (then driven as the review's job in this app) and saving its reports.
import fs from 'node:fs/promises';
import type { CallHandlers } from '../../../shared/api.ts';
import { checkProfileReady, resolveProfile } from '../backends/backend-client.ts';
import { CoreError } from '../errors.ts';
import type { PdfPrinter } from '../export/pdf.ts';
import { localZone } from '../export/readable.ts';
import { exportReviewAs, type ReviewFormat } from '../export/review-export.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { LiveJobs } from '../use-cases/live-jobs.ts';
import { rerunCells, type CellSelection } from '../use-cases/review-cells.ts';
import { listReviews } from '../use-cases/review-find.ts';
import { reviewMatrix } from '../use-cases/review-matrix.ts';
import type { LibraryRunParts } from '../use-cases/run-parts.ts';
import { slug } from './export-handlers.ts';
import { asResult } from './invoke-call.ts';
import type { PathGrants } from './path-grants.ts';
import type { ReviewFeed } from './review-feed.ts';

type ReviewTableHandlers = Pick<
  CallHandlers,
  'reviews:list' | 'reviews:get' | 'reviews:rerun' | 'reviews:export'
>;

export interface ReviewTableDeps {
  parts: LibraryRunParts;
  secrets: SecretStore;
  jobs: LiveJobs;
  feed: ReviewFeed;
  grants: PathGrants;
  chooseSavePath?: ((suggested: string) => Promise<string | null>) | undefined;
  printPdf?: PdfPrinter | undefined;
}

export function createReviewTableHandlers(deps: ReviewTableDeps): ReviewTableHandlers {
  const { parts, jobs, feed } = deps;
  const { store } = parts;
  return {
    'reviews:list': () =>
      asResult(() =>
        listReviews(store, 500).map((review) => ({
          ...review,
          documents: store.reviews.documents(review.id).length,
          questions: store.reviews.questions(review.id).length,
        })),
      ),
    'reviews:get': ({ reviewId, locale }) => asResult(() => feed.read(reviewId, { locale })),
    'reviews:rerun': ({ reviewId, target }, ctx) =>
      asResult(async () => {
        const selection: CellSelection =
          'documentId' in target && 'questionId' in target
            ? { cells: [{ documentId: target.documentId, questionId: target.questionId }] }
            : target;
        const runIds = rerunCells(parts, reviewId, selection, { origin: 'app' });
        if (runIds.length === 0) return runIds;
        // The new runs keep the backend their cells were read with; the job reads them with it.
        const first = runIds[0] === undefined ? undefined : store.runs.get(runIds[0]);
        const profile = resolveProfile(store.settings, first?.profileId);
        await checkProfileReady(profile, deps.secrets);
        jobs.driveAgain(reviewId, profile, ctx.senderId);
        feed.jobChanged(reviewId);
        return runIds;
      }),
    'reviews:export': ({ reviewId, format, locale }, ctx) =>
      asResult(async () => {
        // A report is read on its own: the feed's pushes stay relative to the window's table.
        const matrix = reviewMatrix(store, reviewId, locale === undefined ? {} : { locale });
        if (!deps.chooseSavePath)
          throw new CoreError('Unsupported', 'Saving files is not available here.');
        const file = await deps.chooseSavePath(`${slug(matrix.review.title)}-review.${format}`);
        if (file === null) return null;
        const content = await exportReviewAs(matrix, format satisfies ReviewFormat, {
          timeZone: localZone(),
          exportedAt: parts.now(),
          printPdf: deps.printPdf,
        });
        try {
          await fs.writeFile(file, content);
        } catch (error) {
          throw new CoreError('NotFound', 'The report could not be saved there.', {
            hint: 'Choose a folder you can write to.',
            detail: error instanceof Error ? error.message : String(error),
          });
        }
        deps.grants.grant(ctx.senderId, 'open-saved-export', file);
        return { path: file };
      }),
  };
}
