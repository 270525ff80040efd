// One extraction of a PDF with the app's engine in a fresh process, for bench/extract-pdf.ts:
// prints wall and CPU time (all threads) and peak RSS as JSON, writes the text to a file.
//   node bench/extract-pdf-child.ts <file.pdf> <out.txt> <workers>
import { readFileSync, writeFileSync } from 'node:fs';
import { enableCompileCache } from '../electron/core/compile-cache.ts';
import { DEFAULT_EXTRACTION_LIMITS } from '../electron/core/documents/limits.ts';
import { extractPdf } from '../electron/core/documents/pdf.ts';

// As the command line does: the workers load their modules from Node's compile cache.
enableCompileCache();

const [file = '', out = '', workers = '2'] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
const started = performance.now();
const cpuBefore = process.cpuUsage();
const doc = await extractPdf(bytes, {
  deadline: Date.now() + 600_000,
  timeLimitMs: 600_000,
  maxMemoryBytes: DEFAULT_EXTRACTION_LIMITS.maxMemoryBytes,
  maxPartBytes: DEFAULT_EXTRACTION_LIMITS.maxPartBytes,
  maxWorkers: Number(workers),
  name: 'bench',
});
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
writeFileSync(out, doc.text);
console.log(
  JSON.stringify({
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    pages: doc.pages?.length ?? 0,
    warnings: doc.warnings,
  }),
);
