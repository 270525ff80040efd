// The command line's library: opened as a writer, its text cache for the use cases (documents
// and runs are entered by core/use-cases, as the app enters them), the command that continues
// a run, and the journal its runs are saved through.
import path from 'node:path';
import { createDocumentCache, type DocumentCache } from '../core/documents/cache.ts';
import type { RunJournal } from '../core/agent/run-registry.ts';
import type { TextCache } from '../core/use-cases/open-document.ts';
import { createRunJournal } from '../core/store/run-journal.ts';
import type { Store } from '../core/store/store.ts';
import { registerWriter, type Writer } from '../core/store/writers.ts';
import { openLibrary, type LibraryLocation } from './library.ts';
import { writeTransaction } from '../core/store/write-transaction.ts';
import { shellWord } from './shell-word.ts';

/** Where a command keeps its runs: the library's file, and whether `--db` named it. */
export interface LibraryChoice {
  location: LibraryLocation;
  /** `--db` was given: the resume command must name the file too. */
  named: boolean;
}

/** The library opened by one command, which is registered as one of its writers. */
export interface CliLibrary {
  store: Store;
  writer: Writer;
  /** The extracted-text cache in the library's data folder, shared with the app. */
  texts: DocumentCache;
  choice: LibraryChoice;
  close(): void;
}

/**
 * Opens the library as a writer of kind 'cli'. Runs a process left reading when it died (a
 * SIGKILL, a closed terminal) are marked interrupted on the way, as the app does at start; runs
 * a live process is reading are left alone.
 */
export function openCliLibrary(choice: LibraryChoice): CliLibrary {
  const store = openLibrary(choice.location);
  let writer: Writer;
  try {
    writer = registerWriter(store.db, 'cli');
    store.runs.markInterrupted((owner) => writer.isAlive(owner));
    store.jobs.markInterrupted((owner) => writer.isAlive(owner));
  } catch (error) {
    store.close();
    throw error;
  }
  return {
    store,
    writer,
    texts: createDocumentCache(path.join(choice.location.dataDir, 'cache')),
    choice,
    close() {
      writer.close();
      store.close();
    },
  };
}

/** The library's text cache as the use cases take it (core/use-cases/open-document.ts). */
export function cacheOf(library: CliLibrary): TextCache {
  return {
    cached: (key) => library.texts.get(key),
    remember: (key, doc) => library.texts.put(key, doc),
  };
}

/** The exact command that continues run `runId` of this library. */
export function resumeCommand(choice: LibraryChoice, runId: string): string {
  const db = choice.named ? ` --db ${shellWord(choice.location.file)}` : '';
  return `npm run memagent -- resume ${runId}${db}`;
}

/**
 * The journal the command's runs are saved through: the app's one write path (run-journal.ts),
 * each chunk's memory committed before the next request.
 *
 * TEST ONLY: `MEMAGENT_TEST_KILL_IN_COMMIT=K` makes the process SIGKILL itself inside the
 * transaction that commits chunk K's memory (0-based), before it commits. The fault tests use it
 * to show that a kill in a commit loses only that chunk, which resume reads again.
 */
export function cliJournal(library: CliLibrary, env: NodeJS.ProcessEnv): RunJournal {
  const journal = createRunJournal(library.store, Date.now);
  const killAt = env.MEMAGENT_TEST_KILL_IN_COMMIT;
  if (killAt === undefined || killAt === '') return journal;
  const chunk = Number(killAt);
  return {
    ...journal,
    record(runId, event) {
      if (event.type !== 'chunk-done' || event.state.chunk !== chunk) {
        journal.record(runId, event);
        return;
      }
      writeTransaction(library.store.db, () => {
        journal.record(runId, event);
        process.kill(process.pid, 'SIGKILL');
      })();
    },
  };
}
