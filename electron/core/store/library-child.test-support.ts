// A second process for the library fault tests. Usage: node library-child.test-support.ts MODE FILE
// - `lock FILE [MS]`: holds the library's write lock (prints "locked") until stdin closes, or for
//   MS milliseconds when given.
// - `read FILE`: holds a read transaction, a snapshot of the library, until stdin closes (prints
//   "reading").
// - `churn FILE`: a terminal saving chunks as fast as it can: one small write transaction after
//   another until stdin closes (prints "writing" after the first commit).
// - `write FILE`: opens the library and saves a run, printing the error value it met as JSON (or
//   "saved").
// - `open FILE`: opens (creating) the library, printing "opened" or the error.
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { toAppError } from '../errors.ts';
import { openStore } from './store.ts';

const [mode, file, ms] = process.argv.slice(2) as [
  'lock' | 'read' | 'churn' | 'write' | 'open',
  string,
  string | undefined,
];
const untilStdinEnds = (stop: () => void) => {
  process.stdin.resume();
  process.stdin.on('end', () => {
    stop();
    process.exit(0);
  });
};

if (mode === 'open') {
  try {
    openStore(path.dirname(file), file).close();
    process.stdout.write('opened\n');
  } catch (error) {
    process.stdout.write(`${JSON.stringify(toAppError(error))}\n`);
  }
} else if (mode === 'lock') {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.exec('BEGIN IMMEDIATE');
  process.stdout.write('locked\n');
  const release = () => {
    db.exec('COMMIT');
    db.close();
  };
  if (ms === undefined) untilStdinEnds(release);
  else setTimeout(release, Number(ms));
} else if (mode === 'read') {
  const db = new Database(file);
  db.exec('BEGIN');
  db.prepare('SELECT count(*) FROM runs').get();
  process.stdout.write('reading\n');
  untilStdinEnds(() => {
    db.exec('COMMIT');
    db.close();
  });
} else if (mode === 'churn') {
  const store = openStore(path.dirname(file), file);
  store.documents.upsert({
    id: 'churn',
    fileName: 'churn.txt',
    format: 'text',
    title: 'Churn',
    chars: 1,
    openedAt: 1,
    warnings: [],
  });
  let stop = false;
  untilStdinEnds(() => (stop = true));
  let n = 0;
  const step = () => {
    if (stop) return;
    // A burst of commits, then a turn of the event loop so stdin's end is seen.
    for (let i = 0; i < 20; i += 1, n += 1) store.documents.touch('churn', n, `/tmp/${n}`, 'c.txt');
    if (n === 20) process.stdout.write('writing\n');
    setImmediate(step);
  };
  step();
} else {
  try {
    const store = openStore(path.dirname(file), file);
    store.runs.create({
      id: 'child-run',
      documentId: 'book',
      question: 'Written by the child?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'queued',
      createdAt: 1,
      textKey: 'book',
    });
    store.close();
    process.stdout.write('saved\n');
  } catch (error) {
    process.stdout.write(`${JSON.stringify(toAppError(error))}\n`);
  }
}
