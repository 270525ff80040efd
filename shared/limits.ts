// Bounds of the run settings a user may choose, as plain numbers: the zod schema in
// shared/schemas.ts, the CLI's flag checks and the renderer's number inputs all read them here
// (the renderer without loading zod).

export const RUN_SETTINGS_LIMITS = {
  chunkTokens: { min: 256, max: 200_000 },
  memoryTokens: { min: 64, max: 32_000 },
  answerTokens: { min: 16, max: 32_000 },
  temperature: { min: 0, max: 2 },
  /** Top-p must be above `above` (0 would sample nothing), at most `max`. */
  topP: { above: 0, max: 1 },
} as const;

/** The longest question a run accepts, in characters (a question rides along in every prompt). */
export const MAX_QUESTION_CHARS = 20_000;

/** The built-in model's GPU layers and CPU threads: profiles and the CLI's --gpu-layers, --threads. */
export const BUILTIN_LIMITS = {
  gpuLayers: { min: 0, max: 1024 },
  threads: { min: 1, max: 256 },
} as const;

/** A backend's per-attempt timeout and its retries: profiles, and the CLI's --timeout and --retries. */
/** Defaults: see DEFAULT_TIMEOUT_MS in electron/core/llm/client.ts for why 300 s. */
export const BACKEND_LIMITS = {
  timeoutSec: { min: 1, max: 3600, default: 300 },
  retries: { min: 0, max: 10, default: 4 },
} as const;

/** 1 GB: the largest document the app reads (a file's size, or the bytes a window sends). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024 * 1024;

/**
 * 256 MB: the largest session export the app imports (a file's size, or the bytes a window
 * sends). A thousand questions of a 700-chunk book with 1 KB memories are about 700 MB of
 * memory text, but such a session is exported per question, not whole.
 */
export const MAX_SESSION_BYTES = 256 * 1024 * 1024;
