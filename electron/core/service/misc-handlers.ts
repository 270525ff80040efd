import fs from 'node:fs/promises';
import type { CallHandlers } from '../../../shared/api.ts';
import type { DocumentText } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { externalUrl } from '../external-url.ts';
import { buildSessionExport, renderSession } from '../export/index.ts';
import type { Store } from '../store/store.ts';
import type { DocumentTexts } from './document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { OcrService } from './ocr-service.ts';

type MiscHandlers = Pick<
  CallHandlers,
  'export:session' | 'shell:open-external' | 'ocr:languages' | 'ocr:add-language'
>;

export interface MiscHandlerDeps {
  store: Store;
  texts: DocumentTexts;
  ocr: OcrService;
  now: () => number;
  chooseSavePath?: (suggested: string) => Promise<string | null>;
  openExternal?: (url: string) => Promise<void>;
}

export function createMiscHandlers(deps: MiscHandlerDeps): MiscHandlers {
  return {
    'export:session': ({ documentId, runIds, format }) =>
      asResult(async () => {
        const info = deps.store.documents.get(documentId);
        // The OCR note names the pages and their confidence when the text is at hand; without it
        // (the file gone, the cache cleared) the export still says how many pages OCR read.
        const text = info ? await deps.texts.load(info).catch(() => undefined) : undefined;
        // The texts the runs read (a re-read with OCR gives another), for the passages each
        // answer rests on; a text that cannot be had leaves its runs without citations.
        const runTexts = new Map<string, DocumentText>();
        if (info) {
          const runs =
            runIds?.map((id) => deps.store.runs.get(id)) ??
            deps.store.runs.listByDocument(documentId);
          for (const key of new Set(runs.map((run) => run?.textKey ?? documentId))) {
            const read = await deps.texts.load(info, { textKey: key }).catch(() => undefined);
            if (read) runTexts.set(key, read);
          }
        }
        const session = buildSessionExport(
          deps.store,
          documentId,
          runIds,
          deps.now(),
          text,
          runTexts,
        );
        if (!deps.chooseSavePath)
          throw new CoreError('Unsupported', 'Saving files is not available here.');
        const path = await deps.chooseSavePath(
          `${slug(session.document.title)}-questions.${format}`,
        );
        if (path === null) return null;
        try {
          await fs.writeFile(path, renderSession(session, format), 'utf8');
        } catch (error) {
          throw new CoreError('NotFound', 'The export could not be saved there.', {
            hint: 'Choose a folder you can write to.',
            detail: error instanceof Error ? error.message : String(error),
          });
        }
        return { path };
      }),
    'shell:open-external': ({ url }) =>
      asResult(async () => {
        const checked = externalUrl(url);
        if (!deps.openExternal)
          throw new CoreError('Unsupported', 'Opening links is not available here.');
        await deps.openExternal(checked);
        return null;
      }),
    'ocr:languages': () => asResult(() => deps.ocr.languages()),
    'ocr:add-language': ({ path }) => asResult(() => deps.ocr.addLanguage(path)),
  };
}

function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'document'
  );
}
