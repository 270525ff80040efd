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
      'note: retrying (attempt 2) in 1.5 s: HTTP 503 from a server that echoed [redacted]',
    );
  });
});
