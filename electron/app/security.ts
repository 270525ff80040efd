// The app's security rules in one place, as plain values and pure functions, so they are unit
// tested without Electron and reused by the e2e harness (same rules in tests as in the product).
import type { WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy.ts';
import { checkExternalUrl } from '../core/external-url.ts';

/** The privileged scheme that serves the built renderer (see docs/electron.md for why not file://). */
export const APP_SCHEME = 'app';
/** The one host under {@link APP_SCHEME}; the app's origin is `app://memagent`. */
export const APP_HOST = 'memagent';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** The Content-Security-Policy of every page the app serves (its one home is shared/). */
export { CONTENT_SECURITY_POLICY };

/**
 * The BrowserWindow's webPreferences. Frozen so no caller can switch a rule off for convenience;
 * `preload` is added by main.ts because its path depends on where the bundle lives.
 */
export const SECURE_WEB_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
  enableWebSQL: false,
} satisfies WebPreferences);

/**
 * The webPreferences of the app's window: {@link SECURE_WEB_PREFERENCES}, the preload, and
 * DevTools only in development. A packaged build has no DevTools at all (not merely no menu
 * item): they would let anyone at the keyboard call `window.memagent` with made-up requests and
 * read every document's text and the renderer's state.
 */
export function windowWebPreferences(options: { preload: string; packaged: boolean }) {
  return {
    ...SECURE_WEB_PREFERENCES,
    devTools: !options.packaged,
    preload: options.preload,
  } satisfies WebPreferences;
}

function parse(url: string): URL | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 4096) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when `url` may be handed to the operating system's browser (see `checkExternalUrl`). */
export function isSafeExternalUrl(url: string): boolean {
  return checkExternalUrl(url).ok;
}

/** True when `url` is one of the app's own pages or files (`app://memagent/...`). */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  if (parsed === null) return false;
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/**
 * Maps an app URL to a file below `root` (the built renderer folder), or null when the URL is not
 * the app's or would escape `root` (`..`, encoded separators, NUL). `/` serves `index.html`.
 * Paths are POSIX-joined; main converts with `path.join` on its platform.
 */
export function appUrlToRelativePath(url: string): string | null {
  if (!isAppUrl(url)) return null;
  const parsed = new URL(url);
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const segments = pathname.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) return null;
  if (segments.length === 0) return 'index.html';
  return segments.join('/');
}

/**
 * Response headers for the app's own pages: the CSP plus headers that stop content sniffing and
 * framing. Existing CSP headers are replaced, never merged, so nothing can loosen the policy.
 */
export function withSecurityHeaders(
  headers: Record<string, string[] | string> | undefined,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-security-policy' || lower === 'content-security-policy-report-only')
      continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  result['X-Content-Type-Options'] = ['nosniff'];
  return result;
}

/**
 * True for requests a renderer page may make: the app's own files, inline data/blob resources
 * and, in development only (`developer`), the devtools front-end. Everything else (http, https,
 * ws, file, ftp...) is cancelled in main: the app shows no remote content.
 */
export function isAllowedRendererRequest(url: string, developer = false): boolean {
  if (isAppUrl(url)) return true;
  const parsed = parse(url);
  if (parsed === null) return false;
  return (
    parsed.protocol === 'data:' ||
    parsed.protocol === 'blob:' ||
    (developer && parsed.protocol === 'devtools:')
  );
}

/**
 * What to do when a page tries to navigate or open a window to `url`: it is always denied in the
 * app; a safe web address is handed to the user's browser instead, anything else is dropped.
 */
export function externalOpenTarget(url: string): string | null {
  const check = checkExternalUrl(url);
  return check.ok ? check.href : null;
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  wasm: 'application/wasm',
  txt: 'text/plain; charset=utf-8',
};

/**
 * The Content-Type the app:// handler sends for a renderer file. Module scripts are refused by
 * Chromium without a JavaScript type, and `nosniff` forbids guessing, so unknown types are
 * served as opaque bytes.
 */
export function contentTypeFor(file: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
