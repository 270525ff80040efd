import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(plural(1, 'chunk')).toBe('1 chunk');
    expect(plural(0, 'chunk')).toBe('0 chunks');
    expect(plural(35, 'chunk')).toBe('35 chunks');
    expect(plural(1151, 'page')).toBe('1,151 pages');
  });

  it('takes an irregular plural', () => {
    expect(plural(2, 'memory', 'memories')).toBe('2 memories');
    expect(plural(1, 'memory', 'memories')).toBe('1 memory');
  });
});
