import type {
  BackendKind,
  ChunkInfo,
  DocumentInfo,
  RunSettings,
  RunStatus,
  Usage,
  WarningCode,
} from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { estimateCost } from '../llm/cost.ts';
import { displayUrl } from '../llm/redact.ts';
import type { Store } from '../store/store.ts';

/** One memory state in an export, with where its chunk is in the document. */
export interface ExportedMemory {
  chunk: number;
  pages?: ChunkInfo['pages'];
  section?: string;
  tokens?: number;
  memory: string;
  kept: boolean;
  usage: Usage;
  ms: number;
}

/** What every export says under an answer whose final reply was cut at its token limit. */
export const CUT_NOTE =
  'Incomplete: the final reply was cut at its token limit, so this answer may be missing or partial.';

export interface ExportedRun {
  id: string;
  question: string;
  status: RunStatus;
  answer: string | null;
  /** The final reply was cut at its token limit: the answer, if any, may be incomplete. */
  answerCut: boolean;
  /** The final reply in full (thinking stripped), when the run got that far. */
  response: string | null;
  model: string | null;
  /** The backend, described without its key or any credentials in its URL. */
  backend: { name: string; kind: BackendKind; baseUrl: string } | null;
  settings: RunSettings;
  usage: Usage;
  /** Estimated from the profile's prices per million tokens; absent when no price is set. */
  cost?: number;
  createdAt: string;
  finishedAt: string | null;
  chunkCount: number;
  warnings: { chunk?: number; code: WarningCode; message: string }[];
  memories: ExportedMemory[];
}

/** A document's Q&A session as exported (JSON as is; Markdown and HTML render it). */
export interface SessionExport {
  format: 'memagent-session';
  version: 1;
  exportedAt: string;
  document: Pick<
    DocumentInfo,
    'id' | 'fileName' | 'title' | 'format' | 'chars' | 'pageCount' | 'tokenCount' | 'tokenizer'
  >;
  runs: ExportedRun[];
}

/**
 * Collects a document's runs (all, or `runIds` in that order) from the library for export.
 * API keys are not in the library, and backend URLs lose any user name, password or query.
 */
export function buildSessionExport(
  store: Store,
  documentId: string,
  runIds: readonly string[] | undefined,
  now: number,
): SessionExport {
  const info = store.documents.get(documentId);
  if (!info) throw new CoreError('NotFound', 'This document is not in the library any more.');
  const summaries =
    runIds === undefined
      ? store.runs.listByDocument(documentId).reverse()
      : runIds.map((id) => {
          const run = store.runs.get(id);
          if (!run || run.documentId !== documentId)
            throw new CoreError('NotFound', 'A run to export does not belong to this document.');
          return run;
        });
  const document: SessionExport['document'] = {
    id: info.id,
    fileName: info.fileName,
    title: info.title,
    format: info.format,
    chars: info.chars,
  };
  if (info.pageCount !== undefined) document.pageCount = info.pageCount;
  if (info.tokenCount !== undefined) document.tokenCount = info.tokenCount;
  if (info.tokenizer !== undefined) document.tokenizer = info.tokenizer;

  const runs = summaries.map((run): ExportedRun => {
    const chunks = store.runs.chunks(run.id);
    const answer = store.runs.answer(run.id);
    const profile = run.profileId === undefined ? undefined : store.settings.profile(run.profileId);
    const exported: ExportedRun = {
      id: run.id,
      question: run.question,
      status: run.status,
      answer: answer?.answer ?? null,
      answerCut: answer?.cut ?? false,
      response: answer?.response ?? null,
      model: run.model ?? null,
      backend: profile
        ? { name: profile.name, kind: profile.kind, baseUrl: displayUrl(profile.baseUrl) }
        : null,
      settings: run.settings,
      usage: run.usage,
      createdAt: new Date(run.createdAt).toISOString(),
      finishedAt: run.finishedAt === undefined ? null : new Date(run.finishedAt).toISOString(),
      chunkCount: run.chunkCount,
      warnings: store.runs.warnings(run.id),
      memories: store.runs.memories(run.id).map((m) => {
        const chunk = chunks[m.chunk];
        const out: ExportedMemory = {
          chunk: m.chunk,
          memory: m.memory,
          kept: m.kept,
          usage: m.usage,
          ms: m.ms,
        };
        if (chunk?.pages) out.pages = chunk.pages;
        if (chunk?.section !== undefined) out.section = chunk.section;
        if (chunk) out.tokens = chunk.tokens;
        return out;
      }),
    };
    const cost = profile ? estimateCost(run.usage, profile) : undefined;
    if (cost !== undefined) exported.cost = cost;
    return exported;
  });
  return {
    format: 'memagent-session',
    version: 1,
    exportedAt: new Date(now).toISOString(),
    document,
    runs,
  };
}
