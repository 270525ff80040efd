// The haystack a check uses when the library has no document long enough: a public-domain book
// shipped with the app (assets/haystack; source and licence in build/licenses/DEVILS-DICTIONARY.txt).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { CoreError } from '../../errors.ts';

/** Ambrose Bierce, "The Devil's Dictionary" (1911), from Debian's dict-devil package. */
export const BUNDLED_TEXT_TITLE = 'The Devil’s Dictionary (Ambrose Bierce, 1911; public domain)';
const FILE = 'devils-dictionary.txt.gz';

/** The bundled haystack folder: the repository's, or the packaged app's (MEMAGENT_HAYSTACK_DIR). */
export function bundledTextDir(): string {
  const fromEnv = process.env['MEMAGENT_HAYSTACK_DIR'];
  if (fromEnv) return fromEnv;
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../assets/haystack');
}

let cached: string | undefined;

/** The bundled text (about 380 KB, 95K tokens), read once. */
export function bundledText(dir = bundledTextDir()): string {
  if (cached !== undefined && dir === bundledTextDir()) return cached;
  const file = path.join(dir, FILE);
  try {
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    if (dir === bundledTextDir()) cached = text;
    return text;
  } catch (error) {
    throw new CoreError('Internal', 'The sample text shipped with the app could not be read.', {
      hint: `Reinstall the app; the file assets/haystack/${FILE} is missing or damaged.`,
      detail: `${file}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
