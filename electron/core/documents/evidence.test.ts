// Evidence on the real GPL (PDF and DOCX) and the Japanese Live manual, chunked by the real
// planner: the sentence a lawyer would check must be the one highlighted, on its page.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEvidence } from '../../../shared/evidence.ts';
import type { ChunkInfo, DocumentText, MemoryState } from '../../../shared/model.ts';
import { planChunks } from '../agent/plan.ts';
import { qwenTokenizer, type Tokenizer } from '../tokenize/index.ts';
import { extractDocument } from './index.ts';
import { corpusDir } from './test-support.ts';

const CURE =
  'Moreover, your license from a particular copyright holder is reinstated permanently if the copyright holder notifies you of the violation by some reasonable means, this is the first time you have received notice of violation of this License (for any work) from that copyright holder, and you cure the violation prior to 30 days after your receipt of the notice.';

let tokenizer: Tokenizer;
beforeAll(() => {
  tokenizer = qwenTokenizer({ workers: 1 });
});
afterAll(async () => {
  await tokenizer.dispose();
});

async function open(name: string): Promise<{ doc: DocumentText; chunks: ChunkInfo[] }> {
  const bytes = new Uint8Array(readFileSync(resolve(corpusDir, name)));
  const doc = await extractDocument({ bytes, name }, { maxBytes: 50_000_000 });
  return { doc, chunks: await planChunks(doc, tokenizer, 1000) };
}

/**
 * A memory trail as a MemAgent model writes one: nothing useful until the chunk holding
 * `needle`, then `fact` kept (with unrelated notes that come and go) to the end.
 */
function trail(doc: DocumentText, chunks: ChunkInfo[], needle: string, fact: string) {
  const at = doc.text.indexOf(needle);
  const home = chunks.findIndex((c) => c.start <= at && at < c.end);
  const memories: MemoryState[] = chunks.map((c) => ({
    chunk: c.index,
    memory:
      c.index < home
        ? `No relevant information yet. Chunk ${c.index + 1} covers general terms.`
        : `${fact}\nChunk ${c.index + 1} also covers distribution of copies.`,
    usage: { promptTokens: 1, completionTokens: 1 },
    ms: 1,
    kept: false,
  }));
  return { memories, home };
}

describe('evidence in real documents', () => {
  it('GPL PDF: the cure-period sentence on page 7 for "30 days"', async () => {
    const { doc, chunks } = await open('gpl-3.0.pdf');
    const { memories, home } = trail(
      doc,
      chunks,
      'you cure the violation prior to 30 days',
      'Termination: the license is reinstated permanently if the licensee cures the violation within 30 days of receiving notice.',
    );
    const question = 'How long does a licensee have to cure a violation after being notified?';
    for (const answer of ['30 days', 'Within 30 days after receipt of the notice.']) {
      const [top] = findEvidence({ question, answer, memories, chunks, document: doc });
      expect(top, answer).toMatchObject({ chunk: home, page: 7, pageLabel: null });
      // The quote is capped around what the answer rests on; the span is the whole sentence,
      // across its wrapped lines.
      expect(top?.quote.length).toBeLessThanOrEqual(300);
      expect(top?.quote).toMatch(
        /^….*you cure the violation prior to 30 days after your receipt of the notice\.$/u,
      );
      expect(doc.text.slice(top?.start, top?.end).replace(/\s+/g, ' ')).toBe(CURE);
    }
  });

  it('GPL DOCX (a paragraph per printed line): the whole sentence, no page', async () => {
    const { doc, chunks } = await open('gpl-3.0.docx');
    const { memories } = trail(
      doc,
      chunks,
      'you cure the violation prior to 30 days',
      'Cure period: 30 days after receipt of the notice of violation.',
    );
    const [top] = findEvidence({
      question: 'How long is the cure period?',
      answer: '30 days',
      memories,
      chunks,
      document: doc,
    });
    expect(top).toMatchObject({ page: null, pageLabel: null });
    expect(doc.text.slice(top?.start, top?.end).replace(/\s+/g, ' ')).toBe(CURE);
  });

  it('Japanese EPUB: the sentence with the command, with its section path', async () => {
    const { doc, chunks } = await open('live-manual.ja.epub');
    const { memories } = trail(
      doc,
      chunks,
      'xorriso で作られたISOイメージは',
      'ISOイメージは cp プログラムで単純にUSBメモリにコピーできる。',
    );
    const [top] = findEvidence({
      question: 'ISO hybrid イメージをUSBメモリへ書き込むには何を使いますか？',
      answer: 'cp プログラム',
      memories,
      chunks,
      document: doc,
    });
    expect(top?.quote).toBe(
      'xorriso で作られたISOイメージは cp プログラムや同等プログラムを使って単純にUSBメモリにコピーすることができます。',
    );
    expect(top?.section).toMatch(/4\.5\.2 ISO hybrid イメージのUSBメモリへのコピー$/u);
    expect(top?.page).toBeNull();
  });
});
