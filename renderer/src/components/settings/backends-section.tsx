// Settings › Backends: the saved backends (their cards) and the form that adds or edits one.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BackendProfile } from '../../../../shared/model.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { ProfileCard } from './profile-card.tsx';
import { ProfileForm } from './profile-form.tsx';

/** Scrolls backend `profileId`'s card into view (else the top of Backends). */
function showCard(profileId: string | undefined): void {
  const card =
    profileId === undefined
      ? null
      : document.querySelector(`[data-profile="${CSS.escape(profileId)}"]`);
  (card ?? document.getElementById('backends-heading'))?.scrollIntoView({ block: 'nearest' });
}

export function BackendsSection() {
  const { profiles, activeProfileId } = useSettingsStore(
    useShallow((s) => ({
      profiles: s.settings.profiles,
      activeProfileId: s.settings.activeProfileId,
    })),
  );
  const [editing, setEditing] = useState<BackendProfile | 'new' | null>(() => {
    // The first-start screen's "connect a server" opens the form at once.
    const asked = useUiStore.getState().newBackendForm;
    if (asked) useUiStore.setState({ newBackendForm: false });
    return profiles.length === 0 || asked ? 'new' : null;
  });
  return (
    <section aria-labelledby="backends-heading">
      <div className="toolbar">
        <h2 id="backends-heading">Model backends</h2>
        <button type="button" onClick={() => setEditing('new')}>
          Add backend
        </button>
      </div>
      {profiles.length === 0 ? (
        <p className="muted">
          No backend yet. Add one: the built-in model on this computer, a server or a cloud API.
        </p>
      ) : null}
      <ul className="profiles">
        {profiles.map((p) => (
          <ProfileCard
            key={p.id}
            profile={p}
            active={p.id === activeProfileId}
            onEdit={() => setEditing(p)}
          />
        ))}
      </ul>
      {editing ? (
        <ProfileForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          onDone={(profileId) => {
            setEditing(null);
            // The long form closing would leave the window on the parts below: show the card.
            requestAnimationFrame(() => showCard(profileId));
          }}
        />
      ) : null}
    </section>
  );
}
