// A real HTTP server on 127.0.0.1 serving model files the way Hugging Face does (a resolve URL
// redirecting to a CDN with X-Linked-Size and X-Linked-Etag), with the faults a download meets:
// a dropped connection, a stall, Range ignored, error statuses, a wrong checksum, an HTML page.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A GGUF file of `bytes` bytes (at least 256) that passes the header check: a one-layer llama
 * header with a one-token vocabulary and one F32 tensor of random values filling the rest.
 */
export function fakeGguf(bytes: number, seed = 1): Buffer {
  const parts: Buffer[] = [];
  const u32 = (v: number) => parts.push(Buffer.from(new Uint32Array([v]).buffer));
  const u64 = (v: number) => parts.push(Buffer.from(new BigUint64Array([BigInt(v)]).buffer));
  const str = (text: string) => {
    u64(Buffer.byteLength(text));
    parts.push(Buffer.from(text));
  };
  parts.push(Buffer.from('GGUF', 'latin1'));
  u32(3);
  u64(1); // tensors
  u64(3); // metadata
  str('general.architecture');
  u32(8);
  str('llama');
  str('llama.block_count');
  u32(4);
  u32(1);
  str('tokenizer.ggml.tokens');
  u32(9);
  u32(8);
  u64(1);
  str('a');
  const header = Buffer.concat(parts).length + 8 + 'blk.0.weight'.length + 4 + 8 + 4 + 8;
  const dataAt = Math.ceil(header / 32) * 32;
  str('blk.0.weight');
  u32(1);
  u64(Math.floor((bytes - dataAt) / 4));
  u32(0); // F32
  u64(0);
  const body = randomBytes(bytes);
  Buffer.concat(parts).copy(body);
  body.fill(0, header, dataAt);
  body[dataAt] = seed;
  return body;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface Served {
  body: Buffer;
  /** Status instead of the file (404, 403, 500). */
  status?: number;
  /** Answer every request with 200 and the whole file, whatever its Range. */
  ignoreRange?: boolean;
  /** Close the socket after this many bytes of the body, on the first `dropTimes` responses. */
  dropAfter?: number;
  dropTimes?: number;
  /** Send this many bytes, then nothing more (the socket stays open). */
  stallAfter?: number;
  /** Bytes per write and ms between writes (to give a test time to pause). */
  slice?: number;
  delayMs?: number;
  /** The SHA-256 published in X-Linked-Etag (default the body's). */
  publishedSha?: string;
  contentType?: string;
}

export interface Request {
  path: string;
  range: string | undefined;
  authorization: string | undefined;
}

export interface ModelServer {
  /** Origin of the "hub" (resolve URLs). */
  url: string;
  /** Origin of the "CDN" the hub redirects to: another port, so another origin. */
  cdnUrl: string;
  requests: Request[];
  files: Map<string, Served>;
  close(): Promise<void>;
}

async function listen(
  handler: http.RequestListener,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Files are served at `/{owner}/{repo}/resolve/main/{file}` (redirecting to the CDN) and
 * `/api/models/{owner}/{repo}/tree/main` lists them, as on Hugging Face.
 */
export async function startModelServer(): Promise<ModelServer> {
  const files = new Map<string, Served>();
  const requests: Request[] = [];
  const responses = new Map<string, number>();
  const sockets = new Set<Socket>();

  const cdn = await listen((req, res) => {
    const key = decodeURIComponent((req.url ?? '').replace(/^\/cdn/, '').replace(/\?.*$/, ''));
    requests.push({
      path: req.url ?? '',
      range: req.headers.range,
      authorization: req.headers.authorization,
    });
    const served = files.get(key);
    if (served === undefined) return void res.writeHead(404).end('not found');
    const count = (responses.get(key) ?? 0) + 1;
    responses.set(key, count);
    const total = served.body.length;
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    let start = 0;
    if (m && !served.ignoreRange) {
      start = Number(m[1]);
      if (start >= total)
        return void res.writeHead(416, { 'content-range': `bytes */${total}` }).end();
      res.writeHead(206, {
        'content-length': total - start,
        'content-range': `bytes ${start}-${total - 1}/${total}`,
        etag: `"${sha256(served.body)}"`,
      });
    } else {
      res.writeHead(200, {
        'content-length': total,
        'content-type': served.contentType ?? 'application/octet-stream',
        etag: `"${sha256(served.body)}"`,
      });
    }
    const drop =
      served.dropAfter !== undefined && count <= (served.dropTimes ?? 1)
        ? served.dropAfter
        : undefined;
    const end = Math.min(total, drop !== undefined ? start + drop : (served.stallAfter ?? total));
    const slice = served.slice ?? 256 * 1024;
    let at = start;
    const next = () => {
      if (res.destroyed) return;
      if (at >= end) {
        // Closed after the bytes written are flushed (a FIN, not a reset): the client has them all.
        if (drop !== undefined) res.socket?.end();
        else if (end >= total) res.end();
        return; // a stall: the socket stays open, silent
      }
      const piece = served.body.subarray(at, Math.min(end, at + slice));
      at += piece.length;
      res.write(piece, () =>
        served.delayMs ? setTimeout(next, served.delayMs) : setImmediate(next),
      );
    };
    next();
  });

  const hub = await listen((req, res) => {
    const url = req.url ?? '';
    requests.push({
      path: url,
      range: req.headers.range,
      authorization: req.headers.authorization,
    });
    const tree = /^\/api\/models\/([^/]+)\/([^/]+)\/tree\/main/.exec(url);
    if (tree) {
      const prefix = `/${tree[1]}/${tree[2]}/`;
      const list = [...files.entries()]
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => ({
          type: 'file',
          path: k.slice(prefix.length),
          size: v.body.length,
          lfs: { oid: sha256(v.body), size: v.body.length },
        }));
      if (list.length === 0) return void res.writeHead(404).end('{}');
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(list));
    }
    const m = /^\/([^/]+)\/([^/]+)\/resolve\/main\/(.+)$/.exec(url);
    const key = m ? decodeURIComponent(`/${m[1]}/${m[2]}/${m[3]}`) : '';
    const served = files.get(key);
    if (served === undefined) return void res.writeHead(404).end('Entry not found');
    if (served.status !== undefined) return void res.writeHead(served.status).end('refused');
    res.writeHead(302, {
      location: `${cdnUrl}/cdn${encodeURI(key)}?X-Amz-Signature=secret`,
      'x-linked-size': String(served.body.length),
      'x-linked-etag': `"${served.publishedSha ?? sha256(served.body)}"`,
      'x-repo-commit': 'c0ffee',
    });
    res.end();
  });
  const cdnUrl = cdn.url;
  for (const s of [hub.server, cdn.server])
    s.on('connection', (c) => (sockets.add(c), c.on('close', () => sockets.delete(c))));

  return {
    url: hub.url,
    cdnUrl,
    requests,
    files,
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all([hub.server, cdn.server].map((s) => new Promise((r) => s.close(r))));
    },
  };
}
