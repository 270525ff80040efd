// The shortcut sheet (Ctrl+/ or "Keyboard shortcuts"), listed from the table the handler uses.
import { showShortcutSheet, useKeyboardStore } from '../../stores/keyboard-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { SHORTCUTS, keysLabel, type Group } from './shortcut-table.ts';

const GROUPS: Group[] = ['Screens', 'Questions', 'Timeline', 'Reader', 'Review table', 'Help'];
const MAC = /Mac/.test(navigator.platform);

export function ShortcutSheet() {
  const open = useKeyboardStore((s) => s.sheetOpen);
  const close = () => showShortcutSheet(false);
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={close}>
      <div className="shortcut-groups">
        {GROUPS.map((group) => (
          <section key={group} aria-label={group}>
            <h3 className="small-heading">{group}</h3>
            <dl className="shortcut-list">
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <div key={s.label}>
                  <dt>
                    <kbd>{keysLabel(s, MAC)}</kbd>
                  </dt>
                  <dd>{s.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="dialog-buttons">
        <button type="button" className="primary" onClick={close}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
