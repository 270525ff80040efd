import { describe, expect, it } from 'vitest';
import {
  extractAnswer,
  extractAnswerIs,
  extractAnswerUpstream,
  extractBoxed,
  stripThinking,
} from './answer.ts';

describe('stripThinking', () => {
  it('keeps the text after the last </think>, trimmed', () => {
    expect(stripThinking('<think>hmm</think>\n\nThe memory.\n')).toBe('The memory.');
    expect(stripThinking('<think>a</think>b</think>  final ')).toBe('final');
  });
  it('returns a reply without thinking unchanged (whitespace included)', () => {
    expect(stripThinking('  plain memory\n')).toBe('  plain memory\n');
  });
  it('treats an unclosed <think> as all thinking', () => {
    expect(stripThinking('<think>I ran out of budget while')).toBe('');
    expect(stripThinking('\n<think>x')).toBe('');
  });
  it('gives empty when nothing follows </think>', () => {
    expect(stripThinking('<think>x</think>\n')).toBe('');
  });
});

describe('extractBoxed', () => {
  it('takes the last box', () => {
    expect(extractBoxed('first \\boxed{A} then \\boxed{B}.')).toBe('B');
  });
  it('balances nested braces', () => {
    expect(extractBoxed('so \\boxed{\\frac{1}{2}} done')).toBe('\\frac{1}{2}');
    expect(extractBoxed('\\boxed{{a}{b{c}}}')).toBe('{a}{b{c}}');
  });
  it('trims the content and accepts \\fbox', () => {
    expect(extractBoxed('\\boxed{  Paris  }')).toBe('Paris');
    expect(extractBoxed('\\fbox{42}')).toBe('42');
  });
  it('falls back to the previous complete box when the last is cut off', () => {
    expect(extractBoxed('\\boxed{Rome} ... actually \\boxed{Par')).toBe('Rome');
  });
  it('takes no answer from a box that never closes (a reply cut at its token limit)', () => {
    expect(extractBoxed('The answer: \\boxed{Paris, France\nmore')).toBeNull();
    expect(extractBoxed('The code is \\boxed{73')).toBeNull();
    expect(extractBoxed('\\boxed{')).toBeNull();
  });
  it('is null without a box or with only empty boxes; an empty last box falls back to a full one', () => {
    expect(extractBoxed('no box here')).toBeNull();
    expect(extractBoxed('\\boxed{}')).toBeNull();
    expect(extractBoxed('\\boxed{  }')).toBeNull();
    expect(extractBoxed('First \\boxed{Paris}, then \\boxed{}')).toBe('Paris');
  });
});

describe('extractAnswerIs', () => {
  it('takes what follows the last "the answer is", any case', () => {
    expect(extractAnswerIs('The answer is A. Wait. Therefore, THE ANSWER IS Paris.')).toBe('Paris');
  });
  it('strips colon, quotes, bold and trailing periods', () => {
    expect(extractAnswerIs('Therefore, the answer is: "Marie Curie".')).toBe('Marie Curie');
    expect(extractAnswerIs('Therefore, the answer is **1912**.')).toBe('1912');
    expect(extractAnswerIs("the answer is 'yes'")).toBe('yes');
  });
  it('keeps only the first line after the phrase', () => {
    expect(
      extractAnswerIs('Therefore, the answer is\n\nLondon\n\nBecause the memory says so.'),
    ).toBe('London');
  });
  it('unboxes a box after the phrase', () => {
    expect(extractAnswerIs('Therefore, the answer is \\boxed{7}.')).toBe('7');
  });
  it('keeps inner periods', () => {
    expect(extractAnswerIs('the answer is J.R.R. Tolkien.')).toBe('J.R.R. Tolkien');
  });
  it('is null when absent or empty', () => {
    expect(extractAnswerIs('I do not know')).toBeNull();
    expect(extractAnswerIs('the answer is')).toBeNull();
    expect(extractAnswerIs('the answer is "".')).toBeNull();
  });
});

describe('extractAnswer', () => {
  it('boxed mode prefers the box and strips thinking first', () => {
    expect(extractAnswer('<think>maybe \\boxed{X}</think>So \\boxed{Y}', 'boxed')).toBe('Y');
    expect(extractAnswer('Therefore, the answer is Z. \\boxed{W}', 'boxed')).toBe('W');
  });
  it('each mode falls back to the other form', () => {
    expect(extractAnswer('Therefore, the answer is Z.', 'boxed')).toBe('Z');
    expect(extractAnswer('I think \\boxed{Q}', 'text')).toBe('Q');
  });
  it('text mode prefers the phrase', () => {
    expect(extractAnswer('\\boxed{1} Therefore, the answer is 2.', 'text')).toBe('2');
  });
  it('is null when nothing is extractable, including thinking only', () => {
    expect(extractAnswer('The memory does not say.', 'boxed')).toBeNull();
    expect(extractAnswer('<think>the answer is 5', 'text')).toBeNull();
  });
  it('takes nothing from the unfinished last line of a reply cut at its token limit', () => {
    // "7318-Quartz" cut after two tokens: neither form may pass "73" off as the answer.
    expect(extractAnswer('Therefore, the answer is 73', 'text', { cut: true })).toBeNull();
    expect(extractAnswer('The code is \\boxed{73', 'boxed', { cut: true })).toBeNull();
    expect(extractAnswer('\\', 'boxed', { cut: true })).toBeNull();
    // Complete forms before the cut still count (the run marks them as from a cut reply).
    expect(extractAnswer('\\boxed{7318-Quartz} because the memory', 'boxed', { cut: true })).toBe(
      '7318-Quartz',
    );
    expect(
      extractAnswer('Therefore, the answer is 7318-Quartz.\nThe memory says', 'text', {
        cut: true,
      }),
    ).toBe('7318-Quartz');
  });
});

describe('extractAnswerUpstream (memagent eval --extraction upstream)', () => {
  it('takes what follows the last case-sensitive "the answer is", as upstream does', () => {
    expect(extractAnswerUpstream('Therefore, the answer is **Paris**.', 'text')).toBe('Paris');
    expect(extractAnswerUpstream('the answer is A. Or rather, the answer is B.', 'text')).toBe('B');
    // Upstream keeps every line after the phrase; the app keeps the first.
    expect(extractAnswerUpstream('Therefore, the answer is\nParis\nand more.', 'text')).toBe(
      'Paris\nand more',
    );
  });

  it('extracts nothing from "The answer is X" or an empty answer, where the app is kinder', () => {
    expect(extractAnswerUpstream('The answer is Paris.', 'text')).toBeNull();
    expect(extractAnswer('The answer is Paris.', 'text')).toBe('Paris');
    expect(extractAnswerUpstream('Therefore, the answer is ...', 'text')).toBeNull();
    expect(extractAnswerUpstream('<think>the answer is A</think>No idea.', 'text')).toBeNull();
  });

  it('takes the last box for the boxed prompt', () => {
    expect(extractAnswerUpstream('First \\boxed{A}, then \\boxed{B}.', 'boxed')).toBe('B');
  });
});

// A hostile or broken model can fill its whole reply with openers or wrapping. Extraction reads
// each reply once: these inputs took minutes when every opener was scanned to the reply's end and
// every pair of `**` or quotes copied the line again (the test timeout fails them).
describe('replies built to make extraction slow', () => {
  const N = 200_000;

  it('200,000 unclosed \\boxed{ give no box, and an earlier complete box is still found', () => {
    expect(extractBoxed('\\boxed{'.repeat(N))).toBeNull();
    expect(extractAnswer(`\\boxed{7318-Quartz} then ${'\\boxed{'.repeat(N)}`, 'boxed')).toBe(
      '7318-Quartz',
    );
    expect(extractAnswer(`the answer is Paris\n${'\\fbox{'.repeat(N)}`, 'text')).toBe('Paris');
  });

  it('an answer wrapped in 200,000 pairs of ** or quotes is unwrapped', () => {
    const stars = '*'.repeat(2 * N);
    expect(extractAnswerIs(`the answer is ${stars}Paris${stars}.`)).toBe('Paris');
    const quotes = '"'.repeat(N);
    expect(extractAnswer(`Therefore, the answer is ${quotes}Paris${quotes}`, 'text')).toBe('Paris');
  });
});
