import { CoreError } from '../../errors.ts';
import { cancelledError } from '../backoff.ts';
import type { ChatRequest, ChatResult, LlmClient } from '../types.ts';
import { HostConnection } from './host-connection.ts';
import { nodeLauncher, type HostLauncher } from './launcher.ts';
import { checkModelFile } from './model-file.ts';
import type { LoadOptions, ModelInfo, SpeedProbe } from './protocol.ts';

/** How the built-in model runs. Only `modelFile` and `contextTokens` are required. */
export interface BuiltinConfig {
  /** A local GGUF file (the downloader resolves `hf:` URIs to one before this point). */
  modelFile: string;
  /** Tokens of one sequence's context: `contextTokensFor(run settings)` (agent/context-size.ts). */
  contextTokens: number;
  /** Questions read at once, as parallel sequences of one context (default 1). */
  sequences?: number;
  /** Default 'auto': the best GPU there is; 'off': the CPU only. */
  gpu?: LoadOptions['gpu'];
  /** Default 'auto'. */
  gpuLayers?: LoadOptions['gpuLayers'];
  /** Default 'auto' (threads.ts). */
  threads?: LoadOptions['threads'];
  /** Default: `child_process.fork`; the app passes `utilityLauncher(utilityProcess.fork)`. */
  launcher?: HostLauncher;
}

/**
 * The built-in backend: node-llama-cpp running one GGUF model in a separate process (never on the
 * caller's event loop), behind the same `LlmClient` the engine uses for servers. The process is
 * started on first use; if it dies, the requests in flight fail with one clear sentence and the
 * next request starts it again. `close()` ends it.
 */
export class BuiltinClient implements LlmClient {
  private host: HostConnection | undefined;
  private readonly config: BuiltinConfig;

  constructor(config: BuiltinConfig) {
    this.config = config;
  }

  async resolveModel(signal?: AbortSignal): Promise<string> {
    return (await this.info(signal)).name;
  }

  async listModels(signal?: AbortSignal): Promise<string[]> {
    return [await this.resolveModel(signal)];
  }

  /** The loaded model, its context and where it runs (GPU, layers, VRAM), read fresh. */
  async info(signal?: AbortSignal): Promise<ModelInfo> {
    const host = await this.connect(signal);
    return this.await(
      host,
      host.request<ModelInfo>(
        (id) => ({ type: 'info', id }),
        (m, finish) => {
          if (m.type === 'info') finish(m.info);
        },
      ),
      signal,
    );
  }

  /**
   * Times a fixed prefill and a short decode of this computer on the model (speed-probe.ts): a
   * few seconds, on a sequence of its own, so a question asked meanwhile waits for it at most.
   */
  async measureSpeed(signal?: AbortSignal): Promise<SpeedProbe> {
    const host = await this.connect(signal);
    return this.await(
      host,
      host.request<SpeedProbe>(
        (id) => ({ type: 'measure', id }),
        (m, finish) => {
          if (m.type === 'measured') {
            const { type: _type, id: _id, ...probe } = m;
            finish(probe);
          }
        },
      ),
      signal,
    );
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const { signal } = request;
    const host = await this.connect(signal);
    const info = await host.ready;
    const started = performance.now();
    const result = await this.await(
      host,
      host.request<ChatResult>(
        (id) => ({
          type: 'chat',
          id,
          prompt: request.prompt,
          maxTokens: request.maxTokens,
          temperature: request.temperature,
          topP: request.topP,
        }),
        (m, finish) => {
          if (m.type === 'delta') request.onDelta?.(m.text);
          else if (m.type === 'done')
            finish({
              content: m.content,
              finishReason: m.finishReason,
              usage: { promptTokens: m.promptTokens, completionTokens: m.completionTokens },
              model: info.name,
              ms: Math.round(performance.now() - started),
              attempts: 1,
            });
        },
      ),
      signal,
    );
    if (result.finishReason === 'abort') throw cancelledError();
    return result;
  }

  /**
   * Token ids (or only counts) of `texts` from the model's own tokenizer, special-token text
   * read as plain text: exact chunk budgets.
   */
  async tokenize(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const host = await this.connect(signal);
    return this.await(
      host,
      host.request<number[][]>(
        (id) => ({ type: 'tokenize', id, texts: [...texts], countOnly: false }),
        (m, finish) => {
          if (m.type === 'tokens') finish(m.ids ?? []);
        },
      ),
      signal,
    );
  }

  async count(texts: readonly string[], signal?: AbortSignal): Promise<number[]> {
    const host = await this.connect(signal);
    return this.await(
      host,
      host.request<number[]>(
        (id) => ({ type: 'tokenize', id, texts: [...texts], countOnly: true }),
        (m, finish) => {
          if (m.type === 'tokens') finish(m.counts ?? []);
        },
      ),
      signal,
    );
  }

  /** The host process's id while it runs (tests, diagnostics). */
  get pid(): number | undefined {
    return this.host?.dead === false ? this.host.pid : undefined;
  }

  /** Ends the host process; a later request starts it again. */
  close(): void {
    this.host?.kill();
    this.host = undefined;
  }

  /** The running host, started (and loaded) when there is none or the last one died. */
  private async connect(signal?: AbortSignal): Promise<HostConnection> {
    if (signal?.aborted) throw cancelledError();
    if (this.host === undefined || this.host.dead) {
      await checkModelFile(this.config.modelFile);
      if (this.host === undefined || this.host.dead) {
        const c = this.config;
        this.host = new HostConnection(c.launcher ?? nodeLauncher, {
          modelFile: c.modelFile,
          contextTokens: c.contextTokens,
          sequences: c.sequences ?? 1,
          gpu: c.gpu ?? 'auto',
          gpuLayers: c.gpu === 'off' ? 0 : (c.gpuLayers ?? 'auto'),
          threads: c.threads ?? 'auto',
        });
      }
    }
    const host = this.host;
    try {
      await withAbort(host.ready, signal);
    } catch (error) {
      // A model that failed to load is tried again (perhaps fixed) on the next request.
      if (this.host === host && !(error instanceof CoreError && error.kind === 'Cancelled')) {
        host.kill();
        this.host = undefined;
      }
      throw error;
    }
    return host;
  }

  /** Waits for a request, abandoning it (the host stops generating) when `signal` aborts. */
  private async await<T>(
    host: HostConnection,
    request: { id: number; done: Promise<T> },
    signal: AbortSignal | undefined,
  ): Promise<T> {
    if (!signal) return request.done;
    const onAbort = (): void => host.abandon(request.id);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await withAbort(request.done, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** `promise`, or a Cancelled error as soon as `signal` aborts. */
function withAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
