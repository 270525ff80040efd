// `memagent review --list`: the library's reviews, newest first, as a table or JSON.
import { hasLibrary } from '../core/store/read-open.ts';
import { settleDeadReaders } from '../core/store/writers.ts';
import { listReviews } from '../core/use-cases/review-find.ts';
import type { CliContext } from './context.ts';
import { openLibraryToRead } from './library.ts';
import { EXIT } from './report-error.ts';
import type { ReviewListOptions } from './review-args.ts';
import { reviewList, type ReviewListing } from './review-table.ts';

export async function runReviewList(options: ReviewListOptions, ctx: CliContext): Promise<number> {
  const where = options.library.location.file;
  if (!hasLibrary(where)) {
    await ctx.out(options.json ? '[]\n' : `There is no library at ${where} yet.\n`);
    return EXIT.ok;
  }
  const store = openLibraryToRead(options.library.location);
  try {
    // Reviews whose process died show as interrupted, not as running forever.
    settleDeadReaders(store.db, (alive) => {
      store.runs.markInterrupted(alive);
      store.jobs.markInterrupted(alive);
    });
    const listings: ReviewListing[] = listReviews(store).map((r) => ({
      id: r.id,
      title: r.title,
      checklist: r.checklistName,
      documents: store.reviews.documents(r.id).length,
      questions: store.reviews.questions(r.id).length,
      state: r.state,
      counts: r.counts,
      createdAt: new Date(r.createdAt).toISOString(),
      endedAt: r.endedAt === undefined ? null : new Date(r.endedAt).toISOString(),
    }));
    if (options.json) {
      await ctx.out(`${JSON.stringify(listings, null, 2)}\n`);
      return EXIT.ok;
    }
    if (listings.length === 0) {
      await ctx.out(
        `The library ${where} has no reviews yet: \`memagent review FILE... --checklist LIST\` makes one.\n`,
      );
      return EXIT.ok;
    }
    const terminal = ctx.stdoutTerminal;
    const width = terminal.isTTY && terminal.columns ? terminal.columns : undefined;
    await ctx.out(`${reviewList(listings, ctx.env.TZ, width)}\n`);
    return EXIT.ok;
  } finally {
    store.close();
  }
}
