// Makes the Japanese PDF for bench/extract-pdf.ts: the text of the corpus's Japanese EPUB (the
// app's own extractor, as `memagent extract` prints it) typeset by LibreOffice headless, which
// sets the Japanese in Noto Sans CJK through fontconfig. Output, git-ignored:
// tmp/bench/live-manual.ja.txt and tmp/bench/live-manual.ja.pdf.
//   apt-get install -y libreoffice-writer-nogui fonts-noto-cjk   (once)
//   npm exec -- node bench/make-ja-pdf.ts [book.epub]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const epub =
  process.argv[2] ?? resolve(import.meta.dirname, '../../shared/corpus/live-manual.ja.epub');
const out = resolve(import.meta.dirname, '../tmp/bench');
mkdirSync(out, { recursive: true });

const cli = spawnSync(
  process.execPath,
  [resolve(import.meta.dirname, '../electron/cli/main.ts'), 'extract', epub],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (cli.status !== 0) throw new Error(`memagent extract failed (${cli.status}): ${cli.stderr}`);
const txt = join(out, 'live-manual.ja.txt');
writeFileSync(txt, cli.stdout);

// A private LibreOffice profile, so a running or half-configured user profile cannot interfere.
const profile = mkdtempSync(join(tmpdir(), 'lo-profile-'));
const run = spawnSync(
  'soffice',
  [
    `-env:UserInstallation=file://${profile}`,
    '--headless',
    // Plain text, UTF-8, LF line ends: each line becomes a paragraph.
    '--infilter=Text (encoded):UTF8,LF,,,',
    '--convert-to',
    'pdf:writer_pdf_Export',
    '--outdir',
    out,
    txt,
  ],
  { encoding: 'utf8' },
);
const pdf = join(out, 'live-manual.ja.pdf');
if (run.status !== 0 || !existsSync(pdf))
  throw new Error(`soffice failed (${run.status}): ${run.stderr}${run.stdout}`);
console.log(`${txt}: ${cli.stdout.length} characters\n${pdf}: ${readFileSync(pdf).length} bytes`);
