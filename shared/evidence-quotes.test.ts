// findEvidence with the model's verified quotes (the quote check): what both pointed at comes
// first, then what only the model quoted, then alignment's own; without quotes nothing changes.
import { describe, expect, it } from 'vitest';
import { candidateChunks, findEvidence } from './evidence.ts';
import { PARAGRAPHS, about, input, state } from './evidence.test-support.ts';

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
    expect(findEvidence(input({ quotes: [] }))).toEqual(plain);
  });

  it('a quote of the sentence alignment chose makes it `both`, first', () => {
    // The model quoted part of the sentence: the whole sentence is the evidence.
    const q = span('The secret code of the vault is 7-ALPHA-42');
    const [top] = findEvidence(input({ quotes: [{ chunk: 1, ...q }] }));
    expect(top).toMatchObject({ chunk: 1, ...span(CODE), by: 'both' });
  });

  it('a quote alignment did not choose ranks after `both` and before alignment’s own', () => {
    const other = span('Only the curator and her deputy know it.');
    const found = findEvidence(input({ quotes: [{ chunk: 1, ...other }] }));
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
    const tie = about(paragraphs, 'Where is the key?', 'In the blue box', [
      'Nothing yet.',
      'The key: blue box.',
    ]);
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
    const found = findEvidence(input({ quotes: [{ chunk: 1, ...outside }] }));
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
