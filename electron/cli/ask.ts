// `memagent ask`: read the document, chunk it, save it and the runs in the library (unless
// --no-save), then read every question (read-questions.ts).
import type { DocumentFormat, DocumentInfo, DocumentText, Reading } from '../../shared/model.ts';
import { plural } from '../../shared/plural.ts';
import path from 'node:path';
import { DEFAULT_MAX_BYTES } from '../core/documents/index.ts';
import { readInput } from '../core/documents/read-input.ts';
import { CoreError } from '../core/errors.ts';
import { openDocument } from '../core/use-cases/open-document.ts';
import { chunkText, openClient } from '../core/use-cases/prepare-run.ts';
import type { LibraryRunParts } from '../core/use-cases/run-parts.ts';
import type { AskOptions } from './ask-args.ts';
import { DEFAULT_COST_CONFIRM_ABOVE } from '../../shared/run-estimate.ts';
import { askCost } from './ask-cost.ts';
import { builtinResumeFlags } from './builtin-backend.ts';
import { cliClientHints, createCliRunParts, retryNote } from './cli-run-parts.ts';
import { commandProfile } from './command-profile.ts';
import type { CliContext } from './context.ts';
import { confirmCost } from './cost-confirm.ts';
import { runDryRun } from './dry-run.ts';
import { ocrSummary, readDocument } from './reading.ts';
import { openTraceFile } from './trace-file.ts';
import {
  Notes,
  readQuestions,
  shortId,
  type QuestionRun,
  type ReadQuestions,
} from './read-questions.ts';
import { runSettingsOf } from './arg-parsing.ts';
import { saveQuestions } from './questions-job.ts';
import { EXIT } from './report-error.ts';
import {
  cacheOf,
  cliJournal,
  openCliLibrary,
  resumeCommand,
  type CliLibrary,
  type LibraryChoice,
} from './saved-runs.ts';

/** `memagent ask`: extract, chunk, run every question through the scheduler, print answers. */
export async function runAsk(options: AskOptions, ctx: CliContext): Promise<number> {
  const { signal } = ctx;
  const secrets = [options.apiKey];
  const notes = new Notes(ctx.stderr);
  const trace = await openTraceFile(options.trace, (text) => notes.note(text));
  // Opened first: a library that cannot be written fails before minutes of reading.
  const library = options.library && !options.dryRun ? openForAsk(options.library) : undefined;
  const parts = createCliRunParts({ apiKey: options.apiKey, concurrency: options.concurrency });
  try {
    // A saved document is entered as the app's "Open" enters it (core/use-cases/open-document.ts):
    // known by the SHA-256 of the very bytes that are read, its text cached per reading.
    let documentId: string | undefined;
    let doc: DocumentText;
    if (library) {
      const input = await readInput({ path: options.file }, DEFAULT_MAX_BYTES);
      const opened = await openDocument(
        { store: library.store, texts: cacheOf(library), now: Date.now },
        {
          bytes: input.bytes,
          name: path.basename(options.file),
          path: options.file,
          reading: options.reading,
          extract: () => readDocument(options, ctx, input),
        },
      );
      documentId = opened.info.id;
      doc = opened.doc;
    } else {
      doc = await readDocument(options, ctx);
    }
    for (const w of doc.warnings) notes.note(`warning: ${w}`);
    const ocr = ocrSummary(doc);
    if (ocr !== undefined) notes.note(`note: ${ocr}`);
    if (doc.text.trim() === '') {
      throw new CoreError('Unsupported', `${options.file} contains no text to read.`, {
        hint: emptyHint(doc.format, options.reading.ocr),
      });
    }

    if (options.dryRun) {
      await runDryRun(options, doc, parts, ctx);
      return EXIT.ok;
    }

    const settings = runSettingsOf(options);
    // The connection flags as an in-memory profile, read through the app's use cases.
    const more = { quoteCheck: options.quoteCheck };
    const profile = await commandProfile(options, ctx, more);
    const { client, model } = await openClient(
      parts,
      {
        profile,
        settings,
        ...cliClientHints(options.timeoutMs, options.baseUrl),
        onRetry: (info) => notes.note(retryNote(info, secrets)),
      },
      signal,
    );
    const { chunks, tokenizerId } = await chunkText(
      parts,
      { profile, client, model, settings, textKey: documentId ?? options.file, doc },
      signal,
    );
    const tokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
    notes.note(
      `${options.file}: ${doc.text.length.toLocaleString('en-US')} characters, ${tokens.toLocaleString('en-US')} tokens (${tokenizerId}), ${chunks.length} chunks of at most ${options.chunkTokens}; model ${model}`,
    );

    // Above the cost limit, the user says so first (as `review` and the app's Ask ask); nothing
    // is saved or sent to the model before.
    const cost = await askCost(
      parts,
      { ...options, profile, client, model, settings, doc, chunks },
      signal,
    );
    const confirmed = await confirmCost(
      {
        cost,
        limit:
          options.costLimit ??
          library?.store.settings.costConfirmAbove() ??
          DEFAULT_COST_CONFIRM_ABOVE,
        yes: options.yes,
        what: options.questions.length > 1 ? 'These questions' : 'This question',
      },
      ctx,
    );
    if (!confirmed) {
      notes.note('memagent: not started; nothing was sent to the model.');
      return EXIT.interrupted;
    }

    let runs: QuestionRun[] = options.questions.map((question, i) => ({
      runId: `q${i + 1}`,
      question,
    }));
    const saving: Partial<Pick<ReadQuestions, 'journal' | 'resumeCommand' | 'job'>> = {};
    if (library && documentId !== undefined) {
      const info = library.store.documents.get(documentId) as DocumentInfo;
      const lib: LibraryRunParts = {
        ...parts,
        store: library.store,
        writer: library.writer,
        now: Date.now,
      };
      // Each run with its chunking, in one transaction: a kill leaves it resumable from chunk 1.
      // Several questions are saved as one job (core's createJob), continued as a whole.
      const saved = saveQuestions(library, lib, options.questions, {
        info,
        settings,
        profile,
        model,
        chunks,
        concurrency: options.concurrency,
        asJob: !options.builtin,
      });
      runs = saved.runs;
      if (saved.job) saving.job = saved.job;
      saving.journal = cliJournal(library, ctx.env);
      const flags = options.builtin ? builtinResumeFlags(options.builtin) : '';
      saving.resumeCommand = (runId) => resumeCommand(library.choice, runId) + flags;
      notes.note(
        `note: saving as ${saved.job ? `job ${shortId(saved.job.jobId)}, ` : ''}${plural(runs.length, 'run')} ${runs.map((r) => shortId(r.runId)).join(', ')} in ${library.choice.location.file}`,
      );
    }
    return await readQuestions(
      {
        doc,
        chunks,
        settings,
        client,
        runs,
        concurrency: options.concurrency,
        quoteCheck: options.quoteCheck,
        json: options.json,
        debug: options.debug,
        secrets,
        notes,
        trace: () => trace?.current(),
        ...saving,
      },
      ctx,
    );
  } finally {
    await parts.close();
    library?.close();
    await trace?.close();
  }
}

/** The library for `ask`, whose failure also says how to ask without one. */
function openForAsk(choice: LibraryChoice): CliLibrary {
  try {
    return openCliLibrary(choice);
  } catch (error) {
    if (!(error instanceof CoreError)) throw error;
    const hint = [error.hint, 'To ask without saving the run, pass --no-save.'].filter(Boolean);
    throw new CoreError(error.kind, error.message, {
      hint: hint.join(' '),
      ...(error.detail !== undefined ? { detail: error.detail } : {}),
      cause: error,
    });
  }
}

function emptyHint(format: DocumentFormat, ocr: Reading['ocr']): string {
  if (format !== 'pdf') return 'Choose a file with text in it.';
  if (ocr === 'off')
    return 'A scanned PDF has no text layer: leave out --ocr off to read it by OCR.';
  // `auto` recognises only pages that show images; text drawn as shapes needs every page read.
  if (ocr === 'auto')
    return 'OCR found no text on its images: check --ocr-lang, or try --ocr all-pages.';
  return 'OCR found no text either: check --ocr-lang, or the scan may be blank or too faint.';
}
