import { deflateSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfBomb } from '../../../scripts/make-bombs.ts';
import { PartTooLargeError } from './limits.ts';
import { MAX_DEFLATE_RATIO, checkPdfStreams } from './pdf-stream-scan.ts';

const MB = 1024 * 1024;

describe('the PDF stream scan', () => {
  it('relies on a ratio zlib cannot beat: 8 MB of one byte at the best level stays under it', () => {
    const input = Buffer.alloc(8 * MB);
    const packed = deflateSync(input, { level: constants.Z_BEST_COMPRESSION });
    const ratio = input.length / packed.length;
    expect(ratio).toBeGreaterThan(1000);
    expect(ratio).toBeLessThanOrEqual(MAX_DEFLATE_RATIO);
  });

  it('refuses a stream that inflates past the limit and passes one that does not', async () => {
    const bomb = await pdfBomb(4 * MB);
    expect(() => checkPdfStreams(bomb, 2 * MB)).toThrow(PartTooLargeError);
    expect(() => checkPdfStreams(bomb, 8 * MB)).not.toThrow();
  });
});
