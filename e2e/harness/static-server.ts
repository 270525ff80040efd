// Serves the Vite-built renderer (out/renderer) on 127.0.0.1, as the packaged app serves it
// from its own origin, with the app's own response headers (electron/app/security.ts: the CSP,
// nosniff, the same Content-Types), so e2e runs under the policy users get. Only files under the
// root are served; everything else is a 404.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentTypeFor, withSecurityHeaders } from '../../electron/app/security.ts';

export interface StaticServer {
  /** The entry page, e.g. `http://127.0.0.1:41234/index.html`. */
  url: string;
  /** The page's origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const base = path.resolve(root);
  if (!existsSync(path.join(base, 'index.html'))) {
    throw new Error(
      `${base}/index.html is missing: build the renderer first (vite build --config renderer/vite.config.ts).`,
    );
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path.resolve(base, `.${rel}`);
    if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res
        .writeHead(404, withSecurityHeaders({ 'Content-Type': 'text/plain; charset=utf-8' }))
        .end('Not found');
      return;
    }
    res.writeHead(
      200,
      withSecurityHeaders({ 'Content-Type': contentTypeFor(file), 'Cache-Control': 'no-store' }),
    );
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/index.html`,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
