// The top bar: one button per screen, the current document's name.
import { useDocumentsStore } from '../../stores/documents-store.ts';
import { useUiStore, type Screen } from '../../stores/ui-store.ts';
import { OutsideText } from '../common/outside-text.tsx';
import { ReadingIndicator } from './reading-indicator.tsx';
import { showShortcutSheet } from '../../stores/keyboard-store.ts';

const SCREENS: { id: Screen; label: string; key: string }[] = [
  { id: 'library', label: 'Library', key: '1' },
  { id: 'reader', label: 'Reader', key: '2' },
  { id: 'ask', label: 'Ask', key: '3' },
  { id: 'jobs', label: 'Jobs', key: '4' },
  { id: 'reviews', label: 'Reviews', key: '5' },
  // reviews (setup): no shortcut yet (the Reviews screen's branch owns the shortcut table).
  { id: 'checklists', label: 'Checklists', key: '' },
  { id: 'settings', label: 'Settings', key: ',' },
];

export function NavBar() {
  const screen = useUiStore((s) => s.screen);
  const setScreen = useUiStore((s) => s.setScreen);
  const title = useDocumentsStore((s) => {
    const d = s.list.find((x) => x.id === s.currentId);
    return d ? d.title || d.fileName : null;
  });
  return (
    <header className="nav-bar">
      <span className="brand">MemAgent</span>
      <nav aria-label="Screens">
        {SCREENS.map((s) => (
          <button
            key={s.id}
            type="button"
            className="nav-tab"
            aria-current={
              screen === s.id || (s.id === 'checklists' && screen === 'new-review')
                ? 'page'
                : undefined
            }
            title={s.key === '' ? s.label : `${s.label} (Ctrl+${s.key})`}
            onClick={() => setScreen(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <ReadingIndicator />
      <span className="nav-doc muted" aria-label="Current document">
        {title === null ? 'No document open' : <OutsideText text={title} />}
      </span>
      <button
        type="button"
        className="nav-help"
        title="Keyboard shortcuts (Ctrl+/)"
        onClick={() => showShortcutSheet(true)}
      >
        Keyboard shortcuts
      </button>
    </header>
  );
}
