// One sentence for each way fetching a model can fail, shared by the downloader and the
// Hugging Face listing. URLs are shown without query or credentials (a CDN's signed URL carries
// its signature in the query).
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';

const OFFLINE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

export const RESUME_HINT =
  'Run the same download again: it continues from the bytes already saved.';

/** The host of `url`, for sentences. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return displayUrl(url);
  }
}

/** An HTTP status that ends the download (never retried: 4xx but 408/429). */
export function statusError(status: number, url: string, tokenGiven: boolean): CoreError {
  const where = displayUrl(url);
  const detail = `HTTP ${status} from ${where}`;
  if (status === 404)
    return new CoreError('NotFound', `There is no file at ${where} (HTTP 404).`, {
      hint: 'Check the repository, the file name and its capitals (hf:OWNER/REPO/FILE.gguf), or the URL.',
      detail,
    });
  if (status === 401 || status === 403)
    return new CoreError(
      'BackendRejected',
      tokenGiven
        ? `${hostOf(url)} refused the Hugging Face token for this file (HTTP ${status}).`
        : `${hostOf(url)} needs a Hugging Face token for this file (HTTP ${status}): the model is gated or private.`,
      {
        hint: tokenGiven
          ? "Accept the model's licence on its Hugging Face page with the account the token belongs to, or check the token (HF_TOKEN)."
          : "Accept the model's licence on its Hugging Face page, create a read token in your Hugging Face settings and set it in HF_TOKEN.",
        detail,
      },
    );
  if (status === 416)
    return new CoreError(
      'BackendFailed',
      `${hostOf(url)} refused to continue the download (HTTP 416).`,
      {
        hint: 'Cancel the download to start it again from zero.',
        detail,
      },
    );
  return new CoreError(
    'BackendFailed',
    `${hostOf(url)} answered the download with HTTP ${status}.`,
    {
      hint:
        status >= 500 || status === 429
          ? `The server is busy or failing. ${RESUME_HINT}`
          : undefined,
      detail,
    },
  );
}

function errnoCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e !== null && typeof e === 'object'; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A connection that failed or broke: offline, refused, reset. */
export function networkError(error: unknown, url: string, received: number): CoreError {
  const code = errnoCode(error);
  const detail = `${code ?? 'error'} for ${displayUrl(url)}: ${error instanceof Error ? error.message : String(error)}`;
  if (code !== undefined && OFFLINE.has(code))
    return new CoreError(
      'BackendUnavailable',
      code === 'ECONNREFUSED'
        ? `${hostOf(url)} refused the connection, so the model cannot be downloaded.`
        : `${hostOf(url)} cannot be reached: this computer looks offline, or the name does not resolve.`,
      {
        hint: `Check the network connection and any proxy${received > 0 ? `; ${RESUME_HINT.toLowerCase()}` : '.'}`,
        detail,
      },
    );
  return new CoreError(
    'BackendFailed',
    `The connection to ${hostOf(url)} broke during the download.`,
    {
      hint: RESUME_HINT,
      detail,
    },
  );
}

/** The disk filled up while writing (ENOSPC), or the folder cannot be written. */
export function writeError(error: unknown, dir: string): CoreError {
  const code = errnoCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new CoreError(
      'LibraryUnavailable',
      `The disk holding ${dir} filled up during the download.`,
      {
        hint: `Free some space, then run the download again: it continues from the bytes already saved.`,
        detail: String(error),
      },
    );
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return new CoreError(
      'LibraryUnavailable',
      `${dir} cannot be written, so the model cannot be saved there.`,
      {
        hint: "Check the folder's permissions, or set MEMAGENT_USER_DATA_DIR to a folder you can write.",
        detail: String(error),
      },
    );
  return new CoreError('LibraryUnavailable', `Writing the model into ${dir} failed.`, {
    detail: String(error),
  });
}

/** Failures another request may get past (a dropped connection, a stall, a 5xx): resumed automatically. */
const RETRYABLE = new WeakSet<CoreError>();

/** Marks `error` as one an automatic resume may get past. */
export function retryable(error: CoreError): CoreError {
  RETRYABLE.add(error);
  return error;
}

export const isRetryable = (error: CoreError) => RETRYABLE.has(error);

/** No byte for `ms`: the download stalled. */
export function stallError(url: string, ms: number): CoreError {
  const seconds = ms >= 10_000 ? String(Math.round(ms / 1000)) : (ms / 1000).toFixed(1);
  return retryable(
    new CoreError(
      'BackendFailed',
      `The download stalled: ${hostOf(url)} sent nothing for ${seconds} s.`,
      {
        hint: RESUME_HINT,
      },
    ),
  );
}
