import type { AppError } from '../../../shared/model.ts';

export function servePdf(_job: { bytes: Uint8Array; password?: string }, _toError: (e: unknown) => AppError): void {
  throw new Error('not yet');
}
