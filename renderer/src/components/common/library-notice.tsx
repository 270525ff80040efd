// The one sentence main sends when the library file was damaged at start: where the old one is
// kept. Shown until dismissed; the next start has no notice.
import { useState } from 'react';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { OutsideText } from './outside-text.tsx';

export function LibraryNotice() {
  const notice = useSettingsStore((s) => s.settings.libraryNotice);
  const [dismissed, setDismissed] = useState(false);
  if (!notice || dismissed) return null;
  return (
    <div className="error-banner library-notice" role="alert">
      <div>
        <strong>The library was damaged and a new one was started.</strong>
        {/* The sentence names a path of the user's: shown as text. */}
        <p>
          <OutsideText text={notice} />
        </p>
      </div>
      <button type="button" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
