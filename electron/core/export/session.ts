import type {
  AppError,
  BackendKind,
  ChunkInfo,
  DocumentInfo,
  DocumentText,
  Evidence,
  QuoteCheckStatus,
  RunOrigin,
  RunSettings,
  RunStatus,
  RunSummary,
  Usage,
  WarningCode,
} from '../../../shared/model.ts';
import { answerCutPhrase } from '../../../shared/answer-cut.ts';
import { CUT_EVIDENCE } from '../../../shared/evidence-cut.ts';
import { runState, type RunState } from '../../../shared/run-state.ts';
import type { ExportScope } from '../../../shared/export-formats.ts';
import { formatRanges } from '../documents/pdf-assemble.ts';
import { CoreError } from '../errors.ts';
import { estimateCost } from '../llm/cost.ts';
import { displayUrl } from '../redact.ts';
import type { Store } from '../store/store.ts';
import { readTransaction } from '../store/write-transaction.ts';

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

/**
 * What every export says under an answer whose final reply did not end normally: cut at its
 * token limit, or stopped for another reason (its `answer-stopped` warning says which).
 */
export function cutNote(run: Pick<ExportedRun, 'warnings'>): string {
  const phrase = answerCutPhrase(run.warnings);
  return `Incomplete: ${phrase}, so this answer may be missing or partial.`;
}

/**
 * The passages to cite under a run's answer (none without an answer), the sentence every export
 * says when they were searched and nothing supports the answer with confidence, and, for a cut
 * answer, the label every view puts over its passages.
 */
export function citedEvidence(run: ExportedRun): {
  cited: Evidence[];
  none?: string;
  note?: string;
} {
  if (run.answer === null) return { cited: [] };
  const cited = run.evidence ?? [];
  if (run.evidence !== undefined && cited.length === 0)
    return {
      cited,
      none: 'No passage of the document was found with confidence for this answer: see the memory after each chunk.',
    };
  return run.answerCut && cited.length > 0 ? { cited, note: CUT_EVIDENCE } : { cited };
}

export interface ExportedRun {
  id: string;
  question: string;
  status: RunStatus;
  /**
   * What the run came to, in the app's terms (shared/run-state.ts): `no-answer` for a finished
   * run with no extractable answer, `cut` for an incomplete one. Derived for readers of the file
   * (written since issue 25); an import derives it again and ignores this.
   */
  state?: RunState;
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
  /** Why the run stopped, when it failed (version 2). */
  error?: Pick<AppError, 'kind' | 'message' | 'hint'>;
  /** Where the run was made: the app, `memagent ask`, or an import (version 2). */
  origin?: RunOrigin;
  /**
   * The passages the answer rests on, best first (empty: none found with confidence, or no
   * complete answer). Absent when the exporter did not have the text the run read.
   */
  evidence?: Evidence[];
  /** The quote check's counts, when the model was asked to quote its sources. */
  quoteCheck?: QuoteCheckStatus;
  memories: ExportedMemory[];
}

export type { ExportScope } from '../../../shared/export-formats.ts';

/**
 * A document's Q&A session as exported (JSON as is; Markdown, HTML and PDF render it). Version 2
 * added, and only added, `scope`, `ExportedRun.error` and `ExportedRun.origin`; an importer of
 * version 1 reads version 2 by ignoring them.
 */
export interface SessionExport {
  format: 'memagent-session';
  version: 1 | 2;
  exportedAt: string;
  /** What was chosen for export (version 2; absent in version 1, which was always a document). */
  scope?: ExportScope;
  document: Pick<
    DocumentInfo,
    | 'id'
    | 'fileName'
    | 'title'
    | 'format'
    | 'chars'
    | 'pageCount'
    | 'tokenCount'
    | 'tokenizer'
    | 'ocrPageCount'
  > & {
    /** The pages OCR read, with their confidence, when the exporter had the document's text. */
    ocrPages?: DocumentText['ocrPages'];
  };
  runs: ExportedRun[];
}

/** Ranges listed before "and others" in the OCR note: a scattered list must stay one line. */
const MAX_OCR_RANGES = 10;

/**
 * What every export says in its document header when pages were read by OCR: "Pages 1-12
 * were read by OCR (confidence 88-96%): check quotes against the original." With only the
 * count known: "12 pages were read by OCR: ...". Undefined when no page was.
 */
export function ocrNote(document: SessionExport['document']): string | undefined {
  const check = 'check quotes against the original.';
  const pages = [...(document.ocrPages ?? [])].sort((a, b) => a.page - b.page);
  if (pages.length === 0) {
    const count = document.ocrPageCount ?? 0;
    if (count === 0) return undefined;
    return `${count} ${count === 1 ? 'page was' : 'pages were'} read by OCR: ${check}`;
  }
  const ranges = formatRanges(pages.map((p) => p.page)).split(', ');
  const listed =
    ranges.length <= MAX_OCR_RANGES
      ? ranges.join(', ')
      : `${ranges.slice(0, MAX_OCR_RANGES).join(', ')} and others (${pages.length} in all)`;
  // Folded, not Math.min(...list): a document's pages may be more than a call's arguments.
  let low = Infinity;
  let high = -Infinity;
  for (const p of pages) {
    low = Math.min(low, Math.round(p.confidence));
    high = Math.max(high, Math.round(p.confidence));
  }
  const confidence = low === high ? `${low}%` : `${low}-${high}%`;
  const many = pages.length > 1;
  return `${many ? 'Pages' : 'Page'} ${listed} ${many ? 'were' : 'was'} read by OCR (confidence ${confidence}): ${check}`;
}

/**
 * A document's runs to export: all, oldest first, or `runIds` in that order (each must be the
 * document's).
 */
export function selectedRuns(
  store: Store,
  documentId: string,
  runIds: readonly string[] | undefined,
): RunSummary[] {
  if (runIds === undefined) return store.runs.listByDocument(documentId).reverse();
  return runIds.map((id) => {
    const run = store.runs.get(id);
    // Gone is not foreign: a run (or its document) deleted while the export was being made is
    // said to be deleted, and only a run of another document "does not belong".
    if (!store.documents.get(documentId)) throw documentGone();
    if (!run)
      throw new CoreError('NotFound', 'A run to export is not in the library any more.', {
        hint: 'It was deleted while the export was being made; export what is left.',
      });
    if (run.documentId !== documentId)
      throw new CoreError('NotFound', 'A run to export does not belong to this document.');
    return run;
  });
}

/**
 * Collects a document's runs (all, or `runIds` in that order) from the library for export.
 * API keys are not in the library, and backend URLs lose any user name, password or query.
 * `text`: the document's extracted text when the caller has it, for the pages OCR read (the
 * library keeps only their count). The passages each answer rests on are those stored with
 * the run: no run's text is needed.
 */
export function buildSessionExport(
  store: Store,
  documentId: string,
  runIds: readonly string[] | undefined,
  now: number,
  text?: Pick<DocumentText, 'ocrPages'>,
  scope: ExportScope = runIds === undefined ? 'document' : runIds.length === 1 ? 'run' : 'question',
): SessionExport {
  // One read transaction: a snapshot of the library, so a run deleted by another process (the
  // app, another memagent) meanwhile is either wholly in the export or wholly out of it.
  return readTransaction(store.db, () => sessionOf(store, documentId, runIds, now, text, scope))();
}

/** The document gone from the library: what every export of it says. */
export const documentGone = () =>
  new CoreError('NotFound', 'This document is not in the library any more.');

function sessionOf(
  store: Store,
  documentId: string,
  runIds: readonly string[] | undefined,
  now: number,
  text: Pick<DocumentText, 'ocrPages'> | undefined,
  scope: ExportScope,
): SessionExport {
  const info = store.documents.get(documentId);
  if (!info) throw documentGone();
  const summaries = selectedRuns(store, documentId, runIds);
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
  if (info.ocrPageCount !== undefined) document.ocrPageCount = info.ocrPageCount;
  if (text?.ocrPages !== undefined && text.ocrPages.length > 0) {
    document.ocrPages = text.ocrPages;
    document.ocrPageCount ??= text.ocrPages.length;
  }

  const runs = summaries.map((run): ExportedRun => {
    const chunks = store.runs.chunks(run.id);
    const answer = store.runs.answer(run.id);
    const memories = store.runs.memories(run.id);
    const profile = run.profileId === undefined ? undefined : store.settings.profile(run.profileId);
    let row = 0;
    const exported: ExportedRun = {
      id: run.id,
      question: run.question,
      status: run.status,
      state: runState({
        status: run.status,
        answer: answer?.answer ?? null,
        answerCut: answer?.cut,
      }),
      answer: answer?.answer ?? null,
      answerCut: answer?.cut ?? false,
      response: answer?.response ?? null,
      model: run.model ?? null,
      // A profile the app still has, else the backend the run remembers (the command line's).
      backend: profile
        ? { name: profile.name, kind: profile.kind, baseUrl: displayUrl(profile.baseUrl) }
        : run.backend
          ? { ...run.backend, baseUrl: displayUrl(run.backend.baseUrl) }
          : null,
      settings: run.settings,
      usage: run.usage,
      createdAt: new Date(run.createdAt).toISOString(),
      finishedAt: run.finishedAt === undefined ? null : new Date(run.finishedAt).toISOString(),
      chunkCount: run.chunkCount,
      warnings: store.runs.warnings(run.id),
      origin: run.origin,
      memories: memories.map((m) => {
        // By index, not position: an imported run has rows for the chunks it read only.
        while (row < chunks.length && (chunks[row]?.index ?? 0) < m.chunk) row += 1;
        const chunk = chunks[row]?.index === m.chunk ? chunks[row] : undefined;
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
    if (run.error !== undefined) {
      const { kind, message, hint } = run.error;
      exported.error = hint === undefined ? { kind, message } : { kind, message, hint };
    }
    const quoteCheck = store.quotes.get(run.id);
    if (quoteCheck !== undefined) exported.quoteCheck = quoteCheck.check;
    const cost = profile ? estimateCost(run.usage, profile) : undefined;
    if (cost !== undefined) exported.cost = cost;
    // Found once when the run ended (or brought by an import), read here: no text is needed.
    const evidence = store.runs.evidence(run.id);
    if (evidence !== undefined) exported.evidence = evidence;
    return exported;
  });
  return {
    format: 'memagent-session',
    version: 2,
    exportedAt: new Date(now).toISOString(),
    scope,
    document,
    runs,
  };
}
