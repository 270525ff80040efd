// `memagent review FILE... --checklist LIST`: every question of the checklist asked of every
// document, each cell a MemAgent run over the whole document, stored as one review (a job) in
// the library. The same command again finds the same review (same documents, checklist and
// settings) and continues it: answered cells are kept, the others read from their saved memory.
import path from 'node:path';
import type { ChunkInfo, DocumentInfo, DocumentText } from '../../shared/model.ts';
import { plural } from '../../shared/plural.ts';
import { createDocumentTexts } from '../core/caches/document-texts.ts';
import { DEFAULT_MAX_BYTES } from '../core/documents/index.ts';
import { createOcrService } from '../core/documents/ocr-service.ts';
import { readInput } from '../core/documents/read-input.ts';
import { CoreError } from '../core/errors.ts';
import { displayUrl, redactSecrets } from '../core/redact.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import { shortJobId } from '../core/use-cases/job-claim.ts';
import { openDocument } from '../core/use-cases/open-document.ts';
import { chunkText, openClient } from '../core/use-cases/prepare-run.ts';
import { createReview } from '../core/use-cases/review-create.ts';
import { findReview } from '../core/use-cases/review-find.ts';
import { reviewKey } from '../core/use-cases/review-key.ts';
import { environmentLocale } from '../../shared/locale.ts';
import { reviewMatrix } from '../core/use-cases/review-matrix.ts';
import { runSettingsOf } from './arg-parsing.ts';
import { cliTimeoutHint, createCliRunParts, retryNote, serverProfile } from './cli-run-parts.ts';
import type { CliContext } from './context.ts';
import { readDocument } from './reading.ts';
import { EXIT } from './report-error.ts';
import type { ReviewOptions } from './review-args.ts';
import { findChecklist, type ReviewChecklist } from './review-checklist.ts';
import { driveReview } from './review-drive.ts';
import { estimateLine, estimateReview } from './review-estimate.ts';
import { writeReviewOutput } from './review-output.ts';
import { ReviewProgress } from './review-progress.ts';
import { cacheOf, openCliLibrary, type CliLibrary } from './saved-runs.ts';

/** One document of the review, opened as `ask` opens it, and its chunking for these settings. */
interface OpenedDocument {
  info: DocumentInfo;
  doc: DocumentText;
  chunks: ChunkInfo[];
}

export async function runReview(options: ReviewOptions, ctx: CliContext): Promise<number> {
  const { signal } = ctx;
  const secrets = [options.apiKey];
  const note = (text: string) => ctx.stderr.write(`${redactSecrets(text, secrets)}\n`);
  const library = openCliLibrary(options.library);
  const parts = createCliRunParts({ apiKey: options.apiKey, concurrency: options.concurrency });
  const ocr = createOcrService(options.ocrLanguageDir);
  try {
    const { store } = library;
    // The checklist first: a bad file costs no reading.
    const checklist = await findChecklist(store, options.checklist, options.checklistFile);
    const documents: OpenedDocument[] = [];
    for (const file of options.files) documents.push(await openOne(library, file, options, ctx));

    const settings = runSettingsOf(options);
    const profile = reviewProfile(options);
    const { client, model } = await openClient(
      parts,
      {
        profile,
        settings,
        timeoutHint: cliTimeoutHint(options.timeoutMs),
        onRetry: (info) => note(retryNote(info, secrets)),
      },
      signal,
    );
    for (const d of documents) {
      const textKey = d.info.textKey ?? d.info.id;
      const input = { profile, client, model, settings, textKey, doc: d.doc };
      d.chunks = (await chunkText(parts, input, signal)).chunks;
    }
    const documentIds = documents.map((d) => d.info.id);
    const key = reviewKey({ documentIds, questions: checklist.questions, settings });
    const lib = { store, writer: library.writer, now: Date.now };
    const found = findReview(store, key);
    const chunksOf = new Map(documents.map((d) => [d.info.id, d.chunks]));
    const jobId =
      found ??
      createReview(lib, {
        title: reviewTitle(checklist, documents.length),
        checklist,
        documentIds,
        profile,
        settings,
        origin: 'cli',
        model,
        chunksOf: (id) => chunksOf.get(id),
        concurrency: options.concurrency,
      });
    const short = shortJobId(jobId);
    const runs = store.jobs.runs(jobId);
    const left = runs.filter((r) => r.status !== 'done');
    note(
      found === undefined
        ? `note: review ${short} (${checklist.name}) saved in ${library.choice.location.file}; model ${model} at ${displayUrl(profile.baseUrl)}`
        : `note: continuing review ${short} (${checklist.name}): ${plural(runs.length - left.length, 'cell')} answered before, kept; ${plural(left.length, 'cell')} left`,
    );

    // What is left to read, as the ask dry-run estimates a run, summed over the cells.
    const apiKey = options.apiKey;
    const tokenizer = await parts.tokenizers.get(settings.tokenizer, {
      model,
      baseUrl: profile.baseUrl,
      ...(apiKey === undefined ? {} : { apiKey }),
    });
    const leftRuns = left.map((r) => store.runs.get(r.id)).filter((r) => r !== undefined);
    const estimate = await estimateReview(
      leftRuns.map((r) => ({ documentId: r.documentId, problem: r.question })),
      new Map(documents.map((d) => [d.info.id, d])),
      tokenizer,
      settings,
      profile,
      options.quoteCheck,
      signal,
    );
    note(estimateLine(documents.length, checklist.questions.length, estimate));
    // Several questions over one document are separate reads: say so where it costs.
    if (checklist.questions.length > 1 && left.length > 0)
      note(
        'note: each question reads each document in full (the memory is written for its question), so every cell is a read of its own.',
      );

    let paused = false;
    if (left.length > 0) {
      const savedChunks = leftRuns.reduce(
        (sum, r) => sum + Math.max(0, r.chunkCount - store.runs.memories(r.id).length),
        0,
      );
      const progress = new ReviewProgress(ctx.stderr, {
        cells: runs.length,
        doneBefore: runs.length - left.length,
        chunksLeft: savedChunks,
        prices: priced(options) ? profile : undefined,
      });
      progress.draw(true);
      const texts = createDocumentTexts({
        cacheDir: path.join(library.choice.location.dataDir, 'cache'),
        maxBytes: DEFAULT_MAX_BYTES,
        readingFor: (id, k) => store.documents.readingFor(id, k),
        ocr,
      });
      try {
        const drive = await driveReview(
          {
            library,
            parts,
            texts,
            jobId,
            profile,
            concurrency: options.concurrency,
            timeoutMs: options.timeoutMs,
            progress,
            secrets,
          },
          ctx,
        );
        paused = drive.paused;
      } finally {
        progress.finish();
      }
      const cost = progress.cost();
      if (cost !== undefined) note(`note: this reading cost about $${cost.toFixed(4)}`);
    }

    // Dates and amounts in the terminal's locale, in the table, the JSON's `display` and the
    // reports alike (`value` is locale-free); en-GB where the environment names none.
    const locale = environmentLocale(ctx.env);
    const matrix = reviewMatrix(store, jobId, locale === undefined ? {} : { locale });
    const { counts } = matrix.review;
    if (paused) {
      note(
        `memagent: review ${short} paused; ${counts.done} of ${plural(counts.cells, 'cell')} answered. To continue: ${options.continueCommand}`,
      );
      return EXIT.interrupted;
    }
    return await writeReviewOutput(matrix, options, ctx, note);
  } finally {
    await ocr.close();
    await parts.close();
    library.close();
  }
}

/** Opens FILE through the open-document use case, as `ask` does; a file with no text is refused. */
async function openOne(
  library: CliLibrary,
  file: string,
  options: ReviewOptions,
  ctx: CliContext,
): Promise<OpenedDocument> {
  const input = await readInput({ path: file }, DEFAULT_MAX_BYTES);
  const opened = await openDocument(
    { store: library.store, texts: cacheOf(library), now: Date.now },
    {
      bytes: input.bytes,
      name: path.basename(file),
      path: file,
      reading: options.reading,
      extract: () => readDocument({ ...options, file }, ctx, input),
    },
  );
  for (const w of opened.doc.warnings) ctx.stderr.write(`warning: ${path.basename(file)}: ${w}\n`);
  if (opened.doc.text.trim() === '')
    throw new CoreError('Unsupported', `${file} contains no text to read.`, {
      hint: 'Leave it out of the review, or read a scanned PDF with --ocr all-pages.',
    });
  return { info: opened.info, doc: opened.doc, chunks: [] };
}

const priced = (options: ReviewOptions) =>
  options.inputPrice !== undefined || options.outputPrice !== undefined;

/** The connection flags as the review's in-memory profile, with its prices when given. */
function reviewProfile(options: ReviewOptions): StoredProfile {
  const profile = serverProfile(options, { quoteCheck: options.quoteCheck });
  if (options.inputPrice !== undefined) profile.inputPricePerMTok = options.inputPrice;
  if (options.outputPrice !== undefined) profile.outputPricePerMTok = options.outputPrice;
  return profile;
}

/** "Supplier contracts × 3 documents". */
function reviewTitle(checklist: ReviewChecklist, documents: number): string {
  return `${checklist.name} × ${plural(documents, 'document')}`;
}
