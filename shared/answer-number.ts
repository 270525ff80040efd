// Numbers as answers write them: 42, 1,234, 3.5, twelve, 8%, 8 per cent.
import {
  NUMBER_PATTERN,
  NUMBER_WORD_PATTERN,
  readDigits,
  readNumberWords,
} from './answer-numbers.ts';
import type { NumberValue } from './answer-value.ts';

const NUMBER = new RegExp(
  String.raw`(-)?(?:(${NUMBER_PATTERN})|\b(${NUMBER_WORD_PATTERN})\b)(\s?(?:%|per\s?cent\b|percent\b))?`,
  'gi',
);

/** The first number the answer writes (digits or words), with a percent sign noted; or undefined. */
export function readNumber(text: string): NumberValue | undefined {
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(text); m !== null; m = NUMBER.exec(text)) {
    const [written, minus, digits, words, percent] = m;
    const value = digits !== undefined ? readDigits(digits) : readNumberWords(words ?? '');
    if (value === undefined) continue;
    return {
      kind: 'number',
      number: minus === undefined ? value : -value,
      percent: percent !== undefined,
      written: written.trim(),
    };
  }
  return undefined;
}
