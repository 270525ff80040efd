// Benchmark: OCR of scans made here. Pages of two corpus PDFs are rendered by poppler at 150 dpi
// in grey (what a scanner gives), recognised by the OCR pool, and compared with pdftotext's
// words for the same page. Prints seconds per page (wall, and the process's CPU, which counts
// the OCR worker threads), confidence and word overlap, then the pool's throughput.
//   npm exec -- node bench/ocr.ts [--pool N] [--dpi D]
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createOcrPool } from '../electron/core/documents/ocr-pool.ts';
import {
  popplerWords,
  scanPage,
  wordOverlap,
  wordsOf,
} from '../electron/core/documents/ocr.test-support.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const poolSize = option('--pool', 1);
const dpi = option('--dpi', 150);
const corpus = resolve(import.meta.dirname, '../../shared/corpus');
const pages: [string, number][] = [
  ['gpl-3.0.pdf', 1],
  ['gpl-3.0.pdf', 2],
  ['gpl-3.0.pdf', 3],
  ['cplusplus-annotations.pdf', 40],
  ['cplusplus-annotations.pdf', 300],
  ['cplusplus-annotations.pdf', 700],
];
if (!pages.every(([file]) => existsSync(resolve(corpus, file)))) {
  console.log(`skipped: the corpus is not at ${corpus}`);
  process.exit(0);
}

console.log(
  `${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; pool of ${poolSize}, ${dpi} dpi`,
);
const scans = pages.map(([file, page]) => ({
  file,
  page,
  pdf: resolve(corpus, file),
  ...scanPage(resolve(corpus, file), page, dpi),
}));
const pool = createOcrPool({ size: poolSize });

// Warm-up: the first page also starts the worker (WASM and language data).
let start = performance.now();
await pool.recognize(scans[0]!);
console.log(`first page incl. worker start: ${((performance.now() - start) / 1000).toFixed(2)} s`);

console.log('page                             wall s   cpu s   conf   words  overlap');
let refWords = 0;
let hitWords = 0;
for (const scan of scans) {
  const cpu = process.cpuUsage();
  start = performance.now();
  const result = await pool.recognize(scan);
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const reference = popplerWords(scan.pdf, scan.page);
  const overlap = wordOverlap(reference, wordsOf(result.text));
  refWords += reference.length;
  hitWords += overlap * reference.length;
  console.log(
    `${`${scan.file} p.${scan.page}`.padEnd(32)} ${wall.toFixed(2).padStart(6)}  ${((used.user + used.system) / 1e6).toFixed(2).padStart(6)}  ${result.confidence.toFixed(1).padStart(5)}  ${String(reference.length).padStart(6)}  ${overlap.toFixed(4)}`,
  );
}
console.log(`all pages: word overlap ${(hitWords / refWords).toFixed(4)} of ${refWords} words`);

// Throughput: every page at once through the pool.
const cpu = process.cpuUsage();
start = performance.now();
await Promise.all(scans.map((scan) => pool.recognize(scan)));
const wall = (performance.now() - start) / 1000;
const used = process.cpuUsage(cpu);
console.log(
  `${scans.length} pages at once: ${wall.toFixed(2)} s wall (${(wall / scans.length).toFixed(2)} s a page), ` +
    `${((used.user + used.system) / 1e6).toFixed(2)} s CPU`,
);
await pool.close();
