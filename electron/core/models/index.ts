// The built-in model's files: what the rest of the app (the builtin backend, the CLI, the
// settings screen) calls. Catalogue in shared/model-catalogue.ts; docs in docs/models.md.
export { describeSource, resolveModel } from './resolve.ts';
export type { ResolveModelOptions, ResolvedModel } from './resolve.ts';
export { modelsDirIn, openModelStore } from './model-store.ts';
export type { ModelListing, ModelRecord, ModelSource, ModelStore } from './model-store.ts';
export { ModelDownload } from './download.ts';
export type { DownloadEvent, DownloadProgress, DownloadResult } from './download.ts';
export { checkGgufFile } from './gguf.ts';
export { hfAccessFromEnv } from './hf.ts';
export type { HfAccess } from './hf.ts';
export { parseModelReference } from './model-ref.ts';
export type { ModelReference } from './model-ref.ts';
