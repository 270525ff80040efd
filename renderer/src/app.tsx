// The window: navigation, the current screen, and the pieces that float over every screen.
import { AskScreen } from './components/ask/ask-screen.tsx';
import { DropZone } from './components/library/drop-zone.tsx';
import { LibraryScreen } from './components/library/library-screen.tsx';
import { PasswordDialog } from './components/library/password-dialog.tsx';
import { RereadDialog } from './components/library/reread-dialog.tsx';
import { ReaderScreen } from './components/reader/reader-screen.tsx';
import { JobsScreen } from './components/jobs/jobs-screen.tsx';
import { ReviewsScreen } from './components/review/reviews-screen.tsx';
import { ChecklistsScreen } from './components/checklists/checklists-screen.tsx';
import { NewReviewScreen } from './components/review-setup/new-review-screen.tsx';
import { SettingsScreen } from './components/settings/settings-screen.tsx';
import { NavBar } from './components/nav/nav-bar.tsx';
import { useShortcuts } from './components/nav/use-shortcuts.ts';
import { LibraryNotice } from './components/common/library-notice.tsx';
import { UndoToasts } from './components/common/undo-toasts.tsx';
import { ImportNotice } from './components/common/import-notice.tsx';
import { KeyboardOverlays } from './components/nav/keyboard-overlays.tsx';
import { useUiStore } from './stores/ui-store.ts';
import { FirstStart } from './components/models/first-start.tsx';

export function App() {
  const screen = useUiStore((s) => s.screen);
  useShortcuts();
  return (
    <div className="app">
      <NavBar />
      <main className="main" id="main">
        <LibraryNotice />
        {screen === 'library' ? <FirstStart /> : null}
        {screen === 'library' ? <LibraryScreen /> : null}
        {screen === 'reader' ? <ReaderScreen /> : null}
        {screen === 'ask' ? <AskScreen /> : null}
        {screen === 'jobs' ? <JobsScreen /> : null}
        {screen === 'reviews' ? <ReviewsScreen /> : null}
        {screen === 'checklists' ? <ChecklistsScreen /> : null}
        {screen === 'new-review' ? <NewReviewScreen /> : null}
        {screen === 'settings' ? <SettingsScreen /> : null}
      </main>
      <PasswordDialog />
      <RereadDialog />
      <DropZone />
      <UndoToasts />
      <ImportNotice />
      <KeyboardOverlays />
    </div>
  );
}
