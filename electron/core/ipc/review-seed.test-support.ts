// Seeding a review into an app's library from a test, as another process would make one (the
// command line, or the new-review flow): createReview over the library file with its own writer,
// closed again, so the app can claim and drive the review's job. Not a test file itself.
import type { RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { openStore } from '../store/store.ts';
import { registerWriter } from '../store/writers.ts';
import { createReview } from '../use-cases/review-create.ts';

export interface ReviewSeed {
  title: string;
  checklistName: string;
  documentIds: readonly string[];
  questions: readonly ReviewQuestion[];
  /** A profile the library keeps (the simulator's). */
  profileId: string;
  settings: RunSettings;
}

/** Creates review `seed` in the library in `dataDir` (all cells queued); returns its id. */
export function seedReview(dataDir: string, seed: ReviewSeed): string {
  const store = openStore(dataDir);
  const writer = registerWriter(store.db, 'cli');
  try {
    const profile = store.settings.profile(seed.profileId);
    if (!profile) throw new Error(`No profile ${seed.profileId} in the library.`);
    return createReview(
      { store, writer, now: Date.now },
      {
        title: seed.title,
        checklist: { name: seed.checklistName, questions: seed.questions },
        documentIds: seed.documentIds,
        profile,
        settings: seed.settings,
        origin: 'cli',
      },
    );
  } finally {
    writer.close();
    store.close();
  }
}
