// The IPC adapters of starting a review (shared/api.ts `reviews:estimate|create|add-*`,
// `reviews:estimate-add`): parse, call the review use cases (review-estimate.ts,
// review-add-estimate.ts, review-create.ts, review-cells.ts), and hand
// the stored job to the app's live jobs, which drive it on the one run registry.
import type { CallHandlers } from '../../../shared/api.ts';
import type { ReviewStarted } from '../../../shared/review-setup.ts';
import { plural } from '../../../shared/plural.ts';
import { checkProfileReady, resolveProfile } from '../backends/backend-client.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { EstimateParts } from '../use-cases/estimate-parts.ts';
import type { LiveJobs } from '../use-cases/live-jobs.ts';
import { estimateReviewAddition } from '../use-cases/review-add-estimate.ts';
import { addDocuments, addQuestions } from '../use-cases/review-cells.ts';
import { createReview } from '../use-cases/review-create.ts';
import { estimateReview } from '../use-cases/review-estimate.ts';
import type { LibraryRunParts } from '../use-cases/run-parts.ts';
import { asResult } from './invoke-call.ts';

type ReviewSetupHandlers = Pick<
  CallHandlers,
  | 'reviews:estimate'
  | 'reviews:estimate-add'
  | 'reviews:create'
  | 'reviews:add-documents'
  | 'reviews:add-questions'
>;

export interface ReviewSetupDeps {
  parts: LibraryRunParts;
  estimates: EstimateParts;
  secrets: SecretStore;
  jobs: LiveJobs;
  /** Runs at once on a backend (its one limit). */
  concurrencyOf: (profileId: string) => number;
  track: <T>(work: Promise<T>) => Promise<T>;
}

export function createReviewSetupHandlers(deps: ReviewSetupDeps): ReviewSetupHandlers {
  const { parts, jobs } = deps;
  const { store } = parts;

  /** The review's backend: the profile it was started with while it exists, else the active. */
  const profileOf = (reviewId: string) => {
    const job = store.jobs.get(reviewId);
    if (!job || job.kind !== 'review')
      throw new CoreError('NotFound', 'This review is no longer in the library.');
    const own = typeof job.settings.profileId === 'string' ? job.settings.profileId : undefined;
    return resolveProfile(
      store.settings,
      own !== undefined && store.settings.profile(own) ? own : undefined,
    );
  };

  /** New cells are read now, or after the drive going now, which claimed its runs before them. */
  const drive = (reviewId: string, owner: string) =>
    jobs.driveAgain(reviewId, profileOf(reviewId), owner);

  const added = async (
    reviewId: string,
    owner: string,
    add: (options: { profile: ReturnType<typeof profileOf>; origin: 'app' }) => string[],
  ): Promise<ReviewStarted> => {
    const profile = profileOf(reviewId);
    await checkProfileReady(profile, deps.secrets);
    const runIds = add({ profile, origin: 'app' });
    if (runIds.length > 0) drive(reviewId, owner);
    return { reviewId, runIds };
  };

  return {
    'reviews:estimate': ({ documentIds, questions, settings, profileId }) =>
      asResult(() =>
        deps.track(
          estimateReview(
            deps.estimates,
            { documentIds, questions, settings, ...(profileId ? { profileId } : {}) },
            deps.concurrencyOf,
          ),
        ),
      ),
    'reviews:estimate-add': ({ reviewId, add }) =>
      asResult(() =>
        deps.track(
          // The new cells are read on the review's backend and settings (`added` below).
          estimateReviewAddition(deps.estimates, reviewId, add, {
            profileId: profileOf(reviewId).id,
            concurrencyOf: deps.concurrencyOf,
          }),
        ),
      ),
    'reviews:create': ({ title, checklist, documentIds, settings, profileId }, ctx) =>
      asResult(async () => {
        const profile = resolveProfile(store.settings, profileId);
        // A missing backend, key or model is an immediate answer, not a review of failed cells.
        await checkProfileReady(profile, deps.secrets);
        const reviewId = createReview(parts, {
          title: title || `${checklist.name} · ${plural(documentIds.length, 'document')}`,
          checklist: {
            name: checklist.name,
            questions: checklist.questions,
            ...(checklist.id !== undefined ? { id: checklist.id } : {}),
          },
          documentIds,
          profile,
          settings,
          origin: 'app',
        });
        jobs.drive(reviewId, profile, ctx.senderId);
        return { reviewId, runIds: store.jobs.runs(reviewId).map((r) => r.id) };
      }),
    'reviews:add-documents': ({ reviewId, documentIds }, ctx) =>
      asResult(() =>
        added(reviewId, ctx.senderId, (options) =>
          addDocuments(parts, reviewId, documentIds, options),
        ),
      ),
    'reviews:add-questions': ({ reviewId, questions }, ctx) =>
      asResult(() =>
        added(reviewId, ctx.senderId, (options) =>
          addQuestions(parts, reviewId, questions, options),
        ),
      ),
  };
}
