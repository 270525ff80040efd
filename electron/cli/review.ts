// `memagent review FILE... --checklist LIST`: every question of the checklist asked of every
// document, each cell a MemAgent run over the whole document, stored as one review (a job) in
// the library. The same command again finds the same review (same documents, checklist and
// settings) and continues it: answered cells are kept, the others read from their saved memory.
// A FILE may be a folder: run again after the folder gained files, the command continues the
// review it made before and reads only the new files' cells.
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
import type { LlmClient } from '../core/llm/types.ts';
import type { Store } from '../core/store/store.ts';
import { chunkText, openClient } from '../core/use-cases/prepare-run.ts';
import { createReview } from '../core/use-cases/review-create.ts';
import { addDocuments } from '../core/use-cases/review-cells.ts';
import { findReview, findReviewWithin } from '../core/use-cases/review-find.ts';
import { reviewKey } from '../core/use-cases/review-key.ts';
import { environmentLocale } from '../../shared/locale.ts';
import { reviewMatrix } from '../core/use-cases/review-matrix.ts';
import { runSettingsOf } from './arg-parsing.ts';
import { cliClientHints, createCliRunParts, retryNote } from './cli-run-parts.ts';
import { commandProfile } from './command-profile.ts';
import { confirmCost } from './cost-confirm.ts';
import type { CliContext } from './context.ts';
import { readDocument } from './reading.ts';
import { EXIT } from './report-error.ts';
import type { ReviewOptions } from './review-args.ts';
import { findChecklist, type ReviewChecklist } from './review-checklist.ts';
import { reviewFiles } from './review-files.ts';
import { driveReview } from './review-drive.ts';
import { cellKey, planJson, planReview, planText } from './review-estimate.ts';
import { writeReviewOutput } from './review-output.ts';
import { ReviewProgress } from './review-progress.ts';
import { cacheOf, openCliLibrary, type CliLibrary } from './saved-runs.ts';

/** One document of the review, opened as `ask` opens it. */
interface OpenedDocument {
  info: DocumentInfo;
  doc: DocumentText;
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
    const expanded = await reviewFiles(options.files, {
      recursive: options.recursive,
      cwd: ctx.env.INIT_CWD || ctx.cwd,
      note,
    });
    const documents: OpenedDocument[] = [];
    for (const file of expanded.files) documents.push(await openOne(library, file, options, ctx));

    const settings = runSettingsOf(options);
    const profile = await reviewProfile(options, ctx);
    // A review resolves its model first (a server is asked for its list, the built-in model is
    // loaded), as a run does; a dry run sends the server nothing.
    let opened: { client: LlmClient; model: string } | undefined;
    if (!options.dryRun) {
      opened = await openClient(
        parts,
        {
          profile,
          settings,
          ...cliClientHints(options.timeoutMs, profile.baseUrl),
          onRetry: (info) => note(retryNote(info, secrets)),
        },
        signal,
      );
      if (profile.kind !== 'builtin') profile.model = opened.model;
    }
    const texts = createDocumentTexts({
      cacheDir: path.join(library.choice.location.dataDir, 'cache'),
      maxBytes: DEFAULT_MAX_BYTES,
      readingFor: (id, k) => store.documents.readingFor(id, k),
      ocr,
    });
    const documentIds = documents.map((d) => d.info.id);
    const asked = { documentIds, questions: checklist.questions, settings };
    // The same command finds the same review: by its key, or, when a folder was named, the review
    // it made before the folder gained files (those files are then its new rows).
    const found =
      findReview(store, reviewKey(asked)) ??
      (expanded.folders ? findReviewWithin(store, asked) : undefined);
    const present = new Set(
      found === undefined ? [] : store.reviews.documents(found).map((d) => d.id),
    );
    const added = found === undefined ? [] : documents.filter((d) => !present.has(d.info.id));
    const questions = found === undefined ? checklist.questions : store.reviews.questions(found);
    // The plan: what is left to read, estimated as the app's New review estimates.
    const plan = await planReview({
      store,
      parts,
      texts,
      documentIds,
      questions,
      settings,
      profile,
      concurrency: options.concurrency,
      ...(found === undefined
        ? {}
        : { found: { review: found, toRead: cellsToRead(store, found, added, questions) } }),
      offline: options.dryRun,
      signal,
    });
    if (options.dryRun) {
      await ctx.out(
        options.json
          ? `${JSON.stringify(planJson(plan), null, 2)}\n`
          : `${planText(plan)}\nDry run: no review was created and nothing was sent to the server.\n`,
      );
      return EXIT.ok;
    }
    note(planText(plan));
    // Several questions over one document are separate reads: say so where it costs.
    if (checklist.questions.length > 1 && plan.cellsToRead > 0)
      note(
        'note: each question reads each document in full (the memory is written for its question), so every cell is a read of its own.',
      );
    const confirmed =
      plan.cellsToRead === 0 ||
      (await confirmCost(
        {
          cost: plan.estimate.cost,
          limit: options.costLimit ?? store.settings.costConfirmAbove(),
          yes: options.yes,
          what: 'This review',
        },
        ctx,
      ));
    if (!confirmed) {
      note('memagent: review not started; nothing was sent to the model.');
      return EXIT.interrupted;
    }
    const { client, model } = opened as { client: LlmClient; model: string };

    // The documents whose cells are made now are chunked first, as `ask` chunks.
    const chunksOf = new Map<string, ChunkInfo[]>();
    for (const d of found === undefined ? documents : added) {
      const textKey = d.info.textKey ?? d.info.id;
      const input = { profile, client, model, settings, textKey, doc: d.doc };
      chunksOf.set(d.info.id, (await chunkText(parts, input, signal)).chunks);
    }
    const lib = { store, writer: library.writer, now: Date.now };
    const chunks = { chunksOf: (id: string) => chunksOf.get(id) };
    if (found !== undefined && added.length > 0) {
      const cells = addDocuments(lib, found, [...new Set(added.map((d) => d.info.id))], {
        profile,
        settings,
        origin: 'cli',
        model,
        ...chunks,
      });
      note(
        `note: ${plural(added.length, 'new document')} added to review ${shortJobId(found)}: ${plural(cells.length, 'new cell')}`,
      );
    }
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
        ...chunks,
        concurrency: options.concurrency,
      });
    const short = shortJobId(jobId);
    const runs = store.jobs.runs(jobId);
    const left = runs.filter((r) => r.status !== 'done');
    const where =
      profile.kind === 'builtin' ? 'on this computer' : `at ${displayUrl(profile.baseUrl)}`;
    note(
      found === undefined
        ? `note: review ${short} (${checklist.name}) saved in ${library.choice.location.file}; model ${model} ${where}`
        : `note: continuing review ${short} (${checklist.name}): ${plural(runs.length - left.length, 'cell')} answered before, kept; ${plural(left.length, 'cell')} left`,
    );

    let paused = false;
    if (left.length > 0) {
      const leftRuns = left.map((r) => store.runs.get(r.id)).filter((r) => r !== undefined);
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

/**
 * The cells of stored review `jobId` not answered yet, and those the `added` documents will have
 * (`cellKey`s).
 */
function cellsToRead(
  store: Store,
  jobId: string,
  added: readonly OpenedDocument[],
  questions: readonly { id: string }[],
): Set<string> {
  const left = store.reviews
    .cells(jobId)
    .filter((c) => c.status !== 'done')
    .map((c) => cellKey(c.documentId, c.questionId));
  const fresh = added.flatMap((d) => questions.map((q) => cellKey(d.info.id, q.id)));
  return new Set([...left, ...fresh]);
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
  return { info: opened.info, doc: opened.doc };
}

const priced = (options: ReviewOptions) =>
  options.inputPrice !== undefined || options.outputPrice !== undefined;

/** The backend flags as the review's in-memory profile (as `ask`'s), with its prices when given. */
async function reviewProfile(options: ReviewOptions, ctx: CliContext): Promise<StoredProfile> {
  const profile = await commandProfile(options, ctx, { quoteCheck: options.quoteCheck });
  if (options.inputPrice !== undefined) profile.inputPricePerMTok = options.inputPrice;
  if (options.outputPrice !== undefined) profile.outputPricePerMTok = options.outputPrice;
  return profile;
}

/** "Supplier contracts × 3 documents". */
function reviewTitle(checklist: ReviewChecklist, documents: number): string {
  return `${checklist.name} × ${plural(documents, 'document')}`;
}
