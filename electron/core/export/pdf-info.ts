// A printed PDF's document information named after the app: Chromium writes its user agent as
// Creator and "Skia/PDF" as Producer. Rewritten by an incremental update (a new Info object, xref
// section and trailer appended), so the bytes Chromium wrote stay as they are.

/** One PDF literal string: `\`, `(` and `)` escaped; non-ASCII as UTF-16BE hex with a BOM. */
function pdfString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** The end of a PDF string token starting at `at` (`(` ... `)` nested and escaped, or `<` ... `>`). */
function endOfString(text: string, at: number): number {
  if (text[at] === '<') return text.indexOf('>', at) + 1;
  let depth = 0;
  for (let i = at; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '(') depth += 1;
    else if (c === ')' && (depth -= 1) === 0) return i + 1;
  }
  return text.length;
}

/** The Info dictionary's entries (`/Title (...) /CreationDate (...)`) without the given keys. */
function entriesWithout(dictionary: string, keys: readonly string[]): string {
  let out = dictionary;
  for (const key of keys) {
    const at = out.search(new RegExp(`/${key}(?=[\\s(<])`));
    if (at < 0) continue;
    let start = at + key.length + 1;
    while (/\s/.test(out[start] ?? '')) start += 1;
    out = `${out.slice(0, at)}${out.slice(endOfString(out, start))}`;
  }
  return out.trim();
}

/**
 * `pdf` with its Creator and Producer set (the rest of its Info kept): an incremental update
 * appended after the last `%%EOF`. A file this cannot read (no classic trailer, as Chromium
 * writes) is returned unchanged: the names are a courtesy, not worth a failed export.
 */
export function withPdfInfo(
  pdf: Uint8Array,
  info: { creator: string; producer: string },
): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref\s*(\d+)\s*%%EOF\s*$/.exec(text);
  if (trailer === null) return pdf;
  const dict = trailer[1] ?? '';
  const size = /\/Size\s+(\d+)/.exec(dict)?.[1];
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dict)?.[1];
  if (size === undefined || root === undefined) return pdf;
  // An update's trailer repeats the file's identifier.
  const id = /\/ID\s*\[[^\]]*\]/.exec(dict)?.[0];
  const oldInfo = /\/Info\s+(\d+)\s+(\d+)\s+R/.exec(dict);
  let kept = '';
  if (oldInfo !== null) {
    const object = new RegExp(
      `(?:^|[\\r\\n])${oldInfo[1]}\\s+${oldInfo[2]}\\s+obj\\s*<<([\\s\\S]*?)>>\\s*endobj`,
    ).exec(text);
    if (object !== null) kept = entriesWithout(object[1] ?? '', ['Creator', 'Producer']);
  }
  const number = Number(size);
  const body = `${number} 0 obj\n<<${kept === '' ? '' : `${kept}\n`}/Creator ${pdfString(info.creator)}\n/Producer ${pdfString(info.producer)}>>\nendobj\n`;
  const start = text.endsWith('\n') ? pdf.length : pdf.length + 1;
  const head = text.endsWith('\n') ? '' : '\n';
  const xrefAt = start + Buffer.byteLength(body, 'latin1');
  const update = `${head}${body}xref\n${number} 1\n${String(start).padStart(10, '0')} 00000 n \ntrailer\n<</Size ${number + 1}\n/Root ${root}\n/Info ${number} 0 R\n${id === undefined ? '' : `${id}\n`}/Prev ${trailer[2]}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const out = new Uint8Array(pdf.length + Buffer.byteLength(update, 'latin1'));
  out.set(pdf);
  out.set(Buffer.from(update, 'latin1'), pdf.length);
  return out;
}
