import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffKind } from './sniff.ts';
import { openZip, zipEntryNames } from './zip-limits.ts';

const docx = () =>
  zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'word/document.xml': strToU8('<w:document/>'.repeat(200)),
  });

describe('sniffing a ZIP container', () => {
  it('reads the entry names with the same reader as the DOCX and EPUB readers', () => {
    const bytes = docx();
    expect(zipEntryNames(bytes)).toEqual(openZip(bytes).names);
    expect(sniffKind(bytes)).toBe('docx');
    expect(sniffKind(zipSync({ 'META-INF/container.xml': strToU8('<container/>') }))).toBe('epub');
    expect(sniffKind(zipSync({ 'notes.txt': strToU8('hello') }))).toBe('zip');
  });

  it('knows a DOCX whose end was cut off by its local headers, so its reader can call it damaged', () => {
    const bytes = docx();
    const cut = bytes.subarray(0, bytes.length - 40);
    expect(() => openZip(cut)).toThrow(/ZIP container is damaged/);
    expect(sniffKind(cut)).toBe('docx');
  });

  it('reads UTF-8 entry names', () => {
    expect(zipEntryNames(zipSync({ 'répertoire/ü.txt': strToU8('x') }))).toEqual([
      'répertoire/ü.txt',
    ]);
  });
});
