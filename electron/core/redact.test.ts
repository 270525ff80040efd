import { describe, expect, it } from 'vitest';
import { displayUrl, redactSecrets } from './redact.ts';

describe('redaction', () => {
  it('redacts keys, Bearer tokens and api-key values; URLs lose credentials and query', () => {
    expect(redactSecrets('bad key sk-abc123456 sent', ['sk-abc123456'])).toBe(
      'bad key [redacted] sent',
    );
    expect(redactSecrets('Authorization: Bearer xyz.123', [])).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(redactSecrets('{"api-key": "k-9"}', [])).toBe('{"api-key": "[redacted]"}');
    expect(displayUrl('https://user:pw@host.example/v1?key=secret')).toBe(
      'https://host.example/v1',
    );
  });

  it('hides every secret given (key, password), and leaves placeholders too short to be keys', () => {
    expect(
      redactSecrets('key sk-abc123456, password hunter2', ['sk-abc123456', undefined, 'hunter2']),
    ).toBe('key [redacted], password [redacted]');
    expect(redactSecrets('max_tokens exceeded', ['x'])).toBe('max_tokens exceeded');
  });

  it('shows a URL without a trailing slash, and strips credentials and query even when it does not parse', () => {
    expect(displayUrl('https://api.example.com/v1/#frag')).toBe('https://api.example.com/v1');
    expect(displayUrl('http://user:pw@[bad/v1?key=secret')).toBe('http://[bad/v1');
  });
});
