import fs from 'node:fs/promises';
import type { CallHandlers } from '../../../shared/api.ts';
import { MAX_SESSION_BYTES } from '../../../shared/limits.ts';
import { CoreError } from '../errors.ts';
import { importSessionBytes } from '../export/session-import.ts';
import type { Store } from '../store/store.ts';
import { asResult } from './invoke-call.ts';
import type { Emit } from './service-deps.ts';

/** `sessions:import`: a chosen file or dropped bytes into the library, then every window told. */
export function createSessionImportHandler(deps: {
  store: Store;
  emit: Emit;
  now: () => number;
}): Pick<CallHandlers, 'sessions:import'> {
  return {
    'sessions:import': (request) =>
      asResult(async () => {
        const bytes = 'path' in request ? await readSessionFile(request.path) : request.data;
        const result = importSessionBytes(deps.store, bytes, deps.now());
        const info = deps.store.documents.get(result.document.id);
        if (info) deps.emit(undefined, 'document:updated', info);
        return result;
      }),
  };
}

async function readSessionFile(path: string): Promise<Uint8Array> {
  try {
    const stat = await fs.stat(path);
    // Refused before reading: a huge file must not fill the memory first.
    if (stat.size > MAX_SESSION_BYTES)
      throw new CoreError(
        'TooLarge',
        `This session file is too large to import (the limit is ${MAX_SESSION_BYTES / 2 ** 20} MB).`,
        { hint: 'Export fewer questions at a time: one question, or one document.' },
      );
    return await fs.readFile(path);
  } catch (error) {
    if (error instanceof CoreError) throw error;
    throw new CoreError('NotFound', 'The session file could not be read.', {
      hint: 'Check that the file still exists and that you may read it.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}
