// Decompression bombs for the document bound tests and bench/extract-bombs.ts: small files
// whose parts inflate to many megabytes (and may declare a tiny size). Deflated from repeated
// chunks through zlib's stream, so even a 1 GB part never exists in memory here.
import { Buffer } from 'node:buffer';
import { crc32, createDeflate, createDeflateRaw } from 'node:zlib';

export interface Deflated {
  data: Uint8Array;
  size: number;
  crc: number;
}

/** `head`, then `body` `times` times, then `tail`, deflated (zlib-wrapped or raw). */
export async function deflateRepeated(
  parts: { head?: string | undefined; body: string; times: number; tail?: string | undefined },
  format: 'zlib' | 'raw',
): Promise<Deflated> {
  const stream = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  const write = async (text: string): Promise<void> => {
    const chunk = Buffer.from(text, 'utf8');
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
  };
  if (parts.head !== undefined) await write(parts.head);
  // Writing ~1 MB at a time keeps the loop short for 1 GB parts.
  const per = Math.max(1, Math.floor((1024 * 1024) / Math.max(1, Buffer.byteLength(parts.body))));
  const block = parts.body.repeat(per);
  let left = parts.times;
  for (; left >= per; left -= per) await write(block);
  if (left > 0) await write(parts.body.repeat(left));
  if (parts.tail !== undefined) await write(parts.tail);
  stream.end();
  await done;
  return { data: new Uint8Array(Buffer.concat(out)), size, crc };
}

/** A ZIP entry: stored text, or deflated bytes with the uncompressed size it declares. */
export type ZipPart =
  { name: string; text: string } | { name: string; deflated: Deflated; declare?: number };

/** Writes a ZIP (no ZIP64) from stored and pre-deflated entries. */
export function writeZip(parts: ZipPart[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const stored = 'text' in part ? Buffer.from(part.text, 'utf8') : undefined;
    const data = stored ?? Buffer.from('deflated' in part ? part.deflated.data : []);
    const method = stored === undefined ? 8 : 0;
    const crc = stored !== undefined ? crc32(stored) : 'deflated' in part ? part.deflated.crc : 0;
    const size =
      stored !== undefined
        ? stored.length
        : 'deflated' in part
          ? (part.declare ?? part.deflated.size)
          : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, directory, end]));
}

const PARAGRAPH =
  'The committee met in the spring to review the maintenance schedule of the northern bridges. ';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A DOCX whose word/document.xml inflates to about `bytes` of real paragraphs. */
export async function docxBomb(bytes: number, declare?: number): Promise<Uint8Array> {
  const body = `<w:p><w:r><w:t>${PARAGRAPH}</w:t></w:r></w:p>`;
  const document = await deflateRepeated(
    {
      head: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>`,
      body,
      times: Math.ceil(bytes / body.length),
      tail: '</w:body></w:document>',
    },
    'raw',
  );
  const part: ZipPart = { name: 'word/document.xml', deflated: document };
  if (declare !== undefined) part.declare = declare;
  return writeZip([
    {
      name: '[Content_Types].xml',
      text: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      text: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    part,
  ]);
}

/**
 * An EPUB with a short first chapter ("The keeper lit the lamp.") followed by `chapters`
 * chapters that each inflate to about `bytes` of paragraphs (declaring `declare` if given).
 */
export async function epubBomb(
  chapters: number,
  bytes: number,
  declare?: number,
): Promise<Uint8Array> {
  const xhtml = (body: string): string =>
    `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>${body}</body></html>`;
  const ids = Array.from({ length: chapters }, (_, i) => `c${i + 1}`);
  const opf = `<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Bomb</dc:title></metadata><manifest><item id="c0" href="c0.xhtml" media-type="application/xhtml+xml"/>${ids.map((id) => `<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`).join('')}</manifest><spine><itemref idref="c0"/>${ids.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`;
  const parts: ZipPart[] = [
    { name: 'mimetype', text: 'application/epub+zip' },
    {
      name: 'META-INF/container.xml',
      text: '<container><rootfiles><rootfile full-path="content.opf"/></rootfiles></container>',
    },
    { name: 'content.opf', text: opf },
    { name: 'c0.xhtml', text: xhtml('<h1>Prologue</h1><p>The keeper lit the lamp.</p>') },
  ];
  const body = `<p>${PARAGRAPH}</p>`;
  const chapter = await deflateRepeated(
    {
      head: xhtml('').split('</body>')[0],
      body,
      times: Math.ceil(bytes / body.length),
      tail: '</body></html>',
    },
    'raw',
  );
  for (const id of ids) {
    const part: ZipPart = { name: `${id}.xhtml`, deflated: chapter };
    if (declare !== undefined) part.declare = declare;
    parts.push(part);
  }
  return writeZip(parts);
}

/**
 * A one-page PDF: "Hello bomb" drawn by a first content stream, then `streams` FlateDecode
 * content streams that each inflate to `bytes` spaces.
 */
export async function pdfBomb(bytes: number, streams = 1): Promise<Uint8Array> {
  const spaces = await deflateRepeated({ body: ' ', times: bytes }, 'zlib');
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (piece: string | Uint8Array): void => {
    parts.push(piece);
    length += typeof piece === 'string' ? Buffer.byteLength(piece, 'latin1') : piece.length;
  };
  const object = (id: number, body: string | Uint8Array[]): void => {
    offsets[id] = length;
    if (typeof body === 'string') push(`${id} 0 obj\n${body}\nendobj\n`);
    else {
      push(`${id} 0 obj\n`);
      body.forEach(push);
      push('\nendobj\n');
    }
  };
  push('%PDF-1.7\n');
  const text = 'BT /F1 12 Tf 72 720 Td (Hello bomb) Tj ET';
  const contentIds = Array.from({ length: streams + 1 }, (_, i) => 5 + i);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents [${contentIds.map((id) => `${id} 0 R`).join(' ')}] >>`,
  );
  object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object(5, `<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  for (const id of contentIds.slice(1)) {
    object(id, [
      new TextEncoder().encode(
        `<< /Length ${spaces.data.length} /Filter /FlateDecode >>\nstream\n`,
      ),
      spaces.data,
      new TextEncoder().encode('\nendstream'),
    ]);
  }
  const count = contentIds.at(-1) ?? 5;
  const xref = length;
  push(`xref\n0 ${count + 1}\n0000000000 65535 f \n`);
  for (let id = 1; id <= count; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p))),
  );
}

/** A PDF of the given objects (bodies of objects 1, 2, ...; object 1 the catalogue), with its xref. */
function writePdf(bodies: readonly string[]): Uint8Array {
  const parts: string[] = ['%PDF-1.7\n'];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  bodies.forEach((body, i) => {
    offsets.push(length);
    const piece = `${i + 1} 0 obj\n${body}\nendobj\n`;
    parts.push(piece);
    length += Buffer.byteLength(piece, 'latin1');
  });
  parts.push(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) parts.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  parts.push(
    `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  );
  return new Uint8Array(Buffer.from(parts.join(''), 'latin1'));
}

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * A page-tree bomb of a few KB: the root's Kids name one intermediate Pages node `outer` times,
 * whose Kids name one page `inner` times, so a reader that trusts the tree sees outer × inner
 * pages, every one the same page ("Hello tree").
 */
export function pdfPageTreeBomb(outer: number, inner: number): Uint8Array {
  const text = 'BT /F1 12 Tf 72 720 Td (Hello tree) Tj ET';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${'3 0 R '.repeat(outer)}] /Count ${outer * inner} >>`,
    `<< /Type /Pages /Parent 2 0 R /Kids [${'4 0 R '.repeat(inner)}] /Count ${inner} >>`,
    '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >>',
    HELVETICA,
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ]);
}

/** An honest PDF of `pages` distinct pages, each with one short line ("Page N"). */
export function pdfPages(pages: number): Uint8Array {
  // Objects: 1 catalogue, 2 pages root, 3 font, then per page its page and its content.
  const bodies = ['<< /Type /Catalog /Pages 2 0 R >>', '', HELVETICA];
  const kids: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const page = bodies.length + 1;
    const text = `BT /F1 12 Tf 72 720 Td (Page ${n}) Tj ET`;
    kids.push(`${page} 0 R`);
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    );
  }
  bodies[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return writePdf(bodies);
}
