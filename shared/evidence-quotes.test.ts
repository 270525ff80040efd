// findEvidence with the model's verified quotes (the quote check): what both pointed at comes
// first, then what only the model quoted, then alignment's own; without quotes nothing changes.
import { describe, expect, it } from 'vitest';
import { candidateChunks, findEvidence, type EvidenceInput } from './evidence.ts';
import type { ChunkInfo, MemoryState } from './model.ts';

const state = (chunk: number, memory: string): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 1, completionTokens: 1 },
  ms: 1,
  kept: false,
});

const PARAGRAPHS = [
  'The archive was founded in 1921 by a group of librarians. It holds letters, maps and\nphotographs of the harbour. Visitors sign the register at the door.',
  'Access to the vault is restricted. The secret code of the vault is 7-ALPHA-42, and it is\nchanged every spring. Only the curator and her deputy know it.',
  'The reading room opens at nine. The archive publishes a yearly report on its collections.',
];

function input(paragraphs = PARAGRAPHS, overrides: Partial<EvidenceInput> = {}): EvidenceInput {
  const text = paragraphs.join('\n\n');
  const chunks: ChunkInfo[] = [];
  let at = 0;
  for (const [i, p] of paragraphs.entries()) {
    chunks.push({ index: i, start: at, end: at + p.length, tokens: 10 });
    at += p.length + 2;
  }
  return {
    question: 'What is the secret code of the vault?',
    answer: '7-ALPHA-42',
    memories: [
      state(0, 'The archive was founded in 1921. No code found yet.'),
      state(1, 'The secret code of the vault is 7-ALPHA-42; it changes every spring.'),
      state(2, 'The secret code of the vault is 7-ALPHA-42; it changes every spring.'),
    ],
    chunks,
    document: { text },
    ...overrides,
  };
}

const text = PARAGRAPHS.join('\n\n');
const span = (sentence: string) => {
  const start = text.indexOf(sentence);
  if (start < 0) throw new Error(`not in the text: ${sentence}`);
  return { start, end: start + sentence.length };
};
const CODE = 'The secret code of the vault is 7-ALPHA-42, and it is\nchanged every spring.';

describe('findEvidence with the model’s quotes', () => {
  it('without quotes is alignment alone, marked so', () => {
    const plain = findEvidence(input());
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((e) => e.by === 'alignment')).toBe(true);
    expect(findEvidence(input(PARAGRAPHS, { quotes: [] }))).toEqual(plain);
  });

  it('a quote of the sentence alignment chose makes it `both`, first', () => {
    // The model quoted part of the sentence: the whole sentence is the evidence.
    const q = span('The secret code of the vault is 7-ALPHA-42');
    const [top] = findEvidence(input(PARAGRAPHS, { quotes: [{ chunk: 1, ...q }] }));
    expect(top).toMatchObject({ chunk: 1, ...span(CODE), by: 'both' });
  });

  it('a quote alignment did not choose ranks after `both` and before alignment’s own', () => {
    const other = span('Only the curator and her deputy know it.');
    const found = findEvidence(input(PARAGRAPHS, { quotes: [{ chunk: 1, ...other }] }));
    expect(found.map((e) => [e.start, e.by])).toEqual([
      [other.start, 'model'],
      [span(CODE).start, 'alignment'],
    ]);
    expect(found[0]?.quote).toBe('Only the curator and her deputy know it.');
    expect(found[0]?.score).toBeGreaterThanOrEqual(0.5);
  });

  it('a verified quote settles a tie alignment alone leaves unhighlighted', () => {
    const paragraphs = [
      'Lunch is at noon.',
      'The key is kept in the blue box. Tea is served at four. The key is kept in the blue box.',
    ];
    const tie = input(paragraphs, {
      question: 'Where is the key?',
      answer: 'In the blue box',
      memories: [state(0, 'Nothing yet.'), state(1, 'The key: blue box.')],
    });
    expect(findEvidence(tie)).toEqual([]);
    const second = paragraphs.join('\n\n').lastIndexOf('The key is kept');
    const found = findEvidence({
      ...tie,
      quotes: [{ chunk: 1, start: second, end: second + 'The key is kept in the blue box'.length }],
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ chunk: 1, start: second, by: 'both' });
  });

  it('ignores a quote outside the chunk it names', () => {
    const outside = span('The reading room opens at nine.');
    const found = findEvidence(input(PARAGRAPHS, { quotes: [{ chunk: 1, ...outside }] }));
    expect(found).toEqual(findEvidence(input()));
  });
});

describe('candidateChunks', () => {
  it('names the chunks whose memory update brought the answer in, best first, at most three', () => {
    expect(candidateChunks(input())).toEqual([1]);
    const spread = {
      question: 'Who signed?',
      answer: 'Alder, Birch, Cedar and Dogwood',
      memories: [
        state(0, 'Alder signed.'),
        state(1, 'Alder signed. Birch signed.'),
        state(2, 'Alder, Birch signed. Cedar signed.'),
        state(3, 'Alder, Birch, Cedar signed. Dogwood too.'),
      ],
    };
    expect(candidateChunks(spread)).toEqual([3, 2, 1]);
    expect(candidateChunks({ ...spread, answer: '' })).toEqual([]);
  });
});
