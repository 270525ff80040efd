// Evidence on small documents whose every sentence is known: what a reader would check is that
// the highlighted sentence is the one the answer came from, with its page and section, and that
// nothing is highlighted when nothing clearly supports the answer.
import { describe, expect, it } from 'vitest';
import { findEvidence } from './evidence.ts';
import { quoteOf } from './evidence-sentences.ts';
import { MAX_TOKEN_CHARS, tokens } from './evidence-terms.ts';
import { about, documentOf, input, state } from './evidence.test-support.ts';
import type { Section } from './model.ts';

describe('findEvidence', () => {
  it('finds the sentence the memory took the answer from, across a hard-wrapped line, with its page', () => {
    const [top, ...rest] = findEvidence(input());
    const doc = input().document;
    expect(top).toMatchObject({ chunk: 1, page: 2, pageLabel: 'ii', section: null });
    expect(top?.quote).toBe(
      'The secret code of the vault is 7-ALPHA-42, and it is changed every spring.',
    );
    // The span covers the real sentence, line break and all.
    expect(doc.text.slice(top?.start, top?.end)).toBe(
      'The secret code of the vault is 7-ALPHA-42, and it is\nchanged every spring.',
    );
    expect(top?.score).toBeGreaterThan(0.5);
    expect(top?.score).toBeLessThanOrEqual(1);
    expect(rest.every((e) => e.score <= (top?.score ?? 0))).toBe(true);
  });

  it('gives the section path of headings enclosing the sentence', () => {
    const sections: Section[] = [
      { title: 'Part I', level: 1, start: 0 },
      { title: 'Founding', level: 2, start: 0 },
      { title: 'Security', level: 2, start: input().chunks[1]?.start ?? 0 },
      { title: 'Part II', level: 1, start: input().chunks[2]?.start ?? 0 },
    ];
    const doc = { ...input().document, sections };
    expect(findEvidence(input({ document: doc }))[0]?.section).toBe('Part I > Security');
  });

  it('ignores stop-words and words of the question: they point at no chunk', () => {
    // "the", "of", "is" and "archive" (asked about) are in every memory from chunk 1 on; the
    // only content the answer adds, "curator", came with chunk 2's memory.
    const found = findEvidence(
      input({
        question: 'Who at the archive knows the code?',
        answer: 'The curator of the archive',
        memories: [
          state(0, 'The archive is old.'),
          state(1, 'The archive of the harbour: only the curator and her deputy know the code.'),
          state(2, 'The archive of the harbour: only the curator and her deputy know the code.'),
        ],
      }),
    );
    expect(found[0]).toMatchObject({ chunk: 1, quote: 'Only the curator and her deputy know it.' });
  });

  it('returns nothing for an empty answer, no memories, or an answer the memories never held', () => {
    expect(findEvidence(input({ answer: '  ' }))).toEqual([]);
    expect(findEvidence(input({ answer: 'the of and' }))).toEqual([]);
    expect(findEvidence(input({ memories: [] }))).toEqual([]);
    expect(findEvidence(input({ memories: [undefined, undefined] }))).toEqual([]);
    expect(findEvidence(input({ answer: 'Bicycles are parked behind the library.' }))).toEqual([]);
  });

  it('highlights nothing when two sentences support the answer equally', () => {
    const found = findEvidence(
      about(
        [
          'Lunch is at noon.',
          'The key is kept in the blue box. Tea is served at four. The key is kept in the blue box.',
        ],
        'Where is the key?',
        'In the blue box',
        ['Nothing yet.', 'The key: blue box.'],
      ),
    );
    expect(found).toEqual([]);
  });

  it('numbers alone in a worded answer are not evidence, but a numeric answer is', () => {
    const numeric = findEvidence(
      input({
        question: 'When was the archive founded?',
        answer: '1921',
        memories: [state(0, 'Founded in 1921.'), state(1, 'Founded in 1921.')],
      }),
    );
    expect(numeric[0]).toMatchObject({ chunk: 0, page: 1 });
    expect(numeric[0]?.quote).toContain('founded in 1921');
    // "7" alone (a list number, a page) would match anything: a worded answer keeps it out.
    const worded = findEvidence(
      input({
        question: 'What opens at nine?',
        answer: '7 reading room',
        memories: [
          state(0, 'Nothing yet. 7'),
          state(1, 'Nothing yet. 7'),
          state(2, 'The reading room opens at nine.'),
        ],
      }),
    );
    expect(worded.map((e) => e.chunk)).toEqual([2]);
  });

  it('finds Japanese evidence without spaces, by character bigrams', () => {
    const found = findEvidence(
      about(
        [
          'この章ではライブシステムの概要を説明します。ビルドには数分かかります。',
          'イメージを作成するには lb build コマンドを実行します。設定は config ディレクトリに置きます。',
        ],
        'イメージを作成するコマンドは何ですか？',
        'lb build コマンド',
        ['まだ情報はありません。', 'イメージの作成には lb build コマンドを実行する。'],
      ),
    );
    expect(found[0]).toMatchObject({ chunk: 1, page: 2 });
    expect(found[0]?.quote).toBe('イメージを作成するには lb build コマンドを実行します。');
  });

  it('caps long quotes with an ellipsis while the span covers the whole sentence', () => {
    const long = `The secret code of the vault is 7-ALPHA-42 ${'and the rule continues '.repeat(30)}to the end.`;
    const { text, chunks, pages } = documentOf(['Nothing here.', long]);
    const [top] = findEvidence(
      input({
        chunks,
        document: { text, pages },
        memories: [state(0, 'Nothing yet.'), state(1, 'The vault code is 7-ALPHA-42.')],
      }),
    );
    expect(top?.quote.length).toBeLessThanOrEqual(300);
    // The window that holds the answer: the start of this sentence.
    expect(top?.quote).toMatch(/^The secret code of the vault is 7-ALPHA-42 and .*…$/u);
    expect(text.slice(top?.start, top?.end)).toBe(long);
  });

  it('quotes the part of a long sentence the answer rests on, with an ellipsis at each cut', () => {
    const long = `${'The rule begins here and continues '.repeat(12)}until the vault code 7-ALPHA-42 is given, ${'and it goes on further still '.repeat(12)}to the end.`;
    const { text, chunks, pages } = documentOf(['Nothing here.', long]);
    const [top] = findEvidence(
      input({
        chunks,
        document: { text, pages },
        memories: [state(0, 'Nothing yet.'), state(1, 'The vault code is 7-ALPHA-42.')],
      }),
    );
    expect(top?.quote.length).toBeLessThanOrEqual(300);
    expect(top?.quote).toMatch(/^….*the vault code 7-ALPHA-42 is given.*…$/u);
  });

  it('a memory and answer of one 6 MB word (a server that ignored its token limit): the same passage, no crash', () => {
    // "Ωa" × 3 M is one run of letters; an unbounded regexp over it overflowed the stack.
    const word = 'Ωa'.repeat(3_000_000);
    const base = input();
    const memories = base.memories.map((m) =>
      m?.chunk === 2 ? state(2, `${m.memory} ${word}`) : m,
    );
    const [top] = findEvidence({ ...base, memories, answer: `7-ALPHA-42 ${word}` });
    expect(top?.quote).toBe(
      'The secret code of the vault is 7-ALPHA-42, and it is changed every spring.',
    );
    expect(tokens(word)).toHaveLength(Math.ceil(6_000_000 / MAX_TOKEN_CHARS));
  });
});

describe('quoteOf', () => {
  it('puts a passage on one line and, given less room (a caption), cuts it at a word', () => {
    const text = 'Intro.\n\nTerms   apply\nto all.';
    expect(quoteOf(text, { start: 8, end: text.length })).toBe('Terms apply to all.');
    const long = 'one two three four five six';
    expect(quoteOf(long, { start: 0, end: long.length }, undefined, 12)).toBe('one two…');
  });
});
