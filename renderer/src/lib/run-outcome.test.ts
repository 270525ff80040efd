import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { emptyRunView, type RunView } from '../../../shared/run-view.ts';
import { retryBackend, retryNote, startOutcome } from './run-outcome.ts';

const run = (patch: Partial<RunView>): RunView => ({ ...emptyRunView('r', 0), ...patch });
const read = [
  { chunk: 0, memory: 'm', usage: { promptTokens: 1, completionTokens: 1 }, ms: 1, kept: false },
];

describe('startOutcome', () => {
  it('waits for the first chunk read; a run that ends before that failed to start', () => {
    expect(startOutcome(undefined)).toBe('waiting');
    expect(startOutcome(run({ status: 'queued' }))).toBe('waiting');
    // Chunked but nothing read yet: a backend that is down fails right here.
    expect(startOutcome(run({ status: 'running', chunkCount: 12 }))).toBe('waiting');
    expect(startOutcome(run({ status: 'error', chunkCount: 12 }))).toBe('failed');
    expect(startOutcome(run({ status: 'cancelled' }))).toBe('failed');
    expect(startOutcome(run({ status: 'running', chunkCount: 12, memories: read }))).toBe(
      'started',
    );
    expect(startOutcome(run({ status: 'error', chunkCount: 12, memories: read }))).toBe('started');
    expect(startOutcome(run({ status: 'done' }))).toBe('started');
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

describe('retryBackend', () => {
  const ok = { ok: true, at: 1, latencyMs: 1 };
  const bad = { ok: false, at: 1, latencyMs: 1 };
  it('offers another backend, one that answered first', () => {
    expect(retryBackend(['seed', 'down', 'lab'], 'down', { lab: ok, seed: bad }, 'down')).toBe(
      'lab',
    );
    expect(retryBackend(['seed', 'down', 'lab'], 'lab', { lab: ok, seed: ok }, 'down')).toBe('lab');
    expect(retryBackend(['seed', 'down', 'lab'], 'lab', {}, 'down')).toBe('lab');
    expect(retryBackend(['seed', 'down'], 'down', {}, 'down')).toBe('seed');
    expect(retryBackend(['down'], 'down', {}, 'down')).toBe('down');
  });
});
