// OCR of scans made here: pages of the corpus GPL rendered to grey images by poppler, read back
// as the RGBA bitmaps the PDF renderer will hand over, recognised by the real tesseract.js.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOcrLanguage, SHIPPED_OCR_LANGUAGES } from './ocr-languages.ts';
import {
  createOcrPool,
  defaultOcrPoolSize,
  tesseractWorkerOptions,
  type OcrPool,
} from './ocr-pool.ts';
import {
  makeScannedPdf,
  noiseBitmap,
  popplerWords,
  scanPage,
  wordOverlap,
  wordsOf,
} from './ocr.test-support.ts';
import type { OcrPage } from './ocr-page.ts';
import { corpusDir, expectKind } from './test-support.ts';
import { missingSystemTools, skipNote } from '../system-tools.test-support.ts';

const gpl = path.join(corpusDir, 'gpl-3.0.pdf');
/** Measured: 1.000 on pages 1-3 at 150 dpi (docs/benchmarks.md); 0.936 even at 72 dpi. */
const MIN_OVERLAP = 0.97;
/** Scans are made, and read back for reference, by poppler and img2pdf. */
const NO_SCANS = missingSystemTools(['pdftoppm', 'pdfinfo', 'pdftotext', 'img2pdf']);
const withScans = (name: string) => `${name}${skipNote(NO_SCANS)}`;

let pool: OcrPool;
let dir: string;
beforeAll(() => {
  // One worker, as a 2-core CI machine shared with other suites can afford.
  pool = createOcrPool({ size: 1 });
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-ocr-'));
});
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectReadingOrder(page: OcrPage): void {
  for (let i = 1; i < page.words.length; i++) {
    const before = page.words[i - 1]!;
    const word = page.words[i]!;
    const gap = page.text.slice(before.end, word.start);
    // Same line: further right. A new line (the GPL is one column): lower on the page.
    if (gap === ' ')
      expect(word.box.left, `${before.text} ${word.text}`).toBeGreaterThan(before.box.left);
    else expect(word.box.top, `${before.text} / ${word.text}`).toBeLessThan(before.box.top);
  }
}

describe('OCR of scanned pages', () => {
  it.skipIf(NO_SCANS !== null)(
    withScans('reads the words poppler reads, with boxes on the page in reading order'),
    async () => {
      for (const number of [1, 2]) {
        const scan = scanPage(gpl, number);
        const progress: number[] = [];
        const page = await pool.recognize({ ...scan, onProgress: (f) => progress.push(f) });

        const overlap = wordOverlap(popplerWords(gpl, number), wordsOf(page.text));
        expect(overlap, `page ${number}`).toBeGreaterThanOrEqual(MIN_OVERLAP);
        expect(page.warning).toBeUndefined();
        expect(page.confidence).toBeGreaterThan(80);
        if (number === 1) expect(page.text).toContain('GNU GENERAL PUBLIC LICENSE');
        expect(page.text).not.toMatch(/\n{3}/);

        for (const word of page.words) {
          expect(page.text.slice(word.start, word.end)).toBe(word.text);
          const { left, right, bottom, top } = word.box;
          expect(0 <= left && left < right && right <= scan.pageSize.width, word.text).toBe(true);
          expect(0 <= bottom && bottom < top && top <= scan.pageSize.height, word.text).toBe(true);
        }
        expectReadingOrder(page);

        expect(progress.length).toBeGreaterThan(2);
        expect(progress).toEqual([...progress].sort((a, b) => a - b));
        expect(progress.at(-1)).toBe(1);
      }
    },
  );

  it('gives a page of random noise a warning and no text', async () => {
    const page = await pool.recognize({
      bitmap: noiseBitmap(600, 800),
      pageSize: { width: 288, height: 384 },
      scale: 600 / 288,
    });
    expect(page.confidence).toBeLessThan(50);
    expect(page.text).toBe('');
    expect(page.words).toEqual([]);
    expect(page.warning).toMatch(/too unsure to use/);
  });

  it.skipIf(NO_SCANS !== null)(
    withScans('cancels a page being read and a page waiting, then reads the next page'),
    async () => {
      const scan = scanPage(gpl, 3);
      const running = new AbortController();
      const waiting = new AbortController();
      let progressAfterAbort = 0;
      const first = pool.recognize({
        ...scan,
        signal: running.signal,
        onProgress: (f) => {
          if (running.signal.aborted) progressAfterAbort++;
          else if (f > 0) running.abort();
        },
      });
      // The pool has one worker: this one waits in the queue until it is cancelled.
      const second = pool.recognize({ ...scan, signal: waiting.signal });
      waiting.abort();
      await expectKind(second, 'Cancelled');
      await expectKind(first, 'Cancelled');
      expect(progressAfterAbort).toBe(0);

      const page = await pool.recognize(scan);
      expect(wordOverlap(popplerWords(gpl, 3), wordsOf(page.text))).toBeGreaterThanOrEqual(
        MIN_OVERLAP,
      );
    },
  );

  it.skipIf(NO_SCANS !== null)(
    withScans('refuses an already aborted signal and a bitmap that does not fit the page'),
    async () => {
      await expectKind(
        pool.recognize({ ...scanPage(gpl, 1, 30), signal: AbortSignal.abort() }),
        'Cancelled',
      );
      const scan = scanPage(gpl, 1, 30);
      await expectKind(pool.recognize({ ...scan, scale: 2 }), 'BadUsage');
    },
  );
});

describe('OCR languages', () => {
  it('ships English, German, French, Spanish, Japanese and Simplified Chinese', async () => {
    expect(SHIPPED_OCR_LANGUAGES).toEqual(['eng', 'deu', 'fra', 'spa', 'jpn', 'chi_sim']);
    for (const code of SHIPPED_OCR_LANGUAGES) {
      const { data } = await readOcrLanguage(code, undefined);
      expect([data[0], data[1]], code).toEqual([0x1f, 0x8b]); // gzipped traineddata
    }
  });

  it('reads a language added to the language folder, and names the folder when one is missing', async () => {
    const languageDir = path.join(dir, 'ocr-languages');
    execFileSync('mkdir', ['-p', languageDir]);
    writeFileSync(path.join(languageDir, 'xyz.traineddata'), 'tesseract data');
    expect(new TextDecoder().decode((await readOcrLanguage('xyz', languageDir)).data)).toBe(
      'tesseract data',
    );
    const missing = await expectKind(readOcrLanguage('kor', languageDir), 'NotFound');
    expect(missing.hint).toContain(languageDir);
    await expectKind(readOcrLanguage('../eng', languageDir), 'BadUsage');
  });

  it.skipIf(NO_SCANS !== null)(
    withScans('fails a page whose language data is damaged, and keeps working'),
    async () => {
      const languageDir = path.join(dir, 'damaged');
      execFileSync('mkdir', ['-p', languageDir]);
      writeFileSync(path.join(languageDir, 'bad.traineddata'), 'not a model');
      const own = createOcrPool({ size: 1, languageDir });
      try {
        const scan = scanPage(gpl, 1, 30);
        await expectKind(own.recognize({ ...scan, languages: ['bad'] }), 'Damaged');
        await expectKind(own.recognize({ ...scan, languages: ['nope'] }), 'NotFound');
        const page = await own.recognize({ ...scan, languages: ['eng'] });
        expect(page.confidence).toBeGreaterThan(0);
      } finally {
        await own.close();
      }
    },
  );
});

describe('OCR never downloads', () => {
  it('creates workers with local paths only and no cache', () => {
    const options = tesseractWorkerOptions({ logger: () => {}, errorHandler: () => {} });
    expect(options.cacheMethod).toBe('none');
    for (const key of ['workerPath', 'corePath', 'langPath'] as const) {
      const value = options[key] as string;
      expect(path.isAbsolute(value), key).toBe(true);
      expect(existsSync(value), key).toBe(true);
    }
    expect(statSync(options.langPath as string).isDirectory()).toBe(true);
  });

  it('refuses in the worker a language fetch from a URL, and the server sees no request', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let failed: (error: unknown) => void = () => {};
    const failure = new Promise<unknown>((resolve) => (failed = resolve));
    const options = tesseractWorkerOptions({ logger: () => {}, errorHandler: failed });
    // A plain code makes tesseract.js fetch `<langPath>/eng.traineddata.gz`.
    const creating = createWorker('eng', 1, { ...options, langPath: `http://127.0.0.1:${port}` });
    try {
      expect(String(await failure)).toMatch(/never use the network/);
      expect(requests).toBe(0);
    } finally {
      void creating.then((w) => w.terminate());
      server.close();
    }
  });
});

describe('scanned PDF fixture', () => {
  it.skipIf(NO_SCANS !== null)(
    withScans('builds an image-only PDF of pages at their original size'),
    () => {
      const pdf = makeScannedPdf(gpl, [1, 2], dir);
      const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
      expect(info).toMatch(/Pages:\s+2/);
      const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
      expect(Number(width)).toBeCloseTo(595.3, 0);
      expect(Number(height)).toBeCloseTo(841.9, 0);
      expect(wordsOf(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }))).toEqual([]);
    },
  );
});

describe('defaultOcrPoolSize', () => {
  it('leaves a core to the rest of the app and never takes more than two', () => {
    expect([1, 2, 3, 4, 16].map((cores) => defaultOcrPoolSize(cores))).toEqual([1, 1, 2, 2, 2]);
  });
});
