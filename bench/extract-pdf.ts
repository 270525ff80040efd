// Benchmark: our PDF extraction of the 1,151-page corpus book against `pdftotext -layout`, in
// the same run. Prints wall times and their ratio, our peak RSS (the whole process, workers
// included: they are threads of it) and how many of poppler's words our text contains.
//   npm exec -- node bench/extract-pdf.ts [file.pdf] [--workers N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_EXTRACTION_LIMITS } from '../electron/core/documents/limits.ts';
import { extractPdf } from '../electron/core/documents/pdf.ts';
import { dehyphenate } from '../electron/core/documents/pdf-assemble.ts';

const args = process.argv.slice(2);
const workersArg = args.indexOf('--workers');
const maxWorkers = workersArg >= 0 ? Number(args[workersArg + 1]) : undefined;
const file =
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--workers') ??
  resolve(import.meta.dirname, '../../shared/corpus/cplusplus-annotations.pdf');
if (!existsSync(file)) {
  console.log(`skipped: ${file} not found`);
  process.exit(0);
}

/** Words as lowercase letter/digit runs, counted. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu))
    counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  return counts;
}

/** Share of `reference` word occurrences also present in `text` (multiset intersection). */
function overlap(reference: string, text: string): number {
  const ref = wordCounts(reference);
  const ours = wordCounts(text);
  let total = 0;
  let found = 0;
  for (const [word, n] of ref) {
    total += n;
    found += Math.min(n, ours.get(word) ?? 0);
  }
  return found / total;
}

const out = join(mkdtempSync(join(tmpdir(), 'bench-pdf-')), 'poppler.txt');
let t = performance.now();
// Through bash so `times` reports pdftotext's CPU time: on a busy machine wall time is noise.
const poppler = spawnSync('bash', ['-c', 'pdftotext -layout "$0" "$1" && times', file, out], {
  encoding: 'utf8',
});
const popplerMs = performance.now() - t;
const childTimes = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(poppler.stdout.trim());
const popplerCpuMs =
  childTimes === null
    ? NaN
    : (Number(childTimes[1]) * 60 +
        Number(childTimes[2]) +
        Number(childTimes[3]) * 60 +
        Number(childTimes[4])) *
      1000;
if (poppler.status !== 0) {
  console.log('pdftotext failed or is missing (apt-get install -y poppler-utils)');
  process.exit(1);
}
const popplerText = readFileSync(out, 'utf8');

const bytes = new Uint8Array(readFileSync(file));
t = performance.now();
const cpuBefore = process.cpuUsage();
const options: Parameters<typeof extractPdf>[1] = {
  deadline: Date.now() + 600_000,
  timeLimitMs: 600_000,
  maxMemoryBytes: DEFAULT_EXTRACTION_LIMITS.maxMemoryBytes,
  maxPartBytes: DEFAULT_EXTRACTION_LIMITS.maxPartBytes,
  name: 'bench',
};
if (maxWorkers !== undefined) options.maxWorkers = maxWorkers;
const doc = await extractPdf(bytes, options);
const oursMs = performance.now() - t;
const cpu = process.cpuUsage(cpuBefore);
const oursCpuMs = (cpu.user + cpu.system) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;

// Poppler keeps line-end hyphens; the same rule applied to its text compares content, not layout.
const popplerDehyphenated =
  dehyphenate([popplerText.replace(/[ \t]+\n/g, '\n').replace(/\n[ \t]+/g, '\n')])[0] ?? '';
const figures = {
  file,
  pages: doc.pages?.length,
  chars: doc.text.length,
  pdftotextMs: Math.round(popplerMs),
  oursMs: Math.round(oursMs),
  ratio: Number((oursMs / popplerMs).toFixed(2)),
  pdftotextCpuMs: Math.round(popplerCpuMs),
  oursCpuMs: Math.round(oursCpuMs),
  cpuRatio: Number((oursCpuMs / popplerCpuMs).toFixed(2)),
  loadAverage: loadavg().map((x) => Number(x.toFixed(1))),
  peakRssMb: Math.round(peakMb),
  wordOverlap: Number((overlap(popplerText, doc.text) * 100).toFixed(2)),
  wordOverlapDehyphenated: Number((overlap(popplerDehyphenated, doc.text) * 100).toFixed(2)),
  warnings: doc.warnings,
};
console.log(JSON.stringify(figures, null, 2));
