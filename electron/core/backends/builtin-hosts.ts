// The built-in model's host processes as the service shares them: one per model file and load
// options (a second question, an estimate and "Check this backend" reuse the loaded model), ended
// once nothing has used it for a while, when its file is removed, and when the service stops.
import type { RunSettings } from '../../../shared/model.ts';
import type { BuiltinOptions } from '../../../shared/schemas.ts';
import { BuiltinClient } from '../llm/builtin/builtin-client.ts';
import { contextTokensFor } from '../agent/context-size.ts';
import type { HostLauncher } from '../llm/builtin/launcher.ts';
import type { LoadOptions, ModelInfo, SpeedProbe } from '../llm/builtin/protocol.ts';
import type { ChatRequest, ChatResult, LlmClient } from '../llm/types.ts';
import type { ModelTokenizerSource } from '../tokenize/index.ts';

/** A loaded model stays this long after its last request (a reload costs seconds). */
export const DEFAULT_IDLE_CLOSE_MS = 5 * 60_000;

export interface BuiltinHostsOptions {
  /** Default `child_process.fork`; the app passes Electron's utility-process launcher. */
  launcher?: HostLauncher;
  /** Questions read at once: the run registry's concurrency, as parallel sequences. */
  sequences: number;
  idleCloseMs?: number;
}

export interface BuiltinHosts {
  /** The shared client of this model and options, sized for runs with `settings`. */
  client(
    options: BuiltinOptions,
    settings: Pick<RunSettings, 'chunkTokens' | 'memoryTokens' | 'answerTokens'>,
  ): SharedBuiltin;
  /** What the loaded host of `modelFile` reports (GPU, layers, memory), or null when none is loaded. */
  info(modelFile: string, signal?: AbortSignal): Promise<ModelInfo | null>;
  /** Ends the hosts of `modelFile` (before its file is deleted). */
  closeFile(modelFile: string): void;
  dispose(): void;
}

/** The model file and the load options a host is keyed by (the parallel sequences aside). */
export type BuiltinLoad = Pick<
  LoadOptions,
  'modelFile' | 'contextTokens' | 'gpu' | 'gpuLayers' | 'threads'
>;

/**
 * A `BuiltinClient` shared by everyone who asks for the same model: counts its requests in
 * flight, so the pool closes it only when idle. Also the run's tokenizer source (the model's own).
 */
export class SharedBuiltin implements LlmClient, ModelTokenizerSource {
  readonly modelFile: string;
  /** How it is loaded: what a measured speed of this computer holds for (builtin-speed.ts). */
  readonly load: BuiltinLoad;
  private readonly inner: BuiltinClient;
  private readonly onBusy: (delta: 1 | -1) => void;
  /** Whether the host has been asked for anything (so `info` never starts one by itself). */
  started = false;

  constructor(load: BuiltinLoad, inner: BuiltinClient, onBusy: (delta: 1 | -1) => void) {
    this.modelFile = load.modelFile;
    this.load = load;
    this.inner = inner;
    this.onBusy = onBusy;
  }

  private async use<T>(work: () => Promise<T>): Promise<T> {
    this.started = true;
    this.onBusy(1);
    try {
      return await work();
    } finally {
      this.onBusy(-1);
    }
  }

  resolveModel(signal?: AbortSignal): Promise<string> {
    return this.use(() => this.inner.resolveModel(signal));
  }
  listModels(signal?: AbortSignal): Promise<string[]> {
    return this.use(() => this.inner.listModels(signal));
  }
  chat(request: ChatRequest): Promise<ChatResult> {
    return this.use(() => this.inner.chat(request));
  }
  tokenize(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    return this.use(() => this.inner.tokenize(texts, signal));
  }
  count(texts: readonly string[], signal?: AbortSignal): Promise<number[]> {
    return this.use(() => this.inner.count(texts, signal));
  }
  info(signal?: AbortSignal): Promise<ModelInfo> {
    return this.use(() => this.inner.info(signal));
  }
  measureSpeed(signal?: AbortSignal): Promise<SpeedProbe> {
    return this.use(() => this.inner.measureSpeed(signal));
  }
  get pid(): number | undefined {
    return this.inner.pid;
  }
  close(): void {
    this.started = false;
    this.inner.close();
  }
}

/** The built-in model's tokenizer for a run's client: its own, when the client is one. */
export function builtinSourceOf(client: LlmClient): { builtin?: ModelTokenizerSource } {
  return client instanceof SharedBuiltin ? { builtin: client } : {};
}

export function createBuiltinHosts(options: BuiltinHostsOptions): BuiltinHosts {
  const idleMs = options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
  const entries = new Map<
    string,
    { client: SharedBuiltin; busy: number; timer?: NodeJS.Timeout }
  >();

  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    entries.delete(key);
    entry.client.close();
  };

  return {
    client(o, settings) {
      const config = {
        modelFile: o.modelFile,
        contextTokens: contextTokensFor(settings),
        sequences: options.sequences,
        gpu: o.gpu ?? 'auto',
        gpuLayers: o.gpuLayers ?? 'auto',
        threads: o.threads ?? 'auto',
      } as const;
      const key = JSON.stringify(config);
      let entry = entries.get(key);
      if (!entry) {
        const made: { client: SharedBuiltin; busy: number; timer?: NodeJS.Timeout } = {
          busy: 0,
          client: new SharedBuiltin(
            config,
            new BuiltinClient({
              ...config,
              ...(options.launcher ? { launcher: options.launcher } : {}),
            }),
            (delta) => {
              made.busy += delta;
              clearTimeout(made.timer);
              if (made.busy === 0) {
                made.timer = setTimeout(() => remove(key), idleMs);
                made.timer.unref();
              }
            },
          ),
        };
        entry = made;
        entries.set(key, entry);
      }
      return entry.client;
    },
    async info(modelFile, signal) {
      const loaded = [...entries.values()].find(
        (e) => e.client.modelFile === modelFile && e.client.started && e.client.pid !== undefined,
      );
      return loaded ? loaded.client.info(signal) : null;
    },
    closeFile(modelFile) {
      for (const [key, e] of [...entries]) if (e.client.modelFile === modelFile) remove(key);
    },
    dispose() {
      for (const key of [...entries.keys()]) remove(key);
    },
  };
}
