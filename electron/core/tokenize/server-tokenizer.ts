import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { displayUrl, redactSecrets } from '../redact.ts';
import { splitAtLineBreaks } from './split-pieces.ts';
import type { Tokenizer } from './tokenizer.ts';
import { throwIfAborted } from '../abort.ts';

export interface ServerTokenizerOptions {
  /** The OpenAI-compatible base URL the user gave, e.g. `http://localhost:8000/v1`. */
  baseUrl: string;
  /** The served model; discovered from `{baseUrl}/models` when absent. */
  model?: string;
  apiKey?: string;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Per-request time limit (default 60 s). */
  timeoutMs?: number;
}

/** Texts longer than this are sent as several requests cut at line breaks. */
const PIECE_CHARS = 64 * 1024;

const TokenizeReply = z.object({
  tokens: z.array(z.number().int()),
  count: z.number().int().optional(),
});
const ModelsReply = z.object({ data: z.array(z.object({ id: z.string() })).min(1) });

/**
 * vLLM's `/tokenize` endpoint: exact counts from the served model's own tokenizer. The endpoint
 * lives at the server's root, beside `/v1`: `http://host:8000/v1` → `http://host:8000/tokenize`.
 */
export function tokenizeUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '') + '/tokenize';
  url.search = '';
  return url.toString();
}

/** A tokenizer that asks the server (vLLM `POST /tokenize`, `add_special_tokens: false`). */
export class ServerTokenizer implements Tokenizer {
  readonly id: string;
  private readonly url: string;
  private readonly options: ServerTokenizerOptions;
  private model: string | undefined;

  constructor(options: ServerTokenizerOptions) {
    this.options = options;
    this.url = tokenizeUrl(options.baseUrl);
    this.model = options.model;
    this.id = `server:${options.model ?? new URL(options.baseUrl).host}`;
  }

  async encode(text: string, signal?: AbortSignal): Promise<number[]> {
    const parts = await this.map(splitAtLineBreaks(text, PIECE_CHARS), signal);
    return parts.flat();
  }

  async countMany(texts: readonly string[], signal?: AbortSignal): Promise<number[]> {
    const pieces: string[] = [];
    const owners: number[] = [];
    texts.forEach((t, i) => {
      for (const p of splitAtLineBreaks(t, PIECE_CHARS)) {
        pieces.push(p);
        owners.push(i);
      }
    });
    const out = new Array<number>(texts.length).fill(0);
    (await this.map(pieces, signal)).forEach((ids, k) => {
      out[owners[k]!]! += ids.length;
    });
    return out;
  }

  async dispose(): Promise<void> {}

  /** Tokenizes each text, at most `concurrency` requests at a time, results in order. */
  private async map(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    signal?.throwIfAborted();
    const model = await this.resolveModel(signal);
    const out = new Array<number[]>(texts.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < texts.length) {
        const i = next++;
        out[i] = await this.tokenize(texts[i]!, model, signal);
      }
    };
    const lanes = Math.max(1, Math.min(this.options.concurrency ?? 4, texts.length));
    await Promise.all(Array.from({ length: lanes }, worker));
    return out;
  }

  private async resolveModel(signal?: AbortSignal): Promise<string> {
    if (this.model) return this.model;
    const url = this.options.baseUrl.replace(/\/+$/, '') + '/models';
    const reply = ModelsReply.safeParse(await this.request(url, undefined, signal));
    if (!reply.success) {
      throw new CoreError('BackendFailed', 'The server did not say which model it serves.', {
        hint: 'Give the model name in the backend settings (or --model).',
        detail: `${url}: ${reply.error.message}`,
      });
    }
    this.model = reply.data.data[0]!.id;
    return this.model;
  }

  private async tokenize(text: string, model: string, signal?: AbortSignal): Promise<number[]> {
    if (text.length === 0) return [];
    const body = JSON.stringify({ model, prompt: text, add_special_tokens: false });
    const reply = TokenizeReply.safeParse(await this.request(this.url, body, signal));
    if (!reply.success) {
      throw new CoreError(
        'BackendFailed',
        'The server answered /tokenize with something that is not a token list.',
        {
          hint: 'Choose the Qwen or o200k tokenizer in the run settings.',
          detail: reply.error.message,
        },
      );
    }
    return reply.data.tokens;
  }

  private async request(
    url: string,
    body: string | undefined,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.apiKey) headers['authorization'] = `Bearer ${this.options.apiKey}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body ?? null,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throwIfAborted(signal);
      const timedOut = timeout.aborted;
      throw new CoreError(
        'BackendUnavailable',
        timedOut
          ? `The server did not answer ${displayUrl(url)} in time.`
          : `The server at ${new URL(url).origin} could not be reached to count tokens.`,
        {
          hint: 'Check that the server is running (for example `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B`), or choose the Qwen tokenizer, which needs no server.',
          detail:
            error instanceof Error
              ? `${error.message}${error.cause ? `: ${String(error.cause)}` : ''}`
              : String(error),
          cause: error,
        },
      );
    }
    const raw = await res.text();
    // A careless server or proxy may echo the credentials it received: details are redacted.
    const excerpt = (chars: number): string =>
      redactSecrets(raw, [this.options.apiKey]).slice(0, chars);
    if (!res.ok) {
      const detail = `HTTP ${res.status} from ${displayUrl(url)}: ${excerpt(500)}`;
      if (res.status === 404 || res.status === 405) {
        throw new CoreError(
          'Unsupported',
          'This server has no /tokenize endpoint (vLLM has one; cloud APIs do not).',
          {
            hint: 'Choose the Qwen tokenizer for Qwen-based models or o200k for OpenAI models.',
            detail,
          },
        );
      }
      if (res.status === 401 || res.status === 403) {
        throw new CoreError(
          'BackendRejected',
          'The server refused the API key while counting tokens.',
          { hint: 'Check the API key of this backend.', detail },
        );
      }
      if (res.status >= 500 || res.status === 429) {
        throw new CoreError('BackendFailed', 'The server failed while counting tokens.', {
          hint: 'Try again, or choose a local tokenizer (Qwen or o200k).',
          detail,
        });
      }
      throw new CoreError('BackendRejected', 'The server rejected the request to count tokens.', {
        hint: 'Check the model name, or choose a local tokenizer.',
        detail,
      });
    }
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new CoreError('BackendFailed', 'The server answered with something that is not JSON.', {
        detail: `${displayUrl(url)}: ${excerpt(200)}`,
      });
    }
  }
}
