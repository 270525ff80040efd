// The one contract between the renderer and the main process.
// Every call is declared once here with a zod schema for its request (validated in main) and
// the TypeScript type of its response; every event from main is declared with its payload.
// The Electron preload, the IPC wrapper in main and the e2e harness are all derived from this.
import { z } from 'zod';
import { MAX_HISTORY_QUERY_CHARS, type HistoryHit } from './history.ts';
import {
  EXPORT_FORMATS,
  EXPORT_SCOPES,
  type ExportFormat,
  type ExportScope,
} from './export-formats.ts';
import { MAX_DOCUMENT_BYTES, MAX_SESSION_BYTES } from './limits.ts';
import { canonicalLocale } from './locale.ts';
import { MAX_QUESTION_CHARS } from './model.ts';
import type { RunEstimate } from './run-estimate.ts';
import type { JobView } from './jobs.ts';
import type {
  ReviewCell,
  ReviewDocument,
  ReviewListEntry,
  ReviewMatrix,
  ReviewSummary,
} from './review.ts';
import type { CheckEstimate, CheckSnapshot } from './backend-check.ts';
import type { BuiltinHostInfo, DownloadSnapshot, LocalModel, ModelsList } from './models-api.ts';
// reviews (setup)
import {
  CHECKLIST_FILE_FORMATS,
  MAX_REVIEW_DOCUMENTS,
  checklistNameSchema,
  checklistQuestionsSchema,
  type Checklist,
  type ChecklistListing,
  type ChosenFolder,
  type ReviewAddition,
  type ChecklistTemplate,
  type ReviewEstimate,
  type ReviewStarted,
} from './review-setup.ts';
import {
  backendProfileSchema,
  documentIdSchema as documentId,
  idSchema as id,
  readingSchema,
  refusal,
  runIdSchema as runId,
  runSettingsSchema,
  textKeySchema as textKey,
} from './schemas.ts';
import type {
  AppSettings,
  ConnectionTest,
  DocumentView,
  RenderedPage,
  SessionImport,
  TextRect,
} from './api-payloads.ts';
import type {
  AppError,
  BackendProfile,
  DocumentInfo,
  DocumentRunCounts,
  OcrLanguage,
  RunEvent,
  RunSnapshot,
  RunSummary,
} from './model.ts';

// The payload types of calls are in api-payloads.ts; they are part of this contract.
export type {
  AppSettings,
  BackendTestRecord,
  ConnectionTest,
  DocumentView,
  FilePurpose,
  RenderedPage,
  SessionImport,
  TextRect,
} from './api-payloads.ts';

/** Where a backend check takes its text from (shared/backend-check.ts). */
const checkSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bundled') }),
  z.object({ kind: z.literal('document'), documentId }),
]);

/** Most documents and questions one `jobs:start` takes (a review is a job of its own). */
export const MAX_JOB_DOCUMENTS = 200;
export const MAX_JOB_QUESTIONS = 50;

/** The reports of a review the app saves (reviews (table)); core's REVIEW_FORMATS. */
export const REVIEW_REPORT_FORMATS = ['html', 'pdf', 'csv', 'xlsx', 'json'] as const;

/** The locale a window shows a review's answers in (its UI's: shared/locale.ts). */
const locale = z
  .string()
  .refine((tag) => canonicalLocale(tag) !== undefined, 'Not a locale tag (BCP 47).');

/** A result that may fail with an error value (errors cross IPC as values, not exceptions). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Every request → response call. `request` schemas are checked in main before use. */
export const calls = {
  /**
   * Shows the file dialog only and returns the chosen path (null if cancelled), so the renderer
   * can open it with `documents:open` and reopen it with a password when the PDF is encrypted.
   */
  'documents:choose-path': {
    request: z.object({
      /**
       * What the dialog is for: its title and file filters (default: a document to open). The
       * path it returns may be used for that purpose only, by this window (see docs/electron.md).
       */
      purpose: z.enum(['document', 'ocr-language', 'session', 'checklist']).optional(),
    }),
  },
  /**
   * The Open dialog with several files allowed; the chosen paths (none if cancelled), each of
   * which this window may then open with `documents:open`, as a `documents:choose-path` answer.
   */
  'documents:choose-paths': { request: z.object({}) },
  /**
   * A folder dialog; main lists the folder's documents (not its subfolders) and this window may
   * open each listed file with `documents:open`, and list the folder again with
   * `documents:list-folder` while it is open. Null if cancelled.
   */
  'documents:choose-folder': { request: z.object({}) },
  /**
   * Lists again a folder this window chose with `documents:choose-folder` (any other path is
   * refused), with or without its subfolders ("Include subfolders"); each listed file may then be
   * opened with `documents:open`.
   */
  'documents:list-folder': {
    request: z.object({ folder: z.string().min(1).max(4096), recursive: z.boolean() }),
  },
  'documents:open': {
    request: z.object({
      path: z.string().min(1).max(4096),
      password: z.string().max(1024).optional(),
    }),
  },
  'documents:open-bytes': {
    request: z.object({
      name: z.string().min(1).max(1024),
      // Refused here, before the handler hashes or copies the bytes.
      data: z
        .instanceof(Uint8Array)
        .refine(
          (data) => data.byteLength <= MAX_DOCUMENT_BYTES,
          refusal(
            'TooLarge',
            `This file is too large to read (the limit is ${MAX_DOCUMENT_BYTES / 2 ** 20} MB).`,
            'Split the document into smaller files.',
          ),
        ),
      password: z.string().max(1024).optional(),
    }),
  },
  'documents:list': { request: z.object({}) },
  /** The document's current text, or with `textKey` the text an earlier run read. */
  'documents:get': { request: z.object({ documentId, textKey: textKey.optional() }) },
  'documents:remove': { request: z.object({ documentId }) },
  /**
   * Reads a PDF again with other OCR settings (from its file, which must still have the same
   * bytes); progress arrives as `document:progress`. Earlier runs keep the text they read.
   */
  'documents:reread': {
    request: z.object({ documentId, reading: readingSchema }),
  },
  /**
   * A PDF page drawn by PDFium in main (the renderer never parses PDFs): RGBA pixels at `scale`
   * (1 = 72 dpi) and the page's crop box in PDF points, so geometry rectangles can be placed on
   * it. Read from the document's file, which must still have the same bytes.
   */
  'documents:render-page': {
    request: z.object({
      documentId,
      /** 1-based. */
      page: z.number().int().positive().max(1_000_000),
      scale: z.number().min(0.25).max(4),
    }),
  },
  /**
   * Where a span of a document's text is drawn: one rectangle per line it covers, in PDF points
   * of its page (y up, like the crop box). Empty for formats without geometry or text without it
   * (e.g. OCR pages of old cache entries).
   */
  'documents:text-rects': {
    request: z.object({
      documentId,
      textKey: textKey.optional(),
      start: z.number().int().min(0),
      end: z.number().int().min(0),
    }),
  },
  /**
   * DOCX, EPUB and HTML as sanitized HTML for reading (no script, no remote or embedded active
   * content, no event handlers, no styles that load anything), with `data-start`/`data-end`
   * character offsets into the extracted text on its block elements so a span can be highlighted.
   * Null for formats read as plain text (text, Markdown, PDF).
   */
  'documents:rendered-html': { request: z.object({ documentId, textKey: textKey.optional() }) },
  /** Stops an open or re-read of this document that is still extracting (it fails as Cancelled). */
  'documents:cancel-extraction': { request: z.object({ documentId }) },
  /** The OCR languages available: shipped ones and the files in the user's language folder. */
  'ocr:languages': { request: z.object({}) },
  /**
   * Copies a `.traineddata` (or `.traineddata.gz`) file the user chose into the app's OCR
   * language folder; returns the languages available afterwards. Like `documents:open`, only a
   * path the file dialog gave the window (`documents:choose-path`) is accepted.
   */
  'ocr:add-language': { request: z.object({ path: z.string().min(1).max(4096) }) },
  'runs:start': {
    request: z.object({
      documentId,
      question: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
      settings: runSettingsSchema,
      profileId: id.optional(),
    }),
  },
  /**
   * What a run would take, before it starts: chunks, token bounds, cost range (priced backends)
   * and time range (once a run on this backend and model measured its speed). Never calls the
   * model; the chunking is computed once per text, tokenizer and chunk size and kept.
   */
  'runs:estimate': {
    request: z.object({
      documentId,
      question: z.string().max(MAX_QUESTION_CHARS),
      settings: runSettingsSchema,
      profileId: id.optional(),
    }),
  },
  'runs:pause': { request: z.object({ runId }) },
  'runs:resume': { request: z.object({ runId }) },
  'runs:cancel': { request: z.object({ runId }) },
  /**
   * The user is looking at this run: if it is queued in this process, it goes ahead of the other
   * queued runs (the latest prioritised first). Nothing happens to a run that is reading, ended
   * or not this process's.
   */
  'runs:prioritise': { request: z.object({ runId }) },
  'runs:list': { request: z.object({ documentId }) },
  'runs:get': { request: z.object({ runId }) },
  /**
   * Continues a run that stopped before its answer (`interrupted` by a crash or quit, `cancelled`
   * or `error`) from its last saved memory, with the same chunking. Events go to the caller.
   */
  'runs:continue': {
    request: z.object({
      runId,
      /**
       * "Retry with…": another backend profile for the rest of the run, and/or other settings.
       * When the chunking comes out the same, the memories already read are kept; otherwise the
       * run starts over from chunk 1 and says so in a warning.
       */
      profileId: id.optional(),
      settings: runSettingsSchema.optional(),
    }),
  },
  /** Removes a run and everything it produced from the library (cancelling it first if it is going). */
  'runs:delete': { request: z.object({ runId }) },
  /** Per document: how many questions, and how many runs are reading, failed or done. */
  'runs:counts': { request: z.object({}) },
  // reviews (table): the list, a review's table, reading cells again and its reports; the
  // table's cells arrive as `review:cells`. (Making a review and checklists are their own block.)
  /** Every review in the library, newest first, with its counts. */
  'reviews:list': { request: z.object({}) },
  /**
   * A review as one table (shared/review.ts), read from its stored runs; nothing recomputed.
   * Dates and amounts are shown in `locale` (default en-GB); its pushes use the same.
   */
  'reviews:get': { request: z.object({ reviewId: id, locale: locale.optional() }) },
  /**
   * Reads a cell, a row (a document) or a column (a question) again: a new run per cell, with
   * the backend and settings it was read with; the earlier reading stays in the cell's history.
   * A cell being read is refused. The review is driven by this app (its job) until it ends.
   */
  'reviews:rerun': {
    request: z.object({
      reviewId: id,
      target: z.union([
        z.object({ documentId, questionId: id }),
        z.object({ documentId }),
        z.object({ questionId: id }),
      ]),
    }),
  },
  /**
   * Saves a report of the review (exportReviewAs) where the user chooses, its answers shown in
   * `locale` as the table shows them; null if cancelled.
   */
  'reviews:export': {
    request: z.object({
      reviewId: id,
      format: z.enum(REVIEW_REPORT_FORMATS),
      locale: locale.optional(),
    }),
  },
  /** The library's jobs (questions asked together, evaluations, reviews), newest first. */
  'jobs:list': { request: z.object({}) },
  /**
   * Asks every question about every document as one stored job (kind `questions`), driven by
   * this app a few runs at a time on the backend's limit; it survives a crash as one job that
   * `jobs:continue` picks up. Run events go to the caller; `job:updated` to every window.
   */
  'jobs:start': {
    request: z.object({
      documentIds: z.array(documentId).min(1).max(MAX_JOB_DOCUMENTS),
      questions: z
        .array(z.string().trim().min(1).max(MAX_QUESTION_CHARS))
        .min(1)
        .max(MAX_JOB_QUESTIONS),
      settings: runSettingsSchema,
      profileId: id.optional(),
    }),
  },
  /** Pauses a job this app drives: its runs stop at their next chunk, no more start. */
  'jobs:pause': { request: z.object({ jobId: id }) },
  'jobs:resume': { request: z.object({ jobId: id }) },
  /** Cancels a job: its reading runs stop, its waiting ones never start. */
  'jobs:cancel': { request: z.object({ jobId: id }) },
  /**
   * Continues a job that stopped with questions left (interrupted by a crash or quit, cancelled,
   * failed): its runs from their last saved memories, none that is done, with the job's backend
   * profile while it exists, else the active one.
   */
  'jobs:continue': { request: z.object({ jobId: id }) },
  /**
   * Searches every document's questions, answers and memory states for `text`, literally and in
   * any case (history-search.ts): runs newest first, each with where it matched.
   */
  'history:search': {
    request: z.object({
      text: z.string().max(MAX_HISTORY_QUERY_CHARS),
      documentId: documentId.optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
  },
  'settings:get': { request: z.object({}) },
  'settings:save-profile': {
    request: z.object({
      profile: backendProfileSchema,
      /** Write-only: undefined keeps the stored key, '' removes it. */
      apiKey: z.string().max(10_000).optional(),
    }),
  },
  'settings:delete-profile': { request: z.object({ profileId: id }) },
  'settings:set-active-profile': { request: z.object({ profileId: id }) },
  'settings:set-defaults': { request: z.object({ defaults: runSettingsSchema }) },
  /**
   * Lists the server's models; the result is kept as the profile's last test (`lastTests`).
   * `quick`: a reachability check with a short timeout (the Ask screen's, before a question).
   */
  'backend:test': { request: z.object({ profileId: id, quick: z.boolean().optional() }) },
  'settings:set-cost-limit': {
    request: z.object({ costConfirmAbove: z.number().min(0).max(1_000_000) }),
  },
  'export:session': {
    request: z.object({
      documentId,
      /** The runs to export, oldest first; all of the document's when absent. */
      runIds: z.array(runId).max(10_000).optional(),
      format: z.enum(EXPORT_FORMATS),
      /** What the runs are (titles and file names follow it); inferred from runIds when absent. */
      scope: z.enum(EXPORT_SCOPES).optional(),
    }),
  },
  /**
   * Imports a session export (JSON) into the library: a file the dialog gave the window
   * (`documents:choose-path` with purpose `session`), or a dropped file's bytes. Importing the
   * same session again adds nothing; a run id the library holds with other content is left alone.
   */
  'sessions:import': {
    request: z.union([
      z.object({ path: z.string().min(1).max(4096) }),
      z.object({
        name: z.string().min(1).max(1024),
        data: z
          .instanceof(Uint8Array)
          .refine(
            (data) => data.byteLength <= MAX_SESSION_BYTES,
            refusal(
              'TooLarge',
              `This session file is too large to import (the limit is ${MAX_SESSION_BYTES / 2 ** 20} MB).`,
              'Export fewer questions at a time: one question, or one document.',
            ),
          ),
      }),
    ]),
  },
  /** Opens a file this window's export just saved, or shows it in its folder; nothing else. */
  'export:open-saved': {
    request: z.object({ path: z.string().max(4096), show: z.enum(['file', 'folder']) }),
  },
  'shell:open-external': { request: z.object({ url: z.string().max(4096) }) },
  /**
   * "Check this backend": what the check of a profile will read and cost, before it starts.
   * Builds the check's set (eight generated rows) from the source; never calls the model.
   */
  'check:estimate': { request: z.object({ profileId: id, source: checkSourceSchema }) },
  /**
   * Starts the check (one at a time in the app); progress and the end arrive as `check:event`.
   * Nothing is added to the library but the profile's last check (its results).
   */
  'check:start': { request: z.object({ profileId: id, source: checkSourceSchema }) },
  /** Stops the running check; the rows that ended are kept as a partial result. */
  'check:cancel': { request: z.object({}) },
  /** The running check (a late window's snapshot) and the last check of each profile. */
  'check:status': { request: z.object({}) },
  /** The built-in backend's model files, downloads and the folder they go to. */
  'models:list': { request: z.object({}) },
  /** Shows main's open dialog for a GGUF file and records it by reference; null if cancelled. */
  'models:add-file': { request: z.object({}) },
  /** Forgets a model: a downloaded file is deleted, an added one left where it is. */
  'models:remove': { request: z.object({ id: z.string().min(1).max(500) }) },
  /**
   * Starts (or resumes) downloading a catalogue id or an `hf:` URI; progress comes as
   * `models:download` events. `useWhenDone`: then create a built-in backend and make it active.
   */
  'models:download': {
    request: z.object({
      reference: z
        .string()
        .trim()
        .min(1, 'Enter a catalogue model or an hf: address.')
        .max(1000)
        .refine(
          (r) => !/^(\/|[a-z]:\\|\.|~)/i.test(r) && !/^https?:/i.test(r),
          refusal(
            'BadUsage',
            'Enter a catalogue model or an hf: address (hf:owner/repo/file.gguf).',
            'To use a file already on this computer, choose “Add a model file…”.',
          ),
        ),
      useWhenDone: z.boolean().optional(),
    }),
  },
  'models:pause': { request: z.object({ reference: z.string().min(1).max(1000) }) },
  'models:cancel': { request: z.object({ reference: z.string().min(1).max(1000) }) },
  /** Where the loaded model of a built-in backend runs; null while it is not loaded. */
  'models:host-info': { request: z.object({ profileId: id }) },
  /**
   * Makes the built-in backend read with model `id` (one of the models on this computer) and makes
   * it the active backend: the built-in profile of that file, else a new one that keeps the
   * GPU and thread choices of the built-in backend in use.
   */
  'models:use': { request: z.object({ id: z.string().min(1).max(500) }) },
  // reviews (setup): checklists kept in the library, and starting a review (shared/review-setup.ts)
  'checklists:list': { request: z.object({}) },
  'checklists:get': { request: z.object({ checklistId: id }) },
  /** Stores a new checklist (no id) or replaces the name and questions of the one with its id. */
  'checklists:save': {
    request: z.object({
      checklist: z.object({
        id: id.optional(),
        name: checklistNameSchema,
        questions: checklistQuestionsSchema,
      }),
    }),
  },
  'checklists:rename': { request: z.object({ checklistId: id, name: checklistNameSchema }) },
  /** Returns the deleted checklist, so the window can offer to put it back (Undo). */
  'checklists:delete': { request: z.object({ checklistId: id }) },
  /** A copy named `name`, else "NAME (copy)". */
  'checklists:duplicate': {
    request: z.object({ checklistId: id, name: checklistNameSchema.optional() }),
  },
  /**
   * Reads a checklist file (.txt, .csv, .json, .yaml) the dialog gave the window
   * (`documents:choose-path` with purpose `checklist`) into the library, under its name or
   * "NAME (2)" when the library has one so named.
   */
  'checklists:import': { request: z.object({ path: z.string().min(1).max(4096) }) },
  /** Writes the checklist to a file chosen in the save dialog; null if cancelled. */
  'checklists:export': {
    request: z.object({ checklistId: id, format: z.enum(CHECKLIST_FILE_FORMATS) }),
  },
  /** The checklists the app ships, to start from. */
  'checklists:templates': { request: z.object({}) },
  /**
   * What a review of these documents × questions will take, before it starts: every cell's run
   * estimate added up (chunks per document from the chunking runs share). Never calls the model.
   */
  'reviews:estimate': {
    request: z.object({
      documentIds: z.array(documentId).min(1).max(MAX_REVIEW_DOCUMENTS),
      questions: checklistQuestionsSchema,
      settings: runSettingsSchema,
      profileId: id.optional(),
    }),
  },
  /** Stores the review (a job of one queued run per cell) and starts reading it in this app. */
  'reviews:create': {
    request: z.object({
      title: z.string().trim().max(300).optional(),
      checklist: z.object({
        id: id.optional(),
        name: checklistNameSchema,
        questions: checklistQuestionsSchema,
      }),
      documentIds: z.array(documentId).min(1).max(MAX_REVIEW_DOCUMENTS),
      settings: runSettingsSchema,
      profileId: id.optional(),
    }),
  },
  /**
   * What adding documents (rows) or questions (columns) to a review will take: the new cells
   * only, at the review's backend and run settings. Never calls the model.
   */
  'reviews:estimate-add': {
    request: z.object({
      reviewId: id,
      add: z.union([
        z.object({ documentIds: z.array(documentId).min(1).max(MAX_REVIEW_DOCUMENTS) }),
        z.object({ questions: checklistQuestionsSchema }),
      ]),
    }),
  },
  /** Adds documents (rows) to a review: only the new cells are read. */
  'reviews:add-documents': {
    request: z.object({
      reviewId: id,
      documentIds: z.array(documentId).min(1).max(MAX_REVIEW_DOCUMENTS),
    }),
  },
  /** Adds questions (columns) to a review: only the new cells are read. */
  'reviews:add-questions': {
    request: z.object({ reviewId: id, questions: checklistQuestionsSchema }),
  },
  // end of reviews (setup)
} as const;

/** Response type of each call (always a `Result`, so failures are values). */
export interface CallResponses {
  'documents:choose-path': Result<string | null>;
  'documents:choose-paths': Result<string[]>;
  'documents:choose-folder': Result<ChosenFolder | null>;
  'documents:list-folder': Result<ChosenFolder>;
  'documents:open': Result<DocumentInfo>;
  'documents:open-bytes': Result<DocumentInfo>;
  'documents:list': Result<DocumentInfo[]>;
  'documents:get': Result<DocumentView>;
  'documents:remove': Result<null>;
  'documents:reread': Result<DocumentInfo>;
  'documents:cancel-extraction': Result<null>;
  'documents:render-page': Result<RenderedPage>;
  'documents:text-rects': Result<TextRect[]>;
  'documents:rendered-html': Result<string | null>;
  'ocr:languages': Result<OcrLanguage[]>;
  'ocr:add-language': Result<OcrLanguage[]>;
  'runs:start': Result<RunSummary>;
  'runs:estimate': Result<RunEstimate>;
  'runs:pause': Result<null>;
  'runs:resume': Result<null>;
  'runs:cancel': Result<null>;
  'runs:prioritise': Result<null>;
  'runs:list': Result<RunSummary[]>;
  'runs:get': Result<RunSnapshot>;
  'runs:continue': Result<RunSummary>;
  'runs:delete': Result<null>;
  'runs:counts': Result<DocumentRunCounts[]>;
  // reviews (table)
  'reviews:list': Result<ReviewListEntry[]>;
  'reviews:get': Result<ReviewMatrix>;
  /** The new runs' ids, in the table's order. */
  'reviews:rerun': Result<string[]>;
  'reviews:export': Result<{ path: string } | null>;
  'jobs:list': Result<JobView[]>;
  'jobs:start': Result<JobView>;
  'jobs:pause': Result<null>;
  'jobs:resume': Result<null>;
  'jobs:cancel': Result<null>;
  'jobs:continue': Result<JobView>;
  'history:search': Result<HistoryHit[]>;
  'settings:get': Result<AppSettings>;
  'settings:save-profile': Result<BackendProfile>;
  'settings:delete-profile': Result<null>;
  'settings:set-active-profile': Result<null>;
  'settings:set-defaults': Result<null>;
  'settings:set-cost-limit': Result<null>;
  'backend:test': Result<ConnectionTest>;
  /** `notes`: runs left out of the file, and why (a trajectory needs the text a run read). */
  'export:session': Result<{ path: string; notes?: string[] } | null>;
  'sessions:import': Result<SessionImport>;
  'export:open-saved': Result<null>;
  'shell:open-external': Result<null>;
  'check:estimate': Result<CheckEstimate>;
  'check:start': Result<CheckSnapshot>;
  'check:cancel': Result<null>;
  'check:status': Result<{ current: CheckSnapshot | null; last: Record<string, CheckSnapshot> }>;
  'models:list': Result<ModelsList>;
  'models:add-file': Result<LocalModel | null>;
  'models:remove': Result<{ deletedFile: boolean }>;
  'models:download': Result<DownloadSnapshot>;
  'models:pause': Result<null>;
  'models:cancel': Result<null>;
  'models:host-info': Result<BuiltinHostInfo | null>;
  'models:use': Result<{ profileId: string }>;
  // reviews (setup)
  'checklists:list': Result<ChecklistListing[]>;
  'checklists:get': Result<Checklist>;
  'checklists:save': Result<Checklist>;
  'checklists:rename': Result<null>;
  'checklists:delete': Result<Checklist>;
  'checklists:duplicate': Result<Checklist>;
  'checklists:import': Result<Checklist>;
  'checklists:export': Result<{ path: string } | null>;
  'checklists:templates': Result<ChecklistTemplate[]>;
  'reviews:estimate': Result<ReviewEstimate>;
  'reviews:create': Result<ReviewStarted>;
  'reviews:estimate-add': Result<ReviewAddition>;
  'reviews:add-documents': Result<ReviewStarted>;
  'reviews:add-questions': Result<ReviewStarted>;
  // end of reviews (setup)
}

export type CallName = keyof typeof calls;
export type CallRequest<K extends CallName> = z.input<(typeof calls)[K]['request']>;
export type CallResponse<K extends CallName> = CallResponses[K];

/** Events from main to the renderer, each with its payload. */
export interface Events {
  /** A run's event, numbered per run so a snapshot (`RunSnapshot.seq`) and events can be merged. */
  'run:event': { seq: number; event: RunEvent };
  /** Progress of extracting or tokenizing a document being opened. */
  'document:progress': {
    name: string;
    /** `recognising`: extracting, with OCR running on some pages (slower: seconds a page). */
    stage: 'reading' | 'extracting' | 'recognising' | 'tokenizing';
    done: number;
    total: number;
    /** Set once the document is known (always for `tokenizing`). */
    documentId?: string;
  };
  /**
   * reviews (table): cells of a review that changed (a run read a chunk, ended, was re-read or
   * deleted), with the review's summary; a few times a second at most, to every window. With
   * `documents` when the review's rows changed (a document removed from the library): the rows
   * it has now, the cells of any other row gone.
   */
  'review:cells': { review: ReviewSummary; cells: ReviewCell[]; documents?: ReviewDocument[] };
  /** A job's state or counts changed (a run of it ended, it was paused ...); to every window. */
  'job:updated': JobView;
  /** A library entry changed (e.g. its token count became known); sent to every window. */
  'document:updated': DocumentInfo;
  /** The running backend check after each row, and once when it ends (to the window that started it). */
  'check:event': CheckSnapshot;
  /** A model download's state (throttled while bytes arrive); sent to every window. */
  'models:download': DownloadSnapshot;
  /** An application-menu command for the renderer to carry out. */
  'menu:command': {
    command: 'open' | 'export' | 'import' | 'settings' | 'open-recent' | 'shortcuts';
    documentId?: string;
    /** export: the format (else the one chosen in the app's export controls). */
    format?: ExportFormat;
    /** export: the selected run, its question's runs, or the document's session (default). */
    scope?: ExportScope;
  };
}

export type EventName = keyof Events;

/** Every event name, once each: `satisfies` makes the compiler refuse a missing or unknown one. */
const EVENT_NAMES = {
  'run:event': true,
  'document:progress': true,
  'document:updated': true,
  'job:updated': true,
  'review:cells': true,
  'menu:command': true,
  'check:event': true,
  'models:download': true,
} as const satisfies Record<EventName, true>;

export const eventNames = Object.keys(EVENT_NAMES) as readonly EventName[];

/** Who is calling: the IPC wrapper passes the sender's id (a window), so run events go back only to it. */
export interface CallContext {
  senderId: string;
}

/** Handlers main registers: one function per call, derived from the contract. */
export type CallHandlers = {
  [K in CallName]: (
    request: z.output<(typeof calls)[K]['request']>,
    ctx: CallContext,
  ) => Promise<CallResponse<K>>;
};

/** A file dropped on the window (a DOM `File`; shared/ sees no DOM types). */
export interface DroppedFile {
  readonly name: string;
}

/**
 * The object the preload exposes as `window.memagent` (and the e2e harness imitates): one
 * typed `invoke` over the calls above and one `on` over the events, returning a disposer.
 * Both sides take their types from here, so the renderer's view cannot drift from main's.
 */
export interface MemagentBridge {
  invoke<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>>;
  on<E extends EventName>(name: E, listener: (payload: Events[E]) => void): () => void;
  /**
   * The path of a file the user dropped on the window, granted to this window to open as a
   * document once (`documents:open`, checked there as any chosen path); null when the file has
   * no path (dropped from a browser or an archive: only its bytes exist). The page cannot name
   * a path here: it hands over the `File` it was given, and the preload asks Electron where that
   * file is (a `File` the page made itself has no path).
   */
  pathOfDropped(file: DroppedFile): Promise<string | null>;
}
