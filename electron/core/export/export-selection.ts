// One entry point for every export of runs in the library, in any format: the app's handler and
// `memagent export` both come here, so they write the same files.
import { plural } from '../../../shared/plural.ts';
import { CoreError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { exportSessionAs, type SessionFormat } from './index.ts';
import type { PdfPrinter } from './pdf.ts';
import type { RenderOptions } from './readable.ts';
import {
  collectSession,
  loadRunTexts,
  type ResolvedSelection,
  type TextLoader,
} from './selection.ts';
import { documentGone } from './session.ts';
import { buildTrajectories, trajectoriesToJsonl } from './trajectory.ts';

export interface ExportOutput {
  content: string | Uint8Array;
  /** Runs written, and how many distinct questions they are. */
  runs: number;
  questions: number;
  /** What the person should know: runs left out, and why. */
  notes: string[];
}

export interface ExportSelectionOptions extends RenderOptions {
  now: number;
  load: TextLoader;
  printPdf?: PdfPrinter | undefined;
  signal?: AbortSignal;
}

/**
 * A selection of runs exported as `format`. Trajectories (`jsonl`) need the texts the runs read
 * to rebuild their prompts: a run without its text, or imported, is left out with its reason in
 * `notes`, and a selection with no run left is refused with that reason.
 */
export async function exportSelection(
  store: Store,
  selection: ResolvedSelection,
  format: SessionFormat,
  options: ExportSelectionOptions,
): Promise<ExportOutput> {
  if (format === 'jsonl') {
    const info = store.documents.get(selection.documentId);
    if (!info) throw documentGone();
    const texts = await loadRunTexts(store, info, selection, options.load);
    const { lines, skipped } = buildTrajectories(store, info.id, selection.runIds, texts);
    const notes = skipped.map(
      (s) => `Run ${s.runId.slice(0, 8)} (“${s.question}”) is not in the file: ${s.reason}`,
    );
    if (lines.length === 0)
      throw new CoreError(
        'Unsupported',
        skipped.length === 1
          ? `This run cannot be written as a trajectory: ${skipped[0]?.reason ?? ''}`
          : `None of these ${plural(skipped.length, 'run')} can be written as a trajectory.`,
        {
          hint: 'A trajectory needs the text the run read (open the document again) and the replies it received.',
          detail: notes.join('\n'),
        },
      );
    return {
      content: trajectoriesToJsonl(lines),
      runs: lines.length,
      questions: new Set(lines.map((l) => l.question)).size,
      notes,
    };
  }
  const session = await collectSession(store, selection, options.now, options.load);
  const content = await exportSessionAs(session, format, options);
  return {
    content,
    runs: session.runs.length,
    questions: new Set(session.runs.map((r) => r.question)).size,
    notes: [],
  };
}
