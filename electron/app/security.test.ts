import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { META_CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy.ts';
import {
  APP_ENTRY_URL,
  CONTENT_SECURITY_POLICY,
  SECURE_WEB_PREFERENCES,
  appUrlToRelativePath,
  contentTypeFor,
  externalOpenTarget,
  isAllowedRendererRequest,
  isAppUrl,
  isSafeExternalUrl,
  windowWebPreferences,
  withSecurityHeaders,
} from './security.ts';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('isSafeExternalUrl', () => {
  it.each([
    'https://arxiv.org/abs/2507.02259',
    'http://localhost:8000/docs',
    'https://example.com/path?q=1#frag',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts the web address %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    ['file:///etc/passwd', 'local files'],
    ['javascript:alert(1)', 'script URLs'],
    ['data:text/html,<script>alert(1)</script>', 'data URLs'],
    ['smb://evil/share', 'other schemes that launch programs'],
    ['ms-msdt:/id PCWDiagnostic', 'Windows protocol handlers'],
    ['app://memagent/index.html', 'the app itself'],
    ['https://user:pass@bank.example', 'embedded credentials'],
    ['https://', 'no host'],
    ['//example.com', 'relative URLs'],
    ['not a url', 'garbage'],
    ['', 'empty'],
    [`https://example.com/${'a'.repeat(5000)}`, 'absurdly long'],
  ])('refuses %s (%s)', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('refuses non-strings that slipped past types', () => {
    expect(isSafeExternalUrl(undefined as unknown as string)).toBe(false);
  });
});

describe('isAppUrl', () => {
  it('accepts the app entry and its assets', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://memagent/assets/index-abc.js')).toBe(true);
  });

  it.each([
    'app://other/index.html',
    'file:///index.html',
    'https://memagent/',
    'app://x@memagent/',
    'about:blank',
    'devtools://devtools/x',
  ])('refuses %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });
});

describe('appUrlToRelativePath', () => {
  it('serves index.html for the root and keeps normal asset paths', () => {
    expect(appUrlToRelativePath('app://memagent/')).toBe('index.html');
    expect(appUrlToRelativePath('app://memagent/assets/a%20b.css?v=1')).toBe('assets/a b.css');
  });

  it('keeps dot-dot segments inside the root (the URL parser already folds them)', () => {
    expect(appUrlToRelativePath('app://memagent/../../etc/passwd')).toBe('etc/passwd');
    expect(appUrlToRelativePath('app://memagent/assets/%2e%2e/%2e%2e/secret')).toBe('secret');
  });

  it.each([
    'app://memagent/a/%2e%2e%2f%2e%2e%2fsecret',
    'app://memagent/a%5c..%5cb',
    'app://memagent/a%00b',
    'app://memagent/%E0%A4%A',
    'app://elsewhere/index.html',
  ])('refuses %s', (url) => {
    expect(appUrlToRelativePath(url)).toBeNull();
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('blocks everything by default and allows scripts only from the app', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('never allows inline script, eval or remote hosts', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(
      /unsafe-inline|unsafe-eval|wasm-unsafe-eval|https?:|\*/,
    );
  });
});

describe('the meta CSP of index.html', () => {
  it('is the header policy less frame-ancestors, which a meta tag cannot carry', () => {
    const header = directives(CONTENT_SECURITY_POLICY);
    header.delete('frame-ancestors');
    expect([...directives(META_CONTENT_SECURITY_POLICY)]).toEqual([...header]);
  });

  it('is written into renderer/index.html by the build, not typed there', () => {
    const html = readFileSync(
      path.resolve(import.meta.dirname, '../../renderer/index.html'),
      'utf8',
    );
    const metas = html.match(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/g) ?? [];
    expect(metas).toEqual([
      '<meta http-equiv="Content-Security-Policy" content="%MEMAGENT_CONTENT_SECURITY_POLICY%" />',
    ]);
  });
});

describe('withSecurityHeaders', () => {
  it('replaces any CSP from the response, whatever its case', () => {
    const headers = withSecurityHeaders({
      'content-security-policy': ['default-src *'],
      'Content-Type': 'text/html',
    });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['X-Content-Type-Options']).toEqual(['nosniff']);
  });
});

describe('SECURE_WEB_PREFERENCES', () => {
  it('keeps isolation and the sandbox on and Node off', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(Object.isFrozen(SECURE_WEB_PREFERENCES)).toBe(true);
  });
});

describe('windowWebPreferences', () => {
  it('has no DevTools in a packaged build, and every security rule in both', () => {
    const packaged = windowWebPreferences({ preload: '/app/preload.cjs', packaged: true });
    const development = windowWebPreferences({ preload: '/app/preload.cjs', packaged: false });
    expect(packaged).toEqual({
      ...SECURE_WEB_PREFERENCES,
      devTools: false,
      preload: '/app/preload.cjs',
    });
    expect(development).toEqual({ ...packaged, devTools: true });
  });
});

describe('isAllowedRendererRequest', () => {
  it('allows only the app’s own files and inline resources', () => {
    expect(isAllowedRendererRequest('app://memagent/assets/index.js')).toBe(true);
    expect(isAllowedRendererRequest('data:image/png;base64,AAAA')).toBe(true);
    expect(isAllowedRendererRequest('blob:app://memagent/1234')).toBe(true);
  });

  it('lets the DevTools front-end load in development only', () => {
    expect(isAllowedRendererRequest('devtools://devtools/bundled/inspector.html', true)).toBe(true);
    expect(isAllowedRendererRequest('devtools://devtools/bundled/inspector.html')).toBe(false);
  });

  it.each([
    'https://cdn.example/x.js',
    'http://127.0.0.1:8000/v1/models',
    'ws://127.0.0.1:1/',
    'file:///etc/passwd',
    'ftp://x/y',
    'app://other/x',
  ])('cancels %s', (url) => {
    expect(isAllowedRendererRequest(url)).toBe(false);
  });
});

describe('externalOpenTarget', () => {
  it('hands web addresses to the browser in normalised form and drops the rest', () => {
    expect(externalOpenTarget('HTTPS://Example.com/a b')).toBe('https://example.com/a%20b');
    expect(externalOpenTarget('file:///etc/passwd')).toBeNull();
    expect(externalOpenTarget('javascript:alert(1)')).toBeNull();
  });
});

describe('contentTypeFor', () => {
  it('gives module scripts, styles and pages their types, and unknown files none that runs', () => {
    expect(contentTypeFor('assets/index-abc.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('assets/index.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('assets/blob.bin')).toBe('application/octet-stream');
    expect(contentTypeFor('README')).toBe('application/octet-stream');
  });
});
