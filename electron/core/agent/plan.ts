import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';
import { locateSpan } from '../documents/locations.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { chunkText } from './chunker.ts';

/**
 * The chunks a run reads: the chunker's spans of at most `chunkTokens` tokens, each with the
 * pages it touches and the section in force at its start (for "pp. 212-219 · Chapter 7").
 */
export async function planChunks(
  doc: DocumentText,
  tokenizer: Tokenizer,
  chunkTokens: number,
  signal?: AbortSignal,
): Promise<ChunkInfo[]> {
  const chunks = await chunkText(doc.text, tokenizer, chunkTokens, signal);
  return chunks.map((chunk) => {
    const info: ChunkInfo = {
      index: chunk.index,
      start: chunk.start,
      end: chunk.end,
      tokens: chunk.tokens,
    };
    const where = locateSpan(doc, chunk.start, chunk.end);
    if (where.pages !== undefined) info.pages = where.pages;
    if (where.section !== undefined) info.section = where.section;
    return info;
  });
}
