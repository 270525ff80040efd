import type Database from 'better-sqlite3';
import { CoreError } from '../errors.ts';
import { writeTransaction } from './write-transaction.ts';

/** One schema step. Steps run in order, each in its own transaction, and are never edited once shipped. */
export interface Migration {
  version: number;
  description: string;
  up(db: Database.Database): void;
}

/**
 * The schema history. `PRAGMA user_version` records the last step applied, so reopening a
 * database runs only the steps it has not seen. Append new steps; never change old ones.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'documents, runs, chunks, memory states, answers, warnings, profiles, settings',
    up(db) {
      db.exec(`
        CREATE TABLE documents (
          id TEXT PRIMARY KEY,
          file_name TEXT NOT NULL,
          path TEXT,
          format TEXT NOT NULL,
          title TEXT NOT NULL,
          chars INTEGER NOT NULL,
          page_count INTEGER,
          token_count INTEGER,
          tokenizer TEXT,
          opened_at INTEGER NOT NULL,
          warnings TEXT NOT NULL DEFAULT '[]'
        );
        CREATE TABLE runs (
          id TEXT PRIMARY KEY,
          document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
          question TEXT NOT NULL,
          settings TEXT NOT NULL,
          profile_id TEXT,
          model TEXT,
          status TEXT NOT NULL,
          chunk_count INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          finished_at INTEGER,
          error TEXT
        );
        CREATE INDEX runs_by_document ON runs(document_id, created_at);
        CREATE INDEX runs_by_status ON runs(status);
        CREATE TABLE chunks (
          run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
          idx INTEGER NOT NULL,
          start INTEGER NOT NULL,
          end INTEGER NOT NULL,
          tokens INTEGER NOT NULL,
          pages TEXT,
          section TEXT,
          PRIMARY KEY (run_id, idx)
        ) WITHOUT ROWID;
        CREATE TABLE memory_states (
          run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
          chunk INTEGER NOT NULL,
          memory TEXT NOT NULL,
          prompt_tokens INTEGER NOT NULL,
          completion_tokens INTEGER NOT NULL,
          ms REAL NOT NULL,
          kept INTEGER NOT NULL,
          PRIMARY KEY (run_id, chunk)
        ) WITHOUT ROWID;
        CREATE TABLE answers (
          run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
          answer TEXT,
          response TEXT NOT NULL,
          prompt_tokens INTEGER NOT NULL,
          completion_tokens INTEGER NOT NULL,
          ms REAL NOT NULL
        );
        CREATE TABLE warnings (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
          chunk INTEGER,
          code TEXT NOT NULL,
          message TEXT NOT NULL
        );
        CREATE INDEX warnings_by_run ON warnings(run_id);
        CREATE TABLE profiles (
          id TEXT PRIMARY KEY,
          position INTEGER NOT NULL,
          data TEXT NOT NULL
        );
        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    description: 'answers remember whether the final reply was cut at its token limit',
    up(db) {
      db.exec('ALTER TABLE answers ADD COLUMN cut INTEGER NOT NULL DEFAULT 0');
    },
  },
  {
    version: 3,
    description:
      'PDF readings (OCR settings) per document, the text key of each reading, runs remember the text they read',
    up(db) {
      // Rows from before: read with the default reading (NULL), whose text key is the document id.
      db.exec(`
        ALTER TABLE documents ADD COLUMN reading TEXT;
        ALTER TABLE documents ADD COLUMN text_key TEXT;
        ALTER TABLE documents ADD COLUMN ocr_page_count INTEGER;
        UPDATE documents SET text_key = id;
        ALTER TABLE runs ADD COLUMN text_key TEXT;
        UPDATE runs SET text_key = document_id;
        CREATE TABLE document_readings (
          document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
          text_key TEXT NOT NULL,
          reading TEXT NOT NULL,
          PRIMARY KEY (document_id, text_key)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 4,
    description: "the quote check: the model's verified quotes of a run and the check's counts",
    up(db) {
      // Tokens of the quote requests are part of the run's usage, like the answer's.
      db.exec(`
        CREATE TABLE run_quotes (
          run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
          chunk INTEGER NOT NULL,
          start INTEGER NOT NULL,
          end INTEGER NOT NULL,
          PRIMARY KEY (run_id, start, end)
        );
        CREATE TABLE quote_checks (
          run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
          asked INTEGER NOT NULL,
          accepted INTEGER NOT NULL,
          rejected INTEGER NOT NULL,
          failed INTEGER NOT NULL,
          prompt_tokens INTEGER NOT NULL,
          completion_tokens INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 5,
    description:
      'sessions: who reads each run, the backend it read with, where it came from, the replies as received, full-text history',
    up(db) {
      // owner: the `writers` row of the process reading the run (NULL when none). A process's
      // row carries its pid, host and heartbeat, so another process can tell a live reader from
      // one that died. backend: JSON {kind, name, baseUrl} (never a key), for runs read without
      // a profile (the command line). origin: 'app' | 'cli' | 'import'. reply/raw: the reply as
      // received when it differs from the stored memory or response (thinking, a cut reply),
      // for trajectories that carry exactly what the model said. evidence: JSON Evidence[] an
      // imported run brought with it (its document's text may not be in this library).
      // history: one row per question, answer and memory state, with an external-content FTS5
      // index over it (trigram: substrings, any script, case-insensitive). Kept in step by
      // triggers; an upsert (never REPLACE) so the index's own triggers always fire.
      db.exec(`
        ALTER TABLE runs ADD COLUMN owner TEXT;
        ALTER TABLE runs ADD COLUMN backend TEXT;
        ALTER TABLE runs ADD COLUMN origin TEXT NOT NULL DEFAULT 'app';
        ALTER TABLE runs ADD COLUMN imported_at INTEGER;
        ALTER TABLE runs ADD COLUMN evidence TEXT;
        ALTER TABLE memory_states ADD COLUMN reply TEXT;
        ALTER TABLE answers ADD COLUMN raw TEXT;
        CREATE TABLE writers (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          pid INTEGER NOT NULL,
          host TEXT NOT NULL,
          started_at INTEGER NOT NULL,
          heartbeat_at INTEGER NOT NULL
        );
        CREATE TABLE history (
          id INTEGER PRIMARY KEY,
          run_id TEXT NOT NULL,
          field TEXT NOT NULL,
          chunk INTEGER NOT NULL,
          text TEXT NOT NULL,
          UNIQUE (run_id, field, chunk)
        );
        CREATE VIRTUAL TABLE history_fts USING fts5(
          text, content='history', content_rowid='id', tokenize='trigram'
        );
        CREATE TRIGGER history_ai AFTER INSERT ON history BEGIN
          INSERT INTO history_fts(rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER history_ad AFTER DELETE ON history BEGIN
          INSERT INTO history_fts(history_fts, rowid, text) VALUES ('delete', old.id, old.text);
        END;
        CREATE TRIGGER history_au AFTER UPDATE ON history BEGIN
          INSERT INTO history_fts(history_fts, rowid, text) VALUES ('delete', old.id, old.text);
          INSERT INTO history_fts(rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER runs_history_ai AFTER INSERT ON runs BEGIN
          INSERT INTO history (run_id, field, chunk, text) VALUES (new.id, 'question', -1, new.question)
            ON CONFLICT (run_id, field, chunk) DO UPDATE SET text = excluded.text;
        END;
        CREATE TRIGGER runs_history_ad AFTER DELETE ON runs BEGIN
          DELETE FROM history WHERE run_id = old.id;
        END;
        CREATE TRIGGER answers_history_ai AFTER INSERT ON answers BEGIN
          INSERT INTO history (run_id, field, chunk, text)
            VALUES (new.run_id, 'answer', -1, COALESCE(new.answer, new.response))
            ON CONFLICT (run_id, field, chunk) DO UPDATE SET text = excluded.text;
        END;
        CREATE TRIGGER answers_history_ad AFTER DELETE ON answers BEGIN
          DELETE FROM history WHERE run_id = old.run_id AND field = 'answer';
        END;
        CREATE TRIGGER memories_history_ai AFTER INSERT ON memory_states BEGIN
          INSERT INTO history (run_id, field, chunk, text) VALUES (new.run_id, 'memory', new.chunk, new.memory)
            ON CONFLICT (run_id, field, chunk) DO UPDATE SET text = excluded.text;
        END;
        CREATE TRIGGER memories_history_ad AFTER DELETE ON memory_states BEGIN
          DELETE FROM history WHERE run_id = old.run_id AND field = 'memory' AND chunk = old.chunk;
        END;
        INSERT INTO history (run_id, field, chunk, text) SELECT id, 'question', -1, question FROM runs;
        INSERT INTO history (run_id, field, chunk, text)
          SELECT run_id, 'answer', -1, COALESCE(answer, response) FROM answers;
        INSERT INTO history (run_id, field, chunk, text)
          SELECT run_id, 'memory', chunk, memory FROM memory_states;
      `);
    },
  },
  {
    version: 6,
    description: 'the last "Check this backend" of each profile (its results only, never a key)',
    up(db) {
      // result: JSON CheckSnapshot (shared/backend-check.ts); connection: JSON {kind, baseUrl,
      // model, apiVersion} of the profile when it was checked, so a check of a server the
      // profile no longer points at is not shown as this profile's.
      db.exec(`
        CREATE TABLE backend_checks (
          profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
          checked_at INTEGER NOT NULL,
          connection TEXT NOT NULL,
          result TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 7,
    description:
      "writers: each process's start on its machine, so a zombie or a reused pid is not a live reader",
    up(db) {
      // process_start: "BOOT_ID:TICKS" from /proc/PID/stat on Linux (NULL elsewhere): a pid
      // whose process started at another moment is another process (process-identity.ts).
      db.exec('ALTER TABLE writers ADD COLUMN process_start TEXT');
    },
  },
  {
    version: 8,
    description:
      'history: the trigram index records which rows hold a trigram, not where (a tenth of its bytes)',
    up(db) {
      // history_fts kept every position of every trigram of every memory: 1.9 bytes of index per
      // byte of memory text, 4.7 bytes of library per byte of memory on a 700-chunk run. With
      // detail=none it records only the rows holding each trigram; the search then looks for the
      // term in the texts of those rows (history-search.ts), with the same results. Its triggers
      // (migration 5) name the table, not its options, and keep it in step as before.
      db.exec(`
        DROP TABLE history_fts;
        CREATE VIRTUAL TABLE history_fts USING fts5(
          text, content='history', content_rowid='id', tokenize='trigram', detail='none'
        );
        INSERT INTO history_fts (history_fts) VALUES ('rebuild');
      `);
    },
  },
  {
    version: 9,
    description:
      'evidence is data: the runs answered before it was kept wait for their passages to be found once',
    up(db) {
      // Since this version a run's passages (runs.evidence) are found once, when it ends, and
      // every view reads them. Finding them needs the text the run read, which lives in the text
      // cache on disk (or must be extracted again from the document's file): out of reach of SQL
      // in a transaction. So this step only lists the runs to back-fill; evidence-backfill.ts
      // finds their passages outside it, once, and takes each off the list whether or not its
      // text could be had (a run whose text is gone shows that its passages are not stored).
      db.exec(`
        CREATE TABLE evidence_backfill (
          run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE
        );
        INSERT INTO evidence_backfill (run_id)
          SELECT runs.id FROM runs JOIN answers ON answers.run_id = runs.id
          WHERE runs.status = 'done' AND answers.answer IS NOT NULL AND runs.evidence IS NULL;
      `);
    },
  },
  {
    version: 10,
    description:
      'jobs: groups of runs read together (the questions of one `ask`, an evaluation set, a review), stored so a crash leaves their queue',
    up(db) {
      // Every item of a job is a run row, created `queued` up front with its job_id and its
      // place (job_item), so the queue is in the library before any request and survives a
      // crash as rows; counts are a GROUP BY over runs, never stored twice. state: queued |
      // running | paused | done | failed | cancelled | interrupted. owner: the `writers` row of
      // the process driving the job, as runs.owner. backend: JSON RunBackend (never a key);
      // settings: JSON, what the kind needs to continue (e.g. the concurrency asked for).
      db.exec(`
        CREATE TABLE jobs (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          state TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          ended_at INTEGER,
          backend TEXT,
          settings TEXT NOT NULL DEFAULT '{}',
          owner TEXT
        );
        CREATE INDEX jobs_by_created ON jobs(created_at);
        ALTER TABLE runs ADD COLUMN job_id TEXT REFERENCES jobs(id) ON DELETE SET NULL;
        ALTER TABLE runs ADD COLUMN job_item INTEGER;
        CREATE INDEX runs_by_job ON runs(job_id, job_item);
      `);
    },
  },
  {
    version: 11,
    description:
      "reviews: saved checklists, and a review job's documents, questions and cells (each cell's runs, newest current)",
    up(db) {
      // checklists: questions is JSON ReviewQuestion[] in their order; names are unique so a
      // command line can name one. A review is a job of kind 'review' (migration 10) with one
      // `reviews` row: key, the hash of what makes it "the same review" (sorted document ids,
      // the questions' text, kind and guidance, the run settings), so `memagent review` run
      // again finds it; checklist_name, what the user chose it from. Its rows and columns keep
      // their order (position). A cell is every (document, question) pair; review_cells holds
      // one row per run the cell ever had: the newest (created_at, then id) is the cell's
      // current run, the job's item; older ones are its history, unlinked from the job
      // (runs.job_id NULL) so the job's counts and its resume see only the current runs.
      // Deleting a run removes its cell row; deleting the job removes the review's rows.
      db.exec(`
        CREATE TABLE checklists (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          questions TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE reviews (
          job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
          key TEXT NOT NULL,
          checklist_name TEXT NOT NULL,
          checklist_id TEXT
        );
        CREATE INDEX reviews_by_key ON reviews(key);
        CREATE TABLE review_documents (
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          PRIMARY KEY (job_id, document_id)
        ) WITHOUT ROWID;
        CREATE TABLE review_questions (
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          question_id TEXT NOT NULL,
          position INTEGER NOT NULL,
          text TEXT NOT NULL,
          kind TEXT NOT NULL,
          guidance TEXT,
          expected TEXT,
          PRIMARY KEY (job_id, question_id)
        ) WITHOUT ROWID;
        CREATE TABLE review_cells (
          id INTEGER PRIMARY KEY,
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          document_id TEXT NOT NULL,
          question_id TEXT NOT NULL,
          run_id TEXT NOT NULL UNIQUE REFERENCES runs(id) ON DELETE CASCADE,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX review_cells_by_cell ON review_cells(job_id, document_id, question_id, created_at);
      `);
    },
  },
  {
    version: 12,
    description: 'history: the trigram index folds diacritics, so "resume" finds "résumé"',
    up(db) {
      // The history search looks for each word of a search with case and diacritics folded
      // (shared/search-fold.ts); the index must fold them too, or a row holding "résumé" would
      // never be a candidate for "resume". Options as migration 8's, plus remove_diacritics;
      // its triggers (migration 5) name the table, not its options.
      db.exec(`
        DROP TABLE history_fts;
        CREATE VIRTUAL TABLE history_fts USING fts5(
          text, content='history', content_rowid='id', tokenize='trigram remove_diacritics 1',
          detail='none'
        );
        INSERT INTO history_fts (history_fts) VALUES ('rebuild');
      `);
    },
  },
  {
    version: 13,
    description:
      "runs: the key the built-in model's run timings are kept under (file and load options)",
    up(db) {
      // A run's request timings join the speed of the backend it was read with. For a server
      // that is its profile (store/speed-owner.ts); the built-in model's speed is this computer's
      // with one model file and load options (GPU layers, threads, context), which a profile's
      // edit changes. The run keeps the key of its latest session (backends/builtin-speed.ts);
      // NULL for a server, and for runs read before this version (they keep the profile's key).
      db.exec('ALTER TABLE runs ADD COLUMN speed_owner TEXT');
    },
  },
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/**
 * Brings `db` up to `SCHEMA_VERSION`. Idempotent: a current database is left untouched.
 * A database written by a newer build is refused rather than guessed at.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new CoreError(
      'Unsupported',
      'The library database was written by a newer version of MemAgent Desktop.',
      {
        hint: 'Update the app, or move the data folder aside to start a new library.',
        detail: `schema version ${current}, this build knows up to ${latest}`,
      },
    );
  }
  for (const step of migrations) {
    if (step.version <= current) continue;
    // IMMEDIATE, and the version read again inside: another process opening the same library at
    // this moment may have applied the step while this one waited for the write lock.
    writeTransaction(db, () => {
      const now = db.pragma('user_version', { simple: true }) as number;
      if (step.version <= now) return;
      step.up(db);
      // PRAGMA takes no bound parameters; the version is an integer from our own list.
      db.pragma(`user_version = ${Math.trunc(step.version)}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
