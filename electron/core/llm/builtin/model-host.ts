// Runs inside the model host process (host-main.ts): loads node-llama-cpp and one GGUF model and
// serves chat, tokenize and info requests. Nothing here runs on the app's main event loop.
import path from 'node:path';
import {
  getLlama,
  LlamaChat,
  LlamaLogLevel,
  readGgufFileInfo,
  resolveChatWrapper,
  type ChatHistoryItem,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaModel,
} from 'node-llama-cpp';
import type { AppError } from '../../../../shared/model.ts';
import type { HostMessage, LoadOptions, ModelInfo, ParentMessage } from './protocol.ts';
import { probeSpeed } from './speed-probe.ts';
import { defaultThreads } from './threads.ts';

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  wrapper: ChatWrapper;
  info: ModelInfo;
  free: LlamaContextSequence[];
  waiting: ((sequence: LlamaContextSequence) => void)[];
}

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The host's request loop: `handle` each parent message, `send` replies. */
export class ModelHost {
  private loaded: Promise<Loaded> | undefined;
  private readonly aborts = new Map<number, AbortController>();
  private readonly send: (message: HostMessage) => void;

  constructor(send: (message: HostMessage) => void) {
    this.send = send;
  }

  handle(message: ParentMessage): void {
    switch (message.type) {
      case 'load':
        this.loaded = load(message.options);
        this.loaded.then(
          (l) => this.send({ type: 'ready', info: l.info }),
          (error: unknown) =>
            this.send({ type: 'loadFailed', error: loadError(message.options.modelFile, error) }),
        );
        return;
      case 'abort':
        this.aborts.get(message.id)?.abort();
        return;
      case 'chat':
      case 'tokenize':
      case 'info':
      case 'measure':
        void this.serve(message).catch((error: unknown) =>
          this.send({
            type: 'failed',
            id: message.id,
            error: {
              kind: 'BackendFailed',
              message: 'The built-in model failed to answer.',
              detail: errorText(error),
            },
          }),
        );
        return;
    }
  }

  private async serve(
    message: Extract<ParentMessage, { type: 'chat' | 'tokenize' | 'info' | 'measure' }>,
  ): Promise<void> {
    if (!this.loaded) throw new Error('no model loaded');
    const l = await this.loaded;
    if (message.type === 'info') {
      this.send({ type: 'info', id: message.id, info: { ...l.info, gpu: await gpuInfo(l) } });
    } else if (message.type === 'tokenize') {
      // Document text: special-token strings in it are plain text, never control tokens.
      const ids = message.texts.map((t) => l.model.tokenize(t, false) as number[]);
      this.send(
        message.countOnly
          ? { type: 'tokens', id: message.id, counts: ids.map((x) => x.length) }
          : { type: 'tokens', id: message.id, ids },
      );
    } else if (message.type === 'measure') {
      await this.measure(l, message.id);
    } else {
      await this.chat(l, message);
    }
  }

  /** Times this computer on the model (speed-probe.ts), on a pooled sequence as a chat is. */
  private async measure(l: Loaded, id: number): Promise<void> {
    const controller = new AbortController();
    this.aborts.set(id, controller);
    const sequence = await acquire(l);
    try {
      const probe = await probeSpeed(
        l.model,
        sequence,
        l.info.contextTokens,
        () => controller.signal.aborted,
      );
      if (probe === null)
        this.send({
          type: 'failed',
          id,
          error: { kind: 'Cancelled', message: 'The measurement was cancelled.' },
        });
      else this.send({ type: 'measured', id, ...probe });
    } finally {
      this.aborts.delete(id);
      release(l, sequence);
    }
  }

  private async chat(l: Loaded, m: Extract<ParentMessage, { type: 'chat' }>): Promise<void> {
    const history: ChatHistoryItem[] = [
      { type: 'user', text: m.prompt },
      { type: 'model', response: [] },
    ];
    const promptTokens = l.wrapper
      .generateContextState({ chatHistory: history })
      .contextText.tokenize(l.model.tokenizer).length;
    // LlamaChat would silently drop the start of the conversation to make room: refuse instead.
    if (promptTokens + m.maxTokens > l.info.contextTokens) {
      this.send({
        type: 'failed',
        id: m.id,
        error: {
          kind: 'BackendRejected',
          message: `The request (${promptTokens} prompt tokens + ${m.maxTokens} to write) does not fit the built-in model's context of ${l.info.contextTokens} tokens.`,
          hint: 'Use smaller chunks or a smaller memory in the run settings.',
        },
      });
      return;
    }
    const controller = new AbortController();
    this.aborts.set(m.id, controller);
    const sequence = await acquire(l);
    // One LlamaChat per request on a pooled sequence: it reuses the evaluated prefix the
    // sequence already holds (the template and question of the previous chunk).
    const chat = new LlamaChat({
      contextSequence: sequence,
      chatWrapper: l.wrapper,
      autoDisposeSequence: false,
    });
    // The sequence's meter counts every token sampled; `onToken` skips those still held back
    // (an incomplete UTF-8 character, a possible stop string) when the reply ends.
    const meter = sequence.tokenMeter.getState();
    const deltas = new DeltaBatcher((text) => this.send({ type: 'delta', id: m.id, text }));
    try {
      const result = await chat.generateResponse(history, {
        maxTokens: m.maxTokens,
        temperature: m.temperature,
        topP: m.topP,
        signal: controller.signal,
        stopOnAbortSignal: true,
        onTextChunk: (text) => deltas.push(text),
      });
      deltas.flush();
      const stop = result.metadata.stopReason;
      this.send({
        type: 'done',
        id: m.id,
        content: result.response,
        finishReason: stop === 'maxTokens' ? 'length' : stop === 'abort' ? 'abort' : 'stop',
        promptTokens,
        completionTokens: sequence.tokenMeter.diff(meter).usedOutputTokens,
      });
    } finally {
      deltas.flush();
      this.aborts.delete(m.id);
      chat.dispose({ disposeSequence: false });
      release(l, sequence);
    }
  }
}

/**
 * Sends the first delta at once (time to first token) and later ones at most every 8 ms: one
 * message per token would cost the parent more than the tokens are worth on a fast model.
 */
class DeltaBatcher {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  private sentFirst = false;
  private readonly send: (text: string) => void;

  constructor(send: (text: string) => void) {
    this.send = send;
  }

  push(text: string): void {
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.send(text);
      return;
    }
    this.pending += text;
    this.timer ??= setTimeout(() => this.flush(), 8);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.send(text);
  }
}

function acquire(l: Loaded): Promise<LlamaContextSequence> {
  const free = l.free.pop();
  if (free) return Promise.resolve(free);
  return new Promise((resolve) => l.waiting.push(resolve));
}

function release(l: Loaded, sequence: LlamaContextSequence): void {
  const next = l.waiting.shift();
  if (next) next(sequence);
  else l.free.push(sequence);
}

async function load(options: LoadOptions): Promise<Loaded> {
  // Reads the header first: a file that is not GGUF fails here with a readable reason.
  const fileInfo = await readGgufFileInfo(options.modelFile, {
    sourceType: 'filesystem',
    logWarnings: false,
  });
  const llama = await getLlama({
    gpu: options.gpu === 'off' ? false : 'auto',
    build: 'never',
    logLevel: LlamaLogLevel.error,
    // Model output and llama.cpp's chatter stay out of the app's logs.
    logger: () => {},
  });
  const threads = options.threads === 'auto' ? defaultThreads(llama.cpuMathCores) : options.threads;
  const model = await llama.loadModel({
    modelPath: options.modelFile,
    gpuLayers: options.gpu === 'off' ? 0 : options.gpuLayers,
  });
  const context = await createContext(model, options, threads);
  const template = fileInfo.metadata.tokenizer?.chat_template;
  const wrapper = resolveChatWrapper(model);
  const name = fileInfo.metadata.general?.name;
  const sequences = Array.from({ length: context.totalSequences }, () => context.getSequence());
  const loaded: Loaded = {
    llama,
    model,
    context,
    wrapper,
    free: sequences.reverse(),
    waiting: [],
    info: {
      name:
        typeof name === 'string' && name.trim() !== ''
          ? name.trim()
          : path.basename(options.modelFile).replace(/\.gguf$/i, ''),
      file: options.modelFile,
      trainContextTokens: model.trainContextSize,
      contextTokens: context.contextSize,
      sequences: context.totalSequences,
      hasChatTemplate: typeof template === 'string' && template !== '',
      chatWrapper: wrapper.wrapperName,
      threads,
      gpu: {
        type: false,
        devices: [],
        layersOffloaded: 0,
        totalLayers: 0,
        vramUsedBytes: 0,
        vramTotalBytes: 0,
      },
    },
  };
  loaded.info.gpu = await gpuInfo(loaded);
  return loaded;
}

/** The context for `sequences` questions at once, with fewer when memory does not allow them. */
async function createContext(
  model: LlamaModel,
  options: LoadOptions,
  threads: number,
): Promise<LlamaContext> {
  for (let sequences = Math.max(1, options.sequences); ; sequences = Math.floor(sequences / 2)) {
    try {
      return await model.createContext({
        contextSize: options.contextTokens,
        sequences,
        threads,
      });
    } catch (error) {
      if (sequences <= 1) throw error;
    }
  }
}

async function gpuInfo(l: Pick<Loaded, 'llama' | 'model'>): Promise<ModelInfo['gpu']> {
  const type = l.llama.gpu;
  if (type === false)
    return {
      type,
      devices: [],
      layersOffloaded: 0,
      totalLayers: l.model.fileInsights.totalLayers,
      vramUsedBytes: 0,
      vramTotalBytes: 0,
    };
  const [devices, vram] = await Promise.all([l.llama.getGpuDeviceNames(), l.llama.getVramState()]);
  return {
    type,
    devices,
    layersOffloaded: l.model.gpuLayers,
    totalLayers: l.model.fileInsights.totalLayers,
    vramUsedBytes: vram.used,
    vramTotalBytes: vram.total,
  };
}

/** One sentence naming the file for a model that would not load. */
function loadError(file: string, error: unknown): AppError {
  const detail = errorText(error);
  const name = file;
  if (/magic|not a gguf|invalid gguf|unsupported gguf/i.test(detail))
    return {
      kind: 'Unsupported',
      message: `${name} is not a GGUF model file.`,
      hint: 'Choose a .gguf file (see docs/builtin-model.md for converting a model).',
      detail,
    };
  if (/no binary|NoBinaryFound/i.test(detail))
    return {
      kind: 'Unsupported',
      message: 'The built-in model cannot run on this computer: no llama.cpp binary fits it.',
      hint: 'Use a vLLM server or a cloud API instead.',
      detail,
    };
  return {
    kind: 'Damaged',
    message: `${name} could not be loaded as a model: it may be incomplete or damaged.`,
    hint: 'Download or convert the model file again, or choose another one.',
    detail,
  };
}
