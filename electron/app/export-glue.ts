// Electron glue for exports: the PDF printer (a hidden window with JavaScript off, in its own
// session that may load nothing but the page being printed) and opening what was saved.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session, shell } from 'electron';
import { CoreError } from '../core/errors.ts';
import type { PdfPrinter } from '../core/export/pdf.ts';
import { SECURE_WEB_PREFERENCES } from './security.ts';

const PRINT_PARTITION = 'memagent-print';
let queue: Promise<unknown> = Promise.resolve();

/**
 * Prints an export's page with Chromium's printToPDF. The page is written to a private temporary
 * file (a data: URL has a size limit a long session passes); the print session cancels every
 * request but that file's. One print at a time, so the session's one filter is always right.
 */
export const printPdf: PdfPrinter = (html, signal) => {
  const job = queue.then(() => printOne(html, signal));
  queue = job.catch(() => undefined);
  return job;
};

async function printOne(html: string, signal?: AbortSignal): Promise<Uint8Array> {
  signal?.throwIfAborted();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'memagent-print-'));
  const file = path.join(dir, 'export.html');
  await fs.writeFile(file, html, 'utf8');
  const url = pathToFileURL(file).href;
  const printing = session.fromPartition(PRINT_PARTITION);
  printing.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: details.url !== url }),
  );
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      ...SECURE_WEB_PREFERENCES,
      javascript: false,
      devTools: false,
      session: printing,
    },
  });
  try {
    await window.loadURL(url);
    const data = await window.webContents.printToPDF({
      printBackground: true,
      preferCSSPageSize: true,
      generateDocumentOutline: true,
    });
    return new Uint8Array(data);
  } finally {
    window.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Opens a saved export in the system's default application for its type. */
export async function openSavedFile(file: string): Promise<void> {
  const failure = await shell.openPath(file);
  if (failure !== '')
    throw new CoreError('Unsupported', 'The exported file could not be opened.', {
      hint: `Open ${file} yourself, or use Show in folder.`,
      detail: failure,
    });
}

/** Shows a saved export selected in the file manager. */
export function showSavedFile(file: string): void {
  shell.showItemInFolder(file);
}
