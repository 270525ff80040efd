import type { CallHandlers } from '../../../shared/api.ts';
import { importSessionBytes, readSessionFile } from '../export/session-import.ts';
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
