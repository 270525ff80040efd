import { describe, expect, it } from 'vitest';
import { checkExternalUrl, externalUrl } from './external-url.ts';

// The accepted and refused forms are listed in electron/app/security.test.ts (isSafeExternalUrl),
// which uses this rule; here: the normalised result and the sentences the service returns.
describe('externalUrl', () => {
  it('returns web links normalised', () => {
    expect(externalUrl('HTTPS://Example.com/a b')).toBe('https://example.com/a%20b');
    expect(checkExternalUrl('http://localhost:8000/docs')).toEqual({
      ok: true,
      href: 'http://localhost:8000/docs',
    });
  });

  it.each([
    ['not a url', /not a valid web address/],
    ['javascript:alert(1)', /Only web links/],
    ['file:///etc/passwd', /Only web links/],
    ['https://user:pass@bank.example', /user name or password/],
  ])('refuses %s as bad usage with a reason', (url, message) => {
    expect(() => externalUrl(url)).toThrow(
      expect.objectContaining({ kind: 'BadUsage', message: expect.stringMatching(message) }),
    );
  });
});
