// Writes small, exact PDFs for the document tests: every byte is ours, so page labels, the
// outline and the hyphenated line break are known. Used by make-fixtures.sh.

/**
 * One page: lines of text (a leading "# " makes a heading) or an image only ("scanned").
 * `offPage` is a line drawn right of the page's edge, which no reader shows.
 */
export type FixturePage = { lines: string[]; offPage?: string } | { image: true };

export interface FixturePdf {
  title: string;
  pages: FixturePage[];
  /** /PageLabels /Nums array body, e.g. `0 << /S /r >> 2 << /S /D >>`. */
  pageLabels?: string;
  /** 0-based index of a page whose page-tree entry points at a non-page object (a damaged page). */
  brokenPage?: number;
  /** Outline entries: title and 0-based page index. */
  outline?: { title: string; page: number }[];
}

const esc = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`);

function pageContent(page: FixturePage): string {
  if ('image' in page) return 'q 400 0 0 300 100 400 cm /Im1 Do Q';
  const ops = ['BT', '72 720 Td'];
  for (const line of page.lines) {
    if (line.startsWith('# ')) ops.push('/F1 18 Tf', `(${esc(line.slice(2))}) Tj`, '0 -30 Td');
    else if (line === '') ops.push('0 -10 Td');
    else ops.push('/F1 12 Tf', `(${esc(line)}) Tj`, '0 -16 Td');
  }
  ops.push('ET');
  if (page.offPage !== undefined) ops.push(`BT /F1 12 Tf 640 400 Td (${esc(page.offPage)}) Tj ET`);
  return ops.join('\n');
}

/** Serialises the PDF with a correct cross-reference table. */
export function makePdf(spec: FixturePdf): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pagesObj = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const pixels = 'ABCDEFGH'.repeat(8);
  const image = add(
    `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n${pixels}\nendstream`,
  );
  const pageIds: number[] = [];
  for (const page of spec.pages) {
    const content = pageContent(page);
    const contentId = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  const kids = pageIds.map((id, i) => (i === spec.brokenPage ? `${image} 0 R` : `${id} 0 R`));
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageIds.length} >>`;
  let outlineRef = '';
  if (spec.outline !== undefined && spec.outline.length > 0) {
    const root = add('');
    const first = objects.length + 1;
    const ids = spec.outline.map((_, i) => first + i);
    spec.outline.forEach((entry, i) => {
      const links = [
        i > 0 ? `/Prev ${ids[i - 1]} 0 R` : '',
        i < ids.length - 1 ? `/Next ${ids[i + 1]} 0 R` : '',
      ].join(' ');
      add(
        `<< /Title (${esc(entry.title)}) /Parent ${root} 0 R ${links} /Dest [${pageIds[entry.page]} 0 R /XYZ 0 792 0] >>`,
      );
    });
    objects[root - 1] =
      `<< /Type /Outlines /First ${ids[0]} 0 R /Last ${ids[ids.length - 1]} 0 R /Count ${ids.length} >>`;
    outlineRef = ` /Outlines ${root} 0 R /PageMode /UseOutlines`;
  }
  const labels =
    spec.pageLabels === undefined ? '' : ` /PageLabels << /Nums [${spec.pageLabels}] >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R${outlineRef}${labels} >>`;
  const info = add(`<< /Title (${esc(spec.title)}) /Producer (memagent make-fixtures) >>`);

  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
