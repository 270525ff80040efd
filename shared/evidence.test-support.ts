// Small documents for the evidence tests: paragraphs that are one chunk and one page each, and
// the vault question whose memory trail points at the second paragraph.
import type { EvidenceInput } from './evidence.ts';
import type { ChunkInfo, MemoryState, PageSpan } from './model.ts';

export const state = (chunk: number, memory: string): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 1, completionTokens: 1 },
  ms: 1,
  kept: false,
});

/** A document of paragraphs, one chunk each, one page each. */
export function documentOf(paragraphs: string[]) {
  const text = paragraphs.join('\n\n');
  const chunks: ChunkInfo[] = [];
  const pages: PageSpan[] = [];
  let at = 0;
  paragraphs.forEach((p, i) => {
    chunks.push({ index: i, start: at, end: at + p.length, tokens: 10 });
    pages.push({
      number: i + 1,
      label: ['i', 'ii', '1', '2'][i] ?? String(i),
      start: at,
      end: at + p.length,
    });
    at += p.length + 2;
  });
  return { text, chunks, pages };
}

/** A question and answer about a document of `paragraphs`, with the memory after each one. */
export function about(paragraphs: string[], question: string, answer: string, memories: string[]) {
  const { text, chunks, pages } = documentOf(paragraphs);
  const states = memories.map((m, i) => state(i, m));
  return { question, answer, memories: states, chunks, document: { text, pages } };
}

export const PARAGRAPHS = [
  'The archive was founded in 1921 by a group of librarians. It holds letters, maps and\nphotographs of the harbour. Visitors sign the register at the door.',
  'Access to the vault is restricted. The secret code of the vault is 7-ALPHA-42, and it is\nchanged every spring. Only the curator and her deputy know it.',
  'The reading room opens at nine. The archive publishes a yearly report on its collections.',
];

export function input(overrides: Partial<EvidenceInput> = {}): EvidenceInput {
  const { text, chunks, pages } = documentOf(PARAGRAPHS);
  return {
    question: 'What is the secret code of the vault?',
    answer: '7-ALPHA-42',
    memories: [
      state(0, 'The archive was founded in 1921. No code found yet.'),
      state(1, 'The secret code of the vault is 7-ALPHA-42; it changes every spring.'),
      state(2, 'The secret code of the vault is 7-ALPHA-42; it changes every spring.'),
    ],
    chunks,
    document: { text, pages },
    ...overrides,
  };
}
