// The runs answered before evidence was kept with a run (listed by migration 9), waiting for
// their passages to be found once (evidence-backfill.ts). A run leaves the list once tried.
import type Database from 'better-sqlite3';

export interface EvidenceQueue {
  /** The runs still waiting, oldest first. */
  pending(): string[];
  /** Whether `runId` still waits for its passages to be found. */
  has(runId: string): boolean;
  /** Takes `runId` off the list: its passages were found and stored, or cannot be. */
  done(runId: string): void;
}

export function createEvidenceQueue(db: Database.Database): EvidenceQueue {
  const pending = db
    .prepare<[], string>(
      `SELECT run_id FROM evidence_backfill JOIN runs ON runs.id = run_id
       ORDER BY runs.created_at, run_id`,
    )
    .pluck();
  const has = db.prepare<[string], number>('SELECT 1 FROM evidence_backfill WHERE run_id = ?');
  const done = db.prepare('DELETE FROM evidence_backfill WHERE run_id = ?');
  return {
    pending: () => pending.all(),
    has: (runId) => has.get(runId) !== undefined,
    done: (runId) => void done.run(runId),
  };
}
