// The GGUF models the app recommends for its built-in backend (docs/models.md). Pure data, shown
// by the settings screen and the first-start screen and read by `memagent pull`.
//
// Sizes and checksums: these files could not be fetched from the machines this list was written
// on, and no source found gave their exact byte counts and SHA-256, so none are written here
// rather than guessed. `approxBytes` is the size Hugging Face shows, rounded, for the disk-space
// check and the time estimate; every download is verified against what Hugging Face itself
// publishes for the file at download time (the `X-Linked-Size` and `X-Linked-Etag` headers of
// its resolve URL: the LFS object's size and SHA-256), and the store records what was verified.

/** How fast a model reads on a typical laptop CPU, relative to the others here. */
export type SpeedClass = 'fast' | 'medium' | 'slow';

export interface CatalogueModel {
  /** What `memagent pull ID` takes. */
  id: string;
  name: string;
  /** `hf:owner/repo/file.gguf`: where it is downloaded from (model-ref.ts resolves it). */
  uri: string;
  /** The file's name on Hugging Face, and in the models folder. */
  file: string;
  /** About this many bytes (see above): for the space check and estimates, never for verification. */
  approxBytes: number;
  licence: string;
  licenceUrl: string;
  /**
   * Memory the model needs while reading, in bytes: the weights plus the KV cache of one
   * sequence of 8K tokens (a 5,000-token chunk, a 1,024-token memory and the template) at F16.
   */
  memoryBytes: number;
  speed: SpeedClass;
  /** One line for the list: who it is for. */
  note: string;
}

const GB = 1_000_000_000;

// KV cache per token at F16 = layers × 2 (K and V) × KV heads × head dim × 2 bytes (the models'
// config.json): 7B 28×2×4×128×2 = 57 KB, 3B 36×2×2×128×2 = 37 KB, 1.5B 28×2×2×128×2 = 29 KB;
// times 8,192 tokens: 0.47, 0.30 and 0.23 GB. Plus about 0.3 GB of compute buffers.
export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  {
    id: 'qwen2.5-7b-instruct-q4_k_m',
    name: 'Qwen2.5 7B Instruct (Q4_K_M)',
    uri: 'hf:bartowski/Qwen2.5-7B-Instruct-GGUF/Qwen2.5-7B-Instruct-Q4_K_M.gguf',
    file: 'Qwen2.5-7B-Instruct-Q4_K_M.gguf',
    approxBytes: 4.68 * GB,
    licence: 'Apache-2.0',
    licenceUrl: 'https://huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/LICENSE',
    memoryBytes: 5.5 * GB,
    speed: 'slow',
    note: 'Recommended: the base model of RL-MemoryAgent-7B.',
  },
  {
    id: 'qwen2.5-3b-instruct-q4_k_m',
    name: 'Qwen2.5 3B Instruct (Q4_K_M)',
    uri: 'hf:bartowski/Qwen2.5-3B-Instruct-GGUF/Qwen2.5-3B-Instruct-Q4_K_M.gguf',
    file: 'Qwen2.5-3B-Instruct-Q4_K_M.gguf',
    approxBytes: 1.93 * GB,
    licence: 'Qwen Research License (non-commercial)',
    licenceUrl: 'https://huggingface.co/Qwen/Qwen2.5-3B-Instruct/blob/main/LICENSE',
    memoryBytes: 2.5 * GB,
    speed: 'medium',
    note: 'For smaller machines; less accurate. Not for commercial use.',
  },
  {
    id: 'qwen2.5-1.5b-instruct-q4_k_m',
    name: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    uri: 'hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf',
    file: 'Qwen2.5-1.5B-Instruct-Q4_K_M.gguf',
    approxBytes: 0.99 * GB,
    licence: 'Apache-2.0',
    licenceUrl: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct/blob/main/LICENSE',
    memoryBytes: 1.5 * GB,
    speed: 'fast',
    note: 'For weak machines and quick tries; the least accurate.',
  },
];

/** The model a new user is offered first. */
export const DEFAULT_CATALOGUE_ID = 'qwen2.5-7b-instruct-q4_k_m';

/** The catalogue entry with this id (case-insensitive), if any. */
export function catalogueModel(id: string): CatalogueModel | undefined {
  const wanted = id.trim().toLowerCase();
  return MODEL_CATALOGUE.find((m) => m.id === wanted);
}

/** "4.7 GB", "986 MB", "12 KB", "512 bytes" (decimal units, as download pages show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 'bytes';
  for (const u of units) {
    if (value < 1000) break;
    value /= 1000;
    unit = u;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`;
}
