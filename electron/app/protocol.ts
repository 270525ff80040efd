// Serves the built renderer under app://memagent/ from one folder, with the CSP on every response.
// Why a custom scheme and not file://: a file:// page shares its origin with every local file, so
// `'self'` in a CSP and any path bug would reach the whole disk; app:// confines the page to the
// renderer folder, gives it a real origin that isAppUrl() can check for IPC senders, and lets
// main attach headers (CSP, nosniff) to every response.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_SCHEME, appUrlToRelativePath, withSecurityHeaders } from './security.ts';

/** Must run before `app` is ready: makes app:// a secure, standard scheme (origin, fetch, modules). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

function securedHeaders(headers: Record<string, string>): Headers {
  const secured = new Headers();
  for (const [name, values] of Object.entries(withSecurityHeaders(headers))) for (const value of values) secured.append(name, value);
  return secured;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: securedHeaders({ 'Content-Type': 'text/plain; charset=utf-8' }) });
}

/** Serves files below `rendererDir` only; everything else is a 404. */
export function handleAppScheme(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const relative = appUrlToRelativePath(request.url);
    if (relative === null || request.method !== 'GET') return notFound();
    const file = path.resolve(root, relative);
    if (file !== root && !file.startsWith(root + path.sep)) return notFound();
    let response: Response;
    try {
      response = await net.fetch(pathToFileURL(file).href);
    } catch {
      return notFound();
    }
    if (!response.ok) return notFound();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return new Response(response.body, { status: 200, headers: securedHeaders(headers) });
  });
}
