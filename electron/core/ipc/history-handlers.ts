import type { CallHandlers } from '../../../shared/api.ts';
import type { Store } from '../store/store.ts';
import { asResult } from './invoke-call.ts';

/** `history:search`: the library's questions, answers and memories searched (history-search.ts). */
export function createHistoryHandlers(store: Store): Pick<CallHandlers, 'history:search'> {
  return {
    'history:search': ({ text, documentId, limit }) =>
      asResult(async () =>
        store.runs.search(text, {
          ...(documentId === undefined ? {} : { documentId }),
          ...(limit === undefined ? {} : { limit }),
        }),
      ),
  };
}
