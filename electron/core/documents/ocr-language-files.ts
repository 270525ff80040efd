// The user's OCR language folder: what it holds, and adding a traineddata file to it. The OCR
// pool reads the same folder (ocr-languages.ts `readOcrLanguage`).
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import type { OcrLanguage } from '../../../shared/model.ts';
import { OCR_LANGUAGE_FILE } from '../../../shared/schemas.ts';
import { SHIPPED_OCR_LANGUAGES } from './index.ts';
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';
import { ocrLanguageName } from './ocr-language-names.ts';

/** Larger language files are refused (tessdata_best's largest is about 30 MB). */
export const MAX_LANGUAGE_FILE_BYTES = 100 * 1024 * 1024;

const HEAD_BYTES = 64 * 1024;

/** Shipped languages first (a user file of the same code replaces it), then the user's, by code. */
export async function listOcrLanguages(languageDir: string): Promise<OcrLanguage[]> {
  let names: string[];
  try {
    names = await readdir(languageDir);
  } catch {
    names = [];
  }
  const user = new Set(names.flatMap((name) => OCR_LANGUAGE_FILE.exec(name)?.[1] ?? []));
  const entry = (code: string, source: OcrLanguage['source']): OcrLanguage => ({
    code,
    name: ocrLanguageName(code),
    source,
  });
  return [
    ...SHIPPED_OCR_LANGUAGES.map((code) => entry(code, user.has(code) ? 'user' : 'shipped')),
    ...[...user]
      .filter((code) => !SHIPPED_OCR_LANGUAGES.includes(code))
      .sort()
      .map((code) => entry(code, 'user')),
  ];
}

/**
 * Copies `file` (`<code>.traineddata` or `<code>.traineddata.gz`) into `languageDir` after
 * checking its name, size and that it looks like tesseract data; written to a temp file and
 * renamed, so the pool never reads half a file. Returns the language's code. Throws CoreError:
 * BadUsage (name or content), NotFound (unreadable), TooLarge.
 */
export async function addOcrLanguageFile(file: string, languageDir: string): Promise<string> {
  const base = path.basename(file);
  const match = OCR_LANGUAGE_FILE.exec(base);
  if (!match)
    throw new CoreError('BadUsage', `${base} is not named like an OCR language file.`, {
      hint: 'Choose a file named <code>.traineddata or <code>.traineddata.gz, such as ita.traineddata, from tesseract tessdata_best.',
    });
  const code = match[1] as string;
  const gzipped = match[2] !== undefined;
  const head = await readHead(file);
  const data = gzipped ? inflateHead(head, base) : head.bytes;
  if (!looksLikeTrainedData(data, gzipped ? undefined : head.size))
    throw new CoreError('BadUsage', `${base} is not tesseract language data.`, {
      hint: 'Download the traineddata file again from tesseract tessdata_best or tessdata_fast.',
    });
  await mkdir(languageDir, { recursive: true });
  const target = path.join(languageDir, `${code}.traineddata${gzipped ? '.gz' : ''}`);
  const temp = path.join(languageDir, `.${code}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await copyFile(file, temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw new CoreError('NotFound', `${base} could not be copied into the OCR language folder.`, {
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  // One file per code: the pool would otherwise keep reading the plain file before the new one.
  await rm(path.join(languageDir, `${code}.traineddata${gzipped ? '' : '.gz'}`), { force: true });
  return code;
}

async function readHead(file: string): Promise<{ bytes: Uint8Array; size: number }> {
  const { handle, stat } = await openUserFile(file, { notFileHint: 'Choose a .traineddata file.' });
  try {
    if (stat.size > MAX_LANGUAGE_FILE_BYTES)
      throw new CoreError('TooLarge', `${path.basename(file)} is larger than 100 MB.`, {
        hint: 'OCR language files are a few MB to about 30 MB; this is not one of them.',
      });
    const bytes = new Uint8Array(Math.min(HEAD_BYTES, stat.size));
    await handle.read(bytes, 0, bytes.length, 0);
    return { bytes, size: stat.size };
  } finally {
    await handle.close();
  }
}

/** The start of a gzipped file's content (a truncated stream inflates as far as it goes). */
function inflateHead(head: { bytes: Uint8Array }, base: string): Uint8Array {
  const notGzip = () =>
    new CoreError('BadUsage', `${base} is not a gzip file, as its name says.`, {
      hint: 'Rename it to end in .traineddata if it is not compressed.',
    });
  if (head.bytes[0] !== 0x1f || head.bytes[1] !== 0x8b) throw notGzip();
  try {
    return gunzipSync(head.bytes, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  } catch {
    throw notGzip();
  }
}

/**
 * Tesseract's traineddata starts with its table of contents: a little-endian int32 count of
 * entries (24 since tesseract 4) and that many int64 offsets, -1 for an absent entry, the
 * present ones ascending after the table (and inside the file, when its size is known).
 */
export function looksLikeTrainedData(bytes: Uint8Array, size?: number): boolean {
  if (bytes.length < 4) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getInt32(0, true);
  const table = 4 + 8 * count;
  if (count < 1 || count > 64 || bytes.length < table) return false;
  let last = BigInt(table);
  let present = 0;
  for (let i = 0; i < count; i += 1) {
    const offset = view.getBigInt64(4 + 8 * i, true);
    if (offset === -1n) continue;
    if (offset < last || (size !== undefined && offset >= BigInt(size))) return false;
    last = offset;
    present += 1;
  }
  return present > 0;
}
