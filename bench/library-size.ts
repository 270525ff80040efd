// Library size and check time: how many bytes the library spends per byte of memory text, and
// how long SQLite's `quick_check` and `integrity_check` take on it.
//   npm exec -- node bench/library-size.ts [--runs N] [--chunks N] [--keep DIR]
// Builds a real library through the store API: N runs of M chunks each whose memory grows as
// a MemAgent memory does (notes added each chunk, most of the last memory kept, up to about
// 1,024 tokens ≈ 3,600 characters, then older notes dropped), then prints the file's size, the
// memory text it holds, the bytes of each table and index (SQLite's dbstat), and the checks'
// times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import { openStore } from '../electron/core/store/store.ts';
import { writeTransaction } from '../electron/core/store/write-transaction.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    chunks: { type: 'string', default: '700' },
    keep: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const CHUNKS = Number(values.chunks);
const MAX_CHARS = 3600;
const WORDS =
  'the river bends twice before the mill travellers rest by the old bridge and talk of weather harvest market prices licence conveying verbatim copies source code warranty termination patent clause party agreement notice section chapter witness ledger'.split(
    ' ',
  );
let seed = 11;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');

const dir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bench-size-'));
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, 'memagent.db');
try {
  const store = openStore(dir);
  const started = performance.now();
  const docId = 'd'.repeat(64);
  store.documents.upsert({
    id: docId,
    fileName: 'book.pdf',
    format: 'pdf',
    title: 'Book',
    chars: 1,
    openedAt: 1,
    warnings: [],
  });
  let textBytes = 0;
  for (let r = 0; r < RUNS; r += 1) {
    const id = `run-${String(r).padStart(5, '0')}`;
    writeTransaction(store.db, () => {
      store.runs.create({
        id,
        documentId: docId,
        question: `Question ${r}: ${sentence(8)}?`,
        settings: DEFAULT_RUN_SETTINGS,
        status: 'done',
        createdAt: r,
        textKey: docId,
      });
    })();
    let notes: string[] = [];
    for (let c = 0; c < CHUNKS; c += 1) {
      // Each chunk: one or two new notes; now and then one earlier note is rewritten.
      notes.push(`Chunk ${c}: ${sentence(12 + Math.floor(next() * 14))}.`);
      if (next() < 0.5) notes.push(sentence(10) + '.');
      if (notes.length > 3 && next() < 0.3) notes[Math.floor(next() * notes.length)] = sentence(15);
      while (notes.join(' ').length > MAX_CHARS) notes = notes.slice(1);
      const memory = notes.join(' ');
      textBytes += Buffer.byteLength(memory);
      // One commit per chunk, as the run loop does.
      store.runs.saveMemory(id, {
        chunk: c,
        memory,
        usage: { promptTokens: 1, completionTokens: 1 },
        ms: 1,
        kept: false,
      });
    }
  }
  const buildS = (performance.now() - started) / 1000;
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  const bytes = fs.statSync(file).size;
  const tables = store.db
    .prepare(
      'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 12',
    )
    .all() as { name: string; bytes: number }[];
  const timed = (sql: string) => {
    const t = performance.now();
    const result = store.db.pragma(sql, { simple: true });
    return { ms: Math.round(performance.now() - t), result };
  };
  const quick = timed('quick_check(1)');
  const integrity = timed('integrity_check(1)');
  store.close();
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `${RUNS} run(s) × ${CHUNKS} chunks, built in ${buildS.toFixed(1)} s: file ${mb(bytes)}, memory text ${mb(textBytes)} (${(bytes / textBytes).toFixed(2)}×)`,
  );
  for (const t of tables) console.log(`  ${t.name.padEnd(28)} ${mb(t.bytes)}`);
  console.log(`quick_check: ${quick.ms} ms (${String(quick.result)})`);
  console.log(`integrity_check: ${integrity.ms} ms (${String(integrity.result)})`);
} finally {
  if (values.keep === undefined) fs.rmSync(dir, { recursive: true, force: true });
}
