// Holds a toast's timer while the pointer is over it or the keyboard focus is in it, so it never
// goes while someone reads it or reaches for its button; lets go when both have left.
import { useRef, type FocusEvent } from 'react';

export interface ToastHoldHandlers {
  onMouseEnter(): void;
  onMouseLeave(): void;
  onFocus(): void;
  onBlur(event: FocusEvent<HTMLElement>): void;
}

/** Handlers for the toast's element; `setHeld(true)` while hovered or focused, else false. */
export function useToastHold(setHeld: (held: boolean) => void): ToastHoldHandlers {
  const state = useRef({ hover: false, focus: false });
  const update = () => setHeld(state.current.hover || state.current.focus);
  return {
    onMouseEnter() {
      state.current.hover = true;
      update();
    },
    onMouseLeave() {
      state.current.hover = false;
      update();
    },
    onFocus() {
      state.current.focus = true;
      update();
    },
    onBlur(event) {
      // Focus moving between the toast's own buttons keeps it held.
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      state.current.focus = false;
      update();
    },
  };
}
