// A library holding one run of many chunks, to measure `show` and the exports on it:
//   npm exec -- node bench/huge-run.ts DIR [--chunks N]
// Writes DIR/memagent.db through the store API: one document, one finished run of N chunks
// (default 10⁶) whose memory is a short note list rewritten every chunk (about 450 characters),
// and its answer. Then: /usr/bin/time -v node electron/cli/main.ts show RUN --db DIR/memagent.db.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RUN_SETTINGS, type ChunkInfo } from '../shared/model.ts';
import { openStore } from '../electron/core/store/store.ts';
import { writeTransaction } from '../electron/core/store/write-transaction.ts';

const { values, positionals } = parseArgs({
  options: { chunks: { type: 'string', default: String(10 ** 6) } },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir) throw new Error('usage: bench/huge-run.ts DIR [--chunks N]');
const CHUNKS = Number(values.chunks);
const RUN = '7a1c3e0b-9f4d-4c2a-8b6e-1d2f3a4b5c6d';
fs.mkdirSync(dir, { recursive: true });
const started = performance.now();
const store = openStore(dir);
try {
  const docId = 'e'.repeat(64);
  store.documents.upsert({
    id: docId,
    fileName: 'huge.pdf',
    format: 'pdf',
    title: 'Huge',
    chars: CHUNKS * 1000,
    openedAt: 1,
    warnings: [],
  });
  writeTransaction(store.db, () => {
    store.runs.create({
      id: RUN,
      documentId: docId,
      question: 'What is the vault code?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'done',
      createdAt: 1,
      textKey: docId,
    });
  })();
  const chunks: ChunkInfo[] = Array.from({ length: CHUNKS }, (_, i) => ({
    index: i,
    start: i * 1000,
    end: (i + 1) * 1000,
    tokens: 256,
    pages: { first: i + 1, last: i + 1 },
  }));
  store.runs.setChunks(RUN, chunks);
  const notes = ['The vault is in the mill.', 'The code has four digits.'];
  const BATCH = 10_000;
  for (let from = 0; from < CHUNKS; from += BATCH)
    writeTransaction(store.db, () => {
      for (let c = from; c < Math.min(CHUNKS, from + BATCH); c += 1) {
        if (c % 1000 === 0) notes.push(`At chunk ${c + 1} the river bends by the old bridge.`);
        while (notes.join(' ').length > 450) notes.splice(2, 1);
        store.runs.saveMemory(RUN, {
          chunk: c,
          memory: `${notes.join(' ')} Read ${c + 1} chunks.`,
          usage: { promptTokens: 600, completionTokens: 120 },
          ms: 900,
          kept: c % 997 === 3,
        });
      }
    })();
  store.runs.saveAnswer(RUN, {
    answer: '4711',
    response: '\\boxed{4711}',
    usage: { promptTokens: 600, completionTokens: 10 },
    ms: 900,
    cut: false,
  });
  store.runs.setStatus(RUN, 'done', { finishedAt: 2 });
  store.db.pragma('wal_checkpoint(TRUNCATE)');
} finally {
  store.close();
}
const mb = fs.statSync(path.join(dir, 'memagent.db')).size / 1e6;
console.log(
  `run ${RUN}: ${CHUNKS} chunks, ${mb.toFixed(0)} MB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
