// The PDF side of a document worker: loads the file once, then serves page ranges on request
// so several workers can share one book. Runs only inside a worker thread.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { AppError } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import type { OutlineEntry } from './pdf-assemble.ts';
import { pageText, type PdfTextItem } from './pdf-text.ts';
import { checkPdfStreams } from './pdf-stream-scan.ts';

/** Requests the host sends to a PDF worker. */
export type PdfRequest =
  { type: 'load'; meta: boolean } | { type: 'pages'; from: number; to: number };

/** Labels, outline and title, read once by the first worker. */
export type PdfMeta = { labels: string[] | null; outline: OutlineEntry[]; title?: string };

type PdfJs = typeof PdfJsModule;
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

// pdf.js reads these with fs in Node: plain paths that end in a slash.
function packageFolders(): { cMapUrl: string; standardFontDataUrl: string; wasmUrl: string } {
  const root = join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')),
    '..',
    '..',
  );
  return {
    cMapUrl: join(root, 'cmaps') + '/',
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  };
}

function loadError(error: unknown): CoreError {
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: number } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return code === 2
      ? new CoreError('WrongPassword', 'The password for this PDF is wrong.', {
          hint: 'Check the password and try again.',
          detail,
        })
      : new CoreError('PasswordRequired', 'This PDF is protected by a password.', {
          hint: 'Open it again and enter its password (memagent: --password).',
          detail,
        });
  }
  return new CoreError('Damaged', 'This PDF is damaged or incomplete and cannot be read.', {
    hint: 'The file may be truncated; try downloading or exporting it again.',
    detail,
  });
}

const MAX_OUTLINE = 10_000;

async function resolvePage(doc: PdfDocument, dest: unknown): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit)) return null;
    const target: unknown = explicit[0];
    if (typeof target === 'number' && Number.isInteger(target)) return target;
    if (target !== null && typeof target === 'object' && 'num' in target) {
      return await doc.getPageIndex(target as { num: number; gen: number });
    }
  } catch {
    // A broken destination only loses that outline entry.
  }
  return null;
}

async function readMeta(doc: PdfDocument): Promise<PdfMeta> {
  const meta: PdfMeta = { labels: null, outline: [] };
  meta.labels = await doc.getPageLabels().catch(() => null);
  const info = await doc.getMetadata().catch(() => null);
  const title = (info?.info as { Title?: unknown } | undefined)?.Title;
  if (typeof title === 'string' && title.trim() !== '') meta.title = title.trim();
  const outline = await doc.getOutline().catch(() => null);
  type Node = { title: string; dest: unknown; items?: Node[] };
  const walk = async (nodes: Node[], level: number): Promise<void> => {
    for (const node of nodes) {
      if (meta.outline.length >= MAX_OUTLINE || level > 12) return;
      const entryTitle = String(node.title ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      if (entryTitle !== '')
        meta.outline.push({
          title: entryTitle,
          level,
          pageIndex: await resolvePage(doc, node.dest),
        });
      if (Array.isArray(node.items) && node.items.length > 0) await walk(node.items, level + 1);
    }
  };
  if (outline !== null) await walk(outline as Node[], 1);
  return meta;
}

async function readPage(
  doc: PdfDocument,
  number: number,
): Promise<{ text: string; failed?: string }> {
  try {
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    const items = content.items.filter(
      (item): item is PdfTextItem & (typeof content.items)[number] => 'str' in item,
    );
    page.cleanup();
    return { text: pageText(items) };
  } catch (error) {
    return { text: '', failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Serves a PDF in this worker: `load` opens it, `pages` streams one message per page. */
export function servePdf(
  job: { bytes: Uint8Array; password?: string; scanLimitBytes?: number },
  toError: (e: unknown) => AppError,
): void {
  const port = parentPort;
  if (port === null) return;
  let doc: PdfDocument | undefined;
  // Requests are handled one at a time, in order.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: PdfRequest) => {
    queue = queue
      .then(() => handle(request))
      .catch((error: unknown) => port.postMessage({ type: 'error', error: toError(error) }));
  });
  const handle = async (request: PdfRequest): Promise<void> => {
    if (request.type === 'load') {
      if (job.scanLimitBytes !== undefined) checkPdfStreams(job.bytes, job.scanLimitBytes);
      const pdfjs: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const task = pdfjs.getDocument({
        data: job.bytes,
        ...(job.password === undefined ? {} : { password: job.password }),
        ...packageFolders(),
        cMapPacked: true,
        useSystemFonts: false,
        disableFontFace: true,
        verbosity: pdfjs.VerbosityLevel.ERRORS,
      });
      try {
        doc = await task.promise;
      } catch (error) {
        void task.destroy();
        throw loadError(error);
      }
      // The page count first, so the host can start more workers while the outline is resolved.
      port.postMessage({ type: 'loaded', numPages: doc.numPages });
      if (request.meta) port.postMessage({ type: 'meta', meta: await readMeta(doc) });
      return;
    }
    if (doc === undefined) throw new Error('pages requested before load');
    for (let n = request.from; n <= request.to; n++) {
      const result = await readPage(doc, n);
      port.postMessage({ type: 'page', number: n, ...result });
    }
    port.postMessage({ type: 'batch-done' });
  };
}
