// Writes the committed document fixtures into test-fixtures/ (run via scripts/make-fixtures.sh,
// which adds the encrypted PDFs with qpdf). Deterministic: rerunning changes no bytes here (qpdf
// salts its encryption, so the two encrypted PDFs differ on every run).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import iconv from 'iconv-lite';
import { makePdf } from './make-fixtures-pdf.ts';
import { makeDocx, makeEpub, makeZipBomb } from './make-fixtures-zip.ts';

const out = resolve(import.meta.dirname, '..', 'test-fixtures');
mkdirSync(out, { recursive: true });
const write = (name: string, data: Uint8Array | string): void =>
  writeFileSync(join(out, name), data);

const contract = makePdf({
  title: 'Service Agreement',
  pageLabels: '0 << /S /r >> 2 << /S /D >>',
  outline: [
    { title: 'Preamble', page: 0 },
    { title: 'Definitions', page: 1 },
    { title: '1. Term and Fees', page: 2 },
    { title: '2. Termination', page: 3 },
  ],
  pages: [
    {
      lines: [
        '# Service Agreement',
        'Preamble',
        'This agreement between Northwind Ltd and Contoso GmbH sets out the informa-',
        'tion both parties need. It is a well-known form of contract,',
        'and its clauses follow well-known practice.',
      ],
    },
    {
      lines: [
        '# Definitions',
        '"Services" means the consulting work described in Annex A, deliv-',
        'ered by the provider. A well-',
        'known supplier may subcontract.',
      ],
    },
    {
      lines: [
        '# 1. Term and Fees',
        'The term of this agreement is twelve months.',
        'The fee is 4,200 euros per month, payable in advance.',
      ],
    },
    {
      lines: [
        '# 2. Termination',
        'Either party may terminate this agreement with 30 days notice in writing.',
      ],
    },
  ],
});
write('contract.pdf', contract);
// Cut in the middle: the cross-reference table and half the objects are gone.
write('truncated.pdf', contract.subarray(0, Math.floor(contract.length / 2)));
write(
  'scanned.pdf',
  makePdf({
    title: 'Scanned letter',
    pages: [
      { lines: ['Cover note: the letter follows as scanned images.'] },
      { image: true },
      { image: true },
      { image: true },
    ],
  }),
);
write(
  'damaged-page.pdf',
  makePdf({
    title: 'Minutes',
    brokenPage: 1,
    pages: [
      { lines: ['Minutes of the first meeting.'] },
      { lines: ['This page is unreachable.'] },
      { lines: ['Minutes of the third meeting.'] },
    ],
  }),
);
write(
  'garbage.pdf',
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 251)),
  ]),
);

write('lease.docx', makeDocx());
write('lighthouse.epub', makeEpub());
write('malformed.epub', makeEpub({ broken: true }));
const epub = makeEpub();
write('truncated.epub', epub.subarray(0, Math.floor(epub.length * 0.6)));
write('zip-bomb.epub', makeZipBomb());

write(
  'article.html',
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Tide Tables &amp; Harbours</title><style>body{font:12px serif}</style><script>document.write("tracking")</script></head>
<body><h1>Tide Tables</h1><p>High water at Brest is at <b>06:42</b>.</p>
<h2>Harbours</h2><table><thead><tr><th>Harbour</th><th>Depth</th></tr></thead><tbody><tr><td>Brest</td><td>12 m</td></tr><tr><td><p>Saint-Malo</p></td><td>8 m</td></tr></tbody></table>
<ul><li>Check the weather.</li><li>Carry a radio.</li></ul><h2>Notes</h2><p>Caf&eacute; &lt;open&gt; all day &#8212; even in winter.</p></body></html>`,
);
write(
  'notes.md',
  '# Field Notes\n\nIntro line.\n\n## Day one\n\n```\n# not a heading\n```\n\nWe saw 14 herons.\n\nDay two\n-------\n\nRain all day.\n',
);

const prose =
  'Le café de la gare ouvre à sept heures. « Déjà ? » demanda-t-il. Où est la clé ? Ça coûte 3 € — très cher. ' +
  'Les élèves étudient à l’école près du marché; la forêt est là-bas. Naïve, sûre, hôtel, crème brûlée.\n';
write('french-utf8.txt', prose.repeat(3) + '日本語のテキストも含まれます。\n');
write(
  'french-utf16le.txt',
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(prose.repeat(3), 'utf16le')]),
);
write(
  'french-utf16be.txt',
  Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(prose.repeat(3), 'utf16le').swap16()]),
);
write(
  'french-windows1252.txt',
  iconv.encode(prose.repeat(3).replace(/\n/g, '\r\n'), 'windows-1252'),
);
console.log(`fixtures written to ${out}`);
