import { CoreError } from '../errors.ts';
import { sessionToHtml } from './html.ts';
import { sessionToMarkdown } from './markdown.ts';
import { sessionToPdf, type PdfPrinter } from './pdf.ts';
import type { RenderOptions } from './readable.ts';
import type { SessionExport } from './session.ts';
import type { ExportFormat } from '../../../shared/export-formats.ts';
import { visibleText } from '../../../shared/visible-text.ts';

export {
  buildSessionExport,
  type ExportScope,
  type SessionExport,
  type ExportedRun,
  type ExportedMemory,
} from './session.ts';
export { sessionToHtml } from './html.ts';
export { sessionToMarkdown } from './markdown.ts';
export { sessionToPdf, type PdfPrinter } from './pdf.ts';
export type { RenderOptions } from './readable.ts';
export {
  cachedTexts,
  collectSession,
  resolveSelection,
  type ExportSelection,
  type ResolvedSelection,
} from './selection.ts';
export { exportSelection, type ExportOutput } from './export-selection.ts';
export { formatFromPath } from './formats.ts';

/** Every export format (shared/export-formats.ts: the chooser, the menu, the CLI). */
export type SessionFormat = ExportFormat;
/** The renderings of a session that are text. */
export type TextFormat = Exclude<SessionFormat, 'pdf' | 'jsonl'>;

/** Serialises a session in one of the text formats. */
export function renderSession(
  session: SessionExport,
  format: TextFormat,
  options: RenderOptions = {},
): string {
  switch (format) {
    case 'md':
      return sessionToMarkdown(session, options);
    case 'html':
      return sessionToHtml(session, options);
    case 'json':
      // JSON keeps every string exactly; visibleText only turns the raw C1, DEL and bidi
      // characters JSON.stringify leaves in into \u escapes, so `cat` cannot be fooled by them.
      return `${visibleText(JSON.stringify(session, null, 2))}\n`;
  }
}

/**
 * A session rendered: text, or a PDF's bytes printed by `printPdf`. (Trajectories are made from
 * the library, not from a session: `exportSelection`.)
 */
export async function exportSessionAs(
  session: SessionExport,
  format: Exclude<SessionFormat, 'jsonl'>,
  options: RenderOptions & { printPdf?: PdfPrinter | undefined; signal?: AbortSignal } = {},
): Promise<string | Uint8Array> {
  if (format !== 'pdf') return renderSession(session, format, options);
  if (options.printPdf === undefined)
    throw new CoreError('Unsupported', 'PDF export is not available here.', {
      hint: 'Export as HTML and print it from a browser.',
    });
  return sessionToPdf(session, options.printPdf, options, options.signal);
}
