// Where OCR language data comes from: the @tesseract.js-data packages shipped in node_modules,
// or a traineddata file the user put in the app's language folder. Never from the network.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import chiSim from '@tesseract.js-data/chi_sim';
import deu from '@tesseract.js-data/deu';
import eng from '@tesseract.js-data/eng';
import fra from '@tesseract.js-data/fra';
import jpn from '@tesseract.js-data/jpn';
import spa from '@tesseract.js-data/spa';
import { OCR_LANGUAGE_CODE } from '../../../shared/schemas.ts';
import { CoreError } from '../errors.ts';

/** The default OCR language. */
export const DEFAULT_OCR_LANGUAGE = 'eng';

/**
 * Languages shipped with the app, by tesseract code. Each package's `langPath` points at its
 * `4.0.0` folder (legacy + LSTM, 6-20 MB); we read the sibling `4.0.0_best_int` folder, the
 * LSTM-only integer model the LSTM engine uses (0.7-3 MB, the same words on our scans).
 */
const SHIPPED: Readonly<Record<string, string>> = Object.fromEntries(
  [eng, deu, fra, spa, jpn, chiSim].map((data) => [
    data.code,
    path.join(path.dirname(data.langPath), '4.0.0_best_int'),
  ]),
);

export const SHIPPED_OCR_LANGUAGES: readonly string[] = Object.keys(SHIPPED);

/** The folder of a shipped language's data (for the worker's `langPath`). */
export function shippedLanguageFolder(code: string): string | undefined {
  return SHIPPED[code];
}

export interface OcrLanguageData {
  code: string;
  /** The traineddata file's bytes, gzipped or not (tesseract.js recognises both). */
  data: Uint8Array;
}

async function readIfExists(file: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads one language's data: from `languageDir` first (`<code>.traineddata` or
 * `<code>.traineddata.gz`, so a user can add a language or replace a shipped one with a better
 * model), then from the shipped packages. Throws CoreError: BadUsage for a malformed code,
 * NotFound for a language with no data.
 */
export async function readOcrLanguage(
  code: string,
  languageDir: string | undefined,
): Promise<OcrLanguageData> {
  if (!OCR_LANGUAGE_CODE.test(code))
    throw new CoreError('BadUsage', `"${code}" is not an OCR language code.`, {
      hint: `Use tesseract's codes, such as ${SHIPPED_OCR_LANGUAGES.join(', ')}.`,
    });
  const candidates = [
    ...(languageDir === undefined
      ? []
      : [`${code}.traineddata`, `${code}.traineddata.gz`].map((f) => path.join(languageDir, f))),
    ...(SHIPPED[code] === undefined ? [] : [path.join(SHIPPED[code], `${code}.traineddata.gz`)]),
  ];
  for (const file of candidates) {
    const data = await readIfExists(file);
    if (data !== undefined) return { code, data };
  }
  throw new CoreError('NotFound', `There is no OCR data for the language "${code}".`, {
    hint:
      `Shipped: ${SHIPPED_OCR_LANGUAGES.join(', ')}. For another language, put ${code}.traineddata ` +
      `(from tesseract's tessdata_best or tessdata_fast) in ${languageDir ?? "the app's ocr-languages folder"}.`,
  });
}
