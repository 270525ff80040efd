// DOCX and EPUB fixtures written entry by entry with fflate, so their content is exact.
import { strToU8, zipSync, type Zippable } from 'fflate';

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const p = (text: string, style?: string): string =>
  `<w:p>${style === undefined ? '' : `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>`}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const cell = (text: string): string => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;

/** A DOCX with a title, headings, a footnote, a table and a bulleted list. */
export function makeDocx(): Uint8Array {
  const body = [
    p('Lease Agreement', 'Title'),
    p('1. Parties', 'Heading1'),
    `<w:p><w:r><w:t xml:space="preserve">The landlord rents the flat to the tenant</w:t></w:r><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r><w:r><w:t xml:space="preserve"> from 1 March.</w:t></w:r></w:p>`,
    p('2. Rent', 'Heading1'),
    p('The rent is set out in the table below.'),
    `<w:tbl><w:tr>${cell('Item')}${cell('Amount')}</w:tr><w:tr>${cell('Monthly rent')}${cell('950 EUR')}</w:tr><w:tr>${cell('Deposit')}${cell('2850 EUR')}</w:tr></w:tbl>`,
    p('2.1 Payment', 'Heading2'),
    p('Rent is due on the first working day of each month.'),
    ...['Pay by bank transfer.', 'Quote the flat number.'].map(
      (item) =>
        `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${item}</w:t></w:r></w:p>`,
    ),
  ].join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
    ),
    'docProps/core.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Lease Agreement &amp; Annex</dc:title></cp:coreProperties>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
    ),
    'word/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>` +
        ['Title:Title', 'Heading1:heading 1', 'Heading2:heading 2', 'ListParagraph:List Paragraph']
          .map((s) => s.split(':'))
          .map(
            ([id, name]) =>
              `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`,
          )
          .join('') +
        '</w:styles>',
    ),
    'word/numbering.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
    ),
    'word/footnotes.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:t xml:space="preserve">The tenant is named in Annex A.</w:t></w:r></w:p></w:footnote></w:footnotes>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
    ),
  };
  return zipSync(files, { mtime: new Date('2024-01-01T00:00:00Z') });
}

const xhtml = (title: string, body: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${title}</title><style>p{color:red}</style></head><body>${body}</body></html>`;

/** An EPUB 3 with a nav, an NCX, a #fragment href, a duplicate spine item, a missing file and CJK text. */
export function makeEpub(options: { broken?: boolean } = {}): Uint8Array {
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE package [<!ENTITY boom "boomboomboomboom">]>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Lighthouse &amp; the Sea &boom;</dc:title><dc:language>en</dc:language></metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="c1" href="text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
<item id="c1b" href="text/chapter%201.xhtml#part2" media-type="application/xhtml+xml"/>
<item id="c2" href="text/chapter2.xhtml" media-type="application/xhtml+xml"/>
<item id="c3" href="text/missing.xhtml" media-type="application/xhtml+xml"/>
</manifest>
<spine toc="ncx"><itemref idref="c1"/><itemref idref="c1b"/><itemref idref="c2"/><itemref idref="c3"/><itemref idref="ghost"/></spine>
</package>`;
  const nav = xhtml(
    'Contents',
    '<nav epub:type="toc"><ol><li><a href="text/chapter%201.xhtml">Chapter One: The Keeper</a><ol><li><a href="text/chapter%201.xhtml#part2">The Storm</a></li></ol></li><li><a href="text/chapter2.xhtml">第二章 灯台</a></li></ol></nav>',
  );
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="${options.broken === true ? 'OEBPS/absent.opf' : 'OEBPS/content.opf'}" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    ),
    'OEBPS/nav.xhtml': strToU8(nav),
    'OEBPS/toc.ncx': strToU8(
      '<?xml version="1.0"?><ncx><navMap><navPoint><navLabel><text>Chapter One: The Keeper</text></navLabel><content src="text/chapter%201.xhtml"/></navPoint></navMap></ncx>',
    ),
    'OEBPS/text/chapter 1.xhtml': strToU8(
      xhtml(
        'One',
        '<h1>Chapter One: The Keeper</h1><p>The keeper lit the lamp at dusk &amp; watched the sea.<script>alert(1)</script></p><p>He counted 1,204 ships that year.</p><h2 id="part2">The Storm</h2><p>The storm came on the third night.<b>Unclosed bold</p><p>Waves broke over the rocks.',
      ),
    ),
    'OEBPS/text/chapter2.xhtml': strToU8(
      xhtml('Two', '<h1>第二章 灯台</h1><p>灯台守は毎晩ランプを灯した。海は静かだった。</p>'),
    ),
  };
  if (options.broken === true) delete files['OEBPS/content.opf'];
  else files['OEBPS/content.opf'] = strToU8(opf);
  return zipSync(files, { mtime: new Date('2024-01-01T00:00:00Z') });
}

/** A ZIP shaped like an EPUB whose one chapter inflates to 300 MB of spaces. */
export function makeZipBomb(): Uint8Array {
  return zipSync(
    {
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(
        '<container><rootfiles><rootfile full-path="content.opf"/></rootfiles></container>',
      ),
      'bomb.xhtml': [new Uint8Array(300 * 1024 * 1024).fill(0x20), { level: 9 }],
    },
    { mtime: new Date('2024-01-01T00:00:00Z') },
  );
}
