// Runs keyed by id, fed by the one `run:event` subscription (see init.ts).
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Events } from '../../../shared/api.ts';
import type { AppError, RunSettings, RunSummary } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import {
  applyRunEvent,
  applySnapshot,
  applySummary,
  emptyRunView,
  type RunView,
} from '../../../shared/run-view.ts';
import { scheduleRunCounts } from './run-counts-store.ts';
import { useUiStore } from './ui-store.ts';
import { offerUndo } from './undo-store.ts';

export interface RunsState {
  byId: Record<string, RunView>;
  /** Run ids in the order they were asked, newest first. */
  order: string[];
  startError: AppError | null;
  /** The text each run read (`RunSummary.textKey`), by run id: older than the document's after a re-read. */
  textKeys: Record<string, string>;
  /** Runs deleted but still undoable: not listed, not yet deleted in main. */
  hidden: string[];
}

export const useRunsStore = create<RunsState>(() => ({
  byId: {},
  order: [],
  startError: null,
  textKeys: {},
  hidden: [],
}));

/**
 * The runs of a document the user sees, newest asked first: not those waiting to be deleted; a
 * run just started whose summary has not arrived (no document yet) counts as the current one's.
 */
export function useDocumentRuns(documentId: string): RunView[] {
  return useRunsStore(
    useShallow((s) =>
      s.order
        .map((id) => s.byId[id]!)
        .filter(
          (r) => (r.documentId === documentId || r.documentId === '') && !s.hidden.includes(r.id),
        ),
    ),
  );
}

const get = useRunsStore.getState;
const set = useRunsStore.setState;

function put(run: RunView): void {
  const state = get();
  const order = state.order.includes(run.id) ? state.order : [run.id, ...state.order];
  set({ byId: { ...state.byId, [run.id]: run }, order });
}

const emptyRun = (id: string): RunView => emptyRunView(id, Date.now());

function noteTextKeys(summaries: readonly RunSummary[]): void {
  const known = summaries.filter((s) => s.textKey !== undefined);
  if (known.length === 0) return;
  const textKeys = { ...get().textKeys };
  for (const s of known) textKeys[s.id] = s.textKey!;
  set({ textKeys });
}

export function onRunEvent(payload: Events['run:event']): void {
  const run = get().byId[payload.event.runId] ?? emptyRun(payload.event.runId);
  const next = applyRunEvent(run, payload, Date.now());
  if (next !== run) put(next);
}

/** Loads the runs asked of a document earlier (summaries only). */
export async function loadRuns(documentId: string): Promise<void> {
  const result = await call(bridge(), 'runs:list', { documentId });
  if (!result.ok) return;
  noteTextKeys(result.value);
  const state = get();
  const byId = { ...state.byId };
  const order = [...state.order];
  for (const s of [...result.value].sort((a, b) => b.createdAt - a.createdAt)) {
    byId[s.id] = applySummary(byId[s.id] ?? emptyRun(s.id), s);
    if (!order.includes(s.id)) order.push(s.id);
  }
  set({ byId, order });
}

/** Loads a run's full snapshot (every memory state) unless events already built it. */
export async function loadRunDetail(runId: string): Promise<void> {
  const run = get().byId[runId];
  if (run && (run.detailed || run.startedAt !== undefined)) return;
  const result = await call(bridge(), 'runs:get', { runId });
  if (!result.ok) return;
  noteTextKeys([result.value.summary]);
  put(applySnapshot(get().byId[runId] ?? emptyRun(runId), result.value));
}

/** How often a run another process reads (a terminal) is fetched again to show its progress. */
export const READ_ELSEWHERE_POLL_MS = 2000;

/**
 * Fetches a run's snapshot again, whatever this window has: for a run another process reads,
 * whose events never reach this window, the library is the only news.
 */
export async function refreshRunDetail(runId: string): Promise<void> {
  const result = await call(bridge(), 'runs:get', { runId });
  if (!result.ok) return;
  put(applySnapshot(get().byId[runId] ?? emptyRun(runId), result.value));
}

export async function startRun(input: {
  documentId: string;
  question: string;
  settings: RunSettings;
  profileId?: string;
}): Promise<string | null> {
  set({ startError: null });
  const result = await call(bridge(), 'runs:start', input);
  if (!result.ok) {
    set({ startError: result.error });
    return null;
  }
  noteTextKeys([result.value]);
  const existing = get().byId[result.value.id] ?? emptyRun(result.value.id);
  put({ ...applySummary(existing, result.value), detailed: true });
  useUiStore.getState().selectRun(result.value.id);
  return result.value.id;
}

function markError(runId: string, error: AppError): void {
  const run = get().byId[runId];
  if (run) put({ ...run, error });
}

export async function pauseRun(runId: string): Promise<void> {
  const result = await call(bridge(), 'runs:pause', { runId });
  // A chunk being read is finished first (its request is not thrown away): the run's
  // `pause-requested` event says so until it pauses.
  if (!result.ok) markError(runId, result.error);
}

export async function resumeRun(runId: string): Promise<void> {
  const result = await call(bridge(), 'runs:resume', { runId });
  if (!result.ok) markError(runId, result.error);
}

/**
 * Continues a cancelled, failed or interrupted run from its last saved memory; "Retry with…"
 * passes another backend profile and/or settings (main says whether the chunks read are kept).
 */
export async function continueRun(
  runId: string,
  retry: { profileId?: string; settings?: RunSettings } = {},
): Promise<AppError | null> {
  const result = await call(bridge(), 'runs:continue', { runId, ...retry });
  if (!result.ok) markError(runId, result.error);
  else {
    const run = get().byId[runId];
    if (run)
      put({
        ...applySummary(run, result.value),
        status: run.status === 'done' ? 'done' : 'queued',
        error: undefined,
      });
  }
  return result.ok ? null : result.error;
}

/**
 * The user opened a queued run: it goes ahead of the other queued runs. A hint, so a run that
 * started or ended meanwhile (main does nothing) shows no error.
 */
export async function prioritiseRun(runId: string): Promise<void> {
  await call(bridge(), 'runs:prioritise', { runId });
}

export async function cancelRun(runId: string): Promise<void> {
  const result = await call(bridge(), 'runs:cancel', { runId });
  if (!result.ok) markError(runId, result.error);
}

export function dismissStartError(): void {
  set({ startError: null });
}

/**
 * Hides a run at once and deletes it (with its memories and answer) when the undo window ends;
 * the selection moves to the same question's next run, if any.
 */
export function deleteRun(runId: string): void {
  const run = get().byId[runId];
  if (!run || get().hidden.includes(runId)) return;
  const unhide = () => set({ hidden: get().hidden.filter((x) => x !== runId) });
  set({ hidden: [...get().hidden, runId] });
  const ui = useUiStore.getState();
  if (ui.selectedRunId === runId) {
    const next = get()
      .order.map((id) => get().byId[id]!)
      .find(
        (r) =>
          r.id !== runId &&
          r.documentId === run.documentId &&
          r.question === run.question &&
          !get().hidden.includes(r.id),
      );
    ui.selectRun(next?.id ?? null);
  }
  offerUndo(`Deleted the question “${shorten(run.question)}”.`, {
    undo: unhide,
    commit: async () => {
      const result = await call(bridge(), 'runs:delete', { runId });
      if (!result.ok) {
        unhide();
        markError(runId, result.error);
        return;
      }
      const { [runId]: _gone, ...byId } = get().byId;
      set({
        byId,
        order: get().order.filter((id) => id !== runId),
        hidden: get().hidden.filter((x) => x !== runId),
      });
      scheduleRunCounts();
    },
  });
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
