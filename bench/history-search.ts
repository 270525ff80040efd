// History search benchmark: how long `runs.search` takes on a large library.
//   npm exec -- node bench/history-search.ts [--runs N] [--chunks N]
// Builds a real library file in a temp folder (N runs × M memory states of about 1 KB each,
// with sentences of the corpus-like kind), then times searches of the trigram index (FTS5,
// three characters and more) beside the LIKE scan the short terms use (one or two characters),
// and the same long term forced through a LIKE scan as the peer the index replaces. Since issue 25
// the search takes words (each anywhere in a run), so several-word cases are timed too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import { openStore } from '../electron/core/store/store.ts';
import { writeTransaction } from '../electron/core/store/write-transaction.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, chunks: { type: 'string', default: '50' } },
});
const RUNS = Number(values.runs);
const CHUNKS = Number(values.chunks);
const WORDS =
  'the river bends twice before the mill travellers rest by the old bridge and talk of weather harvest market prices licence conveying verbatim copies source code warranty termination patent 東京 地図 研究者 記録'.split(
    ' ',
  );

let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bench-history-'));
try {
  const store = openStore(dir);
  const built = performance.now();
  store.documents.upsert({
    id: 'd'.repeat(64),
    fileName: 'book.pdf',
    format: 'pdf',
    title: 'Book',
    chars: 1,
    openedAt: 1,
    warnings: [],
  });
  writeTransaction(store.db, () => {
    for (let r = 0; r < RUNS; r += 1) {
      const id = `run-${String(r).padStart(5, '0')}`;
      store.runs.create({
        id,
        documentId: 'd'.repeat(64),
        question: `Question ${r}: ${sentence(8)}?`,
        settings: DEFAULT_RUN_SETTINGS,
        status: 'done',
        createdAt: r,
        textKey: 'd'.repeat(64),
      });
      for (let c = 0; c < CHUNKS; c += 1) {
        // A rare needle in one run of fifty, at one chunk.
        const needle = r % 50 === 3 && c === 17 ? ' The vault code is 4711-QX. ' : ' ';
        store.runs.saveMemory(id, {
          chunk: c,
          memory: `${sentence(90)}.${needle}${sentence(90)}.`,
          usage: { promptTokens: 1, completionTokens: 1 },
          ms: 1,
          kept: false,
        });
      }
      store.runs.saveAnswer(id, {
        answer: sentence(12),
        response: sentence(12),
        usage: { promptTokens: 1, completionTokens: 1 },
        ms: 1,
        cut: false,
      });
    }
  })();
  const buildMs = performance.now() - built;
  const rows = store.db.prepare('SELECT COUNT(*) AS n FROM history').get() as { n: number };
  const bytes = fs.statSync(path.join(dir, 'memagent.db')).size;

  const time = (f: () => unknown, rounds = 7) => {
    f();
    const ms: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const t = performance.now();
      f();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return ms[Math.floor(ms.length / 2)] ?? 0;
  };
  const like = store.db.prepare(
    "SELECT DISTINCT run_id FROM history WHERE text LIKE ? ESCAPE '\\'",
  );
  const cases: [string, () => unknown][] = [
    ['search "4711-QX" (rare, trigram index)', () => store.runs.search('4711-QX')],
    ['LIKE scan for "4711-QX" (the peer)', () => like.all('%4711-QX%')],
    ['search "verbatim" (in every run, index)', () => store.runs.search('verbatim')],
    ['search "verbatim copies source" (index)', () => store.runs.search('verbatim copies source')],
    ['search "地図" (two characters, LIKE scan)', () => store.runs.search('地図')],
    ['search "zz" (two characters, no match)', () => store.runs.search('zz')],
    // Since issue 25 a search is words, each anywhere in the run (or its document's title).
    ['search "vault 4711-QX" (two words, rare)', () => store.runs.search('vault 4711-QX')],
    ['search "the verbatim" (two words, in every run)', () => store.runs.search('the verbatim')],
    ['search "book 地図" (a title word, a short word)', () => store.runs.search('book 地図')],
    ['search "warranty zz" (one word found, one not)', () => store.runs.search('warranty zz')],
  ];
  process.stdout.write(
    `${RUNS} runs × ${CHUNKS} memory states: ${rows.n} history rows, ${(bytes / 2 ** 20).toFixed(1)} MB, built in ${(buildMs / 1000).toFixed(1)} s\n` +
      `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, load ${os.loadavg()[0]?.toFixed(2)}, Node ${process.version}\n`,
  );
  for (const [name, f] of cases)
    process.stdout.write(`${name.padEnd(46)} ${time(f).toFixed(1).padStart(8)} ms (median of 7)\n`);
  store.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
