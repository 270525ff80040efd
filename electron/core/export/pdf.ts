// The PDF export: the HTML export's print layout, printed by a Chromium the caller provides
// (Electron's printToPDF in the app, a headless browser on the command line).
import { CoreError } from '../errors.ts';
import { sessionToHtml } from './html.ts';
import type { RenderOptions } from './readable.ts';
import type { SessionExport } from './session.ts';

/**
 * Prints a self-contained HTML page (no script, no external resource) to PDF bytes. It must
 * honour the page's `@page` rules and print backgrounds (the timeline's bars are backgrounds).
 */
export type PdfPrinter = (html: string, signal?: AbortSignal) => Promise<Uint8Array>;

/** Renders a session as a paginated PDF through `print`, and checks that a PDF came back. */
export async function sessionToPdf(
  session: SessionExport,
  print: PdfPrinter,
  options: RenderOptions = {},
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const bytes = await print(sessionToHtml(session, { ...options, print: true }), signal);
  if (bytes.length < 5 || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new CoreError('Unsupported', 'The browser did not produce a PDF.', {
      hint: 'Try again, or export as HTML and print it from a browser.',
    });
  return bytes;
}
