// A second process for the library fault tests. `lock FILE`: holds the library's write lock
// until stdin closes (prints "locked"). `write FILE`: opens the library and saves a run, printing
// the error value it met as JSON (or "saved"). `open FILE`: opens (creating) the library, printing
// "opened" or the error. Usage: node library-child.test-support.ts MODE FILE
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { toAppError } from '../errors.ts';
import { openStore } from './store.ts';

const [mode, file] = process.argv.slice(2) as ['lock' | 'write' | 'open', string];
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
  process.stdin.resume();
  process.stdin.on('end', () => {
    db.exec('COMMIT');
    db.close();
    process.exit(0);
  });
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
