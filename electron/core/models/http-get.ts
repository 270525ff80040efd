// The download's GET: redirects followed by hand (Hugging Face answers its resolve URL with a
// redirect to a CDN, and says the file's size and SHA-256 only on that redirect), the caller's
// headers sent to the first origin only, and a stall timer on the socket.
import http from 'node:http';
import https from 'node:https';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';
import { hostOf, networkError, retryable, stallError } from './download-errors.ts';

export const DEFAULT_STALL_MS = 60_000;
const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What Hugging Face published about the file on the way (X-Linked-Size, X-Linked-Etag, X-Repo-Commit). */
export interface Linked {
  size?: number;
  sha256?: string | undefined;
  commit?: string | undefined;
}

export interface OpenOptions {
  signal: AbortSignal;
  stallMs: number;
  /** Sent to the URL's own origin only (a token must not reach the CDN). */
  headers?: Record<string, string>;
  /** Ask for the rest from byte `from`; `validator` (an ETag) goes in If-Range. */
  range?: { from: number; validator: string | undefined };
}

export const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/** The SHA-256 in Hugging Face's X-Linked-Etag (`"<64 hex>"`), if it is one (not a git SHA-1). */
function linkedSha256(value: string | string[] | undefined): string | undefined {
  const text = header(value)?.replace(/^W\//, '').replace(/"/g, '');
  return text !== undefined && /^[0-9a-f]{64}$/.test(text) ? text : undefined;
}

const isOffline = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNREFUSED';
};

/**
 * GETs `url`, following redirects, and resolves with the final response (any status) once its
 * headers arrive. `isStalled()` tells whether a later error of the body came from the stall
 * timer. Rejects with the abort error when `signal` aborts, else with a CoreError.
 */
export async function openResponse(
  url: string,
  options: OpenOptions,
): Promise<{ res: http.IncomingMessage; linked: Linked; isStalled: () => boolean }> {
  const origin = new URL(url).origin;
  const linked: Linked = {};
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const target = new URL(current);
    const headers: Record<string, string> = {
      'user-agent': 'memagent-desktop',
      'accept-encoding': 'identity',
    };
    if (target.origin === origin) Object.assign(headers, options.headers);
    if (options.range !== undefined) {
      headers.range = `bytes=${options.range.from}-`;
      if (options.range.validator !== undefined) headers['if-range'] = options.range.validator;
    }
    const got = await get(target, headers, options);
    const h = got.res.headers;
    const size = Number(header(h['x-linked-size']));
    if (header(h['x-linked-size']) !== undefined && Number.isSafeInteger(size)) linked.size = size;
    linked.sha256 = linkedSha256(h['x-linked-etag']) ?? linked.sha256;
    linked.commit = header(h['x-repo-commit']) ?? linked.commit;
    const location = header(h.location);
    if (REDIRECTS.has(got.res.statusCode ?? 0) && location !== undefined) {
      got.res.resume();
      current = new URL(location, current).toString();
      continue;
    }
    return { ...got, linked };
  }
  throw new CoreError(
    'BackendFailed',
    `${hostOf(url)} redirected the download more than ${MAX_REDIRECTS} times.`,
  );
}

function get(url: URL, headers: Record<string, string>, options: OpenOptions) {
  return new Promise<{ res: http.IncomingMessage; isStalled: () => boolean }>((resolve, reject) => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      reject(new CoreError('BadUsage', `${displayUrl(url.toString())} is not an http(s) URL.`));
      return;
    }
    let stalled = false;
    // No keep-alive agent: each request has its own socket, and its idle timer is the stall timer.
    const request = { headers, signal: options.signal, agent: false as const };
    const onResponse = (res: http.IncomingMessage) => resolve({ res, isStalled: () => stalled });
    const req =
      url.protocol === 'https:'
        ? https.get(url, request, onResponse)
        : http.get(url, request, onResponse);
    req.setTimeout(options.stallMs, () => {
      stalled = true;
      req.destroy(new Error('stalled'));
    });
    req.on('error', (error) => {
      if (options.signal.aborted) reject(error);
      else if (stalled) reject(stallError(url.toString(), options.stallMs));
      else {
        const failure = networkError(error, url.toString(), 0);
        reject(isOffline(error) ? failure : retryable(failure));
      }
    });
  });
}
