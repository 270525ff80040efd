// Benchmark: the app's PDF extraction (PDFium, two workers by default) against
// `pdftotext -layout`, in the same run, for each PDF given (default: the 1,151-page corpus book,
// the 261-page table-heavy Debian reference and the Japanese PDF that bench/make-ja-pdf.ts
// makes). 3 rounds per document, alternating which side goes first. Each side runs in its own
// process, so wall, CPU (all threads) and peak RSS are its own. Then how much of poppler's text
// ours contains:
// - words: lowercase letter/digit runs, as poppler prints them and with poppler's line-end
//   hyphens undone by our rule (poppler keeps them; we join them);
// - characters: every non-whitespace character, NFKC-normalised (so a ligature counts as its
//   letters), as multisets. For Japanese, which has no spaces between words, "words" are whole
//   runs of kana and kanji up to the next space, punctuation or line end and depend on where
//   each tool breaks lines, so the character figure is the one that measures the text.
// A missing document is skipped with a line saying so.
//   npm exec -- node bench/extract-pdf.ts [file.pdf ...] [--workers N] [--rounds N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { dehyphenate } from '../electron/core/documents/pdf-assemble.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const workers = option('--workers', 2);
const rounds = option('--rounds', 3);
const given = args.filter((a, i) => !a.startsWith('--') && !(args[i - 1] ?? '').startsWith('--'));
const defaults: { file: string; hint: string }[] = [
  {
    file: resolve(import.meta.dirname, '../../shared/corpus/cplusplus-annotations.pdf'),
    hint: 'the corpus folder beside the repository',
  },
  {
    file: '/usr/share/debian-reference/debian-reference.en.pdf',
    hint: 'apt-get install -y debian-reference-en',
  },
  {
    file: resolve(import.meta.dirname, '../tmp/bench/live-manual.ja.pdf'),
    hint: 'npm exec -- node bench/make-ja-pdf.ts',
  },
];
const documents = given.length > 0 ? given.map((file) => ({ file, hint: '' })) : defaults;

/** Occurrences of each item. */
function counts(items: Iterable<string>): Map<string, number> {
  const result = new Map<string, number>();
  for (const item of items) result.set(item, (result.get(item) ?? 0) + 1);
  return result;
}

/** Words as lowercase letter/digit runs. */
function* words(text: string): Iterable<string> {
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) yield m[0];
}

/** Non-whitespace characters (code points), NFKC-normalised. */
function* characters(text: string): Iterable<string> {
  for (const c of text.normalize('NFKC')) if (!/\s/u.test(c)) yield c;
}

/** Share of `reference` occurrences also present in `text` (multiset intersection), in %. */
function overlap(reference: Iterable<string>, text: Iterable<string>): number {
  const ref = counts(reference);
  const ours = counts(text);
  let total = 0;
  let found = 0;
  for (const [item, n] of ref) {
    total += n;
    found += Math.min(n, ours.get(item) ?? 0);
  }
  return Number(((found / total) * 100).toFixed(2));
}

type Figures = { wallMs: number; cpuMs: number; peakRssMb: number; processWallMs?: number };
const dir = mkdtempSync(join(tmpdir(), 'bench-pdf-'));

function poppler(file: string): Figures {
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

function ours(file: string): Figures {
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

const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const x = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

console.log(
  `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, ${workers} workers, ` +
    `${rounds} rounds, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
for (const { file, hint } of documents) {
  console.log('');
  if (!existsSync(file)) {
    console.log(`skipped: ${file} not found${hint === '' ? '' : ` (${hint})`}`);
    continue;
  }
  console.log(`${basename(file)}`);
  const results: { round: number; first: string; poppler: Figures; ours: Figures }[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternate the order so neither side always runs on a warmer (or busier) machine.
    if (round % 2 === 1) {
      const p = poppler(file);
      results.push({ round, first: 'pdftotext', poppler: p, ours: ours(file) });
    } else {
      const o = ours(file);
      results.push({ round, first: 'ours', poppler: poppler(file), ours: o });
    }
  }
  console.log(
    '| round (first) | ours wall | pdftotext wall | wall ratio | ours CPU | pdftotext CPU | ' +
      'CPU ratio | ours peak RSS | pdftotext peak RSS | ours process wall |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { round, first, poppler: p, ours: o } of results)
    console.log(
      `| ${round} (${first}) | ${s(o.wallMs)} | ${s(p.wallMs)} | ${x(o.wallMs, p.wallMs)} | ` +
        `${s(o.cpuMs)} | ${s(p.cpuMs)} | ${x(o.cpuMs, p.cpuMs)} | ${o.peakRssMb} MB | ` +
        `${p.peakRssMb} MB | ${s(o.processWallMs ?? 0)} |`,
    );
  const popplerText = readFileSync(join(dir, 'poppler.txt'), 'utf8');
  const oursText = readFileSync(join(dir, 'ours.txt'), 'utf8');
  const popplerDehyphenated =
    dehyphenate([popplerText.replace(/[ \t]+\n/g, '\n').replace(/\n[ \t]+/g, '\n')])[0] ?? '';
  console.log(
    `overlap with poppler: words ${overlap(words(popplerText), words(oursText))}%, ` +
      `words with poppler's hyphens undone ` +
      `${overlap(words(popplerDehyphenated), words(oursText))}%, ` +
      `non-whitespace characters ${overlap(characters(popplerText), characters(oursText))}% ` +
      `(ours in poppler's: ${overlap(characters(oursText), characters(popplerText))}%); ` +
      `${[...characters(popplerText)].length} characters from poppler, ` +
      `${[...characters(oursText)].length} from ours`,
  );
}
