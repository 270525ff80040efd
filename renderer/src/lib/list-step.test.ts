import { describe, expect, it } from 'vitest';
import { listStep } from './list-step.ts';

// Chunks 0-3 read, 4 not yet (a running question), 5 read after a gap is not possible in a run
// but a sparse list must not trap the keys either.
const entries = ['a', 'b', undefined, 'd', undefined];

describe('listStep', () => {
  it('moves to the next and previous present entry, skipping gaps', () => {
    expect(listStep(entries, 1, 'ArrowDown')).toBe(3);
    expect(listStep(entries, 3, 'ArrowUp')).toBe(1);
  });

  it('stops at the ends', () => {
    expect(listStep(entries, 0, 'ArrowUp')).toBeNull();
    expect(listStep(entries, 3, 'ArrowDown')).toBeNull();
  });

  it('goes to the first and last present entry with Home and End', () => {
    expect(listStep(entries, 3, 'Home')).toBe(0);
    expect(listStep(entries, 0, 'End')).toBe(3);
  });

  it('ignores other keys', () => {
    expect(listStep(entries, 0, 'Enter')).toBeNull();
  });
});
