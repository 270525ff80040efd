import path from 'node:path';
import type Database from 'better-sqlite3';
import { trackLibrary } from './damage-mark.ts';
import { DATABASE_FILE, openDatabase } from './database.ts';
import { createChecklistRepo, type ChecklistRepo } from './checklist-repo.ts';
import { createDocumentRepo, type DocumentRepo } from './document-repo.ts';
import { createEvidenceQueue, type EvidenceQueue } from './evidence-queue.ts';
import { createJobRepo, type JobRepo } from './job-repo.ts';
import { createQuoteRepo, type QuoteRepo } from './quote-repo.ts';
import { createReviewRepo, type ReviewRepo } from './review-repo.ts';
import { createRunRepo, type RunRepo } from './run-repo.ts';
import { openToRead } from './read-open.ts';
import { createSettingsRepo, type SettingsRepo } from './settings-repo.ts';

/** The library on disk: one SQLite database with typed repositories over it. */
export interface Store {
  readonly db: Database.Database;
  readonly documents: DocumentRepo;
  readonly runs: RunRepo;
  /** Groups of runs read together, stored so their queue survives a crash. */
  readonly jobs: JobRepo;
  /** Saved checklists (a name and its questions). */
  readonly checklists: ChecklistRepo;
  /** A review job's documents, questions and cells (each cell's runs). */
  readonly reviews: ReviewRepo;
  /** The quote check's results of runs. */
  readonly quotes: QuoteRepo;
  readonly settings: SettingsRepo;
  /** Runs stored before evidence was kept, waiting for their passages (evidence-backfill.ts). */
  readonly evidenceQueue: EvidenceQueue;
  close(): void;
}

/**
 * Opens `{dataDir}/memagent.db`, or the database `file` when given (migrating it), and returns
 * its repositories.
 */
export function openStore(dataDir: string, file?: string): Store {
  const name = file ?? path.join(dataDir, DATABASE_FILE);
  return storeOver(openDatabase(dataDir, name), name);
}

/**
 * Opens the library `file` for a command that only reads it (`openToRead`): never creates it,
 * and reads it read-only when it cannot be written.
 */
export function openStoreToRead(file: string): Store {
  return storeOver(openToRead(file), file);
}

function storeOver(db: Database.Database, file: string): Store {
  // Known to this process, so damage found later in it is traced to this file (damage-mark.ts).
  const untrack = trackLibrary(file, db);
  return {
    db,
    documents: createDocumentRepo(db),
    runs: createRunRepo(db),
    jobs: createJobRepo(db),
    checklists: createChecklistRepo(db),
    reviews: createReviewRepo(db),
    quotes: createQuoteRepo(db),
    settings: createSettingsRepo(db),
    evidenceQueue: createEvidenceQueue(db),
    close() {
      untrack();
      if (db.open) db.close();
    },
  };
}
