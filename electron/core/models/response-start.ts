// What the first response of a download means for the part on disk: continue it (206 from the
// byte asked for), start again from zero (200: Range ignored or If-Range saw a changed file;
// 416; a range other than asked for), or fail (any other status).
import type http from 'node:http';
import { hostOf, retryable, statusError } from './download-errors.ts';
import { header } from './http-get.ts';

export type ResponseStart =
  /** Write the body from `from` on (0 for a whole file); `total` is the file's size if said. */
  | { kind: 'write'; from: number; total?: number; restarted?: string }
  /** Nothing usable came: remove the part and ask again for the whole file. */
  | { kind: 'restart'; reason: string };

/** Reads the status and range headers. Throws the status's CoreError for anything else. */
export function responseStart(
  res: http.IncomingMessage,
  offset: number,
  url: string,
  tokenGiven: boolean,
): ResponseStart {
  const status = res.statusCode ?? 0;
  const host = hostOf(url);
  if (status === 200) {
    const given = header(res.headers['content-length']);
    const start: ResponseStart = { kind: 'write', from: 0 };
    if (given !== undefined && Number.isSafeInteger(Number(given))) start.total = Number(given);
    if (offset > 0)
      start.restarted = `${host} sent the whole file instead of the rest (it ignores range requests, or the file changed); starting again from zero.`;
    return start;
  }
  if (status === 206) {
    const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header(res.headers['content-range']) ?? '');
    if (m === null || Number(m[1]) !== offset)
      return {
        kind: 'restart',
        reason: `${host} sent another part of the file than asked for; starting again from zero.`,
      };
    return m[3] === '*'
      ? { kind: 'write', from: offset }
      : { kind: 'write', from: offset, total: Number(m[3]) };
  }
  if (status === 416 && offset > 0)
    return {
      kind: 'restart',
      reason: `${host} cannot continue the saved part; starting again from zero.`,
    };
  const error = statusError(status, url, tokenGiven);
  throw status >= 500 || status === 429 || status === 408 ? retryable(error) : error;
}
