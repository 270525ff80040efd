import { describe, expect, it } from 'vitest';
import { useKeyboardStore } from './keyboard-store.ts';
import { onMenuCommand } from './menu-commands.ts';

describe('onMenuCommand', () => {
  it('opens the shortcut sheet for Help > Keyboard Shortcuts, and again when already open', () => {
    useKeyboardStore.setState({ sheetOpen: false });
    onMenuCommand({ command: 'shortcuts' });
    expect(useKeyboardStore.getState().sheetOpen).toBe(true);
    // The window's own Ctrl+/ handler may have opened it first: the menu does not close it.
    onMenuCommand({ command: 'shortcuts' });
    expect(useKeyboardStore.getState().sheetOpen).toBe(true);
  });
});
