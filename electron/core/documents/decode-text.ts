import chardet from 'chardet';
import iconv from 'iconv-lite';

/** Decoded text and the encoding it was read as (for warnings and tests). */
export interface DecodedText {
  text: string;
  encoding: string;
}

// chardet reads a sample; a whole 1 GB file would be slow and tell nothing more.
const DETECT_SAMPLE = 64 * 1024;

/** UTF-16 without a BOM: one of every two bytes is zero in mostly-Latin text. */
function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

// Names chardet reports that WHATWG/iconv treat differently: Latin-1 text in the wild is
// nearly always windows-1252 (curly quotes at 0x93/0x94), which is a superset.
const ALIASES: Record<string, string> = {
  'ISO-8859-1': 'windows-1252',
  ASCII: 'utf-8',
};

/**
 * Decodes a text file: a BOM (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE) wins; then BOM-less UTF-16 by
 * its zero bytes; then strict UTF-8; then chardet's guess (decoded with iconv-lite); then
 * windows-1252, which decodes any byte. Newlines are normalised to `\n`.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  let encoding: string;
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    body = bytes.subarray(3);
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) {
    encoding = 'utf-32le';
    body = bytes.subarray(4);
  } else if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) {
    encoding = 'utf-32be';
    body = bytes.subarray(4);
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    body = bytes.subarray(2);
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    body = bytes.subarray(2);
  } else {
    encoding = detectWithoutBom(bytes);
  }
  let text: string;
  if (encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be') {
    text = new TextDecoder(encoding, { ignoreBOM: true }).decode(body);
  } else {
    text = iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.byteLength), encoding, {
      stripBOM: false,
    });
  }
  return { text: normalizeNewlines(text), encoding };
}

function detectWithoutBom(bytes: Uint8Array): string {
  // Before UTF-8: ASCII in UTF-16 is also valid UTF-8 (full of NULs).
  const utf16 = guessUtf16(bytes);
  if (utf16 !== undefined) return utf16;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // Not UTF-8: keep looking.
  }
  const guess = chardet.detect(bytes.subarray(0, DETECT_SAMPLE));
  if (guess !== null) {
    const name = ALIASES[guess] ?? guess;
    // A sample can be valid UTF-8 while the whole file is not: never return UTF-8 here.
    if (name.toLowerCase() !== 'utf-8' && iconv.encodingExists(name)) return name.toLowerCase();
  }
  return 'windows-1252';
}

/** CRLF and lone CR become LF; NUL characters (never meaningful in prose) are dropped. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '');
}

/** Share of characters that are C0 controls other than tab/newline/form feed: high for binary. */
export function controlCharRatio(text: string): number {
  const sample = text.slice(0, 65_536);
  if (sample.length === 0) return 0;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || c === 0xfffd) controls++;
  }
  return controls / sample.length;
}
