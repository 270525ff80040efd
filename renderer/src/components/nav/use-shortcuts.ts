// Window-wide keyboard shortcuts: Ctrl/Cmd+O open, Ctrl/Cmd+1/2/3 screens, Ctrl/Cmd+, settings.
// (Escape closes dialogs natively; Ctrl/Cmd+Enter asks, handled by the question box.)
import { useEffect } from 'react';
import { chooseAndOpen } from '../../stores/documents-store.ts';
import { useUiStore, type Screen } from '../../stores/ui-store.ts';

const SCREEN_KEYS: Record<string, Screen> = {
  '1': 'library',
  '2': 'reader',
  '3': 'ask',
  ',': 'settings',
};

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.key.toLowerCase() === 'o') {
        e.preventDefault();
        void chooseAndOpen();
        return;
      }
      const screen = SCREEN_KEYS[e.key];
      if (screen) {
        e.preventDefault();
        useUiStore.getState().setScreen(screen);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
