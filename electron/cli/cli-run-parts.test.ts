import { describe, expect, it } from 'vitest';
import { retryNote, serverProfile } from './cli-run-parts.ts';

describe("the command's connection flags as a profile", () => {
  it('keep every --base-url after the first as the extra servers, and one URL as one server', () => {
    const flags = { timeoutMs: 5000, maxRetries: 1 };
    const two = serverProfile({
      ...flags,
      baseUrl: 'http://127.0.0.1:8000/v1',
      baseUrls: ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8001/v1'],
    });
    expect(two).toMatchObject({
      name: '127.0.0.1:8000',
      baseUrl: 'http://127.0.0.1:8000/v1',
      extraBaseUrls: ['http://127.0.0.1:8001/v1'],
    });
    const one = serverProfile({ ...flags, baseUrl: 'http://127.0.0.1:8000/v1' });
    expect(one.extraBaseUrls).toBeUndefined();
  });
});

describe('the note a retried request prints', () => {
  it('counts the next attempt, gives the wait in seconds and hides the key the reason quotes', () => {
    const key = 'sk-test-0123456789abcdef';
    const note = retryNote(
      { attempt: 1, delayMs: 1500, reason: `HTTP 503 from a server that echoed ${key}` },
      [key],
    );
    expect(note).toBe(
      'note: retrying in 1.5 s (attempt 2): HTTP 503 from a server that echoed [redacted]',
    );
  });

  it('says "now" for a wait too short to show, never "in 0.0 s"', () => {
    expect(retryNote({ attempt: 2, delayMs: 40, reason: 'HTTP 503' }, [])).toBe(
      'note: retrying now (attempt 3): HTTP 503',
    );
    expect(retryNote({ attempt: 2, delayMs: 0, reason: 'HTTP 503' }, [])).toBe(
      'note: retrying now (attempt 3): HTTP 503',
    );
    expect(retryNote({ attempt: 2, delayMs: 100, reason: 'HTTP 503' }, [])).toBe(
      'note: retrying in 0.1 s (attempt 3): HTTP 503',
    );
  });
});
