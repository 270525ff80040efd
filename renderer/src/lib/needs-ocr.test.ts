import { describe, expect, it } from 'vitest';
import { needsOcr } from './needs-ocr.ts';

describe('needsOcr', () => {
  it('is true for a PDF with (almost) no text, false once it has text or for other formats', () => {
    expect(needsOcr({ format: 'pdf', chars: 12, pageCount: 4 })).toBe(true);
    expect(needsOcr({ format: 'pdf', chars: 0, pageCount: 1 })).toBe(true);
    expect(needsOcr({ format: 'pdf', chars: 9_000, pageCount: 4 })).toBe(false);
    expect(needsOcr({ format: 'docx', chars: 0, pageCount: 4 })).toBe(false);
    expect(needsOcr({ format: 'pdf', chars: 0 })).toBe(false);
  });
});
