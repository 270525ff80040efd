import type { DocumentText } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';

export async function extractEpub(
  _bytes: Uint8Array,
  _fallbackTitle: string,
  _progress: (done: number, total: number) => void,
): Promise<DocumentText> {
  throw new CoreError('Unsupported', 'EPUB is not supported yet.');
}
