// Evidence beside a table of contents: the outline repeats a section's heading, in the words of
// the answer, a page before the body sentence that gives it; the highlight must land on the body.
import { describe, expect, it } from 'vitest';
import { findEvidence } from './evidence.ts';
import { inOutline, outlineSpans } from './evidence-outline.ts';
import { state } from './evidence.test-support.ts';
import type { ChunkInfo, PageSpan } from './model.ts';

const CONTENTS = [
  'Contents',
  '1.1 What is Debian? . . . . . . . . . . . . . . . . . . . 1',
  '1.2 Who maintains the archive? . . . . . . . . . . . . . 2',
  '2.1 Debian 12 bookworm, the latest version . . . . . . . 5',
  '2.2 How do I upgrade from an older release? . . . . . . 6',
  '2.3 Where are the installation images? . . . . . . . . 7',
].join('\n');

const BODY = [
  '2 Releases',
  '',
  'The archive keeps every release the project has made. The latest version of Debian is',
  'Debian 12 bookworm, released in June 2023 with five years of security support.',
  'Older releases stay in the archive for reference.',
].join('\n');

/** The FAQ as one chunk of two pages: the contents, then the section it lists. */
function faq(contents = CONTENTS) {
  const text = `${contents}\n\n${BODY}`;
  const split = contents.length + 2;
  const chunks: ChunkInfo[] = [{ index: 0, start: 0, end: text.length, tokens: 200 }];
  const pages: PageSpan[] = [
    { number: 1, start: 0, end: split },
    { number: 2, start: split, end: text.length },
  ];
  return { text, chunks, pages };
}

const ask = (contents?: string) => {
  const { text, chunks, pages } = faq(contents);
  return findEvidence({
    question: 'What is the latest version of Debian?',
    answer: 'Debian 12 bookworm',
    memories: [state(0, 'The latest version is Debian 12 bookworm (section 2.1).')],
    chunks,
    document: { text, pages },
  });
};

describe('evidence beside a table of contents', () => {
  it('highlights the body sentence, not the contents line with the same words', () => {
    const [top, ...rest] = ask();
    expect(top?.quote).toBe(
      'The latest version of Debian is Debian 12 bookworm, released in June 2023 with five years of security support.',
    );
    expect(top?.page).toBe(2);
    // The contents line is not offered beside it.
    expect([top, ...rest].some((e) => e?.quote.includes('. . .'))).toBe(false);
  });

  it('contents with space leaders (a page number after a gap) rank below the body too', () => {
    const spaced = CONTENTS.replace(/ (?:\. )+\.? ?/g, '      ');
    expect(spaced).toContain('2.1 Debian 12 bookworm, the latest version      5');
    expect(ask(spaced)[0]?.page).toBe(2);
  });

  it('a contents line is still shown when no body sentence supports the answer', () => {
    const { text, pages } = faq();
    const contentsOnly = [{ index: 0, start: 0, end: CONTENTS.length, tokens: 100 }];
    const found = findEvidence({
      question: 'What is the latest version of Debian?',
      answer: 'Debian 12 bookworm',
      memories: [state(0, 'The latest version is Debian 12 bookworm (section 2.1).')],
      chunks: contentsOnly,
      document: { text, pages },
    });
    // (Sentences of a contents page run across its lines; the line's words are all there.)
    expect(found[0]?.quote).toContain('2.1 Debian 12 bookworm, the latest version . . .');
    expect(found[0]?.page).toBe(1);
  });
});

describe('outlineSpans', () => {
  const lines = (text: string) =>
    outlineSpans(text, 0, text.length).map((s) => text.slice(s.start, s.end));

  it('takes dot-leader lines, and page-numbered lines only in a run of three or more', () => {
    const text = [
      'Chapter 1 Basics . . . . . . 3',
      '',
      'The loop ran 12 times in 2',
      'Then it stopped.',
      '1.1 Sources 5',
      '1.2 Targets 9',
      'Introduction       11',
      'Appendix A Tables 120',
      'Body text again, with a number at its end like 42',
    ].join('\n');
    expect(lines(text)).toEqual([
      'Chapter 1 Basics . . . . . . 3',
      '1.1 Sources 5',
      '1.2 Targets 9',
      'Introduction       11',
      'Appendix A Tables 120',
    ]);
  });

  it('keeps a heading wrapped over two lines, and roman page numbers', () => {
    const text = [
      'Preface . . . . . . . . . iii',
      '3.4 A heading so long that the typesetter wrapped it onto',
      '    a second line . . . . . . . . 44',
      '3.5 Short . . . . . . . . . 47',
    ].join('\n');
    expect(lines(text)).toHaveLength(4);
  });

  it('leaves prose alone: sentences, lists, a long line ending in a number', () => {
    const text = [
      'The report lists 3 sites. Each has a code. The total is 5',
      `${'A very long line of body text '.repeat(8)}ending in 1999`,
      '- one item 1',
    ].join('\n');
    expect(lines(text)).toEqual([]);
    expect(inOutline(text, { start: 0, end: 20 }, [])).toBe(false);
  });
});
