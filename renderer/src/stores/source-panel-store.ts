// The Ask screen's source panel: which run's passage or chunk it shows beside the answer, and
// where the keyboard was when it was chosen (Escape closes the panel and goes back there).
import { create } from 'zustand';
import type { ShownSource, SourceTarget } from '../lib/source-target.ts';

export interface SourcePanelState {
  /** The run whose passage is shown: the panel shows only beside that run. */
  runId: string | null;
  shown: ShownSource | null;
  /** The control that chose it, focused again when the panel closes. */
  from: HTMLElement | null;
  /** On a small window the panel folds to a bar under the answer until it is opened again. */
  folded: boolean;
  choose(runId: string, target: SourceTarget): void;
  close(): void;
  setFolded(folded: boolean): void;
}

let nonce = 0;

export const useSourcePanelStore = create<SourcePanelState>((set) => ({
  runId: null,
  shown: null,
  from: null,
  folded: false,
  choose(runId, target) {
    nonce += 1;
    const active = document.activeElement;
    set({
      runId,
      shown: { ...target, nonce },
      from: active instanceof HTMLElement && active !== document.body ? active : null,
      folded: false,
    });
  },
  close: () => set({ runId: null, shown: null }),
  setFolded: (folded) => set({ folded }),
}));

/** Closes the panel and puts the keyboard back on what chose its passage, if it is still there. */
export function closeSourcePanel(): void {
  const { from } = useSourcePanelStore.getState();
  useSourcePanelStore.getState().close();
  if (from?.isConnected) from.focus();
}
