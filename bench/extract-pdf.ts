// Benchmark: the app's PDF extraction (PDFium, two workers by default) of the 1,151-page corpus
// book against `pdftotext -layout`, in the same run: 3 rounds, alternating which goes first.
// Each side runs in its own process, so wall, CPU (all threads) and peak RSS are its own. Also
// prints how many of poppler's words our text contains (raw, and with poppler's line-end
// hyphens undone by our rule, since poppler keeps them).
//   npm exec -- node bench/extract-pdf.ts [file.pdf] [--workers N] [--rounds N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dehyphenate } from '../electron/core/documents/pdf-assemble.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const workers = option('--workers', 2);
const rounds = option('--rounds', 3);
const file =
  args.find((a, i) => !a.startsWith('--') && !(args[i - 1] ?? '').startsWith('--')) ??
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

type Figures = { wallMs: number; cpuMs: number; peakRssMb: number; processWallMs?: number };
const dir = mkdtempSync(join(tmpdir(), 'bench-pdf-'));

function poppler(): Figures {
  // GNU time reports the child's own wall, user, system time and peak RSS (KB).
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', '%e %U %S %M', 'pdftotext', '-layout', file, join(dir, 'poppler.txt')],
    { encoding: 'utf8' },
  );
  const m = /([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(run.stderr.trim());
  if (run.status !== 0 || m === null) throw new Error(`pdftotext failed: ${run.stderr}`);
  return {
    wallMs: Math.round(Number(m[1]) * 1000),
    cpuMs: Math.round((Number(m[2]) + Number(m[3])) * 1000),
    peakRssMb: Math.round(Number(m[4]) / 1024),
  };
}

function ours(): Figures {
  const child = resolve(import.meta.dirname, 'extract-pdf-child.ts');
  const started = performance.now();
  const run = spawnSync(process.execPath, [child, file, join(dir, 'ours.txt'), String(workers)], {
    encoding: 'utf8',
  });
  const processMs = Math.round(performance.now() - started);
  if (run.status !== 0) throw new Error(`extraction failed: ${run.stderr}`);
  const figures = JSON.parse(run.stdout) as Figures;
  // The child's own figures exclude Node's start-up; the process time includes it.
  return { ...figures, processWallMs: processMs };
}

const results: { round: number; poppler: Figures; ours: Figures }[] = [];
for (let round = 1; round <= rounds; round++) {
  // Alternate the order so neither side always runs on a warmer (or busier) machine.
  if (round % 2 === 1) {
    const p = poppler();
    results.push({ round, poppler: p, ours: ours() });
  } else {
    const o = ours();
    results.push({ round, poppler: poppler(), ours: o });
  }
  const last = results.at(-1);
  console.log(JSON.stringify(last));
}

const popplerText = readFileSync(join(dir, 'poppler.txt'), 'utf8');
const oursText = readFileSync(join(dir, 'ours.txt'), 'utf8');
const popplerDehyphenated =
  dehyphenate([popplerText.replace(/[ \t]+\n/g, '\n').replace(/\n[ \t]+/g, '\n')])[0] ?? '';
const ratio = (f: (r: (typeof results)[number]) => number): number[] =>
  results.map((r) => Number(f(r).toFixed(2)));
console.log(
  JSON.stringify(
    {
      file,
      workers,
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      loadAverage: loadavg().map((x) => Number(x.toFixed(1))),
      wallRatio: ratio((r) => r.ours.wallMs / r.poppler.wallMs),
      cpuRatio: ratio((r) => r.ours.cpuMs / r.poppler.cpuMs),
      oursPeakRssMb: results.map((r) => r.ours.peakRssMb),
      wordOverlap: Number((overlap(popplerText, oursText) * 100).toFixed(2)),
      wordOverlapDehyphenated: Number((overlap(popplerDehyphenated, oursText) * 100).toFixed(2)),
    },
    null,
    2,
  ),
);
