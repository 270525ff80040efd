// OCR through the service: scanned PDFs made here from the corpus GPL (poppler + img2pdf),
// recognised by the real tesseract.js (2-5 s a page), one service and OCR pool for the file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../../shared/api.ts';
import { DEFAULT_READING, type Reading } from '../../../shared/model.ts';
import { sha256Hex } from '../hash.ts';
import { makeScannedPdf } from '../documents/ocr.test-support.ts';
import { missingSystemTools, skipNote } from '../system-tools.test-support.ts';
import { corpusDir } from '../documents/test-support.ts';
import {
  SMALL_CHUNKS,
  chatPrompts,
  startHarness,
  stopWhenChunkDone,
  useSimProfile,
  type Harness,
} from './service-harness.test-support.ts';

const gpl = path.join(corpusDir, 'gpl-3.0.pdf');
const ALL_PAGES: Reading = { ocr: 'all-pages', languages: ['eng'] };

let h: Harness;
let scanned: string;
/** Page 1 of the GPL with its text layer. */
let textPdf: string;
/** The scans and the one-page PDFs are made by poppler, img2pdf and qpdf. */
const NO_SCANS = missingSystemTools(['pdftoppm', 'img2pdf', 'qpdf']);
beforeAll(async () => {
  h = await startHarness();
  if (NO_SCANS !== null) return;
  scanned = makeScannedPdf(gpl, [1], h.dir);
  textPdf = onePage(1, 'gpl-page-1.pdf');
});
afterAll(async () => {
  await h.close();
});

function onePage(page: number, name: string): string {
  const out = path.join(h.dir, name);
  execFileSync('qpdf', [gpl, '--pages', gpl, String(page), '--', out]);
  return out;
}

const progressOf = (documentId: string): Events['document:progress'][] =>
  h.emitted
    .filter((e) => e.name === 'document:progress')
    .map((e) => e.payload as Events['document:progress'])
    .filter((p) => p.documentId === documentId);

describe.skipIf(NO_SCANS !== null)(`OCR through the service${skipNote(NO_SCANS)}`, () => {
  it('opens a scanned PDF with its pages recognised, and says so while it reads them', async () => {
    const info = await h.ok('documents:open', { path: scanned });
    expect(info).toMatchObject({
      format: 'pdf',
      pageCount: 1,
      ocrPageCount: 1,
      reading: DEFAULT_READING,
      textKey: info.id,
    });
    const view = await h.ok('documents:get', { documentId: info.id });
    expect(view.document.text).toMatch(/^GNU GENERAL PUBLIC LICENSE/);
    expect(view.document.ocrPages?.map((p) => p.page)).toEqual([1]);
    expect(info.chars).toBe(view.document.text.length);
    expect(progressOf(info.id).some((p) => p.stage === 'recognising')).toBe(true);
    const extracting = progressOf(info.id).filter((p) => p.stage !== 'tokenizing');
    expect(extracting.at(-1)).toMatchObject({ stage: 'extracting', done: 1, total: 1 });

    // An export of its questions warns that the text was recognised, naming the page.
    const saved = await h.ok('export:session', { documentId: info.id, format: 'md' });
    const markdown = fs.readFileSync(saved?.path ?? '', 'utf8');
    expect(markdown).toMatch(/Page 1 was read by OCR \(confidence \d+%\)/);
  });

  it('re-reads a PDF with OCR of every page; a run started before keeps reading its own text', async () => {
    await useSimProfile(h);
    const info = await h.ok('documents:open', { path: textPdf });
    expect(info).toMatchObject({ ocrPageCount: 0, textKey: info.id, reading: DEFAULT_READING });
    const before = (await h.ok('documents:get', { documentId: info.id })).document;
    expect(before.ocrPages).toBeUndefined();

    const run = await h.ok('runs:start', {
      documentId: info.id,
      question: 'Who may copy this license?',
      settings: SMALL_CHUNKS,
    });
    expect(run.textKey).toBe(info.id);
    // A shutdown after the first chunk leaves the run interrupted, to be continued later.
    await stopWhenChunkDone(h, run.id, () => 0);
    h.reopen();
    await h.service.idle();

    const reread = await h.ok('documents:reread', { documentId: info.id, reading: ALL_PAGES });
    expect(reread).toMatchObject({ id: info.id, reading: ALL_PAGES, ocrPageCount: 1 });
    expect(reread.textKey).toMatch(/^[0-9a-f]{64}$/);
    expect(reread.textKey).not.toBe(info.id);
    expect(reread.tokenCount).toBeUndefined();
    expect(progressOf(info.id).some((p) => p.stage === 'recognising')).toBe(true);
    // Its tokens are counted again, on the new text.
    const counted = await h.waitFor(
      'document:updated',
      (d) => d.textKey === reread.textKey && d.tokenCount !== undefined,
    );
    expect(counted.tokenCount).toBeGreaterThan(0);
    const now = await h.ok('documents:get', { documentId: info.id });
    expect(now.info.textKey).toBe(reread.textKey);
    expect(now.document.ocrPages?.map((p) => p.page)).toEqual([1]);
    expect(now.document.text).toMatch(/GNU GENERAL PUBLIC LICENSE/);

    // The run's text is still served by its key, and the run continues on it.
    const summary = (await h.ok('runs:get', { runId: run.id })).summary;
    expect(summary).toMatchObject({ status: 'interrupted', textKey: info.id });
    const old = await h.ok('documents:get', { documentId: info.id, textKey: info.id });
    expect(old.document.text).toBe(before.text);
    const asked = chatPrompts(h).length;
    await h.ok('runs:continue', { runId: run.id });
    expect((await h.finished(run.id)).type).toBe('finished');
    const { chunks } = await h.ok('runs:get', { runId: run.id });
    const second = chunks[1] as { start: number; end: number };
    expect(chatPrompts(h)[asked]).toContain(
      `<section>\n${before.text.slice(second.start, second.end)}\n</section>`,
    );

    // A new run reads the new text; another document's key is not this one's.
    const next = await h.ok('runs:start', {
      documentId: info.id,
      question: 'Who may copy this license?',
      settings: SMALL_CHUNKS,
    });
    expect(next.textKey).toBe(reread.textKey);
    await h.finished(next.id);
    const scannedId = (await h.ok('documents:list', {})).find((d) => d.path === scanned)?.id;
    const foreign = await h.call('documents:get', {
      documentId: info.id,
      textKey: scannedId as string,
    });
    expect(foreign).toMatchObject({ ok: false, error: { kind: 'NotFound' } });

    // Back to the default reading: its text was kept, so nothing is read again.
    const back = await h.ok('documents:reread', {
      documentId: info.id,
      reading: DEFAULT_READING,
    });
    expect(back).toMatchObject({ textKey: info.id, ocrPageCount: 0, chars: before.text.length });
  });

  it('cancels a re-read in progress: the call fails as Cancelled and the entry stays as it was', async () => {
    const { id } = await h.ok('documents:open', { path: textPdf });
    // Its token count settles first: only the re-read may change the entry.
    await h.service.idle();
    const info = (await h.ok('documents:get', { documentId: id })).info;
    const listed = await h.ok('documents:list', {});
    const reading: Reading = { ocr: 'all-pages', languages: ['eng', 'fra'] };
    const pending = h.call('documents:reread', { documentId: info.id, reading });
    await h.waitFor(
      'document:progress',
      (p) => p.documentId === info.id && p.stage === 'recognising',
    );
    // A second re-read of the same document meanwhile is refused.
    const twice = await h.call('documents:reread', { documentId: info.id, reading: ALL_PAGES });
    expect(twice).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'This document is already being read.' },
    });
    await h.ok('documents:cancel-extraction', { documentId: info.id });
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect(await h.ok('documents:list', {})).toEqual(listed);
    const view = await h.ok('documents:get', { documentId: info.id });
    expect(view.info).toEqual(info);
  });

  it('refuses to re-read what is not a PDF, or has no file, or whose file changed', async () => {
    const notes = path.join(h.dir, 'notes.txt');
    fs.writeFileSync(notes, 'Some notes.\n');
    const text = await h.ok('documents:open', { path: notes });
    expect(
      await h.call('documents:reread', { documentId: text.id, reading: ALL_PAGES }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: 'Only PDFs can be read again with other OCR settings.' },
    });

    const page2 = onePage(2, 'gpl-page-2.pdf');
    const bytes = await h.ok('documents:open-bytes', {
      name: 'page-2.pdf',
      data: new Uint8Array(fs.readFileSync(page2)),
    });
    expect(
      await h.call('documents:reread', { documentId: bytes.id, reading: ALL_PAGES }),
    ).toMatchObject({ ok: false, error: { kind: 'NotFound', hint: 'Open the file again.' } });

    const opened = await h.ok('documents:open', { path: page2 });
    fs.appendFileSync(page2, '\n% edited\n');
    expect(
      await h.call('documents:reread', { documentId: opened.id, reading: ALL_PAGES }),
    ).toMatchObject({
      ok: false,
      error: {
        kind: 'NotFound',
        message: 'The file gpl-page-2.pdf has changed since it was opened.',
      },
    });
    expect((await h.ok('documents:get', { documentId: opened.id })).info.reading).toEqual(
      DEFAULT_READING,
    );
  });
});

describe.skipIf(NO_SCANS !== null)(`stopping OCR${skipNote(NO_SCANS)}`, () => {
  /** An image-only PDF of GPL page `page`, in a folder of its own. */
  const scan = (page: number): string => {
    const dir = path.join(h.dir, `scan-${page}`);
    fs.mkdirSync(dir);
    return makeScannedPdf(gpl, [page], dir);
  };
  /** The first `recognising` progress of the document in `file`. */
  const recognising = (file: string) => {
    const id = sha256Hex(fs.readFileSync(file));
    return h.waitFor('document:progress', (p) => p.documentId === id && p.stage === 'recognising');
  };

  it('cancels an open while its pages are recognised: Cancelled, and nothing enters the library', async () => {
    const file = scan(3);
    const before = await h.ok('documents:list', {});
    const opening = h.call('documents:open', { path: file });
    const { documentId } = await recognising(file);
    await h.ok('documents:cancel-extraction', { documentId: documentId as string });
    expect(await opening).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect(await h.ok('documents:list', {})).toEqual(before);
  });

  it('a shutdown during OCR ends the open as Cancelled and waits for it', async () => {
    const file = scan(4);
    const opening = h.call('documents:open', { path: file });
    await recognising(file);
    await h.service.dispose();
    expect(await opening).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    h.reopen();
    expect((await h.ok('documents:list', {})).some((d) => d.path === file)).toBe(false);
  });
});

describe('OCR languages', () => {
  const shipped = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
    'eng.traineddata.gz',
  );

  it('lists the shipped languages and adds a real traineddata file, gzipped or not', async () => {
    const before = await h.ok('ocr:languages', {});
    expect(before.map((l) => l.code)).toEqual(['eng', 'deu', 'fra', 'spa', 'jpn', 'chi_sim']);
    expect(before[1]).toEqual({ code: 'deu', name: 'German', source: 'shipped' });

    const gz = path.join(h.dir, 'ita.traineddata.gz');
    fs.copyFileSync(shipped, gz);
    const after = await h.ok('ocr:add-language', { path: gz });
    expect(after.at(-1)).toEqual({ code: 'ita', name: 'Italian', source: 'user' });
    const folder = path.join(h.dir, 'ocr-languages');
    expect(fs.readFileSync(path.join(folder, 'ita.traineddata.gz'))).toEqual(
      fs.readFileSync(shipped),
    );

    const plain = path.join(h.dir, 'xqz_test.traineddata');
    execFileSync('sh', ['-c', `gunzip -c "${shipped}" > "${plain}"`]);
    const more = await h.ok('ocr:add-language', { path: plain });
    expect(more.at(-1)).toEqual({ code: 'xqz_test', name: 'xqz_test', source: 'user' });
    expect(fs.readdirSync(folder).sort()).toEqual(['ita.traineddata.gz', 'xqz_test.traineddata']);
  });

  it('refuses a file that is not traineddata, or not named like one, with a clear message', async () => {
    const cases = [
      [
        'por.traineddata',
        'A text file, not a language model.\n'.repeat(20),
        'is not tesseract language data.',
      ],
      ['por.traineddata.gz', 'not gzip', 'is not a gzip file, as its name says.'],
      ['portuguese.bin', 'x', 'is not named like an OCR language file.'],
    ] as const;
    for (const [name, content, why] of cases) {
      const file = path.join(h.dir, name);
      fs.writeFileSync(file, content);
      expect(await h.call('ocr:add-language', { path: file })).toMatchObject({
        ok: false,
        error: { kind: 'BadUsage', message: `${name} ${why}` },
      });
    }
    const languages = await h.ok('ocr:languages', {});
    expect(languages.some((l) => l.code === 'por')).toBe(false);
    // Nothing was copied, not even a temp file.
    const folder = path.join(h.dir, 'ocr-languages');
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    expect(files.filter((f) => f.includes('por'))).toEqual([]);
  });
});
