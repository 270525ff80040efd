// The document shown in the reader, and where to jump in it.
import { create } from 'zustand';
import type { DocumentView } from '../../../shared/api.ts';
import type { AppError } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { useUiStore } from './ui-store.ts';

/**
 * `page` is a printed page label ("iv", "1000") or, failing that, a page number; "#7" is page 7
 * by position whatever its label.
 */
export type JumpTarget =
  | { kind: 'page'; page: string }
  | { kind: 'chunk'; chunk: number }
  | { kind: 'offset'; offset: number }
  /**
   * A passage to show highlighted (evidence): on the original page for a PDF, in the rendered
   * document for DOCX/EPUB/HTML, in the text otherwise; `where` says it for people
   * ("p. 5 (PDF page 7) · §8 Termination"). `found`: a hit of find in document, not a citation.
   * `inText`: shown in the PDF's text view (the user switched to it from the highlighted page,
   * or the PDF has no file to draw pages from).
   */
  | {
      kind: 'passage';
      start: number;
      end: number;
      where?: string;
      found?: boolean;
      inText?: boolean;
    };

export interface ReaderState {
  documentId: string | null;
  /** The text shown: an earlier reading's key (a run that read it is selected), else null. */
  textKey: string | null;
  view: DocumentView | null;
  loading: boolean;
  error: AppError | null;
  /** A jump request; `nonce` makes repeating the same jump scroll again. */
  jump: (JumpTarget & { nonce: number }) | null;
  /** The last jump when its page or chunk is not in the document, so the jump bar can say so. */
  missed: JumpTarget | null;
  /**
   * What the reader shows: `document`, the document as it looks (a PDF's original page; the
   * rendered DOCX, EPUB or HTML), or `text`, the extracted text. Each document opens in its
   * format's usual view (`defaultDisplay`) and keeps the one chosen while it stays open.
   */
  display: Display;
  /** The document `display` was set for (another one opens in its own usual view). */
  displayFor: string | null;
  /** Why the reader switched the display by itself, until the user switches it. */
  displayNote: string | null;
  /**
   * Shows the document's current text, or with `textKey` the text an earlier run read;
   * `fresh` loads it again even when it is showing (the document was re-read).
   */
  load(
    documentId: string,
    options?: { textKey?: string | undefined; fresh?: boolean },
  ): Promise<void>;
  jumpTo(target: JumpTarget, show?: boolean): void;
  setMissed(target: JumpTarget | null): void;
  /** Removes the highlight of a passage jump (the place in the document stays). */
  clearPassage(): void;
  setDisplay(display: Display, note?: string): void;
}

export type Display = 'document' | 'text';

/** A PDF opens on its text (pages draw slowly, text reads at once); DOCX, EPUB, HTML rendered. */
export function defaultDisplay(format: string): Display {
  return format === 'docx' || format === 'epub' || format === 'html' ? 'document' : 'text';
}

export type PassageJump = Extract<JumpTarget, { kind: 'passage' }> & { nonce: number };

let nonce = 0;

export const useReaderStore = create<ReaderState>((set, get) => ({
  documentId: null,
  textKey: null,
  view: null,
  loading: false,
  error: null,
  jump: null,
  missed: null,
  display: 'text',
  displayFor: null,
  displayNote: null,
  async load(documentId, options = {}) {
    const textKey = options.textKey ?? null;
    const same = get().documentId === documentId && get().textKey === textKey;
    if (same && !options.fresh && (get().view || get().loading)) return;
    set({
      documentId,
      textKey,
      view: null,
      loading: true,
      error: null,
      // A jump asked for while the text of its run loads still applies to that text.
      jump: same || get().documentId !== documentId ? null : get().jump,
      missed: null,
      displayNote: null,
    });
    const request = textKey === null ? { documentId } : { documentId, textKey };
    const result = await call(bridge(), 'documents:get', request);
    if (get().documentId !== documentId || get().textKey !== textKey) return;
    if (!result.ok) set({ error: result.error, loading: false });
    else if (get().displayFor === documentId) set({ view: result.value, loading: false });
    else {
      const display = defaultDisplay(result.value.info.format);
      set({ view: result.value, loading: false, display, displayFor: documentId });
    }
  },
  jumpTo(target, show = true) {
    nonce += 1;
    set({ jump: { ...target, nonce }, missed: null });
    if (show) useUiStore.getState().setScreen('reader');
  },
  setMissed: (missed) => set({ missed }),
  setDisplay: (display, note) => set({ display, displayNote: note ?? null }),
  clearPassage() {
    if (get().jump?.kind === 'passage') set({ jump: null });
  },
}));

/** The passage shown highlighted: the last jump, when it was to a passage. */
export function usePassage(): PassageJump | null {
  return useReaderStore((s) => (s.jump?.kind === 'passage' ? s.jump : null));
}
