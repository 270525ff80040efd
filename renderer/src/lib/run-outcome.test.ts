import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { retryNote, startOutcome } from './run-outcome.ts';

describe('startOutcome', () => {
  it('waits for the run to chunk and start reading; a run that ends before that failed to start', () => {
    expect(startOutcome(undefined)).toBe('waiting');
    expect(startOutcome({ status: 'queued', chunkCount: 0 })).toBe('waiting');
    expect(startOutcome({ status: 'running', chunkCount: 0 })).toBe('waiting');
    expect(startOutcome({ status: 'running', chunkCount: 12 })).toBe('started');
    expect(startOutcome({ status: 'error', chunkCount: 12 })).toBe('started');
    expect(startOutcome({ status: 'error', chunkCount: 0 })).toBe('failed');
    expect(startOutcome({ status: 'cancelled', chunkCount: 0 })).toBe('failed');
  });
});

describe('retryNote', () => {
  const run = { profileId: 'a', settings: DEFAULT_RUN_SETTINGS };
  const same = { profileId: 'a', profileName: 'Lab', settings: DEFAULT_RUN_SETTINGS };
  it('says what happens to the chunks already read', () => {
    expect(retryNote(run, 0, same)).toBe(
      'Nothing was read yet: reading starts at chunk 1 with Lab.',
    );
    expect(retryNote(run, 3, same)).toBe(
      'Reading goes on at chunk 4; the 3 chunk(s) read are kept.',
    );
    expect(retryNote(run, 3, { ...same, profileId: 'b' })).toMatch(
      /^The 3 chunk\(s\) already read are kept when Lab cuts/,
    );
    expect(
      retryNote(run, 3, { ...same, settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: 2000 } }),
    ).toMatch(/starts over at chunk 1, and the 3 chunk\(s\) read are dropped/);
  });
});
