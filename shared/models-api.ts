// The models calls' payloads (shared/api.ts): the built-in backend's model files as the settings
// and first-start screens see them. Paths are shown, never chosen here: a file is added through
// main's open dialog, and downloads go to the data folder main owns.
import type { AppError } from './model.ts';

/** A model file on this computer. */
export interface LocalModel {
  /** The model store's id (`memagent models --builtin`). */
  id: string;
  /** Absolute path of the GGUF file (what a built-in profile's `modelFile` names). */
  file: string;
  bytes: number;
  /** downloaded: deleted on removal; added: an outside file, only forgotten; found: in the folder, no record. */
  origin: 'downloaded' | 'added' | 'found';
  /** The catalogue entry it was downloaded from, if any. */
  catalogueId?: string;
  /** `hf:` URI or URL it came from. */
  source?: string;
  /** Size and checksum matched what the server published. */
  verified: boolean;
  /** The file is gone (moved, deleted, an unplugged disk). */
  missing: boolean;
}

export type DownloadState =
  | 'connecting'
  | 'checking'
  | 'downloading'
  | 'retrying'
  | 'paused'
  | 'failed'
  | 'done'
  | 'cancelled';

/** One download as the window shows it; also the payload of every `models:download` event. */
export interface DownloadSnapshot {
  /** A catalogue id or the `hf:` URI asked for: the key of pause, resume and cancel. */
  reference: string;
  /** What the user reads: the catalogue name, else the file name. */
  name: string;
  state: DownloadState;
  received: number;
  total?: number;
  /** Bytes per second over the last seconds; 0 until measured. */
  bytesPerSec: number;
  etaMs?: number;
  /** What happened last, in a sentence (a retry, a restart from zero). */
  note?: string;
  error?: AppError;
  /** done: the model as stored. */
  model?: LocalModel;
  /** done with `useWhenDone`: the built-in backend created and made active. */
  profileId?: string;
}

export interface ModelsList {
  models: LocalModel[];
  /** Downloads going, paused (also those left by an earlier start) or failed. */
  downloads: DownloadSnapshot[];
  /** Where downloads are stored (shown to the user). */
  folder: string;
  /** Free bytes on that disk, when known. */
  freeBytes?: number;
}

/** Where the loaded built-in model runs, for Settings. */
export interface BuiltinHostInfo {
  name: string;
  /** false: the CPU only. */
  gpuType: 'cuda' | 'vulkan' | 'metal' | false;
  devices: string[];
  layersOffloaded: number;
  totalLayers: number;
  vramUsedBytes: number;
  threads: number;
  contextTokens: number;
  sequences: number;
}
