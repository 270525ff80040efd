// `memagent extract` and `ask` on scanned PDFs: the real CLI process, real PDFium and the real
// tesseract.js (2-5 s a page here), on a page of the corpus GPL scanned by poppler and img2pdf.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { makeScannedPdf } from '../core/documents/ocr.test-support.ts';
import { corpusDir } from '../core/documents/test-support.ts';
import { missingSystemTools, skipNote } from '../core/system-tools.test-support.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

const gpl = path.join(corpusDir, 'gpl-3.0.pdf');
const TITLE = 'GNU GENERAL PUBLIC LICENSE';

let sim: SimServer;
let dir: string;
let scanned: string;
let textPdf: string;
// The app's data folder (and its OCR languages) is the test's own.
const env = () => ({ MEMAGENT_BASE_URL: sim.baseUrl, MEMAGENT_USER_DATA_DIR: dir });
/** The command in this process. */
const cli = (args: string[]) => runCliInProcess(args, env());
/** A real `memagent` process, for Ctrl-C and SIGTERM. */
const spawned = (args: string[], onStderr: Parameters<typeof runCli>[2]) =>
  runCli(args, env(), onStderr);

interface ExtractJson {
  text: string;
  warnings: string[];
  ocr_pages: { page: number; confidence: number }[];
}

/** The scan is made by poppler and img2pdf, the one-page text PDF by qpdf. */
const NO_SCANS = missingSystemTools(['pdftoppm', 'img2pdf', 'qpdf']);

// The hooks sit inside the suite so that a machine without the tools skips them with it.
describe.skipIf(NO_SCANS !== null)(`memagent and scanned PDFs${skipNote(NO_SCANS)}`, () => {
  beforeAll(async () => {
    sim = await startSimLlm();
    dir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-ocr-'));
    const scans = path.join(dir, 'scans');
    mkdirSync(scans);
    scanned = makeScannedPdf(gpl, [1], scans);
    textPdf = path.join(dir, 'page-1.pdf');
    execFileSync('qpdf', ['--empty', '--pages', gpl, '1', '--', textPdf]);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('extract --json reads a scanned page by OCR, with its confidence and a progress line', async () => {
    const r = await cli(['extract', scanned, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as ExtractJson;
    expect(doc.text).toContain(TITLE);
    expect(doc.ocr_pages).toHaveLength(1);
    expect(doc.ocr_pages[0]?.page).toBe(1);
    expect(doc.ocr_pages[0]?.confidence).toBeGreaterThan(80);
    expect(doc.warnings).toEqual([]);
    expect(r.stderr).toMatch(/page 1\/1 · recognising pages by OCR \(1 done\)/);
  });

  it('--ocr off leaves a scan unread with a warning; ask then says how to read it', async () => {
    const r = await cli(['extract', scanned, '--json', '--ocr', 'off']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as ExtractJson;
    expect(doc.text.trim()).toBe('');
    expect(doc.ocr_pages).toEqual([]);
    expect(doc.warnings.join('\n')).toMatch(
      /^Page 1 is a scanned image without text and was not read/m,
    );
    expect(r.stderr).not.toContain('OCR (');
    const ask = await cli(['ask', scanned, '-q', 'Who?', '--ocr', 'off']);
    expect(ask.code).toBe(3);
    expect(ask.stderr).toMatch(/contains no text to read\.\nhint: .*leave out --ocr off/);
  });

  it('a text PDF starts no OCR; --ocr all-pages reads its page by OCR and says so', async () => {
    const plain = await cli(['extract', textPdf]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(TITLE);
    expect(plain.stderr).toBe('');

    const r = await cli(['extract', textPdf, '--ocr', 'all-pages']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(TITLE);
    expect(r.stderr).toMatch(/recognising pages by OCR/);
    const note = /^note: 1 of 1 page was read by OCR \(mean confidence (\d+)%\)/m.exec(r.stderr);
    expect(note, r.stderr).not.toBeNull();
    expect(Number(note?.[1])).toBeGreaterThan(80);
  });

  it('ask --json lists the pages OCR read', async () => {
    const r = await cli(['ask', scanned, '-q', 'Which licence is this?', '--json']);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { ocr_pages: ExtractJson['ocr_pages'] };
    expect(result.ocr_pages.map((p) => p.page)).toEqual([1]);
    expect(r.stderr).toMatch(/^note: 1 of 1 page was read by OCR/m);
  });

  it('refuses a malformed or unknown --ocr-lang with exit 2 before reading anything', async () => {
    const bad = await cli(['extract', scanned, '--ocr-lang', 'xxx_bad!']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(
      /^memagent: --ocr-lang: "xxx_bad!" is not a tesseract language code.*\nhint: Shipped: eng, deu, fra, spa, jpn, chi_sim\. .*ocr-languages/,
    );
    const unknown = await cli(['extract', scanned, '--ocr-lang', 'eng+xyz']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/There is no OCR data for the language "xyz"\./);
    expect(unknown.stderr).toContain(`put xyz.traineddata`);
    expect(unknown.stderr).toContain(path.join(dir, 'ocr-languages'));
    expect(unknown.stderr).not.toMatch(/recognising/);
  });

  it('Ctrl-C or SIGTERM while a page is recognised stops at once with exit 130', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      let sent = false;
      const r = await spawned(['extract', scanned], (stderr, kill) => {
        if (!sent && stderr.includes('recognising pages by OCR')) {
          sent = true;
          kill(signal);
        }
      });
      expect(sent, signal).toBe(true);
      expect(r.code, signal).toBe(130);
      // The process ended without waiting for the page: it was never reported recognised, and
      // no text was printed.
      expect(r.stderr, signal).not.toMatch(/\(1 done\)/);
      expect(r.stdout, signal).toBe('');
    }
  });
});
