// `memagent show RUN_ID`: one run in the terminal: question, answer, the pages it came from,
// warnings, the memory timeline and the final memory.
import path from 'node:path';
import { CUT_EVIDENCE } from '../../shared/evidence-cut.ts';
import { groupChunksNote, groupWarnings } from '../../shared/warning-groups.ts';
import { answerStopped } from '../../shared/answer-cut.ts';
import type { DocumentInfo, Evidence, RunSummary } from '../../shared/model.ts';
import { evidenceLocation, locationLabel } from '../../shared/page-label.ts';
import { plural } from '../../shared/plural.ts';
import { RUN_STATE_WORD, runState } from '../../shared/run-state.ts';
import { DEFAULT_MAX_BYTES } from '../core/documents/index.ts';
import { CoreError } from '../core/errors.ts';
import { createDocumentTexts } from '../core/caches/document-texts.ts';
import { createOcrService } from '../core/documents/ocr-service.ts';
import { backfillEvidence } from '../core/store/evidence-backfill.ts';
import type { StoredWarning } from '../core/store/run-results.ts';
import type { Store } from '../core/store/store.ts';
import type { CliContext } from './context.ts';
import { hasLibrary } from '../core/store/read-open.ts';
import { settleDeadReaders } from '../core/store/writers.ts';
import { openLibraryToRead } from './library.ts';
import { writeJson } from './json-stream.ts';
import { timelineLines } from './memory-timeline.ts';
import { EXIT } from './report-error.ts';
import { findRun } from '../core/store/lookup.ts';
import { documentName } from './document-name.ts';
import type { ShowOptions } from './runs-args.ts';
import { localTime, oneLine } from './terminal-table.ts';

export async function runShow(options: ShowOptions, ctx: CliContext): Promise<number> {
  if (!hasLibrary(options.library.file))
    throw new CoreError('NotFound', `There is no library at ${options.library.file}.`, {
      hint: '`memagent runs` lists the runs of the app’s library; --db FILE names another.',
    });
  const store = openLibraryToRead(options.library);
  try {
    settleDeadReaders(store.db, (alive) => store.runs.markInterrupted(alive));
    const run = findRun(store, options.runId, options.library.file);
    const info = store.documents.get(run.documentId);
    // Stored with the run when it ended: showing it needs no document text. Only a run answered
    // before evidence was kept has its passages found now, once (evidence-backfill.ts).
    const evidence = await storedEvidence(store, run, info, options.library.dataDir);
    const warnings = store.runs.warnings(run.id);
    if (options.json) {
      const json = {
        run,
        document: info ? { id: info.id, fileName: info.fileName, title: info.title } : null,
        evidence: evidence ?? [],
        ...(run.answer && evidence === undefined ? { evidenceNotStored: true } : {}),
        warnings,
        // Read from the library as they are written: a run of 10⁶ chunks held as objects took
        // `show --json` to 1.2 GB.
        chunks: store.runs.eachChunk(run.id),
        memories: store.runs.eachMemory(run.id),
      };
      await writeJson(ctx.out, json, ['warnings', 'chunks', 'memories']);
      return EXIT.ok;
    }
    const chunks = store.runs.chunks(run.id);
    const memories = store.runs.memories(run.id);
    // Lines are appended one by one: a timeline (--all) of 10⁶ chunks has as many, more than
    // a spread (`push(...lines)`) may pass as arguments.
    const out: string[] = header(run, info, ctx.env.TZ);
    out.push('', 'Question', indent(run.question));
    out.push('', 'Answer', indent(answerText(run, warnings)));
    const from = sources(run, evidence, chunks, memories);
    if (from.length > 0) out.push('', ...from);
    if (warnings.length > 0) {
      out.push('', 'Warnings');
      for (const line of warningLines(warnings)) out.push(`  ${line}`);
    }
    const marked = new Set((evidence ?? []).map((e) => e.chunk));
    out.push('');
    for (const line of timelineLines({ chunks, memories, marked, all: options.all }))
      out.push(line);
    if (marked.size > 0) out.push('  (* a chunk the answer’s passages are in)');
    const last = memories.at(-1);
    out.push(
      '',
      last ? `Final memory (after chunk ${last.chunk + 1})` : 'Final memory',
      indent(last?.memory ?? '(none yet)'),
    );
    await ctx.out(`${out.join('\n')}\n`);
    return EXIT.ok;
  } finally {
    store.close();
  }
}

/**
 * The run's stored passages; for a run still waiting for the one-time back-fill, found now from
 * the text it read (and stored where the library can be written). Undefined: none are stored.
 */
async function storedEvidence(
  store: Store,
  run: RunSummary,
  info: DocumentInfo | undefined,
  dataDir: string,
): Promise<Evidence[] | undefined> {
  if (!info || !store.evidenceQueue.has(run.id)) return store.runs.evidence(run.id);
  const ocr = createOcrService(path.join(dataDir, 'ocr-languages'));
  try {
    const texts = createDocumentTexts({
      cacheDir: path.join(dataDir, 'cache'),
      maxBytes: DEFAULT_MAX_BYTES,
      readingFor: (id, key) => store.documents.readingFor(id, key),
      ocr,
    });
    const found = await backfillEvidence(store, (doc, textKey) => texts.load(doc, { textKey }), {
      runIds: [run.id],
    });
    return found.get(run.id) ?? store.runs.evidence(run.id);
  } finally {
    await ocr.close();
  }
}

function header(
  run: RunSummary,
  info: DocumentInfo | undefined,
  zone: string | undefined,
): string[] {
  const times = [`asked ${localTime(run.createdAt, zone)}`];
  if (run.finishedAt !== undefined) times.push(`finished ${localTime(run.finishedAt, zone)}`);
  const doc = info
    ? oneLine(documentName(info, info.id))
    : `(document ${run.documentId.slice(0, 8)}, no longer in the library)`;
  const model = run.model ?? run.backend?.name;
  const lines = [
    `Run ${run.id}`,
    `  ${RUN_STATE_WORD[runState(run)]} · ${run.chunksDone}/${run.chunkCount} chunks · ${times.join(' · ')}`,
    `  ${doc}${model ? ` · model ${oneLine(model)}` : ''} · chunks of ${run.settings.chunkTokens.toLocaleString('en-US')} tokens`,
  ];
  if (run.error) lines.push(`  stopped: ${oneLine(run.error.message)}`);
  return lines;
}

function answerText(run: RunSummary, warnings: readonly StoredWarning[]): string {
  if (run.answer)
    return run.answerCut
      ? `${run.answer}\n(${answerStopped(warnings) ? 'stopped before the reply ended: see Warnings' : "cut at the answer's token limit"})`
      : run.answer;
  if (run.answer === null) return '(the model gave no final answer)';
  const why: Partial<Record<RunSummary['status'], string>> = {
    error: 'the run failed',
    interrupted: 'the run was interrupted',
    cancelled: 'the run was cancelled',
  };
  return run.status === 'done'
    ? '(no answer)'
    : `(none: ${why[run.status] ?? `the run is ${run.status}`})`;
}

/** The pages the answer came from, or, without stored passages, the chunks its memory grew in. */
function sources(
  run: RunSummary,
  evidence: Evidence[] | undefined,
  chunks: ReturnType<Store['runs']['chunks']>,
  memories: ReturnType<Store['runs']['memories']>,
): string[] {
  if (!run.answer) return [];
  if (evidence === undefined) {
    const read = new Set(memories.filter((m) => !m.kept).map((m) => m.chunk));
    const pages = chunks
      .filter((c) => read.has(c.index))
      .map((c) => {
        const label = locationLabel(c);
        return label ? `${c.index + 1} (${label})` : String(c.index + 1);
      });
    return [
      'From the pages',
      '  No passages are stored with this run: the text it read was not at hand when they were to be found.',
      ...(pages.length > 0
        ? [`  Chunks whose reading changed the memory: ${oneLine(shorten(pages))}`]
        : []),
    ];
  }
  const heading =
    run.origin === 'import'
      ? 'From the pages (as the imported session carried them)'
      : 'From the pages';
  if (evidence.length === 0)
    return [
      heading,
      '  No passage was found with confidence (the memory trail does not single one out).',
    ];
  return [
    heading,
    ...(run.answerCut ? [`  ${CUT_EVIDENCE}`] : []),
    ...evidence.flatMap((e) => {
      const where = evidenceLocation(e);
      const how = [
        where ? `chunk ${e.chunk + 1}` : '',
        e.by === 'alignment' ? '' : 'quoted by the model',
      ];
      const note = how.filter(Boolean).join(', ');
      return [
        `  ${where || `chunk ${e.chunk + 1}`}${note ? ` (${note})` : ''}`,
        `    “${oneLine(e.quote)}”`,
      ];
    }),
  ];
}

function shorten(labels: string[]): string {
  return labels.length <= 12
    ? labels.join('; ')
    : `${labels.slice(0, 12).join('; ')}; and ${labels.length - 12} more`;
}

/** One line per kind: a failed question's eight retry warnings are "8 retries". */
export function warningLines(warnings: readonly StoredWarning[]): string[] {
  return groupWarnings(warnings).map((group) => {
    const { code, count, first, last } = group;
    const where = groupChunksNote(group);
    if (code === 'retry')
      return `${plural(count, 'retry', 'retries')}${where}; the last: ${oneLine(last)}`;
    return count === 1 ? `${oneLine(first)}${where}` : `${count} × ${oneLine(first)}${where}`;
  });
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
