// Saving exports from the app: one run, a question's runs or a document's session, in any
// format (PDF through the app's printer), then opening what was saved, and nothing else.
import fs from 'node:fs/promises';
import type { CallHandlers } from '../../../shared/api.ts';
import { CoreError } from '../errors.ts';
import { exportSelection, type PdfPrinter } from '../export/index.ts';
import { localZone } from '../export/readable.ts';
import type { Store } from '../store/store.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { PathGrants } from './path-grants.ts';

type ExportHandlers = Pick<CallHandlers, 'export:session' | 'export:open-saved'>;

export interface ExportHandlerDeps {
  store: Store;
  texts: DocumentTexts;
  now: () => number;
  /** A saved file is granted to the window that exported it, to open or show (and nothing else). */
  grants: PathGrants;
  chooseSavePath?: ((suggested: string) => Promise<string | null>) | undefined;
  /** Prints the PDF export's page (the app: a hidden window with JavaScript off). */
  printPdf?: PdfPrinter | undefined;
  /** Opens a saved file with the system's default application. */
  openPath?: ((file: string) => Promise<void>) | undefined;
  /** Shows a saved file selected in the system's file manager. */
  showInFolder?: ((file: string) => void) | undefined;
}

export function createExportHandlers(deps: ExportHandlerDeps): ExportHandlers {
  return {
    'export:session': ({ documentId, runIds, format, scope }, ctx) =>
      asResult(async () => {
        const selection = {
          documentId,
          runIds,
          scope:
            scope ?? (runIds === undefined ? 'document' : runIds.length === 1 ? 'run' : 'question'),
        } as const;
        const info = deps.store.documents.get(documentId);
        if (info === undefined)
          throw new CoreError('NotFound', 'This document is not in the library any more.');
        if (!deps.chooseSavePath)
          throw new CoreError('Unsupported', 'Saving files is not available here.');
        const first = runIds?.[0] === undefined ? undefined : deps.store.runs.get(runIds[0]);
        const name = suggestedName(selection.scope, info.title, first?.question);
        const file = await deps.chooseSavePath(`${name}.${format}`);
        if (file === null) return null;
        // A text that cannot be had (the file gone, the cache cleared) leaves its runs without
        // citations (and out of a trajectory file); the export is still made.
        const { content, notes } = await exportSelection(deps.store, selection, format, {
          now: deps.now(),
          load: (doc, textKey) => deps.texts.load(doc, { textKey }).catch(() => undefined),
          timeZone: localZone(),
          printPdf: deps.printPdf,
        });
        try {
          await fs.writeFile(file, content);
        } catch (error) {
          throw new CoreError('NotFound', 'The export could not be saved there.', {
            hint: 'Choose a folder you can write to.',
            detail: error instanceof Error ? error.message : String(error),
          });
        }
        deps.grants.grant(ctx.senderId, 'open-saved-export', file);
        return notes.length === 0 ? { path: file } : { path: file, notes };
      }),
    'export:open-saved': ({ path: file, show }, ctx) =>
      asResult(async () => {
        // Only files this window saved may be opened: a renderer cannot name any other path.
        deps.grants.require(ctx.senderId, 'open-saved-export', file);
        if (show === 'folder') {
          if (!deps.showInFolder)
            throw new CoreError('Unsupported', 'Showing files is not available here.');
          deps.showInFolder(file);
          return null;
        }
        if (!deps.openPath)
          throw new CoreError('Unsupported', 'Opening files is not available here.');
        await deps.openPath(file);
        return null;
      }),
  };
}

/** "gpl-3-0-questions", "who-pays-answer", "who-pays-runs": from the title or the question. */
export function suggestedName(
  scope: 'run' | 'question' | 'document',
  title: string,
  question: string | undefined,
): string {
  if (scope === 'document' || question === undefined) return `${slug(title)}-questions`;
  return `${slug(question, 40)}-${scope === 'run' ? 'answer' : 'runs'}`;
}

/** A file name from `text`: lower-case words joined by "-", cut between words. */
export function slug(text: string, max = 60): string {
  const words = text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  // Cut between words: "compare-with-the", not "compare-with-th".
  const head = words.slice(0, max);
  const cut = words.length <= max || words[max] === '-' ? head : head.replace(/-[^-]*$/, '');
  return cut || 'document';
}
