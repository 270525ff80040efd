// Benchmark: a scanned PDF read end to end, as the app and the CLI read one. Pages of two corpus
// PDFs are scanned at 150 dpi in grey (pdftoppm) and wrapped as an image-only PDF (img2pdf);
// extractDocument renders each page with PDFium and recognises it on the OCR pool. Prints the
// whole extraction's wall and CPU time (OCR threads included), seconds per page, and per page the
// confidence and the share of pdftotext's words (from the original PDF) found in the OCR text.
//   npm exec -- node bench/ocr-pdf.ts [--pool N]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { extractDocument } from '../electron/core/documents/index.ts';
import { createOcrPool, defaultOcrPoolSize } from '../electron/core/documents/ocr-pool.ts';
import {
  makeScannedPdf,
  popplerWords,
  wordOverlap,
  wordsOf,
} from '../electron/core/documents/ocr.test-support.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--pool');
const poolSize = at >= 0 ? Number(args[at + 1]) : defaultOcrPoolSize();
const corpus = path.resolve(import.meta.dirname, '../../shared/corpus');
const sources: [string, number[]][] = [
  ['gpl-3.0.pdf', [1, 2, 3]],
  ['cplusplus-annotations.pdf', [40, 300, 700]],
];
if (!sources.every(([file]) => existsSync(path.join(corpus, file)))) {
  console.log(`skipped: the corpus is not at ${corpus}`);
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-bench-ocr-pdf-'));
try {
  // One image-only PDF of all six pages, in this order.
  // makeScannedPdf writes one file name per folder: a folder per source.
  const parts = sources.map(([file, pages], i) => {
    const sub = path.join(dir, String(i));
    mkdirSync(sub);
    return makeScannedPdf(path.join(corpus, file), pages, sub);
  });
  const scanned = path.join(dir, 'all-pages.pdf');
  execFileSync('qpdf', ['--empty', '--pages', ...parts, '--', scanned]);
  const originals = sources.flatMap(([file, pages]) =>
    pages.map((page) => ({ file, page, words: popplerWords(path.join(corpus, file), page) })),
  );

  console.log(
    `${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, OCR pool of ${poolSize}, ${originals.length} scanned pages`,
  );
  const pool = createOcrPool({ size: poolSize });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const doc = await extractDocument({ path: scanned }, { ocr: { pool } });
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  await pool.close();

  console.log('| page | words | confidence | overlap |');
  console.log('| ---- | ----- | ---------- | ------- |');
  let hits = 0;
  let total = 0;
  originals.forEach(({ file, page, words }, i) => {
    const span = doc.pages?.[i];
    const found = wordsOf(span === undefined ? '' : doc.text.slice(span.start, span.end));
    const overlap = wordOverlap(words, found);
    hits += overlap * words.length;
    total += words.length;
    const confidence = doc.ocrPages?.find((p) => p.page === i + 1)?.confidence;
    console.log(
      `| ${file} p. ${page} | ${words.length} | ${confidence?.toFixed(1) ?? '-'} | ${overlap.toFixed(4)} |`,
    );
  });
  const n = originals.length;
  console.log(
    `\nwhole extraction: wall ${wallS.toFixed(2)} s (${(wallS / n).toFixed(2)} s a page), ` +
      `CPU ${cpuS.toFixed(2)} s (${(cpuS / n).toFixed(2)} s a page); ` +
      `overlap ${(hits / Math.max(1, total)).toFixed(4)} of ${total} words; ` +
      `warnings: ${doc.warnings.length === 0 ? 'none' : doc.warnings.join(' | ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
