// The command line's runs in the library: the library opened as a writer, the document entered
// as the app enters it (with its text in the cache, so the app never reads the file again), the
// command that continues a run (runs are created by the use cases, core/use-cases/start-run.ts).
import path from 'node:path';
import type { DocumentText, Reading } from '../../shared/model.ts';
import { createDocumentCache, type DocumentCache } from '../core/documents/cache.ts';
import type { RunJournal } from '../core/agent/run-registry.ts';
import { describeDocument } from '../core/service/document-handlers.ts';
import { createRunJournal } from '../core/service/run-journal.ts';
import type { Store } from '../core/store/store.ts';
import { registerWriter, type Writer } from '../core/store/writers.ts';
import { openLibrary, type LibraryLocation } from './library.ts';
import { writeTransaction } from '../core/store/write-transaction.ts';

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

/**
 * Enters the document with content hash `id` read from `file` into the library, as the app's
 * "open" does: a new entry with its reading and text key, or the known one touched (path, name,
 * time); when the terminal read it another way (other OCR flags), that reading becomes its
 * current text, as "Read again" does in the app. The text goes into the cache either way.
 */
export async function saveDocument(
  library: CliLibrary,
  file: string,
  id: string,
  doc: DocumentText,
  reading: Reading,
  now: number,
): Promise<{ textKey: string }> {
  const { store } = library;
  const info = describeDocument(id, path.basename(file), file, doc, now, reading);
  const textKey = info.textKey ?? id;
  await library.texts.put(textKey, doc);
  const known = store.documents.get(id);
  if (!known) {
    store.documents.upsert(info);
  } else {
    writeTransaction(store.db, () => {
      store.documents.touch(id, now, file, info.fileName);
      if (known.textKey !== textKey && info.reading !== undefined) {
        store.documents.setText(id, {
          title: info.title,
          chars: info.chars,
          pageCount: info.pageCount,
          warnings: info.warnings,
          ocrPageCount: info.ocrPageCount,
          reading: info.reading,
          textKey,
        });
      }
    })();
  }
  return { textKey };
}

/** A word for a POSIX shell: quoted when it holds anything but safe characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
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
