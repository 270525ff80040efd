// What the history index costs a run: the time of each chunk's commit (one transaction, as the
// run journal writes it) and the library's size, with the FTS5 trigram index's triggers of
// migration 5 and, as the peer in the same run, on a library where the memory trigger is dropped.
//   npm exec -- node bench/commit-cost.ts [--chunks N] [--memory-chars N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import { openStore } from '../electron/core/store/store.ts';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '700' },
    'memory-chars': { type: 'string', default: '4000' },
  },
});
const CHUNKS = Number(values.chunks);
const CHARS = Number(values['memory-chars']);
const WORDS =
  'the buyer pays all costs within thirty days of delivery unless the seller agrees otherwise in writing 契約 東京 署名'.split(
    ' ',
  );
let seed = 11;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const memoryText = () => {
  let text = '';
  while (text.length < CHARS) text += `${WORDS[Math.floor(next() * WORDS.length)]} `;
  return text.slice(0, CHARS);
};

interface Result {
  medianMs: number;
  p95Ms: number;
  totalMs: number;
  bytes: number;
}

function measure(withIndex: boolean): Result {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bench-commit-'));
  try {
    const store = openStore(dir);
    if (!withIndex) store.db.exec('DROP TRIGGER memories_history_ai');
    store.documents.upsert({
      id: 'd'.repeat(64),
      fileName: 'book.pdf',
      format: 'pdf',
      title: 'Book',
      chars: 1,
      openedAt: 1,
      warnings: [],
    });
    store.runs.create({
      id: 'run',
      documentId: 'd'.repeat(64),
      question: 'Who pays the costs?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'running',
      createdAt: 1,
    });
    const times: number[] = [];
    for (let c = 0; c < CHUNKS; c += 1) {
      const memory = memoryText();
      const t = performance.now();
      store.runs.saveMemory('run', {
        chunk: c,
        memory,
        usage: { promptTokens: 1, completionTokens: 1 },
        ms: 1,
        kept: false,
      });
      times.push(performance.now() - t);
    }
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.close();
    const bytes = fs
      .readdirSync(dir)
      .reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      totalMs: times.reduce((a, b) => a + b, 0),
      bytes,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Alternated, so a busy moment of the machine does not fall on one side only.
const runs: { index: Result[]; plain: Result[] } = { index: [], plain: [] };
for (let round = 0; round < 3; round += 1) {
  runs.index.push(measure(true));
  runs.plain.push(measure(false));
}
const mid = (rs: Result[], key: keyof Result) =>
  [...rs.map((r) => r[key])].sort((a, b) => a - b)[1] ?? 0;
const row = (name: string, rs: Result[]) =>
  `| ${name} | ${mid(rs, 'medianMs').toFixed(2)} | ${mid(rs, 'p95Ms').toFixed(2)} | ${(mid(rs, 'totalMs') / 1000).toFixed(2)} | ${(mid(rs, 'bytes') / 2 ** 20).toFixed(1)} |`;
console.log(
  `${CHUNKS} chunk commits of ${CHARS}-character memories (median of 3 rounds each), ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
);
console.log('| library | median commit ms | p95 ms | all commits s | size MB |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(row('with the history index (migration 5)', runs.index));
console.log(row('memory trigger dropped (peer)', runs.plain));
