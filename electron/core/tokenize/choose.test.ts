import { describe, expect, it } from 'vitest';
import { chooseTokenizer } from './choose.ts';

describe('chooseTokenizer', () => {
  it.each([
    ['BytedTsinghua-SIA/RL-MemoryAgent-14B', 'qwen'],
    ['Qwen/Qwen2.5-7B-Instruct', 'qwen'],
    ['qwen3:8b', 'qwen'],
    ['my-local-model', 'qwen'],
    [undefined, 'qwen'],
    ['gpt-4o-mini', 'o200k'],
    ['gpt-4.1', 'o200k'],
    ['gpt-5', 'o200k'],
    ['openai/gpt-4o', 'o200k'],
    ['o1', 'o200k'],
    ['o3-mini', 'o200k'],
    ['o4-mini-2025-04-16', 'o200k'],
    ['ollama/o1ne', 'qwen'],
  ] as const)('auto picks for %s: %s', (model, expected) => {
    expect(chooseTokenizer('auto', model)).toBe(expected);
  });

  it('an explicit choice overrides the model name', () => {
    expect(chooseTokenizer('qwen', 'gpt-4o')).toBe('qwen');
    expect(chooseTokenizer('o200k', 'Qwen/Qwen2.5-7B')).toBe('o200k');
    expect(chooseTokenizer('server', 'gpt-4o')).toBe('server');
  });
});
