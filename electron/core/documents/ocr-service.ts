import type { OcrLanguage, Reading } from '../../../shared/model.ts';
import { createOcrPool, defaultOcrPoolSize, type OcrExtraction, type OcrPool } from './index.ts';
import { cancelledError } from './worker-host.ts';
import { addOcrLanguageFile, listOcrLanguages } from './ocr-language-files.ts';

/** The service's OCR: one pool for every document, started on the first page that needs it. */
export interface OcrService {
  /**
   * The OCR part of extraction options for `reading` (undefined when it says `off`).
   * `onRecognising` hears `true` when this extraction starts recognising pages (none before),
   * `false` when none of its pages is being recognised any more.
   */
  extraction(
    reading: Reading,
    onRecognising?: (active: boolean) => void,
  ): OcrExtraction | undefined;
  languages(): Promise<OcrLanguage[]>;
  /** Adds a traineddata file to the language folder; returns the languages afterwards. */
  addLanguage(file: string): Promise<OcrLanguage[]>;
  /** Cancels pages still being recognised and ends the pool's workers. */
  close(): Promise<void>;
}

/** OCR over the user's `languageDir` (extra and replacement traineddata files). */
export function createOcrService(languageDir: string): OcrService {
  const size = defaultOcrPoolSize();
  let pool: OcrPool | undefined;
  let inFlight = 0;
  // A language file added after the pool read that language: the next pool reads it afresh.
  let stale = false;
  let closed = false;

  const retireIfStale = () => {
    if (!stale || inFlight > 0 || pool === undefined) return;
    void pool.close();
    pool = undefined;
    stale = false;
  };

  const recognize: OcrPool['recognize'] = async (request) => {
    if (closed) throw cancelledError();
    pool ??= createOcrPool({ size, languageDir });
    inFlight += 1;
    try {
      return await pool.recognize(request);
    } finally {
      inFlight -= 1;
      retireIfStale();
    }
  };

  return {
    extraction(reading, onRecognising) {
      if (reading.ocr === 'off') return undefined;
      let active = 0;
      const watched: OcrPool = {
        size,
        async recognize(request) {
          if (active++ === 0) onRecognising?.(true);
          try {
            return await recognize(request);
          } finally {
            if (--active === 0) onRecognising?.(false);
          }
        },
        // The shared pool outlives any one extraction; the service closes it.
        close: () => Promise.resolve(),
      };
      return { pool: watched, languages: reading.languages, mode: reading.ocr };
    },
    languages: () => listOcrLanguages(languageDir),
    async addLanguage(file) {
      await addOcrLanguageFile(file, languageDir);
      stale = true;
      retireIfStale();
      return listOcrLanguages(languageDir);
    },
    async close() {
      closed = true;
      await pool?.close();
      pool = undefined;
    },
  };
}
