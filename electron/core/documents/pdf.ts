import type { DocumentText } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import type { WorkerLimits } from './worker-host.ts';

export async function extractPdf(
  _bytes: Uint8Array,
  _options: WorkerLimits & { password?: string; onProgress?: (p: { done: number; total: number }) => void },
): Promise<DocumentText> {
  throw new CoreError('Unsupported', 'PDF is not supported yet.');
}
