// The domain's shapes, each stated once as a zod schema. Their TypeScript types are inferred here
// (shared/model.ts re-exports them), and every edge that reads outside data parses with these
// schemas: IPC requests (shared/api.ts), the store's JSON columns, the document cache and the
// CLI's flags. Pure TypeScript and zod: no Node, DOM or electron.
import { z } from 'zod';
import { BACKEND_LIMITS as B, BUILTIN_LIMITS, RUN_SETTINGS_LIMITS as L } from './limits.ts';

/** An id crossing a boundary (document hash, run id, profile id). */
export const idSchema = z.string().min(1).max(200);

const SHA256_HEX = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An id of a kind the library makes, checked by shape at the boundary: an id that cannot be one
 * (`../x`, `odd-doc`) is refused in one sentence before any handler uses it (as a file name in
 * the text cache, say). Empty or overlong ids stop at the length check (the field is named).
 */
function libraryId(shape: (id: string) => boolean, message: string) {
  return z
    .string()
    .min(1, { abort: true })
    .max(200, { abort: true })
    .refine(shape, refusal('BadUsage', message));
}

/** A document's id: the SHA-256 of its file's bytes, in lowercase hex. */
export const documentIdSchema = libraryId(
  (id) => SHA256_HEX.test(id),
  'That is not a document id: a document’s id is the SHA-256 of its file (64 hexadecimal characters).',
);

/** The key of a text a document's reading gave: the document's id or another SHA-256. */
export const textKeySchema = libraryId(
  (id) => SHA256_HEX.test(id),
  'That is not the id of a document’s text (64 hexadecimal characters).',
);

/** A question's run: a UUID (the app's and the command line's), or a SHA-256 (an import's). */
export const runIdSchema = libraryId(
  (id) => UUID.test(id) || SHA256_HEX.test(id),
  'That is not a run id: a run’s id is a UUID.',
);

/** Formats the extractor recognises (sniffed from bytes, not from the file name). */
export const documentFormatSchema = z.enum(['pdf', 'docx', 'epub', 'html', 'text', 'markdown']);
export type DocumentFormat = z.infer<typeof documentFormatSchema>;

/** A printed page: `start`/`end` are character offsets into `DocumentText.text` (end exclusive). */
export const pageSpanSchema = z.object({
  number: z.number().int(),
  label: z.string().optional(),
  start: z.number().int(),
  end: z.number().int(),
});
export type PageSpan = z.infer<typeof pageSpanSchema>;

/** A heading / chapter / outline entry starting at character offset `start`. */
export const sectionSchema = z.object({
  title: z.string(),
  level: z.number().int(),
  start: z.number().int(),
  page: z.number().int().optional(),
});
export type Section = z.infer<typeof sectionSchema>;

/** The result of extraction: the text the model reads and the map back to pages and sections. */
export const documentTextSchema = z.object({
  format: documentFormatSchema,
  title: z.string(),
  text: z.string(),
  pages: z.array(pageSpanSchema).optional(),
  sections: z.array(sectionSchema).optional(),
  warnings: z.array(z.string()),
  /** PDF pages whose text was recognised by OCR, with the mean word confidence (0-100). */
  ocrPages: z
    .array(z.object({ page: z.number().int().positive(), confidence: z.number().min(0).max(100) }))
    .optional(),
});
export type DocumentText = z.infer<typeof documentTextSchema>;

/** A tesseract language code (`eng`, `chi_sim`, `deu_latf`): letters, digits and underscores. */
const OCR_CODE = '[A-Za-z0-9_]{2,32}';
export const OCR_LANGUAGE_CODE = new RegExp(`^${OCR_CODE}$`);
/** A language data file's name, the code captured: `deu.traineddata` or `deu.traineddata.gz`. */
export const OCR_LANGUAGE_FILE = new RegExp(`^(${OCR_CODE})\\.traineddata(\\.gz)?$`);

/**
 * How a PDF's text is read: its text layer, with OCR for pages that have none but show images
 * (`auto`, the default), or OCR of every page whatever its text layer says (`all-pages`, for a
 * bad text layer); `off` never runs OCR. `languages`: tesseract codes, most likely first.
 */
export const readingSchema = z.object({
  ocr: z.enum(['auto', 'all-pages', 'off']),
  languages: z.array(z.string().regex(OCR_LANGUAGE_CODE)).min(1).max(8),
});
export type Reading = z.infer<typeof readingSchema>;

export const finalPromptSchema = z.enum(['boxed', 'text']);
export type FinalPrompt = z.infer<typeof finalPromptSchema>;

export const tokenizerChoiceSchema = z.enum(['auto', 'qwen', 'o200k', 'server']);
export type TokenizerChoice = z.infer<typeof tokenizerChoiceSchema>;

/** Per-run settings. Defaults (shared/model.ts) follow MEMAGENT.md; bounds are in limits.ts. */
export const runSettingsSchema = z.object({
  chunkTokens: z.number().int().min(L.chunkTokens.min).max(L.chunkTokens.max),
  memoryTokens: z.number().int().min(L.memoryTokens.min).max(L.memoryTokens.max),
  answerTokens: z.number().int().min(L.answerTokens.min).max(L.answerTokens.max),
  temperature: z.number().min(L.temperature.min).max(L.temperature.max),
  topP: z.number().gt(L.topP.above).max(L.topP.max),
  final: finalPromptSchema,
  tokenizer: tokenizerChoiceSchema,
});
export type RunSettings = z.infer<typeof runSettingsSchema>;

/** Kinds of backend a profile can describe; they differ in URL form, auth header and defaults. */
export const backendKindSchema = z.enum([
  'vllm',
  'openai',
  'azure',
  'openrouter',
  'ollama',
  'custom',
  'builtin',
]);
export type BackendKind = z.infer<typeof backendKindSchema>;

/**
 * The params of a refinement whose message is written for the user: a request it refuses comes
 * back as this error value (kind, sentence, hint) instead of "The request was not valid".
 */
export function refusal(kind: ErrorKind, message: string, hint?: string) {
  const error: AppError = hint === undefined ? { kind, message } : { kind, message, hint };
  return { message, params: { refusal: error } };
}

const anyHttpUrl = z.url({ protocol: /^https?$/ });

/** True for an http: or https: URL: the one rule for every server URL (profiles, --base-url). */
export function isHttpUrl(url: string): boolean {
  return anyHttpUrl.safeParse(url).success;
}

/**
 * A server's base URL: http: or https: only, the schemes an OpenAI-compatible API is served on
 * (`file:`, `javascript:`, `ftp:` would fail later as a lost connection). One rule for profiles
 * and the CLI's `--base-url`; `message` names the field.
 */
export function httpUrlSchema(message: string) {
  return z
    .string()
    .max(2000)
    .refine((url) => anyHttpUrl.safeParse(url).success, refusal('BadUsage', message));
}

/** How the built-in backend (node-llama-cpp in a process of its own) runs its model. */
export const builtinOptionsSchema = z.object({
  /** A local GGUF file (the downloader's, or one the user added). */
  modelFile: z.string().min(1).max(4096),
  /** Default 'auto': the best GPU there is; 'off': the CPU only. */
  gpu: z.enum(['auto', 'off']).optional(),
  /** Layers offloaded to the GPU; absent: as many as fit. */
  gpuLayers: z
    .number()
    .int()
    .min(BUILTIN_LIMITS.gpuLayers.min)
    .max(BUILTIN_LIMITS.gpuLayers.max)
    .optional(),
  /** CPU threads; absent: the physical cores but one. */
  threads: z
    .number()
    .int()
    .min(BUILTIN_LIMITS.threads.min)
    .max(BUILTIN_LIMITS.threads.max)
    .optional(),
});
export type BuiltinOptions = z.infer<typeof builtinOptionsSchema>;

export const PROFILE_URL_MESSAGE = 'The server URL must be an http:// or https:// address.';

/** A saved backend. The API key itself never leaves the main process: only `hasApiKey`. */
export const backendProfileSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(200),
  kind: backendKindSchema,
  /** '' for the built-in kind, which has no server (the service refuses '' for other kinds). */
  baseUrl: z
    .string()
    .max(2000)
    .refine(
      (url) => url === '' || anyHttpUrl.safeParse(url).success,
      refusal('BadUsage', PROFILE_URL_MESSAGE),
    ),
  /**
   * More servers of the same model beside `baseUrl` (several GPUs' or machines' replicas): each
   * request goes to the least-loaded one. Set by the command line's repeated --base-url and by
   * Settings ("More servers for this backend"); shared/server-urls.ts says what is refused.
   */
  extraBaseUrls: z
    .array(
      z
        .string()
        .max(2000)
        .refine(
          (url) => anyHttpUrl.safeParse(url).success,
          refusal('BadUsage', PROFILE_URL_MESSAGE),
        ),
    )
    .max(63)
    .optional(),
  /** The built-in kind's model file and options. */
  builtin: builtinOptionsSchema.optional(),
  /** Empty: discovered from /v1/models. For Azure: the deployment name. */
  model: z.string().max(500).optional(),
  /** Azure OpenAI `api-version` query parameter. */
  apiVersion: z.string().max(100).optional(),
  hasApiKey: z.boolean(),
  /** Prices in currency units per million tokens, for a cost estimate. */
  inputPricePerMTok: z.number().min(0).optional(),
  outputPricePerMTok: z.number().min(0).optional(),
  timeoutMs: z
    .number()
    .int()
    .min(B.timeoutSec.min * 1000)
    .max(B.timeoutSec.max * 1000)
    .optional(),
  maxRetries: z.number().int().min(B.retries.min).max(B.retries.max).optional(),
  /**
   * After the answer, ask the model to quote the sentences of each cited chunk that support it
   * (one short request per chunk). Absent: `quoteCheckOn` (shared/quote-check.ts) decides by kind
   * and price.
   */
  quoteCheck: z.boolean().optional(),
});
export type BackendProfile = z.infer<typeof backendProfileSchema>;

/** Token usage of one or many calls. */
export const usageSchema = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
});
export type Usage = z.infer<typeof usageSchema>;

/** First and last page a chunk touches (numbers and printed labels). */
export const chunkPagesSchema = z.object({
  first: z.number().int(),
  last: z.number().int(),
  firstLabel: z.string().optional(),
  lastLabel: z.string().optional(),
});
export type ChunkPages = z.infer<typeof chunkPagesSchema>;

/** A chunk of the document as read by the model. */
export const chunkInfoSchema = z.object({
  index: z.number().int(),
  /** Character span in the document text, end exclusive. */
  start: z.number().int(),
  end: z.number().int(),
  tokens: z.number().int(),
  pages: chunkPagesSchema.optional(),
  /** The section in force at the chunk's start. */
  section: z.string().optional(),
});
export type ChunkInfo = z.infer<typeof chunkInfoSchema>;

/**
 * A passage of the document an answer rests on: a sentence (or a few) of one chunk, located in
 * the text the run read. `page`/`pageLabel` for paged formats (PDF), `section` (a path such as
 * "Chapter 3 > Termination") where the format has sections; null where it has none. `score` in
 * 0..1, higher is surer; lists of evidence are best first. Same shape in the app, the exports and
 * `memagent ask --json`.
 */
export const evidenceSchema = z.object({
  /** 0-based index of the chunk the passage is in. */
  chunk: z.number().int().min(0),
  /** Character offsets into the document text (end exclusive). */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** 1-based page number, and the printed label when the PDF has labels. */
  page: z.number().int().positive().nullable(),
  pageLabel: z.string().nullable(),
  section: z.string().nullable(),
  /** The passage's text, as in the document (whitespace runs collapsed). */
  quote: z.string(),
  score: z.number().min(0).max(1),
  /**
   * Who pointed at the passage: the alignment of answer and memory trail, the model's own quote
   * (found word for word in the chunk), or both (ranked first).
   */
  by: z.enum(['both', 'model', 'alignment']),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** A quote the model gave for a chunk, found in that chunk's text: offsets into the text, end exclusive. */
export const modelQuoteSchema = z.object({
  chunk: z.number().int().min(0),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type ModelQuote = z.infer<typeof modelQuoteSchema>;

/**
 * How the quote check went, counted per cited chunk: `accepted` replies had a quote found in the
 * chunk, `rejected` ones quoted only text not in it (paraphrase, another passage), `failed` ones
 * got no reply (errors after retries) or one that did not end normally (cut at max_tokens,
 * stopped by a content filter or for an unknown reason: not matched, reply-end.ts); the rest of
 * `asked` answered NONE or nothing.
 */
export const quoteCheckStatusSchema = z.object({
  asked: z.number().int().min(0),
  accepted: z.number().int().min(0),
  rejected: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type QuoteCheckStatus = z.infer<typeof quoteCheckStatusSchema>;

/** The memory after reading chunk `chunk` (0-based). */
export const memoryStateSchema = z.object({
  chunk: z.number().int(),
  memory: z.string(),
  usage: usageSchema,
  ms: z.number(),
  /** True when the reply was empty or cut by the length limit and the previous memory was kept. */
  kept: z.boolean(),
  /**
   * The reply exactly as received (thinking included), when it differs from `memory`, and always
   * for a kept state: trajectories carry what the model said, not what was kept.
   */
  reply: z.string().optional(),
});
export type MemoryState = z.infer<typeof memoryStateSchema>;

/** Kinds of failure, each turned into one clear sentence with a hint by the UI and the CLI. */
export const errorKindSchema = z.enum([
  'BadUsage',
  'NotFound',
  'Unsupported',
  'PasswordRequired',
  'WrongPassword',
  'Damaged',
  'TooLarge',
  'TimeLimit',
  'LibraryUnavailable',
  'BackendUnavailable',
  'BackendFailed',
  'BackendRejected',
  'Cancelled',
  'Internal',
]);
export type ErrorKind = z.infer<typeof errorKindSchema>;

/** An error as a value: safe to send to the renderer, print, or store. */
export const appErrorSchema = z.object({
  kind: errorKindSchema,
  message: z.string(),
  hint: z.string().optional(),
  /** Technical detail (status code, library message); shown only on request (--debug). */
  detail: z.string().optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

/**
 * A profile's last connection test as main keeps it (across restarts). Saving the profile with
 * another URL, kind, model, API version or key forgets it: it no longer says anything.
 */
export const backendTestRecordSchema = z.object({
  ok: z.boolean(),
  /** When the test ended, in ms since the epoch. */
  at: z.number(),
  latencyMs: z.number(),
  /** The model a run would use (see `ConnectionTest.model`). */
  model: z.string().optional(),
  error: appErrorSchema.optional(),
});
export type BackendTestRecord = z.infer<typeof backendTestRecordSchema>;

/** A backend as a run remembers it (`runs.backend`): never a key, and a URL without credentials or query. */
export const runBackendSchema = z.object({
  kind: backendKindSchema,
  name: z.string().max(2000),
  baseUrl: z.string().max(2000),
});
export type RunBackend = z.infer<typeof runBackendSchema>;

export const warningCodeSchema = z.enum([
  'empty-memory',
  'length-cut',
  /**
   * A memory update that did not end normally for another reason than its token limit: the
   * server stopped it (`content_filter`, `tool_calls`, an unknown finish reason) or ignored
   * max_tokens and the client cut it. The previous memory was kept, as for `length-cut`.
   */
  'memory-stopped',
  'no-answer',
  'answer-cut',
  /** The final reply did not end normally for another reason than its token limit (as `memory-stopped`). */
  'answer-stopped',
  'retry',
  'generic-model',
  'extraction',
  /** A continued run read its remaining chunks with another backend or settings ("Retry with…"). */
  'backend-changed',
  'quote-check',
]);
export type WarningCode = z.infer<typeof warningCodeSchema>;

export const runStatusSchema = z.enum([
  'queued',
  'running',
  'paused',
  'done',
  'error',
  'cancelled',
  'interrupted',
]);
export type RunStatus = z.infer<typeof runStatusSchema>;
