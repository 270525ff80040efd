// The PDF export: the HTML export's print layout, printed by a Chromium the caller provides
// (Electron's printToPDF in the app, a headless browser on the command line).
import { CoreError } from '../errors.ts';
import { sessionToHtml } from './html.ts';
import { withPdfInfo } from './pdf-info.ts';
import type { RenderOptions } from './readable.ts';
import type { SessionExport } from './session.ts';

/**
 * Prints a self-contained HTML page (no script, no external resource) to PDF bytes. It must
 * honour the page's `@page` rules and print backgrounds (the timeline's bars are backgrounds).
 */
export type PdfPrinter = (html: string, signal?: AbortSignal) => Promise<Uint8Array>;

/**
 * A page printed by `print`, checked to be a PDF, its Creator and Producer naming the app (and
 * `appVersion` when given) in place of the browser's user agent. Every PDF export goes through it.
 */
export async function printedPdf(
  html: string,
  print: PdfPrinter,
  appVersion?: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const bytes = await print(html, signal);
  if (bytes.length < 5 || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new CoreError('Unsupported', 'The browser did not produce a PDF.', {
      hint: 'Try again, or export as HTML and print it from a browser.',
    });
  const app = appVersion === undefined ? 'MemAgent Desktop' : `MemAgent Desktop ${appVersion}`;
  return withPdfInfo(bytes, { creator: app, producer: `${app}, printed by Chromium` });
}

/** Renders a session as a paginated PDF through `print`, and checks that a PDF came back. */
export async function sessionToPdf(
  session: SessionExport,
  print: PdfPrinter,
  options: RenderOptions = {},
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return printedPdf(sessionToHtml(session, { ...options, print: true }), print, undefined, signal);
}
