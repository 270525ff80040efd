import type { CallHandlers } from '../../../shared/api.ts';
import { CoreError } from '../errors.ts';
import { externalUrl } from '../external-url.ts';
import { asResult } from './invoke-call.ts';
import type { OcrService } from '../documents/ocr-service.ts';

type MiscHandlers = Pick<
  CallHandlers,
  'shell:open-external' | 'ocr:languages' | 'ocr:add-language'
>;

export interface MiscHandlerDeps {
  ocr: OcrService;
  openExternal?: (url: string) => Promise<void>;
}

export function createMiscHandlers(deps: MiscHandlerDeps): MiscHandlers {
  return {
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
