// The messages between the app (the parent) and the model host process. Both ends are this
// program, so the shapes are trusted; text inside them (model output, documents) is data.
import type { AppError } from '../../../../shared/model.ts';

/** How the model is loaded. */
export interface LoadOptions {
  modelFile: string;
  /** 'auto': the best GPU there is (Metal, CUDA, Vulkan), else the CPU; 'off': the CPU only. */
  gpu: 'auto' | 'off';
  /** Layers offloaded to the GPU: 'auto' fits them to free VRAM; a number forces that many. */
  gpuLayers: 'auto' | number;
  /** CPU threads for evaluation; 'auto': the physical cores but one (see threads.ts). */
  threads: 'auto' | number;
  /** Tokens of one sequence's context window. */
  contextTokens: number;
  /** Parallel sequences (questions read at once); fewer are created when memory is short. */
  sequences: number;
}

/** What the host reports once the model is ready (shown in Settings and by the CLI). */
export interface ModelInfo {
  /** `general.name` of the file, else its name without `.gguf`. */
  name: string;
  file: string;
  /** Context length the model was trained with (`<arch>.context_length`). */
  trainContextTokens: number;
  /** Tokens of one sequence's context, as created (llama.cpp rounds up to 256). */
  contextTokens: number;
  sequences: number;
  hasChatTemplate: boolean;
  /** node-llama-cpp's chat wrapper chosen for the file's template (e.g. `jinjaTemplate`, `chatML`). */
  chatWrapper: string;
  threads: number;
  gpu: GpuInfo;
}

export interface GpuInfo {
  /** false: CPU only. */
  type: 'cuda' | 'vulkan' | 'metal' | false;
  devices: string[];
  layersOffloaded: number;
  totalLayers: number;
  vramUsedBytes: number;
  vramTotalBytes: number;
}

/** A prefill of `promptTokens` and a decode of `completionTokens`, each timed on its own. */
export interface SpeedProbe {
  promptTokens: number;
  prefillMs: number;
  completionTokens: number;
  decodeMs: number;
}

export type ParentMessage =
  | { type: 'load'; options: LoadOptions }
  | {
      type: 'chat';
      id: number;
      prompt: string;
      maxTokens: number;
      temperature: number;
      topP: number;
    }
  | { type: 'abort'; id: number }
  | { type: 'tokenize'; id: number; texts: string[]; countOnly: boolean }
  | { type: 'info'; id: number }
  /** Time a fixed prefill and a short decode on this computer (speed-probe.ts). */
  | { type: 'measure'; id: number };

export type HostMessage =
  | { type: 'ready'; info: ModelInfo }
  | { type: 'loadFailed'; error: AppError }
  | { type: 'delta'; id: number; text: string }
  | {
      type: 'done';
      id: number;
      content: string;
      finishReason: 'stop' | 'length' | 'abort';
      promptTokens: number;
      completionTokens: number;
    }
  | { type: 'tokens'; id: number; ids?: number[][]; counts?: number[] }
  | { type: 'info'; id: number; info: ModelInfo }
  | ({ type: 'measured'; id: number } & SpeedProbe)
  | { type: 'failed'; id: number; error: AppError };
