import { describe, expect, it } from 'vitest';
import { splitInlineCode } from './inline-code.ts';

describe('splitInlineCode', () => {
  it('marks text between backticks as code', () => {
    expect(splitInlineCode('Start vLLM with `vllm serve X` or check the URL.')).toEqual([
      { text: 'Start vLLM with ', code: false },
      { text: 'vllm serve X', code: true },
      { text: ' or check the URL.', code: false },
    ]);
    expect(splitInlineCode('`a` and `b`')).toEqual([
      { text: 'a', code: true },
      { text: ' and ', code: false },
      { text: 'b', code: true },
    ]);
  });

  it('leaves text without pairs, lone backticks and markup as plain text', () => {
    expect(splitInlineCode('no code here')).toEqual([{ text: 'no code here', code: false }]);
    expect(splitInlineCode('one ` only')).toEqual([{ text: 'one ` only', code: false }]);
    expect(splitInlineCode('<b>x</b> `<img src=x>`')).toEqual([
      { text: '<b>x</b> ', code: false },
      { text: '<img src=x>', code: true },
    ]);
    expect(splitInlineCode('')).toEqual([]);
  });
});
