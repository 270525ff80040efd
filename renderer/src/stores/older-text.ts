// Whether a run read an earlier text of its document (before a re-read with other OCR settings).
import { useDocumentsStore } from './documents-store.ts';
import { useRunsStore } from './runs-store.ts';

/**
 * The key of the text run `runId` read when the document has been re-read since, else undefined
 * (also for runs and documents from before text keys existed: nothing says they differ).
 */
export function useOlderTextKey(runId: string | null): string | undefined {
  const key = useRunsStore((s) => (runId === null ? undefined : s.textKeys[runId]));
  const documentId = useRunsStore((s) => (runId === null ? undefined : s.byId[runId]?.documentId));
  const current = useDocumentsStore((s) => s.list.find((d) => d.id === documentId)?.textKey);
  return key !== undefined && current !== undefined && key !== current ? key : undefined;
}
