import type { EventName, Events, FilePurpose } from '../../../shared/api.ts';
import type { LlmClient } from '../llm/types.ts';
import type { LlmConfig } from '../llm/client.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { HostLauncher } from '../llm/builtin/launcher.ts';
import type { HfAccess, ResolveModelOptions } from '../models/index.ts';

/** Sends an event to one window (`target` = its sender id) or to every window (`undefined`). */
export type Emit = <E extends EventName>(
  target: string | undefined,
  name: E,
  payload: Events[E],
) => void;

/** What the service needs from its host (the Electron main process, the e2e harness, tests). */
export interface ServiceDeps {
  /**
   * Folder for `memagent.db`, the extracted-document cache (`cache/`) and the user's OCR
   * language files (`ocr-languages/`).
   */
  dataDir: string;
  /** Where API keys live; never the database. */
  secrets: SecretStore;
  emit: Emit;
  /** Shows an open-file dialog; null when cancelled. */
  chooseFile?(purpose: FilePurpose): Promise<string | null>;
  /** Shows an open-file dialog that allows several files; none when cancelled. */
  chooseFiles?(purpose: FilePurpose): Promise<string[]>;
  /** Shows a choose-folder dialog; null when cancelled. */
  chooseFolder?(): Promise<string | null>;
  /** Shows a save dialog with a suggested file name; null when cancelled. */
  chooseSavePath?(suggested: string): Promise<string | null>;
  /** Opens an already-checked http(s) URL in the user's browser. */
  openExternal?(url: string): Promise<void>;
  /** Prints an export's self-contained page to PDF (the app: Chromium with JavaScript off). */
  printPdf?(html: string, signal?: AbortSignal): Promise<Uint8Array>;
  /** Opens a file the export just saved in its default application. */
  openPath?(file: string): Promise<void>;
  /** Shows a file the export just saved in the system's file manager. */
  showInFolder?(file: string): void;
  /** Runs executing at once (default 4). */
  concurrency?: number;
  /** Largest document file accepted, in bytes (default 1 GiB). */
  maxDocumentBytes?: number;
  /** Builds LLM clients; defaults to the real OpenAI-compatible client. */
  createClient?: (config: LlmConfig) => LlmClient;
  /** Starts the built-in model's host process (the app: Electron's utility process). */
  builtinLauncher?: HostLauncher;
  /** A loaded built-in model is ended after this long unused (default 5 minutes). */
  builtinIdleMs?: number;
  /** Hugging Face endpoint and token for downloads (default: HF_ENDPOINT and HF_TOKEN). */
  hf?: HfAccess;
  /** Downloader settings for tests (stall time, retries, free-space probe). */
  modelDownloader?: ResolveModelOptions['downloader'];
  /** Clock, for tests. */
  now?: () => number;
}
