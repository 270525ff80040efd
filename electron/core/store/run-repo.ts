// Runs: their rows and status, with the summary queries (run-summary.ts) and what each run
// produced (run-results.ts) behind one repository.
import type Database from 'better-sqlite3';
import type { HistoryHit } from '../../../shared/history.ts';
import type {
  AppError,
  DocumentRunCounts,
  RunSettings,
  RunStatus,
  RunSummary,
} from '../../../shared/model.ts';
import { settingsColumn } from './columns.ts';
import { createHistorySearch, type HistorySearchOptions } from './history-search.ts';
import { createRunCounts } from './run-counts.ts';
import { createRunResults, type RunResults } from './run-results.ts';
import { createRunSummaries, type RunFilter } from './run-summary.ts';
import { writeTransaction } from './write-transaction.ts';

export type NewRun = Pick<
  RunSummary,
  | 'id'
  | 'documentId'
  | 'question'
  | 'settings'
  | 'profileId'
  | 'model'
  | 'status'
  | 'createdAt'
  | 'textKey'
> &
  Partial<Pick<RunSummary, 'origin' | 'importedAt' | 'backend'>>;

/** Runs and everything they produce: chunking, one memory state per finished chunk, warnings, the answer. */
export interface RunRepo extends RunResults {
  create(run: NewRun): RunSummary;
  get(id: string): RunSummary | undefined;
  /** Newest first. */
  listByDocument(documentId: string): RunSummary[];
  /** Runs of any document (or one), of some statuses, newest first. */
  list(filter?: RunFilter): RunSummary[];
  /** Ids of runs that start with `prefix` (at most `max`): a short id typed by a person. */
  idsStartingWith(prefix: string, max: number): string[];
  setModel(id: string, model: string): void;
  /**
   * The key the run's timings join the speed under when it is not its profile's (the built-in
   * model: its file and load options, backends/builtin-speed.ts), set when a session starts.
   */
  speedOwner(id: string): string | undefined;
  setSpeedOwner(id: string, owner: string | null): void;
  /** "Retry with…": the profile and settings the rest of the run uses (the latest are kept). */
  setBackend(id: string, backend: { profileId: string; settings: RunSettings }): void;
  setStatus(
    id: string,
    status: RunStatus,
    options?: { finishedAt?: number; error?: AppError | null },
  ): void;
  /**
   * Marks runs a process left queued or running as `interrupted` and returns their ids; one
   * that had stored its answer (it stopped in the quote step, a follow-up) is `done` instead, so
   * continuing it never asks for the answer again. A run left `paused` (stopped on purpose at a
   * chunk boundary: the app quit, Ctrl-C in a terminal) stays paused, with no owner, for any
   * process to continue. Only runs whose owner is missing or not `ownerAlive` are touched:
   * another live process (a terminal, the app) is reading the others right now.
   */
  markInterrupted(ownerAlive?: (owner: string) => boolean): string[];
  /** The writer (writers.ts) of the process reading the run, if any. */
  owner(id: string): string | undefined;
  /** Makes `owner` (a writer id, or null for none) the only process that may write the run. */
  setOwner(id: string, owner: string | null): void;
  remove(id: string): boolean;
  /** Every document's runs counted by state (`runs:counts`). */
  countsByDocument(): DocumentRunCounts[];
  /**
   * Runs whose question, answer or a memory state holds `text` (literally, any case), newest
   * first, with where it was found (history-search.ts).
   */
  search(text: string, options?: HistorySearchOptions): HistoryHit[];
}

export function createRunRepo(db: Database.Database): RunRepo {
  const insert = db.prepare(`
    INSERT INTO runs (id, document_id, question, settings, profile_id, model, status, chunk_count, created_at, text_key, origin, imported_at, backend)
    VALUES (@id, @document_id, @question, @settings, @profile_id, @model, @status, 0, @created_at, @text_key, @origin, @imported_at, @backend)`);
  const setModel = db.prepare('UPDATE runs SET model = ? WHERE id = ?');
  const speedOwner = db.prepare<[string], { speed_owner: string | null }>(
    'SELECT speed_owner FROM runs WHERE id = ?',
  );
  const setSpeedOwner = db.prepare('UPDATE runs SET speed_owner = ? WHERE id = ?');
  const setBackend = db.prepare('UPDATE runs SET profile_id = ?, settings = ? WHERE id = ?');
  const setStatus = db.prepare(
    'UPDATE runs SET status = ?, finished_at = ?, error = ? WHERE id = ?',
  );
  const setStatusOnly = db.prepare('UPDATE runs SET status = ? WHERE id = ?');
  const unfinished = db.prepare<
    [],
    { id: string; owner: string | null; status: string; answered: number }
  >(
    "SELECT id, owner, status, id IN (SELECT run_id FROM answers) AS answered FROM runs WHERE status IN ('queued', 'running', 'paused')",
  );
  const answeredDone = db.prepare("UPDATE runs SET status = 'done', error = NULL WHERE id = ?");
  const interrupt = db.prepare("UPDATE runs SET status = 'interrupted' WHERE id = ?");
  const owner = db.prepare<[string], { owner: string | null }>(
    'SELECT owner FROM runs WHERE id = ?',
  );
  const setOwner = db.prepare('UPDATE runs SET owner = ? WHERE id = ?');
  // GLOB, not LIKE: case-sensitive, and `_` or `%` in what the user typed match only themselves.
  const remove = db.prepare('DELETE FROM runs WHERE id = ?');
  const countsByDocument = createRunCounts(db);
  const summaries = createRunSummaries(db);
  const history = createHistorySearch(db, summaries.get);

  const repo: RunRepo = {
    ...createRunResults(db),
    ...summaries,
    create(run) {
      insert.run({
        id: run.id,
        document_id: run.documentId,
        question: run.question,
        settings: JSON.stringify(run.settings),
        profile_id: run.profileId ?? null,
        model: run.model ?? null,
        status: run.status,
        created_at: run.createdAt,
        text_key: run.textKey ?? run.documentId,
        origin: run.origin ?? 'app',
        imported_at: run.importedAt ?? null,
        backend: run.backend === undefined ? null : JSON.stringify(run.backend),
      });
      const created = repo.get(run.id);
      if (!created) throw new Error(`run ${run.id} vanished after insert`);
      return created;
    },
    setModel(id, model) {
      setModel.run(model, id);
    },
    speedOwner(id) {
      return speedOwner.get(id)?.speed_owner ?? undefined;
    },
    setSpeedOwner(id, owner) {
      setSpeedOwner.run(owner, id);
    },
    setBackend(id, { profileId, settings }) {
      setBackend.run(profileId, JSON.stringify(settingsColumn.parse(settings)), id);
    },
    setStatus(id, status, options) {
      if (options === undefined) {
        setStatusOnly.run(status, id);
        return;
      }
      setStatus.run(
        status,
        options.finishedAt ?? null,
        options.error ? JSON.stringify(options.error) : null,
        id,
      );
    },
    markInterrupted(ownerAlive = () => false) {
      return writeTransaction(db, () => {
        const ids: string[] = [];
        for (const run of unfinished.all()) {
          if (run.owner !== null && ownerAlive(run.owner)) continue;
          if (run.status === 'paused') {
            // Stopped on purpose at a chunk boundary (its memory saved): it stays paused.
            setOwner.run(null, run.id);
            continue;
          }
          if (run.answered) {
            answeredDone.run(run.id);
          } else {
            interrupt.run(run.id);
            ids.push(run.id);
          }
        }
        return ids;
      })();
    },
    owner(id) {
      return owner.get(id)?.owner ?? undefined;
    },
    setOwner(id, writer) {
      setOwner.run(writer, id);
    },
    remove(id) {
      return remove.run(id).changes > 0;
    },
    countsByDocument,
    search: history.search,
  };
  return repo;
}
