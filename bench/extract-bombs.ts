// Benchmark: the decompression bombs of issue 9 (0.3-1 MB files that inflate to 1 GB) through
// the CLI (`memagent extract`, its own process) and the app's path (extractDocument on bytes,
// workers inside the process), each in a fresh process under /usr/bin/time: peak RSS, wall
// time, outcome. `--repo DIR` runs another checkout's code (e.g. the commit before the bounds).
//   npm exec -- node bench/extract-bombs.ts [--repo DIR] [--only NAME]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { docxBomb, epubBomb, pdfBomb } from '../scripts/make-bombs.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const repo = resolve(option('--repo') ?? resolve(import.meta.dirname, '..'));
const only = option('--only');
const MB = 1024 * 1024;

const bombs: { name: string; make: () => Promise<Uint8Array> }[] = [
  // The four of issue 9.
  { name: 'epub-4x250MB.epub', make: () => epubBomb(4, 250 * MB) },
  { name: 'docx-250MB.docx', make: () => docxBomb(250 * MB) },
  { name: 'docx-1GB-declares-1KB.docx', make: () => docxBomb(1024 * MB, 1024) },
  { name: 'pdf-1GB-stream.pdf', make: () => pdfBomb(1024 * MB) },
  // Parts just under the 32 MB part limit: only the memory limit (watchdog, heap cap) stops these.
  { name: 'epub-8x30MB.epub', make: () => epubBomb(8, 30 * MB) },
  { name: 'docx-30MB.docx', make: () => docxBomb(30 * MB) },
  { name: 'pdf-40x30MB-streams.pdf', make: () => pdfBomb(30 * MB, 40) },
];

const dir = mkdtempSync(join(tmpdir(), 'bench-bombs-'));
console.log(`code: ${repo}`);
console.log(
  `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
);
console.log('| file | size | path | outcome | peak RSS | wall |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const bomb of bombs) {
  if (only !== undefined && !bomb.name.includes(only)) continue;
  const bytes = await bomb.make();
  const file = join(dir, bomb.name);
  writeFileSync(file, bytes);
  const paths: [string, string[]][] = [
    ['CLI', [join(repo, 'electron/cli/main.ts'), 'extract', file]],
    ['app', [resolve(import.meta.dirname, 'extract-bombs-child.ts'), repo, file]],
  ];
  for (const [label, command] of paths) {
    // %M: peak resident set size in KB; %e: wall seconds. The extracted text goes nowhere.
    const run = spawnSync('/usr/bin/time', ['-f', 'TIME %M %e', process.execPath, ...command], {
      encoding: 'utf8',
      stdio: ['ignore', label === 'app' ? 'pipe' : 'ignore', 'pipe'],
      maxBuffer: 64 * MB,
    });
    const time = /TIME (\d+) ([\d.]+)/.exec(run.stderr);
    const said = `${run.stdout ?? ''}\n${run.stderr}`
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('TIME') && !l.startsWith('Command exited'));
    // The CLI's first line is the error (then its hint); the app child prints one line.
    const outcome = `exit ${run.status ?? run.signal}: ${said[0] ?? ''}`.slice(0, 120);
    const peak = time === null ? '?' : `${Math.round(Number(time[1]) / 1024)} MB`;
    console.log(
      `| ${bomb.name} | ${Math.round(bytes.length / 1024)} KB | ${label} | ${outcome} | ${peak} | ${time?.[2] ?? '?'} s |`,
    );
  }
}
