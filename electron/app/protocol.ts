// Serves the built renderer under app://memagent/ from one folder, with the CSP on every response.
// Why a custom scheme and not file://: a file:// page shares its origin with every local file, so
// `'self'` in a CSP and any path bug would reach the whole disk; app:// confines the page to the
// renderer folder, gives it a real origin that isAppUrl() can check for IPC senders, and lets
// main attach headers (CSP, nosniff) to every response. Files are read with Node's fs, not
// net.fetch, so the session's request filter (which cancels file:// requests) never applies here.
import fs from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import {
  APP_SCHEME,
  appUrlToRelativePath,
  contentTypeFor,
  withSecurityHeaders,
} from './security.ts';

/** Must run before `app` is ready: makes app:// a secure, standard scheme (origin, fetch, modules). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

function securedHeaders(headers: Record<string, string>): Headers {
  const secured = new Headers();
  for (const [name, values] of Object.entries(withSecurityHeaders(headers)))
    for (const value of values) secured.append(name, value);
  return secured;
}

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: securedHeaders({ 'Content-Type': 'text/plain; charset=utf-8' }),
  });
}

/** Serves files below `rendererDir` only; everything else is a 404. */
export function handleAppScheme(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const relative = appUrlToRelativePath(request.url);
    if (relative === null || request.method !== 'GET') return notFound();
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return notFound();
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      return notFound();
    }
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: securedHeaders({ 'Content-Type': contentTypeFor(file) }),
    });
  });
}
